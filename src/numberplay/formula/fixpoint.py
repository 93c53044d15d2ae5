"""Where the formula ladder stalls, found at once and without words.

A trial ("suppose E = 4: then ... contradiction") follows the techniques step
by step, each step with its sentence, and most suppositions lead nowhere: the
techniques stall without a contradiction. Every technique of the ladder for
sums only removes values, and removes a value only when no solution of its
column, of its two columns or of its group of letters uses it, so the position
where they stall does not depend on the order they run in: it is their common
fixpoint. `Fixpoint` computes that position directly: a column or pair of
columns is filtered again only when one of its letters or carries changed, with
the techniques' filters made exact (no node limit: a filter that gives up after
so many nodes could give up on narrower domains and not on wider ones, and then
its fixpoint would depend on the order; the exact one removes at least as
much, so a supposition it lets through never closes), and the letters'
distinct digits by Hall's condition
(`_columns.hall`, every group, as `different letters` does below 13 undecided
letters). The driver follows step by step only the suppositions whose fixpoint
is a contradiction (`CryptarithmRules.closes`); the others cannot close.

The fixpoint of a supposition is kept: at the next stall, whose position lies
inside the one before, the same supposition starts from that fixpoint narrowed
to the new position (the new fixpoint lies inside it), so only what changed is
filtered again; a contradiction stays one.

Only for models of sums alone (no products, no other conditions) and with the
compiled column core; otherwise `enabled` is False and every trial is followed. With the compiled core
(`_deduce.c`) the fixpoints are computed in C (`native`), the same ones: this
module is its pure-Python twin and reference, which the tests compare it with.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from .candidates import (
    COLUMN_NODES,
    PAIR_NODES,
    TooWide,
    _compiled,
    bits,
    column_filter,
    column_support,
    hall,
    is_wide,
)
from .columns import Model, merged_coef, pair_at

try:
    from . import _deduce
except ImportError:        # no C compiler at install time: the Python below
    _deduce = None  # type: ignore[assignment]

Position = Any             # deduce.Position (deduce builds the Fixpoint: no import back)

Masks = list[int]          # letters' digit masks, then carries' value masks
STRONG_NODES = 10 ** 9    # no limit in practice: the quick test's filters are exact
ZERO = frozenset((0,))


class Unit:
    """A column, or two neighbouring columns read as one equation."""

    def __init__(self, pair: bool, weights: tuple[int, ...], const: int,
                 vars_: tuple[int, ...], cin: int | None, cout: int | None) -> None:
        self.pair = pair
        self.weights = weights
        self.const = const
        self.vars = vars_ + tuple(v for v in (cin, cout) if v is not None)
        self.nl = len(vars_)
        self.cin = cin
        self.cout = cout
        self.cache: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        self.strong: dict[tuple[int, ...], tuple[int, ...] | None] = {}   # filter(strong)


class Fixpoint:
    """The techniques' fixpoint of a sum model, with the fixpoints found kept per
    supposition."""

    KEEP = 4               # fixpoints kept per supposition (the latest first)

    def __init__(self, model: Model, make: Callable[[dict[str, int], dict[str, frozenset[int]]],
                                                    Position],
                 different: Callable[[Position], Position | None]) -> None:
        """`make(dom, carry)` builds a position; `different(pos)` is the letters'
        technique to its fixpoint (None: contradiction), for many undecided letters."""
        self.model = model
        self.make = make
        self.different = different
        self.letters = list(model.letters)
        self.carries = sorted(model.carry_range)
        self.names = self.letters + self.carries
        self.index = {v: i for i, v in enumerate(self.names)}
        self.lo = {c: model.carry_range[c][0] for c in self.carries}
        self.every = len(self.letters) == model.base
        # without a compiler the driver follows every trial: the Python fixpoint's exact
        # filters cost more than they save there (fruit.txt graded: 43 s against 29 s)
        self.enabled = (_compiled is not None and bool(model.columns)
                        and not model.products and not model.conditions)
        self.units: list[Unit] = []
        for col in model.columns:
            self._unit(False, col.weights, col.const, col.letters, col.cin, col.cout)
        for i in range(len(model.columns) - 1):
            pair = pair_at(model, i)
            if pair is not None:
                coef = merged_coef(model, *pair)
                a, b = pair
                self._unit(True, tuple(v for _, v in coef), a.const + model.base * b.const,
                           tuple(c for c, _ in coef), a.cin, b.cout)
        self.watch: list[list[int]] = [[] for _ in self.names]
        for u, unit in enumerate(self.units):
            for v in unit.vars:
                self.watch[v].append(u)
        self.sets: dict[tuple[int, int], frozenset[int]] = {}
        self.memo: dict[tuple[str, int], list[tuple[Masks, Masks | None]]] = {}
        self.native = self._native() if self.enabled else None

    def _native(self) -> Any:
        """The compiled twin of this fixpoint and of the trial search (`_deduce.Deducer`),
        or None where there is none or it does not cover the model (a column too wide
        to enumerate, which the Python filters bound)."""
        if _deduce is None:
            return None
        n = len(self.letters)
        lo = [0] * n + [self.lo[c] for c in self.carries]
        units = [(u.pair, u.weights, u.const, u.vars[:u.nl], -1 if u.cin is None else u.cin,
                  -1 if u.cout is None else u.cout) for u in self.units]
        order = [self.index[c] for c in self.model.letters] + \
            [self.index[c] for c in self.model.carry_range]
        ncols = len(self.model.columns)
        ded = _deduce.Deducer(n, self.model.base, lo, units, order, ncols, self.model.holds)
        return ded if ded.enabled else None

    # -- positions as masks ---------------------------------------------------------------
    def masks(self, pos: Position) -> Masks:
        """The position's letters and carries as masks."""
        out = [pos.dom[c] for c in self.letters]
        for c in self.carries:
            lo, m = self.lo[c], 0
            for v in pos.carry[c]:
                m |= 1 << (v - lo)
            out.append(m)
        return out

    def position(self, m: Masks) -> Position:
        """The position of some masks."""
        n = len(self.letters)
        dom = dict(zip(self.letters, m[:n], strict=True))
        carry = {c: frozenset(v + self.lo[c] for v in bits(x))
                 for c, x in zip(self.carries, m[n:], strict=True)}
        return self.make(dom, carry)

    # -- the fixpoint -------------------------------------------------------------------------
    def _unit(self, pair: bool, weights: tuple[int, ...], const: int, letters: tuple[str, ...],
              cin: str | None, cout: str | None) -> None:
        ix = self.index
        self.units.append(Unit(pair, weights, const, tuple(ix[c] for c in letters),
                               None if cin is None else ix[cin],
                               None if cout is None else ix[cout]))

    def _set(self, v: int | None, mask: int) -> frozenset[int]:
        """The values of carry v (index) in a mask."""
        if v is None:
            return ZERO
        key = (v, mask)
        got = self.sets.get(key)
        if got is None:
            lo = self.lo[self.names[v]]
            got = self.sets[key] = frozenset(x + lo for x in bits(mask))
        return got

    def _mask(self, v: int, values: frozenset[int]) -> int:
        lo, m = self.lo[self.names[v]], 0
        for x in values:
            m |= 1 << (x - lo)
        return m

    def filter(self, unit: Unit, key: tuple[int, ...], strong: bool = False
                ) -> tuple[int, ...] | None:
        """The unit's filter on `key` (its masks): the same filter as the technique;
        `strong`: exact wherever the technique enumerates at all, with no node limit
        (a technique that gives up after so many nodes may give up on narrower
        domains and not on wider ones, so its fixpoint could depend on the order;
        the exact filter's cannot, and it removes at least as much)."""
        base = self.model.base
        nl = unit.nl
        doms = key[:nl]
        i = nl
        cin = cout = ZERO
        if unit.cin is not None:
            cin = self._set(unit.cin, key[i])
            i += 1
        if unit.cout is not None:
            cout = self._set(unit.cout, key[i])
        if not unit.pair:
            res = column_filter(unit.weights, unit.const, doms, cin, cout, base, base,
                                STRONG_NODES if strong else COLUMN_NODES)
        elif is_wide(unit.weights, cin, cout):
            return key
        else:
            try:
                res = column_support(unit.weights, unit.const, doms, cin, cout, base,
                                     base * base, STRONG_NODES if strong else PAIR_NODES)
            except TooWide:
                return key
        if res is None:
            return None
        out = list(res[0])
        if unit.cin is not None:
            out.append(self._mask(unit.cin, res[1]))
        if unit.cout is not None:
            out.append(self._mask(unit.cout, res[2]))
        return tuple(out)

    def _apply(self, u: int, m: Masks, changed: list[int]) -> bool:
        """Filter unit u (a column, or two columns read together) in m; False on a
        contradiction; the indices of what narrowed are appended to `changed`."""
        unit = self.units[u]
        vs = unit.vars
        key = tuple([m[v] for v in vs])
        cache = unit.strong
        if key in cache:
            res = cache[key]
        else:
            res = cache[key] = self.filter(unit, key, strong=True)
            if len(cache) > 100_000:
                cache.clear()
        if res is None:
            return False
        if res is not key:
            for v, x, y in zip(vs, key, res, strict=True):
                if x != y:
                    m[v] = y
                    changed.append(v)
        return True

    def _hall(self, m: Masks, changed: list[int]) -> bool:
        n = len(self.letters)
        res = hall(m[:n], self.model.base, self.every)
        if res is None:
            return False
        if isinstance(res, int):      # many letters undecided: the technique itself
            return self._hall_slow(m, changed)
        for i in range(n):
            if m[i] != res[i]:
                m[i] = res[i]
                changed.append(i)
        return True

    def _hall_slow(self, m: Masks, changed: list[int]) -> bool:
        pos = self.different(self.position(m))
        if pos is None:
            return False
        nm = self.masks(pos)
        for i, (x, y) in enumerate(zip(m, nm, strict=True)):
            if x != y:
                m[i] = y
                changed.append(i)
        return True

    def run(self, m: Masks, dirty: list[int]) -> Masks | None:
        """The fixpoint from m (changed in place), the units of `dirty` queued first;
        None when it is a contradiction."""
        queue: deque[int] = deque()
        queued = [False] * len(self.units)
        n = len(self.letters)

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
            env = [bits(x)[0] for x in m[:n]]
            if self.model.holds is not None and not self.model.holds(env):
                return None
        return m

    def closes(self, key: tuple[str, int], pos: Position) -> bool:
        """Can the techniques reach a contradiction from `pos` (the position after
        supposing `key` = (place, value))? False means they surely stall."""
        return self.closes_masks(key, self.masks(pos))

    def closes_masks(self, key: tuple[str, int], m: Masks) -> bool:
        """`closes` for a position given as masks."""
        if self.native is not None:
            v = self.index[key[0]]
            got = self.native.closes(v, key[1] - (self.lo[key[0]] if v >= len(self.letters)
                                                  else 0), m)
            if got != -1:
                return bool(got)
        return self.closes_py(key, m)

    def closes_py(self, key: tuple[str, int], m: Masks) -> bool:
        """`closes_masks` in Python (the reference of the compiled one)."""
        entries = self.memo.setdefault(key, [])
        for base, fix in entries:
            if all(x & ~y == 0 for x, y in zip(m, base, strict=True)):
                if fix is None:
                    res = None
                else:
                    g = [x & y for x, y in zip(fix, m, strict=True)]
                    dirty = [i for i, (x, y) in enumerate(zip(g, fix, strict=True)) if x != y]
                    res = fix if not dirty else self.run(g, dirty)
                break
        else:
            res = self.run(list(m), list(range(len(m))))
        entries.insert(0, (m, res))
        del entries[self.KEEP:]
        return res is None
