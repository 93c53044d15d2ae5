"""Keen puzzle and solution values, and the checks every reader shares.

A Keen puzzle is an order N and its cages. A cage is a connected group of
cells with an operation and a target: `+` (sum) and `*` (product) on any
number of cells, `-` (difference) and `/` (quotient) on two cells, and `=`
on one cell (the cell's value). Cells are flat indices `r*N + c` (0-based);
cages are kept in the order of their smallest cell, each cage's cells sorted,
so two readings of one puzzle compare equal whatever their labels were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..model import Puzzle, Solution
from ..text import parse_place, shorten
from ..text import place as cell_place

MIN_ORDER = 3
MAX_ORDER = 16
DEFAULT_MAX = 9          # orders the generator offers by default

OPS = ("+", "-", "*", "/", "=", "?")   # "?": a cage without clue (any digits)
# How people type the operations (and how Tatham's IDs spell them).
OP_SPELLINGS = {"+": "+", "-": "-", "−": "-", "–": "-", "*": "*", "x": "*", "X": "*",
                "×": "*", "·": "*", "/": "/", "÷": "/", ":": "/", "=": "=", "?": "?"}
OP_WORDS = {"+": "sum", "-": "difference", "*": "product", "/": "quotient", "=": "given",
            "?": "blank"}
OP_SIGNS = {"+": "+", "-": "−", "*": "×", "/": "÷", "=": "", "?": ""}     # as drawn


def cell_name(n: int, i: int) -> str:
    """`r2c3` for flat index i (1-based row and column)."""
    return cell_place(*divmod(i, n))


@dataclass(frozen=True)
class Cage:
    """One cage: its operation, target and cells (flat indices, sorted)."""

    op: str
    target: int
    cells: tuple[int, ...]

    def clue(self) -> str:
        """`12x`, `3-`, `2/`, `7+`, or `4` for a given: as the text format writes it."""
        if self.op == "=":
            return str(self.target)
        if self.op == "?":
            return "?"
        return f"{self.target}{'x' if self.op == '*' else self.op}"

    def label(self) -> str:
        """`12×`, `3−`, `4`: as drawn on the grid (a blank cage: nothing)."""
        if self.op == "?":
            return ""
        return f"{self.target}{OP_SIGNS[self.op]}"

    def holds(self, values: list[int]) -> bool:
        """Do these values (one per cell) meet the cage's clue?"""
        if self.op == "?":
            return True
        if self.op == "+":
            return sum(values) == self.target
        if self.op == "*":
            return prod(values) == self.target
        if self.op == "=":
            return values == [self.target]
        a, b = values
        if self.op == "-":
            return abs(a - b) == self.target
        return a * self.target == b or b * self.target == a


@dataclass(frozen=True)
class KeenPuzzle(Puzzle):
    """An N×N Keen grid: the order and the cages (in order of their first cell)."""

    kind: ClassVar[str] = "keen"
    n: int
    cages: tuple[Cage, ...]
    # Digits given in advance, (cell, value) by cell (the setter's workbench adds them).
    givens: tuple[tuple[int, int], ...] = ()

    def cage_of(self) -> list[int]:
        """For every cell, the index of its cage."""
        owner = [0] * (self.n * self.n)
        for k, cage in enumerate(self.cages):
            for i in cage.cells:
                owner[i] = k
        return owner

    def to_json(self) -> dict[str, Any]:
        """`{"n": 4, "cages": [{"op": "*", "target": 12, "cells": [[1, 1], [2, 1]]}, ...]}`
        (cells as 1-based [row, column])."""
        n = self.n
        data: dict[str, Any] = {"n": n, "cages": [
            {"op": cage.op, "target": cage.target,
             "cells": [[i // n + 1, i % n + 1] for i in cage.cells]} for cage in self.cages]}
        if self.givens:
            data["givens"] = {cell_name(n, i): v for i, v in self.givens}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KeenPuzzle:
        """Read `to_json()` back, checking it (PuzzleError naming the cage)."""
        return puzzle_from_json(data)


@dataclass(frozen=True)
class KeenSolution(Solution):
    """The filled Latin square."""

    kind: ClassVar[str] = "keen"
    grid: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """`{"grid": [[...], ...]}`."""
        return {"grid": [list(row) for row in self.grid]}

    @classmethod
    def from_json(cls, data: Any) -> KeenSolution:
        """Read `{"grid": ...}` back."""
        try:
            grid = tuple(tuple(int(v) for v in row) for row in data["grid"])
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleError(f"bad Keen solution JSON: {exc}") from None
        return cls(grid)


def check_order(n: int, where: str = "") -> None:
    """PuzzleError unless MIN_ORDER <= n <= MAX_ORDER."""
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise PuzzleError(f"order {n} is outside {MIN_ORDER}..{MAX_ORDER}", where=where or None)


def cage_where(n: int, cage: Cage, number: int | None = None) -> str:
    """`cage 3 at r1c2` (or `cage at r1c2`) for error messages."""
    first = cell_name(n, cage.cells[0])
    return f"cage {number} at {first}" if number is not None else f"cage at {first}"


def _connected(n: int, cells: tuple[int, ...]) -> bool:
    """Are the cells one orthogonally connected group?"""
    todo = [cells[0]]
    seen = {cells[0]}
    members = set(cells)
    while todo:
        i = todo.pop()
        r, c = divmod(i, n)
        for j, ok in ((i - n, r > 0), (i + n, r < n - 1), (i - 1, c > 0), (i + 1, c < n - 1)):
            if ok and j in members and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(cells)


def make_puzzle(n: int, cages: list[Cage], givens: Sequence[tuple[Any, Any]] = ()) -> KeenPuzzle:
    """A checked puzzle from cages in any order: every cell in exactly one cage,
    every cage connected, its operation fitting its size and its target
    reachable. PuzzleError names the cage for anything wrong."""
    check_order(n)
    owner: dict[int, int] = {}
    ordered = sorted((Cage("=" if len(c.cells) == 1 and c.op in "+*" else c.op, c.target,
                           tuple(sorted(c.cells))) for c in cages),
                     key=lambda c: c.cells[0] if c.cells else -1)
    for number, cage in enumerate(ordered, start=1):
        if not cage.cells:
            raise PuzzleError(f"cage {number} has no cells")
        for i in cage.cells:
            if not 0 <= i < n * n:
                raise PuzzleError(f"cage {number} has a cell outside the {n}x{n} grid")
            if i in owner:
                raise PuzzleError(f"{cell_name(n, i)} is in two cages", where=cage_where(n, cage))
            owner[i] = number
    missing = [i for i in range(n * n) if i not in owner]
    if missing:
        raise PuzzleError(f"{cell_name(n, missing[0])} is in no cage")
    for number, cage in enumerate(ordered, start=1):
        check_cage(n, cage, number)
    return KeenPuzzle(n, tuple(ordered), check_givens(n, givens))


def check_givens(n: int, items: Any) -> tuple[tuple[int, int], ...]:
    """Given digits as (cell, value) by cell, from (`r2c3`, value) pairs."""
    out: dict[int, int] = {}
    for at, v in items:
        r, c = parse_place(str(at), n)
        if isinstance(v, str) and v.isascii() and v.isdigit() and len(v) <= 2:
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
            raise PuzzleError(f"the given at {cell_place(r, c)} must be a value 1..{n}, not "
                              f"{shorten(v)!r}")
        out[r * n + c] = v
    return tuple(sorted(out.items()))


def check_cage(n: int, cage: Cage, number: int | None = None) -> None:
    """One cage's own rules: connected, operation fits its size, target reachable."""
    where = cage_where(n, cage, number)
    size = len(cage.cells)
    if cage.op not in OPS:
        raise PuzzleError(f"unknown operation {cage.op!r}", where=where)
    if not _connected(n, cage.cells):
        raise PuzzleError("the cage is not connected", where=where)
    if cage.op in "-/" and size != 2:
        raise PuzzleError(f"a {OP_WORDS[cage.op]} cage ({cage.label()}) must have two cells, "
                          f"not {size}", where=where)
    if cage.op == "=" and size != 1:
        raise PuzzleError(f"a cage without operation ({cage.target}) must be one cell, "
                          f"not {size}", where=where)
    if not reachable(n, cage):
        raise PuzzleError(f"no {size} cell{'s' if size > 1 else ''} of a {n}x{n} grid can make "
                          f"{cage.label()}", where=where)


def reachable(n: int, cage: Cage) -> bool:
    """Can digits 1..n in the cage's cells (distinct within a row or column) meet
    its target? Exact for one- and two-cell cages, bounds for larger ones (the
    search settles the rest)."""
    t, size = cage.target, len(cage.cells)
    if cage.op == "?":
        return True
    if t < 0:
        return False
    if cage.op == "=":
        return 1 <= t <= n
    if cage.op == "-":
        return 1 <= t <= n - 1
    if cage.op == "/":
        return 2 <= t <= n
    if size == 1:
        return 1 <= t <= n
    if size == 2:   # two cells of a cage share a line: two different digits
        return any(a != b and (a + b if cage.op == "+" else a * b) == t
                   for a in range(1, n + 1) for b in range(1, n + 1))
    if cage.op == "+":
        return size <= t <= size * n
    if t < 1 or t > n ** size:
        return False
    rest = t
    for p in (2, 3, 5, 7, 11, 13):
        while rest % p == 0:
            rest //= p
    if rest != 1:
        return False
    # every prime factor p of t needs a digit that is a multiple of p
    return all(t % p or p <= n for p in (2, 3, 5, 7, 11, 13))


def puzzle_from_json(data: Any) -> KeenPuzzle:
    """Validate `{"n": N, "cages": [{"op", "target", "cells"}, ...]}`."""
    if not isinstance(data, dict) or not isinstance(data.get("cages"), list):
        raise PuzzleError('Keen JSON must be {"n": N, "cages": [{"op": "+", "target": 7, '
                          '"cells": [[1, 1], [1, 2]]}, ...]}')
    n = data.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise PuzzleError('Keen JSON needs the order "n" as a whole number')
    check_order(n)
    cages = []
    for number, item in enumerate(data["cages"], start=1):
        if not isinstance(item, dict):
            raise PuzzleError(f"cage {number}: expected an object with op, target, cells")
        op = OP_SPELLINGS.get(str(item.get("op", "")))
        target = item.get("target")
        cells = item.get("cells")
        if op is None:
            raise PuzzleError(f"cage {number}: unknown operation {item.get('op')!r} "
                              "(one of + - * / =)")
        if not isinstance(target, int) or isinstance(target, bool):
            raise PuzzleError(f"cage {number}: the target must be a whole number")
        if not isinstance(cells, list) or not cells:
            raise PuzzleError(f"cage {number}: cells must be a list of [row, column]")
        flat = []
        for cell in cells:
            if (not isinstance(cell, list) or len(cell) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
                raise PuzzleError(f"cage {number}: a cell must be [row, column], not {cell!r}")
            r, c = cell
            if not (1 <= r <= n and 1 <= c <= n):
                raise PuzzleError(f"cage {number}: cell [{r}, {c}] is outside the {n}x{n} grid")
            flat.append((r - 1) * n + c - 1)
        if len(set(flat)) != len(flat):
            raise PuzzleError(f"cage {number}: a cell is listed twice")
        cages.append(Cage(op, target, tuple(flat)))
    givens = data.get("givens") or {}
    if not isinstance(givens, dict):
        raise PuzzleError('"givens" must be {"r2c3": 5, ...}')
    return make_puzzle(n, cages, list(givens.items()))
