"""The public candidate filters of cryptarithms (candidates.py) against brute force.

Small random weighted sums and columns: every filter must keep every value some
solution uses (soundness); the rearrangement bound must be the true minimum and
maximum; the exact column filter must keep exactly the values solutions use.
"""

from __future__ import annotations

from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay._pure import as_python
from numberplay.formula import filters as C
from numberplay.formula.filters import bits, mask_of

PURE = as_python(C)        # filters.py run as Python, whatever is compiled beside it

SETTINGS = settings(max_examples=150, deadline=None)


def brute_column(weights, const, doms, cin, cout, modulus):
    """(masks, cin, cout) used by the solutions of the column equation, or None."""
    n = len(weights)
    supp = [0] * n
    sin: set[int] = set()
    sout: set[int] = set()
    for xs in product(*(bits(d) for d in doms)):
        if len(set(xs)) < n:
            continue
        t = sum(w * x for w, x in zip(weights, xs, strict=True)) + const
        for ci in cin:
            for co in cout:
                if t + ci == modulus * co:
                    for i, x in enumerate(xs):
                        supp[i] |= 1 << x
                    sin.add(ci)
                    sout.add(co)
    if not sin:
        return None
    return tuple(supp), frozenset(sin), frozenset(sout)


def contains(res, truth) -> bool:
    """Does a filter's result keep every value of the brute-force support?"""
    if truth is None:
        return True
    if res is None:
        return False
    masks, cin, cout = res
    return (all(m & t == t for m, t in zip(masks, truth[0], strict=True))
            and truth[1] <= cin and truth[2] <= cout)


@st.composite
def columns(draw, max_letters=5, pair=False):
    base = draw(st.integers(3, 7))
    n = draw(st.integers(0, min(max_letters, base)))
    weights = [draw(st.integers(-9, 9).filter(bool)) for _ in range(n)]
    if pair:      # two columns read together: some weights are multiples of the base
        weights = [w * base if draw(st.booleans()) else w for w in weights]
    full = (1 << base) - 1
    doms = [draw(st.integers(1, full)) for _ in range(n)]
    const = draw(st.integers(-base, base))
    cin = frozenset(draw(st.lists(st.integers(-2, 3), min_size=1, max_size=3)))
    cout = frozenset(draw(st.lists(st.integers(-2, 3), min_size=1, max_size=3)))
    modulus = base * base if pair else base
    return weights, const, doms, cin, cout, base, modulus


@SETTINGS
@given(columns())
def test_column_support_is_exact(col):
    weights, const, doms, cin, cout, base, modulus = col
    truth = brute_column(weights, const, doms, cin, cout, modulus)
    assert C.column_support(weights, const, doms, cin, cout, base, modulus) == truth


@SETTINGS
@given(columns(pair=True))
def test_column_support_is_exact_for_two_columns(col):
    weights, const, doms, cin, cout, base, modulus = col
    truth = brute_column(weights, const, doms, cin, cout, modulus)
    assert C.column_support(weights, const, doms, cin, cout, base, modulus) == truth


@settings(max_examples=400, deadline=None)
@given(columns(max_letters=7, pair=True), st.sampled_from([20, 200, 2_000, 200_000]),
       st.booleans())
def test_compiled_column_support_is_its_source_node_for_node(col, limit, pair):
    """The compiled filter and its source run as Python: same supports, and TooWide
    at the same node limit (so explanations do not change)."""
    weights, const, doms, cin, cout, base, modulus = col
    if not pair:
        weights = [w // base if w % base == 0 else w for w in weights]
        modulus = base
    def run(mod):
        try:
            return mod.column_support(weights, const, doms, cin, cout, base, modulus, limit)
        except mod.TooWide:
            return -1
    assert run(C) == run(PURE)


def per_term(weights, const, doms, cin, cout, modulus):
    """The bound without distinctness (each term's own minimum and maximum)."""
    terms = [(w, bits(d)) for w, d in zip(weights, doms, strict=True)]
    terms += [(1, tuple(sorted(cin))), (-modulus, tuple(sorted(cout)))]
    lo = [min(a * v[0], a * v[-1]) for a, v in terms]
    hi = [max(a * v[0], a * v[-1]) for a, v in terms]
    out = []
    for i, (a, vals) in enumerate(terms):
        rl, rh = sum(lo) - lo[i] + const, sum(hi) - hi[i] + const
        keep = [v for v in vals if rl <= -a * v <= rh]
        if not keep:
            return None
        out.append(keep)
    return tuple(mask_of(k) for k in out[:-2]), frozenset(out[-2]), frozenset(out[-1])


@SETTINGS
@given(columns(max_letters=6))
def test_bounds_support_is_sound_and_at_least_per_term(col):
    weights, const, doms, cin, cout, base, modulus = col
    truth = brute_column(weights, const, doms, cin, cout, modulus)
    res = C.bounds_support(weights, const, doms, cin, cout, modulus)
    assert contains(res, truth)
    if res is not None:      # never adds a value
        assert all(m & ~d == 0 for m, d in zip(res[0], doms, strict=True))
        assert res[1] <= cin and res[2] <= cout
        weak = per_term(weights, const, doms, cin, cout, modulus)
        assert contains(weak, res)       # at least as strong as per-term bounds


def test_bounds_support_uses_distinct_digits():
    # A + B + C = 26 with A, B, C in {8, 9}: per-term bounds allow totals 24..27, but
    # three letters cannot share two digits
    args = ([1, 1, 1], -26, [0b11 << 8] * 3, frozenset({0}), frozenset({0}), 10)
    assert C.bounds_support(*args) is None
    assert per_term(*args) is not None
    # X + 2·Y = 3 with X, Y in {0, 1}: X = Y = 1 is not allowed, so no solution
    # sums to 3; the rearrangement bound (X, Y distinct) sees the largest total is 2
    res = C.bounds_support([1, 2], -3, [0b11, 0b11], frozenset({0}), frozenset({0}), 10)
    assert res is None
    assert per_term([1, 2], -3, [0b11, 0b11], frozenset({0}), frozenset({0}), 10) is not None


@SETTINGS
@given(columns(max_letters=7))
def test_column_filter_is_sound(col):
    weights, const, doms, cin, cout, base, modulus = col
    truth = brute_column(weights, const, doms, cin, cout, modulus)
    res = C.column_filter(weights, const, doms, cin, cout, base, modulus)
    assert contains(res, truth)
    if not C.is_wide(weights, cin, cout):
        assert res == truth
    # a tiny node limit falls back to the bounds, still sound
    assert contains(C.column_filter(weights, const, doms, cin, cout, base, modulus, limit=2),
                    truth)


@st.composite
def sums(draw):
    base = draw(st.integers(3, 8))
    k = draw(st.integers(0, base - 1))       # letters still to come
    rest = [draw(st.integers(-50, 50).filter(bool)) for _ in range(k)]
    free = sorted(draw(st.sets(st.integers(0, base - 1), min_size=k + 1, max_size=base)))
    cand = sorted(draw(st.sets(st.sampled_from(free), min_size=1)))
    w = draw(st.integers(-50, 50))
    s0 = draw(st.integers(-400, 400))
    return s0, w, rest, free, cand


@SETTINGS
@given(sums())
def test_rest_range_is_the_true_minimum_and_maximum(case):
    _, _, rest, free, _ = case
    totals = [sum(a * x for a, x in zip(rest, xs, strict=True))
              for xs in permutations(free, len(rest))]
    pos, neg = C.split_weights(rest)
    assert C.rest_range(pos, neg, free) == (min(totals), max(totals))


@SETTINGS
@given(sums(), st.booleans())
def test_sum_filter_is_sound(case, exact):
    s0, w, rest, free, cand = case
    pos, neg = C.split_weights(rest)
    got = C.sum_filter(s0, w, pos, neg, free, cand, exact)
    truth = [d for d in cand if any(
        s0 + w * d + sum(a * x for a, x in zip(rest, xs, strict=True)) == 0
        for xs in permutations([e for e in free if e != d], len(rest)))]
    assert set(truth) <= set(got) <= set(cand)
    if exact:        # the bound without d: the digits it keeps can reach the interval's ends
        plain = C.sum_filter(s0, w, pos, neg, free, cand, False)
        assert set(got) <= set(plain)


@SETTINGS
@given(sums())
def test_fast_path_is_the_general_bound_on_a_shared_domain(case):
    # the search's fast path (every letter to come shares the free digits) keeps, for
    # the letter placed, what the general bound keeps when every domain is `free`
    s0, w, rest, free, cand = case
    pos, neg = C.split_weights(rest)
    fast = C.sum_filter(s0, w, pos, neg, free, cand, exact=True)
    res = C.bounds_support([w] + rest, s0, [mask_of(cand)] + [mask_of(free)] * len(rest),
                           frozenset({0}), frozenset({0}), 10)
    if res is not None:
        assert bits(res[0][0]) == tuple(fast)
    else:
        assert not fast or rest


@pytest.mark.parametrize("mask", [0, 1, 0b1010, (1 << 36) - 1])
def test_bits_and_mask_of(mask):
    assert mask_of(bits(mask)) == mask
