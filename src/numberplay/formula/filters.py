"""Candidate filters for a weighted sum of letters with distinct digits.

The one place where the search (`solver.py`) and the explanation (`ladder.py`)
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
sorted weights with `split_weights`); the explanation's rungs and fixpoint
(`ladder.py`, `settle.py`) call `unit_filter`, which calls `column_filter` and
`column_support`. This file is their one source: setup.py compiles it with
Cython (`native.toml`, `[[cython]]`), where `support` and `hall` run on C
integers and arrays (typed in Cython's pure-Python mode; `filters.pxd` declares
the CPU's popcount); run as Python it is the same code (NUMBERPLAY_PURE, no
compiler). `_settle.c` keeps its own copy in C (`filters.h`) until the quiet
run is typed too. Narrowing
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
    import cython
    COMPILED: bool = cython.compiled
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    COMPILED = False

    class cython:  # type: ignore[no-redef]  # noqa: N801 - Cython's name, run as Python
        compiled = False

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
    """The supported values of `sum(w·x) + const + cin = modulus·cout` over distinct
    digits below `base` (x_i in doms[i]): every value that some solution uses, and
    only those (None: no solution). When `modulus > base`, the letters whose weight
    is a multiple of `base` come last and the partial sum must first be divisible by
    `base` once the others are placed (two columns read as one).

    Raises TooWide when the enumeration would visit more than `limit` nodes."""
    res = support(list(weights), const, list(doms), tuple(cin), tuple(cout), base, modulus,
                  limit)
    if res is None:
        return None
    if isinstance(res, int):   # -1
        raise TooWide
    masks, sin, sout = res
    if isinstance(sin, int) or masks is None:   # -1: every value supported, the domains as given
        return tuple(doms), cin, cout
    return masks, frozenset(sin), frozenset(sout)


def support(weights: list, const: cython.longlong, doms: list, cin: tuple, cout: tuple,
            base: cython.int, modulus: cython.longlong, limit: cython.longlong
            ) -> tuple[tuple[int, ...] | None, tuple[int, ...] | int, tuple[int, ...]] | int | None:
    """`column_support`'s enumeration, typed (compiled by Cython: C integers and
    arrays): None (no solution), -1 (more than `limit` nodes) or (the masks kept,
    the carry-in values kept, the carry-out values kept); the carries as -1 and ()
    when every value is supported (the caller hands back what it gave).

    Depth first over the letters ordered by (weight a multiple of base, -|weight|)
    (stable), bounds from the suffix minima and maxima, the last letter computed
    rather than tried, stopping as soon as every value is supported; one node per
    letter placed (and one for the first), so `limit` gives up at the same place
    whatever runs it. At most 64 letters, 64 values of each carry, base 2..63."""
    n: cython.int = len(weights)
    nin: cython.int = len(cin)
    nout: cython.int = len(cout)
    if n > 64 or len(doms) != n or nin > 64 or nout > 64 or base < 2 or base > 63:
        raise ValueError("support: at most 64 letters and carry values, base 2..63")
    coef: cython.longlong[64] = [0] * 64
    dom: cython.ulonglong[64] = [0] * 64
    supp: cython.ulonglong[64] = [0] * 64
    order: cython.int[64] = [0] * 64
    path: cython.int[64] = [0] * 64
    nxt: cython.int[64] = [0] * 64
    sufmin: cython.longlong[65] = [0] * 65
    sufmax: cython.longlong[65] = [0] * 65
    partial: cython.longlong[65] = [0] * 65
    used: cython.ulonglong[65] = [0] * 65
    cinv: cython.longlong[64] = [0] * 64
    coutv: cython.longlong[64] = [0] * 64
    i: cython.int
    j: cython.int
    p: cython.int
    q: cython.int
    x: cython.int
    split: cython.int
    need: cython.int
    got: cython.int
    key0: cython.int
    key1: cython.longlong
    a: cython.longlong
    w: cython.longlong
    t: cython.longlong
    r: cython.longlong
    num: cython.longlong
    y: cython.longlong
    lo: cython.longlong
    hi: cython.longlong
    rmin: cython.longlong
    rmax: cython.longlong
    nodes: cython.longlong = 0
    cmin: cython.longlong = 0
    cmax: cython.longlong = 0
    one: cython.ulonglong = 1
    d: cython.ulonglong
    dm: cython.ulonglong
    b: cython.ulonglong
    needres: cython.ulonglong = 0
    sin: cython.ulonglong = 0
    sout: cython.ulonglong = 0
    # the letters in enumeration order: insertion sort, stable, on (multiple of base, -|w|)
    for i in range(n):
        w = weights[i]
        coef[i] = w
        dom[i] = doms[i]
        order[i] = i
    for i in range(1, n):
        x = order[i]
        w = coef[x]
        key0 = 1 if w % base == 0 else 0
        key1 = -w if w < 0 else w
        j = i - 1
        while j >= 0:
            w = coef[order[j]]
            if (1 if w % base == 0 else 0) > key0 or \
                    ((1 if w % base == 0 else 0) == key0 and (-w if w < 0 else w) < key1):
                order[j + 1] = order[j]
                j -= 1
            else:
                break
        order[j + 1] = x
    for i in range(n):              # coef, dom in enumeration order (supp as scratch)
        path[i] = coef[order[i]]
        supp[i] = dom[order[i]]
    split = n
    for i in range(n):
        coef[i] = path[i]
        dom[i] = supp[i]
        supp[i] = 0
        if split == n and modulus > base and coef[i] % base == 0:
            split = i
    need = nin + nout
    for i in range(n):
        d = dom[i]
        if d == 0:
            return None
        while d:
            need += 1
            d &= d - 1
    for i in range(n - 1, -1, -1):
        a = coef[i]
        d = dom[i]
        x = 0
        while not d >> x & 1:
            x += 1
        lo = x
        x = 63
        while not d >> x & 1:
            x -= 1
        hi = x
        sufmin[i] = sufmin[i + 1] + (a * lo if a > 0 else a * hi)
        sufmax[i] = sufmax[i + 1] + (a * hi if a > 0 else a * lo)
    if nin == 0 or nout == 0:
        return None
    for p in range(nin):
        cinv[p] = cin[p]
        r = (-cinv[p]) % base
        if r < 0:
            r += base
        needres |= one << r
        if p == 0 or cinv[p] < cmin:
            cmin = cinv[p]
        if p == 0 or cinv[p] > cmax:
            cmax = cinv[p]
    rmin = cmin
    rmax = cmax
    for q in range(nout):
        coutv[q] = cout[q]
        if q == 0 or coutv[q] < cmin:
            cmin = coutv[q]
        if q == 0 or coutv[q] > cmax:
            cmax = coutv[q]
    rmin -= modulus * cmax
    rmax -= modulus * cmin
    got = 0
    if n == 0:
        for p in range(nin):
            for q in range(nout):
                if const + cinv[p] - modulus * coutv[q] == 0:
                    sin |= one << p
                    sout |= one << q
    i = 0
    entering: cython.bint = True
    while n > 0:
        if entering:
            nodes += 1
            if nodes > limit:
                return -1
            t = partial[i] + const
            if t + sufmin[i] + rmin > 0 or t + sufmax[i] + rmax < 0:
                entering = False
                i -= 1
                if i < 0:
                    break
                continue
            if i == split:
                r = t % base
                if r < 0:
                    r += base
                if not needres >> r & 1:
                    entering = False
                    i -= 1
                    if i < 0:
                        break
                    continue
            if i == n - 1:          # the last letter: computed, not tried
                a = coef[i]
                dm = dom[i] & ~used[i]
                for p in range(nin):
                    for q in range(nout):
                        num = -(t + cinv[p] - modulus * coutv[q])
                        y = num // a
                        if y * a != num or y < 0 or y >= base or not dm >> y & 1:
                            continue
                        path[i] = y
                        for j in range(n):
                            b = one << path[j]
                            if not supp[j] & b:
                                supp[j] |= b
                                got += 1
                        b = one << p
                        if not sin & b:
                            sin |= b
                            got += 1
                        b = one << q
                        if not sout & b:
                            sout |= b
                            got += 1
                        if got >= need:
                            return None, -1, ()
                entering = False
                i -= 1
                if i < 0:
                    break
                continue
            nxt[i] = 0
        # the next digit of letter i, ascending, not used above it
        dm = dom[i] & ~used[i]
        x = nxt[i]
        while x < base and not dm >> x & 1:
            x += 1
        if x >= base:
            entering = False
            i -= 1
            if i < 0:
                break
            continue
        nxt[i] = x + 1
        path[i] = x
        partial[i + 1] = partial[i] + coef[i] * x
        used[i + 1] = used[i] | one << x
        i += 1
        entering = True
    if sin == 0:
        return None
    kept = [0] * n
    for i in range(n):
        kept[order[i]] = supp[i]
    return (tuple(kept), tuple([cin[p] for p in range(nin) if sin >> p & 1]),
            tuple([cout[q] for q in range(nout) if sout >> q & 1]))


HALL_MAX = 12       # more undecided letters: `hall` leaves them to the technique


def _lowest(x: cython.ulonglong) -> cython.int:
    """The index of the lowest set bit of x > 0 (compiled: the CPU's, `filters.pxd`)."""
    if cython.compiled:
        return __builtin_ctzll(x)  # type: ignore[name-defined]  # noqa: F821 - C
    return (x & -x).bit_length() - 1


def _bitcount(x: cython.ulonglong) -> cython.int:
    """How many bits are set (compiled: the CPU's popcount, declared in `filters.pxd`)."""
    if cython.compiled:     # a constant: Cython keeps one branch
        return __builtin_popcountll(x)  # type: ignore[name-defined]  # noqa: F821 - C
    return x.bit_count()


def hall(masks: Sequence[Mask], base: cython.int, every: cython.bint
         ) -> tuple[Mask, ...] | None | int:
    """The letters' masks after Hall's condition to the fixpoint (None: contradiction;
    -1: more than HALL_MAX letters undecided): a decided letter's digit removed from
    the others; k undecided letters whose digits are k between them keep those digits
    (every group); fewer digits than letters
    in a group is a contradiction; with `every` (as many letters as digits) a digit
    only one letter can take is that letter's. Typed (compiled by Cython); at most
    64 letters and digits."""
    n: cython.int = len(masks)
    if n > 64 or base < 1 or base > 64:
        raise ValueError("hall: at most 64 letters and digits")
    m: cython.ulonglong[64] = [0] * 64
    opened: cython.int[64] = [0] * 64
    uni: cython.ulonglong[4096]         # 1 << HALL_MAX: each group's digits
    one: cython.ulonglong = 1
    s: cython.uint
    low: cython.int
    size: cython.int
    i: cython.int
    j: cython.int
    d: cython.int
    who: cython.int
    cnt: cython.int
    no: cython.int
    k: cython.int
    u: cython.ulonglong
    changed: cython.bint
    for i in range(n):
        m[i] = masks[i]
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
                who = -1
                cnt = 0
                for j in range(n):
                    if m[j] >> d & 1:
                        who = j
                        cnt += 1
                if not cnt:
                    return None
                if cnt == 1 and m[who] & (m[who] - 1):
                    m[who] = one << d
                    changed = True
        if changed:
            continue
        no = 0
        for i in range(n):
            if m[i] & (m[i] - 1):
                opened[no] = i
                no += 1
        if no > HALL_MAX:
            return -1
        # every group of the open letters, as the bits of s (the letters' indices in
        # `opened`): its digits uni[s], from the group without its lowest letter
        if not cython.compiled:
            uni = [0] * (1 << no)       # as Python: only as long as the groups need
        uni[0] = 0
        for s in range(1, 1 << no):
            low = _lowest(s)
            u = uni[s & (s - 1)] | m[opened[low]]
            uni[s] = u
            size = _bitcount(s)
            k = _bitcount(u)
            if k < size:
                return None
            if k == size and size >= 2:
                for i in range(no):
                    if not s >> i & 1 and m[opened[i]] & u:
                        m[opened[i]] &= ~u
                        changed = True
                if changed:
                    break
        if not changed:
            return tuple([m[i] for i in range(n)])


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
