"""The batch's process pool, two source trees side by side, in CPU time: what the
pool costs to start, and per job, with its workers counted (issue 39).

    python benchmarks/bench_batch_ab.py --a OLD/src --b src [--rounds 3] [--workers 2]

Each measurement is a fresh process that runs one batch with `run_batch` and
reports the CPU time (user + system) of itself and of its worker processes,
and its wall time. The batches: one trivial job per worker (the pool's start-up), 1,000
trivial jobs (counting the solutions of a tiny puzzle of the tests' toy kind:
the pool's cost per job) and 100 generations (CrossProduct 4x4 easy, about
15 ms each: real work). A and B alternate, round by round; per-job CPU is
(batch - start-up) / jobs. Prints one table with every round, then the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRIVIAL = "numbers 1 2 3\ntarget 3"

RUN = """
import json, os, resource, sys, time
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import batch_toykind  # noqa: F401
from numberplay.services.batch import run_batch
start = time.perf_counter()
run_batch(sys.argv[3], sys.argv[4], workers=int(sys.argv[5]))
wall = time.perf_counter() - start
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "workers": kids.ru_utime + kids.ru_stime, "wall": wall}))
"""


def write(path: Path, jobs: list[dict]) -> Path:
    path.write_text("".join(json.dumps(j) + "\n" for j in jobs))
    return path


def measure(src: str, jobs: Path, out: Path, workers: int) -> dict[str, float]:
    """CPU and wall seconds of one batch run in a fresh process on tree `src`."""
    out.unlink(missing_ok=True)
    done = subprocess.run([sys.executable, "-c", RUN, src, str(ROOT / "tests"), str(jobs),
                           str(out), str(workers)], capture_output=True, text=True, check=True,
                          cwd=out.parent)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="the first source tree (its src folder)")
    parser.add_argument("--b", required=True, help="the second source tree")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--trivial", type=int, default=1000)
    parser.add_argument("--generate", type=int, default=100)
    args = parser.parse_args()
    rows: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        one = write(tmp / "one.jsonl", [{"id": i, "kind": "toysum", "op": "count",
                                          "input": TRIVIAL} for i in range(args.workers)])
        trivial = write(tmp / "trivial.jsonl", [
            {"id": i, "kind": "toysum", "op": "count", "input": TRIVIAL}
            for i in range(args.trivial)])
        gen = write(tmp / "gen.jsonl", [
            {"id": f"g{i}", "kind": "crossproduct", "op": "generate", "size": "4x4",
             "difficulty": "easy", "seed": i} for i in range(args.generate)])
        print("| round | tree | start-up CPU (s) | trivial: CPU per job (ms) | trivial: wall (s) "
              "| generate: CPU per job (ms) | generate: wall (s) |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for round_no in range(1, args.rounds + 1):
            for side, src in (("A", args.a), ("B", args.b)):
                start = measure(src, one, tmp / "r.jsonl", args.workers)
                small = measure(src, trivial, tmp / "r.jsonl", args.workers)
                work = measure(src, gen, tmp / "r.jsonl", args.workers)
                row = {"start": start["cpu"],
                       "trivial": 1e3 * (small["cpu"] - start["cpu"]) / args.trivial,
                       "trivial_wall": small["wall"],
                       "generate": 1e3 * (work["cpu"] - start["cpu"]) / args.generate,
                       "generate_wall": work["wall"]}
                rows[side].append(row)
                print(f"| {round_no} | {side} | {row['start']:.2f} | {row['trivial']:.3f} | "
                      f"{row['trivial_wall']:.2f} | {row['generate']:.2f} | "
                      f"{row['generate_wall']:.2f} |", flush=True)
    print()
    print("| median | start-up CPU (s) | trivial: CPU per job (ms) | generate: CPU per job (ms) "
          "| generate: wall (s) |")
    print("|---|---:|---:|---:|---:|")
    for side in ("A", "B"):
        med = {k: statistics.median(r[k] for r in rows[side]) for k in rows[side][0]}
        print(f"| {side} | {med['start']:.2f} | {med['trivial']:.3f} | {med['generate']:.2f} | "
              f"{med['generate_wall']:.2f} |")
    ratio = {k: statistics.median(b[k] / a[k] for a, b in zip(rows["A"], rows["B"], strict=True))
             for k in ("start", "trivial", "generate")}
    print(f"\nB/A, median of the rounds' ratios: start-up {ratio['start']:.2f}x, "
          f"per trivial job {ratio['trivial']:.2f}x, per generation {ratio['generate']:.2f}x")


if __name__ == "__main__":
    main()
