"""The 3×3 Keen puzzles above medium, all of them, and which difficulties each
order has (the kind's size table, `KeenKind.offers`).

Every 3×3 Keen puzzle was enumerated (`benchmarks/enumerate_small.py keen`: the
12 Latin squares, the 1,434 ways to cut the grid into connected cages, every
operation a cage can take; 209,600 distinct puzzles): 42,316 are not unique,
157,748 grade easy, 9,520 medium, and 16 need more than medium. Those 16 are one
pinwheel of four `1−` dominoes around an L of three cells (`7+`), turned,
mirrored and with its digits v -> 4 - v (the L then says `5+`): 12 grade hard and
4 extreme (the kernel's path depends on where the cells are), none unreasonable.
Tatham's deal of operations (`generate.clues`: ÷, −, ×, + in turn) never gives
four cages the same one, so his generator never makes them: at order 3 above
medium the generator draws one of these.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..errors import PuzzleError
from ..kinds import Offer
from .explain import LEVELS
from .model import Cage, KeenPuzzle

# The pinwheel: `1−` dominoes r1c1-r2c1, r1c2-r1c3, r2c3-r3c3, and the L r2c2, r3c1, r3c2.
PINWHEEL = (("-", 1, (0, 3)), ("-", 1, (1, 2)), ("+", 7, (4, 6, 7)), ("-", 1, (5, 8)))

OFFERS = (
    Offer("3", ((3, 3),), LEVELS[:4],
          "all 209,600 3x3 Keen puzzles enumerated: 16 need more than medium, 12 of them "
          "graded hard and 4 extreme, none unreasonable"),
    Offer("4 to 16", ((4, None),), LEVELS, "every level is made (benchmarks/bench_sizes.py)"),
)


def _turned(i: int, t: int) -> int:
    """Cell i of a 3×3 grid turned a quarter t % 4 times, then mirrored if t >= 4."""
    r, c = divmod(i, 3)
    for _ in range(t % 4):
        r, c = c, 2 - r
    return r * 3 + (2 - c if t >= 4 else c)


@lru_cache(maxsize=1)
def above_medium() -> tuple[tuple[KeenPuzzle, str], ...]:
    """The 16 unique 3×3 puzzles above medium, each with its grade, in a fixed order."""
    from ..deduce import grade
    from .explain import KeenRules, start_masks
    found = []
    for flip in (False, True):
        for t in range(8):
            cages = sorted((Cage(op, 12 - target if flip and op == "+" else target,
                                 tuple(sorted(_turned(i, t) for i in cells)))
                            for op, target, cells in PINWHEEL), key=lambda c: c.cells[0])
            puzzle = KeenPuzzle(3, tuple(cages))
            found.append((puzzle, grade(KeenRules(puzzle), start_masks(puzzle))[0]))
    return tuple(found)


def draw(level: str, rng: random.Random) -> tuple[KeenPuzzle, list[int]]:
    """One of the 3×3 puzzles graded exactly `level` (hard or extreme), with its solution."""
    from .search import solve
    graded = [p for p, grade in above_medium() if grade == level]
    if not graded:
        raise PuzzleError(f"no 3x3 Keen puzzle is {level} ({OFFERS[0].reason})")
    puzzle = rng.choice(graded)
    return puzzle, list(next(iter(solve(puzzle, limit=1))))
