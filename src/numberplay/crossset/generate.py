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
took over five minutes before; see the README's generation figures.)
"""

from __future__ import annotations

import random

from ..budget import Budget, ensure
from ..errors import BudgetExceeded, GenerationError
from ..latin import techniques as T
from ..latin.squares import jacobson_matthews
from .explain import grade_masks
from .solve import solve_masks

DECOYS = {0: (1, 3), 1: (1, 3), 2: (2, 4), 3: (2, 4), 4: (2, 5), 5: (2, 5)}
SEARCH = T.LEVELS.index("search")   # the level that needs search
# decoys per cell for "search", fewer to more (means 2 to 4.5); tries start at DECOYS[SEARCH]
SEARCH_DECOYS = [(1, 3), (1, 4), (2, 4), (2, 5), (3, 5), (3, 6)]
FIRST_CAP = 100_000   # search nodes allowed to the first try
CAP_GROWTH = 1.5      # each try stopped by its cap lets the next one search this much longer


def _decoyed(n: int, square: list[list[int]], decoys: tuple[int, int],
             rng: random.Random) -> list[int]:
    """Solution bit plus a few (`decoys`: fewest, most) random other values in every cell."""
    lo, hi = decoys
    hi = min(hi, n - 1)
    lo = min(lo, hi)
    masks = []
    for r in range(n):
        for c in range(n):
            v = square[r][c]
            others = [u for u in range(n) if u != v]
            k = rng.randint(lo, hi)
            m = 1 << v
            for u in rng.sample(others, k):
                m |= 1 << u
            masks.append(m)
    return masks


def _attempt(n: int, level: int, rng: random.Random, budget: Budget,
             decoys: tuple[int, int] | None = None) -> tuple[list[int], list[int]] | None:
    """One try: (puzzle masks, solution values) at exactly `level`, or None."""
    square = jacobson_matthews(n, rng)
    solution = [square[r][c] for r in range(n) for c in range(n)]
    masks = _decoyed(n, square, decoys or DECOYS[level], rng)
    if level >= SEARCH:
        return _attempt_search(n, masks, solution, rng, budget)
    m = list(masks)
    hardest = -1
    while True:
        budget.tick()
        status, used, m = T.run(n, m, level)
        hardest = max(hardest, used)
        if status == "solved":
            break
        open_cells = [i for i, d in enumerate(m) if d & (d - 1)]
        i = rng.choice(open_cells)
        u = rng.choice([x for x in T.bits(m[i]) if x != solution[i]])
        m[i] &= ~(1 << u)
        masks[i] &= ~(1 << u)
    # Deductions stay valid when candidates go, so a path that never used the
    # target level shows the final puzzle is easier: reject it at once.
    if hardest < level and level > 0:
        return None
    if level > 0 and T.run(n, masks, level - 1)[0] == "solved":
        return None
    if grade_masks(n, masks) != T.LEVELS[level]:
        return None
    return masks, solution


def _attempt_search(n: int, masks: list[int], solution: list[int], rng: random.Random,
                    budget: Budget) -> tuple[list[int], list[int]] | None:
    """Drop decoys that other solutions use until unique; keep it if techniques stall.
    (The loop ends on a complete search that found `solution` alone: a proof.)"""
    while True:
        sols = list(solve_masks(n, masks, limit=2, budget=budget))
        other = next((s for s in sols if s != solution), None)
        if other is None:
            break
        diff = [i for i in range(n * n) if other[i] != solution[i]]
        i = rng.choice(diff)
        masks[i] &= ~(1 << other[i])
    if T.run(n, masks, 4)[0] == "solved":
        return None
    return masks, solution


def generate_masks(n: int, level: int, rng: random.Random, budget: Budget | None = None,
                   attempts: int = 2000) -> tuple[list[int], list[int]]:
    """A puzzle of order n graded exactly `level`, with its proved-unique solution."""
    budget = ensure(budget)
    if n < 1:
        raise GenerationError("size must be at least 1")
    cap = float(FIRST_CAP)
    rung = SEARCH_DECOYS.index(DECOYS[SEARCH])
    for _ in range(attempts):
        sub = budget.child(nodes=int(cap))
        try:
            found = _attempt(n, level, rng, sub, SEARCH_DECOYS[rung] if level >= SEARCH else None)
            if found is None:
                if level >= SEARCH:   # the techniques solved it: more decoys
                    rung = min(rung + 1, len(SEARCH_DECOYS) - 1)
                continue
            masks, solution = found
            if level >= SEARCH:     # _attempt_search has proved it unique
                return masks, solution
            sols = list(solve_masks(n, masks, limit=2, budget=sub))
        except BudgetExceeded:
            if sub.max_nodes is None or sub.used <= sub.max_nodes:
                raise               # the caller's budget, not this try's cap
            cap *= CAP_GROWTH
            if level >= SEARCH:       # the proof ran long: fewer decoys
                rung = max(rung - 1, 0)
            continue
        if len(sols) == 1 and sols[0] == solution:
            return masks, solution
    raise GenerationError(f"no {n}x{n} Cross Set puzzle graded {T.LEVELS[level]!r} "
                          f"found in {attempts} attempts")
