"""Hostile input: how cleanly the CLI and the API answer, and how well --timeout holds.

    PYTHONPATH=src python benchmarks/bench_hostile.py [--mutants 300] [--seed 1] [--quick]

Part 1 throws the committed corpus (each kind's testdata/hostile/ and tests/hostile/any/), the generated cases
(tests/hostile_cases.py: limits, deep JSON, long arguments, bad option
values) and `--mutants` random mutations per kind of valid puzzles and of the
corpus at the command line (in-process, `--timeout 2`) and at
`numberplay.parse`. A clean answer is a result or bad input as the README
promises (exit 2 and one `error:` line; PuzzleError, or TypeError for a
non-str text); anything else is listed.

Part 2 runs long commands in fresh processes with `--timeout T` and prints
the wall time, the overrun (wall - T) and the interpreter start-up measured
in the same run (`python -c "import numberplay.cli"`), since the overrun
includes it.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from math import prod
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from click.testing import CliRunner  # noqa: E402

import numberplay  # noqa: E402
from hostile_cases import (  # noqa: E402
    KINDS,
    Case,
    all_cases,
    api_text,
    clean_cli,
    cli_args,
)
from numberplay.cli import build_app  # noqa: E402
from numberplay.errors import PuzzleError  # noqa: E402

VALID = {
    "crossproduct": ["rows 210 144 54 135 4 49\ncols 6615 15552 420\n",
                     '{"rows": [8, 8, 1], "cols": [8, 8, 1]}'],
    "cryptarithm": ["SEND + MORE = MONEY", "YOU = ME ^ 2", "sum(range(AA)) = BB",
                    "A < B < C and not A in {B, C}"],
    "cryptoproduct": ["GR x RG = RBR", "AB × C = DE"],
    "crossset": ["123 123 123\n123 123 123\n123 123 123\n",
                 '{"cells": [[[1, 2], [1, 2]], [[1, 2], [1, 2]]]}'],
}
PIECES = ["\x00", "²", "\u0661", "\ufeff", "\r", "{", "[", "]", "}", '"', ":", ",", "-", "+",
          "9" * 50, "NaN", "1e999", "(" * 30, "=", "==", "^", "x", "\n", " " * 10, "é", "\\u0000"]


def mutate(text: str, rng: random.Random) -> str:
    """A few random edits: insert a piece, delete or duplicate a slice, swap characters."""
    s = text
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(s) + 1)
        op = rng.randrange(4)
        if op == 0:
            s = s[:i] + rng.choice(PIECES) + s[i:]
        elif op == 1 and s:
            j = min(len(s), i + rng.randint(1, 8))
            s = s[:i] + s[j:]
        elif op == 2 and s:
            j = min(len(s), i + rng.randint(1, 20))
            s = s[:i] + s[i:j] * rng.randint(2, 50) + s[j:]
        elif s:
            k = rng.randrange(len(s))
            s = s[:k] + chr(rng.randrange(0x20, 0x3000)) + s[k + 1:]
    return s


def mutants(kind: str, n: int, rng: random.Random, corpus: list[Case]) -> list[Case]:
    """n mutations of the kind's valid puzzles and corpus texts."""
    bases = list(VALID[kind]) + [api_text(c) for c in corpus
                                 if c.kind == kind and isinstance(api_text(c), str)
                                 and len(api_text(c)) < 5000]
    return [Case(kind, f"mutant-{i}", mutate(rng.choice(bases), rng)) for i in range(n)]


def api_clean(case: Case) -> str | None:
    """None when numberplay.parse answered cleanly."""
    text = api_text(case)
    try:
        numberplay.parse(case.kind, text, **case.options)
    except PuzzleError as exc:
        if "\n" in str(exc):
            return f"PuzzleError on several lines: {str(exc)[:200]!r}"
    except TypeError as exc:
        if isinstance(text, str) or text is None:
            return f"TypeError for a str text: {exc}"
    except Exception as exc:  # noqa: BLE001 - that is what we look for
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    return None


def part1(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    app, runner = build_app(), CliRunner()
    cases = all_cases(big=not args.quick)
    corpus = [c for c in cases if "/" in c.name]
    for kind in KINDS:
        cases += mutants(kind, args.mutants, rng, corpus)
    tried: dict[tuple[str, str], int] = defaultdict(int)
    clean: dict[tuple[str, str], int] = defaultdict(int)
    problems = []
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            argv, stdin = cli_args(case, Path(tmp))
            if case.command != "generate" and "--timeout" not in case.args:
                argv += ["--timeout", "2"]
            start = time.perf_counter()
            result = runner.invoke(app, argv, input=stdin)
            took = time.perf_counter() - start
            slowest = max(slowest, (took, f"{case.kind} {case.name}"))
            problem = clean_cli(result.exit_code, result.stderr)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                problem = f"{type(result.exception).__name__}: {result.exception}"
            tried[case.kind, "cli"] += 1
            clean[case.kind, "cli"] += problem is None
            if problem:
                problems.append(f"cli {case.kind} {case.name}: {problem}")
            if case.command == "solve" and not case.args:
                problem = api_clean(case)
                tried[case.kind, "api"] += 1
                clean[case.kind, "api"] += problem is None
                if problem:
                    problems.append(f"api {case.kind} {case.name}: {problem}")
    print("## Hostile inputs: clean answers\n")
    print("| kind | CLI inputs | CLI clean | API inputs | API clean |")
    print("|---|---|---|---|---|")
    total = [0, 0, 0, 0]
    for kind in KINDS:
        row = [tried[kind, "cli"], clean[kind, "cli"], tried[kind, "api"], clean[kind, "api"]]
        total = [a + b for a, b in zip(total, row, strict=True)]
        print(f"| {kind} | {row[0]:,} | {rate(row[1], row[0])} | {row[2]:,} | "
              f"{rate(row[3], row[2])} |")
    print(f"| **all** | {total[0]:,} | {rate(total[1], total[0])} | {total[2]:,} | "
          f"{rate(total[3], total[2])} |")
    print(f"\nslowest single CLI input: {slowest[0]:.2f} s ({slowest[1]})")
    for p in problems[:40]:
        print("  NOT CLEAN:", p[:300])


def rate(good: int, n: int) -> str:
    return "–" if not n else f"{100 * good / n:.1f}%"


def _cp(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    grid = [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]
    return ("rows " + " ".join(str(prod(r)) for r in grid) + "\ncols "
            + " ".join(str(prod(grid[r][c] for r in range(n))) for c in range(n)) + "\n")


def part2(args: argparse.Namespace) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for n in (50, 100, 400):
            files[n] = Path(tmp) / f"cp{n}.txt"
            files[n].write_text(_cp(n))
        latin = Path(tmp) / "latin64.txt"
        latin.write_text("\n".join(" ".join(["."] * 64) for _ in range(64)) + "\n")
        T = args.timeout
        runs = [
            ("CrossProduct 50×50 solve", ["solve", "crossproduct", str(files[50])]),
            ("CrossProduct 50×50 explain", ["explain", "crossproduct", str(files[50])]),
            ("CrossProduct 100×100 explain --trace", ["explain", "crossproduct", str(files[100]),
                                                     "--trace"]),
            ("CrossProduct 400×400 solve", ["solve", "crossproduct", str(files[400])]),
            ("CrossProduct 400×400 explain", ["explain", "crossproduct", str(files[400])]),
            ("CrossProduct random-10x6 check --count", ["check", "crossproduct", "--example",
                                                        "random-10x6", "--count"]),
            ("Cross Set 64×64 empty, count", ["solve", "crossset", str(latin), "--count"]),
            ("cryptarithm 10 letters, count", ["solve", "cryptarithm",
                                               "ABCDE + FGHIJ == JIHGF + EDCBA", "--count"]),
            ("cryptarithm 2,000-operator sum, count", ["solve", "cryptarithm",
                                                       "A" + " + A" * 1999 + " = BCDEFGHIJ",
                                                       "--count"]),
        ]
        startup = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run([py, "-c", "import numberplay.cli"], env=env, check=True)
            startup.append(time.perf_counter() - t)
        base = min(startup)
        print(f"\n## --timeout {T:g}: wall time per command (fresh process)\n")
        print(f"interpreter start-up and imports (`import numberplay.cli`, best of 3): "
              f"{base:.2f} s\n")
        print("| command | exit | wall | overrun (wall - T) | overrun after start-up "
              "| CPU time of the process |")
        print("|---|---|---|---|---|---|")
        worst = worst_cpu = 0.0
        for label, argv in runs:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            proc = subprocess.run([py, "-m", "numberplay", *argv, "--timeout", f"{T:g}"],
                                  env=env, capture_output=True, text=True)
            wall = time.perf_counter() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            over = wall - T
            worst = max(worst, over)
            worst_cpu = max(worst_cpu, cpu - T)
            print(f"| {label} | {proc.returncode} | {wall:.2f} s | {over:+.2f} s | "
                  f"{over - base:+.2f} s | {cpu:.2f} s |")
        print(f"\nworst overrun: {worst:+.2f} s wall ({worst - base:+.2f} s after start-up); "
              f"CPU time beyond T at most {worst_cpu:+.2f} s; goal <= 0.5 s")
        print(f"load average during the run: {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=300, help="random mutations per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=1.0)
    parser.add_argument("--quick", action="store_true", help="leave out the at-limit grids")
    parser.add_argument("--part", choices=["1", "2", "both"], default="both")
    args = parser.parse_args()
    if args.part in ("1", "both"):
        part1(args)
    if args.part in ("2", "both"):
        part2(args)


if __name__ == "__main__":
    main()
