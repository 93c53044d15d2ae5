"""`numberplay kinds` and `numberplay examples`: what the tool knows."""

from __future__ import annotations

from ..services.catalog import examples_json, kinds_json
from .common import ShowFormat, echo, guard, json_flag, print_json, show_format
from .params import Command, argument


def _kinds(fmt: ShowFormat, json_out: bool) -> None:
    rows = kinds_json()
    if json_out or fmt is ShowFormat.json:
        print_json(rows)
        return
    for row in rows:
        alias = f" (also: {', '.join(row['aliases'])})" if row["aliases"] else ""
        echo(f"{row['name']}{alias}: {row['summary'] or row['title']}")
        if row["difficulties"]:
            echo(f"    difficulties: {', '.join(row['difficulties'])}")
        if row["sizes"]:
            echo("    difficulties by size:")
        for sizes in row["sizes"]:
            echo(f"      {sizes['sizes']}: {', '.join(sizes['difficulties'])}")
        if row["options"]:
            echo(f"    options: {' '.join(row['options'])}")


def _examples(kind: str | None, name: str | None, fmt: ShowFormat, json_out: bool) -> None:
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


kinds = Command("kinds", callback=_kinds, params=[show_format(), json_flag()],
                help="List the puzzle kinds, their difficulties and their own options.")

examples = Command("examples", callback=_examples, params=[
    argument("kind", help="Only this kind's examples."),
    argument("name", help="Print this example's text."),
    show_format(), json_flag()],
    help="List the bundled example puzzles, or print one.\n\n"
         "Solve one with: numberplay solve KIND --example NAME")
