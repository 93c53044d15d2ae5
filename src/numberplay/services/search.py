"""Counting and collecting solutions with limits and budgets, for any kind."""

from __future__ import annotations

from ..budget import Budget, ensure
from ..errors import BudgetExceeded
from ..kinds import get_kind
from ..model import Puzzle, Solution


class SearchResult:
    """What a bounded search found.

    solutions: the solutions kept (at most `keep`).
    count: how many solutions the search found.
    complete: True when the search was exhaustive, so `count` is the total.
    stopped: None, "limit" (found `limit` and did not look further) or "budget".
    message: why the search stopped early, for people.

    (A plain class: a dataclass costs start-up, docs/architecture.md.)
    """

    __slots__ = ("complete", "count", "message", "nodes", "seconds", "solutions", "stopped")

    def __init__(self, solutions: list[Solution] | None = None, count: int = 0,
                 complete: bool = True, stopped: str | None = None, message: str = "",
                 nodes: int = 0, seconds: float = 0.0) -> None:
        self.solutions = [] if solutions is None else solutions
        self.count, self.complete, self.stopped, self.message = count, complete, stopped, message
        self.nodes, self.seconds = nodes, seconds

    def __repr__(self) -> str:
        return (f"SearchResult(count={self.count}, complete={self.complete}, "
                f"stopped={self.stopped!r}, solutions={self.solutions!r})")

    @property
    def verdict(self) -> str:
        """"unique", "none", "multiple" or "unknown" (budget ran out before deciding)."""
        if self.count >= 2:
            return "multiple"
        if self.complete:
            return "unique" if self.count == 1 else "none"
        return "unknown"


def search(puzzle: Puzzle, *, limit: int | None = None, keep: int | None = None,
           budget: Budget | None = None) -> SearchResult:
    """Find up to `limit` solutions (None: all), keeping the first `keep` (None: all).

    The search asks for one more than `limit` only to know whether it was
    exhaustive; it never reports more than `limit`.
    """
    impl = get_kind(puzzle.kind)
    budget = ensure(budget)
    result = SearchResult()
    probe = None if limit is None else limit + 1
    try:
        if keep == 0:
            # Nothing to keep: the kind may count faster than it enumerates.
            result.count = impl.count(puzzle, limit=probe, budget=budget)
        else:
            for solution in impl.solutions(puzzle, limit=probe, budget=budget):
                result.count += 1
                if keep is None or len(result.solutions) < keep:
                    result.solutions.append(solution)
    except BudgetExceeded as exc:
        if keep == 0:
            result.count = exc.found
        result.complete = False
        result.stopped = "budget"
        result.message = str(exc)
    if limit is not None and result.count > limit:
        result.count = limit
        del result.solutions[limit:]
        result.complete = False
        result.stopped = "limit"
        result.message = f"stopped after {limit} solution(s) (limit)"
    result.nodes = budget.used
    result.seconds = budget.elapsed
    return result


def count(puzzle: Puzzle, limit: int | None = None, budget: Budget | None = None) -> int:
    """The number of solutions, stopping at `limit`; BudgetExceeded if the budget runs out."""
    return get_kind(puzzle.kind).count(puzzle, limit=limit, budget=budget)


def is_unique(puzzle: Puzzle, budget: Budget | None = None) -> bool:
    """Exactly one solution? (BudgetExceeded if undecided within the budget.)"""
    return count(puzzle, limit=2, budget=budget) == 1
