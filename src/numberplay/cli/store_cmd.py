"""`numberplay store stats|list|export`: the SQLite store of generated puzzles."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TextIO

import typer

from ..errors import NumberplayError
from ..services.store import PuzzleStore
from .common import ShowFormat, echo, guard, json_flag, print_json, show_format
from .html_out import store_page

DEFAULT_DB = Path("puzzles.db")


class ExportFormat(StrEnum):
    """Export formats."""

    jsonl = "jsonl"
    markdown = "markdown"
    html = "html"


def register(app: typer.Typer) -> None:
    """Add the `store` command group."""
    sub = typer.Typer(help="The puzzle store: what 'generate --store' and 'batch --store' kept.",
                      no_args_is_help=True, rich_markup_mode="rich")
    sub.command("stats")(stats)
    sub.command("list")(list_puzzles)
    sub.command("export")(export)
    app.add_typer(sub, name="store")


def _db() -> Path:
    return typer.Option(DEFAULT_DB, "--db", metavar="DB", help="The SQLite store file.")


def _kind() -> str | None:
    return typer.Option(None, "--kind", "-k", help="Only this kind.")


def _size() -> str | None:
    return typer.Option(None, "--size", "-s", help="Only this size (as 'generate --size').")


def _difficulty() -> str | None:
    return typer.Option(None, "--difficulty", "-d", help="Only this difficulty.")


def stats(db: Path = _db(), fmt: ShowFormat = show_format(),
          json_out: bool = json_flag()) -> None:
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


def list_puzzles(db: Path = _db(), kind: str | None = _kind(), size: str | None = _size(),
                 difficulty: str | None = _difficulty(),
                 limit: int | None = typer.Option(None, "--limit", "-n", min=1,
                                                  help="Show at most N puzzles."),
                 fmt: ShowFormat = show_format(), json_out: bool = json_flag()) -> None:
    """The stored puzzles (oldest first): id, kind, size, difficulty, date, puzzle."""
    with guard(), PuzzleStore(db, create=False) as store:
        for stored in store.iter(kind=kind, size=size, difficulty=difficulty, limit=limit):
            if json_out or fmt is ShowFormat.json:
                print_json(stored.to_json())
                continue
            text = " / ".join(line.strip() for line in stored.text.splitlines() if line.strip())
            echo(f"{stored.id:>6}  {stored.kind:<12} {stored.size or '-':<8} "
                 f"{stored.difficulty or '-':<10} {stored.created[:10]}  {text[:80]}")


def export(db: Path = _db(), kind: str | None = _kind(), size: str | None = _size(),
           difficulty: str | None = _difficulty(),
           fmt: ExportFormat = typer.Option(ExportFormat.jsonl, "--format", "-f",
                                            help="jsonl, or markdown / html: puzzles, then "
                                                 "answers after a page break."),
           solution: bool = typer.Option(True, "--solution/--no-solution",
                                         help="Include the answers (every format)."),
           output: Path | None = typer.Option(None, "--output", "-o", metavar="FILE",
                                              help="Write here instead of standard output.")
           ) -> None:
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
        typer.echo(f"exported {n} puzzle(s) to {output}", err=True)


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
            raise NumberplayError(f"cannot write {path}: {exc.strerror or exc}") from None
        with handle:
            yield handle
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
