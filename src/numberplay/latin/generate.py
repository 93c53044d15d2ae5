"""The loops a Latin-square generator is made of; the kind says what a clue is.

- `random_square`: the solution, uniform in the limit (Jacobson–Matthews);
- `narrow_until_solved`: for puzzles whose clues are candidate lists: while
  the techniques stall, drop a wrong candidate of an open cell and go on from
  the stalled grid (deductions stay valid when a candidate goes);
- `repair_until_unique`: while the search finds a second solution, let the
  kind change a clue that tells the two apart (uniqueness is then proved by
  the search that found the intended solution alone);
- `remove_clues`: Tatham's loop for puzzles with givens: try dropping each
  clue once, in random order, keeping the drop while the puzzle stays good;
- `capped_tries`: tries under a node cap that grows after each try the cap
  stops, so one heavy-tailed try does not stall the generator.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..budget import Budget
from ..errors import BudgetExceeded
from .squares import jacobson_matthews
from .techniques import bits

X = TypeVar("X")
Clue = TypeVar("Clue")


def random_square(n: int, rng: random.Random) -> list[int]:
    """A random Latin square of order n, flat (cell r*n+c), values 0..n-1."""
    return [v for row in jacobson_matthews(n, rng) for v in row]


def narrow_until_solved(masks: list[int], solution: list[int], rng: random.Random,
                        run: Callable[[list[int]], tuple[str, int, list[int]]],
                        budget: Budget) -> int:
    """Drop wrong candidates from `masks` (in place) until `run` (the techniques:
    masks -> (status, hardest level, masks after)) solves them; the hardest level
    used on the way."""
    m = list(masks)
    hardest = -1
    while True:
        budget.tick()
        status, used, m = run(m)
        hardest = max(hardest, used)
        if status == "solved":
            return hardest
        open_cells = [i for i, d in enumerate(m) if d & (d - 1)]
        i = rng.choice(open_cells)
        u = rng.choice([x for x in bits(m[i]) if x != solution[i]])
        m[i] &= ~(1 << u)
        masks[i] &= ~(1 << u)


def repair_until_unique(solution: list[int], find_two: Callable[[], Iterable[list[int]]],
                        tell_apart: Callable[[list[int]], None]) -> None:
    """Until `find_two()` (a search with limit 2) yields `solution` alone, hand the
    other solution to `tell_apart`, which changes the puzzle to rule it out."""
    while True:
        other = next((s for s in find_two() if s != solution), None)
        if other is None:
            return
        tell_apart(other)


def remove_clues(clues: list[Clue], still_good: Callable[[list[Clue]], bool],
                 rng: random.Random) -> list[Clue]:
    """Each clue once, in random order: dropped if `still_good` holds without it
    (the clues left keep their order)."""
    keep = set(range(len(clues)))
    order = list(range(len(clues)))
    rng.shuffle(order)
    for k in order:
        keep.discard(k)
        if not still_good([clues[i] for i in sorted(keep)]):
            keep.add(k)
    return [clues[i] for i in sorted(keep)]


def capped_tries(attempt: Callable[[Budget], X | None], budget: Budget, *, first_cap: int,
                 growth: float, attempts: int,
                 on_capped: Callable[[], None] = lambda: None) -> X | None:
    """Call `attempt(sub)` until it gives a result (not None), each time under
    `budget` and a node cap (`first_cap`, times `growth` after every try the cap
    stopped, when `on_capped` is called too); None after `attempts` tries when the
    budget has no limit (`Budget.bounded`; with one, the tries go on until it runs
    out, raised as ever)."""
    cap = float(first_cap)
    for _ in itertools.count() if budget.bounded else range(attempts):
        sub = budget.child(nodes=int(cap))
        try:
            found = attempt(sub)
        except BudgetExceeded:
            if sub.max_nodes is None or sub.used <= sub.max_nodes:
                raise               # the caller's budget, not this try's cap
            cap *= growth
            on_capped()
            continue
        if found is not None:
            return found
    return None
