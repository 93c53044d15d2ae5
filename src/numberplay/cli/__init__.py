"""The `numberplay` command line (Typer). Built from the kind registry."""

from __future__ import annotations

import typer

from ..kinds import all_kinds
from . import batch_cmd, book_cmd, meta, puzzles, serve_cmd, store_cmd
from .common import OneLineErrors

HELP = (
    "Solve, explain, check and generate digit-constraint puzzles: {kinds}."
    "\n\nStart with 'numberplay kinds', 'numberplay examples' and "
    "'numberplay solve KIND --example NAME'. Every command has --help."
)

# Modules whose register(app) adds commands; each takes the app and adds its own.
COMMAND_MODULES = [puzzles, meta, batch_cmd, store_cmd, book_cmd, serve_cmd]


def build_app() -> typer.Typer:
    """A fresh Typer app with a subcommand for every kind registered now."""
    titles = ", ".join(impl.title or impl.name for impl in all_kinds()) or "no kinds installed"
    app = typer.Typer(name="numberplay", help=HELP.format(kinds=titles), no_args_is_help=True, cls=OneLineErrors,
                      add_completion=False, rich_markup_mode="rich",
                      context_settings={"help_option_names": ["-h", "--help"]})
    for module in COMMAND_MODULES:
        module.register(app)
    return app


app = build_app()


def main() -> None:
    """Entry point of the `numberplay` console script."""
    app()
