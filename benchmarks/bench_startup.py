"""Start-up of the command line and of `import numberplay`, against Python's own start.

    python benchmarks/bench_startup.py [--runs 21] [--script PATH] [--before SRC]

Runs each command as a whole process, in turns (one run of each, then the next
round, so load on a shared machine falls on all of them alike), and prints the
median and worst wall time and the median CPU time (user + system of the child)
of each, and each median as a multiple of `python -c pass` measured in the same
run:

- `python -c pass`: the interpreter alone (the unit);
- `python -c "import numberplay"`;
- `numberplay solve cryptarithm "SEND + MORE = MONEY"` through the console script
  (`numberplay` beside this Python, or `--script`), as users run it;
- `numberplay --version` and `numberplay solve cryptarithm --help`.

`--before SRC` also times the import and the solve from another source tree
(an export of an earlier commit, with its compiled cores copied in), on
PYTHONPATH, in the same rounds: the "before" rows.

Goals: the solve ≤ 5× (issue 45; 6× in issue 39), the import ≤ 3× (median wall,
same run). Python's own start must be Python's alone: a `.pth` file of the
machine's site-packages that imports modules at start-up (certifi's, say) makes
`python -c pass` do part of numberplay's work and flatters every ratio; time
from a virtual environment without such files (`--script` its console script). The
children run with their bytecode cached, as an installed package does (the
first round writes the cache of a source checkout; PYTHONDONTWRITEBYTECODE is
left out of their environment).
Every command must succeed; a failing one stops the script.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

GOALS = {"import numberplay": 3.0, "solve SEND + MORE = MONEY": 5.0}


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


# The children run as an installed package does: with their bytecode cached
# (PYTHONDONTWRITEBYTECODE would make every run compile every module again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one whole process."""
    cpu = children_cpu()
    t = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          env=env or ENV)
    wall = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): "
                         f"{done.stderr.decode(errors='replace')[-500:]}")
    return wall, children_cpu() - cpu


def script_path(given: str | None) -> str:
    """The console script: --script, else `numberplay` beside this Python, else on PATH."""
    if given:
        return given
    beside = Path(sys.executable).with_name("numberplay")
    if beside.exists():
        return str(beside)
    found = shutil.which("numberplay")
    if found is None:
        raise SystemExit("no `numberplay` console script found: pip install -e . or --script")
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    ap.add_argument("--script", help="the numberplay console script to time")
    ap.add_argument("--before", metavar="SRC", help="a source tree to time as well (before)")
    args = ap.parse_args()
    script = script_path(args.script)
    py = sys.executable
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "import numberplay": [py, "-c", "import numberplay"],
        "solve SEND + MORE = MONEY": [script, "solve", "cryptarithm", "SEND + MORE = MONEY"],
        "--version": [script, "--version"],
        "solve cryptarithm --help": [script, "solve", "cryptarithm", "--help"],
    }
    envs: dict[str, dict[str, str] | None] = dict.fromkeys(commands)
    if args.before:
        before = dict(ENV, PYTHONPATH=str(Path(args.before).resolve()))
        for name in ("import numberplay", "solve SEND + MORE = MONEY"):
            commands[f"before: {name}"] = commands[name]
            envs[f"before: {name}"] = before
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for name, argv in commands.items():   # warm the caches (bytecode files, page cache) once
        run_once(argv, envs[name])
    for _ in range(args.runs):
        for name, argv in commands.items():
            times[name].append(run_once(argv, envs[name]))
    unit = statistics.median(w for w, _ in times["python -c pass"])
    unit_cpu = statistics.median(c for _, c in times["python -c pass"])
    print(f"{args.runs} runs each, in turns; console script {Path(script).name}; "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print("| command | median wall ms | worst wall ms | median CPU ms | wall / python -c pass "
          "| CPU / python -c pass | goal |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, rows in times.items():
        wall = statistics.median(w for w, _ in rows)
        cpu = statistics.median(c for _, c in rows)
        goal = GOALS.get(name)
        met = "" if goal is None else f"≤ {goal:g}× {'met' if wall / unit <= goal else 'NOT met'}"
        print(f"| {name} | {wall * 1000:.1f} | {max(w for w, _ in rows) * 1000:.1f} | "
              f"{cpu * 1000:.1f} | {wall / unit:.2f}× | {cpu / unit_cpu:.2f}× | {met} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
