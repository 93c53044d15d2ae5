"""The Cross Set drawing: an N×N grid whose cells show their candidates as pencil marks.

Each value has a fixed place in its cell (1 top left ... 9 bottom right at order 9,
as pencil marks are written in Sudoku), so a missing candidate is a gap the eye
finds at once. A cell with one candidate shows it as a large given; a cell open
to every value is left blank.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..drawing import FAINT, GRID, INK, PLAYER_INK, STRIKE, Svg, read_places
from ..text import place as cell_place
from .model import CrossSetPuzzle, CrossSetSolution

MARGIN = 6
SOLVED_INK = "#1d4f91"     # digits found by solving; givens stay black and bold


def layout(n: int) -> tuple[int, int, float]:
    """(columns, rows) of the pencil-mark places in a cell, and the cell size."""
    k = max(1, math.ceil(math.sqrt(n)))
    rows = math.ceil(n / k)
    slot = 18 if n <= 9 else 22
    return k, rows, max(48.0, k * slot + 6)


def draw(puzzle: CrossSetPuzzle, solution: CrossSetSolution | None = None,
         highlight: Iterable[str] | str | None = None,
         entries: dict[str, int] | None = None,
         removed: Iterable[tuple[str, int]] = (),
         struck: Iterable[tuple[str, int]] = ()) -> str:
    """The puzzle (with the solved square when `solution` is given) as an SVG document.

    `highlight`: cells or lines to emphasise ("r2c3", "row 4", "col 2").
    `entries`, `removed`: a player's position; their values by place ("r2c3") are
    drawn large in the player's ink, the candidates they crossed out are left out.
    `struck`: candidates just ruled out (an explanation step's), drawn faint and
    struck through instead.
    """
    entries = entries or {}
    strike = set(struck)
    crossed = set(removed) - strike
    n = puzzle.n
    places = read_places(highlight)
    k, krows, cell = layout(n)
    slot_w, slot_h = (cell - 6) / k, (cell - 6) / max(krows, 1)
    digits = len(str(n))
    mark = min(14.0, slot_h * 0.78, (slot_w - 5) / (0.6 * digits))
    svg = Svg(2 * MARGIN + n * cell, 2 * MARGIN + n * cell, "crossset",
              title=f"Cross Set, order {n}")
    x0 = y0 = MARGIN
    for r in range(n):
        for c in range(n):
            x, y = x0 + c * cell, y0 + r * cell
            place = cell_place(r, c)
            svg.rect(x, y, cell, cell, fill=places.fill(r + 1, c + 1), stroke=GRID, width=1, cls="cell",
                     place=place)
            candidates = puzzle.cells[r][c]
            given = len(candidates) == 1
            if not given and crossed:
                candidates = tuple(v for v in candidates if (place, v) not in crossed)
            if solution is not None:
                svg.text(x + cell / 2, y + cell / 2, str(solution.grid[r][c]),
                         size=cell * 0.5, weight="bold" if given else "normal",
                         fill=INK if given else SOLVED_INK, cls="digit")
            elif given:
                svg.text(x + cell / 2, y + cell / 2, str(candidates[0]), size=cell * 0.5,
                         weight="bold", cls="given")
            elif place in entries:
                svg.text(x + cell / 2, y + cell / 2, str(entries[place]), size=cell * 0.5,
                         fill=PLAYER_INK, cls="entry")
            elif len(candidates) < n:
                for v in candidates:
                    i, j = divmod(v - 1, k)
                    cx, cy = x + 3 + (j + 0.5) * slot_w, y + 3 + (i + 0.5) * slot_h
                    if (place, v) in strike:
                        svg.text(cx, cy, str(v), size=mark, fill=FAINT, cls="struck")
                        half = mark * 0.5 * digits
                        svg.line(cx - half, cy + mark * 0.35, cx + half, cy - mark * 0.35,
                                 stroke=STRIKE, width=1.6)
                    else:
                        svg.text(cx, cy, str(v), size=mark, cls="candidate")
    # thin lines inside, a thick frame outside
    svg.rect(x0, y0, n * cell, n * cell, stroke=INK, width=2.5)
    return str(svg)
