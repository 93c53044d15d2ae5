"""Where the formula ladder stalls, found at once and without words.

A trial ("suppose E = 4: then ... contradiction") follows the techniques step
by step, each step with its sentence, and most suppositions lead nowhere: the
techniques stall without a contradiction. Every technique of the ladder for
sums only removes values, and removes a value only when no solution of its
column, of its two columns or of its group of letters uses it, so the position
where they stall does not depend on the order they run in: it is their common
fixpoint. `Settle` computes that position directly: a column or pair of
columns is filtered again only when one of its letters or carries changed, with
the techniques' filters made exact (no node limit: a filter that gives up after
so many nodes could give up on narrower domains and not on wider ones, and then
its fixpoint would depend on the order; the exact one removes at least as
much, so a supposition it lets through never closes), and the letters'
distinct digits by Hall's condition
(`filters.hall`, every group, as `different letters` does below 13 undecided
letters). The driver follows step by step only the suppositions whose fixpoint
is a contradiction (`FormulaRules.closes`); the others cannot close.

The fixpoint of a supposition is kept: at the next stall, whose position lies
inside the one before, the same supposition starts from that fixpoint narrowed
to the new position (the new fixpoint lies inside it), so only what changed is
filtered again; a contradiction stays one.

Only for models of sums alone (no products, no other conditions) and with the
compiled column core; otherwise `enabled` is False and every trial is followed. With the compiled core
(`_settle.c`) the fixpoints are computed in C (`native`), the same ones: this
module is its pure-Python twin and reference, which the tests compare it with.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from .columns import Masks, Model
from .filters import COMPILED, hall, unit_filter

try:
    from . import _settle
except ImportError:        # no C compiler at install time: the Python below
    _settle = None  # type: ignore[assignment]


class Settle:
    """The techniques' fixpoint of a sum model, with the fixpoints found kept per
    supposition."""

    KEEP = 4               # fixpoints kept per supposition (the latest used first)

    def __init__(self, model: Model, different: Callable[[Masks], Masks | None]) -> None:
        """`different(m)` is the letters' rung to its fixpoint, in place (None: a
        contradiction), for many undecided letters."""
        self.model = model
        self.different = different
        self.nl = model.nl
        self.every = self.nl == model.base
        # without a compiler the kernel follows every trial: the Python fixpoint's exact
        # filters cost more than they save there (fruit.txt graded: 43 s against 29 s)
        self.enabled = (COMPILED and bool(model.columns)
                        and not model.products and not model.conditions)
        self.watch: list[list[int]] = [[] for _ in model.names]
        for u, unit in enumerate(model.units):
            for v in unit.vars:
                self.watch[v].append(u)
        self.memo: dict[tuple[int, int], list[tuple[Masks, Masks | None]]] = {}
        self.native = self._native() if self.enabled else None
        model.fast = self.native

    def _native(self) -> Any:
        """The compiled twin of this fixpoint (`_settle.Settle`), or None where there
        is none or it does not cover the model (a column too wide to enumerate,
        which the Python filters bound)."""
        if _settle is None:
            return None
        model = self.model
        units = [(u.pair, u.weights, u.const, u.vars[:u.nl], -1 if u.cin is None else u.cin,
                  -1 if u.cout is None else u.cout) for u in model.units]
        ded = _settle.Settle(self.nl, model.base, model.lo, units, model.ncols, model.holds)
        return ded if ded.enabled else None

    # -- the fixpoint -------------------------------------------------------------------------
    def _apply(self, u: int, m: Masks, changed: list[int]) -> bool:
        """Filter unit u (a column, or two columns read together) in m; False on a
        contradiction; the indices of what narrowed are appended to `changed`."""
        unit = self.model.units[u]
        vs = unit.vars
        key = tuple([m[v] for v in vs])
        res = unit_filter(unit, key, self.model.base, self.model.lo, strong=True)
        if res is None:
            return False
        if res is not key:
            for v, x, y in zip(vs, key, res, strict=True):
                if x != y:
                    m[v] = y
                    changed.append(v)
        return True

    def _hall(self, m: Masks, changed: list[int]) -> bool:
        n = self.nl
        res = hall(m[:n], self.model.base, self.every)
        if res is None:
            return False
        if isinstance(res, int):      # many letters undecided: the rung itself
            work = list(m)
            if self.different(work) is None:
                return False
            res = tuple(work[:n])
        for i in range(n):
            if m[i] != res[i]:
                m[i] = res[i]
                changed.append(i)
        return True

    def run(self, m: Masks, dirty: list[int]) -> Masks | None:
        """The fixpoint from m (changed in place), the units of `dirty` queued first;
        None when it is a contradiction."""
        queue: deque[int] = deque()
        queued = [False] * len(self.model.units)
        n = self.nl

        def push(vs: list[int]) -> None:
            for v in vs:
                for u in self.watch[v]:
                    if not queued[u]:
                        queued[u] = True
                        queue.append(u)
        changed: list[int] = []
        if not self._hall(m, changed):
            return None
        push(dirty)
        push(changed)
        while queue:
            u = queue.popleft()
            queued[u] = False
            changed = []
            if not self._apply(u, m, changed):
                return None
            if changed:
                if changed[0] < n and not self._hall(m, changed):
                    return None
                push(changed)
        if all(x & (x - 1) == 0 for x in m[:n]):
            holds = self.model.holds
            if holds is not None and not holds([x.bit_length() - 1 for x in m[:n]]):
                return None
        return m

    def closes(self, place: str, value: int, m: Masks) -> bool:
        """Can the techniques reach a contradiction from `m` (the position after
        supposing `place` = `value`)? False means they surely stall."""
        v = self.model.place[place]
        bit = value - self.model.lo[v]
        if self.native is not None:
            got = self.native.closes(v, bit, m)
            if got != -1:
                return bool(got)
        return self.closes_py(v, bit, m)

    def closes_py(self, v: int, bit: int, m: Masks) -> bool:
        """`closes` in Python (the reference of the compiled one), for the
        supposition that variable v has the value of `bit`."""
        entries = self.memo.setdefault((v, bit), [])
        for e, (base, fix) in enumerate(entries):
            if all(x & ~y == 0 for x, y in zip(m, base, strict=True)):
                entries.insert(0, entries.pop(e))   # the entry used moves to the front
                if fix is None:
                    res = None
                else:
                    g = [x & y for x, y in zip(fix, m, strict=True)]
                    dirty = [i for i, (x, y) in enumerate(zip(g, fix, strict=True)) if x != y]
                    res = fix if not dirty else self.run(g, dirty)
                break
        else:
            res = self.run(list(m), list(range(len(m))))
        entries.insert(0, (list(m), res))
        del entries[self.KEEP:]
        return res is None
