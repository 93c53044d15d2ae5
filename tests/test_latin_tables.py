"""The Latin core's constraint hook: table constraints in the search, compiled and
run as Python (the same source), and a Python propagator, against brute force and
against each other."""

from __future__ import annotations

import itertools
import operator
import random
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay._pure import as_python, compiled
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded
from numberplay.latin import scans, search
from numberplay.latin.search import solve_masks
from numberplay.latin.squares import jacobson_matthews
from numberplay.latin.tables import Table, table_filter

ENGINES = ["python", "c"] if compiled(search) else ["python"]
_MODS = {"python": as_python(search), "c": search}     # the source run as Python; compiled
if compiled(search):        # its Régin filter from source too (compiled: a C function)
    _MODS["python"].scans = as_python(scans)



def engine_solve(engine: str, *args: object, **kw: object):  # type: ignore[no-untyped-def]
    """`solve_masks` compiled ("c") or from its source run as Python ("python")."""
    return _MODS[engine].solve_masks(*args, **kw)

_SQUARES: dict[int, list[tuple[int, ...]]] = {}


def all_squares(n: int) -> list[tuple[int, ...]]:
    """Every Latin square of order n (flat, 0-based), by plain backtracking over rows."""
    if n not in _SQUARES:
        perms = list(itertools.permutations(range(n)))
        out: list[tuple[int, ...]] = []

        def rec(rows: list[tuple[int, ...]]) -> None:
            if len(rows) == n:
                out.append(tuple(v for row in rows for v in row))
                return
            for p in perms:
                if all(p[c] != row[c] for row in rows for c in range(n)):
                    rec([*rows, p])
        rec([])
        _SQUARES[n] = out
    return _SQUARES[n]


def brute_force(n: int, masks: list[int], tables: list[Table]) -> list[tuple[int, ...]]:
    """The Latin squares within the masks whose every table holds."""
    allowed = [set(t.tuples) for t in tables]
    return [sq for sq in all_squares(n)
            if all(masks[i] >> sq[i] & 1 for i in range(n * n))
            and all(tuple(sq[c] for c in t.cells) in ok
                    for t, ok in zip(tables, allowed, strict=True))]


def random_tables(n: int, rng: random.Random, count: int, around: tuple[int, ...] | None
                  ) -> list[Table]:
    """`count` tables over 1-3 random cells, each allowing a random share of all
    tuples (and the tuple of `around`, when given, so that a solution survives)."""
    out = []
    for _ in range(count):
        k = rng.randint(1, min(3, n * n))
        cells = tuple(rng.sample(range(n * n), k))
        share = rng.random()
        tuples = {t for t in itertools.product(range(n), repeat=k) if rng.random() < share}
        if around is not None:
            tuples.add(tuple(around[c] for c in cells))
        out.append(Table(cells, tuple(sorted(tuples))))
    return out


def solutions(n: int, masks: list[int], tables: list[Table], engine: str,
              **kw: object) -> list[tuple[int, ...]]:
    found = [tuple(s) for s in engine_solve(engine, n, masks, tables=tables, **kw)]
    assert len(found) == len(set(found)), "a solution came twice"
    return sorted(found)


@settings(max_examples=120, deadline=None)
@given(st.integers(1, 4), st.integers(0, 2**32).map(random.Random), st.integers(0, 6),
       st.booleans(), st.booleans())
def test_tables_against_brute_force(n: int, rng: random.Random, count: int, feasible: bool,
                                    use_gac: bool) -> None:
    square = tuple(v for row in jacobson_matthews(n, rng) for v in row)
    masks = [(1 << n) - 1 if rng.random() < 0.7 else 1 << square[i] | 1 << rng.randrange(n)
             for i in range(n * n)]
    tables = random_tables(n, rng, count, square if feasible else None)
    expected = sorted(brute_force(n, masks, tables))
    if feasible:
        assert square in expected
    for engine in ENGINES:
        assert solutions(n, masks, tables, engine, use_gac=use_gac) == expected
        assert len(list(engine_solve(engine, n, masks, limit=2, tables=tables))) \
            == min(2, len(expected))


def cages(n: int, square: list[list[int]], rng: random.Random, op: str) -> list[Table]:
    """Keen-like cages: the grid cut into connected groups of 1-4 cells, each
    allowing the value tuples with the same sum (or product) as the square's."""
    combine = {"sum": operator.add, "product": operator.mul}[op]
    seen = [False] * (n * n)
    out = []
    for start in rng.sample(range(n * n), n * n):
        if seen[start]:
            continue
        cells = [start]
        seen[start] = True
        for _ in range(rng.randint(0, 3)):
            r, c = divmod(rng.choice(cells), n)
            nbrs = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < n and 0 <= c + dc < n and not seen[(r + dr) * n + c + dc]]
            if nbrs:
                x = rng.choice(nbrs)
                seen[x] = True
                cells.append(x)
        target = reduce(combine, (square[i // n][i % n] + 1 for i in cells))
        tuples = tuple(t for t in itertools.product(range(n), repeat=len(cells))
                       if reduce(combine, (v + 1 for v in t)) == target)
        out.append(Table(tuple(cells), tuples))
    return out


@pytest.mark.skipif(len(ENGINES) < 2, reason="the compiled core is not built")
@settings(max_examples=40, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2**32).map(random.Random),
       st.sampled_from(["sum", "product"]))
def test_c_core_finds_what_the_python_engine_finds(n: int, rng: random.Random, op: str) -> None:
    """Keen-like cage puzzles of orders 3-7: both engines, the same solutions, each once."""
    square = jacobson_matthews(n, rng)
    tables = cages(n, square, rng, op)
    full = [(1 << n) - 1] * (n * n)
    flat = tuple(v for row in square for v in row)
    py = solutions(n, full, tables, "python")
    assert flat in py
    assert solutions(n, full, tables, "c") == py


@pytest.mark.skipif(len(ENGINES) < 2, reason="the compiled core is not built")
def test_many_restarts_keep_the_tables() -> None:
    """Cutoffs of a failure or so restart the C search often; the tables' trailed
    state comes back with every undo, so every solution is still found once."""
    rng = random.Random(7)
    n = 7
    tables = cages(n, jacobson_matthews(n, rng), rng, "sum")
    full = [(1 << n) - 1] * (n * n)
    base = solutions(n, full, tables, "python")
    packed = [(t.cells, bytes(v for tup in t.tuples for v in tup)) for t in tables]
    for kw in ({}, {"node_gac": True}):
        it = search.Search(n, full, True, None, restart_base=0.05, tables=packed, **kw)
        got = [tuple(s) for s in it]
        assert len(got) == len(set(got)) and sorted(got) == base


def test_a_propagator_prunes_like_the_tables_it_replaces() -> None:
    """The same cages as a Python propagator (pure-Python engine): the same
    solutions as with the tables, in both engines."""
    rng = random.Random(3)
    n = 5
    tables = cages(n, jacobson_matthews(n, rng), rng, "product")
    full = [(1 << n) - 1] * (n * n)
    calls = 0

    def propagator(masks: list[int]) -> list[tuple[int, int]] | None:
        nonlocal calls
        calls += 1
        out: list[tuple[int, int]] = []
        for t in tables:
            gone = table_filter(masks, t)
            if gone is None:
                return None
            out += gone
        return out
    expected = solutions(n, full, tables, ENGINES[-1])
    got = sorted(tuple(s) for s in solve_masks(n, full, propagator=propagator))
    assert got == expected and calls > 0
    assert sorted(tuple(s) for s in engine_solve("python", n, full, propagator=propagator)) \
        == expected


@pytest.mark.parametrize("engine", ENGINES)
def test_bad_tables_are_refused(engine: str) -> None:
    full = [15] * 16
    for bad in (Table((0, 0), ((1, 1),)), Table((16,), ((0,),)), Table((1, 2), ((0, 4),)),
                Table((), ())):
        with pytest.raises(ValueError):
            list(engine_solve(engine, 4, full, tables=[bad]))


@pytest.mark.parametrize("engine", ENGINES)
def test_an_empty_table_means_no_solution(engine: str) -> None:
    assert list(engine_solve(engine, 4, [15] * 16, tables=[Table((5,), ())])) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_the_budget_bounds_a_search_with_tables(engine: str) -> None:
    n = 9
    rng = random.Random(1)
    tables = cages(n, jacobson_matthews(n, rng), rng, "sum")
    with pytest.raises(BudgetExceeded):
        list(engine_solve(engine, n, [(1 << n) - 1] * (n * n), tables=tables[:3],
                         budget=Budget(nodes=300)))


@pytest.mark.skipif(len(ENGINES) < 2, reason="the compiled core is not built")
def test_the_c_core_refuses_malformed_tables() -> None:
    """Called directly, the C core checks what it is given (no crash, no SystemError)."""
    for bad, error in (([1], TypeError), ([((0, 0), b"\x09\x00")], ValueError),
                       ([((99,), b"\x00")], ValueError), ([((0, 1), b"\x00")], ValueError),
                       ([("x", b"")], TypeError), ([((0,), "ab")], TypeError), (5, TypeError)):
        with pytest.raises(error):
            list(search.Search(3, [7] * 9, tables=bad))


def test_the_root_propagation_is_the_same_in_both_engines() -> None:
    """`search.root_masks`: the compiled search's root (singles and tables, with and
    without Régin's filter) is the pure-Python one, on random tables."""
    if not compiled(search):
        pytest.skip("the Latin search is not compiled")
    rng = random.Random(38)
    for _ in range(300):
        n = rng.randint(3, 7)
        masks = [rng.randint(1, (1 << n) - 1) if rng.random() < 0.3 else (1 << n) - 1
                 for _ in range(n * n)]
        tables = []
        for _ in range(rng.randint(0, 4)):
            cells = tuple(rng.sample(range(n * n), rng.randint(1, 3)))
            tuples = tuple({tuple(rng.randrange(n) for _ in cells) for _ in range(rng.randint(1, 12))})
            tables.append(Table(cells, tuples))
        for use_gac in (False, True):
            assert search.root_masks(n, masks, tables, use_gac) == \
                _MODS["python"].root_masks(n, masks, tables, use_gac)
