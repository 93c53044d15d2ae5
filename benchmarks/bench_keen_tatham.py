"""Keen's grades against Simon Tatham's, both ways, and generation against his generator.

    PYTHONPATH=src python benchmarks/bench_keen_tatham.py [--his 8] [--ours 4] [--generate 10] [--sizes 4-9]

His code (`tatham-keen.tgz`: his `keen.c` and `latin.c`, puzzles 1.3.2, and a
small driver) is built from `../shared/peers/` beside the project's root
(or `--peers DIR`) into a temporary folder; without it this script says so and
stops. It builds `keengen PARAMS N SEED` (N of his game IDs) and
`keensolver -g ID` (his grade, "Difficulty rating: X").

1. His puzzles graded by us: `--his` at 6×6 and `--his` at 9×9 per level from
   his generator (fixed seeds), each graded by `numberplay explain keen ID
   --format json` (its "difficulty"), one process per puzzle.
2. Our puzzles rated by him: `--ours` at 6×6 and `--ours` at 9×9 per level
   from `numberplay.generate_full` (fixed seeds), each game ID rated by his
   solver (which must also find it unique).
3. Generating puzzles of orders `--sizes` (default 4 to 9), CPU time, same run:
   `--generate` per order and level in one process each side (ours timed with
   `time.process_time` around each `generate_full`, after one untimed puzzle
   per level at the first order for the imports; his one `keengen` process for
   all of them, its CPU as the kernel counts it for children, so his process
   start is in his figure), and the ratio his / ours.

Levels: easy, medium, hard, extreme, unreasonable = his Easy, Normal, Hard,
Extreme, Unreasonable. The machine is shared: read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import numberplay  # noqa: E402

LEVELS = ("easy", "medium", "hard", "extreme", "unreasonable")
HIS = ("Easy", "Normal", "Hard", "Extreme", "Unreasonable")
LETTER = "enhxu"


def child_cpu() -> float:
    """CPU seconds of every finished child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def build(peers: Path, into: Path) -> Path | None:
    """His programs built from `peers/tatham-keen.tgz` in `into`; None if absent."""
    tgz = peers / "tatham-keen.tgz"
    if not tgz.exists():
        return None
    with tarfile.open(tgz) as tar:
        tar.extractall(into, filter="data")
    src = into / "tatham-keen"
    subprocess.run(["sh", str(src / "build.sh")], check=True, capture_output=True)
    return src


def his_ids(bin_dir: Path, n: int, level: int, count: int, seed: str) -> list[str]:
    """`count` game IDs from his generator."""
    out = subprocess.run([str(bin_dir / "keengen"), f"{n}d{LETTER[level]}", str(count), seed],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


def his_grade(bin_dir: Path, gid: str) -> str:
    """His solver's rating of a game ID ("Hard", ..., or what it printed)."""
    out = subprocess.run([str(bin_dir / "keensolver"), "-g", gid], capture_output=True,
                         text=True, check=False).stdout.strip()
    return out.removeprefix("Difficulty rating: ")


def our_grade(gid: str) -> str:
    """Our grade of a game ID through the command line."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, "-m", "numberplay", "explain", "keen", gid,
                          "--format", "json"], capture_output=True, text=True, env=env,
                         check=False).stdout
    return json.loads(out)["difficulty"]


def table_his(bin_dir: Path, count: int) -> None:
    """Section 1: his puzzles, graded by us."""
    print(f"\n## His puzzles graded by `numberplay explain` ({count} at 6x6 and {count} at 9x9 "
          "per level)\n")
    print("| his level | 6x6 at his level | 9x9 at his level | both | our grades |")
    print("|---|---:|---:|---:|---|")
    for k, level in enumerate(LEVELS):
        got: dict[int, Counter[str]] = {}
        for n in (6, 9):
            got[n] = Counter(our_grade(g) for g in his_ids(bin_dir, n, k, count, f"bench{n}{k}"))
        both = got[6] + got[9]
        print(f"| {HIS[k]} | {got[6][level]}/{count} | {got[9][level]}/{count} | "
              f"**{both[level]}/{2 * count}** | "
              f"{', '.join(f'{g} {c}' for g, c in both.most_common())} |", flush=True)


def table_ours(bin_dir: Path, count: int) -> None:
    """Section 2: our puzzles, rated by his solver."""
    print(f"\n## Our puzzles rated by his solver ({count} at 6x6 and {count} at 9x9 per level)\n")
    print("| our level | 6x6 at that level | 9x9 at that level | both | his ratings |")
    print("|---|---:|---:|---:|---|")
    for k, level in enumerate(LEVELS):
        got: dict[int, Counter[str]] = {}
        for n in (6, 9):
            got[n] = Counter()
            for i in range(count):
                made = numberplay.generate_full("keen", size=str(n), difficulty=level,
                                                seed=f"bench-{n}-{level}", index=i)
                got[n][his_grade(bin_dir, made.extra["tatham"])] += 1
        both = got[6] + got[9]
        print(f"| {level} | {got[6][HIS[k]]}/{count} | {got[9][HIS[k]]}/{count} | "
              f"**{both[HIS[k]]}/{2 * count}** | "
              f"{', '.join(f'{g} {c}' for g, c in both.most_common())} |", flush=True)


def table_generate(bin_dir: Path, count: int, sizes: list[int]) -> None:
    """Section 3: generating puzzles of each order and level, CPU on both sides."""
    for level in LEVELS:   # warm-up, untimed: the imports a first puzzle makes
        numberplay.generate_full("keen", size=str(sizes[0]), difficulty=level, seed="warm-up")
    print(f"\n## Generating {count} puzzles per order and level, CPU, same run\n")
    print("| order | level | ours median ms | ours worst ms | ours total ms | his total ms | "
          "his / ours |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for n in sizes:
        for k, level in enumerate(LEVELS):
            times = []
            for i in range(count):
                t = time.process_time()
                numberplay.generate_full("keen", size=str(n), difficulty=level,
                                         seed="gen-bench" if n == 9 else f"gen-bench-{n}",
                                         index=i)
                times.append(time.process_time() - t)
            before = child_cpu()
            his_ids(bin_dir, n, k, count, f"gen{k}" if n == 9 else f"gen{n}{k}")
            his = child_cpu() - before
            ours = sum(times)
            print(f"| {n}x{n} | {level} | {statistics.median(times) * 1e3:.1f} | "
                  f"{max(times) * 1e3:.1f} | {ours * 1e3:.0f} | {his * 1e3:.0f} | "
                  f"**{his / ours:.2f}** |", flush=True)


def orders(text: str) -> list[int]:
    """`9`, `4-9` or `6,9` as a list of orders."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peers", type=Path, default=ROOT.parent / "shared" / "peers",
                    help="the folder holding tatham-keen.tgz")
    ap.add_argument("--his", type=int, default=8, help="his puzzles per order and level")
    ap.add_argument("--ours", type=int, default=4, help="our puzzles per order and level")
    ap.add_argument("--generate", type=int, default=10,
                    help="puzzles per order and level to time")
    ap.add_argument("--sizes", default="4-9",
                    help="the orders to time generation at: 9, 4-9 or 6,9 (default 4-9)")
    ap.add_argument("--only", choices=("his", "ours", "generate"))
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tatham-keen-"))
    try:
        bin_dir = build(args.peers, tmp)
        if bin_dir is None:
            print(f"Tatham's Keen is absent: no tatham-keen.tgz in {args.peers}; nothing measured.")
            return
        if args.only in (None, "his"):
            table_his(bin_dir, args.his)
        if args.only in (None, "ours"):
            table_ours(bin_dir, args.ours)
        if args.only in (None, "generate"):
            table_generate(bin_dir, args.generate, orders(args.sizes))
        print(f"\nload average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
