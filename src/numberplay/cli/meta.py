"""`numberplay kinds` and `numberplay examples`: what the tool knows."""

from __future__ import annotations

import typer

from ..kinds import all_kinds, get_kind
from ..services.examples import get_example, list_examples
from .common import echo, guard, print_json


def register(app: typer.Typer) -> None:
    """Add the `kinds` and `examples` commands."""
    app.command("kinds")(kinds)
    app.command("examples")(examples)


def kinds(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the puzzle kinds, their difficulties and their own options."""
    rows = []
    for impl in all_kinds():
        rows.append({
            "name": impl.name, "aliases": list(impl.aliases), "title": impl.title,
            "summary": impl.summary, "difficulties": list(impl.difficulties),
            "options": [o.cli_flag for o in impl.options],
        })
    if json_out:
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
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List the bundled example puzzles, or print one.

    Solve one with: numberplay solve KIND --example NAME
    """
    with guard():
        if kind and name:
            example = get_example(get_kind(kind).name, name)
            if json_out:
                print_json({"kind": example.kind, "name": example.name, "text": example.text})
            else:
                echo(example.text.rstrip("\n"))
            return
        found = list_examples(kind)
        if json_out:
            print_json([{"kind": e.kind, "name": e.name, "description": e.description}
                        for e in found])
            return
        for e in found:
            echo(f"{e.kind:<14} {e.name:<22} {e.description}")
        if not found:
            echo("no examples")
