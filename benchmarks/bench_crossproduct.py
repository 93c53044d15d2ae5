"""CrossProduct: numberplay vs OR-Tools CP-SAT on seeded random puzzles.

Puzzles are the products of random tables (digits uniform 1-9). For each size,
both solvers find the first solution and decide uniqueness (search with limit
2). Each cell of the table gives median / total / worst seconds over the
size's puzzles, numberplay beside CP-SAT, and the ratio of the totals. CP-SAT
runs under a time limit (--cp-limit); a run that hits it counts as the limit
and its figures are marked ">=" (the ratio is then a lower bound). CP-SAT uses the prime-exponent model: each cell is a digit variable with
exponent variables for 2, 3, 5 and 7 tied to it by element constraints, and
each row and column is four linear sums; one worker.

    PYTHONPATH=src python benchmarks/bench_crossproduct.py [--puzzles N] [--large N]
        [--seed S] [--cp-limit SECONDS]

The line filter (`crossproduct/lines.py`) runs compiled when built; `--pure` runs
the same source as Python (as NUMBERPLAY_PURE=1 does for every module).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from math import prod

from numberplay.crossproduct import CrossProductPuzzle
from numberplay.crossproduct import solver as solver_module
from numberplay.crossproduct.generate import generate
from numberplay.crossproduct.solver import clear_caches, solve_grids

SIZES = [(5, 3), (10, 3), (10, 6), (15, 8), (20, 20), (30, 30), (40, 40)]
LARGE = 30 * 30  # sizes from here on use --large puzzles (CP-SAT takes minutes on them)
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


def cpsat(puzzle: CrossProductPuzzle, limit: int,
          time_limit: float = 0.0) -> tuple[float, int | None]:
    """(seconds, solutions found up to limit) with CP-SAT, model building included;
    the count is None when the time limit stopped it first."""
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
    if time_limit:
        solver.parameters.max_time_in_seconds = time_limit
    cb = Stop()
    status = solver.Solve(model, cb)
    done = cb.n >= limit or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return time.perf_counter() - start, cb.n if done else None


def ours(puzzle: CrossProductPuzzle, limit: int) -> tuple[float, int]:
    """(seconds, solutions found up to limit) with numberplay."""
    clear_caches()
    start = time.perf_counter()
    n = sum(1 for _ in solve_grids(puzzle, limit=limit))
    return time.perf_counter() - start, n


def stats(times: list[float], capped: bool = False) -> str:
    """median / total / worst, in seconds; ">=" when a time limit cut some run."""
    mark = ">=" if capped else ""
    return (f"{mark}{statistics.median(times):.3g} / {mark}{sum(times):.3g} / "
            f"{mark}{max(times):.3g}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=5, help="puzzles per size")
    ap.add_argument("--large", type=int, default=3, help="puzzles per size from 30x30")
    ap.add_argument("--cp-limit", type=float, default=60.0, help="CP-SAT seconds per solve")
    ap.add_argument("--sizes", default="", help="only these sizes, e.g. 30x30,40x40")
    ap.add_argument("--pure", action="store_true", help="pure-Python line revision")
    ap.add_argument("--seed", type=int, default=2021)
    ap.add_argument("--generate", type=int, default=3, help="puzzles per generation size")
    args = ap.parse_args()
    if args.pure:   # the line filter's source run as Python (import here: the
        # benchmark also runs on a build from before lines.py, for the before figures)
        from numberplay._pure import as_python
        from numberplay.crossproduct import lines as lines_module
        solver_module._lines = as_python(lines_module)
    lines = getattr(solver_module, "_lines", None)
    core = ("pure Python" if args.pure or (lines is not None and not lines.COMPILED)
            else "compiled")
    rng = random.Random(args.seed)
    print(f"{args.puzzles} seeded random puzzles per size ({args.large} from 30x30; "
          f"seed {args.seed}); line revision: {core}; CP-SAT one worker, "
          f"{args.cp_limit:.0f} s limit per solve. Seconds: median / total / worst.\n")
    print("| size | numberplay first | CP-SAT first | ratio | numberplay unique? "
          "| CP-SAT unique? | ratio |")
    print("|---|---|---|---|---|---|---|")
    wanted = set(args.sizes.split(",")) if args.sizes else None
    for R, C in SIZES:
        count = args.large if R * C >= LARGE else args.puzzles
        puzzles = [random_puzzle(rng, R, C) for _ in range(count)]
        if wanted is not None and f"{R}x{C}" not in wanted:
            continue
        row = [f"{R}x{C}"]
        for limit in (1, 2):
            a = [ours(p, limit) for p in puzzles]
            b = [cpsat(p, limit, args.cp_limit) for p in puzzles]
            for (_, na), (_, nb) in zip(a, b, strict=True):
                assert nb is None or na == nb, (R, C, limit)
            capped = any(n is None for _, n in b)
            ta = [t for t, _ in a]
            tb = [t for t, _ in b]
            ratio = f"{'>=' if capped else ''}{sum(tb) / sum(ta):.1f}x"
            row += [stats(ta), stats(tb, capped), ratio]
        print("| " + " | ".join(row) + " |", flush=True)
    if args.generate <= 0:
        return
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
