"""Reading and writing Cross Set grids: the seed's text format, JSON, renderings."""

from __future__ import annotations

import html
import json
from typing import Any

from .. import safejson
from ..errors import PuzzleError
from .model import Cells, CrossSetPuzzle, CrossSetSolution

MAX_ORDER = 64


def _where(r: int, c: int) -> str:
    return f"row {r}, column {c}"


def _parse_cell(token: str, n: int, r: int, c: int, line: int) -> tuple[int, ...]:
    """The candidates of one cell token (1-based row r, column c)."""
    if token in (".", "?"):
        return tuple(range(1, n + 1))
    if "," in token:
        parts = token.split(",")
    elif n <= 9:
        parts = list(token)
    else:
        parts = [token]
    values = set()
    for part in parts:
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or not part.isascii() or len(part) > 4:
            shown = token if len(token) <= 20 else token[:17] + "..."
            raise PuzzleError(f"unreadable cell {shown!r} (expected values 1..{n})",
                              line=line, where=_where(r, c))
        v = int(part)
        if not 1 <= v <= n:
            raise PuzzleError(f"value {v} in cell {token!r} is outside 1..{n}",
                              line=line, where=_where(r, c))
        values.add(v)
    if not values:
        raise PuzzleError(f"cell {token!r} has no candidates", line=line, where=_where(r, c))
    return tuple(sorted(values))


def parse_text(text: str) -> CrossSetPuzzle:
    """Read the seed's format: one line per row, cells separated by spaces."""
    if text is None or not text.strip():
        raise PuzzleError("empty Cross Set puzzle: give one line of cells per row")
    stripped = text.strip()
    if stripped.startswith("{"):
        data = safejson.loads(stripped)
        if isinstance(data, dict) and "puzzle" in data and "cells" not in data:
            data = data["puzzle"]
        return CrossSetPuzzle(cells_from_json(data))
    rows: list[tuple[int, list[str]]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        rows.append((lineno, line.split()))
    n = len(rows)
    if n == 0:
        raise PuzzleError("empty Cross Set puzzle: give one line of cells per row")
    if n > MAX_ORDER:
        raise PuzzleError(f"grid has {n} rows; at most {MAX_ORDER} are supported")
    cells = []
    for r, (lineno, tokens) in enumerate(rows, start=1):
        if len(tokens) != n:
            col = min(len(tokens), n) + 1
            raise PuzzleError(f"grid is not square: row {r} has {len(tokens)} cells, "
                              f"expected {n} (one per row)", line=lineno,
                              where=_where(r, col))
        cells.append(tuple(_parse_cell(tok, n, r, c, lineno)
                           for c, tok in enumerate(tokens, start=1)))
    return CrossSetPuzzle(tuple(cells))


def cells_from_json(data: Any) -> Cells:
    """Validate `{"cells": [[[1, 2], ...], ...]}` into sorted tuples."""
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise PuzzleError('Cross Set JSON must be {"cells": [[[1, 2], [3], ...], ...]}')
    grid = data["cells"]
    n = len(grid)
    if n == 0:
        raise PuzzleError("empty Cross Set puzzle")
    if n > MAX_ORDER:
        raise PuzzleError(f"grid has {n} rows; at most {MAX_ORDER} are supported")
    rows = []
    for r, row in enumerate(grid, start=1):
        if not isinstance(row, list) or len(row) != n:
            k = len(row) if isinstance(row, list) else 0
            raise PuzzleError(f"grid is not square: row {r} has {k} cells, expected {n}",
                              where=_where(r, min(k, n) + 1))
        out = []
        for c, cell in enumerate(row, start=1):
            if isinstance(cell, str):
                out.append(_parse_cell(cell, n, r, c, 0))
                continue
            if isinstance(cell, int) and not isinstance(cell, bool):
                cell = [cell]
            if not isinstance(cell, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in cell):
                raise PuzzleError(f"unreadable cell {cell!r}", where=_where(r, c))
            if not cell:
                raise PuzzleError("cell has no candidates", where=_where(r, c))
            for v in cell:
                if not 1 <= v <= n:
                    raise PuzzleError(f"value {v} is outside 1..{n}", where=_where(r, c))
            out.append(tuple(sorted(set(cell))))
        rows.append(tuple(out))
    return tuple(rows)


def cell_text(cell: tuple[int, ...], n: int) -> str:
    """One cell in the text format: digits for N <= 9, else commas ('.' = any)."""
    if n <= 9:
        return "".join(map(str, cell))
    if len(cell) == n:
        return "."
    return ",".join(map(str, cell))


def grid_text(cells: list[list[str]]) -> str:
    """Right-align the cell strings to a common width, as the seed prints grids."""
    width = max((len(s) for row in cells for s in row), default=1)
    return "\n".join(" ".join(s.rjust(width) for s in row) for row in cells)


def to_text(puzzle: CrossSetPuzzle) -> str:
    """The puzzle in the seed's format (aligned)."""
    n = puzzle.n
    return grid_text([[cell_text(cell, n) for cell in row] for row in puzzle.cells]) + "\n"


def masks_text(n: int, masks: list[int]) -> str:
    """A partial grid (flat bit masks) in the text format, as a snapshot."""
    return to_text(CrossSetPuzzle.from_masks(n, masks)).rstrip("\n")


def solution_text(solution: CrossSetSolution) -> str:
    """The solved grid, one row per line."""
    return grid_text([[str(v) for v in row] for row in solution.grid])


def render(puzzle: CrossSetPuzzle, solution: CrossSetSolution | None, fmt: str) -> str:
    """The puzzle (or its solution) as text, markdown, html or json."""
    n = puzzle.n
    if fmt == "text":
        return solution_text(solution) if solution else to_text(puzzle).rstrip("\n")
    if fmt == "json":
        data: dict[str, Any] = {"kind": "crossset", "puzzle": puzzle.to_json()}
        if solution is not None:
            data["solution"] = solution.to_json()
        return json.dumps(data)
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
    raise PuzzleError(f"unknown format {fmt!r} (text, markdown, html, json)")
