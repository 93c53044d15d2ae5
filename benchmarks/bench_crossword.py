"""Crossword grids from a long list: `--count 5 --seed 1`, the grids built from
drawn solutions (now) against the shuffled walk of the tree (before), same run.

    PYTHONPATH=src python benchmarks/bench_crossword.py [--count 5] [--seed 1] [--walk-limit 60]

The word list is rebuilt from cryptator's crossword samples
(`crosswords/samples.db.txt` of its `cryptarithms/`, a checkout beside this
project or $NUMBERPLAY_CRYPTATOR; every word the file uses). Prints the CPU
seconds to the N-th grid for each way (the walk stopped after `--walk-limit`
CPU seconds, reported), whether both ways agree with and without the compiled
core, and the load. Nothing of cryptator is stored in the project.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from numberplay.cryptarithm.crossword import Tally, grids, sampled_grids  # noqa: E402
from numberplay.formula import products as P  # noqa: E402

DEFAULT = Path(os.environ.get("NUMBERPLAY_CRYPTATOR", HERE.parents[1] / "cryptator" / "src"
                              / "main" / "cryptarithms"))


class Stop(Exception):
    """The walk's CPU limit."""


def words_of(path: Path) -> list[str]:
    """Every word the file uses, in order of first use, upper case."""
    out: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        for w in re.findall(r"[A-Za-z]+", line):
            if w.upper() not in out:
                out.append(w.upper())
    return out


def timed(make, count: int, limit: float) -> tuple[float, int, list[str]]:
    """(CPU seconds, grids found, their formulas) for the first `count` grids."""
    start = time.process_time()

    def tick(_: Tally) -> None:
        if time.process_time() - start > limit:
            raise Stop
    got: list[str] = []
    try:
        for g in itertools.islice(make(tick), count):
            got.append(g.formula)
    except Stop:
        pass
    return time.process_time() - start, len(got), got


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=DEFAULT)
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--walk-limit", type=float, default=60.0)
    a = ap.parse_args()
    path = a.data / "crosswords" / "samples.db.txt"
    if not path.exists():
        print(f"cryptator's crossword samples are not at {path}: set NUMBERPLAY_CRYPTATOR")
        return 0
    words = words_of(path)
    key = f"crossword:{a.seed}"

    def sampled(tick):
        return sampled_grids(words, "+", 10, random.Random(key), progress=tick)

    def walk(tick):
        return grids(words, "+", 10, rng=random.Random(key), progress=tick)
    print(f"{len(words)} words, --count {a.count} --seed {a.seed}, load {os.getloadavg()[0]:.2f}")
    print("| way | CPU s | grids |")
    print("|---|---|---|")
    rows = [("drawn solutions (now)", timed(sampled, a.count, a.walk_limit)),
            ("shuffled walk (before)", timed(walk, a.count, a.walk_limit))]
    for name, (cpu, n, _) in rows:
        print(f"| {name} | {cpu:.2f}{'+' if n < a.count else ''} | {n} |")
    compiled = P._compiled
    P._compiled = None
    try:
        again = timed(sampled, a.count, a.walk_limit)
    finally:
        P._compiled = compiled
    print(f"same grids without the compiled core: {again[2] == rows[0][1][2]} "
          f"({again[0]:.2f} s CPU)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
