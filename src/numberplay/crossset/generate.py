"""Generating Cross Set puzzles with a unique solution and a set difficulty.

1. A random Latin square from the Jacobson–Matthews chain.
2. Each cell gets the solution value plus random decoys.
3. While the techniques up to the target level stall, drop a decoy from an
   open cell of the stalled grid and go on from there (the deductions made so
   far stay valid when a candidate goes). When the techniques finish, the
   puzzle is unique; it is kept if the techniques one level lower stall (so the
   target level is needed), otherwise we start again, as Simon Tatham's
   generators do. For "search", decoys that a second solution uses are dropped
   until the search proves uniqueness, and the techniques must stall.
4. Uniqueness is always proved by search (count with limit 2).

Proving a "search" puzzle unique is a Latin-square completion, and its cost is
heavy-tailed and grows with the number of decoys: at order 25, 2-5 decoys a
cell make most proofs run for minutes, while 2-4 make puzzles the techniques
solve. So (i) every try runs under a node cap, which grows after each try it
stops, and a stopped try is dropped for a fresh square; (ii) for "search" the
decoy range moves along `SEARCH_DECOYS`: down a rung after a stopped try, up a
rung after a puzzle the techniques solve. (Order 20, search grade: one seed
took over five minutes before; see docs/crossset.md.) The loops themselves are the
Latin core's (`numberplay.latin.generate`); what a clue is (a decoy) is said here.
"""

from __future__ import annotations

import random

from ..budget import Budget, ensure
from ..errors import GenerationError
from ..kinds import get_kind
from ..latin.explain import GRADES
from ..latin.generate import capped_tries, narrow_until_solved, random_square, repair_until_unique
from .explain import ladder
from .model import CrossSetPuzzle
from .solve import solve_masks


class _ByLevel(dict):  # type: ignore[type-arg]
    """Decoys per cell (fewest, most) by level; a level past the listed ones (the
    search level, or a technique added to the Latin ladder) takes the last."""

    def __missing__(self, level: int) -> tuple[int, int]:
        return self[max(self)]  # type: ignore[no-any-return]


DECOYS = _ByLevel({0: (1, 3), 1: (1, 3), 2: (2, 4), 3: (2, 4), 4: (2, 5)})
SEARCH = GRADES.index("search")   # the level that needs search (a trial or a guess)
# decoys per cell for "search", fewer to more (means 2 to 4.5); tries start at DECOYS[SEARCH]
SEARCH_DECOYS = [(1, 3), (1, 4), (2, 4), (2, 5), (3, 5), (3, 6)]
FIRST_CAP = 100_000   # search nodes allowed to the first try
CAP_GROWTH = 1.5      # each try stopped by its cap lets the next one search this much longer


def _decoyed(n: int, solution: list[int], decoys: tuple[int, int],
             rng: random.Random) -> list[int]:
    """Solution bit plus a few (`decoys`: fewest, most) random other values in every cell."""
    lo, hi = decoys
    hi = min(hi, n - 1)
    lo = min(lo, hi)
    masks = []
    for v in solution:
        others = [u for u in range(n) if u != v]
        k = rng.randint(lo, hi)
        m = 1 << v
        for u in rng.sample(others, k):
            m |= 1 << u
        masks.append(m)
    return masks


def _grade(n: int, masks: list[int]) -> str:
    """The one grade (`Kind.grade`: the kernel's, as explain gives it)."""
    puzzle = CrossSetPuzzle.from_masks(n, masks)
    return get_kind(puzzle.kind).grade(puzzle)


def _attempt(n: int, level: int, rng: random.Random, budget: Budget,
             decoys: tuple[int, int] | None = None) -> tuple[list[int], list[int]] | None:
    """One try: (puzzle masks, solution values) at exactly `level`, or None."""
    solution = random_square(n, rng)
    masks = _decoyed(n, solution, decoys or DECOYS[level], rng)
    if level >= SEARCH:
        return _attempt_search(n, masks, solution, rng, budget)
    hardest = narrow_until_solved(masks, solution, rng, lambda m: ladder(n, m, level), budget)
    # Deductions stay valid when candidates go, so a path that never used the
    # target level shows the final puzzle is easier: reject it at once.
    if hardest < level and level > 0:
        return None
    if level > 0 and ladder(n, masks, level - 1)[0] == "solved":
        return None
    # Singles are monotone (one found stays true when candidates go), so for
    # levels 0-1 the checks above prove the grade; the techniques above them look
    # only up to half a line's open cells, which breaks that: ask the grader.
    if level >= 2 and _grade(n, masks) != GRADES[level]:
        return None
    return masks, solution


def _attempt_search(n: int, masks: list[int], solution: list[int], rng: random.Random,
                    budget: Budget) -> tuple[list[int], list[int]] | None:
    """Drop decoys that other solutions use until unique; keep it if techniques stall.
    (The loop ends on a complete search that found `solution` alone: a proof.)"""
    def drop(other: list[int]) -> None:
        i = rng.choice([i for i in range(n * n) if other[i] != solution[i]])
        masks[i] &= ~(1 << other[i])
    repair_until_unique(solution, lambda: list(solve_masks(n, masks, limit=2, budget=budget)),
                        drop)
    if ladder(n, masks, SEARCH - 1)[0] == "solved":
        return None
    return masks, solution


def generate_masks(n: int, level: int, rng: random.Random, budget: Budget | None = None,
                   attempts: int = 2000) -> tuple[list[int], list[int]]:
    """A puzzle of order n graded exactly `level`, with its proved-unique solution:
    tries until the budget runs out (`attempts` tries under a budget without limit)."""
    budget = ensure(budget)
    if n < 1:
        raise GenerationError("size must be at least 1")
    rung = SEARCH_DECOYS.index(DECOYS[SEARCH])

    def attempt(sub: Budget) -> tuple[list[int], list[int]] | None:
        nonlocal rung
        found = _attempt(n, level, rng, sub, SEARCH_DECOYS[rung] if level >= SEARCH else None)
        if found is None:
            if level >= SEARCH:   # the techniques solved it: more decoys
                rung = min(rung + 1, len(SEARCH_DECOYS) - 1)
            return None
        masks, solution = found
        if level >= SEARCH:     # _attempt_search has proved it unique
            return found
        sols = list(solve_masks(n, masks, limit=2, budget=sub))
        return found if len(sols) == 1 and sols[0] == solution else None

    def capped() -> None:
        nonlocal rung
        if level >= SEARCH:       # the proof ran long: fewer decoys
            rung = max(rung - 1, 0)

    found = capped_tries(attempt, budget, first_cap=FIRST_CAP, growth=CAP_GROWTH,
                         attempts=attempts, on_capped=capped)
    if found is None:
        raise GenerationError(f"no {n}x{n} Cross Set puzzle graded {GRADES[level]!r} "
                              f"found in {attempts} attempts (no time budget was set)")
    return found
