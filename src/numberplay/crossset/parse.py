"""Reading Cross Set grids: the Cross Set article's text format and JSON."""

from __future__ import annotations

from .. import safejson
from ..errors import PuzzleError
from ..text import content_lines
from .model import MAX_ORDER, CrossSetPuzzle, cell_where, cells_from_json, parse_cell


def parse_text(text: str) -> CrossSetPuzzle:
    """Read the Cross Set article's format: one line per row, cells separated by spaces."""
    if text is None or not text.strip():
        raise PuzzleError("empty Cross Set puzzle: give one line of cells per row")
    stripped = text.strip()
    if stripped.startswith("{"):
        data = safejson.loads(stripped)
        if isinstance(data, dict) and "puzzle" in data and "cells" not in data:
            data = data["puzzle"]
        return CrossSetPuzzle(cells_from_json(data))
    rows: list[tuple[int, list[str]]] = []
    for lineno, _raw, line in content_lines(text):
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
                              where=cell_where(r, col))
        cells.append(tuple(parse_cell(tok, n, r, c, lineno)
                           for c, tok in enumerate(tokens, start=1)))
    return CrossSetPuzzle(tuple(cells))
