"""Small text helpers every kind and front end shares.

The name of a grid cell (`r2c3`), a user's value cut short for an error line,
and the lines of a puzzle file that hold something (not blank, not `#`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .budget import check_active
from .errors import PuzzleError

SHOWN_WIDTH = 20
_PLACE = re.compile(r"r(\d{1,4})c(\d{1,4})")


def place(r: int, c: int) -> str:
    """`r2c3`, the name of the cell at 0-based row `r` and column `c` (1-based in the name)."""
    return f"r{r + 1}c{c + 1}"


def parse_place(at: str, rows: int, cols: int | None = None) -> tuple[int, int]:
    """(row, column), 0-based, of a cell named `r2c3` in a grid of `rows` x `cols`
    (square when `cols` is None); PuzzleError naming it otherwise."""
    found = _PLACE.fullmatch(str(at).strip().lower())
    cols = rows if cols is None else cols
    if not found or not (1 <= int(found[1]) <= rows and 1 <= int(found[2]) <= cols):
        raise PuzzleError(f"no cell {shorten(at)!r} in a {rows}x{cols} grid "
                          "(cells are named r1c1..)")
    return int(found[1]) - 1, int(found[2]) - 1


def grid_places(grid: tuple[tuple[int, ...], ...]) -> dict[str, int]:
    """{"r1c1": value, ...} for every cell of a grid of rows."""
    return {place(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row)}


def step_body(technique: str, text: str) -> str:
    """A step's text without the technique it opens with, for a front end that
    shows the technique beside it ("Cage digits: r4c4 ..." under the label
    "cage digits" is "r4c4 ..."); a text that opens otherwise is kept whole.

    >>> step_body("cage digits", "Cage digits: r4c4 can only be 7.")
    'r4c4 can only be 7.'
    >>> step_body("line", "Row 1: 2 x 3 = 6.")
    'Row 1: 2 x 3 = 6.'
    """
    head, sep, rest = text.partition(": ")
    return rest if sep and rest and head.strip().lower() == technique.strip().lower() else text


def shorten(value: object, width: int = SHOWN_WIDTH) -> str:
    """`value` as text, cut to `width` characters with "..." when longer (for error lines)."""
    text = str(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def content_lines(text: str) -> Iterator[tuple[int, str, str]]:
    """(line number, raw line, stripped line) for each line that is not blank nor a
    `#` comment; a file of millions of lines counts against the active --timeout."""
    for lineno, raw in enumerate(text.splitlines(), 1):
        if not lineno & 4095:
            check_active()
        line = raw.strip()
        if line and not line.startswith("#"):
            yield lineno, raw, line
