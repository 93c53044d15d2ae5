"""The CrossProduct drawing: the grid, column products above it, row products to its right."""

from __future__ import annotations

from collections.abc import Iterable

from ..drawing import (
    GRID,
    HIGHLIGHT,
    INK,
    PLAYER_INK,
    Svg,
    read_places,
    text_width,
)
from ..text import place as cell_place
from .model import CrossProductPuzzle, CrossProductSolution
from .render import label

MARGIN = 6
PRODUCT_SIZE = 17      # font size of the products
MIN_CELL = 44
MAX_STAGGER_CELL = 56  # column products wider than two such cells are written upright


def draw(puzzle: CrossProductPuzzle, solution: CrossProductSolution | None = None,
         highlight: Iterable[str] | str | None = None,
         entries: dict[str, int] | None = None) -> str:
    """The puzzle (with its digits when `solution` is given) as an SVG document.

    `highlight`: places to emphasise, as explanation steps name them
    ("r2c3", "row 4", "col 2"). `entries`: a player's digits by place ("r2c3"),
    drawn in the player's ink.
    """
    R, C = puzzle.shape
    entries = {**{cell_place(*divmod(i, C)): d for i, d in puzzle.givens}, **(entries or {})}
    places = read_places(highlight)
    col_texts = [label(p) for p in puzzle.cols]
    row_texts = [label(p) for p in puzzle.rows]
    widest_col = max((text_width(t, PRODUCT_SIZE, bold=True) for t in col_texts), default=0)
    line = PRODUCT_SIZE + 8
    cell: float
    header: float
    if widest_col + 14 <= MIN_CELL or C == 1:          # one line above the columns
        mode, cell, header = "line", max(MIN_CELL, widest_col + 14), line + 8
    elif widest_col + 12 <= 2 * MAX_STAGGER_CELL:      # two staggered lines
        mode, cell, header = "staggered", max(MIN_CELL, (widest_col + 12) / 2), 2 * line + 8
    else:                                              # upright
        mode, cell, header = "upright", MIN_CELL, widest_col + 14
    side = max((text_width(t, PRODUCT_SIZE, bold=True) for t in row_texts), default=0) + 16
    overhang = max(0.0, (widest_col - cell) / 2 + 2)   # a wide first product sticks out
    x0, y0 = MARGIN + overhang, MARGIN + header
    svg = Svg(x0 + MARGIN + C * cell + side, y0 + R * cell + MARGIN, "crossproduct",
              title=f"CrossProduct {R}x{C}")

    for c, text in enumerate(col_texts):
        cx = x0 + (c + 0.5) * cell
        if c + 1 in places.cols:
            svg.rect(x0 + c * cell + 2, MARGIN, cell - 4, header - 4, fill=HIGHLIGHT, rx=3)
        if mode == "upright":
            svg.text(cx, y0 - 8, text, size=PRODUCT_SIZE, anchor="start", weight="bold",
                     cls="product", rotate=-90)
        elif mode == "staggered" and (C - 1 - c) % 2:
            svg.text(cx, y0 - 4 - 1.5 * line, text, size=PRODUCT_SIZE, weight="bold",
                     cls="product")
        else:
            svg.text(cx, y0 - 4 - line / 2, text, size=PRODUCT_SIZE, weight="bold",
                     cls="product")
    for r, text in enumerate(row_texts):
        cy = y0 + (r + 0.5) * cell
        if r + 1 in places.rows:
            svg.rect(x0 + C * cell + 4, y0 + r * cell + 2, side - 6, cell - 4,
                     fill=HIGHLIGHT, rx=3)
        svg.text(x0 + C * cell + 10, cy, text, size=PRODUCT_SIZE, anchor="start",
                 weight="bold", cls="product")

    for r in range(R):
        for c in range(C):
            place = cell_place(r, c)
            svg.rect(x0 + c * cell, y0 + r * cell, cell, cell, fill=places.fill(r + 1, c + 1), stroke=GRID,
                     width=1, cls="cell", place=place)
            if solution is not None:
                svg.text(x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell,
                         str(solution.grid[r][c]), size=cell * 0.5, fill=INK, cls="digit")
            elif place in entries:
                svg.text(x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell, str(entries[place]),
                         size=cell * 0.5, fill=PLAYER_INK, cls="entry")
    svg.rect(x0, y0, C * cell, R * cell, stroke=INK, width=2.5)
    return str(svg)
