"""enigma.py's documented SubstitutedSum / SubstitutedExpression examples: numberplay
against enigma.py itself on the same puzzles and options (issue 52).

    PYTHONPATH=src python benchmarks/bench_enigma_options.py [--enigma PATH/enigma.py] [--rounds 3]

The puzzles, their options and the solutions enigma.py's documentation prints are
`tests/data/enigma_substituted.json` (the test suite holds numberplay to them).
numberplay: parse and every solution, CPU time in this process. enigma.py (all
rights reserved: never copied here, only run, and only when a path to one is
given): `SubstitutedExpression` with the same expressions and options, every
solution, CPU time in this process (its expression compilation included, as
numberplay's parsing is). Both are checked against the documented solutions.
Without `--enigma` it says so and times numberplay alone. Best of `--rounds`.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numberplay  # noqa: E402
from numberplay.formula.solver import compile_puzzle  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "enigma_substituted.json"


def shown(assignment: dict[str, int]) -> str:
    return " ".join(f"{c}={d}" for c, d in sorted(assignment.items()))


def run_numberplay(case: dict[str, Any]) -> list[str]:
    compile_puzzle.cache_clear()     # each round compiles afresh, as enigma.py does
    p = numberplay.parse("cryptarithm", case["formula"], **case["options"])
    return sorted(shown(dict(s.assignment)) for s in numberplay.solutions(p))


def enigma_call(enigma: Any, case: dict[str, Any]) -> Any:
    """The SubstitutedExpression of a case (numberplay's options in enigma.py's terms)."""
    opts = case["options"]
    exprs = [case["formula"]] + ([opts["extra"]] if "extra" in opts else [])
    kw: dict[str, Any] = {"verbose": 0}
    if "base" in opts:
        kw["base"] = opts["base"]
    if "fix" in opts:
        kw["s2d"] = {c: int(d) for c, d in (part.split("=") for part in opts["fix"].split(","))}
    if "digits" in opts:
        lo, hi = map(int, opts["digits"].split("-"))
        kw["digits"] = range(lo, hi + 1)
    if "symbols" in opts:
        kw["symbols"] = opts["symbols"]
    if "invalid" in opts:
        kw["d2i"] = {int(d): letters for d, letters in
                     (spec.split(",") for spec in opts["invalid"].split(";"))}
    return enigma.SubstitutedExpression(exprs, **kw)


def run_enigma(enigma: Any, case: dict[str, Any]) -> list[str]:
    letters = set(case["solutions"][0].replace("=", " ").split()[::2])
    return sorted({shown({k: v for k, v in s.items() if k in letters})   # (its symbols
                   for s in enigma_call(enigma, case).solve()})          # not in the sum vary)


def best(fn: Any, rounds: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(rounds):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
    return min(times), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--enigma", type=Path, help="path to a fetched enigma.py")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    enigma = None
    if args.enigma:
        spec = importlib.util.spec_from_file_location("enigma", args.enigma)
        assert spec is not None and spec.loader is not None
        enigma = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(enigma)
    else:
        print("no --enigma PATH given: numberplay alone (enigma.py is not installable here)\n")
    cases = json.loads(DATA.read_text(encoding="utf-8"))
    print("| puzzle | options | solutions | numberplay | enigma.py | ratio |")
    print("|---|---|---:|---:|---:|---:|")
    total_np = total_en = 0.0
    for case in cases:
        t_np, got = best(lambda case=case: run_numberplay(case), args.rounds)
        assert got == sorted(case["solutions"]), (case["formula"], got)
        total_np += t_np
        en_cell = ratio = ""
        if enigma is not None:
            t_en, theirs = best(lambda case=case: run_enigma(enigma, case), args.rounds)
            assert theirs == sorted(case["solutions"]), (case["formula"], theirs)
            total_en += t_en
            en_cell, ratio = f"{t_en * 1000:.1f} ms", f"{t_en / t_np:.1f}x"
        opts = " ".join(f"--{k} {v}" for k, v in case["options"].items())
        print(f"| `{case['formula']}` | {opts} | {len(got)} | {t_np * 1000:.1f} ms | "
              f"{en_cell} | {ratio} |")
    line = f"\ntotal: numberplay {total_np:.3f} s"
    if enigma is not None:
        line += f", enigma.py {total_en:.3f} s, ratio {total_en / total_np:.1f}x"
    print(line + f" (CPU, best of {args.rounds}; Python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
