"""`numberplay kinds` and `numberplay examples`: what the tool knows."""

from __future__ import annotations

import typer

from ..services.catalog import examples_json, kinds_json
from .common import ShowFormat, echo, guard, json_flag, print_json, show_format


def register(app: typer.Typer) -> None:
    """Add the `kinds` and `examples` commands."""
    app.command("kinds")(kinds)
    app.command("examples")(examples)


def kinds(fmt: ShowFormat = show_format(), json_out: bool = json_flag()) -> None:
    """List the puzzle kinds, their difficulties and their own options."""
    rows = kinds_json()
    if json_out or fmt is ShowFormat.json:
        print_json(rows)
        return
    for row in rows:
        alias = f" (also: {', '.join(row['aliases'])})" if row["aliases"] else ""
        echo(f"{row['name']}{alias}: {row['summary'] or row['title']}")
        if row["difficulties"]:
            echo(f"    difficulties: {', '.join(row['difficulties'])}")
        if row["options"]:
            echo(f"    options: {' '.join(row['options'])}")


def examples(
    kind: str | None = typer.Argument(None, help="Only this kind's examples."),
    name: str | None = typer.Argument(None, help="Print this example's text."),
    fmt: ShowFormat = show_format(),
    json_out: bool = json_flag(),
) -> None:
    """List the bundled example puzzles, or print one.

    Solve one with: numberplay solve KIND --example NAME
    """
    with guard():
        data = examples_json(kind, name)
        if json_out or fmt is ShowFormat.json:
            print_json(data)
        elif isinstance(data, dict):
            echo(data["text"].rstrip("\n"))
        else:
            for e in data:
                echo(f"{e['kind']:<14} {e['name']:<22} {e['description']}")
            if not data:
                echo("no examples")
