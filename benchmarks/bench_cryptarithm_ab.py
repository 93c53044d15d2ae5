"""Cryptarithm solver and explanation, two source trees side by side (A/B).

Compares two checkouts of numberplay in one run: each runs in its own worker
process (its own PYTHONPATH), and the two are fed the same task in turn, so
both see the same machine load. Prints

1. solver: `count` of every alphametic of benchmarks/data/alphametics.txt (all
   solutions; total, median, worst per tree) and the hard shapes of
   bench_cryptarithm.py, with the ratio B / A;
2. explanation (unless --no-explain): per tree, the share of the alphametics
   explained by techniques alone / with trials / needing a guess, and the time
   (median, p90, worst).

    PYTHONPATH=src python benchmarks/bench_cryptarithm_ab.py --a /path/to/main/src \
        --b src [--limit N] [--repeat R] [--no-explain]

Times are CPU time of the worker process (time.process_time), so the
machine's other load counts less. The main checkout can be exported without
touching its worktree:
`git archive main src | tar -x -C /tmp/main`. Only ratios measured in the same
run mean anything on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = r"""
import json, sys, time
import numberplay
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded
try:
    from numberplay.formula.ladder import explanation
    from numberplay.formula.solver import compile_puzzle
except ImportError:
  try:  # a tree from before the formula ladder (issue 37)
    from numberplay.formula.deduce import explanation
    from numberplay.formula.solver import compile_puzzle
  except ImportError:  # a tree from before the formula core (issue 21)
    from numberplay.cryptarithm.deduce import explanation
    from numberplay.cryptarithm.solver import compile_puzzle
LEVEL = {-1: "techniques", 0: "techniques", 1: "single trials", 2: "nested trials", 3: "guess"}
for line in sys.stdin:
    task = json.loads(line)
    what, formula, base, repeat = task
    if what == "count":
        best = None
        for _ in range(repeat):
            compile_puzzle.cache_clear()
            t = time.process_time()
            n = numberplay.count(numberplay.parse("cryptarithm", formula, base=base))
            t = time.process_time() - t
            best = t if best is None else min(best, t)
        out = [n, best]
    else:
        t = time.process_time()
        run = explanation(formula, base, budget=Budget(seconds=120))
        try:
            steps = list(run)
            dt = time.process_time() - t
            guess = any(s.technique == "guess" for s in steps)
            level = "guess" if guess else LEVEL.get(
                max(run.hardest - run.rules.top_rung, 0), "guess")
            texts = [s.text for s in steps]
        except BudgetExceeded:
            level, dt, texts = "time limit", time.process_time() - t, []
        out = [level, dt, len(texts), texts]
    print(json.dumps(out), flush=True)
"""

SHAPES = [("AYH^2 + BEE^2 = SEE^2", 10), ("MON-EY = EVIL^(1/2)", 10),
          ("HIP * HIP = HURRAY", 36), ("NORTH / SOUTH = EAST / WEST", 10)]


class Worker:
    def __init__(self, src: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, *task: object) -> list:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(task) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


ROOT_COLUMNS = r"""
import sys, time
from numberplay.formula import ladder as L, solver as S
from numberplay.formula.filters import bits, unit_filter
from numberplay.formula.columns import build, first_masks
formulas = sys.stdin.read().splitlines()
alone = one_pass = propagate = searched = 0.0
for f in formulas:
    S.compile_puzzle.cache_clear()
    comp = S.compile_puzzle(f, 10)
    t = time.perf_counter()
    n1 = sum(S.search(comp, {}, None, counting=True))
    alone += time.perf_counter() - t
    model = build(f, 10)
    t = time.perf_counter()
    pos = first_masks(model)
    for unit in model.units[:model.ncols]:
        unit_filter(unit, tuple(pos[v] for v in unit.vars), 10, model.lo)
    one_pass += time.perf_counter() - t
    model = build(f, 10)
    t = time.perf_counter()
    pos = L.first_position(model)
    try:
        while (move := L.column_sum(model, pos)) is not None:
            L.apply(model, pos, move)
    except L.Contradiction:
        pos = None
    propagate += time.perf_counter() - t
    doms = None if pos is None else {c: list(bits(pos[i])) for i, c in enumerate(model.letters)}
    root = S._root_domains
    S._root_domains = lambda comp, fixed, *a: None if doms is None else {
        c: [d for d in v if d not in fixed.values()] for c, v in doms.items() if c not in fixed}
    t = time.perf_counter()
    n2 = sum(S.search(comp, {}, None, counting=True))
    searched += time.perf_counter() - t
    S._root_domains = root
    assert n1 == n2, f
print(f"| search alone | {alone * 1000:.0f} ms |")
print(f"| one pass of column_filter over the columns | {one_pass * 1000:.0f} ms |")
print(f"| column propagation to a fixpoint | {propagate * 1000:.0f} ms |")
print(f"| search from the propagated root domains | {searched * 1000:.0f} ms |")
"""


def root_columns(src: str, formulas: list[str]) -> None:
    """Would narrowing the search's root domains with the exact column filter pay?"""
    print(f"\n## Root domains by the exact column filter, {len(formulas)} alphametics "
          f"(tree {src})\n")
    print("| step | total |\n|---|---:|", flush=True)
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
    subprocess.run([sys.executable, "-c", ROOT_COLUMNS], input="\n".join(formulas), text=True,
                   env=env, check=True)


def solver_tables(a: Worker, b: Worker, formulas: list[str], repeat: int) -> None:
    """The solver tables: every alphametic, then the hard shapes."""
    ta: list[float] = []
    tb: list[float] = []
    for f in formulas:
        na, xa = a.ask("count", f, 10, repeat)
        nb, xb = b.ask("count", f, 10, repeat)
        if na != nb:
            print(f"COUNT DIFFERS: {f}: A {na}, B {nb}")
        ta.append(xa)
        tb.append(xb)
    print(f"## Solver: count all solutions, {len(formulas)} alphametics (best of "
          f"{repeat})\n")
    print("| tree | total | median | worst |\n|---|---:|---:|---:|")
    for name, ts in (("A", ta), ("B", tb)):
        print(f"| {name} | {sum(ts) * 1000:.0f} ms | {statistics.median(ts) * 1000:.2f} ms | "
              f"{max(ts) * 1000:.1f} ms |")
    print(f"\nratio B / A (total): {sum(tb) / sum(ta):.3f}")
    print("\n## Solver: hard shapes (count all solutions)\n")
    print("| formula | base | count | A | B | B / A |\n|---|---:|---:|---:|---:|---:|")
    for f, base in SHAPES:
        na, xa = a.ask("count", f, base, repeat)
        nb, xb = b.ask("count", f, base, repeat)
        same = "" if na == nb else f" (B: {nb})"
        print(f"| `{f}` | {base} | {na}{same} | {xa * 1000:.0f} ms | {xb * 1000:.0f} ms | "
              f"{xb / xa:.2f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True, help="source tree A (before), e.g. /tmp/main/src")
    ap.add_argument("--b", required=True, help="source tree B (after), e.g. src")
    ap.add_argument("--limit", type=int, default=0, help="only the first N alphametics")
    ap.add_argument("--repeat", type=int, default=3, help="solver runs per formula (best)")
    ap.add_argument("--no-explain", action="store_true")
    ap.add_argument("--no-solver", action="store_true")
    ap.add_argument("--root-columns", action="store_true",
                    help="also time narrowing the root domains by columns (tree B)")
    ap.add_argument("--only", default="", help="only the formulas containing this text")
    ap.add_argument("--show-text-changes", type=int, default=0,
                    help="print up to N explanations whose text differs")
    args = ap.parse_args()
    data = Path(__file__).parent / "data" / "alphametics.txt"
    formulas = [ln.partition("#")[0].strip() for ln in data.read_text().splitlines()
                if ln.strip() and not ln.startswith("#")]
    if args.limit:
        formulas = formulas[:args.limit]
    if args.only:
        formulas = [f for f in formulas if args.only in f]
    a, b = Worker(args.a), Worker(args.b)
    if not args.no_solver:
        solver_tables(a, b, formulas, args.repeat)
    if args.root_columns:
        root_columns(args.b, formulas)
    if not args.no_explain:
        rows: dict[str, list[tuple[str, float, int]]] = {"A": [], "B": []}
        changed = []
        for f in formulas:
            ra = a.ask("explain", f, 10, 1)
            rb = b.ask("explain", f, 10, 1)
            rows["A"].append((ra[0], ra[1], ra[2]))
            rows["B"].append((rb[0], rb[1], rb[2]))
            if ra[3] != rb[3]:
                changed.append((f, ra, rb))
        print(f"\n## Explanation of the {len(formulas)} alphametics\n")
        print("| tree | techniques only | + single trials | + nested trials | guess | "
              "time limit | steps (median) | median | p90 | worst |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name, items in rows.items():
            n = len(items)
            c = {k: sum(1 for lv, _, _ in items if lv == k) for k in
                 ("techniques", "single trials", "nested trials", "guess", "time limit")}
            cum = 0
            cells = []
            for k in ("techniques", "single trials", "nested trials"):
                cum += c[k]
                cells.append(f"{100 * cum / n:.0f}%")
            ts = [dt for _, dt, _ in items]
            steps = statistics.median(s for _, _, s in items)
            print(f"| {name} | " + " | ".join(cells) + f" | {100 * c['guess'] / n:.0f}% | "
                  f"{c['time limit']} | {steps:.0f} | {1000 * statistics.median(ts):.0f} ms | "
                  f"{1000 * pct(ts, 0.9):.0f} ms | {1000 * max(ts):.0f} ms |")
        print("\nslowest (B), with A:")
        slow = sorted(zip(rows["B"], rows["A"], formulas, strict=True),
                      key=lambda t: -t[0][1])[:6]
        for (lb, xb, _), (la, xa, _), f in slow:
            print(f"  B {1000 * xb:8.0f} ms {lb:14s} A {1000 * xa:8.0f} ms {la:14s} {f}")
        print(f"\nexplanations whose text differs: {len(changed)} of {len(formulas)}")
        for f, ra, rb in changed[:args.show_text_changes]:
            print(f"\n### {f}: A {ra[0]} in {ra[2]} steps, B {rb[0]} in {rb[2]} steps")
            for x, y in zip(ra[3], rb[3], strict=False):
                if x != y:
                    print(f"- A: {x}\n- B: {y}")
                    break
    a.close()
    b.close()


if __name__ == "__main__":
    main()
