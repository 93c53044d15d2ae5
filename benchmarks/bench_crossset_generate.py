"""Cross Set "search"-grade generation time by order: the tail, not just the median.

For each order and seed, times `generate_masks(n, search)` twice in one run:
  now     - tries under a growing node cap, the decoy range moving with the outcome
  before  - the earlier strategy (2-5 decoys a cell, no cap), under --cap seconds
and prints median, worst and total per order. A "before" run stopped by the cap
counts as the cap (so its figures are lower bounds).

    PYTHONPATH=src python benchmarks/bench_crossset_generate.py --orders 12 15 20 25 --seeds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from numberplay.budget import Budget
from numberplay.crossset import generate as G
from numberplay.errors import BudgetExceeded


def one(n: int, seed: int, cap: float | None) -> tuple[float, bool]:
    start = time.process_time()
    try:
        G.generate_masks(n, G.SEARCH, random.Random(seed), Budget(seconds=cap))
        return time.process_time() - start, True
    except BudgetExceeded:
        return time.process_time() - start, False


def before(n: int, seed: int, cap: float) -> tuple[float, bool]:
    saved = G.SEARCH_DECOYS, G.FIRST_CAP
    G.SEARCH_DECOYS, G.FIRST_CAP = [G.DECOYS[G.SEARCH]], 10**15
    try:
        return one(n, seed, cap)
    finally:
        G.SEARCH_DECOYS, G.FIRST_CAP = saved


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--orders", type=int, nargs="+", default=[12, 15, 20, 25])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--cap", type=float, default=60.0, help="seconds per 'before' run")
    args = ap.parse_args()
    print(f"{'order':>5} | {'now: median':>11} {'worst':>7} {'total':>7} | "
          f"{'before: median':>14} {'worst':>8} {'total':>8} {'capped':>6}")
    for n in args.orders:
        now = [one(n, s, None)[0] for s in range(args.seeds)]
        old = [before(n, s, args.cap) for s in range(args.seeds)]
        times = [t for t, _ in old]
        capped = sum(not ok for _, ok in old)
        mark = "≥" if capped else ""
        print(f"{n:>5} | {statistics.median(now):>10.2f}s {max(now):>6.2f}s {sum(now):>6.1f}s | "
              f"{mark}{statistics.median(times):>13.2f}s {mark}{max(times):>7.2f}s "
              f"{mark}{sum(times):>7.1f}s {capped:>6}")
    print("CPU seconds (time.process_time), one process, C core when built.")


if __name__ == "__main__":
    main()
