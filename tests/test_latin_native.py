"""The Latin search compiled (latin/search.py through Cython) against the same
source run as Python (`numberplay._pure.as_python`), brute force and CP-SAT: the
same solutions in the same order, the same node counts, on many random instances."""

from __future__ import annotations

import itertools
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay._pure import as_python, compiled
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded
from numberplay.latin import scans, search
from numberplay.latin.search import solve_masks
from numberplay.latin.squares import is_latin, jacobson_matthews
from test_crossset_search import brute_force, cpsat_solutions, qwh, random_masks

if not compiled(search):
    if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
        pytest.fail("the Latin search (numberplay.latin.search) is not compiled",
                    pytrace=False)
    pytest.skip("the Latin search is not compiled (python setup.py build_ext --inplace)",
                allow_module_level=True)

PY = as_python(search)     # the same source, run as Python
if compiled(search):        # its Régin filter from source too (compiled: a C function)
    PY.scans = as_python(scans)



def both(n: int, masks: list[int], limit: int | None = None, budget: Budget | None = None,
         **kw: object) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The solutions found by the compiled search and by its source run as Python."""
    c = [tuple(s) for s in solve_masks(n, masks, limit=limit, **kw)]
    p = [tuple(s) for s in PY.solve_masks(n, masks, limit=limit, budget=budget, **kw)]
    return c, p


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**32).map(random.Random),
       st.floats(0.6, 1.0), st.floats(0.0, 0.6), st.booleans(), st.booleans())
def test_same_solutions_as_python_and_brute_force(n: int, rng: random.Random, keep: float,
                                                  extra: float, use_gac: bool,
                                                  restarts: bool) -> None:
    masks = random_masks(n, rng, keep, extra if n < 5 else extra / 2)
    c, p = both(n, masks, use_gac=use_gac, restarts=restarts)
    assert len(c) == len(set(c))
    assert sorted(c) == sorted(p) == sorted(brute_force(n, masks))


@pytest.mark.parametrize("seed", range(40))
def test_counts_agree_on_random_completions(seed: int) -> None:
    rng = random.Random(f"native:{seed}")
    n = rng.randrange(6, 14)
    holes = rng.uniform(0.3, 0.6)
    masks = qwh(n, holes, seed)
    if seed % 2:  # decoys around a square instead of holes
        masks = random_masks(n, rng, 1.0, rng.uniform(0.05, 0.25))
    limit = 60
    c, p = both(n, masks, limit=limit, budget=Budget(nodes=100_000))
    assert len(c) == len(p)
    assert len(c) == len(set(c))
    if len(c) < limit:  # complete enumerations: the very same solutions
        assert set(c) == set(p)
    for s in c:
        assert is_latin([s[r * n:(r + 1) * n] for r in range(n)], n)
        assert all(masks[i] >> s[i] & 1 for i in range(n * n))


@pytest.mark.parametrize("seed", range(12))
def test_counts_to_two_agree_at_order_20_to_30(seed: int) -> None:
    n = 20 + 2 * (seed % 6)
    masks = qwh(n, 0.42 + 0.02 * (seed % 3), seed)
    c, p = both(n, masks, limit=2)
    assert len(c) == len(p)


def test_node_gac_and_no_restarts_agree() -> None:
    n = 9
    masks = qwh(n, 0.5, 11)
    base = sorted(tuple(s) for s in PY.solve_masks(n, masks))
    assert 0 < len(base) < 5000
    for kw in ({"node_gac": True}, {"restarts": False}, {"use_gac": False}):
        assert sorted(tuple(s) for s in solve_masks(n, masks, **kw)) == base


@pytest.mark.parametrize("holes", [0.42, 0.46])
def test_many_restarts_lose_no_solution(holes: float) -> None:
    """Cutoffs of a failure or so (Luby's sequence from 0.05 n) restart the C
    search several times before its first solution; every solution is still found
    once, with Régin's filter at the root only, at shallow nodes or at every node."""
    n = 16
    masks = qwh(n, holes, 105)
    base = sorted(tuple(s) for s in PY.solve_masks(n, masks))
    assert 0 < len(base) < 20_000
    runs = []
    for kw in ({}, {"gac_depth": 3}, {"node_gac": True}):
        it = search.Search(n, masks, True, None, restart_base=0.05, **kw)
        got = [tuple(s) for s in it]
        runs.append(it.runs)
        assert it.all_nodes >= it.nodes
        assert len(got) == len(set(got))
        assert sorted(got) == base
    assert max(runs) > 1


@pytest.mark.parametrize("n, seed, holes", [(7, 2, 0.45), (9, 4, 0.4), (10, 5, 0.33)])
def test_cpsat_oracle(n: int, seed: int, holes: float) -> None:
    masks = qwh(n, holes, seed)
    expected = cpsat_solutions(n, masks)
    assert len(expected) < 2000
    assert {tuple(s) for s in solve_masks(n, masks)} == expected


def test_deterministic_order_and_limit() -> None:
    masks = [15] * 16
    first = [tuple(s) for s in solve_masks(4, masks)]
    assert len(first) == len(set(first)) == 576
    assert first == [tuple(s) for s in solve_masks(4, masks)]
    assert [tuple(s) for s in solve_masks(4, masks, limit=7)] == first[:7]


def test_budget_stops_the_native_search() -> None:
    n = 12
    with pytest.raises(BudgetExceeded):
        sum(1 for _ in solve_masks(n, [(1 << n) - 1] * (n * n),
                                   budget=Budget(nodes=500)))
    with pytest.raises(BudgetExceeded):
        sum(1 for _ in solve_masks(n, [(1 << n) - 1] * (n * n),
                                   budget=Budget(seconds=0.05)))


def test_empty_order_64_is_solved_at_once() -> None:
    n = 64
    rng = random.Random(3)
    square = jacobson_matthews(8, rng)
    masks = [(1 << n) - 1] * (n * n)
    for r in range(8):  # a few givens in the corner
        for c in range(8):
            if (r + c) % 3 == 0:
                masks[r * n + c] = 1 << square[r][c]
    sols = list(solve_masks(n, masks, limit=2, budget=Budget(nodes=200_000)))
    assert len(sols) == 2
    for s in sols:
        assert is_latin([s[r * n:(r + 1) * n] for r in range(n)], n)
        assert all(masks[i] >> s[i] & 1 for i in range(n * n))


def test_the_source_searches_the_same_tree() -> None:
    """Same solutions in the same order and the same node count (what a puzzle
    id relies on), restarts included: cutoffs from 0.05 n failures restart often."""
    runs = []
    for seed in range(30):
        rng = random.Random(f"tree:{seed}")
        n = rng.randrange(5, 17)
        masks = qwh(n, rng.uniform(0.35, 0.55), seed)
        if seed % 3 == 0:
            masks = random_masks(n, rng, 1.0, rng.uniform(0.05, 0.3))
        base = 0.05 if seed % 2 else search.RESTART_BASE
        for restarts in (True, False):
            got = {}
            for engine, mod in (("c", search), ("python", PY)):
                b = Budget(nodes=200_000)
                sols = mod.solve_masks(n, masks, limit=40, budget=b,
                                       restarts=restarts, restart_base=base)
                got[engine] = ([tuple(s) for s in sols], b.used)
            assert got["c"] == got["python"], (seed, restarts)
            for kw in ({"node_gac": True}, {"gac_depth": 2}, {"use_gac": False}):
                its = [mod.Search(n, masks, restarts, None, restart_base=base, **kw)
                       for mod in (search, PY)]
                sols = [[tuple(s) for s in itertools.islice(it, 20)] for it in its]
                assert sols[0] == sols[1], (seed, restarts, kw)
                assert its[0].all_nodes == its[1].all_nodes and its[0].runs == its[1].runs
            it = search.Search(n, masks, True, None, restart_base=base)
        next(it, None)
        runs.append(it.runs)
    assert sum(r > 1 for r in runs) >= 3
