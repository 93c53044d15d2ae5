"""The drawing: bricks laid like a wall, each row centred on the one below."""

from __future__ import annotations

from typing import Any

from numberplay import PlayState
from numberplay.drawing import FAINT, GRID, INK, PLAYER_INK, Svg, read_places

from .model import PyramidPuzzle, PyramidSolution, place

W, H, PAD = 56.0, 36.0, 6.0


def draw(puzzle: PyramidPuzzle, solution: PyramidSolution | None = None,
         highlight: Any = None, state: PlayState | None = None) -> str:
    """The pyramid as SVG: givens bold, a solution's bricks grey, a player's blue."""
    n = puzzle.n
    marked = read_places(highlight)
    entries = dict(state.entries) if state is not None else {}
    svg = Svg(n * W + 2 * PAD, n * H + 2 * PAD, css_class="pyramid",
              title=f"Sum pyramid of {n} rows")
    for r, row in enumerate(puzzle.rows, 1):
        for c, given in enumerate(row, 1):
            x = PAD + (n - r) * W / 2 + (c - 1) * W
            y = PAD + (r - 1) * H
            svg.rect(x, y, W, H, fill=marked.fill(r, c), stroke=GRID, width=1.5,
                     place=place(r, c))
            if given is not None:
                svg.text(x + W / 2, y + H / 2, str(given), size=17, weight="bold", fill=INK)
            elif place(r, c) in entries:
                svg.text(x + W / 2, y + H / 2, str(entries[place(r, c)]), size=17,
                         fill=PLAYER_INK)
            elif solution is not None:
                svg.text(x + W / 2, y + H / 2, str(solution.rows[r - 1][c - 1]), size=17,
                         fill=FAINT)
    return str(svg)
