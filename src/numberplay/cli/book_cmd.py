"""`numberplay book`: a print-ready PDF (or one SVG per puzzle) of puzzles of any kinds."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import click

from .. import book as B
from ..errors import PuzzleError
from ..kinds import all_kinds
from ..services.operations import CLI, SPEC, checked
from .common import EXIT_OK, guard, read_input, say
from .params import PATH, Command, argument, option
from .progress import progress_iter
from .puzzles import field_option

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
    # ("\b": click prints the lines of this paragraph as they are)
    return "\b\n" + "\n".join("    " + line for line in lines)


# The generation fields `book` shares with `generate` (operations.FIELDS).
GENERATE = SPEC["generate"]


class BookFormat(StrEnum):
    """Output formats of `book`."""

    pdf = "pdf"
    svg = "svg"


class Paper(StrEnum):
    """Paper sizes."""

    a4 = "a4"
    letter = "letter"


class BookCommand(Command):
    """`book`: its help's examples name the installed kinds (loaded for --help only)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.help is None:
            self.help = HELP.format(examples=_examples())
        super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return HELP.partition("\n")[0]


def _book(kinds: tuple[str, ...], size: str | None, difficulty: str | None, count: int | None,
          seed: str | None, db: Path | None, kind_filter: str | None, source: str | None,
          per_page: int, paper: Paper, title: str, answers: bool, fmt: BookFormat,
          output: Path, timeout: float | None, quiet: bool) -> None:
    """Make a puzzle book."""
    with guard():
        for name, value in (("count", count), ("seed", seed), ("timeout", timeout)):
            checked(GENERATE[name], value, CLI)     # as generate checks them
        options = B.BookOptions(title=title, per_page=per_page, paper=paper.value,
                                answers=answers)
        options.check()
        entries = _entries(list(kinds), size, difficulty, count, seed, db, kind_filter,
                           source, timeout, quiet)
        if fmt is BookFormat.svg:
            if output == Path("book.pdf"):
                output = Path("book-svg")
            files = B.write_svgs(entries, output, answers)
            say(f"wrote {len(files)} file(s) to {output}", "dim")
            raise click.exceptions.Exit(EXIT_OK)
        B.write_file(output, B.build_pdf(entries, options))
        say(f"{len(entries)} puzzle(s), {B.book_pages(entries, options)} pages: {output}", "dim")
    raise click.exceptions.Exit(EXIT_OK)


book = BookCommand("book", callback=_book, params=[
    argument("kinds", metavar="[KIND[:SIZE[:DIFFICULTY]]]...", nargs=-1,
             help="Generate puzzles of these kinds (each with its own size and difficulty)."),
    field_option(GENERATE["size"], help="Puzzle size (generation; a filter with --db)."),
    field_option(GENERATE["difficulty"], help="Difficulty (generation; a filter with --db)."),
    field_option(GENERATE["count"], help="Puzzles of each kind to generate (default 4); with "
                 "--db, at most this many."),
    field_option(GENERATE["seed"], help="Random seed for generation."),
    option("--db", name="db", vtype=PATH, metavar="DB", help="Take the puzzles from this store."),
    option("--kind", "-k", name="kind_filter", help="With --db: only this kind."),
    option("--input", "-i", name="source", metavar="FILE",
           help="Take the puzzles from this file ('-' = stdin)."),
    option("--per-page", name="per_page", default=4, vtype=int,
           help="Puzzles per page: 1, 2, 4 or 6."),
    option("--paper", name="paper", default=Paper.a4, vtype=Paper, help="Paper size."),
    option("--title", name="title", default="Puzzles", help="The title on the first page."),
    option("--answers/--no-answers", name="answers", default=True, vtype=bool,
           help="Print the answers at the end."),
    option("--format", "-f", name="fmt", default=BookFormat.pdf, vtype=BookFormat,
           help="pdf: the book; svg: one drawing per puzzle (and answer) in the -o folder."),
    option("--output", "-o", name="output", default=Path("book.pdf"), vtype=PATH,
           metavar="PATH", help="The PDF file (a folder with --format svg)."),
    field_option(GENERATE["timeout"], default=CLI.generate_seconds,
                 help="Seconds allowed per puzzle to generate or solve."),
    option("--quiet", "-q", name="quiet", default=False, vtype=bool, help="No progress bar."),
])


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
        from ..services.generation import fresh_seed
        seed = fresh_seed()
        say(f"seed {seed} (pass --seed {seed} to get this book again)", "dim")

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
