"""The compiled line revision (_lines.c) against the pure-Python reference."""

from __future__ import annotations

import os
import random
from math import prod

import pytest

from numberplay.crossproduct import CrossProductPuzzle
from numberplay.crossproduct import solver as S

if S._compiled is None:
    if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
        pytest.fail("the compiled CrossProduct core (numberplay.crossproduct._lines) is not built",
                    pytrace=False)
    pytest.skip("numberplay.crossproduct._lines not built (python setup.py build_ext --inplace)",
                allow_module_level=True)


def brute_count(rows: list[int], cols: list[int]) -> int:
    """Solutions counted row by row over every digit tuple (independent of the solver)."""
    if not rows:
        return 1 if all(c == 1 for c in cols) else 0
    total = 0
    stack = [((), rows[0])]
    while stack:
        row, left = stack.pop()
        if len(row) == len(cols):
            if left == 1:
                rest = [c // d for c, d in zip(cols, row, strict=True)]
                if all(c * d == c0 for c, d, c0 in zip(rest, row, cols, strict=True)):
                    total += brute_count(rows[1:], rest)
            continue
        for d in range(1, 10):
            if left % d == 0 and cols[len(row)] % d == 0:
                stack.append(((*row, d), left // d))
    return total


def random_line(rng: random.Random) -> tuple[list[int], int]:
    """Domains and a product for one line; the product is usually reachable."""
    n = rng.randint(1, 24)
    digits = [rng.randint(1, 9) for _ in range(n)]
    product = prod(digits) * (1 if rng.random() < 0.8 else rng.choice([2, 3, 4, 5, 7, 9]))
    density = rng.choice([0.1, 0.5, 0.9])
    masks = []
    for d in digits:
        m = 1 << d
        for e in range(1, 10):
            if rng.random() < density:
                m |= 1 << e
        masks.append(0 if rng.random() < 0.01 else m)
    return masks, product


def test_line_revision_matches_the_reference() -> None:
    rng = random.Random(13)
    checked = 0
    for _ in range(3000):
        masks, product = random_line(rng)
        line = S.Line(list(range(len(masks))), "row 1", product)
        if line.exps is None or not line.feasible() or line.bounded:
            continue
        dom = masks[:]
        changed = S._revise_dp(dom, line)
        reference = None if changed is None else tuple(dom)
        assert S._compiled.revise(masks, *line.exps) == reference, (masks, product)
        checked += 1
    assert checked > 2000


def random_puzzle(rng: random.Random, R: int, C: int) -> CrossProductPuzzle:
    table = [[rng.randint(1, 9) for _ in range(C)] for _ in range(R)]
    return CrossProductPuzzle(tuple(prod(r) for r in table),
                              tuple(prod(c) for c in zip(*table, strict=True)))


def grids(puzzle: CrossProductPuzzle, compiled: bool, limit: int | None) -> list:
    old = S.COMPILED
    S.COMPILED = compiled
    S.clear_caches()
    try:
        return list(S.solve_grids(puzzle, limit=limit))
    finally:
        S.COMPILED = old
        S.clear_caches()


def test_both_paths_find_the_same_solutions() -> None:
    rng = random.Random(2026)
    for _ in range(60):
        R, C = rng.randint(1, 7), rng.randint(1, 7)
        puzzle = random_puzzle(rng, R, C)
        assert grids(puzzle, True, 20) == grids(puzzle, False, 20), puzzle
    for size in (12, 20):
        puzzle = random_puzzle(rng, size, size)
        assert grids(puzzle, True, 2) == grids(puzzle, False, 2), puzzle


def test_compiled_counts_match_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(25):
        R, C = rng.randint(1, 3), rng.randint(1, 3)
        puzzle = random_puzzle(rng, R, C)
        got = grids(puzzle, True, None)
        assert len(got) == brute_count(list(puzzle.rows), list(puzzle.cols)), puzzle
        for grid in got:
            assert all(prod(r) == p for r, p in zip(grid, puzzle.rows, strict=True))
            assert all(prod(c) == p for c, p in zip(zip(*grid, strict=True), puzzle.cols,
                                                     strict=True))


def test_restarts_lose_and_repeat_no_solution(monkeypatch) -> None:
    """With tiny node allowances every search restarts many times; the solutions
    must still be all of them, each once."""
    rng = random.Random(99)
    cases = [random_puzzle(rng, rng.randint(2, 3), rng.randint(2, 3)) for _ in range(12)]
    expected = [grids(p, True, None) for p in cases]
    monkeypatch.setattr(S, "RESTART_FACTOR", 0)
    monkeypatch.setattr(S, "RESTART_MIN", 2)
    for puzzle, full in zip(cases, expected, strict=True):
        got = grids(puzzle, True, None)
        assert len(got) == len(set(got)) == len(full), puzzle
        assert set(got) == set(full)
        assert len(full) == brute_count(list(puzzle.rows), list(puzzle.cols))
        assert grids(puzzle, True, 2) == got[:2]
