"""The driver's trial search for sums, on bit masks and without words.

`numberplay.deduce.find_trial` tries every supposition of the smallest places,
follows each one's techniques step by step (nested trials inside, up to the
allowed depth) and keeps the one whose contradiction comes soonest. This is the
same search, step for step, on the `Fixpoint`'s masks: the same ladder order
(the first column from the right that narrows, then different letters, then
the first pair of columns), the same filters and cache, the same bounds and
counts (`max_trials`, the chain's step limit, a trial step counting itself,
its chain and its contradiction), the same tie rule (the first of the
shortest) — only no `Step`, no sentence, no position object is made. The
driver then follows the chosen supposition once with `_run_chain` to get its
steps; a test compares whole explanations with and without this search.

Only for what `Fixpoint.enabled` covers (sums), the full ladder (no rung
limit) and the formula's own rules (no extra rules of a kind). With the compiled
core the whole search runs in C (`_deduce.c`, `Fixpoint.native`); this class is
its pure-Python twin and reference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..budget import Budget
from .candidates import bits, hall
from .fixpoint import Fixpoint, Masks, Position

Found = tuple[str, int, int, int]   # place, value, steps (as _chain_len counts), bound


class Trials:
    """The quick trial search of one model."""

    def __init__(self, fix: Fixpoint,
                 different_once: Callable[[Position], Position | None | bool]) -> None:
        """`different_once(pos)`: the `different letters` technique once: the new
        position (digits of decided letters not yet removed), None on a
        contradiction, False when it finds nothing."""
        self.fix = fix
        self.different_once = different_once
        model = fix.model
        self.n = len(fix.letters)
        self.ncols = len(model.columns)
        # places in the order of CryptarithmRules.candidates: letters, then carries
        self.order = [(c, fix.index[c]) for c in model.letters] + \
            [(c, fix.index[c]) for c in model.carry_range]
        self.budget: Budget | None = None
        self.max_trials = 400

    # -- positions --------------------------------------------------------------------------
    def values(self, v: int, x: int) -> list[int]:
        """The values of variable v (index) in mask x."""
        if v < self.n:
            return list(bits(x))
        lo = self.fix.lo[self.fix.names[v]]
        return [d + lo for d in bits(x)]

    def _bit(self, v: int, value: int) -> int:
        return 1 << (value if v < self.n else value - self.fix.lo[self.fix.names[v]])

    def settle(self, m: Masks) -> bool:
        """Remove decided letters' digits from the others (deduce.settle); False on a
        contradiction."""
        n = self.n
        changed = True
        while changed:
            changed = False
            for i in range(n):
                x = m[i]
                if x == 0:
                    return False
                if x & (x - 1) == 0:
                    for j in range(n):
                        if j != i and m[j] & x:
                            m[j] &= ~x
                            if not m[j]:
                                return False
                            changed = True
        return all(m[n:])

    def contradiction(self, m: Masks) -> bool:
        """CryptarithmRules.contradiction: an empty letter or carry, or every letter
        decided and the formula false."""
        n = self.n
        if not all(m):
            return True
        if all(x & (x - 1) == 0 for x in m[:n]):
            holds = self.fix.model.holds
            return holds is not None and not holds([bits(x)[0] for x in m[:n]])
        return False

    def solved(self, m: Masks) -> bool:
        return all(x & (x - 1) == 0 for x in m[:self.n]) and not self.contradiction(m)

    # -- one step of the ladder -------------------------------------------------------------
    def _narrow(self, u: int, m: Masks) -> int:
        """Unit u's filter: 1 it narrowed m (settled), -1 contradiction, 0 nothing."""
        unit = self.fix.units[u]
        vs = unit.vars
        key = tuple([m[v] for v in vs])
        cache = unit.cache
        if key in cache:
            res = cache[key]
        else:
            res = cache[key] = self.fix.filter(unit, key)
            if len(cache) > 100_000:
                cache.clear()
        if res is None:
            return -1
        if res == key:
            return 0
        for v, y in zip(vs, res, strict=True):
            m[v] = y
        return 1 if self.settle(m) else -1

    def step(self, m: Masks) -> int:
        """The easiest technique step in m (applied): 1 a step, 0 none, -1 contradiction."""
        if self.budget is not None:
            self.budget.tick()
        units = self.fix.units
        for u in range(self.ncols):
            r = self._narrow(u, m)
            if r:
                return r
        r = self._different(m)
        if r:
            return r
        for u in range(self.ncols, len(units)):
            r = self._narrow(u, m)
            if r:
                return r
        return 0

    def _different(self, m: Masks) -> int:
        n = self.n
        masks = tuple(m[:n])
        if hall(masks, self.fix.model.base, n == self.fix.model.base) == masks:
            return 0
        new = self.different_once(self.fix.position(m))
        if new is False:
            return 0
        if new is None or new is True:
            return -1
        m[:] = self.fix.masks(new)
        return 1 if self.settle(m) else -1

    # -- chains and searches (numberplay.deduce._run_chain and find_trial) ---------------------
    def chain(self, m: Masks, depth: int, limit: int) -> tuple[int, int] | None:
        """(steps, steps counted as _chain_len counts) to a contradiction, or None."""
        flat = total = 0
        while True:
            if self.contradiction(m):
                return flat, total
            if flat >= limit:
                return None
            r = self.step(m)
            if r < 0:
                return flat, total
            if r == 0:
                if depth <= 0 or self.solved(m):
                    return None
                found = self.search(m, depth, limit - flat - 1)
                if found is None:
                    return None
                place, value, size, _ = found
                flat += 1
                total += size + 2            # the trial, its chain, its contradiction
                v = self.fix.index[place]
                m[v] &= ~self._bit(v, value)
                if not self.settle(m):
                    return flat, total
                continue
            flat += 1
            total += 1

    def search(self, m: Masks, depth: int, limit: int) -> Found | None:
        """find_trial's choice from m: (place, value, its chain's size, the bound it
        was found under), or None."""
        if limit < 0:
            return None
        places = [(c, v, self.values(v, m[v])) for c, v in self.order]
        places.sort(key=lambda p: len(p[2]))
        best: Found | None = None
        tried = 0
        group = None
        for place, v, values in places:
            if len(values) < 2:
                continue
            if group is not None and len(values) != group and best is not None:
                break
            group = len(values)
            for value in values:
                if tried >= self.max_trials:
                    return best
                tried += 1
                bound = limit if best is None else min(limit, best[2] - 1)
                if bound < 0:
                    return best
                work = list(m)
                work[v] &= self._bit(v, value)
                if not self.settle(work):
                    return place, value, 0, bound
                if depth <= 1 and not self.fix.closes_masks((place, value), work):
                    continue
                got = self.chain(work, depth - 1, bound)
                if got is None:
                    continue
                flat, size = got
                if best is None or size < best[2]:
                    best = place, value, size, bound
                    if not flat:
                        return best
        return best

    def find(self, pos: Position, depth: int, limit: int, max_trials: int,
             budget: Any) -> Found | None:
        """The search from a position (in C where `Fixpoint.native` covers the model)."""
        m = self.fix.masks(pos)
        native = self.fix.native
        if native is not None:
            got = native.search(m, depth, limit, max_trials,
                                None if budget is None else budget.tick)
            if got is None:
                return None
            if got != -1:
                v, bit, size, bound = got
                place = self.fix.names[v]
                return place, bit + (self.fix.lo[place] if v >= self.n else 0), size, bound
        return self.find_py(m, depth, limit, max_trials, budget)

    def find_py(self, m: Masks, depth: int, limit: int, max_trials: int,
                budget: Any) -> Found | None:
        """`find` in Python (the reference of the compiled search)."""
        self.budget = budget
        self.max_trials = max_trials
        return self.search(m, depth, limit)
