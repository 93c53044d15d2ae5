"""The compiled hot paths of the Latin ladder (`latin/_ladder.c`) against their
pure-Python twins in `latin/techniques.py`: the same move (cells, removals,
placements, line), the same contradiction sentence, on random candidate grids
of orders 1-12 (singles placed, values crossed out, cells emptied) and on the
positions of real explanations."""

from __future__ import annotations

import os
import random

import pytest

from numberplay.latin import techniques as T

native = T._native
pytestmark = pytest.mark.skipif(
    native is None and not os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"),
    reason="compiled ladder not built")


def random_grid(rng: random.Random) -> tuple[int, list[int]]:
    """A candidate grid with placed cells, gaps and now and then an empty cell."""
    n = rng.randint(1, 12)
    full = (1 << n) - 1
    m = []
    for _ in range(n * n):
        roll = rng.random()
        if roll < 0.35:
            m.append(1 << rng.randrange(n))
        elif roll < 0.37:
            m.append(0)
        else:
            m.append(rng.randint(1, full))
    return n, m


def same(a: T.Move | None, b: T.Move | None) -> bool:
    """Two moves alike in everything a step is made from."""
    if a is None or b is None:
        return a is b
    return (a.technique, a.cells, a.removed, a.fixed, a.where) == \
        (b.technique, b.cells, b.removed, b.fixed, b.where)


def test_the_compiled_scans_are_the_python_ones() -> None:
    assert native is not None, "latin._ladder was not built"
    rng = random.Random(29)
    for _ in range(3000):
        n, m = random_grid(rng)
        assert same(T.naked_single(n, m), T.naked_single_py(n, m)), (n, m)
        assert same(T.hidden_single(n, m), T.hidden_single_py(n, m)), (n, m)
        assert T.contradiction(n, m) == T.contradiction_py(n, m), (n, m)


def test_along_real_explanations() -> None:
    """Every position a Cross Set explanation passes through, both ways."""
    import numberplay as npl
    from numberplay.crossset.explain import CrossSetRules
    from numberplay.deduce import Run
    for seed in range(6):
        p = npl.generate("crossset", size="7", difficulty="hard", seed=seed)
        run = Run(CrossSetRules(p.n), p.masks())
        for _ in run:
            m = list(run.position)
            assert same(T.naked_single(p.n, m), T.naked_single_py(p.n, m))
            assert same(T.hidden_single(p.n, m), T.hidden_single_py(p.n, m))
            assert T.contradiction(p.n, m) == T.contradiction_py(p.n, m)


def test_the_compiled_line_filter_is_the_python_one() -> None:
    """All-different arc consistency of one line (Régin's filter, `search.line_filter`)."""
    from numberplay.latin.search import line_filter
    assert native is not None, "latin._ladder was not built"
    rng = random.Random(38)
    for _ in range(4000):
        n = rng.randint(1, 12)
        doms = [1 << rng.randrange(n) if rng.random() < 0.25 else rng.randint(1, (1 << n) - 1)
                for _ in range(n)]
        assert native.line_filter(n, doms) == line_filter(doms, n), (n, doms)
