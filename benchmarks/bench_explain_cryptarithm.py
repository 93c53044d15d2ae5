"""How far cryptarithm explanations get without a guess, and how long they take.

1. The unique alphametics of benchmarks/data/alphametics.txt (classic, seed
   001, word list): the share explained by techniques alone, with single
   trials, with nested trials, and the share that needs a guess; the time
   to explain (median, 90th percentile, worst); every explanation is checked
   to end on the solver's unique solution.
2. Generated puzzles: cryptarithms at each difficulty, crypto-products at
   each seed level: the share explained without a guess, and the time.

    PYTHONPATH=src python benchmarks/bench_explain_cryptarithm.py [--limit N] [--generated N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import numberplay
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded
from numberplay.formula.columns import assignment
from numberplay.formula.ladder import explanation

GRADES: dict[str, str] = {}
LEVEL = {-1: "techniques", 0: "techniques", 1: "single trials", 2: "nested trials",
         3: "guess"}


def explain_one(formula: str, base: int = 10, seconds: float = 120.0
                ) -> tuple[str, float, dict[str, int] | None]:
    """(level reached, seconds, final assignment or None)."""
    t = time.perf_counter()
    run = explanation(formula, base, budget=Budget(seconds=seconds))
    try:
        steps = list(run)
    except BudgetExceeded:
        return "time limit", time.perf_counter() - t, None
    dt = time.perf_counter() - t
    guess = any(s.technique == "guess" for s in steps)
    level = "guess" if guess else LEVEL.get(max(run.hardest - run.rules.top_rung, 0), "guess")
    end = assignment(run.rules.model, run.position) if steps[-1].technique == "solved" \
        else None
    GRADES[formula] = run.grade
    return level, dt, end


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def table(rows: dict[str, list[tuple[str, float]]], order: list[str]) -> None:
    print("| set | n | techniques only | + single trials | + nested trials | guess | "
          "time limit | median | p90 | worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, items in rows.items():
        n = len(items)
        if not n:
            continue
        c = {k: sum(1 for lv, _ in items if lv == k) for k in order}
        cum = 0
        cells = []
        for k in ("techniques", "single trials", "nested trials"):
            cum += c[k]
            cells.append(f"{100 * cum / n:.0f}%")
        cells.append(f"{100 * c['guess'] / n:.0f}%")
        cells.append(f"{c['time limit']}")
        ts = [dt for _, dt in items]
        print(f"| {name} | {n} | " + " | ".join(cells) +
              f" | {1000 * statistics.median(ts):.0f} ms | {1000 * pct(ts, 0.9):.0f} ms | "
              f"{1000 * max(ts):.0f} ms |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="only the first N alphametics")
    ap.add_argument("--generated", type=int, default=10, help="puzzles per difficulty")
    ap.add_argument("--seconds", type=float, default=120.0, help="time limit per puzzle")
    args = ap.parse_args()
    order = ["techniques", "single trials", "nested trials", "guess", "time limit"]
    data = Path(__file__).parent / "data" / "alphametics.txt"
    formulas = []
    for line in data.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            f, _, src = line.partition("#")
            formulas.append((f.strip(), src.strip()))
    if args.limit:
        formulas = formulas[:args.limit]
    rows: dict[str, list[tuple[str, float]]] = {"all": [], "classic": [], "Norvig notebook": [],
                                                "word list": []}
    wrong = 0
    slow = []
    for f, src in formulas:
        level, dt, end = explain_one(f, seconds=args.seconds)
        p = numberplay.parse("cryptarithm", f)
        sol = numberplay.solve(p)
        if level != "time limit" and (sol is None or end != sol.mapping):
            wrong += 1
            print(f"WRONG END: {f}")
        rows["all"].append((level, dt))
        rows[src].append((level, dt))
        slow.append((dt, level, f))
    print(f"## {len(formulas)} unique alphametics ({data.name})\n")
    table(rows, order)
    print(f"\nexplanations ending elsewhere than the unique solution: {wrong}")
    grades = [GRADES.get(f, "?") for f, _ in formulas]
    print("grades: " + ", ".join(f"{g} {grades.count(g)}" for g in ("easy", "medium", "hard")))
    print("\nslowest:")
    for dt, level, f in sorted(slow, reverse=True)[:8]:
        print(f"  {1000 * dt:8.0f} ms  {level:14s} {f}")
    print(f"\n## generated puzzles ({args.generated} per difficulty)\n")
    gen: dict[str, list[tuple[str, float]]] = {}
    for kind_name, levels, opts in (
            ("cryptarithm", ("easy", "medium", "hard"), {"addends": "2..3"}),
            ("cryptoproduct", ("easy", "medium", "hard"), {})):
        kind = numberplay.get_kind(kind_name)
        for level in levels:
            key = f"{kind_name} {level}"
            gen[key] = []
            rng = random.Random(7)
            for _ in range(args.generated):
                try:
                    g = kind.generate(rng, difficulty=level, budget=Budget(seconds=300),
                                      **opts)
                except Exception as exc:       # noqa: BLE001 - reported, not hidden
                    print(f"  {key}: generation failed: {exc}")
                    break
                lv, dt, end = explain_one(g.puzzle.formula, seconds=args.seconds)
                if lv != "time limit" and end != dict(g.solution.assignment):
                    print(f"WRONG END: {g.puzzle.formula}")
                gen[key].append((lv, dt))
    table(gen, order)


if __name__ == "__main__":
    main()
