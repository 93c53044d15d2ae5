"""The `numberplay` command line (Typer). Built from the kind registry.

`app` (every command, every kind) is built on first use. `main` builds only what
a `numberplay COMMAND KIND ...` line needs when KIND is a built-in kind's name
and no plug-in is installed: the other kinds and commands are then not imported,
which takes a good part of the start-up time; any other line gets the whole app.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer

from ..kinds import all_kinds, get_kind
from ..registry import sources
from .common import OneLineErrors

if TYPE_CHECKING:
    from ..kinds import Kind

HELP = (
    "Solve, explain, check and generate digit-constraint puzzles: {kinds}."
    "\n\nStart with 'numberplay kinds', 'numberplay examples' and "
    "'numberplay solve KIND --example NAME'. Every command has --help."
)


def _command_modules() -> list[Any]:
    """Modules whose register(app) adds commands; each takes the app and adds its own."""
    from . import batch_cmd, book_cmd, meta, puzzles, serve_cmd, store_cmd
    return [puzzles, meta, batch_cmd, store_cmd, book_cmd, serve_cmd]


def _typer(titles: str) -> typer.Typer:
    """The top-level Typer app, without commands."""
    return typer.Typer(name="numberplay", help=HELP.format(kinds=titles), no_args_is_help=True,
                       cls=OneLineErrors, add_completion=False, rich_markup_mode="rich",
                       context_settings={"help_option_names": ["-h", "--help"]})


def build_app() -> typer.Typer:
    """A fresh Typer app with a subcommand for every kind registered now."""
    titles = ", ".join(impl.title or impl.name for impl in all_kinds()) or "no kinds installed"
    app = _typer(titles)
    for module in _command_modules():
        module.register(app)
    return app


def _one_kind(argv: list[str]) -> Kind | None:
    """The kind of a `COMMAND KIND ...` line when only it need be loaded: KIND is a
    built-in kind's own name and no plug-in is installed (whose warnings the whole
    app gives); None otherwise."""
    from .puzzles import COMMANDS
    if len(argv) < 2 or argv[0] not in COMMANDS:
        return None
    found = sources()
    source = found.get(argv[1])
    if source is None or not all(s.builtin for s in found.values()):
        return None
    try:
        return get_kind(argv[1])
    except Exception:  # noqa: BLE001 - the whole app says what is wrong
        return None


def build_one(command: str, impl: Kind) -> typer.Typer:
    """An app holding only `command impl.name` (the same subcommand as build_app's)."""
    from . import puzzles
    app = _typer(impl.title or impl.name)
    puzzles.register(app, [impl], only=command)
    return app


def __getattr__(name: str) -> Any:
    """`app`: the whole app, built on first use."""
    if name == "app":
        built = build_app()
        globals()["app"] = built
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Entry point of the `numberplay` console script."""
    impl = _one_kind(sys.argv[1:])
    if impl is not None:
        build_one(sys.argv[1], impl)()
        return
    __getattr__("app")()
