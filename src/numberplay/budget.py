"""Search budgets: a node count and a wall-clock limit the caller can set."""

from __future__ import annotations

import time
from collections.abc import Iterable

from .errors import BudgetExceeded


class Budget:
    """Counts search nodes; `tick()` raises `BudgetExceeded` once a limit is passed.

    `nodes=None` and `seconds=None` mean unlimited. The clock is read once every
    256 ticks so that ticking stays cheap in inner loops. A budget made by
    `child()` charges its ticks to its parent too, so a limit set at the top
    (`--max-nodes`, `--timeout`) caps the whole run, sub-searches included.
    """

    __slots__ = ("max_nodes", "seconds", "used", "_deadline", "_start", "_parent")

    def __init__(self, nodes: int | None = None, seconds: float | None = None) -> None:
        self.max_nodes = nodes
        self.seconds = seconds
        self.used = 0
        self._start = time.perf_counter()
        self._deadline = None if seconds is None else self._start + seconds
        self._parent: Budget | None = None

    def tick(self, n: int = 1) -> None:
        """Count `n` nodes (here and in every ancestor); raise `BudgetExceeded`
        when a limit of this budget or of an ancestor is reached."""
        self.used += n
        if self.max_nodes is not None and self.used > self.max_nodes:
            raise BudgetExceeded(
                f"search stopped after {self.max_nodes:,} nodes (node budget)",
                nodes=self.used, seconds=self.elapsed)
        # (used & 255) < n exactly when this tick crossed a multiple of 256.
        if self._deadline is not None and (self.used & 255) < n:
            if time.perf_counter() > self._deadline:
                raise BudgetExceeded(
                    f"search stopped after {self.seconds:g} s (time budget)",
                    nodes=self.used, seconds=self.elapsed)
        if self._parent is not None:
            self._parent.tick(n)

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was created."""
        return time.perf_counter() - self._start

    def child(self, nodes: int | None = None, seconds: float | None = None) -> Budget:
        """A budget for a sub-search: its ticks are charged to this budget too,
        and it may have tighter limits of its own (`nodes`, `seconds`)."""
        sub = Budget(nodes, seconds)
        if self._deadline is not None:
            remaining = max(0.0, self._deadline - time.perf_counter())
            if sub._deadline is None or sub._start + remaining < sub._deadline:
                sub.seconds = remaining if seconds is None else min(seconds, remaining)
                sub._deadline = sub._start + remaining
        sub._parent = self
        return sub


def ensure(budget: Budget | None) -> Budget:
    """The given budget, or an unlimited one."""
    return budget if budget is not None else Budget()


def count_all(items: Iterable[object]) -> int:
    """How many items an iterator yields; if it raises BudgetExceeded, the
    exception carries the count so far in `found`."""
    n = 0
    try:
        for _ in items:
            n += 1
    except BudgetExceeded as exc:
        exc.found = n
        raise
    return n
