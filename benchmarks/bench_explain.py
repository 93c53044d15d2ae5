"""Explanations on the shared deduction driver: how many generated puzzles are
explained without a branching guess, and how long explaining takes.

Run:  PYTHONPATH=src python benchmarks/bench_explain.py [--puzzles P] [--kinds crossproduct,crossset]

For each kind, size and difficulty, P puzzles are generated (seeds 0..P-1, the
same as `numberplay generate --seed bench --count P`), then explained from the
start (`numberplay.explain`). The table gives, per row:

- techniques: explained by the technique ladder alone (no trial, no guess);
- trials: needed at least one trial ("suppose X = v ... contradiction"), no guess;
- guess: needed a branching guess (no bounded trial closed);
- trials/puzzle: the mean number of trials among those that needed any;
- median / total / max ms: CPU time of the whole explanation, kernel and words;
- with `--pure`, the same three with the compiled cores switched off (CrossProduct's
  line revision, the Latin ladder's scans), measured in the same run, puzzle by
  puzzle, beside.
A puzzle is "explained without a guess" when it falls in the first two columns.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numberplay as npl
from numberplay._pure import as_python
from numberplay.crossproduct import lines as cp_lines
from numberplay.crossproduct import solver as cp_solver
from numberplay.latin import scans as latin_scans
from numberplay.latin import techniques as latin_techniques
from numberplay.model import GUESS, SOLVED, TRIAL
from numberplay.services.reports import generate_one

CASES = {
    "crossproduct": [("4x4", ("easy", "medium", "hard")), ("6x6", ("easy", "medium", "hard")),
                     ("7x7", ("easy", "medium", "hard")), ("8x8", ("easy", "medium", "hard")),
                     ("9x9", ("easy", "medium", "hard"))],
    "crossset": [("6", ("trivial", "easy", "medium", "hard", "extreme", "search")),
                 ("8", ("trivial", "easy", "medium", "hard", "extreme", "search")),
                 ("10", ("medium", "extreme", "search"))],
}



PYTHON_SCANS = as_python(latin_scans)
PYTHON_LINES = as_python(cp_lines)


def compiled(on: bool) -> None:
    """Switch the compiled cores the explanations use on or off."""
    cp_solver._lines = cp_lines if on else PYTHON_LINES
    latin_techniques.scans = latin_scans if on else PYTHON_SCANS
    cp_solver.clear_caches()


def cpu_ms(puzzle: npl.Puzzle) -> tuple[float, list]:
    """The CPU milliseconds of one explanation, and its steps."""
    start = time.process_time()
    steps = list(npl.explain(puzzle))
    return 1000 * (time.process_time() - start), steps


def measure(kind: str, size: str, difficulty: str, count: int, pure: bool) -> dict | None:
    """Generate `count` puzzles and explain each; None if none could be generated."""
    times, rows, pure_times = [], [], []
    for i in range(count):
        try:
            g = generate_one(kind, seed="bench", index=i, size=size, difficulty=difficulty,
                             budget=npl.Budget(seconds=60))
        except npl.GenerationError:
            continue
        ms, steps = cpu_ms(g.puzzle)
        times.append(ms)
        if pure:
            compiled(False)
            pure_times.append(cpu_ms(g.puzzle)[0])
            compiled(True)
        names = [s.technique for s in steps]
        assert names[-1] == SOLVED, (kind, size, difficulty, i, names[-1])
        rows.append((names.count(TRIAL), names.count(GUESS)))
    if not rows:
        return None
    n = len(rows)
    with_trials = [t for t, g in rows if t and not g]
    return {
        "n": n,
        "techniques": sum(1 for t, g in rows if not t and not g) / n,
        "trials": len(with_trials) / n,
        "guess": sum(1 for _, g in rows if g) / n,
        "trials_per": statistics.mean(with_trials) if with_trials else 0.0,
        "ms": (statistics.median(times), sum(times), max(times)),
        "pure_ms": (statistics.median(pure_times), sum(pure_times), max(pure_times))
        if pure_times else None,
    }


def triple(ms: tuple[float, float, float]) -> str:
    """`median / total / max`."""
    return f"{ms[0]:.1f} / {ms[1]:.0f} / {ms[2]:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=20)
    ap.add_argument("--kinds", default="crossproduct,crossset")
    ap.add_argument("--sizes", default="", help="only these sizes, e.g. 8,10")
    ap.add_argument("--difficulties", default="", help="only these, e.g. search")
    ap.add_argument("--pure", action="store_true", help="the pure-Python fallback beside")
    args = ap.parse_args()
    sizes = set(filter(None, args.sizes.split(",")))
    wanted = set(filter(None, args.difficulties.split(",")))
    print(f"{'kind':<13} {'size':>5} {'difficulty':<10} {'n':>3} {'techniques':>10} "
          f"{'trials':>7} {'guess':>6} {'trials/pz':>9} {'median/total/max CPU ms':>24}"
          + (f" {'pure Python':>24}" if args.pure else ""))
    for kind in args.kinds.split(","):
        for size, difficulties in CASES[kind]:
            if sizes and size not in sizes:
                continue
            for difficulty in difficulties:
                if wanted and difficulty not in wanted:
                    continue
                r = measure(kind, size, difficulty, args.puzzles, args.pure)
                if r is None:
                    print(f"{kind:<13} {size:>5} {difficulty:<10}   (none generated)")
                    continue
                print(f"{kind:<13} {size:>5} {difficulty:<10} {r['n']:>3} "
                      f"{r['techniques']:>10.0%} {r['trials']:>7.0%} {r['guess']:>6.0%} "
                      f"{r['trials_per']:>9.1f} {triple(r['ms']):>24}"
                      + (f" {triple(r['pure_ms']):>24}" if r['pure_ms'] else ""),
                      flush=True)


if __name__ == "__main__":
    main()
