"""Writing Keen puzzles: the cage-map text format, snapshots and the renderings."""

from __future__ import annotations

import html
import string

from ..errors import PuzzleError
from .model import KeenPuzzle, KeenSolution, cell_name

_LETTERS = string.ascii_uppercase + string.ascii_lowercase


def labels(count: int) -> list[str]:
    """Cage labels: A..Z, a..z, then two letters (AA, AB, ...) when more are needed."""
    if count <= len(_LETTERS):
        return list(_LETTERS[:count])
    return [a + b for a in string.ascii_uppercase for b in string.ascii_uppercase][:count]


def grid_text(cells: list[list[str]]) -> str:
    """Right-align the cell strings to a common width."""
    width = max((len(s) for row in cells for s in row), default=1)
    return "\n".join(" ".join(s.rjust(width) for s in row) for row in cells)


def to_text(puzzle: KeenPuzzle) -> str:
    """The cage map, then the clues of the cages starting in each row, one line per row."""
    n = puzzle.n
    names = labels(len(puzzle.cages))
    owner = puzzle.cage_of()
    rows = [[names[owner[r * n + c]] for c in range(n)] for r in range(n)]
    lines = [grid_text(rows)]
    by_row: dict[int, list[str]] = {}
    for k, cage in enumerate(puzzle.cages):
        by_row.setdefault(cage.cells[0] // n, []).append(f"{names[k]} {cage.clue()}")
    lines += ["  ".join(by_row[r]) for r in sorted(by_row)]
    if puzzle.givens:
        lines.append("given " + " ".join(f"{cell_name(n, i)}={v}" for i, v in puzzle.givens))
    return "\n".join(lines) + "\n"


def values_text(n: int, values: list[int]) -> str:
    """A filled grid (flat values 1..n, 0 = empty shown as '.'), one row per line."""
    return grid_text([[str(values[r * n + c] or ".") for c in range(n)] for r in range(n)])


def masks_text(n: int, masks: list[int]) -> str:
    """Candidates as a snapshot: a cell is its digits (values joined by commas past 9)."""
    def cell(m: int) -> str:
        vals = [v + 1 for v in range(n) if m >> v & 1]
        if not vals:
            return "-"
        return "".join(map(str, vals)) if n <= 9 else ",".join(map(str, vals))
    return grid_text([[cell(masks[r * n + c]) for c in range(n)] for r in range(n)])


def solution_text(solution: KeenSolution) -> str:
    """The solved grid, one row per line."""
    return grid_text([[str(v) for v in row] for row in solution.grid])


def render(puzzle: KeenPuzzle, solution: KeenSolution | None, fmt: str) -> str:
    """The puzzle (or its solution) as text, markdown or html."""
    n = puzzle.n
    if fmt == "text":
        return solution_text(solution) if solution else to_text(puzzle).rstrip("\n")
    owner = puzzle.cage_of()
    heads = {cage.cells[0]: cage.label() for cage in puzzle.cages}
    body = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            value = str(solution.grid[r][c]) if solution else ""
            head = heads.get(i, "")
            row.append((head, value, owner[i]))
        body.append(row)
    if fmt == "markdown":
        lines = ["| | " + " | ".join(f"c{c}" for c in range(1, n + 1)) + " |",
                 "|---|" + "---|" * n]
        for r, row in enumerate(body, start=1):
            cells = [" ".join(x for x in (f"**{h}**" if h else "", v) if x) or "·"
                     for h, v, _ in row]
            lines.append(f"| r{r} | " + " | ".join(cells) + " |")
        return "\n".join(lines)
    if fmt == "html":
        lines = ['<table class="keen">']
        for r, row in enumerate(body):
            tds = []
            for c, (head, value, k) in enumerate(row):
                i = r * n + c
                walls = [side for side, j, ok in (("t", i - n, r > 0), ("b", i + n, r < n - 1),
                                                  ("l", i - 1, c > 0), ("r", i + 1, c < n - 1))
                         if not ok or owner[j] != k]
                label = f'<sup>{html.escape(head)}</sup>' if head else ""
                tds.append(f'<td class="w{"".join(walls)}" title="{cell_name(n, i)}">'
                           f"{label}{html.escape(value)}</td>")
            lines.append("  <tr>" + "".join(tds) + "</tr>")
        lines.append("</table>")
        return "\n".join(lines)
    raise PuzzleError(f"unknown format {fmt!r} (text, markdown, html)")
