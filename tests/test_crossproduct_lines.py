"""The line filter (crossproduct/lines.py, compiled by Cython when built) against
brute force on short lines, and the same source run as Python on long ones."""

from __future__ import annotations

import itertools
import os
import random
from math import prod

import pytest

from numberplay import _pure
from numberplay.crossproduct import CrossProductPuzzle
from numberplay.crossproduct import lines as L
from numberplay.crossproduct import solver as S

PY = _pure.as_python(L)


def test_the_line_filter_is_compiled_when_built() -> None:
    if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE") and not os.environ.get("NUMBERPLAY_PURE"):
        assert L.COMPILED, "crossproduct/lines.py was not compiled"
    assert not PY.COMPILED


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


def random_line(rng: random.Random, longest: int = 24) -> tuple[list[int], int]:
    """Domains and a product for one line; the product is usually reachable."""
    n = rng.randint(1, longest)
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


def brute_revise(masks: list[int], product: int) -> tuple[int, ...] | None:
    """Each cell's digits that some tuple of the domains with this product uses."""
    keep = [0] * len(masks)
    for digits in itertools.product(*[[d for d in range(1, 10) if m >> d & 1] for m in masks]):
        if prod(digits) == product:
            for k, d in enumerate(digits):
                keep[k] |= 1 << d
    return tuple(keep) if all(keep) or not masks else None


@pytest.mark.parametrize("version", [L, PY], ids=["imported", "as_python"])
def test_line_revision_matches_brute_force(version) -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(1500):
        masks, product = random_line(rng, 6)
        exps = S.factor(product)
        if exps is None:
            continue
        assert version.revise(masks, *exps) == brute_revise(masks, product), (masks, product)
        checked += 1
    assert checked > 1000


def test_compiled_and_python_revise_alike() -> None:
    rng = random.Random(13)
    checked = 0
    for _ in range(3000):
        masks, product = random_line(rng)
        line = S.Line(list(range(len(masks))), "row 1", product)
        if line.exps is None or not line.feasible() or line.bounded:
            continue
        assert L.revise(masks, *line.exps) == PY.revise(masks, *line.exps), (masks, product)
        checked += 1
    assert checked > 2000


def random_puzzle(rng: random.Random, R: int, C: int) -> CrossProductPuzzle:
    table = [[rng.randint(1, 9) for _ in range(C)] for _ in range(R)]
    return CrossProductPuzzle(tuple(prod(r) for r in table),
                              tuple(prod(c) for c in zip(*table, strict=True)))


def grids(puzzle: CrossProductPuzzle, limit: int | None) -> list:
    S.clear_caches()
    try:
        return list(S.solve_grids(puzzle, limit=limit))
    finally:
        S.clear_caches()


def test_compiled_and_python_filters_find_the_same_solutions(monkeypatch) -> None:
    rng = random.Random(2026)
    cases = [random_puzzle(rng, rng.randint(1, 7), rng.randint(1, 7)) for _ in range(60)]
    cases += [random_puzzle(rng, size, size) for size in (12, 20)]
    fast = [grids(p, 20 if len(p.rows) < 12 else 2) for p in cases]
    monkeypatch.setattr(S, "_lines", PY)
    assert [grids(p, 20 if len(p.rows) < 12 else 2) for p in cases] == fast


def test_counts_match_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(25):
        R, C = rng.randint(1, 3), rng.randint(1, 3)
        puzzle = random_puzzle(rng, R, C)
        got = grids(puzzle, None)
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
    expected = [grids(p, None) for p in cases]
    monkeypatch.setattr(S, "RESTART_FACTOR", 0)
    monkeypatch.setattr(S, "RESTART_MIN", 2)
    for puzzle, full in zip(cases, expected, strict=True):
        got = grids(puzzle, None)
        assert len(got) == len(set(got)) == len(full), puzzle
        assert set(got) == set(full)
        assert len(full) == brute_count(list(puzzle.rows), list(puzzle.cols))
        assert grids(puzzle, 2) == got[:2]
