"""The Keen drawing: thin cell lines, thick cage walls, each clue in its cage's top-left cell.

Solved digits go large in the middle of a cell; a player's entries the same in
the player's ink; where a player crossed candidates out, the ones left are
drawn as small pencil marks along the bottom of the cell.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..drawing import FAINT, GRID, INK, PLAYER_INK, STRIKE, Svg, read_places
from ..text import place as cell_place
from .model import KeenPuzzle, KeenSolution

MARGIN = 6
WALL = 3.0
SOLVED_INK = "#1d4f91"


def draw(puzzle: KeenPuzzle, solution: KeenSolution | None = None,
         highlight: Iterable[str] | str | None = None,
         entries: dict[str, int] | None = None,
         removed: Iterable[tuple[str, int]] = (),
         struck: Iterable[tuple[str, int]] = ()) -> str:
    """The puzzle (solved when `solution` is given) as an SVG document; `struck`
    (an explanation step's removals) are drawn faint and struck through."""
    entries = {**{cell_place(*divmod(i, puzzle.n)): v for i, v in puzzle.givens},
               **(entries or {})}
    strike = set(struck)
    crossed: dict[str, set[int]] = {}
    for place, v in removed:
        if (place, v) not in strike:
            crossed.setdefault(place, set()).add(v)
    for place, _v in strike:
        crossed.setdefault(place, set())
    n = puzzle.n
    cell = 52.0 if n <= 9 else 60.0
    places = read_places(highlight)
    owner = puzzle.cage_of()
    heads = {cage.cells[0]: cage.label() for cage in puzzle.cages}
    side = 2 * MARGIN + n * cell
    svg = Svg(side, side, "keen", title=f"Keen, order {n}")
    for r in range(n):
        for c in range(n):
            i = r * n + c
            x, y = MARGIN + c * cell, MARGIN + r * cell
            place = cell_place(r, c)
            svg.rect(x, y, cell, cell, fill=places.fill(r + 1, c + 1), stroke=GRID, width=0.8, cls="cell", place=place)
            if i in heads:
                svg.text(x + 3, y + cell * 0.14, heads[i], size=cell * 0.22, anchor="start",
                         weight="bold", cls="clue")
            big = cell * 0.46
            if solution is not None:
                svg.text(x + cell / 2, y + cell * 0.58, str(solution.grid[r][c]), size=big,
                         fill=SOLVED_INK, cls="digit")
            elif place in entries:
                svg.text(x + cell / 2, y + cell * 0.58, str(entries[place]), size=big,
                         fill=PLAYER_INK, cls="entry")
            elif place in crossed:
                _marks(svg, x, y, cell, [v for v in range(1, n + 1) if v not in crossed[place]],
                       {v for p, v in strike if p == place})
    _walls(svg, n, cell, owner)
    svg.rect(MARGIN, MARGIN, n * cell, n * cell, stroke=INK, width=WALL)
    return str(svg)


def _marks(svg: Svg, x: float, y: float, cell: float, left: list[int],
           struck: set[int]) -> None:
    """The candidates left, small along the bottom of the cell; struck ones faint, crossed."""
    digits = max(len(str(v)) for v in left) if left else 1
    size = min(cell * 0.2, (cell - 6) / max(1, 0.64 * len(left) * (digits + 0.5 * (digits > 1))))
    step = (cell - 6) / max(1, len(left))
    cy = y + cell * 0.8
    for k, v in enumerate(left):
        cx = x + 3 + (k + 0.5) * step
        if v in struck:
            svg.text(cx, cy, str(v), size=size, fill=FAINT, cls="struck")
            half = size * 0.3 * digits
            svg.line(cx - half, cy + size * 0.1, cx + half, cy - size * 0.6, stroke=STRIKE,
                     width=1.4)
        else:
            svg.text(cx, cy, str(v), size=size, fill=PLAYER_INK, cls="candidate")


def _walls(svg: Svg, n: int, cell: float, owner: list[int]) -> None:
    """Thick lines between cells of different cages."""
    for r in range(n):
        for c in range(n):
            i = r * n + c
            x, y = MARGIN + c * cell, MARGIN + r * cell
            if c + 1 < n and owner[i] != owner[i + 1]:
                svg.line(x + cell, y, x + cell, y + cell, stroke=INK, width=WALL)
            if r + 1 < n and owner[i] != owner[i + n]:
                svg.line(x, y + cell, x + cell, y + cell, stroke=INK, width=WALL)
