"""Explain Tatham's 9×9 Unreasonable Keen puzzles: CPU time per explanation, no guess?

    PYTHONPATH=src python benchmarks/bench_keen_explain.py [--before /path/to/other/src]

The puzzles are `benchmarks/data/keen_unreasonable_9x9.tsv` (24 game IDs his
generator made at 9du; his solver grades each one Unreasonable). Each engine
runs in its own process, one after the other in the same run, timing
`Kind.explain` with `time.process_time`: this tree with the compiled Latin
ladder, this tree's pure-Python fallback (NUMBERPLAY_PURE=1), and
with `--before` another checkout's `src` (say, main before a change). Every run
also checks that the explanations are the same word for word as the first
engine's (a hash per puzzle) and counts guesses.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "keen_unreasonable_9x9.tsv"


def child(path: Path) -> None:
    """Explain every puzzle; print one JSON line per puzzle."""
    import numberplay as npl
    keen = npl.get_kind("keen")
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        gid = line.split("\t")[0]
        puzzle = keen.parse(gid)
        t = time.process_time()
        steps = list(keen.explain(puzzle))
        dt = time.process_time() - t
        words = "\n".join(f"{s.technique}|{s.text}" for s in steps)
        print(json.dumps({"cpu": dt, "guesses": sum(s.technique == "guess" for s in steps),
                          "end": steps[-1].technique,
                          "hash": hashlib.sha1(words.encode()).hexdigest()}), flush=True)


def run(src: Path, env_extra: dict[str, str]) -> list[dict]:
    """The child's lines, run with `src` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(src), **env_extra}
    out = subprocess.run([sys.executable, __file__, "--child", str(DATA)], env=env,
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(x) for x in out.splitlines()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, help="another checkout's src to measure beside")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return
    here = HERE.parent / "src"
    engines = [("this tree, compiled Latin ladder", here, {}),
               ("this tree, pure Python", here, {"NUMBERPLAY_PURE": "1"})]
    if args.before:
        engines.append((f"before ({args.before})", args.before, {}))
    first: list[dict] | None = None
    print("| engine | puzzles | no guess | median ms | p95 ms | worst ms | total ms | "
          "same words |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, src, env in engines:
        rows = run(src, env)
        cpu = sorted(r["cpu"] for r in rows)
        first = first or rows
        same = sum(a["hash"] == b["hash"] for a, b in zip(rows, first, strict=True))
        p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
        print(f"| {name} | {len(rows)} | {sum(r['guesses'] == 0 for r in rows)} | "
              f"{statistics.median(cpu) * 1e3:.1f} | {p95 * 1e3:.1f} | {cpu[-1] * 1e3:.1f} | "
              f"{sum(cpu) * 1e3:.0f} | {same}/{len(rows)} |", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
