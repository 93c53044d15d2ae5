"""CrossProduct: numberplay vs OR-Tools CP-SAT on seeded random puzzles.

Puzzles are the products of random tables (digits uniform 1-9). For each size,
both solvers find the first solution and decide uniqueness (search with limit
2). CP-SAT uses the prime-exponent model: each cell is a digit variable with
exponent variables for 2, 3, 5 and 7 tied to it by element constraints, and
each row and column is four linear sums; one worker.

    PYTHONPATH=src python benchmarks/bench_crossproduct.py [--puzzles N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from math import prod

from numberplay.crossproduct import CrossProductPuzzle
from numberplay.crossproduct.generate import generate
from numberplay.crossproduct.solver import clear_caches, solve_grids

SIZES = [(5, 3), (10, 3), (10, 6), (15, 8), (20, 20)]
PRIMES = (2, 3, 5, 7)


def random_puzzle(rng: random.Random, R: int, C: int) -> CrossProductPuzzle:
    """The products of a random R x C table."""
    table = [[rng.randint(1, 9) for _ in range(C)] for _ in range(R)]
    return CrossProductPuzzle(tuple(prod(r) for r in table),
                              tuple(prod(c) for c in zip(*table, strict=True)))


def exponents(n: int) -> list[int]:
    """Exponents of 2, 3, 5, 7 in n."""
    out = []
    for p in PRIMES:
        e = 0
        while n % p == 0:
            n //= p
            e += 1
        out.append(e)
    return out


def cpsat(puzzle: CrossProductPuzzle, limit: int) -> tuple[float, int]:
    """(seconds, solutions found up to limit) with CP-SAT, model building included."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    R, C = puzzle.shape
    model = cp_model.CpModel()
    table = [[exponents(d)[k] for d in range(1, 10)] for k in range(4)]
    e = {}
    for r in range(R):
        for c in range(C):
            digit = model.NewIntVar(0, 8, f"d{r}_{c}")
            for k in range(4):
                e[r, c, k] = model.NewIntVar(0, 3, f"e{r}_{c}_{k}")
                model.AddElement(digit, table[k], e[r, c, k])
    for k in range(4):
        for r, p in enumerate(puzzle.rows):
            model.Add(sum(e[r, c, k] for c in range(C)) == exponents(p)[k])
        for c, p in enumerate(puzzle.cols):
            model.Add(sum(e[r, c, k] for r in range(R)) == exponents(p)[k])

    class Stop(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
            if self.n >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = limit > 1
    cb = Stop()
    solver.Solve(model, cb)
    return time.perf_counter() - start, cb.n


def ours(puzzle: CrossProductPuzzle, limit: int) -> tuple[float, int]:
    """(seconds, solutions found up to limit) with numberplay."""
    clear_caches()
    start = time.perf_counter()
    n = sum(1 for _ in solve_grids(puzzle, limit=limit))
    return time.perf_counter() - start, n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=5, help="puzzles per size")
    ap.add_argument("--seed", type=int, default=2021)
    ap.add_argument("--generate", type=int, default=3, help="puzzles per generation size")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.puzzles} seeded random puzzles per size (seed {args.seed}); "
          "median seconds per puzzle\n")
    print("| size | numberplay first | CP-SAT first | ratio | numberplay unique? "
          "| CP-SAT unique? | ratio |")
    print("|---|---|---|---|---|---|---|")
    for R, C in SIZES:
        puzzles = [random_puzzle(rng, R, C) for _ in range(args.puzzles)]
        row = [f"{R}x{C}"]
        for limit in (1, 2):
            a = [ours(p, limit) for p in puzzles]
            b = [cpsat(p, limit) for p in puzzles]
            assert [n for _, n in a] == [n for _, n in b], (R, C, limit)
            ta = statistics.median(t for t, _ in a)
            tb = statistics.median(t for t, _ in b)
            row += [f"{ta * 1000:.1f} ms", f"{tb * 1000:.1f} ms", f"{tb / ta:.1f}x"]
        print("| " + " | ".join(row) + " |", flush=True)
    print(f"\nGenerating unique puzzles (median seconds over seeds 0..{args.generate - 1})\n")
    print("| size | difficulty | median | max |")
    print("|---|---|---|---|")
    for size in ("6x6", "10x10"):
        for difficulty in ("easy", "medium", "hard"):
            times = []
            failed = 0
            for seed in range(args.generate):
                start = time.perf_counter()
                try:
                    generate(random.Random(seed), size, difficulty)
                except Exception:  # GenerationError: reported, not hidden
                    failed += 1
                times.append(time.perf_counter() - start)
            note = f" ({failed} failed)" if failed else ""
            print(f"| {size} | {difficulty} | {statistics.median(times):.2f} s | "
                  f"{max(times):.2f} s{note} |", flush=True)


if __name__ == "__main__":
    main()
