"""The long division as printed: one geometry, drawn as text and as SVG.

The divisor, the bracket and the dividend on one line, the quotient above the
dividend (each digit over the column its subtraction ends under), then each
subtraction under its place: Y under X, a rule, and the next X (the difference
with the dividend's digits brought down) under the rule; the remainder last.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .model import DivisionPuzzle, DivisionSolution, layout_of, merged, work


@dataclass(frozen=True)
class Row:
    """A printed number: its text, the dividend column of its first character, and
    the names of its places (one per character; "" where none)."""

    text: str
    start: int
    kind: str                  # "quotient", "dividend", "y", "x", "remainder"
    places: tuple[str, ...] = ()


@dataclass(frozen=True)
class Printed:
    """The rows below the bracket, the rules (start column, width, after which
    row), the divisor and the quotient."""

    divisor: str
    quotient: Row
    dividend: Row
    rows: tuple[Row, ...]
    rules: tuple[tuple[int, int, int], ...]
    width: int
    notes: tuple[str, ...] = ()     # where two lines gave one place two characters


def printed(puzzle: DivisionPuzzle, solution: DivisionSolution | None = None) -> Printed:
    """The geometry of the division, with the solution's digits when given.

    Every character of every line of the text form is drawn in its place: the
    first X is the dividend's first digits, each X the difference above it with
    the digits brought down (`merged`); where two lines give one place two
    characters, a note beside the division says so."""
    joined = merged(puzzle)
    puzzle = joined.puzzle
    lay = layout_of(puzzle)
    n, m = lay.n, lay.m
    worked = work(lay, solution.dividend, solution.divisor, solution.quotient) \
        if solution is not None else None
    a, b, c = (puzzle.dividend, puzzle.divisor, puzzle.quotient) \
        if not worked or solution is None \
        else (str(solution.dividend), str(solution.divisor), str(solution.quotient))
    quotient = Row(c, n - m, "quotient", tuple(f"c{i + 1}" for i in range(m)))
    dividend = Row(a, 0, "dividend", tuple(f"a{i + 1}" for i in range(n)))
    rows: list[Row] = []
    rules: list[tuple[int, int, int]] = []
    for i, st in enumerate(lay.steps):
        k = st.k + 1
        r = worked.rows[st.k] if worked else None
        x = str(r[0]) if r else st.x
        y = str(r[1]) if r else st.y
        z = str(r[2]) if r else st.z
        if i > 0:
            rows.append(Row(x, st.end - len(x) + 1, "x", ()))
        rows.append(Row(y, st.end - len(y) + 1, "y",
                        tuple(f"y{k}.{j + 1}" for j in range(len(y)))))
        rules.append((st.end - len(x) + 1, len(x), len(rows) - 1))
        if st.last:
            tail = "".join(a[col] for col in lay.trailing)
            if st.exact:
                text = tail or "0"
                places = tuple(f"a{col + 1}" for col in lay.trailing) or ("",)
            else:
                text = z + tail
                places = tuple(f"z{k}.{j + 1}" for j in range(len(z))) + \
                    tuple(f"a{col + 1}" for col in lay.trailing)
            end = n - 1
            rows.append(Row(text, end - len(text) + 1, "remainder", places))
    notes = () if worked else tuple(f"where lines meet, {c}" for c in joined.clashes)
    return Printed(b, quotient, dividend, tuple(rows), tuple(rules), n, notes)


def as_text(p: Printed) -> str:
    """The division in a monospaced font."""
    off = len(p.divisor) + 2
    lines = [" " * (off + p.quotient.start) + p.quotient.text,
             " " * (off - 1) + "┌" + "─" * p.width,
             f"{p.divisor} ┤" + p.dividend.text]
    for i, row in enumerate(p.rows):
        lines.append(" " * (off + row.start) + row.text)
        for start, width, after in p.rules:
            if after == i:
                lines.append(" " * (off + start) + "─" * width)
    lines += p.notes
    return "\n".join(line.rstrip() for line in lines)


STEP = 22       # a column's width
LINE = 30       # a row's height
MARGIN = 16


def as_svg(p: Printed, highlight: Iterable[str] | str | None = None,
           letters: dict[str, str] | None = None) -> str:
    """The division as SVG: every digit a text in its column (data-place names it)."""
    from ..drawing import FAINT, INK, Svg, read_places, text_width  # a plain solve draws no SVG
    lit = read_places(highlight).names
    off = len(p.divisor) + 1
    width = max([2 * MARGIN + (off + p.width) * STEP,
                 *(2 * MARGIN + text_width(note, 13) for note in p.notes)])
    height = 2 * MARGIN + (len(p.rows) + 2) * LINE + 8 + 18 * len(p.notes)
    svg = Svg(width, height, "division")

    def put(row: Row, col0: float, y: float, bold: bool = True) -> None:
        for j, ch in enumerate(row.text):
            cx = MARGIN + (col0 + row.start + j + 0.5) * STEP
            place = row.places[j] if j < len(row.places) else ""
            if place and place in lit:
                svg.rect(cx - STEP / 2 + 1, y - LINE / 2 + 2, STEP - 2, LINE - 4,
                         fill="#ffe08a", place=place)
            svg.text(cx, y, ch, size=19, weight="bold" if bold and ch != "?" else "normal",
                     fill=FAINT if ch == "?" else INK, cls="cell")

    y0 = MARGIN + LINE / 2
    put(p.quotient, off, y0)
    top = MARGIN + LINE + 2
    y1 = top + LINE / 2 + 2
    svg.line(MARGIN + off * STEP - 4, top, MARGIN + (off + p.width) * STEP, top, stroke=INK,
             width=2)
    svg.add(f'<path d="M{MARGIN + off * STEP - 4} {top} q 7 {LINE / 2} 0 {LINE}" '
            f'fill="none" stroke="{INK}" stroke-width="2"/>')
    put(p.dividend, off, y1)
    for j, ch in enumerate(p.divisor):
        svg.text(MARGIN + (j + 0.5) * STEP - 6, y1, ch, size=19,
                 weight="bold" if ch != "?" else "normal", fill=FAINT if ch == "?" else INK,
                 cls="cell")
    y = y1
    for i, row in enumerate(p.rows):
        y += LINE
        put(row, off, y)
        for start, w, after in p.rules:
            if after == i:
                ry = y + LINE / 2
                svg.line(MARGIN + (off + start) * STEP + 2, ry,
                         MARGIN + (off + start + w) * STEP - 2, ry, stroke=INK, width=1.5)
    for i, note in enumerate(p.notes):
        svg.text(MARGIN, y + LINE + 18 * i, note, size=13, anchor="start", cls="note")
    if letters:
        text = "  ".join(f"{c}={d}" for c, d in letters.items())
        svg.text(MARGIN, height - MARGIN / 2, text, size=13, anchor="start")
    return str(svg)
