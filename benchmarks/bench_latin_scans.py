"""The Latin ladder's hot scans: µs a call, the hand C against the typed source.

`latin/scans.py` (the naked single's cell, the hidden single's cell, the
contradiction check, Régin's line filter) compiled by Cython from its typed
source, the same file run as Python, and the hand C core it replaced,
`latin/_ladder.c` (deleted by issue 44), when `--hand-c` names its .so built in
an older checkout (a column of dashes otherwise). Two sets of inputs per order:
random candidate grids (cells placed, values crossed out, now and then a cell
emptied) with random lines for the filter, and the positions Cross Set
explanations pass through with their rows and columns. Every version gets the
same inputs in the same run and must give the same answers. CPU time
(`time.process_time`), best of --repeat passes; only ratios of one run mean much.

    PYTHONPATH=src python benchmarks/bench_latin_scans.py
    PYTHONPATH=src python benchmarks/bench_latin_scans.py --orders 6,9,16 --count 3000
    PYTHONPATH=src python benchmarks/bench_latin_scans.py --hand-c OLD/src/numberplay/latin/_ladder.cpython-311-x86_64-linux-gnu.so
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import importlib.util
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from numberplay._pure import as_python
from numberplay.latin import scans

SCANS = ("naked_single", "hidden_single", "contradiction", "line_filter")


def grid(rng: random.Random, n: int) -> list[int]:
    """A candidate grid: a third placed, a few empty, the rest random subsets."""
    full = (1 << n) - 1
    out = []
    for _ in range(n * n):
        roll = rng.random()
        out.append(1 << rng.randrange(n) if roll < 0.35
                   else 0 if roll < 0.352 else rng.randint(1, full))
    return out


def line(rng: random.Random, n: int) -> list[int]:
    """A line's candidates around a permutation (so most have a perfect matching)."""
    perm = list(range(n))
    rng.shuffle(perm)
    return [(1 << p) | (rng.randint(0, (1 << n) - 1) if rng.random() < 0.7 else 0)
            for p in perm]


def explained(n: int, count: int) -> list[tuple[int, list[int]]]:
    """The positions Cross Set explanations of order n pass through (hard and
    extreme puzzles, seeds from 0), up to `count`."""
    import numberplay as npl
    from numberplay.crossset.explain import CrossSetRules
    from numberplay.deduce import Run
    out: list[tuple[int, list[int]]] = []
    seed = 0
    while len(out) < count and seed < 200:
        level = ("hard", "extreme")[seed % 2]
        p = npl.generate("crossset", size=str(n), difficulty=level, seed=seed)
        run = Run(CrossSetRules(p.n), p.masks())
        for _ in run:
            out.append((n, list(run.position)))
        seed += 1
    return out[:count]



def hand_c(path: str | None) -> ModuleType | None:
    """The hand C core, `_ladder`: built from an older checkout at `path` (its .so),
    else this tree's if it still has one."""
    if path:
        loader = importlib.machinery.ExtensionFileLoader("numberplay.latin._ladder", path)
        spec = importlib.util.spec_from_loader(loader.name, loader)
        assert spec is not None
        mod = importlib.util.module_from_spec(spec)
        loader.exec_module(mod)
        return mod
    try:
        return importlib.import_module("numberplay.latin._ladder")
    except ImportError:
        return None


def per_call(fn: Callable[..., Any], args: list[tuple[Any, ...]], repeat: int) -> float:
    """Best-of-`repeat` CPU µs a call over all `args`."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for a in args:
            fn(*a)
        best = min(best, time.process_time() - start)
    return 1e6 * best / len(args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--orders", default="5,7,9,12,16")
    ap.add_argument("--count", type=int, default=2000, help="positions per order")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pure-count", type=int, default=300,
                    help="positions per order for the (slow) Python run")
    ap.add_argument("--hand-c", help="the _ladder .so built in a checkout from before issue 44")
    opts = ap.parse_args()
    rng = random.Random(44)
    c = hand_c(opts.hand_c)
    py = as_python(scans)
    print(f"scans compiled: {scans.COMPILED}; hand C _ladder: {'built' if c else 'absent'}")
    print("random: random candidate grids and lines; explained: the positions of Cross Set "
          "explanations\n(hard, extreme) and their rows and columns")
    print(f"{'order':>5} {'positions':<9} {'scan':<14} {'hand C':>8} {'typed':>8} "
          f"{'typed/C':>8} {'Python':>9}")
    for n in (int(x) for x in opts.orders.split(",")):
        real = explained(n, opts.count)
        real_lines = [(m[k * n:(k + 1) * n] if k < n else m[k - n::n], n)
                      for _, m in real for k in range(2 * n)]
        real_lines = [a for a in real_lines if any(d & (d - 1) for d in a[0])][:opts.count]
        sets = (("random", [(n, grid(rng, n)) for _ in range(opts.count)],
                 [(line(rng, n), n) for _ in range(opts.count)]),
                ("explained", real, real_lines))
        for label, grids, lines in sets:
            for name in SCANS:
                run_one(opts, c, py, n, label, name, lines if name == "line_filter" else grids)


def run_one(opts: argparse.Namespace, c: ModuleType | None, py: ModuleType, n: int,
            label: str, name: str, args: list[tuple[Any, ...]]) -> None:
    """One row of the table: one scan on one set of inputs, every version."""
    typed = getattr(scans, name)
    slow = getattr(py, name)
    want = [typed(*a) for a in args]
    assert want == [slow(*a) for a in args[:opts.pure_count]] + want[opts.pure_count:], name
    t_typed = per_call(typed, args, opts.repeat)
    t_py = per_call(slow, args[:opts.pure_count], 1)
    if c is not None:
        native = getattr(c, name)
        cargs = [(a[1], a[0]) for a in args] if name == "line_filter" else args
        assert [native(*a) for a in cargs] == want, name
        t_c = per_call(native, cargs, opts.repeat)
        cs, ratio = f"{t_c:8.2f}", f"{t_typed / t_c:7.2f}x"
    else:
        cs, ratio = f"{'-':>8}", f"{'-':>8}"
    print(f"{n:>5} {label:<9} {name:<14} {cs} {t_typed:8.2f} {ratio} {t_py:9.1f}")


if __name__ == "__main__":
    main()
