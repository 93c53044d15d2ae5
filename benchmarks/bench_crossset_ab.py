"""Cross Set, two source trees side by side (A/B), with CP-SAT and CaDiCaL in the same run.

Made to check that moving the Latin-square machinery into the shared core
(`numberplay.latin`) left every Cross Set figure where it was. Each tree runs
in its own worker processes (its own PYTHONPATH, its own compiled core), fed the
same tasks in turn (A first on even instances, B first on odd), so both see the
same machine load. CPU seconds (time.process_time) everywhere: in the workers,
for CP-SAT (one worker, in this process) and for CaDiCaL (inside its forked child).

1. The QWH grid (orders × hole fractions, count to 2): A, B, CP-SAT, CaDiCaL;
   ratio = the better peer's total / the tree's total.
2. The pure-Python fallback (NUMBERPLAY_PURE=1): completions.
3. Explanations of generated puzzles: shares explained by techniques alone / with
   trials / with a guess, and time; whether A and B wrote the same steps.
4. Generation: 7×7 by difficulty, and "search" grade by order; whether A and B
   made the same puzzles.

    PYTHONPATH=src python benchmarks/bench_crossset_ab.py --a /tmp/old/src --b src

A tree's src/ must hold its built core (`pip install -e .` or
`python setup.py build_ext --inplace` in that checkout).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_crossset import (  # noqa: E402 - the shared helpers of the one-tree benchmark
    SatSolver,
    _cpsat_model,
    _exclude_solution,
    completion,
    cp_model,
    sat_encoding,
)

WORKER = r"""
import hashlib, json, random, sys, time
import numberplay as npl
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded
from numberplay.crossset.model import CrossSetPuzzle
from numberplay.crossset import generate as G
from numberplay.model import GUESS, SOLVED, TRIAL
KIND = npl.get_kind("crossset")


def solve(n, masks, cap):
    p = CrossSetPuzzle.from_masks(n, masks)
    t = time.process_time()
    marks = []
    try:
        for _ in KIND.find_solutions(p, 2, Budget(seconds=cap)):
            marks.append(time.process_time() - t)
    except BudgetExceeded:
        return [cap, cap, -1]
    total = time.process_time() - t
    return [marks[0] if marks else total, total, len(marks)]


def explain(size, difficulty, seed):
    g = npl.generate_full("crossset", size=size, difficulty=difficulty, seed=seed)
    t = time.process_time()
    steps = list(npl.explain(g.puzzle))
    dt = time.process_time() - t
    names = [s.technique for s in steps]
    text = "\n".join(s.text for s in steps)
    return [dt, names.count(TRIAL), names.count(GUESS), names[-1] == SOLVED,
            hashlib.sha256(text.encode()).hexdigest()[:16]]


def generate(size, difficulty, seed):
    t = time.process_time()
    g = npl.generate_full("crossset", size=size, difficulty=difficulty, seed=seed)
    return [time.process_time() - t, hashlib.sha256(g.text.encode()).hexdigest()[:16]]


def gensearch(n, seed):
    t = time.process_time()
    masks, solution = G.generate_masks(n, G.SEARCH, random.Random(seed))
    return [time.process_time() - t, hashlib.sha256(repr(masks).encode()).hexdigest()[:16]]


TASKS = {"solve": solve, "explain": explain, "generate": generate, "gensearch": gensearch}
for line in sys.stdin:
    what, *args = json.loads(line)
    print(json.dumps(TASKS[what](*args)), flush=True)
"""


class Worker:
    """One tree's worker process: `ask(task, *args)` -> its answer."""

    def __init__(self, src: str, python_engine: bool = False) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
        env.pop("NUMBERPLAY_CROSSSET_ENGINE", None)
        env.pop("NUMBERPLAY_LATIN_ENGINE", None)
        if python_engine:
            env["NUMBERPLAY_CROSSSET_ENGINE"] = "python"   # trees before the typed search
            env["NUMBERPLAY_PURE"] = "1"
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, *task: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(task) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def both(a: Worker, b: Worker, k: int, *task: Any) -> tuple[Any, Any]:
    """The same task on both trees, A first when k is even."""
    if k % 2 == 0:
        ra = a.ask(*task)
        return ra, b.ask(*task)
    rb = b.ask(*task)
    return a.ask(*task), rb


def cpsat_cpu(n: int, masks: list[int], cap: float) -> tuple[float, float, int]:
    """(CPU s to a first solution, to decide uniqueness, solutions <= 2); over the cap: -1."""
    t = time.process_time()
    model, x = _cpsat_model(n, masks)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = cap
    status = solver.Solve(model)
    if status == cp_model.UNKNOWN:
        return cap, cap, -1
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        dt = time.process_time() - t
        return dt, dt, 0
    first = time.process_time() - t
    _exclude_solution(model, x, masks, [solver.Value(v) for v in x])
    solver.parameters.max_time_in_seconds = max(0.01, cap - first)
    status = solver.Solve(model)
    total = time.process_time() - t
    if status == cp_model.UNKNOWN or total > cap:
        return cap, cap, -1
    return first, total, 1 + (status in (cp_model.OPTIMAL, cp_model.FEASIBLE))


def _cadical_child(n: int, masks: list[int], send: Connection) -> None:
    t = time.process_time()
    clauses = sat_encoding(n, masks)
    marks: list[float] = []
    if clauses is not None:
        with SatSolver(name="cadical195", bootstrap_with=clauses) as sat:
            while len(marks) < 2 and sat.solve():
                marks.append(time.process_time() - t)
                sat.add_clause([-x for x in sat.get_model() if x > 0])
    send.send([*marks, time.process_time() - t])


def cadical_cpu(n: int, masks: list[int], cap: float) -> tuple[float, float, int]:
    """CaDiCaL in a forked child killed at `cap` seconds (wall); its own CPU times."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_cadical_child, args=(n, masks, send))
    child.start()
    send.close()
    got = receive.recv() if receive.poll(cap) else None
    child.kill()
    child.join()
    if got is None or got[-1] > cap:
        return cap, cap, -1
    return got[0], got[-1], len(got) - 1


def cell(ts: list[float], capped: bool) -> str:
    flag = ">" if capped else ""
    return f"{statistics.median(ts):.4f} / {flag}{sum(ts):.2f} / {flag}{max(ts):.2f}"


def row(*cells: object) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def bench_qwh(a: Worker, b: Worker, orders: list[int], holes: list[float], instances: int,
              cap: float) -> None:
    peers: dict[str, Callable[[int, list[int], float], tuple[float, float, int]]] = {}
    if cp_model is not None:
        peers["CP-SAT"] = cpsat_cpu
    if SatSolver is not None:
        peers["CaDiCaL"] = cadical_cpu
    names = ["A", "B", *peers]
    print(f"### QWH grid: {instances} instances per cell, cap {cap:g} s, CPU seconds "
          "median / total / worst\n")
    print(row("order", "holes", "task", *names, "ratio A", "ratio B", "B/A total"))
    print(row(*["---"] * (6 + len(names))))
    for n in orders:
        for h in holes:
            res: dict[str, tuple[list[float], list[float], list[bool]]] = {
                s: ([], [], []) for s in names}
            for seed in range(instances):
                masks = completion(n, h, seed)
                ra, rb = both(a, b, seed, "solve", n, masks, cap)
                got = {"A": ra, "B": rb}
                for s, fn in peers.items():
                    got[s] = list(fn(n, masks, cap))
                counts = {s: r[2] for s, r in got.items() if r[2] >= 0}
                assert len(set(counts.values())) <= 1, (n, h, seed, got)
                for s, r in got.items():
                    res[s][0].append(r[0])
                    res[s][1].append(r[1])
                    res[s][2].append(r[2] < 0)
            for task, col in (("first", 0), ("unique", 1)):
                cells = [cell(res[s][col], any(res[s][2])) for s in names]
                best = min((sum(res[s][col]) for s in peers), default=float("nan"))
                ta, tb = sum(res["A"][col]), sum(res["B"][col])
                print(row(n, f"{round(h * 100)}%", task, *cells, f"{best / ta:.1f}x",
                          f"{best / tb:.1f}x", f"{tb / ta:.2f}"), flush=True)
    print()


def bench_fallback(a: Worker, b: Worker, orders: list[int], instances: int, cap: float) -> None:
    print(f"### Pure-Python fallback: completions with 40% holes, {instances} per order, "
          "count to 2, CPU seconds median / total / worst\n")
    print(row("order", "A", "B", "B/A total"))
    print(row(*["---"] * 4))
    for n in orders:
        ta: list[float] = []
        tb: list[float] = []
        for seed in range(instances):
            masks = completion(n, 0.4, seed)
            ra, rb = both(a, b, seed, "solve", n, masks, cap)
            assert ra[2] == rb[2] or -1 in (ra[2], rb[2]), (n, seed, ra, rb)
            ta.append(ra[1])
            tb.append(rb[1])
        print(row(n, cell(ta, False), cell(tb, False), f"{sum(tb) / sum(ta):.2f}"), flush=True)
    print()


def bench_explain(a: Worker, b: Worker, cases: list[tuple[str, str]], puzzles: int) -> None:
    print(f"### Explanations: {puzzles} generated puzzles per row (seeds 0..{puzzles - 1}); "
          "techniques / trials / guess shares; CPU ms median and max\n")
    print(row("size", "difficulty", "A shares", "B shares", "A ms", "B ms", "same steps"))
    print(row(*["---"] * 7))
    for size, difficulty in cases:
        out: dict[str, list[Any]] = {"A": [], "B": []}
        for seed in range(puzzles):
            ra, rb = both(a, b, seed, "explain", size, difficulty, seed)
            out["A"].append(ra)
            out["B"].append(rb)

        def shares(rs: list[Any]) -> str:
            k = len(rs)
            tech = sum(1 for r in rs if not r[1] and not r[2]) / k
            trial = sum(1 for r in rs if r[1] and not r[2]) / k
            guess = sum(1 for r in rs if r[2]) / k
            return f"{tech:.0%} / {trial:.0%} / {guess:.0%}"

        def ms(rs: list[Any]) -> str:
            ts = [1000 * r[0] for r in rs]
            return f"{statistics.median(ts):.1f} / {max(ts):.1f}"
        same = all(x[4] == y[4] for x, y in zip(out["A"], out["B"], strict=True))
        print(row(size, difficulty, shares(out["A"]), shares(out["B"]), ms(out["A"]),
                  ms(out["B"]), "yes" if same else "NO"), flush=True)
    print()


def bench_generate(a: Worker, b: Worker, difficulties: list[str], count: int,
                   orders: list[int], seeds: int) -> None:
    print(f"### Generation, CPU seconds: 7x7, {count} puzzles per difficulty (total); "
          f"\"search\" grade by order, {seeds} seeds (median / worst / total)\n")
    print(row("size", "difficulty", "A", "B", "B/A", "same puzzles"))
    print(row(*["---"] * 6))
    for d in difficulties:
        ra = [0.0, []]
        rb = [0.0, []]
        for seed in range(count):
            x, y = both(a, b, seed, "generate", "7", d, seed)
            ra[0] += x[0]
            rb[0] += y[0]
            ra[1].append(x[1])
            rb[1].append(y[1])
        print(row(7, d, f"{ra[0]:.2f}", f"{rb[0]:.2f}", f"{rb[0] / ra[0]:.2f}",
                  "yes" if ra[1] == rb[1] else "NO"), flush=True)
    for n in orders:
        ta, tb, same = [], [], True
        for seed in range(seeds):
            x, y = both(a, b, seed, "gensearch", n, seed)
            ta.append(x[0])
            tb.append(y[0])
            same &= x[1] == y[1]
        print(row(n, "search", f"{statistics.median(ta):.2f} / {max(ta):.2f} / {sum(ta):.1f}",
                  f"{statistics.median(tb):.2f} / {max(tb):.2f} / {sum(tb):.1f}",
                  f"{sum(tb) / sum(ta):.2f}", "yes" if same else "NO"), flush=True)
    print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True, help="tree A's src/ (before)")
    ap.add_argument("--b", required=True, help="tree B's src/ (after)")
    ap.add_argument("--qwh", default="20,30:0.34,0.38,0.42,0.46,0.50:3:5;"
                    "40,50:0.34,0.38,0.42,0.46,0.50:2:8",
                    help="groups orders:holes:instances:cap, separated by ';' ('' to skip)")
    ap.add_argument("--fallback-orders", default="20,25")
    ap.add_argument("--fallback-instances", type=int, default=10)
    ap.add_argument("--explain", type=int, default=10, help="puzzles per explanation row")
    ap.add_argument("--generate", type=int, default=20, help="7x7 puzzles per difficulty")
    ap.add_argument("--search-orders", default="12,15,20")
    ap.add_argument("--search-seeds", type=int, default=5)
    args = ap.parse_args()
    a, b = Worker(args.a), Worker(args.b)
    start = time.time()
    try:
        for group in filter(None, args.qwh.split(";")):
            orders, holes, inst, cap = group.split(":")
            bench_qwh(a, b, [int(x) for x in orders.split(",")],
                      [float(x) for x in holes.split(",")], int(inst), float(cap))
        cases = [(s, d) for s in ("6", "8") for d in
                 ("trivial", "easy", "medium", "hard", "extreme", "search")]
        if args.explain:
            bench_explain(a, b, cases, args.explain)
        if args.generate or args.search_seeds:
            bench_generate(a, b, ["trivial", "easy", "medium", "hard", "extreme", "search"],
                           args.generate, [int(x) for x in filter(None, args.search_orders
                                                                  .split(","))],
                           args.search_seeds)
    finally:
        a.close()
        b.close()
    if args.fallback_instances:
        pa, pb = Worker(args.a, python_engine=True), Worker(args.b, python_engine=True)
        try:
            bench_fallback(pa, pb, [int(x) for x in args.fallback_orders.split(",")],
                           args.fallback_instances, 120.0)
        finally:
            pa.close()
            pb.close()
    print(f"wall {time.time() - start:.0f} s; load average at the end "
          f"{os.getloadavg()[0]:.1f} (2 cores, shared)")


if __name__ == "__main__":
    main()
