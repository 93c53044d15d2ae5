"""The exact search against brute force and CP-SAT; solutions are Latin squares."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import numberplay as npl
from numberplay.budget import Budget
from numberplay.crossset.model import CrossSetPuzzle
from numberplay.errors import BudgetExceeded
from numberplay.latin.search import solve_masks
from numberplay.latin.squares import is_latin, jacobson_matthews

KIND = npl.get_kind("crossset")


def random_masks(n: int, rng: random.Random, keep: float, extra: float) -> list[int]:
    """Around a random Latin square: keep its value with prob `keep`, add others with `extra`."""
    square = jacobson_matthews(n, rng)
    masks = []
    for r in range(n):
        for c in range(n):
            m = 0
            for v in range(n):
                p = keep if v == square[r][c] else extra
                if rng.random() < p:
                    m |= 1 << v
            masks.append(m or 1 << rng.randrange(n))
    return masks


def brute_force(n: int, masks: list[int]) -> list[tuple[int, ...]]:
    """Every solution, row by row over permutations (flat 0-based values)."""
    perms = list(itertools.permutations(range(n)))
    rows = [[p for p in perms if all(masks[r * n + c] >> p[c] & 1 for c in range(n))]
            for r in range(n)]
    out = []

    def rec(r: int, used: list[int], acc: list[int]) -> None:
        if r == n:
            out.append(tuple(acc))
            return
        for p in rows[r]:
            if all(not used[c] >> p[c] & 1 for c in range(n)):
                rec(r + 1, [used[c] | 1 << p[c] for c in range(n)], acc + list(p))
    rec(0, [0] * n, [])
    return out


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**32).map(random.Random),
       st.floats(0.6, 1.0), st.floats(0.0, 0.6))
def test_counts_equal_brute_force(n: int, rng: random.Random, keep: float, extra: float) -> None:
    masks = random_masks(n, rng, keep, extra if n < 5 else extra / 2)
    expected = sorted(brute_force(n, masks))
    for use_gac in (True, False):
        found = [tuple(s) for s in solve_masks(n, masks, use_gac=use_gac)]
        assert len(found) == len(set(found))
        assert sorted(found) == expected
    puzzle = CrossSetPuzzle.from_masks(n, masks)
    assert KIND.count(puzzle) == len(expected)
    assert KIND.count(puzzle, limit=2) == min(2, len(expected))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(0, 2**32).map(random.Random), st.floats(0.0, 0.5))
def test_solutions_are_latin_squares_within_candidates(n: int, rng: random.Random,
                                                       extra: float) -> None:
    puzzle = CrossSetPuzzle.from_masks(n, random_masks(n, rng, 1.0, extra))
    sols = list(KIND.solutions(puzzle, limit=20))
    assert sols  # the square the candidates were built around is there
    for s in sols:
        assert is_latin(s.grid, n, base=1)
        assert all(s.grid[r][c] in puzzle.cells[r][c] for r in range(n) for c in range(n))
        assert KIND.verify(puzzle, s)
    # explanation agrees with the search
    steps = list(KIND.explain(puzzle))
    assert steps[-1].technique == "solved"
    grid = tuple(tuple(int(x) for x in line.split()) for line in steps[-1].snapshot.splitlines())
    assert KIND.verify(puzzle, type(sols[0])(grid))


def test_verify_rejects_bad_grids() -> None:
    p = npl.parse("crossset", "12 12\n12 1")
    good = npl.solve(p)
    assert KIND.verify(p, good)
    assert good.grid == ((1, 2), (2, 1))
    assert not KIND.verify(p, type(good)(((2, 1), (1, 2))))   # r2c2 = 2 not a candidate
    assert not KIND.verify(p, type(good)(((1, 1), (2, 2))))   # not Latin
    assert not KIND.verify(p, type(good)(((2, 1),)))


def test_deterministic_order_and_limit() -> None:
    p = npl.parse("crossset", "\n".join([" ".join(["1234"] * 4)] * 4))
    first = [s.grid for s in KIND.solutions(p)]
    assert len(first) == 576
    assert first == [s.grid for s in KIND.solutions(p)]
    assert [s.grid for s in KIND.solutions(p, limit=5)] == first[:5]


def test_budget_is_enforced() -> None:
    p = npl.parse("crossset", "\n".join([" ".join(["."] * 12)] * 12))
    with pytest.raises(BudgetExceeded):
        KIND.count(p, budget=Budget(nodes=50))


def qwh(n: int, holes: float, seed: int) -> list[int]:
    """A quasigroup-with-holes completion problem: fixed cells and fully open ones."""
    rng = random.Random(seed)
    square = jacobson_matthews(n, rng)
    masks = [1 << square[r][c] for r in range(n) for c in range(n)]
    for i in rng.sample(range(n * n), int(holes * n * n)):
        masks[i] = (1 << n) - 1
    return masks


def test_completion_order_30() -> None:
    n = 30
    masks = qwh(n, 0.4, 7)
    sols = list(solve_masks(n, masks, limit=2, budget=Budget(nodes=200_000)))
    assert sols
    for s in sols:
        grid = [s[r * n:(r + 1) * n] for r in range(n)]
        assert is_latin(grid, n)
        assert all(masks[i] >> s[i] & 1 for i in range(n * n))


def cpsat_solutions(n: int, masks: list[int], cap: int = 2000) -> set[tuple[int, ...]]:
    """Every solution by OR-Tools CP-SAT (AllDifferent rows and columns)."""
    cp_model = pytest.importorskip("ortools.sat.python.cp_model")
    model = cp_model.CpModel()
    x = [model.NewIntVarFromDomain(cp_model.Domain.FromValues(
        [v for v in range(n) if masks[i] >> v & 1]), f"x{i}") for i in range(n * n)]
    for r in range(n):
        model.AddAllDifferent(x[r * n:(r + 1) * n])
        model.AddAllDifferent(x[r::n])
    found: set[tuple[int, ...]] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.add(tuple(self.Value(v) for v in x))
            if len(found) >= cap:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.Solve(model, Collect())
    return found


@pytest.mark.parametrize("n, seed, holes", [(6, 1, 0.5), (7, 2, 0.45), (8, 3, 0.4),
                                            (9, 4, 0.35), (10, 5, 0.3)])
def test_cpsat_oracle_on_completion(n: int, seed: int, holes: float) -> None:
    masks = qwh(n, holes, seed)
    expected = cpsat_solutions(n, masks)
    assert len(expected) < 2000
    found = {tuple(s) for s in solve_masks(n, masks)}
    assert found == expected


@pytest.mark.parametrize("seed", range(6))
def test_cpsat_oracle_on_decoyed_grids(seed: int) -> None:
    rng = random.Random(seed)
    n = 8
    masks = random_masks(n, rng, 0.95, 0.35)
    expected = cpsat_solutions(n, masks)
    assert len(expected) < 2000
    found = {tuple(s) for s in solve_masks(n, masks)}
    assert found == expected
