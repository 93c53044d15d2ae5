"""Search budgets: a node count and a wall-clock limit the caller can set."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator
from contextvars import ContextVar

from .errors import BudgetExceeded


class Budget:
    """Counts search nodes; `tick()` raises `BudgetExceeded` once a limit is passed.

    `nodes=None` and `seconds=None` mean unlimited. The clock is read once every
    `stride` ticks so that ticking stays cheap in inner loops; the stride adapts
    (1 to 256) so that the clock is read about every `POLL_SECONDS` even when
    each node is slow (a 400x400 grid), and `check()` reads it at once (for
    phases that do long work between ticks: propagation, rendering). A budget
    made by `child()` charges its ticks to its parent too, so a limit set at the
    top (`--max-nodes`, `--timeout`) caps the whole run, sub-searches included.
    """

    POLL_SECONDS = 0.01

    __slots__ = ("max_nodes", "seconds", "used", "_deadline", "_start", "_next", "_stride",
                 "_last_poll", "_parent")

    def __init__(self, nodes: int | None = None, seconds: float | None = None,
                 start: float | None = None) -> None:
        """`start`: the `time.perf_counter()` the seconds count from (default: now;
        the CLI passes the moment the command began)."""
        self.max_nodes = nodes
        self.seconds = seconds
        self.used = 0
        self._start = time.perf_counter() if start is None else start
        self._deadline = None if seconds is None else self._start + seconds
        self._stride = 1
        self._next = 1
        self._last_poll = self._start
        self._parent: Budget | None = None

    def tick(self, n: int = 1) -> None:
        """Count `n` nodes (here and in every ancestor); raise `BudgetExceeded`
        when a limit of this budget or of an ancestor is reached."""
        self.used += n
        if self.max_nodes is not None and self.used > self.max_nodes:
            raise BudgetExceeded(
                f"search stopped after {self.max_nodes:,} nodes (node budget)",
                nodes=self.used, seconds=self.elapsed)
        if self._deadline is not None and self.used >= self._next:
            self._poll()
        if self._parent is not None:
            self._parent.tick(n)

    def _poll(self) -> None:
        """Read the clock; raise when past the deadline; adapt the stride."""
        now = time.perf_counter()
        if now > self._deadline:  # type: ignore[operator]
            raise BudgetExceeded(
                f"search stopped after {self.seconds:g} s (time budget)",
                nodes=self.used, seconds=now - self._start)
        spent = now - self._last_poll
        if spent < self.POLL_SECONDS / 4 and self._stride < 256:
            self._stride *= 2
        elif spent > self.POLL_SECONDS and self._stride > 1:
            self._stride = max(1, self._stride // 4)
        self._last_poll = now
        self._next = self.used + self._stride

    def check(self) -> None:
        """Raise `BudgetExceeded` now if the time or node budget is spent (reads
        the clock; for work between ticks)."""
        if self.max_nodes is not None and self.used > self.max_nodes:
            raise BudgetExceeded(
                f"search stopped after {self.max_nodes:,} nodes (node budget)",
                nodes=self.used, seconds=self.elapsed)
        if self._deadline is not None and time.perf_counter() > self._deadline:
            raise BudgetExceeded(
                f"search stopped after {self.seconds:g} s (time budget)",
                nodes=self.used, seconds=self.elapsed)
        if self._parent is not None:
            self._parent.check()

    @property
    def remaining(self) -> float | None:
        """Seconds left (None: no time limit)."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.perf_counter())

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was created."""
        return time.perf_counter() - self._start

    @property
    def bounded(self) -> bool:
        """Does this budget or an ancestor have a limit? (A generator then tries
        until it runs out, instead of a fixed number of times.)"""
        budget: Budget | None = self
        while budget is not None:
            if budget.max_nodes is not None or budget.seconds is not None:
                return True
            budget = budget._parent
        return False

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


_ACTIVE: ContextVar[Budget | None] = ContextVar("numberplay_active_budget", default=None)


@contextlib.contextmanager
def active(budget: Budget | None) -> Iterator[None]:
    """Make `budget` the one `check_active()` consults (for phases such as parsing
    whose interface takes no budget)."""
    token = _ACTIVE.set(budget)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def check_active() -> None:
    """Raise BudgetExceeded if the active budget (see `active`) is spent; no-op without one."""
    budget = _ACTIVE.get()
    if budget is not None:
        budget.check()
