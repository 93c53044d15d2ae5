"""Cross Set puzzle and solution values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..model import Puzzle, Solution
from ..text import shorten

# The domain's names, as the Cross Set article uses them.
Digit = int                           # a value 1..N
Cells = tuple[tuple[tuple[Digit, ...], ...], ...]  # the candidates of every cell
Grid = tuple[tuple[Digit, ...], ...]  # a Latin square, row by row
Mask = int                            # a set of values: bit v-1 for value v
Domains = list[Mask]                  # every cell's mask, row by row

MAX_ORDER = 64


@dataclass(frozen=True)
class CrossSetPuzzle(Puzzle):
    """An N×N grid; each cell holds the sorted tuple of its candidate values (1..N)."""

    kind: ClassVar[str] = "crossset"
    cells: Cells

    @property
    def n(self) -> int:
        """The order N of the grid."""
        return len(self.cells)

    def to_json(self) -> dict[str, Any]:
        """`{"cells": [[[1, 2], [3]], ...]}`."""
        return {"cells": [[list(cell) for cell in row] for row in self.cells]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CrossSetPuzzle:
        """Read `{"cells": ...}` back, validating it (PuzzleError naming row and column)."""
        return cls(cells_from_json(data))

    def masks(self) -> list[int]:
        """The candidate sets as bit masks (bit v-1 for value v), row by row."""
        out = []
        for row in self.cells:
            for cell in row:
                m = 0
                for v in cell:
                    m |= 1 << (v - 1)
                out.append(m)
        return out

    @classmethod
    def from_masks(cls, n: int, masks: list[int]) -> CrossSetPuzzle:
        """A puzzle from flat bit masks (bit v-1 for value v)."""
        rows = []
        for r in range(n):
            rows.append(tuple(tuple(v + 1 for v in range(n) if masks[r * n + c] >> v & 1)
                              for c in range(n)))
        return cls(tuple(rows))


@dataclass(frozen=True)
class CrossSetSolution(Solution):
    """A Latin square that picks one candidate per cell."""

    kind: ClassVar[str] = "crossset"
    grid: Grid

    def to_json(self) -> dict[str, Any]:
        """`{"grid": [[...], ...]}`."""
        return {"grid": [list(row) for row in self.grid]}

    @classmethod
    def from_json(cls, data: Any) -> CrossSetSolution:
        """Read `{"grid": ...}` back."""
        try:
            grid = tuple(tuple(int(v) for v in row) for row in data["grid"])
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleError(f"bad Cross Set solution JSON: {exc}") from None
        return cls(grid)


def cell_where(r: int, c: int) -> str:
    """`row r, column c` for error messages."""
    return f"row {r}, column {c}"


def parse_cell(token: str, n: int, r: int, c: int, line: int) -> tuple[int, ...]:
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
            shown = shorten(token)
            raise PuzzleError(f"unreadable cell {shown!r} (expected values 1..{n})",
                              line=line, where=cell_where(r, c))
        v = int(part)
        if not 1 <= v <= n:
            raise PuzzleError(f"value {v} in cell {token!r} is outside 1..{n}",
                              line=line, where=cell_where(r, c))
        values.add(v)
    if not values:
        raise PuzzleError(f"cell {token!r} has no candidates", line=line, where=cell_where(r, c))
    return tuple(sorted(values))


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
                              where=cell_where(r, min(k, n) + 1))
        out = []
        for c, cell in enumerate(row, start=1):
            if isinstance(cell, str):
                out.append(parse_cell(cell, n, r, c, 0))
                continue
            if isinstance(cell, int) and not isinstance(cell, bool):
                cell = [cell]
            if not isinstance(cell, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in cell):
                raise PuzzleError(f"unreadable cell {cell!r}", where=cell_where(r, c))
            if not cell:
                raise PuzzleError("cell has no candidates", where=cell_where(r, c))
            for v in cell:
                if not 1 <= v <= n:
                    raise PuzzleError(f"value {v} is outside 1..{n}", where=cell_where(r, c))
            out.append(tuple(sorted(set(cell))))
        rows.append(tuple(out))
    return tuple(rows)
