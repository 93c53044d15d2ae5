"""Solving: a search over the bottom row, and the deductions a person makes."""

from __future__ import annotations

from collections.abc import Iterator

from numberplay import Budget

from .model import DIGITS, PyramidPuzzle, build, place, weights

Known = dict[tuple[int, int], int]   # (row, column) -> value


def bottom_rows(puzzle: PyramidPuzzle, budget: Budget | None = None) -> Iterator[list[int]]:
    """Every bottom row under which the pyramid shows the given bricks, in
    increasing order. Each given brick bounds the digits still open (all 1s
    to all 9s), which prunes the search early."""
    n = puzzle.n
    givens = [(value, weights(n, r, c)) for r, row in enumerate(puzzle.rows, 1)
              for c, value in enumerate(row, 1) if value is not None]
    bottom: list[int] = []

    def fits() -> bool:
        k = len(bottom)
        for value, w in givens:
            fixed = sum(w[j] * bottom[j] for j in range(k))
            rest = sum(w[k:])
            if not fixed + rest * DIGITS[0] <= value <= fixed + rest * DIGITS[-1]:
                return False
        return True

    def walk() -> Iterator[list[int]]:
        if budget is not None:
            budget.tick()
        if len(bottom) == n:
            yield list(bottom)
            return
        for digit in DIGITS:
            bottom.append(digit)
            if fits():
                yield from walk()
            bottom.pop()

    if fits():
        yield from walk()


def known_of(puzzle: PyramidPuzzle) -> Known:
    """The given bricks."""
    return {(r, c): v for r, row in enumerate(puzzle.rows, 1)
            for c, v in enumerate(row, 1) if v is not None}


def deduction(n: int, known: Known) -> tuple[str, str, tuple[str, ...], tuple[int, int], int] | None:
    """The first step a person can take: (technique, text, cells looked at, brick,
    value), or None when nothing follows. "sum": both bricks below are known;
    "difference": a brick and one of the two below it are."""
    for r in range(n - 1, 0, -1):
        for c in range(1, r + 1):
            left, right = known.get((r + 1, c)), known.get((r + 1, c + 1))
            if (r, c) not in known and left is not None and right is not None:
                cells = (place(r + 1, c), place(r + 1, c + 1))
                return ("sum", f"{place(r, c)} = {left} + {right} = {left + right}",
                        cells, (r, c), left + right)
    for r in range(1, n):
        for c in range(1, r + 1):
            top = known.get((r, c))
            if top is None:
                continue
            for have, want in (((r + 1, c), (r + 1, c + 1)), ((r + 1, c + 1), (r + 1, c))):
                if have in known and want not in known:
                    value = top - known[have]
                    text = (f"{place(*want)} = {place(r, c)} - {place(*have)} = "
                            f"{top} - {known[have]} = {value}")
                    return "difference", text, (place(r, c), place(*have)), want, value
    return None


def conflict(n: int, known: Known) -> str | None:
    """Why the known bricks cannot stand (a sum that does not hold, a bottom brick
    that is not a digit), or None."""
    for (r, c), value in sorted(known.items()):
        if r == n and value not in DIGITS:
            return f"{place(r, c)} would be {value}, but the bottom row holds digits 1 to 9"
        if value < 1:
            return f"{place(r, c)} would be {value}, but every brick is at least 1"
        left, right = known.get((r + 1, c)), known.get((r + 1, c + 1))
        if r < n and left is not None and right is not None and left + right != value:
            return f"{place(r, c)} = {value}, but {left} + {right} = {left + right}"
    return None


def complete(n: int, known: Known) -> bool:
    """Is every brick known?"""
    return len(known) == n * (n + 1) // 2


def as_rows(n: int, known: Known) -> tuple[tuple[int | None, ...], ...]:
    """The known bricks as rows, None where unknown."""
    return tuple(tuple(known.get((r, c)) for c in range(1, r + 1)) for r in range(1, n + 1))


__all__ = ["as_rows", "bottom_rows", "build", "complete", "conflict", "deduction", "known_of"]
