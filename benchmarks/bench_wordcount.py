"""The word-list generator's column search alone (`WordList.decide` over every
candidate of a list), this tree against another build, compiled and pure Python.

    python benchmarks/bench_wordcount.py --before OLD/.venv/bin/python \\
        --crypt-words /path/to/crypt/words

Each run is a process of its own (`--worker`): the numberplay its interpreter
imports reads a list, makes every set of addends and its candidate sums (not
timed), then decides them all (timed, CPU, best of `--repeat`). `--before` names
the interpreter of another build (today's main with its hand C `_wordcount.c`,
say); its runs use the same lists. The pure-Python runs (NUMBERPLAY_PURE=1: every
numberplay module from its source, hand C refused) take the short lists only.
The candidates found and the nodes searched must be the same in every run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OWN = [("greek.txt", 3), ("computing.txt", 2), ("animals.txt", 2)]
CRYPT = [("alpha.txt", 3), ("computer.txt", 2), ("city-jp.txt", 3), ("fruit.txt", 3)]
SHORT = {"greek.txt", "computing.txt", "alpha.txt", "computer.txt"}


def worker(path: str, k: int, repeat: int) -> None:
    from numberplay.cryptarithm import wordlist as W
    words = W.WordList(W.load_words(path))
    groups = []
    for combo in words.addend_sets(k):
        sums, _ = words.sums_for(combo)
        if sums:
            groups.append((combo, sums))
    best = float("inf")
    for _ in range(repeat):
        found, nodes = [], 0
        t0 = time.process_time()
        for combo, sums in groups:
            f, _, n = words.decide(combo, sums)
            found += [(combo, j) for j, _ in f]
            nodes += n
        best = min(best, time.process_time() - t0)
    print(json.dumps({"cpu": best, "found": len(found), "nodes": nodes,
                      "candidates": sum(len(s) for _, s in groups)}))


def run(python: str, path: Path, k: int, pure: bool, repeat: int) -> dict:
    env = {**os.environ}
    env.pop("NUMBERPLAY_PURE", None)
    if pure:
        env["NUMBERPLAY_PURE"] = "1"
    out = subprocess.run([python, __file__, "--worker", str(path), str(k), str(repeat)],
                         capture_output=True, text=True, env=env, check=True, cwd="/")
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="the interpreter of the build to compare with")
    ap.add_argument("--crypt-words", help="crypt 1.4's words/ folder")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-pure", action="store_true", help="skip the pure-Python runs")
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), int(args.worker[2]))
        return
    configs = [(HERE / "wordlists" / name, k) for name, k in OWN]
    if args.crypt_words:
        configs += [(Path(args.crypt_words) / name, k) for name, k in CRYPT]
    now = sys.executable
    print("| list | k | candidates | found | nodes | before CPU | after CPU | after / before "
          "| pure before | pure after | pure after / before |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path, k in configs:
        after = run(now, path, k, False, args.repeat)
        before = run(args.before, path, k, False, args.repeat) if args.before else None
        cells = [path.name, str(k), f"{after['candidates']:,}", str(after["found"]),
                 f"{after['nodes']:,}"]
        if before:
            assert (before["found"], before["nodes"]) == (after["found"], after["nodes"]), path
            cells += [f"{before['cpu']:.3f} s", f"{after['cpu']:.3f} s",
                      f"{after['cpu'] / before['cpu']:.2f}"]
        else:
            cells += ["", f"{after['cpu']:.3f} s", ""]
        if not args.no_pure and path.name in SHORT:
            pa = run(now, path, k, True, 1)
            assert (pa["found"], pa["nodes"]) == (after["found"], after["nodes"]), path
            pb = run(args.before, path, k, True, 1) if args.before else None
            cells += [f"{pb['cpu']:.2f} s" if pb else "", f"{pa['cpu']:.2f} s",
                      f"{pa['cpu'] / pb['cpu']:.2f}" if pb else ""]
        else:
            cells += ["", "", ""]
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
