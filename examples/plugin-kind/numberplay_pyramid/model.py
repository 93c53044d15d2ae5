"""The values: a pyramid of bricks, row 1 at the top, row r holding r bricks."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any, ClassVar

from numberplay import Puzzle, PuzzleError, Solution

NAME = "pyramid"
MIN_ROWS, MAX_ROWS = 2, 6
DIGITS = range(1, 10)             # the bottom row
MAX_VALUE = 9 * 2 ** (MAX_ROWS - 1)

Rows = tuple[tuple[int | None, ...], ...]


def place(r: int, c: int) -> str:
    """The name steps and states use for brick (r, c), 1-based: "r2c1"."""
    return f"r{r}c{c}"


def weights(n: int, r: int, c: int) -> list[int]:
    """How many times each bottom brick counts in brick (r, c) of an n-row pyramid."""
    out = [0] * n
    for j in range(n - r + 1):
        out[c - 1 + j] = comb(n - r, j)
    return out


def build(bottom: list[int]) -> tuple[tuple[int, ...], ...]:
    """The whole pyramid standing on a bottom row."""
    rows = [tuple(bottom)]
    while len(rows[0]) > 1:
        below = rows[0]
        rows.insert(0, tuple(a + b for a, b in zip(below, below[1:], strict=False)))
    return tuple(rows)


def check_rows(data: Any) -> Rows:
    """Rows from JSON values; PuzzleError naming the row for anything malformed."""
    if not isinstance(data, list) or not MIN_ROWS <= len(data) <= MAX_ROWS:
        raise PuzzleError(f"a pyramid has {MIN_ROWS} to {MAX_ROWS} rows (a list of rows)")
    rows = []
    for r, row in enumerate(data, 1):
        if not isinstance(row, list) or len(row) != r:
            raise PuzzleError(f"row {r} must hold {r} bricks")
        for c, value in enumerate(row, 1):
            if value is not None and (type(value) is not int or not 1 <= value <= MAX_VALUE):
                raise PuzzleError(f"{place(r, c)}: a brick is a whole number 1..{MAX_VALUE} "
                                  "or null")
        rows.append(tuple(row))
    return tuple(rows)


@dataclass(frozen=True)
class PyramidPuzzle(Puzzle):
    """The given bricks (None where the brick is to be found)."""

    kind: ClassVar[str] = NAME
    rows: Rows

    @property
    def n(self) -> int:
        """The number of rows."""
        return len(self.rows)

    def to_json(self) -> dict[str, Any]:
        return {"rows": [list(row) for row in self.rows]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PyramidPuzzle:
        if not isinstance(data, dict):
            raise PuzzleError("a pyramid puzzle is an object with \"rows\"")
        return cls(check_rows(data.get("rows")))


@dataclass(frozen=True)
class PyramidSolution(Solution):
    """Every brick."""

    kind: ClassVar[str] = NAME
    rows: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"rows": [list(row) for row in self.rows]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PyramidSolution:
        rows = check_rows(data.get("rows") if isinstance(data, dict) else None)
        if any(v is None for row in rows for v in row):
            raise PuzzleError("a solution fills every brick")
        return cls(tuple(tuple(int(v) for v in row if v is not None) for row in rows))
