"""CrossProduct puzzle and solution values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..model import Puzzle, Solution
from ..text import parse_place, place, shorten

# The domain's names, as Norvig's CrossProduct notebooks use them.
Digit = int                           # 1..9
Grid = tuple[tuple[Digit, ...], ...]  # rows of digits
Products = tuple[int | None, ...]     # the row (or column) products (None: blank, any)
Givens = tuple[tuple[int, int], ...]  # (cell index r*C + c, digit), by cell
Mask = int                            # a set of digits: bit d for digit d
Domains = list[Mask]                  # the candidates of every cell, row by row

MAX_LINES = 400        # at most this many rows, and this many columns
MAX_DIGITS = 1000      # a product written with more digits than this is absurd


@dataclass(frozen=True)
class CrossProductPuzzle(Puzzle):
    """Row products (top to bottom) and column products (left to right)."""

    kind: ClassVar[str] = "crossproduct"
    rows: Products
    cols: Products
    # Digits given in advance (the setter's workbench adds them to make a puzzle unique).
    givens: Givens = ()

    @property
    def shape(self) -> tuple[int, int]:
        """(number of rows, number of columns)."""
        return len(self.rows), len(self.cols)

    @property
    def blank(self) -> bool:
        """Is some product blank (a line without clue)?"""
        return None in self.rows or None in self.cols

    def to_json(self) -> dict[str, Any]:
        """`{"rows": [...], "cols": [...]}` (null: a blank product), with
        `"givens": {"r2c3": 5}` when digits are given."""
        data: dict[str, Any] = {"rows": list(self.rows), "cols": list(self.cols)}
        if self.givens:
            C = len(self.cols)
            data["givens"] = {place(*divmod(i, C)): d for i, d in self.givens}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CrossProductPuzzle:
        """Read `to_json()` back (checked like parsed input)."""
        return puzzle_from_json(data)


@dataclass(frozen=True)
class CrossProductSolution(Solution):
    """The filled grid, a tuple of rows of digits 1-9."""

    kind: ClassVar[str] = "crossproduct"
    grid: Grid

    def to_json(self) -> list[list[int]]:
        """The grid as a list of rows."""
        return [list(row) for row in self.grid]

    @classmethod
    def from_json(cls, data: Any) -> CrossProductSolution:
        """Read `to_json()` back."""
        if not isinstance(data, list) or not all(isinstance(r, list) for r in data):
            raise PuzzleError("a crossproduct solution is a list of rows of digits")
        for r, row in enumerate(data):
            for c, v in enumerate(row):
                if isinstance(v, bool) or not isinstance(v, int):
                    raise PuzzleError(f"{place(r, c)} is not a digit: {v!r}")
        return cls(tuple(tuple(row) for row in data))


def puzzle_from_json(data: Any) -> CrossProductPuzzle:
    """A puzzle from `{"rows": [...], "cols": [...]}` (checked)."""
    if not isinstance(data, dict):
        raise PuzzleError('a crossproduct puzzle in JSON is {"rows": [...], "cols": [...]}')
    parts: dict[str, Products] = {}
    for key in ("rows", "cols"):
        if key not in data:
            raise PuzzleError(f'missing "{key}" in the JSON puzzle')
        values = data[key]
        if not isinstance(values, list):
            raise PuzzleError(f'"{key}" must be a list of whole numbers', where=key)
        check_count(len(values), key, {})
        for i, v in enumerate(values):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise PuzzleError(f"{v!r} is not a whole number", where=f"{key}[{i}]")
        parts[key] = tuple(None if v is None else check_number(v, {"where": f"{key}[{i}]"})
                           for i, v in enumerate(values))
    givens = data.get("givens") or {}
    if not isinstance(givens, dict):
        raise PuzzleError('"givens" must be {"r2c3": 5, ...}', where="givens")
    R, C = len(parts["rows"]), len(parts["cols"])
    return CrossProductPuzzle(parts["rows"], parts["cols"],
                              check_givens(list(givens.items()), R, C, {"where": "givens"}))


def check_givens(items: list[tuple[Any, Any]], R: int, C: int, where: dict) -> Givens:
    """Given digits as (cell index, digit) by cell, from (`r2c3`, digit) pairs."""
    out: dict[int, int] = {}
    for at, d in items:
        r, c = parse_place(str(at), R, C)
        if isinstance(d, str) and d.isascii() and d.isdigit() and len(d) == 1:
            d = int(d)
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 9:
            raise PuzzleError(f"the given at {place(r, c)} must be a digit 1-9, not "
                              f"{shorten(d)!r}", **where)
        out[r * C + c] = d
    return tuple(sorted(out.items()))


def check_count(n: int, key: str, where: dict) -> None:
    """Refuse more than MAX_LINES rows or columns."""
    if n > MAX_LINES:
        raise PuzzleError(f"too many {key}: at most {MAX_LINES}", **where)


def check_number(token: Any, where: dict) -> int:
    """A non-negative whole number from a token or JSON value."""
    if isinstance(token, bool):
        raise PuzzleError(f"{token!r} is not a whole number", **where)
    if isinstance(token, int):
        text = str(token)
    elif isinstance(token, str):
        text = token.strip()
    else:
        raise PuzzleError(f"{token!r} is not a whole number", **where)
    if text.startswith("-"):
        raise PuzzleError(f"{text!r} is negative: products are whole numbers >= 0", **where)
    if text.startswith("+"):
        text = text[1:]
    if not text.isascii() or not text.isdigit():
        raise PuzzleError(f"{text!r} is not a whole number", **where)
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise PuzzleError(f"number too large (more than {MAX_DIGITS} digits)", **where)
    return int(text)

