"""Writing Cross Set grids: the Cross Set article's text format, snapshots and the renderings."""

from __future__ import annotations

import html

from ..errors import PuzzleError
from .model import CrossSetPuzzle, CrossSetSolution


def cell_text(cell: tuple[int, ...], n: int) -> str:
    """One cell in the text format: digits for N <= 9, else commas ('.' = any)."""
    if n <= 9:
        return "".join(map(str, cell))
    if len(cell) == n:
        return "."
    return ",".join(map(str, cell))


def grid_text(cells: list[list[str]]) -> str:
    """Right-align the cell strings to a common width, as the Cross Set article prints grids."""
    width = max((len(s) for row in cells for s in row), default=1)
    return "\n".join(" ".join(s.rjust(width) for s in row) for row in cells)


def to_text(puzzle: CrossSetPuzzle) -> str:
    """The puzzle in the Cross Set article's format (aligned)."""
    n = puzzle.n
    return grid_text([[cell_text(cell, n) for cell in row] for row in puzzle.cells]) + "\n"


def masks_text(n: int, masks: list[int]) -> str:
    """A partial grid (flat bit masks) in the text format, as a snapshot."""
    return to_text(CrossSetPuzzle.from_masks(n, masks)).rstrip("\n")


def solution_text(solution: CrossSetSolution) -> str:
    """The solved grid, one row per line."""
    return grid_text([[str(v) for v in row] for row in solution.grid])


def render(puzzle: CrossSetPuzzle, solution: CrossSetSolution | None, fmt: str) -> str:
    """The puzzle (or its solution) as text, markdown or html."""
    n = puzzle.n
    if fmt == "text":
        return solution_text(solution) if solution else to_text(puzzle).rstrip("\n")
    if solution is not None:
        body = [[str(v) for v in row] for row in solution.grid]
    else:
        body = [[cell_text(cell, n) for cell in row] for row in puzzle.cells]
    if fmt == "markdown":
        lines = ["| | " + " | ".join(f"c{c}" for c in range(1, n + 1)) + " |",
                 "|---|" + "---|" * n]
        for r, row in enumerate(body, start=1):
            lines.append(f"| r{r} | " + " | ".join(row) + " |")
        return "\n".join(lines)
    if fmt == "html":
        lines = ['<table class="crossset">']
        for row in body:
            tds = "".join(f"<td>{html.escape(s)}</td>" for s in row)
            lines.append(f"  <tr>{tds}</tr>")
        lines.append("</table>")
        return "\n".join(lines)
    raise PuzzleError(f"unknown format {fmt!r} (text, markdown, html)")
