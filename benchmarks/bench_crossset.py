"""Cross Set: numberplay's search against OR-Tools CP-SAT, side by side.

Run:  PYTHONPATH=src python benchmarks/bench_crossset.py [--instances K] [--puzzles P]

1. Latin-square completion ("quasigroup with holes"): a random Latin square of
   order N (Jacobson–Matthews) with 40% of its cells opened (all N values as
   candidates), the rest fixed. Time to a first solution, and to decide
   uniqueness (search for two solutions), from the candidate grid to the answer
   (CP-SAT times include building the model). CP-SAT: AllDifferent on rows and
   columns, cell domains from the candidates, one worker.
2. Generated 7×7 puzzles: generation time, then deciding uniqueness for each
   with both solvers.
Figures are medians / totals over the instances; ratio = CP-SAT time / numberplay time
(above 1 means numberplay is faster).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from numberplay.crossset.generate import generate_masks
from numberplay.crossset.latin import jacobson_matthews
from numberplay.crossset.search import solve_masks

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover
    cp_model = None


def completion(n: int, holes: float, seed: int) -> list[int]:
    """Candidate masks: a random Latin square with a fraction of its cells opened."""
    rng = random.Random(f"bench:{n}:{seed}")
    square = jacobson_matthews(n, rng)
    masks = [1 << square[r][c] for r in range(n) for c in range(n)]
    for i in rng.sample(range(n * n), int(round(holes * n * n))):
        masks[i] = (1 << n) - 1
    return masks


def ours(n: int, masks: list[int], limit: int) -> tuple[float, int]:
    """(seconds, solutions found) for numberplay's search."""
    t = time.perf_counter()
    k = sum(1 for _ in solve_masks(n, masks, limit=limit))
    return time.perf_counter() - t, k


def cpsat(n: int, masks: list[int], limit: int) -> tuple[float, int]:
    """(seconds, solutions found) for CP-SAT: solve, then re-solve excluding the first."""
    t = time.perf_counter()
    model = cp_model.CpModel()
    x = [model.NewIntVarFromDomain(cp_model.Domain.FromValues(
        [v for v in range(n) if masks[i] >> v & 1]), f"x{i}") for i in range(n * n)]
    for r in range(n):
        model.AddAllDifferent(x[r * n:(r + 1) * n])
        model.AddAllDifferent(x[r::n])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found = 0
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = 1
        if limit > 1:
            first = [solver.Value(v) for v in x]
            differs = []
            for i, v in enumerate(x):
                if masks[i] & (masks[i] - 1):
                    b = model.NewBoolVar("")
                    model.Add(v != first[i]).OnlyEnforceIf(b)
                    model.Add(v == first[i]).OnlyEnforceIf(b.Not())
                    differs.append(b)
            model.AddBoolOr(differs or [model.NewConstant(0)])
            status = solver.Solve(model)
            if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                found = 2
    return time.perf_counter() - t, found


def row(*cells: object) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def bench_completion(orders: list[int], instances: int, holes: float) -> None:
    print(f"### Latin-square completion, {int(holes * 100)}% open cells, "
          f"{instances} instances per order\n")
    print("Seconds; ratio = CP-SAT / numberplay (above 1: numberplay is faster). "
          "`first` = time to a first solution, `unique` = time to decide uniqueness "
          "(search for two).\n")
    print(row("order", "task", "median numberplay", "median CP-SAT", "ratio",
              "total numberplay", "total CP-SAT", "ratio", "worst numberplay", "worst CP-SAT"))
    print(row(*["---"] * 10))
    for n in orders:
        times: dict[str, tuple[list[float], list[float]]] = {"first": ([], []),
                                                              "unique": ([], [])}
        for seed in range(instances):
            masks = completion(n, holes, seed)
            for task, limit in (("first", 1), ("unique", 2)):
                a, ka = ours(n, masks, limit)
                b, kb = cpsat(n, masks, limit)
                assert ka == kb, (n, seed, limit, ka, kb)
                assert ka >= 1, (n, seed)
                times[task][0].append(a)
                times[task][1].append(b)
        for task, (t, c) in times.items():
            mt, mc = statistics.median(t), statistics.median(c)
            st, sc = sum(t), sum(c)
            print(row(n, task, f"{mt:.4f}", f"{mc:.4f}", f"{mc / mt:.1f}x",
                      f"{st:.3f}", f"{sc:.3f}", f"{sc / st:.1f}x",
                      f"{max(t):.3f}", f"{max(c):.3f}"), flush=True)
    print()


def bench_generated(count: int, difficulty: str) -> None:
    rng = random.Random("bench:generate")
    level = ["trivial", "easy", "medium", "hard", "extreme", "search"].index(difficulty)
    t = time.perf_counter()
    puzzles = [generate_masks(7, level, rng)[0] for _ in range(count)]
    gen = time.perf_counter() - t
    ta = tb = 0.0
    for masks in puzzles:
        a, ka = ours(7, masks, 2)
        b, kb = cpsat(7, masks, 2)
        assert ka == kb == 1
        ta += a
        tb += b
    print(f"### {count} generated 7x7 puzzles ({difficulty})\n")
    print(row("task", "numberplay (s)", "CP-SAT (s)", "ratio"))
    print(row("---", "---", "---", "---"))
    print(row(f"generate {count} (unique, graded)", f"{gen:.2f}", "-", "-"))
    print(row(f"decide uniqueness of {count}", f"{ta:.3f}", f"{tb:.3f}", f"{tb / ta:.1f}x"))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=40)
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--holes", type=float, default=0.4)
    parser.add_argument("--orders", default="10,15,20,25,30")
    parser.add_argument("--difficulty", default="medium")
    args = parser.parse_args()
    if cp_model is None:
        sys.exit("OR-Tools is needed for the comparison: pip install ortools")
    bench_completion([int(x) for x in args.orders.split(",")], args.instances, args.holes)
    if args.puzzles:
        bench_generated(args.puzzles, args.difficulty)


if __name__ == "__main__":
    main()
