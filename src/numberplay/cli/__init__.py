"""The `numberplay` command line (click), built from the kind registry.

Start-up is a design property here: every command is imported when it is
called (or listed by --help or shell completion), and the puzzle commands
(`solve KIND`, `generate KIND`, ...) build the subcommand of the one kind
named, which imports that kind alone (a built-in kind without reading any
package's metadata, see `registry`). `numberplay solve KIND ...` thus loads
click, the kind and the solve handler, and nothing of the other commands, the
other kinds, rich, the web or the batch engine. `tests/test_startup.py` keeps
the list.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from .common import OneLineErrors

HELP = (
    "Solve, explain, check and generate digit-constraint puzzles: {kinds}."
    "\n\nStart with 'numberplay kinds', 'numberplay examples' and "
    "'numberplay solve KIND --example NAME'. Every command has --help."
)

# The commands, in the order --help lists them: name -> (module, attribute) of
# the click command, or of a function of the name making it.
COMMANDS: dict[str, tuple[str, str]] = {
    "kinds": ("meta", "kinds"),
    "examples": ("meta", "examples"),
    "batch": ("batch_cmd", "batch"),
    "book": ("book_cmd", "book"),
    "serve": ("serve_cmd", "serve"),
    **{name: ("puzzles", "group") for name in ("solve", "check", "explain", "hint",
                                               "generate")},
    "store": ("store_cmd", "store"),
}


def version() -> str:
    """The version string (numberplay's own, no package metadata read)."""
    from .. import __version__
    return __version__


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"numberplay {version()}")
        ctx.exit(0)


class Root(OneLineErrors):
    """The top group: its commands imported when called, listed or completed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        if cmd_name not in self.commands:
            module, attr = where
            found = getattr(__import__(module, globals(), None, [attr], 1), attr)
            self.commands[cmd_name] = found if isinstance(found, click.Command) \
                else found(cmd_name)
        return self.commands[cmd_name]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.help is None:   # the kinds' titles: only --help loads every kind
            from ..kinds import all_kinds
            titles = ", ".join(impl.title or impl.name for impl in all_kinds())
            self.help = HELP.format(kinds=titles or "no kinds installed")
        super().format_help_text(ctx, formatter)


def build_app() -> click.Group:
    """A fresh command line (its commands made on first use, for the kinds
    registered then)."""
    from ..errors import exit_codes_help
    return Root("numberplay", no_args_is_help=True, epilog=exit_codes_help(), params=[click.Option(
        ["--version", "-V"], is_flag=True, expose_value=False, is_eager=True,
        callback=_print_version, help="Print the version and exit.")])


def __getattr__(name: str) -> Any:
    """`app`: the command line, built on first use."""
    if name == "app":
        built = build_app()
        globals()["app"] = built
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Entry point of the `numberplay` console script."""
    build_app().main(sys.argv[1:])
