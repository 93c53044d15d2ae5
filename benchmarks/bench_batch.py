"""Batch runner benchmark: a generation batch on 1 and 2 worker processes and on a
local Dask cluster (wall time, speed-up), and each engine's overhead per job.

    PYTHONPATH=src python benchmarks/bench_batch.py [--jobs 300] [--kind NAME]
                                                    [--size S] [--difficulty D]

The generation batch uses --kind (default: crossproduct 4x4 easy when it is
registered, else the tests' toy subset-sum kind). The overhead is measured on trivial jobs
(counting the solutions of a tiny puzzle): (engine time - in-process time) / jobs,
after subtracting the engine's fixed start-up cost (a batch of one job):
overhead = (time of N trivial jobs - start-up - in-process time / workers) / N.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from numberplay.kinds import get_kind, kind_names  # noqa: E402
from numberplay.services.batch import load_jobs, run_batch, run_job  # noqa: E402

SMALL = {"crossproduct": {"size": "4x4", "difficulty": "easy"},  # about 50 ms each
         "toysum": {"size": "18", "difficulty": "hard", "count": 12}}


def pick_kind(name: str | None, size: str | None, difficulty: str | None) -> tuple[str, dict]:
    """(kind name, generate job fields) for the generation batch."""
    if name is None:
        name = "crossproduct" if "crossproduct" in kind_names() else "toysum"
    impl = get_kind(name)
    fields = dict(SMALL.get(impl.name, {"size": impl.default_size}))
    if size:
        fields["size"] = size
    if difficulty:
        fields["difficulty"] = difficulty
    return impl.name, fields


TRIVIAL = "numbers 1 2 3\ntarget 3"  # a tiny toy puzzle: the overhead jobs always use it


def load() -> str:
    """The 1, 5 and 15-minute load averages (other users' work skews the speed-up)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def spin(n: int) -> int:
    """Pure CPU work, for the machine's own parallel ceiling."""
    total = 0
    for i in range(n):
        total += i * i
    return total


def ceiling(n: int = 4_000_000) -> float:
    """The speed-up two bare processes get right now (1.0 on a machine busy elsewhere,
    about 2.0 on an idle 2-core machine): the bound for any 2-worker engine."""
    import multiprocessing

    start = time.perf_counter()
    spin(n)
    spin(n)
    serial = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(2) as pool:
        start = time.perf_counter()
        pool.map(spin, [n, n])
        parallel = time.perf_counter() - start
    return serial / parallel


def write(path: Path, jobs: list[dict]) -> Path:
    path.write_text("".join(json.dumps(j) + "\n" for j in jobs))
    return path


def timed_batch(jobs: Path, out: Path, **engine) -> tuple[float, float]:
    """(seconds, cores used: CPU seconds of the worker processes per wall second)."""
    out.unlink(missing_ok=True)
    before = os.times()
    start = time.perf_counter()
    run_batch(jobs, out, **engine)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    return wall, cpu / wall


def in_process(jobs: Path) -> float:
    """Seconds to run the jobs one after the other in this process (no engine)."""
    entries = [e.job for e in load_jobs(jobs) if e.job is not None]
    start = time.perf_counter()
    for job in entries:
        run_job(job)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=300)
    parser.add_argument("--trivial", type=int, default=2000, help="trivial jobs for the overhead")
    parser.add_argument("--kind", default=None)
    parser.add_argument("--size", default=None)
    parser.add_argument("--difficulty", default=None)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    import batch_toykind  # noqa: F401  (the trivial jobs use the toy kind)

    kind, fields = pick_kind(args.kind, args.size, args.difficulty)
    engines = [("processes, 1 worker", {"workers": 1}), ("processes, 2 workers", {"workers": 2})]
    if not args.no_dask:
        engines.append(("Dask LocalCluster, 2 workers", {"workers": 2, "scheduler": "local"}))
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        gen = write(tmp / "gen.jsonl", [{"id": f"g{i}", "kind": kind, "op": "generate",
                                         "seed": i, **fields} for i in range(args.jobs)])
        trivial = write(tmp / "trivial.jsonl", [
            {"id": f"t{i}", "kind": "toysum", "op": "count", "input": TRIVIAL}
            for i in range(args.trivial)])
        one = write(tmp / "one.jsonl", [{"id": "t", "kind": "toysum", "op": "count",
                                         "input": TRIVIAL}])
        serial_gen = in_process(gen)
        serial_trivial = in_process(trivial)
        print(f"generation batch: {args.jobs} jobs of {kind} {fields}; "
              f"in process, one after the other: {serial_gen:.2f} s")
        print(f"trivial jobs: {args.trivial}; in process: "
              f"{1e3 * serial_trivial / args.trivial:.3f} ms/job")
        print(f"load average before: {load()} ({os.cpu_count()} cores); "
              f"two bare processes: {ceiling():.2f}x speed-up")
        print()
        print("| engine | generation batch (s) | speed-up vs 1 worker | start-up (s) "
              "| speed-up without start-up | cores used by workers | overhead per job (ms) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        base = None
        for label, engine in engines:
            runs = sorted(timed_batch(gen, tmp / "out.jsonl", **engine) for _ in range(args.repeat))
            wall, cores = runs[len(runs) // 2]
            startup = timed_batch(one, tmp / "out.jsonl", **engine)[0]
            many = timed_batch(trivial, tmp / "out.jsonl", **engine)[0]
            # the wall time per job beyond the jobs' own work shared among the workers
            overhead = (many - startup - serial_trivial / engine["workers"]) / args.trivial
            base = base or wall
            print(f"| {label} | {wall:.2f} | {base / wall:.2f}x | {startup:.2f} "
                  f"| {base / max(1e-9, wall - startup):.2f}x | {cores:.2f} "
                  f"| {1e3 * overhead:.2f} |")
        print(f"\nload average after: {load()}; two bare processes: {ceiling():.2f}x speed-up")


if __name__ == "__main__":
    main()
