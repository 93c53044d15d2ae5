"""Property tests: solutions verify, counts match brute force and CP-SAT, round trips."""

from __future__ import annotations

from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import numberplay
from numberplay.crossproduct import CrossProductPuzzle, CrossProductSolution

KIND = numberplay.get_kind("crossproduct")


def fill_row(product: int, col_left: list[int]) -> list[tuple[int, ...]]:
    """Every row of digits multiplying to `product` whose digits divide `col_left`
    (the notebook's fill_one_row, written independently of the solver)."""
    if not col_left:
        return [()] if product == 1 else []
    return [(d, *rest) for d in range(1, 10)
            if product % d == 0 and col_left[0] % d == 0
            for rest in fill_row(product // d, col_left[1:])]


def brute_count(rows: list[int], cols: list[int]) -> int:
    """Solutions counted row by row, as the notebook does."""
    if not rows:
        return 1 if all(c == 1 for c in cols) else 0
    if any(c == 0 for c in cols) or rows[0] == 0:
        return 0
    return sum(brute_count(rows[1:], [c // d for c, d in zip(cols, row, strict=True)])
               for row in fill_row(rows[0], cols))


def cpsat_count(rows: list[int], cols: list[int]) -> int:
    """Solutions counted by OR-Tools CP-SAT on the prime-exponent model."""
    cp_model = pytest.importorskip("ortools.sat.python.cp_model")
    primes = (2, 3, 5, 7)

    def exps(n: int):
        if n <= 0:
            return None
        out = []
        for p in primes:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out.append(e)
        return out if n == 1 else None

    R, C = len(rows), len(cols)
    targets = [exps(p) for p in rows + cols]
    if R == 0 or C == 0:
        return 1 if all(p == 1 for p in rows + cols) else 0
    if any(t is None for t in targets):
        return 0
    model = cp_model.CpModel()
    table = [[exps(d)[k] for d in range(1, 10)] for k in range(4)]
    digit = {}
    e = {}
    for r in range(R):
        for c in range(C):
            digit[r, c] = model.NewIntVar(0, 8, f"d{r}_{c}")
            for k in range(4):
                e[r, c, k] = model.NewIntVar(0, 3, f"e{r}_{c}_{k}")
                model.AddElement(digit[r, c], table[k], e[r, c, k])
    for k in range(4):
        for r in range(R):
            model.Add(sum(e[r, c, k] for c in range(C)) == targets[r][k])
        for c in range(C):
            model.Add(sum(e[r, c, k] for r in range(R)) == targets[R + c][k])

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0

        def on_solution_callback(self):
            self.n += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = Counter()
    solver.Solve(model, counter)
    return counter.n


@st.composite
def small_puzzles(draw, max_side=3):
    """Products of a random table, sometimes with one product nudged off."""
    R = draw(st.integers(0, max_side))
    C = draw(st.integers(0 if R else 1, max_side))
    digits = st.sampled_from([1, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    table = [[draw(digits) for _ in range(C)] for _ in range(R)]
    rows = [prod(r) for r in table]
    cols = [prod(c) for c in zip(*table, strict=True)] if R else [1] * C
    if draw(st.booleans()) and rows:
        i = draw(st.integers(0, len(rows) - 1))
        rows[i] = rows[i] * draw(st.sampled_from([2, 3, 5, 7, 11])) // draw(
            st.sampled_from([1, 1, 2, 3]))
        rows[i] = max(rows[i], 0)
    return rows, cols


def solutions_of(rows, cols, limit=None):
    puzzle = numberplay.parse("crossproduct", None, rows=rows, cols=cols)
    return puzzle, list(numberplay.solutions(puzzle, limit=limit))


@settings(max_examples=150, deadline=None)
@given(small_puzzles())
def test_count_matches_brute_force_and_solutions_verify(pc):
    rows, cols = pc
    puzzle, sols = solutions_of(rows, cols)
    assert len(sols) == brute_count(rows, cols)
    assert len(set(sols)) == len(sols)
    for s in sols:
        assert numberplay.verify(puzzle, s)
    assert numberplay.count(puzzle) == len(sols)
    assert numberplay.count(puzzle, limit=2) == min(2, len(sols))


@settings(max_examples=40, deadline=None)
@given(small_puzzles(max_side=3))
def test_count_matches_cpsat(pc):
    rows, cols = pc
    _, sols = solutions_of(rows, cols)
    assert len(sols) == cpsat_count(rows, cols)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 9), st.integers(1, 7), st.randoms(use_true_random=False))
def test_larger_random_first_solutions_verify(R, C, rng):
    table = [[rng.randint(1, 9) for _ in range(C)] for _ in range(R)]
    rows = [prod(r) for r in table]
    cols = [prod(c) for c in zip(*table, strict=True)]
    puzzle, sols = solutions_of(rows, cols, limit=3)
    assert sols
    for s in sols:
        assert numberplay.verify(puzzle, s)


def test_verify_rejects_wrong_grids():
    puzzle = numberplay.parse("crossproduct", "rows 2 12\ncols 3 8")
    assert numberplay.verify(puzzle, CrossProductSolution(((1, 2), (3, 4))))
    assert not numberplay.verify(puzzle, CrossProductSolution(((2, 1), (3, 4))))
    assert not numberplay.verify(puzzle, CrossProductSolution(((1, 2),)))
    assert not numberplay.verify(puzzle, CrossProductSolution(((1, 2), (3, 4, 1))))
    assert not numberplay.verify(numberplay.parse("crossproduct", "rows 1\ncols 1"),
                                 CrossProductSolution(((0,),)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10**12), max_size=8), st.lists(st.integers(0, 10**12), max_size=8))
def test_round_trips(rows, cols):
    puzzle = CrossProductPuzzle(tuple(rows), tuple(cols))
    assert KIND.parse(KIND.to_text(puzzle)) == puzzle
    assert CrossProductPuzzle.from_json(puzzle.to_json()) == puzzle
    assert numberplay.Puzzle.from_json(puzzle.envelope()) == puzzle
    import json
    assert KIND.parse(json.dumps(puzzle.to_json())) == puzzle


def test_solution_round_trip():
    grid = ((7, 6, 5), (9, 8, 2))
    s = CrossProductSolution(grid)
    assert s.to_json() == [[7, 6, 5], [9, 8, 2]]
    assert CrossProductSolution.from_json(s.to_json()) == s


def test_canonical_key_ignores_permutations_and_transpose():
    a = numberplay.parse("crossproduct", "rows 210 144 54\ncols 6615 15552 420")
    b = numberplay.parse("crossproduct", "rows 54 210 144\ncols 420 6615 15552")
    c = numberplay.parse("crossproduct", "rows 420 6615 15552\ncols 54 210 144")
    d = numberplay.parse("crossproduct", "rows 54 210 144\ncols 420 6615 15553")
    keys = {KIND.canonical_key(p) for p in (a, b, c)}
    assert len(keys) == 1
    assert KIND.canonical_key(d) not in keys


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.sampled_from(["easy", "medium", "hard"]),
       st.integers(0, 10**6))
def test_generated_puzzles_are_unique(R, C, difficulty, seed):
    import random

    from numberplay.errors import GenerationError

    try:
        g = KIND.generate(random.Random(seed), f"{R}x{C}", difficulty)
    except GenerationError:
        return  # tiny grids may have no puzzle of that difficulty; never a wrong one
    assert brute_count(list(g.puzzle.rows), list(g.puzzle.cols)) == 1
    assert numberplay.verify(g.puzzle, g.solution)
    assert numberplay.grade(g.puzzle) == difficulty == g.difficulty


def test_explain_steps_are_sound_on_random_puzzles():
    import random

    rng = random.Random(3)
    for _ in range(20):
        table = [[rng.randint(1, 9) for _ in range(4)] for _ in range(4)]
        rows = [prod(r) for r in table]
        cols = [prod(c) for c in zip(*table, strict=True)]
        puzzle = numberplay.parse("crossproduct", None, rows=rows, cols=cols)
        sols = {s.grid for s in numberplay.solutions(puzzle)}
        steps = list(numberplay.explain(puzzle))
        assert steps[-1].technique == "solved"
        guessed = False
        for step in steps:
            guessed = guessed or step.is_guess
            if not guessed:  # before any guess, nothing removed is in any solution
                for cell, value in step.removed:
                    r, c = (int(x) - 1 for x in cell[1:].split("c"))
                    assert all(g[r][c] != value for g in sols), (step, cell, value)


@settings(max_examples=200, deadline=None)
@given(st.one_of(
    st.text(max_size=60),
    st.builds(lambda a, b: f"rows {a}\ncols {b}", st.text(max_size=25), st.text(max_size=25)),
    st.builds(lambda a: '{"rows": ' + a + ', "cols": [1]}', st.text(max_size=20)),
))
def test_any_text_parses_or_raises_puzzle_error(text):
    try:
        puzzle = numberplay.parse("crossproduct", text)
    except numberplay.PuzzleError as exc:
        assert "\n" not in str(exc)
        return
    # a product is a non-negative whole number, or None for a blank clue (`?`, check --why)
    assert all(v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 0)
               for v in puzzle.rows + puzzle.cols)
