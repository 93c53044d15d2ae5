"""Every alphametic in a word list: numberplay's `--all` run, candidates per second,
side by side with Naoyuki Tamura's crypt 1.4 when its binary is given.

    PYTHONPATH=src python benchmarks/bench_wordlist.py
    PYTHONPATH=src python benchmarks/bench_wordlist.py --crypt /path/to/crypt \\
        --crypt-words /path/to/crypt/words

numberplay runs on three lists of its own (benchmarks/wordlists/), and with
`--crypt-words` also on crypt's alpha (3 addends), computer (2) and city-jp (3)
lists. With `--crypt`, the crypt binary (built by you from its source; nothing
here builds it) is fed the candidates its `fcrypt` driver would send (`unique 1`,
then every sorted set of k distinct words with, as the sum, every word at least as
long as the longest addend) and its unique puzzles are compared with numberplay's.

Times: numberplay's whole run in this process (reading the list, filtering,
deciding), wall and CPU, once alone and once over a 2-process pool (CPU then
includes the workers); crypt's wall time and the CPU time it reports itself.
Only ratios measured in the same run mean anything on a shared machine.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from numberplay.cryptarithm import wordlist as W  # noqa: E402

OWN = [("greek.txt", 3), ("computing.txt", 2), ("animals.txt", 2)]
CRYPT_LISTS = [("alpha.txt", 3), ("computer.txt", 2), ("city-jp.txt", 3)]


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_numberplay(path: Path, k: int, workers: int = 1) -> dict:
    cpu0, kids0, t0 = time.process_time(), children_cpu(), time.perf_counter()
    words = W.WordList(W.load_words(str(path)))
    tally = W.Tally()
    found = list(W.every_unique(words, (k, k), tally=tally, workers=workers))
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0 + children_cpu() - kids0
    return {"wall": wall, "cpu": cpu, "examined": tally.examined, "skipped": tally.skipped,
            "found": {(tuple(sorted(f.addends)), f.total) for f in found},
            "undecided": tally.undecided}


def crypt_words(path: Path) -> list[str]:
    """The words as fcrypt reads them: split on non-word characters, upper-cased, sorted."""
    words = set()
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0]
        words.update(w.upper() for w in re.split(r"\W+", line) if w)
    return sorted(words)


def run_crypt(binary: str, path: Path, k: int) -> dict:
    words = crypt_words(path)
    lines = ["unique 1"]
    for combo in itertools.combinations(words, k):
        longest = max(map(len, combo))
        prefix = " ".join(combo) + " "
        lines.extend(prefix + s for s in words if len(s) >= longest)
    data = ("\n".join(lines) + "\n").encode()
    kids0, t0 = children_cpu(), time.perf_counter()
    out = subprocess.run([binary], input=data, capture_output=True, check=True).stdout.decode()
    wall = time.perf_counter() - t0
    cpu = children_cpu() - kids0
    found = set()
    for m in re.finditer(r"^([A-Za-z0-9+]+)=([A-Za-z0-9]+) \(", out, re.M):
        found.add((tuple(sorted(m.group(1).split("+"))), m.group(2)))
    own = re.search(r"Total time = (\d+) msec", out)
    return {"wall": wall, "cpu": cpu, "examined": len(lines) - 1, "found": found,
            "reported": int(own.group(1)) / 1000 if own else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crypt", help="path to a crypt 1.4 binary (built by you)")
    ap.add_argument("--crypt-words", help="crypt's words/ folder (alpha.txt, computer.txt, ...)")
    ap.add_argument("--workers", type=int, default=2, help="processes for the pool run")
    args = ap.parse_args()
    configs = [(HERE / "wordlists" / name, k) for name, k in OWN]
    if args.crypt_words:
        configs += [(Path(args.crypt_words) / name, k) for name, k in CRYPT_LISTS]
    print(f"compiled core: {'yes' if W.has_compiled_core() else 'NO (pure Python)'}; "
          f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}\n")
    head = ("| list | k | candidates | found | numberplay wall / CPU | candidates/s "
            f"| pool of {args.workers}: wall / CPU |")
    rule = "|---|---|---|---|---|---|---|"
    if args.crypt:
        head += (" crypt candidates | crypt wall / own CPU | crypt candidates/s "
                 "| crypt / numberplay (wall) | same sets |")
        rule += "---|---|---|---|---|"
    print(head)
    print(rule)
    totals = {"np": 0.0, "crypt": 0.0}
    for path, k in configs:
        alone = run_numberplay(path, k)
        pool = run_numberplay(path, k, workers=args.workers)
        assert pool["found"] == alone["found"]
        rate = alone["examined"] / alone["wall"] if alone["wall"] else float("inf")
        row = (f"| {path.name} ({len(W.load_words(str(path)))} words) | {k} "
               f"| {alone['examined']:,} | {len(alone['found'])} "
               f"| {alone['wall']:.3f} s / {alone['cpu']:.3f} s | {rate:,.0f} "
               f"| {pool['wall']:.3f} s / {pool['cpu']:.3f} s |")
        totals["np"] += alone["wall"]
        if args.crypt:
            c = run_crypt(args.crypt, path, k)
            totals["crypt"] += c["wall"]
            same = "yes" if c["found"] == alone["found"] else \
                f"NO (+{len(alone['found'] - c['found'])} / -{len(c['found'] - alone['found'])})"
            row += (f" {c['examined']:,} | {c['wall']:.3f} s / {c['reported']:.3f} s "
                    f"| {c['examined'] / c['wall']:,.0f} "
                    f"| {c['wall'] / alone['wall']:.1f}x | {same} |")
        print(row, flush=True)
    if args.crypt:
        print(f"\ntotal wall: numberplay {totals['np']:.2f} s, crypt {totals['crypt']:.2f} s, "
              f"ratio {totals['crypt'] / totals['np']:.1f}x (goal >= 1x, aim 3x)")


if __name__ == "__main__":
    main()
