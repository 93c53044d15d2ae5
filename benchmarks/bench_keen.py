"""Keen against Simon Tatham's C code (puzzles 1.3.2, keen.c), side by side in one run.

    PYTHONPATH=src python benchmarks/bench_keen.py --solver /path/to/keen-solver \\
        --generator /path/to/keen-generator [--puzzles 100] [--generate 10]

Nothing here builds his code. The two binaries are yours, built from his
sources:

- `--solver`: keen.c built with STANDALONE_SOLVER; `SOLVER ID` prints the
  solution grid, `SOLVER -g ID` the grade ("Difficulty rating: Hard").
- `--generator`: a driver around his `new_game_desc` taking `PARAMS COUNT SEED`
  and printing COUNT lines `PARAMS:DESC<TAB>SOLUTION` (solution: the digits row
  by row), as his midend would get them.

Sections (CPU time on both sides; his side is the CPU of his processes as the
kernel counts it for children, which includes starting the process, shown
beside as `start`, the CPU of the solver printing its usage and exiting):

1. Solve and prove unique 9x9 Extreme and Unreasonable puzzles his generator
   made: numberplay from the game ID text to a count of solutions with limit 2,
   in one process (the compiled Latin core, and the pure-Python engine), the
   filling tables compiled afresh for every puzzle; his solver on each ID.
2. Generate 9x9 Hard and Extreme puzzles: numberplay's generator, per puzzle;
   his generator, one process per puzzle. numberplay's puzzles written as game
   IDs go to his solver, which must find each unique; its grades are tabled
   against ours.
3. Explain every Easy..Extreme puzzle of section 1's kind (his 9x9 ones, per
   level): without a guess? the worst time per level.

The machine is shared and loaded: the ratios, measured in the same run, are
what to read.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numberplay  # noqa: E402
from numberplay.keen import cages  # noqa: E402
from numberplay.keen.tatham import parse_game_id, to_game_id  # noqa: E402
from numberplay.model import GUESS, SOLVED  # noqa: E402

KEEN = numberplay.get_kind("keen")
HIS = {"Easy": "easy", "Normal": "medium", "Hard": "hard", "Extreme": "extreme",
       "Unreasonable": "unreasonable"}


def child_cpu() -> float:
    """CPU seconds of every finished child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_child(args: list[str]) -> tuple[str, float]:
    """(stdout, CPU seconds) of one child process."""
    before = child_cpu()
    out = subprocess.run(args, capture_output=True, text=True, check=False).stdout
    return out, child_cpu() - before


def his_puzzles(generator: str, params: str, count: int, seed: str) -> list[tuple[str, str]]:
    """(game ID, solution digits) from his generator."""
    out = subprocess.run([generator, params, str(count), seed], capture_output=True,
                         text=True, check=True).stdout
    return [tuple(line.split("\t")) for line in out.splitlines()]  # type: ignore[misc]


def stats(times: list[float]) -> str:
    """median / worst / total in ms."""
    return (f"{statistics.median(times) * 1e3:8.2f} {max(times) * 1e3:9.2f} "
            f"{sum(times) * 1e3:10.1f}")


def ours_solve(gid: str) -> tuple[int, float]:
    """(solutions up to 2, CPU seconds) from the text, tables compiled afresh."""
    cages.clear_caches()
    t = time.process_time()
    p, _ = parse_game_id(gid)
    from numberplay.keen.search import solve
    found = sum(1 for _ in solve(p, limit=2))
    return found, time.process_time() - t


def section_solve(solver: str, generator: str, count: int) -> None:
    ids = his_puzzles(generator, "9dx", count // 2, "bench-x") + \
        his_puzzles(generator, "9du", count - count // 2, "bench-u")
    _, start = run_child([solver])
    rows = []
    times = []
    for gid, _ in ids:
        found, cpu = ours_solve(gid)
        assert found == 1, gid
        times.append(cpu)
    rows.append(("numberplay", times))
    his = []
    for gid, sol in ids:
        out, cpu = run_child([solver, gid])
        assert "".join(out.split()) == sol, gid
        his.append(cpu)
    rows.append(("Tatham keen.c solver", his))
    print(f"\n## 1. Solve and prove unique: {len(ids)} of his 9x9 puzzles "
          f"({count // 2} Extreme, {count - count // 2} Unreasonable)\n")
    print(f"his process start (usage only): {start * 1e3:.2f} ms CPU\n")
    print("| who | median ms | worst ms | total ms | his total / this total |")
    print("|---|---:|---:|---:|---:|")
    for name, times in rows:
        print(f"| {name} | " + " | ".join(stats(times).split()) +
              f" | {sum(his) / sum(times):.2f} |")


def section_generate(solver: str, generator: str, count: int) -> None:
    print(f"\n## 2. Generate 9x9 puzzles ({count} per level)\n")
    print("| level | numberplay median ms | worst | total | Tatham median ms | worst | total "
          "| his total / ours | his solver: unique | his grades of ours |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for level, letter in (("hard", "h"), ("extreme", "x")):
        ours, ids = [], []
        for i in range(count):
            t = time.process_time()
            g = KEEN.generate(random.Random(f"bench-{level}-{i}"), "9", level)
            ours.append(time.process_time() - t)
            ids.append(to_game_id(g.puzzle, level))
        his = []
        for i in range(count):
            _, cpu = run_child([generator, f"9d{letter}", "1", f"bench-{level}-{i}"])
            his.append(cpu)
        grades: Counter[str] = Counter()
        unique = 0
        for gid in ids:
            out, _ = run_child([solver, "-g", gid])
            grade = out.strip().removeprefix("Difficulty rating: ")
            grades[grade] += 1
            unique += grade in HIS
        print(f"| {level} | " + " | ".join(stats(ours).split()) + " | "
              + " | ".join(stats(his).split()) + f" | {sum(his) / sum(ours):.2f} | "
              f"{unique}/{count} | {dict(grades)} |")


def section_explain(generator: str, count: int) -> None:
    print(f"\n## 3. Explaining his 9x9 puzzles ({count} per level)\n")
    print("| his level | our grades | without a guess | median ms | worst ms |")
    print("|---|---|---:|---:|---:|")
    for letter, level in (("e", "Easy"), ("n", "Normal"), ("h", "Hard"), ("x", "Extreme"),
                          ("u", "Unreasonable")):
        times, grades, clean = [], Counter(), 0
        for gid, sol in his_puzzles(generator, f"9d{letter}", count, f"explain-{letter}"):
            t = time.process_time()
            p = KEEN.parse(gid)
            steps = list(KEEN.explain(p))
            times.append(time.process_time() - t)
            assert steps[-1].technique == SOLVED and "".join(steps[-1].snapshot.split()) == sol
            clean += not any(s.technique == GUESS for s in steps)
            grades[KEEN.grade(p)] += 1
        print(f"| {level} | {dict(grades)} | {clean}/{count} | "
              f"{statistics.median(times) * 1e3:.1f} | {max(times) * 1e3:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", required=True, help="his keen standalone solver")
    ap.add_argument("--generator", required=True, help="the driver around his new_game_desc")
    ap.add_argument("--puzzles", type=int, default=100, help="puzzles to solve (section 1)")
    ap.add_argument("--generate", type=int, default=10, help="puzzles per level (section 2)")
    ap.add_argument("--explain", type=int, default=20, help="puzzles per level (section 3)")
    ap.add_argument("--only", choices=("solve", "generate", "explain"))
    a = ap.parse_args()
    print(f"# Keen vs Tatham's keen.c ({time.strftime('%Y-%m-%d %H:%M')}, "
          f"load {Path('/proc/loadavg').read_text().split()[0]})")
    if a.only in (None, "solve"):
        section_solve(a.solver, a.generator, a.puzzles)
    if a.only in (None, "generate"):
        section_generate(a.solver, a.generator, a.generate)
    if a.only in (None, "explain"):
        section_explain(a.generator, a.explain)


if __name__ == "__main__":
    main()
