"""Puzzle books: the kinds' SVG drawings laid out on pages and typeset as a PDF.

    entries = generated_entries(["KIND:SIZE:DIFFICULTY", "OTHER"], count=4, seed=1)
    pdf = build_pdf(entries, BookOptions(title="Holiday puzzles", per_page=4))

A book is a title page (with each kind's rules), the numbered puzzles
(`per_page` to a page, each headed by its number, kind, size and difficulty),
then the answers together at the end, smaller, twelve to a page. Layout is
computed here, to the millimetre, so the page count is known in advance; the
typesetting is done by Typst (the `typst` package, imported only when a PDF is
made). A front end: it knows no kind, only the kind interface.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .budget import Budget
from .drawing import svg_size as drawing_size
from .errors import NumberplayError, OutputError, PuzzleError
from .kinds import Kind, get_kind
from .model import Puzzle, Solution
from .services.envelopes import read_envelopes
from .services.generation import generate_one
from .services.search import search

INSTALL_HINT = "the book needs Typst: pip install 'numberplay[book]' (or: pip install typst)"

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}   # columns, rows
ANSWERS_GRID = (3, 4)                                     # twelve answers to a page
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 16.0, 16.0, 20.0
GUTTER = 8.0
HEADING = 10.0          # mm above each puzzle for its number, kind, size, difficulty
ANSWER_HEADING = 5.0
ANSWERS_TITLE = 12.0    # mm for "Answers" at the top of each answer page
MAX_SCALE = 0.34        # mm per SVG unit: a grid cell of the usual drawings is at most ~15 mm
ANSWER_MAX_SCALE = 0.2
WIDE = 3.0              # an answer wider than 3 times its height takes a whole row
SLACK = 3.0             # mm kept free at the foot of every page (paragraph spacing)


class BookError(NumberplayError):
    """The book cannot be made (no puzzles, no Typst, a puzzle without answer...)."""


@dataclass(frozen=True)
class Entry:
    """One puzzle of the book with its answer (None when none was found)."""

    impl: Kind
    puzzle: Puzzle
    solution: Solution | None
    difficulty: str = ""
    size: str = ""

    @property
    def label(self) -> str:
        """The heading: "TITLE · size SIZE · DIFFICULTY"."""
        parts = [self.impl.title or self.impl.name]
        if self.size:
            parts.append(f"size {self.size}")
        if self.difficulty:
            parts.append(self.difficulty)
        return " · ".join(parts)


@dataclass(frozen=True)
class BookOptions:
    """How the book looks."""

    title: str = "Puzzles"
    per_page: int = 4
    paper: str = "a4"
    answers: bool = True

    def check(self) -> None:
        """PuzzleError for options out of range."""
        if self.per_page not in PER_PAGE:
            raise PuzzleError(f"--per-page must be one of 1, 2, 4, 6, not {self.per_page}")
        if self.paper not in PAPERS:
            raise PuzzleError(f"--paper must be a4 or letter, not {self.paper!r}")


# --- where the puzzles come from ---------------------------------------------------


def _entry(impl: Kind, puzzle: Puzzle, solution: Solution | None, difficulty: str = "",
           size: str | None = None) -> Entry:
    if size is None:
        try:
            size = impl.size_of(puzzle)
        except NumberplayError:
            size = ""
    return Entry(impl, puzzle, solution, difficulty or "", size or "")


def parse_spec(spec: str, size: str | None = None,
               difficulty: str | None = None) -> tuple[Kind, str | None, str | None]:
    """`KIND[:SIZE[:DIFFICULTY]]` with defaults from --size and --difficulty."""
    name, _, rest = spec.partition(":")
    spec_size, _, spec_difficulty = rest.partition(":")
    return get_kind(name), spec_size or size, spec_difficulty or difficulty


def generated_entries(specs: Sequence[str], *, count: int, seed: str | int | None,
                      size: str | None = None, difficulty: str | None = None,
                      seconds: float | None = 300.0,
                      progress: Callable[[Iterable, int, str], Iterable] | None = None
                      ) -> list[Entry]:
    """`count` new puzzles of each spec (`KIND[:SIZE[:DIFFICULTY]]`), in order: the
    puzzles `generate KIND --seed S` makes (a kind named twice goes on counting)."""
    entries = []
    used: dict[str, int] = {}
    for spec in specs:
        impl, spec_size, spec_difficulty = parse_spec(spec, size, difficulty)
        start = used.get(impl.name, 0)
        used[impl.name] = start + count
        indices: Iterable[int] = range(start, start + count)
        if progress is not None:
            indices = progress(indices, count, f"generating {impl.name}")
        for i in indices:
            g = generate_one(impl.name, seed=seed, index=i, size=spec_size,
                             difficulty=spec_difficulty, budget=Budget(seconds=seconds))
            entries.append(_entry(impl, g.puzzle, g.solution, g.difficulty))
    return entries


def store_entries(db: str | Path, *, kind: str | None = None, size: str | None = None,
                  difficulty: str | None = None, limit: int | None = None) -> list[Entry]:
    """The stored puzzles matching the filters, oldest first."""
    from .services.store import PuzzleStore
    with PuzzleStore(db, create=False) as store:
        rows = store.list(kind=kind, size=size, difficulty=difficulty, limit=limit)
    out = []
    for row in rows:
        impl, puzzle, solution = row.objects()
        out.append(_entry(impl, puzzle, solution, row.difficulty, row.size or None))
    return out


def text_entries(text: str, kind: str | None = None, *,
                 seconds: float | None = 60.0) -> list[Entry]:
    """Puzzles from a text: numberplay JSON (any kinds, e.g. `generate --format json`,
    `store export` lines) or, with `kind`, the kind's own input format. Puzzles
    without a solution are solved (bounded by `seconds` each), and graded when the
    input gives no difficulty."""
    items = read_envelopes(text, kind)
    if items is not None:
        entries = [_entry(i.impl, i.puzzle, i.solution, i.difficulty) for i in items]
    elif kind is None:
        raise PuzzleError("give the kind of the puzzles in the file (numberplay book KIND "
                          "--input FILE), or a file of numberplay JSON")
    else:
        impl = get_kind(kind)
        entries = [_entry(impl, p, None) for p in impl.parse_all(text)]
    return [graded(solved(e, seconds), seconds) for e in entries]


def graded(entry: Entry, seconds: float | None = 60.0) -> Entry:
    """The entry with its difficulty: the kind's grade when the input had none
    (bounded by `seconds`; none when it runs out)."""
    if entry.difficulty:
        return entry
    try:
        difficulty = entry.impl.grade(entry.puzzle, Budget(seconds=seconds))
    except (NumberplayError, NotImplementedError):
        return entry
    return Entry(entry.impl, entry.puzzle, entry.solution, difficulty, entry.size)


def solved(entry: Entry, seconds: float | None = 60.0) -> Entry:
    """The entry with its answer: the first solution found within `seconds`."""
    if entry.solution is not None:
        return entry
    result = search(entry.puzzle, limit=1, keep=1, budget=Budget(seconds=seconds))
    if not result.solutions:
        why = "it has no solution" if result.complete else result.message
        raise BookError(f"no answer for the {entry.impl.name} puzzle "
                        f"{entry.impl.to_text(entry.puzzle).strip()[:60]!r}: {why}")
    return Entry(entry.impl, entry.puzzle, result.solutions[0], entry.difficulty, entry.size)


# --- layout ------------------------------------------------------------------------------


def page_count(n: int, options: BookOptions, spans: Sequence[int] | None = None) -> int:
    """Pages of a book of `n` puzzles: title, puzzle pages, answer pages; `spans`
    (see `answer_spans`) when some answers are wide, else twelve answers a page."""
    pages = 1 + math.ceil(n / options.per_page)
    if options.answers:
        pages += len(answer_pages(spans if spans is not None else [1] * n))
    return pages


def book_pages(entries: Sequence[Entry], options: BookOptions) -> int:
    """The number of pages `build_pdf(entries, options)` makes."""
    spans = answer_spans([a for _, a in drawings_of(entries, options.answers)])
    return page_count(len(entries), options, spans)


def answer_spans(answers: Sequence[str | None]) -> list[int]:
    """How many of the three answer columns each answer drawing takes: a wide one
    (a long formula, say) takes a whole row."""
    spans = []
    for svg in answers:
        if svg is None:
            spans.append(1)
            continue
        w, h = svg_size(svg)
        spans.append(ANSWERS_GRID[0] if w > WIDE * h else 1)
    return spans


def answer_pages(spans: Sequence[int]) -> list[list[list[int]]]:
    """The answers (indices) in rows of three columns, four rows a page, in order."""
    cols, rows_per_page = ANSWERS_GRID
    rows: list[list[int]] = []
    used = cols
    for i, span in enumerate(spans):
        if used + span > cols:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += span
    return [rows[k:k + rows_per_page] for k in range(0, len(rows), rows_per_page)]


def svg_size(svg: str) -> tuple[float, float]:
    """The width and height (SVG units) of a drawing made by a kind."""
    size = drawing_size(svg)
    if size is None:
        raise BookError("a drawing has no width and height")
    return size


def _fit(svg: str, width: float, height: float, max_scale: float) -> float:
    """The width in mm at which a drawing fits `width` x `height` mm."""
    w, h = svg_size(svg)
    scale = min(width / w, height / h, max_scale)
    return round(w * scale, 2)


def _s(text: str) -> str:
    """A Typst string literal."""
    clean = "".join(ch for ch in text if ch >= " " or ch == "\n")
    return '"' + clean.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _grid(cells: list[str], cols: int, rows: int, cell_w: float, cell_h: float,
          pad: bool = True) -> str:
    if pad:
        cells = cells + ["[]"] * (cols * rows - len(cells))
    return (f"#grid(columns: ({', '.join([f'{cell_w:.2f}mm'] * cols)}), "
            f"rows: ({', '.join([f'{cell_h:.2f}mm'] * rows)}), "
            f"column-gutter: {GUTTER}mm, row-gutter: {GUTTER}mm,\n  "
            + ",\n  ".join(cells) + ")\n")


def _answer_cell(i: int, entry: Entry, answer: str | None, span: int, width: float,
                 height: float) -> str:
    """One answer: its number and kind, then the solved drawing, small."""
    if answer is None:
        return f"[#text(size: 9pt)[{i + 1}. no answer found]]"
    fit = _fit(answer, width, height - ANSWER_HEADING, ANSWER_MAX_SCALE)
    cell = (f"stack(dir: ttb, box(height: {ANSWER_HEADING}mm)[#text(size: 9pt, "
            f"weight: \"bold\")[{i + 1}.] #text(size: 8pt, fill: rgb(\"#555555\"), "
            f"{_s(entry.impl.title or entry.impl.name)})], "
            f"box(width: 100%, height: {height - ANSWER_HEADING:.2f}mm, "
            f'align(center + top, image("a{i}.svg", width: {fit}mm))))')
    return f"grid.cell(colspan: {span}, {cell})" if span > 1 else cell


def typst_source(entries: Sequence[Entry], options: BookOptions,
                 drawings: Sequence[tuple[str, str | None]]) -> str:
    """The Typst document; `drawings[i]` = (puzzle SVG, answer SVG) of entry i, which
    the document reads as `p{i}.svg` and `a{i}.svg`."""
    paper_w, paper_h = PAPERS[options.paper]
    area_w = paper_w - 2 * MARGIN_X
    area_h = paper_h - MARGIN_TOP - MARGIN_BOTTOM - SLACK
    out = [
        f'#set page(paper: "{"us-letter" if options.paper == "letter" else "a4"}", '
        f"margin: (x: {MARGIN_X}mm, top: {MARGIN_TOP}mm, bottom: {MARGIN_BOTTOM}mm), "
        "footer: context { let n = counter(page).get().first(); "
        "if n > 1 { align(center, text(size: 9pt, str(n))) } })",
        '#set text(font: ("Libertinus Serif", "New Computer Modern"), size: 11pt, '
        'lang: "en")',
        "#set document(title: " + _s(options.title) + ")",
        "",
    ]
    out += _title_page(entries, options)
    cols, rows = PER_PAGE[options.per_page]
    cell_w = (area_w - (cols - 1) * GUTTER) / cols
    cell_h = (area_h - (rows - 1) * GUTTER) / rows
    image_h = cell_h - HEADING
    per = cols * rows
    for start in range(0, len(entries), per):
        cells = []
        for i in range(start, min(start + per, len(entries))):
            e = entries[i]
            width = _fit(drawings[i][0], cell_w, image_h, MAX_SCALE)
            cells.append(
                f"stack(dir: ttb, box(height: {HEADING}mm, width: 100%)["
                f"#text(size: 13pt, weight: \"bold\")[{i + 1}.] #h(1.5mm) "
                f"#text(size: 10pt, fill: rgb(\"#444444\"), {_s(e.label)})], "
                f"box(width: 100%, height: {image_h:.2f}mm, align(center + top, "
                f'image("p{i}.svg", width: {width}mm))))')
        out.append("#pagebreak()")
        out.append(_grid(cells, cols, rows, cell_w, cell_h))
    if options.answers:
        acols, arows = ANSWERS_GRID
        aw = (area_w - (acols - 1) * GUTTER) / acols
        ah = (area_h - ANSWERS_TITLE - (arows - 1) * GUTTER) / arows
        spans = answer_spans([d[1] for d in drawings])
        for page in answer_pages(spans):
            cells = []
            for row in page:
                used = 0
                for i in row:
                    cells.append(_answer_cell(i, entries[i], drawings[i][1], spans[i],
                                              spans[i] * aw + (spans[i] - 1) * GUTTER, ah))
                    used += spans[i]
                cells += ["[]"] * (acols - used)
            cells += ["[]"] * (acols * (arows - len(page)))
            out.append("#pagebreak()")
            out.append(f'#block(height: {ANSWERS_TITLE}mm, spacing: 0pt)[#text(size: 16pt, '
                       f'weight: "bold")[Answers]]')
            out.append(_grid(cells, acols, arows, aw, ah, pad=False))
    return "\n".join(out)


def _title_page(entries: Sequence[Entry], options: BookOptions) -> list[str]:
    impls: dict[str, Kind] = {}
    for e in entries:
        impls.setdefault(e.impl.name, e.impl)
    rules = []
    for impl in impls.values():
        summary = (impl.summary or "").strip().rstrip(".")
        if summary:
            summary = summary[0].upper() + summary[1:] + "."
        rules.append(f"  #text(weight: \"bold\", {_s(impl.title or impl.name)}): "
                     f"#text({_s(summary)})\n")
    n = len(entries)
    first_answer = 2 + math.ceil(n / options.per_page)
    lines = [
        "#v(30%)",
        "#align(center)[",
        f"  #text(size: 30pt, weight: \"bold\", {_s(options.title)})",
        "  #v(6mm)",
        f"  #text(size: 14pt, {_s(f'{n} puzzle' + ('s' if n != 1 else ''))})",
        "]",
        "#v(16mm)",
        "#block(inset: (x: 12mm))[",
        '  #text(size: 12pt, weight: "bold")[How to play]',
        "  #v(2mm)",
        "  #set par(spacing: 0.9em)",
        *rules,
    ]
    if options.answers:
        lines.append(f"  #v(4mm) #text(size: 10pt, style: \"italic\", "
                     f"{_s(f'The answers start on page {first_answer}.')})")
    lines.append("]")
    return lines


# --- output ------------------------------------------------------------------------------


def drawings_of(entries: Sequence[Entry], answers: bool) -> list[tuple[str, str | None]]:
    """(puzzle SVG, answer SVG or None) for each entry, drawn by its kind."""
    out = []
    for e in entries:
        try:
            answer = e.impl.draw(e.puzzle, e.solution) if answers and e.solution else None
            out.append((e.impl.draw(e.puzzle), answer))
        except NotImplementedError:
            raise BookError(f"{e.impl.name} puzzles have no drawing yet (Kind.draw), so they "
                            "cannot go in a book") from None
    return out


def _typst():
    """The typst module, or a BookError saying how to install it."""
    try:
        import typst
    except ImportError:
        raise BookError(INSTALL_HINT) from None
    return typst


def build_pdf(entries: Sequence[Entry], options: BookOptions) -> bytes:
    """The book as PDF bytes."""
    options.check()
    if not entries:
        raise BookError("no puzzles to put in the book")
    typst = _typst()
    drawings = drawings_of(entries, options.answers)
    source = typst_source(entries, options, drawings)
    with tempfile.TemporaryDirectory(prefix="numberplay-book-") as tmp:
        root = Path(tmp)
        for i, (puzzle_svg, answer_svg) in enumerate(drawings):
            (root / f"p{i}.svg").write_text(puzzle_svg, encoding="utf-8")
            if answer_svg is not None:
                (root / f"a{i}.svg").write_text(answer_svg, encoding="utf-8")
        main = root / "book.typ"
        main.write_text(source, encoding="utf-8")
        try:
            return typst.compile(str(main), root=str(root), format="pdf")
        except Exception as exc:   # noqa: BLE001 - Typst's own error type varies by version
            message = getattr(exc, "message", None) or str(exc)
            raise BookError(f"typesetting failed: {' '.join(str(message).split())[:300]}") \
                from None


def write_svgs(entries: Sequence[Entry], directory: str | Path, answers: bool) -> list[Path]:
    """`puzzle-001.svg` (and `answer-001.svg`) per entry in `directory`; the files."""
    folder = Path(directory)
    written: list[Path] = []

    def write(name: str, text: str) -> None:
        written.append(folder / name)
        write_file(written[-1], text.encode("utf-8"))

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create {folder}: {exc.strerror or exc}") from None
    width = max(3, len(str(len(entries))))
    for i, (puzzle_svg, answer_svg) in enumerate(drawings_of(entries, answers), 1):
        write(f"puzzle-{i:0{width}d}.svg", puzzle_svg)
        if answer_svg is not None:
            write(f"answer-{i:0{width}d}.svg", answer_svg)
    index = [{"number": i, "kind": e.impl.name, "size": e.size, "difficulty": e.difficulty,
              "puzzle": e.puzzle.to_json()} for i, e in enumerate(entries, 1)]
    write("index.json", json.dumps(index, ensure_ascii=False) + "\n")
    return written


def write_file(path: Path, data: bytes) -> None:
    """Write a file of the book; OutputError (exit 74) when it cannot be written."""
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
