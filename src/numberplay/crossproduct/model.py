"""CrossProduct puzzle and solution values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..model import Puzzle, Solution


@dataclass(frozen=True)
class CrossProductPuzzle(Puzzle):
    """Row products (top to bottom) and column products (left to right)."""

    kind: ClassVar[str] = "crossproduct"
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    @property
    def shape(self) -> tuple[int, int]:
        """(number of rows, number of columns)."""
        return len(self.rows), len(self.cols)

    def to_json(self) -> dict[str, Any]:
        """`{"rows": [...], "cols": [...]}`."""
        return {"rows": list(self.rows), "cols": list(self.cols)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CrossProductPuzzle:
        """Read `to_json()` back (checked like parsed input)."""
        from .parse import puzzle_from_json
        return puzzle_from_json(data)


@dataclass(frozen=True)
class CrossProductSolution(Solution):
    """The filled grid, a tuple of rows of digits 1-9."""

    kind: ClassVar[str] = "crossproduct"
    grid: tuple[tuple[int, ...], ...]

    def to_json(self) -> list[list[int]]:
        """The grid as a list of rows."""
        return [list(row) for row in self.grid]

    @classmethod
    def from_json(cls, data: Any) -> CrossProductSolution:
        """Read `to_json()` back."""
        if not isinstance(data, list) or not all(isinstance(r, list) for r in data):
            raise PuzzleError("a crossproduct solution is a list of rows of digits")
        for r, row in enumerate(data, 1):
            for c, v in enumerate(row, 1):
                if isinstance(v, bool) or not isinstance(v, int):
                    raise PuzzleError(f"r{r}c{c} is not a digit: {v!r}")
        return cls(tuple(tuple(row) for row in data))


Puzzle_ = CrossProductPuzzle
Solution_ = CrossProductSolution
