"""Exact search for Keen in pure Python: candidate masks, Latin singles and cage tables.

Propagation to a fixed point of:
  - a placed value leaves the rest of its row and column (naked single);
  - a value with one place left in a row or column goes there (hidden single);
  - each cage keeps, in each cell, the values some filling of the cage still
    allowed by the candidates puts there (its table, see `cages.py`).
Branching: the open cell with fewest candidates (first in reading order),
values upwards, so solutions come in a fixed order. Every node ticks the budget.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..budget import Budget, ensure
from .cages import Table, compile_puzzle, filtered
from .model import KeenPuzzle


class Engine:
    """The propagator for one puzzle (tables compiled once)."""

    def __init__(self, puzzle: KeenPuzzle, tables: list[Table] | None = None) -> None:
        n = puzzle.n
        self.n = n
        self.full = (1 << n) - 1
        self.tables = tables if tables is not None else compile_puzzle(puzzle)
        self.cages_of: list[list[int]] = [[] for _ in range(n * n)]
        for k, table in enumerate(self.tables):
            for i in table.cells:
                self.cages_of[i].append(k)
        self.peers = [[r * n + x for x in range(n) if x != c] + [y * n + c for y in range(n) if y != r]
                      for r in range(n) for c in range(n)]
        self.lines = [[r * n + c for c in range(n)] for r in range(n)] + \
                     [[r * n + c for r in range(n)] for c in range(n)]

    def initial(self) -> list[int]:
        """Every cell with every value."""
        return [self.full] * (self.n * self.n)

    def propagate(self, D: list[int], touched: list[int] | None = None) -> bool:
        """Narrow D in place to the fixed point; False when something runs out.
        `touched`: cells changed since the last fixed point (None: all)."""
        cages_of, peers, tables = self.cages_of, self.peers, self.tables
        dirty = set(range(len(tables))) if touched is None else \
            {k for i in touched for k in cages_of[i]}
        stack = [i for i in (range(len(D)) if touched is None else touched)
                 if D[i] and not D[i] & (D[i] - 1)]
        while True:
            while stack:
                i = stack.pop()
                d = D[i]
                for j in peers[i]:
                    dj = D[j]
                    if dj & d:
                        dj &= ~d
                        if not dj:
                            return False
                        D[j] = dj
                        dirty.update(cages_of[j])
                        if not dj & (dj - 1):
                            stack.append(j)
            if dirty:
                k = dirty.pop()
                table = tables[k]
                new = filtered(table, D)
                if new is None:
                    return False
                for i, m in zip(table.cells, new, strict=True):
                    if m != D[i]:
                        D[i] = m
                        for other in cages_of[i]:
                            if other != k:
                                dirty.add(other)
                        if not m & (m - 1):
                            stack.append(i)
                continue
            found = self._hidden(D, stack, dirty)
            if found is None:
                return False
            if not found:
                return True

    def _hidden(self, D: list[int], stack: list[int], dirty: set[int]) -> bool | None:
        """Place the hidden singles of every line; None if a line lacks a value."""
        full, cages_of = self.full, self.cages_of
        placed = False
        for line in self.lines:
            once = twice = 0
            for i in line:
                d = D[i]
                twice |= once & d
                once |= d
            if once != full:
                return None
            single = once & ~twice
            if not single:
                continue
            for i in line:
                hit = D[i] & single
                if hit and D[i] != hit:
                    if hit & (hit - 1):
                        return None
                    D[i] = hit
                    stack.append(i)
                    dirty.update(cages_of[i])
                    placed = True
        return placed


def solve(puzzle: KeenPuzzle, limit: int | None = None, budget: Budget | None = None,
          start: list[int] | None = None) -> Iterator[list[int]]:
    """Every solution as flat values 1..n, in a fixed order; at most `limit`."""
    budget = ensure(budget)
    engine = Engine(puzzle)
    D = list(start) if start is not None else engine.initial()
    if not engine.propagate(D):
        return
    found = 0
    for leaf in _search(engine, D, budget):
        yield [d.bit_length() for d in leaf]
        found += 1
        if limit is not None and found >= limit:
            return


def _search(engine: Engine, D: list[int], budget: Budget) -> Iterator[list[int]]:
    """Depth-first search below a propagated state."""
    budget.tick()
    best, size = -1, 99
    for i, d in enumerate(D):
        if d & (d - 1):
            k = d.bit_count()
            if k < size:
                best, size = i, k
                if k == 2:
                    break
    if best < 0:
        yield D
        return
    d = D[best]
    while d:
        b = d & -d
        d ^= b
        child = list(D)
        child[best] = b
        if engine.propagate(child, [best]):
            yield from _search(engine, child, budget)
