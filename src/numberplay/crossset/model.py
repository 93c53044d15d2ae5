"""Cross Set puzzle and solution values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..model import Puzzle, Solution

Cells = tuple[tuple[tuple[int, ...], ...], ...]


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
        from .textio import cells_from_json
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
    grid: tuple[tuple[int, ...], ...]

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
