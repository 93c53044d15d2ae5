"""Candidate filters for a weighted sum of letters with distinct digits.

The one place where the search (`solver.py`) and the explanation (`deduce.py`)
decide which digits a letter of a sum can still take. Both read a linear
equality of words the same way, as a *column equation*

    sum(w_i * x_i) + const + cin = modulus * cout

over letters x_i that take distinct digits, a carry in `cin` and a carry out
`cout` (each a set of candidate values, not distinct from anything). A column
of `SEND + MORE = MONEY` is one (`D + E = Y + 10·c1`: weights 1, 1, -1,
modulus 10); a whole sum is one too (the weights are the place values, both
carries {0}, modulus irrelevant).

Three filters, cheapest first; each keeps a value only if some
completion might use it, so each is sound (never removes a digit of a
solution), and each returns what it keeps:

* `sum_filter` — the search's fast path. Every letter still to come shares
  one domain, the free digits; the sum so far is `s0`, the letter placed now
  has weight `w`. A digit d is kept when `-(s0 + w·d)` lies between the
  smallest and largest totals the letters to come can reach. By the
  rearrangement inequality those totals pair the weights in order with the
  free digits in order (`rest_range`); with distinct digits this bound is
  tight (it is reached by one assignment, ignoring leading zeros). Called at
  every node of the search, so it is kept to a few `sum(map(mul, ...))`.
* `bounds_support` — the same bound generalised to a domain per letter, plus
  carries: for letter i at value v, the other letters' total lies within both
  (a) the rearrangement bound over the union of their domains without v (the
  letters are distinct, so none of them takes v; fewer digits than letters is
  a contradiction), and (b) the sum of each term's own minimum and maximum
  (which ignores distinctness but sees each letter's own domain); the tighter
  of the two is taken. A few sums of products per value: for columns too
  wide to enumerate.
* `column_support` — exact: the values of every letter and carry that belong
  to at least one solution of the column equation with distinct digits (full
  arc consistency), by depth-first enumeration with bound pruning, the last
  letter computed rather than tried; gives up (`TooWide`) after `limit` nodes.

`column_filter` picks between the last two (enumeration unless the column is
wide or enumeration gives up, then bounds): the explanation's `column sum`
technique calls it; its `two columns` technique calls `column_support` alone
(exact or nothing: on a pair too wide to enumerate, bounds were measured to
cost more than they find).

Who calls what: the search (`solver.search`) calls `sum_filter` at every
depth that places a letter of a linear sum (`solver._sum_bounds` prepares the
sorted weights with `split_weights`); the explanation (`deduce.apply_column`,
`deduce.apply_pair`) calls `column_filter` and `column_support`. Narrowing
the search's root domains with `column_filter` before the first letter was
tried and measured (`benchmarks/bench_cryptarithm_ab.py --root-columns`): one
pass over the columns costs more than the whole search of the 240
alphametics and saves under a fifth of it, so the search uses the bound only.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .model import Digit

try:
    from . import _filters as _compiled
except ImportError:        # no C compiler at install time: the Python reference below
    _compiled = None  # type: ignore[assignment]

Mask = int                      # candidate digits of one letter: bit d set = d possible
Weights = Sequence[int]         # the signed multiple of each letter in the equation
Carries = frozenset[int]        # candidate values of one carry
Support = tuple[tuple[Mask, ...], Carries, Carries]   # what a filter keeps: masks, cin, cout

PAIR_NODES = 30_000      # nodes the exact filter of two columns read together may visit
COLUMN_NODES = 200_000   # nodes one exact column enumeration may visit before giving up
WIDE_LETTERS = 6         # columns with more letters, or more carry values, are bounded,
WIDE_CARRIES = 12        # not enumerated


class TooWide(Exception):
    """An exact enumeration would visit more nodes than its limit allows."""


@lru_cache(maxsize=1 << 16)
def bits(mask: Mask) -> tuple[Digit, ...]:
    """The digits in a mask, smallest first."""
    out = []
    d = 0
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return tuple(out)


def mask_of(digits: Sequence[Digit] | frozenset[Digit]) -> Mask:
    """The mask of some digits."""
    m = 0
    for d in digits:
        m |= 1 << d
    return m


# -- the rearrangement bound (shared domain) ---------------------------------------------------
def split_weights(weights: Weights) -> tuple[list[int], list[int]]:
    """(positive weights, largest first; negative weights, most negative first), zeros
    dropped: the order `rest_range` pairs with the digits."""
    pos = sorted((w for w in weights if w > 0), reverse=True)
    neg = sorted(w for w in weights if w < 0)
    return pos, neg


def rest_range(pos: Sequence[int], neg: Sequence[int], digits: Sequence[Digit]
               ) -> tuple[int, int]:
    """The smallest and largest `sum(w·x)` over distinct digits x taken from `digits`
    (ascending), the weights given as `split_weights` orders them (rearrangement
    inequality: the largest total pairs the largest positive weight with the largest
    digit and the most negative weight with the smallest). Needs at least as many
    digits as weights."""
    high = digits[::-1]
    hi = sum(map(operator.mul, pos, high)) + sum(map(operator.mul, neg, digits))
    lo = sum(map(operator.mul, pos, digits)) + sum(map(operator.mul, neg, high))
    return lo, hi


def sum_filter(s0: int, w: int, pos: Sequence[int], neg: Sequence[int],
               free: Sequence[Digit], cand: Sequence[Digit], exact: bool = False
               ) -> list[Digit]:
    """The digits d of `cand` for which `s0 + w·d + rest = 0` stays reachable, where
    `rest` is a weighted sum (weights `pos`, `neg` as `split_weights` orders them) of
    letters taking distinct digits from `free` (ascending; it includes the candidates).

    The fast path of the search. Without `exact` the letters to come may take d too
    (one bound for every candidate); with it, d is removed from their digits (one
    bound per candidate: tighter, worth it high in the tree)."""
    # rest_range, written out: this runs at every node of the search
    high = free[::-1]
    hi = sum(map(operator.mul, pos, high)) + sum(map(operator.mul, neg, free))
    lo = sum(map(operator.mul, pos, free)) + sum(map(operator.mul, neg, high))
    keep = [d for d in cand if lo <= -(s0 + w * d) <= hi]
    if not exact or len(keep) < 2:
        return keep
    out = []
    for d in keep:
        rest = [e for e in free if e != d]
        desc = rest[::-1]
        need = -(s0 + w * d)
        if sum(map(operator.mul, pos, desc)) + sum(map(operator.mul, neg, rest)) >= need >= \
                sum(map(operator.mul, pos, rest)) + sum(map(operator.mul, neg, desc)):
            out.append(d)
    return out


# -- per-letter domains, with carries ----------------------------------------------------------
def _term_range(w: int, vals: Sequence[int]) -> tuple[int, int]:
    a, b = w * vals[0], w * vals[-1]
    return (a, b) if a <= b else (b, a)


def bounds_support(weights: Weights, const: int, doms: Sequence[Mask], cin: Carries,
                   cout: Carries, modulus: int) -> Support | None:
    """The values of `sum(w·x) + const + cin = modulus·cout` (x distinct digits, x_i in
    doms[i]) that the bounds of the other terms allow (None: nothing fits).

    For a letter at value v, the other letters' total is bounded both by the
    rearrangement bound over the union of their domains without v and by the sum of
    their own minima and maxima; the tighter bound is used. The carries' values are
    checked against the bounds of everything else."""
    n = len(weights)
    vals = [bits(d) for d in doms]
    cins, couts = sorted(cin), sorted(cout)
    if any(not v for v in vals) or not cins or not couts:
        return None
    terms = [_term_range(w, v) for w, v in zip(weights, vals, strict=True)]
    carry_lo = cins[0] - modulus * couts[-1]
    carry_hi = cins[-1] - modulus * couts[0]
    pt_lo = sum(t[0] for t in terms)
    pt_hi = sum(t[1] for t in terms)
    # how many letters may take each digit: the union of the others is where count > own
    base = max((ds[-1] for ds in vals), default=0) + 1
    count = [0] * base
    for ds in vals:
        for d in ds:
            count[d] += 1

    def letters_range(others: Weights, digits: Sequence[Digit], lo: int, hi: int
                      ) -> tuple[int, int] | None:
        """The letters' total bounded by rearrangement over `digits` and by [lo, hi]."""
        if len(digits) < len(others):
            return None
        pos, neg = split_weights(others)
        rlo, rhi = rest_range(pos, neg, digits)
        return max(rlo, lo), min(rhi, hi)

    new = []
    for i in range(n):
        w = weights[i]
        own = vals[i]
        others = [x for j, x in enumerate(weights) if j != i]
        union = [d for d in range(base) if count[d] - (d in own) > 0]
        pos, neg = split_weights(others)
        lo_i, hi_i = pt_lo - terms[i][0] + carry_lo, pt_hi - terms[i][1] + carry_hi
        plain: tuple[int, int] | None = None       # the bound for values outside the union
        keep = 0
        for v in own:
            need = -(const + w * v)
            if not lo_i <= need <= hi_i:           # per-term bound: cheap, first
                continue
            if count[v] > 1:       # another letter could take v: bound without it
                digits = [d for d in union if d != v]
                if len(digits) < len(others):
                    continue
                rlo, rhi = rest_range(pos, neg, digits)
            else:
                if len(union) < len(others):
                    continue
                if plain is None:
                    plain = rest_range(pos, neg, union)
                rlo, rhi = plain
            if rlo + carry_lo <= need <= rhi + carry_hi:
                keep |= 1 << v
        if not keep:
            return None
        new.append(keep)
    everyone = letters_range(weights, [d for d in range(base) if count[d]], pt_lo, pt_hi)
    if everyone is None:
        return None
    lo, hi = everyone[0] + const, everyone[1] + const
    kin = frozenset(c for c in cins if lo - modulus * couts[-1] <= -c
                    <= hi - modulus * couts[0])
    kout = frozenset(c for c in couts if lo + cins[0] <= modulus * c <= hi + cins[-1])
    if not kin or not kout:
        return None
    return tuple(new), kin, kout


def column_support(weights: Weights, const: int, doms: Sequence[Mask], cin: Carries,
                   cout: Carries, base: int, modulus: int, limit: int = COLUMN_NODES
                   ) -> Support | None:
    """`column_support_py`, compiled when possible (`_filters.support`, the same
    enumeration node for node: same result, same `TooWide`)."""
    if _compiled is not None and base < 64 and len(weights) <= 64 and \
            len(cin) <= 64 and len(cout) <= 64:
        res = _compiled.support(weights, const, doms, cin, cout, base, modulus, limit)
        if isinstance(res, int):
            raise TooWide
        return res
    return column_support_py(weights, const, doms, cin, cout, base, modulus, limit)


def column_support_py(weights: Weights, const: int, doms: Sequence[Mask], cin: Carries,
                      cout: Carries, base: int, modulus: int, limit: int = COLUMN_NODES
                      ) -> Support | None:
    """The supported values of `sum(w·x) + const + cin = modulus·cout` over distinct
    digits below `base` (x_i in doms[i]): every value that some solution uses, and
    only those (None: no solution). When `modulus > base`, the letters whose weight
    is a multiple of `base` come last and the partial sum must first be divisible by
    `base` once the others are placed (two columns read as one).

    Raises TooWide when the enumeration would visit more than `limit` nodes."""
    order = sorted(range(len(weights)), key=lambda i: (weights[i] % base == 0, -abs(weights[i])))
    back = order
    coefs = [weights[i] for i in order]
    doms = tuple(doms[i] for i in order)
    n = len(coefs)
    split = next((i for i in range(n) if coefs[i] % base == 0), n) if modulus > base else n
    vals = [bits(d) for d in doms]
    if any(not v for v in vals):
        return None
    sufmin = [0] * (n + 1)
    sufmax = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        a, lo, hi = coefs[i], vals[i][0], vals[i][-1]
        sufmin[i] = sufmin[i + 1] + (a * lo if a > 0 else a * hi)
        sufmax[i] = sufmax[i + 1] + (a * hi if a > 0 else a * lo)
    pairs = [(ci - modulus * co, ci, co) for ci in cin for co in cout]
    if not pairs:
        return None
    need_res = {(-ci) % base for ci in cin}     # t + cin must be a multiple of base
    rmin = min(p[0] for p in pairs)
    rmax = max(p[0] for p in pairs)
    supp = [0] * n
    sin: set[int] = set()
    sout: set[int] = set()
    need = sum(len(v) for v in vals) + len(cin) + len(cout)
    state = [0, 0]      # supported count, nodes
    path = [0] * n

    def record(ci: int, co: int) -> bool:
        got = 0
        for i in range(n):
            b = 1 << path[i]
            if not supp[i] & b:
                supp[i] |= b
                got += 1
        if ci not in sin:
            sin.add(ci)
            got += 1
        if co not in sout:
            sout.add(co)
            got += 1
        state[0] += got
        return state[0] >= need

    def dfs(i: int, partial: int, used: int) -> bool:
        state[1] += 1
        if state[1] > limit:
            raise TooWide
        if i == n:
            for r, ci, co in pairs:
                if partial + const + r == 0 and record(ci, co):
                    return True
            return False
        t = partial + const
        if t + sufmin[i] + rmin > 0 or t + sufmax[i] + rmax < 0:
            return False
        if i == split and t % base not in need_res:
            return False
        a = coefs[i]
        if i == n - 1:
            dm = doms[i] & ~used
            for r, ci, co in pairs:
                num = -(t + r)
                if num % a:
                    continue
                x = num // a
                if 0 <= x < base and dm >> x & 1:
                    path[i] = x
                    if record(ci, co):
                        return True
            return False
        for x in vals[i]:
            if used >> x & 1:
                continue
            path[i] = x
            if dfs(i + 1, partial + a * x, used | 1 << x):
                return True
        return False

    done = dfs(0, 0, 0)
    if done:
        return tuple(doms[back.index(i)] for i in range(n)), cin, cout
    if not sin:
        return None
    return tuple(supp[back.index(i)] for i in range(n)), frozenset(sin), frozenset(sout)


HALL_MAX = 12       # more undecided letters: `hall` leaves them to the technique


def hall(masks: Sequence[Mask], base: int, every: bool) -> tuple[Mask, ...] | None | int:
    """The letters' masks after Hall's condition to the fixpoint (None: contradiction;
    -1: more than HALL_MAX letters undecided): `_filters.hall` when compiled, else
    `hall_py`, its twin."""
    if _compiled is not None:
        return _compiled.hall(masks, base, every)
    return hall_py(masks, base, every)


def hall_py(masks: Sequence[Mask], base: int, every: bool) -> tuple[Mask, ...] | None | int:
    """`_filters.hall` in Python: a decided letter's digit removed from the others; k
    undecided letters whose digits are k between them keep those digits (every group);
    fewer digits than letters in a group is a contradiction; with `every` (as many
    letters as digits) a digit only one letter can take is that letter's."""
    m = list(masks)
    n = len(m)
    while True:
        changed = False
        for i in range(n):
            if not m[i]:
                return None
            if m[i] & (m[i] - 1) == 0:
                for j in range(n):
                    if j != i and m[j] & m[i]:
                        m[j] &= ~m[i]
                        if not m[j]:
                            return None
                        changed = True
        if changed:
            continue
        if every:
            for d in range(base):
                who = [j for j in range(n) if m[j] >> d & 1]
                if not who:
                    return None
                if len(who) == 1 and m[who[-1]] & (m[who[-1]] - 1):
                    m[who[-1]] = 1 << d
                    changed = True
        if changed:
            continue
        open_ = [i for i in range(n) if m[i] & (m[i] - 1)]
        if len(open_) > HALL_MAX:
            return -1
        uni = [0] * (1 << len(open_))
        for s in range(1, 1 << len(open_)):
            low = (s & -s).bit_length() - 1
            uni[s] = uni[s & (s - 1)] | m[open_[low]]
            size, k = s.bit_count(), uni[s].bit_count()
            if k < size:
                return None
            if k == size and size >= 2:
                for j, c in enumerate(open_):
                    if not s >> j & 1 and m[c] & uni[s]:
                        m[c] &= ~uni[s]
                        changed = True
            if changed:
                break
        if not changed:
            return tuple(m)


def is_wide(weights: Weights, cin: Carries, cout: Carries) -> bool:
    """Too many letters or carry values to enumerate a column."""
    return len(weights) > WIDE_LETTERS or max(len(cin), len(cout)) > WIDE_CARRIES


def column_filter(weights: Weights, const: int, doms: Sequence[Mask], cin: Carries,
                  cout: Carries, base: int, modulus: int, limit: int = COLUMN_NODES
                  ) -> Support | None:
    """What a column equation leaves of its letters' and carries' values (None: nothing
    fits): exact support (`column_support`) unless the column is wide or the
    enumeration passes `limit` nodes, then the bounds (`bounds_support`)."""
    if not is_wide(weights, cin, cout):
        try:
            return column_support(weights, const, doms, cin, cout, base, modulus, limit)
        except TooWide:
            pass
    return bounds_support(weights, const, doms, cin, cout, modulus)


# -- a unit of the ladder: a column, or two columns read as one ---------------------------------
STRONG_NODES = 10 ** 9    # no limit in practice: the exact filter of the fixpoint
ZERO = frozenset((0,))
CACHE_MAX = 100_000       # results kept per unit and filter


@lru_cache(maxsize=1 << 14)
def carry_set(lo: int, mask: Mask) -> Carries:
    """The values of a carry (lowest value `lo`) in its mask."""
    return frozenset(lo + b for b in bits(mask))


def carry_mask(lo: int, values: Carries) -> Mask:
    """The mask of some values of a carry whose lowest value is `lo`."""
    m = 0
    for v in values:
        m |= 1 << (v - lo)
    return m


def unit_filter(unit: Any, key: tuple[Mask, ...], base: int, lo: Sequence[int],
                strong: bool = False) -> tuple[Mask, ...] | None:
    """A unit's filter on `key` (the masks of `unit.vars`), through the unit's cache:
    the masks it keeps, None when nothing fits.
    (Equal to `key`, not always `key` itself, when nothing narrows.) The ladder's (`strong` False): `column_filter` on a column, `column_support`
    within PAIR_NODES on two columns (exact or nothing: on a pair too wide to
    enumerate, bounds cost more than they find). `strong`: exact wherever the
    ladder enumerates at all, with no node limit (a filter that gives up after so
    many nodes may give up on narrower domains and not on wider ones, so its
    fixpoint could depend on the order; the exact one's cannot, and it removes at
    least as much)."""
    cache = unit.strong if strong else unit.cache
    if key in cache:
        return cache[key]  # type: ignore[no-any-return]
    if len(cache) > CACHE_MAX:
        cache.clear()
    nl = unit.nl
    doms = key[:nl]
    i = nl
    cin = cout = ZERO
    if unit.cin is not None:
        cin = carry_set(lo[unit.cin], key[i])
        i += 1
    if unit.cout is not None:
        cout = carry_set(lo[unit.cout], key[i])
    got: tuple[Mask, ...] | None = key
    if not unit.pair:
        res = column_filter(unit.weights, unit.const, doms, cin, cout, base, base,
                            STRONG_NODES if strong else COLUMN_NODES)
    elif is_wide(unit.weights, cin, cout):
        res = None
        cache[key] = key
        return key
    else:
        try:
            res = column_support(unit.weights, unit.const, doms, cin, cout, base,
                                 base * base, STRONG_NODES if strong else PAIR_NODES)
        except TooWide:
            cache[key] = key
            return key
    if res is None:
        got = None
    else:
        out = list(res[0])
        if unit.cin is not None:
            out.append(carry_mask(lo[unit.cin], res[1]))
        if unit.cout is not None:
            out.append(carry_mask(lo[unit.cout], res[2]))
        got = tuple(out)
    cache[key] = got
    return got
