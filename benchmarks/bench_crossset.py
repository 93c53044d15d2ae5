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
3. The QWH grid (`--qwh-orders`, `--qwh-holes`, `--qwh-instances`): orders ×
   hole fractions, each instance timed once to its first solution and on to
   the second (uniqueness = count to 2) by numberplay, CP-SAT (one worker) and
   CaDiCaL 1.9.5 through python-sat (direct encoding over the candidates the
   givens leave: a variable per candidate, at-least-one and pairwise
   at-most-one per cell, row-value and column-value; counting by a blocking
   clause; encoding time included) when it is installed. Each solver gets
   `--cap` seconds per instance; an instance over the cap counts as the cap
   and is flagged with `>`.
Figures are medians / totals over the instances; ratio = CP-SAT time / numberplay time
(above 1 means numberplay is faster).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import statistics
import sys
import time
from multiprocessing.connection import Connection
from typing import Any

from numberplay.budget import Budget
from numberplay.crossset.generate import generate_masks
from numberplay.crossset.solve import solve_masks
from numberplay.errors import BudgetExceeded
from numberplay.latin.squares import jacobson_matthews

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover
    cp_model = None

try:
    from pysat.solvers import Solver as SatSolver
except ImportError:  # pragma: no cover
    SatSolver = None


def _exclude_solution(model, x, masks: list[int], first: list[int]) -> None:
    """Ask CP-SAT for a solution other than `first`: some open cell must differ."""
    differs = []
    for i, v in enumerate(x):
        if masks[i] & (masks[i] - 1):
            b = model.NewBoolVar("")
            model.Add(v != first[i]).OnlyEnforceIf(b)
            model.Add(v == first[i]).OnlyEnforceIf(b.Not())
            differs.append(b)
    model.AddBoolOr(differs or [model.NewConstant(0)])


def completion(n: int, holes: float, seed: int) -> list[int]:
    """Candidate masks: a random Latin square with a fraction of its cells opened."""
    rng = random.Random(f"bench:{n}:{seed}")
    square = jacobson_matthews(n, rng)
    masks = [1 << square[r][c] for r in range(n) for c in range(n)]
    for i in rng.sample(range(n * n), int(round(holes * n * n))):
        masks[i] = (1 << n) - 1
    return masks


def balanced_completion(n: int, holes: float, seed: int) -> list[int]:
    """Balanced QWH (Kautz, Ruan, Achlioptas, Gomes, Selman, Stickel 2001, "Balance
    and filtering in structured satisfiable problems"): the same number of holes
    k = round(holes * n) in every row and every column. The hole pattern is the
    cells where a second, independent random Latin square holds a value below k
    (a union of k disjoint permutation matrices, so exactly k per line)."""
    rng = random.Random(f"bench:balanced:{n}:{seed}")
    square = jacobson_matthews(n, rng)
    pattern = jacobson_matthews(n, rng)
    k = int(round(holes * n))
    return [(1 << n) - 1 if pattern[r][c] < k else 1 << square[r][c]
            for r in range(n) for c in range(n)]


def ours(n: int, masks: list[int], limit: int) -> tuple[float, int]:
    """(seconds, solutions found) for numberplay's search."""
    t = time.perf_counter()
    k = sum(1 for _ in solve_masks(n, masks, limit=limit))
    return time.perf_counter() - t, k


def _cpsat_model(n: int, masks: list[int]) -> tuple[Any, list[Any]]:
    """A CP-SAT model of the completion: one variable per cell over its candidates,
    all-different rows and columns."""
    model = cp_model.CpModel()
    x = [model.NewIntVarFromDomain(cp_model.Domain.FromValues(
        [v for v in range(n) if masks[i] >> v & 1]), f"x{i}") for i in range(n * n)]
    for r in range(n):
        model.AddAllDifferent(x[r * n:(r + 1) * n])
        model.AddAllDifferent(x[r::n])
    return model, x


def cpsat(n: int, masks: list[int], limit: int) -> tuple[float, int]:
    """(seconds, solutions found) for CP-SAT: solve, then re-solve excluding the first."""
    t = time.perf_counter()
    model, x = _cpsat_model(n, masks)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found = 0
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = 1
        if limit > 1:
            _exclude_solution(model, x, masks, [solver.Value(v) for v in x])
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


# ---- the QWH grid: numberplay, CP-SAT and CaDiCaL, first solution and count to 2 ----

def givens_eliminated(n: int, masks: list[int]) -> list[int] | None:
    """The candidates left once every fixed cell's value leaves its row and column."""
    D = list(masks)
    todo = [i for i, d in enumerate(D) if d and not d & (d - 1)]
    while todo:
        i = todo.pop()
        d = D[i]
        r, c = divmod(i, n)
        for j in (*range(r * n, r * n + n), *range(c, n * n, n)):
            if j != i and D[j] & d:
                D[j] &= ~d
                if not D[j]:
                    return None
                if not D[j] & (D[j] - 1):
                    todo.append(j)
    return D


def sat_encoding(n: int, masks: list[int]) -> list[list[int]] | None:
    """Direct encoding over the candidates: ALO + pairwise AMO per cell, row-value, column-value."""
    D = givens_eliminated(n, masks)
    if D is None:
        return None
    lit = {}
    cells: list[list[int]] = []
    rows: list[list[int]] = [[] for _ in range(n * n)]
    cols: list[list[int]] = [[] for _ in range(n * n)]
    for i, d in enumerate(D):
        r, c = divmod(i, n)
        here = []
        for v in range(n):
            if d >> v & 1:
                x = len(lit) + 1
                lit[i, v] = x
                here.append(x)
                rows[r * n + v].append(x)
                cols[c * n + v].append(x)
        cells.append(here)
    clauses: list[list[int]] = []
    for group in (cells, rows, cols):
        for xs in group:
            if not xs:
                return None
            clauses.append(xs)
            clauses.extend([[-a, -b] for a, b in itertools.combinations(xs, 2)])
    return clauses


def timed_three(name: str, n: int, masks: list[int], cap: float
                ) -> tuple[float, float, int]:
    """(seconds to a first solution, seconds to decide uniqueness, solutions found <= 2).

    Over the cap: the cap, with count -1."""
    t = time.perf_counter()
    marks: list[float] = []
    try:
        if name == "numberplay":
            budget = Budget(seconds=cap)
            for _ in solve_masks(n, masks, limit=2, budget=budget):
                marks.append(time.perf_counter() - t)
        elif name == "CP-SAT":
            marks = cpsat_marks(n, masks, cap)
        else:
            got = cadical_marks(n, masks, cap)
            if got is None or got[-1] > cap:
                return cap, cap, -1
            return (got[0], got[-1], len(got) - 1)
    except BudgetExceeded:
        return cap, cap, -1
    if marks is None:
        return cap, cap, -1
    total = time.perf_counter() - t
    if total > cap:
        return cap, cap, -1
    first = marks[0] if marks else total
    return first, total, len(marks)


def cpsat_marks(n: int, masks: list[int], cap: float) -> list[float] | None:
    """Times at which CP-SAT found a first and a second solution (None: over the cap)."""
    t = time.perf_counter()
    model, x = _cpsat_model(n, masks)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = cap
    marks: list[float] = []
    status = solver.Solve(model)
    if status == cp_model.UNKNOWN:
        return None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        marks.append(time.perf_counter() - t)
        _exclude_solution(model, x, masks, [solver.Value(v) for v in x])
        solver.parameters.max_time_in_seconds = max(0.01, cap - (time.perf_counter() - t))
        status = solver.Solve(model)
        if status == cp_model.UNKNOWN:
            return None
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            marks.append(time.perf_counter() - t)
    return marks


def cadical_marks(n: int, masks: list[int], cap: float) -> list[float] | None:
    """Times at which CaDiCaL found a first and a second solution, then the time it
    stopped (None: over the cap).

    python-sat cannot interrupt CaDiCaL, so it runs in a forked child that is
    killed at the cap; the times are measured inside the child."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_cadical_child, args=(n, masks, send))
    child.start()
    send.close()
    got = receive.recv() if receive.poll(cap) else None
    child.kill()
    child.join()
    return got


def _cadical_child(n: int, masks: list[int], send: Connection) -> None:
    """Encode, solve, block the first solution, solve again; send the times."""
    t = time.perf_counter()
    clauses = sat_encoding(n, masks)
    marks: list[float] = []
    if clauses is not None:
        with SatSolver(name="cadical195", bootstrap_with=clauses) as sat:
            while len(marks) < 2 and sat.solve():
                marks.append(time.perf_counter() - t)
                sat.add_clause([-x for x in sat.get_model() if x > 0])
    send.send([*marks, time.perf_counter() - t])


def bench_qwh(orders: list[int], holes: list[float], instances: int, cap: float,
              balanced: bool = False) -> None:
    solvers = ["numberplay"] + (["CP-SAT"] if cp_model else []) + (
        ["CaDiCaL"] if SatSolver else [])
    kind = "balanced QWH (Kautz et al.)" if balanced else "QWH (holes at random)"
    print(f"### {kind} grid: {instances} instances per cell, cap {cap:g} s per instance "
          "and solver\n")
    print("Seconds, median / total / worst; `>` = some instance hit the cap (counted as the cap). "
          "Ratio = the better total of the others / numberplay's total.\n")
    print(row("order", "holes", "task", *solvers, "ratio"))
    print(row(*["---"] * (4 + len(solvers))))
    for n in orders:
        for h in holes:
            res = {s: ([], [], 0) for s in solvers}
            for seed in range(instances):
                masks = (balanced_completion if balanced else completion)(n, h, seed)
                counts = {}
                for s in solvers:
                    first, unique, k = timed_three(s, n, masks, cap)
                    res[s][0].append(first)
                    res[s][1].append(unique)
                    if k < 0:
                        res[s] = (res[s][0], res[s][1], res[s][2] + 1)
                    else:
                        counts[s] = k
                assert len(set(counts.values())) <= 1, (n, h, seed, counts)
            for task, col in (("first", 0), ("unique", 1)):
                cells = []
                for s in solvers:
                    ts = res[s][col]
                    flag = ">" if res[s][2] else ""
                    cells.append(f"{statistics.median(ts):.4f} / {flag}{sum(ts):.2f} / "
                                 f"{flag}{max(ts):.2f}")
                others = [sum(res[s][col]) for s in solvers[1:]]
                ratio = f"{min(others) / sum(res['numberplay'][col]):.1f}x" if others else "-"
                print(row(n, f"{int(round(h * 100))}%", task, *cells, ratio), flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=40)
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--holes", type=float, default=0.4)
    parser.add_argument("--orders", default="10,15,20,25,30")
    parser.add_argument("--difficulty", default="medium")
    parser.add_argument("--qwh-orders", default="20,30,40,50")
    parser.add_argument("--qwh-holes", default="0.34,0.38,0.42,0.46,0.50")
    parser.add_argument("--qwh-instances", type=int, default=0,
                        help="instances per QWH cell (0: skip the grid)")
    parser.add_argument("--qwh-balanced", action="store_true",
                        help="balanced holes (the same count in every row and column)")
    parser.add_argument("--cap", type=float, default=20.0,
                        help="seconds per instance and solver in the QWH grid")
    args = parser.parse_args()
    if cp_model is None:
        sys.exit("OR-Tools is needed for the comparison: pip install ortools")
    if args.qwh_instances:
        bench_qwh([int(x) for x in args.qwh_orders.split(",")],
                  [float(x) for x in args.qwh_holes.split(",")], args.qwh_instances, args.cap,
                  args.qwh_balanced)
    if args.instances:
        bench_completion([int(x) for x in args.orders.split(",")], args.instances, args.holes)
    if args.puzzles:
        bench_generated(args.puzzles, args.difficulty)


if __name__ == "__main__":
    main()
