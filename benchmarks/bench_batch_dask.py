"""Dask against the process pool, side by side: the same generation batch on the
pool and on a local Dask cluster of as many workers, its start included,
alternating round by round (issue 61).

    python benchmarks/bench_batch_dask.py [--jobs 350] [--workers 2] [--rounds 3]
        [--kinds keen:9,crossset:9,crossproduct:6x6,cryptarithm] [--difficulty hard]
        [--before PYTHON] [--one-worker]

On a many-core machine (the goal of issue 61: Dask >= 0.9x the pool at 16
workers on 128 and on 512 jobs, the pool >= 12x one worker):

    python benchmarks/bench_batch_dask.py --workers 16 --jobs 128,512 --rounds 3 --one-worker

Each measurement is a fresh process that runs one batch with `run_batch` and
reports its wall time, the CPU time of itself and of every process it started
(workers, a cluster's scheduler and nannies: all waited for), and the seconds
the engine took to start (`BatchSummary.startup`: the local cluster's start).
The jobs: generations of --kinds in turn (`kind:size`), seeds 0..N-1, at
--difficulty. `--before PYTHON`: a Dask run with another interpreter too (a
venv with an older numberplay installed), in the same rounds. Prints every
round, then per engine the median wall and its spread (min-max), and the ratio
the goal reads: the pool's wall / the engine's wall, median and spread of the
rounds' ratios. Also checks that every engine wrote the same lines.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, resource, sys, time
from numberplay.services.batch import run_batch
start = time.perf_counter()
summary = run_batch(sys.argv[1], sys.argv[2], workers=int(sys.argv[3]),
                    scheduler=sys.argv[4] or None)
wall = time.perf_counter() - start
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "startup": getattr(summary, "startup", None), "failed": summary.failed,
                  "ran": summary.ran}))
"""


def jobs_file(path: Path, count: int, kinds: list[str], difficulty: str) -> Path:
    lines = []
    for i in range(count):
        kind, _, size = kinds[i % len(kinds)].partition(":")
        job = {"id": f"g{i}", "kind": kind, "op": "generate", "seed": i,
               "difficulty": difficulty}
        if size:
            job["size"] = size
        lines.append(json.dumps(job))
    path.write_text("\n".join(lines) + "\n")
    return path


def measure(python: str, src: str | None, jobs: Path, out: Path, workers: int,
            scheduler: str) -> dict:
    """One batch in a fresh process: wall, CPU (children included), start-up."""
    out.unlink(missing_ok=True)
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    done = subprocess.run([python, "-c", RUN, str(jobs), str(out), str(workers), scheduler],
                          capture_output=True, text=True, env=env, cwd=out.parent)
    if done.returncode:
        raise SystemExit(f"{python} failed:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["lines"] = sorted(out.read_text().splitlines())
    return result


def spread(values: list[float]) -> str:
    return (f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"
            if values else "-")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", default="350", help="jobs per batch; several: 128,512")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kinds", default="keen:9,crossset:9,crossproduct:6x6,cryptarithm")
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--before", default=None, help="another Python whose Dask run is shown too")
    parser.add_argument("--one-worker", action="store_true", help="the pool at 1 worker too")
    args = parser.parse_args()
    src = str(ROOT / "src")
    engines = [("pool", sys.executable, src, args.workers, ""),
               ("dask", sys.executable, src, args.workers, "local")]
    if args.before:
        engines.append(("dask before", args.before, None, args.workers, "local"))
    if args.one_worker:
        engines.append(("pool, 1 worker", sys.executable, src, 1, ""))
    print(f"{os.cpu_count()} cores, load {' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
          f"{args.workers} workers; kinds {args.kinds}, {args.difficulty}; "
          f"{args.rounds} rounds, engines alternating\n")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for count in (int(n) for n in args.jobs.split(",")):
            jobs = jobs_file(tmp / f"jobs{count}.jsonl", count, args.kinds.split(","),
                             args.difficulty)
            runs: dict[str, list[dict]] = {label: [] for label, *_ in engines}
            print(f"### {count} jobs\n")
            print("| round | engine | wall (s) | CPU, children included (s) | start-up (s) "
                  "| pool's wall / this wall |")
            print("|---|---|---:|---:|---:|---:|")
            for round_no in range(1, args.rounds + 1):
                order = engines if round_no % 2 else engines[::-1]
                for label, python, path, workers, scheduler in order:
                    runs[label].append(measure(python, path, jobs, tmp / "out.jsonl",
                                               workers, scheduler))
                pool = runs["pool"][-1]["wall"]
                for label, *_ in engines:
                    r = runs[label][-1]
                    startup = "-" if r["startup"] is None else f"{r['startup']:.2f}"
                    print(f"| {round_no} | {label} | {r['wall']:.2f} | {r['cpu']:.2f} "
                          f"| {startup} | {pool / r['wall']:.2f}x |")
            print("\n| engine | wall, median (min-max) | CPU, median (min-max) "
                  "| pool's wall / this wall, median of rounds (min-max) |")
            print("|---|---:|---:|---:|")
            for label, *_ in engines:
                ratios = [p["wall"] / r["wall"] for p, r in zip(runs["pool"], runs[label],
                                                                 strict=True)]
                print(f"| {label} | {spread([r['wall'] for r in runs[label]])} "
                      f"| {spread([r['cpu'] for r in runs[label]])} | {spread(ratios)}x |")
            reference = runs["pool"][0]["lines"]
            same = all(r["lines"] == reference for rs in runs.values() for r in rs)
            failed = sum(r["failed"] for rs in runs.values() for r in rs)
            print(f"\nevery run wrote the same {len(reference)} lines: "
                  f"{'yes' if same else 'NO'}; failed jobs: {failed}\n")


if __name__ == "__main__":
    main()
