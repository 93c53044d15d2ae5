"""Every size and difficulty a kind offers is made, or refused up front (issue 53).

    PYTHONPATH=src python benchmarks/bench_sizes.py [--kind K ...] [--seeds 8]
        [--max-size 6] [--timeout 300] [--size S ...] [--only SIZE:DIFFICULTY ...]
        [--refusals]

For every kind, every size from its smallest to --max-size (grids: N for Keen and
Cross Set, NxN and the 1xN, 2xN, Nx2 rectangles for CrossProduct; the kinds without
a size: their default) and every difficulty its size table (`Kind.offers`) gives
that size: seeds 1..--seeds, each generated under a --timeout budget (the CLI's
default, 300 s), then graded again by the kernel (`Kind.grade`, what explain says)
and counted (exactly one solution). A row: made of seeds at exactly that grade, the
CPU seconds of one puzzle (median, worst). --refusals: every combination a size
lacks, asked of the command line (`numberplay generate`): its exit code, wall time
and CPU time, start-up included (the goal: exit 2 in under 0.5 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from numberplay.api import generate_full  # noqa: E402
from numberplay.budget import Budget  # noqa: E402
from numberplay.errors import BudgetExceeded, GenerationError  # noqa: E402
from numberplay.kinds import all_kinds, get_kind  # noqa: E402

SMALLEST = {"keen": 3}


def sizes(kind: str, top: int) -> list[str | None]:
    """The sizes of the table: smallest to `top`."""
    impl = get_kind(kind)
    if not impl.size_help or impl.default_size is None:
        return [None]
    if kind == "crossproduct":
        square = [f"{n}x{n}" for n in range(1, top + 1)]
        return square + [f"{r}x{c}" for r, c in ((1, top), (2, 3), (3, 2), (2, top), (top, 2),
                                                  (3, 4))]
    return [str(n) for n in range(SMALLEST.get(kind, 1), top + 1)]


def one(kind: str, size: str | None, difficulty: str, seed: int,
        timeout: float) -> tuple[str, float]:
    """(outcome, CPU seconds) of one seed: "ok", "budget", "failed" or "wrong GRADE"."""
    impl = get_kind(kind)
    start = time.process_time()
    try:
        g = generate_full(kind, size=size, difficulty=difficulty, seed=seed,
                          budget=Budget(seconds=timeout))
    except BudgetExceeded:
        return "budget", time.process_time() - start
    except GenerationError:
        return "failed", time.process_time() - start
    spent = time.process_time() - start
    grade = impl.grade(g.puzzle)
    unique = len(list(impl.solutions(g.puzzle, limit=2))) == 1
    if grade != difficulty or g.difficulty != difficulty or not unique:
        return f"wrong {grade}{'' if unique else ' not unique'}", spent
    return "ok", spent


def made(kinds: list[str], seeds: int, top: int, timeout: float, only: set[str],
         asked: list[str] | None = None) -> None:
    print(f"{'kind':<13} {'size':<6} {'difficulty':<13} {'made':>5} {'median s':>9} "
          f"{'worst s':>8}  other outcomes")
    for kind in kinds:
        impl = get_kind(kind)
        for size in asked or sizes(kind, top):
            checked = impl.check_size(size) if size is not None else None
            for difficulty in impl.difficulties_at(checked):
                if only and f"{size}:{difficulty}" not in only:
                    continue
                outcomes, times = [], []
                for seed in range(1, seeds + 1):
                    outcome, spent = one(kind, size, difficulty, seed, timeout)
                    outcomes.append(outcome)
                    times.append(spent)
                ok = outcomes.count("ok")
                other = sorted({o for o in outcomes if o != "ok"})
                print(f"{kind:<13} {size or '-':<6} {difficulty:<13} {ok:>3}/{seeds} "
                      f"{statistics.median(times):>9.3f} {max(times):>8.3f}  "
                      f"{', '.join(other)}", flush=True)


def refusals(kinds: list[str], top: int) -> None:
    exe = Path(sys.executable).parent / "numberplay"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "numberplay"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    print(f"{'kind':<13} {'size':<6} {'difficulty':<13} {'exit':>4} {'wall s':>7} {'CPU s':>6}"
          "  line")
    for kind in kinds:
        impl = get_kind(kind)
        for size in sizes(kind, top):
            if size is None:
                continue
            have = impl.difficulties_at(impl.check_size(size))
            for difficulty in impl.difficulties:
                if difficulty in have:
                    continue
                start, before = time.perf_counter(), _children()
                done = subprocess.run([*command, "generate", kind, "--size", size,
                                       "--difficulty", difficulty, "--seed", "1"],
                                      capture_output=True, text=True, env=env)
                wall, cpu = time.perf_counter() - start, _children() - before
                line = (done.stderr or done.stdout).strip().splitlines()
                print(f"{kind:<13} {size:<6} {difficulty:<13} {done.returncode:>4} "
                      f"{wall:>7.3f} {cpu:>6.3f}  {line[0][:50] if line else ''}", flush=True)


def _children() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    import resource
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", action="append", help="a kind (default: every kind)")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--max-size", type=int, default=6)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--only", action="append", default=[], help="SIZE:DIFFICULTY rows only")
    ap.add_argument("--size", action="append", help="these sizes (default: the table's)")
    ap.add_argument("--refusals", action="store_true",
                    help="time the refusals instead of making puzzles")
    a = ap.parse_args()
    kinds = [get_kind(k).name for k in a.kind] if a.kind else [k.name for k in all_kinds()]
    if a.refusals:
        refusals(kinds, a.max_size)
    else:
        made(kinds, a.seeds, a.max_size, a.timeout, set(a.only), a.size)


if __name__ == "__main__":
    main()
