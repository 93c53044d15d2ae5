"""`numberplay book`: a print-ready PDF (or one SVG per puzzle) of puzzles of any kinds."""

from __future__ import annotations

import random
from enum import StrEnum
from pathlib import Path

import typer

from .. import book as B
from ..errors import NumberplayError, PuzzleError
from ..kinds import all_kinds
from .common import EXIT_OK, err, guard, read_input
from .progress import progress_iter

HELP = """Make a puzzle book: a title page, the numbered puzzles, then the answers.

The puzzles come from generation (KIND..., with --count and --seed), from the
store (--db), or from a file (--input: numberplay JSON of any kinds, such as
'generate --format json' or 'store export' lines, or a kind's own text with
KIND). Several kinds go in one book: give several KINDs, each optionally
KIND:SIZE:DIFFICULTY.

Examples (with the kinds installed here):

{examples}
"""


def _examples() -> str:
    """Example command lines for the help, made with the installed kinds."""
    specs = []
    for impl in all_kinds()[:3]:
        parts = [impl.name, impl.default_size or "", impl.default_difficulty or ""]
        specs.append(":".join(parts).rstrip(":"))
    if not specs:
        return "    (no kinds are installed)"
    first, last = specs[0], specs[-1].partition(":")[0]
    lines = [f"numberplay book {first} --count 8 --seed 1 -o book.pdf",
             f"numberplay book {' '.join(specs)} --count 4 -o mixed.pdf",
             f"numberplay book --db puzzles.db --kind {last} --per-page 2 -o stored.pdf",
             f"numberplay book {last} --count 6 --seed 3 --format svg -o drawings/"]
    return "\n\n".join("    " + line for line in lines)


class BookFormat(StrEnum):
    """Output formats of `book`."""

    pdf = "pdf"
    svg = "svg"


class Paper(StrEnum):
    """Paper sizes."""

    a4 = "a4"
    letter = "letter"


def register(app: typer.Typer) -> None:
    """Add the `book` command."""
    app.command("book", help=HELP.format(examples=_examples()))(book)


def book(
    kinds: list[str] | None = typer.Argument(
        None, metavar="KIND[:SIZE[:DIFFICULTY]]",
        help="Generate puzzles of these kinds (each with its own size and difficulty)."),
    size: str | None = typer.Option(None, "--size", "-s",
                                    help="Puzzle size (generation; a filter with --db)."),
    difficulty: str | None = typer.Option(None, "--difficulty", "-d",
                                          help="Difficulty (generation; a filter with --db)."),
    count: int | None = typer.Option(None, "--count", "-n", min=1, max=10_000,
                                     help="Puzzles of each kind to generate (default 4); "
                                          "with --db, at most this many."),
    seed: str | None = typer.Option(None, "--seed", help="Random seed for generation."),
    db: Path | None = typer.Option(None, "--db", metavar="DB",
                                   help="Take the puzzles from this store."),
    kind_filter: str | None = typer.Option(None, "--kind", "-k",
                                           help="With --db: only this kind."),
    source: str | None = typer.Option(None, "--input", "-i", metavar="FILE",
                                      help="Take the puzzles from this file ('-' = stdin)."),
    per_page: int = typer.Option(4, "--per-page", help="Puzzles per page: 1, 2, 4 or 6."),
    paper: Paper = typer.Option(Paper.a4, "--paper", case_sensitive=False,
                                help="Paper size."),
    title: str = typer.Option("Puzzles", "--title", help="The title on the first page."),
    answers: bool = typer.Option(True, "--answers/--no-answers",
                                 help="Print the answers at the end."),
    fmt: BookFormat = typer.Option(BookFormat.pdf, "--format", "-f", case_sensitive=False,
                                   help="pdf: the book; svg: one drawing per puzzle "
                                        "(and answer) in the -o folder."),
    output: Path = typer.Option(Path("book.pdf"), "--output", "-o", metavar="PATH",
                                help="The PDF file (a folder with --format svg)."),
    timeout: float | None = typer.Option(300.0, "--timeout", min=0.0,
                                         help="Seconds allowed per puzzle to generate or "
                                              "solve."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Make a puzzle book."""
    with guard():
        options = B.BookOptions(title=title, per_page=per_page, paper=paper.value,
                                answers=answers)
        options.check()
        entries = _entries(kinds or [], size, difficulty, count, seed, db, kind_filter,
                           source, timeout, quiet)
        if fmt is BookFormat.svg:
            if output == Path("book.pdf"):
                output = Path("book-svg")
            files = B.write_svgs(entries, output, answers)
            err.print(f"[dim]wrote {len(files)} file(s) to {output}[/]")
            raise typer.Exit(EXIT_OK)
        pdf = B.build_pdf(entries, options)
        try:
            output.write_bytes(pdf)
        except OSError as exc:
            raise NumberplayError(f"cannot write {output}: {exc.strerror or exc}") from None
        err.print(f"[dim]{len(entries)} puzzle(s), {B.book_pages(entries, options)} "
                  f"pages: {output}[/]")
    raise typer.Exit(EXIT_OK)


def _entries(kinds: list[str], size: str | None, difficulty: str | None, count: int | None,
             seed: str | None, db: Path | None, kind_filter: str | None,
             source: str | None, timeout: float | None, quiet: bool) -> list[B.Entry]:
    """The puzzles from exactly one of: generation, the store, a file."""
    chosen = sum([db is not None, source is not None])
    if chosen > 1:
        raise PuzzleError("give either --db or --input, not both")
    if db is not None:
        if kinds:
            raise PuzzleError("with --db, choose kinds with --kind, not as arguments")
        entries = B.store_entries(db, kind=kind_filter, size=size, difficulty=difficulty,
                                  limit=count)
        if not entries:
            raise PuzzleError(f"no stored puzzle in {db} matches the filters")
        return entries
    if source is not None:
        if len(kinds) > 1:
            raise PuzzleError("with --input, give at most one KIND (the file's kind)")
        text = _read(kinds[0] if kinds else None, source)
        return B.text_entries(text, kinds[0] if kinds else None, seconds=timeout)
    if not kinds:
        raise PuzzleError("say which puzzles: KIND... to generate, --db DB, or --input FILE")
    if seed is None:
        seed = str(random.SystemRandom().randrange(10**9))
        err.print(f"[dim]seed {seed} (pass --seed {seed} to get this book again)[/]")

    def progress(items, total, label):
        return progress_iter(items, total=total, label=label, enabled=not quiet and total > 1)

    return B.generated_entries(kinds, count=count or 4, seed=seed, size=size,
                               difficulty=difficulty, seconds=timeout, progress=progress)


def _read(kind: str | None, source: str) -> str:
    """The text of --input (a file or '-')."""
    from ..kinds import get_kind
    if kind is not None:
        text = read_input(get_kind(kind), source, None)
    elif source == "-":
        import sys
        text = sys.stdin.read()
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PuzzleError(f"cannot read {source}: {exc}") from None
    if not text or not text.strip():
        raise PuzzleError(f"{source}: no puzzles in it")
    return text
