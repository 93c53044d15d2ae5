"""The crypto-product generator: `X x Y = Z` in colours by difficulty (seed 003).

Every puzzle returned has exactly one solution, proved by counting with limit 2.
"""

from __future__ import annotations

import random
from typing import Any

from ..budget import Budget
from ..errors import GenerationError, PuzzleError
from ..model import Generated
from .model import COLOURS

MAX_ATTEMPTS = 4000


def factor_lengths(kind: Any, size: str | None, difficulty: str | None,
                   digits: str | None) -> tuple[int, int, int | None]:
    """(length of X, length of Y, required length of Z or None)."""
    difficulty = difficulty or kind.default_difficulty
    if difficulty == "easy":
        # No 1-digit x 1-digit = 2-digit puzzle has exactly one solution (every
        # pattern has 0 or at least 2), so easy is 1 x 2 = 2: five digits in all.
        return 1, 2, 2
    if difficulty == "medium":
        return 2, 2, 4
    if difficulty != "custom":
        raise PuzzleError(f"unknown difficulty {difficulty!r} (easy, medium or custom)")
    spec = digits or size or "4x4"
    parts = spec.lower().replace("×", "x").split("x")
    try:
        a, b = int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        raise PuzzleError(f"--digits expects AxB (e.g. 4x6), not {spec!r}") from None
    if len(parts) != 2 or not (4 <= a <= 9 and 4 <= b <= 9):
        raise PuzzleError("--digits: each factor has 4 to 9 digits (seed 003's custom level)")
    return a, b, None


def _word(n: int, colours: list[str]) -> str:
    return "".join(colours[int(ch)] for ch in str(n))


def generate_product(kind: Any, rng: random.Random, size: str | None, difficulty: str | None,
                     budget: Budget, digits: str | None = None, **_: Any) -> Generated:
    """`X x Y = Z` in colours with exactly one solution (base 10)."""
    a, b, zlen = factor_lengths(kind, size, difficulty, digits)
    for _attempt in range(MAX_ATTEMPTS):
        budget.tick()
        x = rng.randrange(10 ** (a - 1), 10 ** a)
        y = rng.randrange(10 ** (b - 1), 10 ** b)
        z = x * y
        if zlen is not None and len(str(z)) != zlen:
            continue
        if len(set(f"{x}{y}{z}")) < 3:      # at least three colours (the seed: 2..6 values)
            continue
        colours = rng.sample(COLOURS, 10)
        puzzle = kind.parse(f"{_word(x, colours)} x {_word(y, colours)} = {_word(z, colours)}")
        sols = list(kind.solutions(puzzle, limit=2, budget=budget.child()))
        if len(sols) == 1:
            grade = kind.grade(puzzle)
            return Generated(puzzle, sols[0], grade, kind.to_text(puzzle),
                             extra={"digits": f"{a}x{b}"})
    raise GenerationError(f"no unique {a}x{b} crypto-product found in {MAX_ATTEMPTS} attempts")
