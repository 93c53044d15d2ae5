"""`numberplay store stats|list|export`: the SQLite store of generated puzzles."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TextIO

import click

from ..errors import OutputError
from ..services.store import PuzzleStore
from .common import ShowFormat, echo, guard, json_flag, print_json, show_format
from .html_out import store_page
from .params import PATH, Command, Group, option

DEFAULT_DB = Path("puzzles.db")


class ExportFormat(StrEnum):
    """Export formats."""

    jsonl = "jsonl"
    markdown = "markdown"
    html = "html"


def _db() -> click.Parameter:
    return option("--db", name="db", default=DEFAULT_DB, vtype=PATH, metavar="DB",
                  help="The SQLite store file.")


def _filters() -> list[click.Parameter]:
    """--kind, --size, --difficulty."""
    return [option("--kind", "-k", name="kind", help="Only this kind."),
            option("--size", "-s", name="size", help="Only this size (as 'generate --size')."),
            option("--difficulty", "-d", name="difficulty", help="Only this difficulty.")]


def stats(db: Path, fmt: ShowFormat, json_out: bool) -> None:
    """How many puzzles the store holds, by kind, size and difficulty."""
    with guard(), PuzzleStore(db, create=False) as store:
        data = store.stats()
        if json_out or fmt is ShowFormat.json:
            print_json(data)
            return
        echo(f"{data['total']} puzzle(s) in {db}")
        for group in data["groups"]:
            echo(f"  {group['kind']:<14} size {group['size'] or '-':<8} "
                 f"{group['difficulty'] or '-':<10} {group['count']:>7}")


def list_puzzles(db: Path, kind: str | None, size: str | None, difficulty: str | None,
                 limit: int | None, fmt: ShowFormat, json_out: bool) -> None:
    """The stored puzzles (oldest first): id, kind, size, difficulty, date, puzzle."""
    with guard(), PuzzleStore(db, create=False) as store:
        for stored in store.iter(kind=kind, size=size, difficulty=difficulty, limit=limit):
            if json_out or fmt is ShowFormat.json:
                print_json(stored.to_json())
                continue
            text = " / ".join(line.strip() for line in stored.text.splitlines() if line.strip())
            echo(f"{stored.id:>6}  {stored.kind:<12} {stored.size or '-':<8} "
                 f"{stored.difficulty or '-':<10} {stored.created[:10]}  {text[:80]}")


def export(db: Path, kind: str | None, size: str | None, difficulty: str | None,
           fmt: ExportFormat, solution: bool, output: Path | None) -> None:
    """Export the stored puzzles as JSON lines, or as Markdown ready to print."""
    with guard(), PuzzleStore(db, create=False) as store, _open(output) as out:
        if fmt is ExportFormat.markdown:
            n = store.export_markdown(out, answers=solution, kind=kind, size=size,
                                      difficulty=difficulty)
        elif fmt is ExportFormat.html:
            rows = store.list(kind=kind, size=size, difficulty=difficulty)
            out.write(store_page(rows, solution))
            n = len(rows)
        else:
            n = store.export_jsonl(out, answers=solution, kind=kind, size=size,
                                   difficulty=difficulty)
    if output is not None:
        click.echo(f"exported {n} puzzle(s) to {output}", err=True)


def store(name: str = "store") -> click.Group:
    """The `store` command group."""
    sub = Group(name, no_args_is_help=True,
                help="The puzzle store: what 'generate --store' and 'batch --store' kept.")
    sub.add_command(Command("stats", callback=stats, help=stats.__doc__,
                            params=[_db(), show_format(), json_flag()]))
    sub.add_command(Command("list", callback=list_puzzles, help=list_puzzles.__doc__, params=[
        _db(), *_filters(),
        option("--limit", "-n", name="limit", vtype=int, low=1, help="Show at most N puzzles."),
        show_format(), json_flag()]))
    sub.add_command(Command("export", callback=export, help=export.__doc__, params=[
        _db(), *_filters(),
        option("--format", "-f", name="fmt", default=ExportFormat.jsonl, vtype=ExportFormat,
               help="jsonl, or markdown / html: puzzles, then answers after a page break."),
        option("--solution/--no-solution", name="solution", default=True, vtype=bool,
               help="Include the answers (every format)."),
        option("--output", "-o", name="output", vtype=PATH, metavar="FILE",
               help="Write here instead of standard output.")]))
    return sub


@contextlib.contextmanager
def _open(path: Path | None) -> Iterator[TextIO]:
    """The output file (written whole, then renamed into place), or stdout."""
    if path is None:
        yield sys.stdout
        return
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        try:
            handle = tmp.open("w", encoding="utf-8")
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
        with handle:
            yield handle
        try:
            tmp.replace(path)
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
