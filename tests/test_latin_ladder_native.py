"""The Latin ladder's hot scans (`latin/scans.py`, one typed source): compiled by
Cython and run as Python from the same file, both against plain definitions
(the first naked single in reading order, the first hidden single, what ran out;
Régin's filter against every perfect matching, brute force), on random
candidate grids of orders 1-12 (singles placed, values crossed out, cells
emptied) and on the positions of real explanations."""

from __future__ import annotations

import itertools
import os
import random
from types import ModuleType

import pytest

from numberplay._pure import as_python
from numberplay.latin import scans
from numberplay.latin import techniques as T

PURE = as_python(scans)
VERSIONS = [pytest.param(scans, id="compiled" if scans.COMPILED else "import"),
            pytest.param(PURE, id="python")]


def test_the_scans_are_compiled_when_built() -> None:
    if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
        assert scans.COMPILED, "latin/scans.py was not compiled"
    assert not PURE.COMPILED


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


def naked(n: int, m: list[int]) -> tuple[int, int, tuple[int, ...]] | None:
    for i, d in enumerate(m):
        if d and not d & (d - 1):
            r, c = divmod(i, n)
            near = [r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]
            hits = tuple(j for j in near if m[j] & d)
            if hits:
                return i, d.bit_length() - 1, hits
    return None


def line_cells(n: int) -> list[list[int]]:
    return ([[r * n + c for c in range(n)] for r in range(n)]
            + [[r * n + c for r in range(n)] for c in range(n)])


def hidden(n: int, m: list[int]) -> tuple[int, int, int] | None:
    for k, cells in enumerate(line_cells(n)):
        alone = [v for v in range(n) if sum(m[i] >> v & 1 for i in cells) == 1]
        for i in cells:
            hit = [v for v in alone if m[i] >> v & 1]
            if hit and m[i] != sum(1 << v for v in hit):
                return i, hit[0], k
    return None


def ran_out(n: int, m: list[int]) -> tuple[int, int, int] | None:
    for i, d in enumerate(m):
        if not d:
            return 0, i, 0
    for k, cells in enumerate(line_cells(n)):
        for v in range(n):
            if not any(m[i] >> v & 1 for i in cells):
                return 1, k, v
    return None


@pytest.mark.parametrize("mod", VERSIONS)
def test_the_scans_find_what_the_definitions_say(mod: ModuleType) -> None:
    rng = random.Random(29)
    for _ in range(1500 if mod is scans else 400):
        n, m = random_grid(rng)
        assert mod.naked_single(n, m) == naked(n, m), (n, m)
        assert mod.hidden_single(n, m) == hidden(n, m), (n, m)
        assert mod.contradiction(n, m) == ran_out(n, m), (n, m)


def test_along_real_explanations() -> None:
    """Every position a Cross Set explanation passes through: compiled and Python
    alike, and the ladder's moves made from them."""
    import numberplay as npl
    from numberplay.crossset.explain import CrossSetRules
    from numberplay.deduce import Run
    for seed in range(6):
        p = npl.generate("crossset", size="7", difficulty="hard", seed=seed)
        run = Run(CrossSetRules(p.n), p.masks())
        for _ in run:
            m = list(run.position)
            for name in ("naked_single", "hidden_single", "contradiction"):
                assert getattr(scans, name)(p.n, m) == getattr(PURE, name)(p.n, m), name
            assert scans.naked_single(p.n, m) == naked(p.n, m)
            move = T.naked_single(p.n, m)
            if move is not None:
                assert move.removed and all(m[j] & m[move.cells[0]] for j, _ in move.removed)


def gac_brute(doms: list[int], n: int) -> list[int] | None:
    """Each cell's values that some perfect matching gives it (all permutations)."""
    keep = [0] * n
    for perm in itertools.permutations(range(n)):
        if all(doms[i] >> perm[i] & 1 for i in range(n)):
            for i in range(n):
                keep[i] |= 1 << perm[i]
    return keep if any(keep) else None


@pytest.mark.parametrize("mod", VERSIONS)
def test_the_line_filter_is_regins(mod: ModuleType) -> None:
    """All-different arc consistency of one line (Régin's filter) against brute force."""
    rng = random.Random(38)
    for _ in range(1500 if mod is scans else 500):
        n = rng.randint(1, 6)
        doms = [1 << rng.randrange(n) if rng.random() < 0.25 else rng.randint(1, (1 << n) - 1)
                for _ in range(n)]
        assert mod.line_filter(doms, n) == gac_brute(doms, n), (n, doms)


def test_compiled_and_python_filter_alike_on_large_lines() -> None:
    rng = random.Random(44)
    for _ in range(300):
        n = rng.choice((9, 16, 33, 64))
        perm = list(range(n))
        rng.shuffle(perm)
        doms = [(1 << p) | (rng.getrandbits(n) if rng.random() < 0.5 else 0) for p in perm]
        if rng.random() < 0.2:
            doms[rng.randrange(n)] = doms[rng.randrange(n)]
        assert scans.line_filter(doms, n) == PURE.line_filter(doms, n), (n, doms)


@pytest.mark.parametrize("mod", VERSIONS)
def test_orders_out_of_range_are_refused(mod: ModuleType) -> None:
    for n in (0, 65):
        with pytest.raises(ValueError, match="outside 1..64"):
            mod.contradiction(n, [1] * (n * n))
