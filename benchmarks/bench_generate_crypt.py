"""Graded `generate cryptarithm --all --format json` over crypt 1.4's ten word lists,
side by side with crypt 1.4 deciding the same candidates (CPU time, same run).

    PYTHONPATH=src python benchmarks/bench_generate_crypt.py [--tgz PATH] [--pure]
        [--before SRC]
        [--addends 2..3] [--only fruit]

For every list of crypt's `words/` folder:

- numberplay: the command users run, `numberplay generate cryptarithm --all --words
  LIST --addends 2..3 --format json` (the console script beside this Python) (every sum of 2 or 3 distinct words with
  exactly one solution, each graded) from `--src` (default `src/`), as a whole process: CPU time of the child
  (user + system, `RUSAGE_CHILDREN`), start-up included; and the inner function
  (`cryptarithm.generate.generate_all_sums`, graded, in this process,
  `time.process_time`);
- crypt: the `crypt` binary fed what its `fcrypt -d -n 2..3` driver feeds it
  (`unique 1`, then every sorted set of k distinct words with, as the sum, every
  word at least as long as the longest addend; bench_wordlist.run_crypt), CPU
  time of the child;
- words with digits (`fortran77`) are left out of the list for both;
- the ratios crypt CPU / numberplay CPU (above 1: numberplay is faster), and the
  number of unique puzzles each found.

crypt 1.4's source is not part of this project: it is built from `--tgz` (default
`$NUMBERPLAY_PEERS/crypt14.tgz`, else `../shared/peers/crypt14.tgz` from the
project's root or from its parent) into a temporary folder with its own Makefile;
without it the script says so and stops. `--pure` also runs numberplay from a copy
of `src/` without its compiled cores (the pure-Python fallback). `--before SRC` also
runs the CLI from another source tree (an export of an earlier commit with its
compiled cores copied in) on the same lists in the same run.
Load on a shared machine moves every figure; only ratios of one run mean much.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from bench_wordlist import crypt_words, run_crypt  # noqa: E402


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def find_tgz(given: str | None) -> Path | None:
    """crypt14.tgz: the option, $NUMBERPLAY_PEERS, or ../shared/peers/ nearby."""
    candidates = [Path(given)] if given else []
    if os.environ.get("NUMBERPLAY_PEERS"):
        candidates.append(Path(os.environ["NUMBERPLAY_PEERS"]) / "crypt14.tgz")
    candidates += [ROOT.parent / "shared" / "peers" / "crypt14.tgz",
                   ROOT.parent.parent / "shared" / "peers" / "crypt14.tgz"]
    return next((p for p in candidates if p.is_file()), None)


def build_crypt(tgz: Path, into: Path) -> Path:
    """crypt built from its source with its own Makefile: the crypt/ folder."""
    with tarfile.open(tgz) as tar:
        tar.extractall(into, filter="data")
    folder = into / "crypt"
    subprocess.run(["make", "-C", str(folder)], check=True, capture_output=True)
    return folder


def alphabetic(path: Path, into: Path) -> Path:
    """The list with only its words of letters, one a line (crypt reads digits in a
    word as fixed digits, which numberplay's word lists do not take: such words are
    left out for both)."""
    words = [w for w in crypt_words(path) if w.isalpha()]
    out = into / path.name
    out.write_text("\n".join(words) + "\n")
    return out


def pure_tree(into: Path, src: Path) -> Path:
    """A copy of the source tree without compiled cores (the pure-Python fallback)."""
    dest = into / "pure-src"
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "__pycache__"))
    return dest


def cli_command() -> list[str]:
    """The console script users run (`numberplay` beside this Python), else
    `python -m numberplay`."""
    script = Path(sys.executable).with_name("numberplay")
    return [str(script)] if script.exists() else [sys.executable, "-m", "numberplay"]


def run_cli(src: Path, words: Path, addends: str) -> tuple[float, set]:
    """The whole `numberplay generate ... --all --format json` process: (CPU, found).
    It runs as an installed package does, its bytecode cached (PYTHONDONTWRITEBYTECODE
    is left out of its environment)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(src)
    before = children_cpu()
    out = subprocess.run([*cli_command(), "generate", "cryptarithm",
                          "--all", "--words", str(words), "--addends", addends,
                          "--format", "json"], env=env, capture_output=True, check=True).stdout
    cpu = children_cpu() - before
    found = set()
    for p in json.loads(out)["puzzles"]:
        left, total = p["puzzle"]["formula"].split("=")
        found.add((tuple(sorted(w.strip() for w in left.split("+"))), total.strip()))
    return cpu, found


def run_inner(words: Path, addends: str) -> tuple[float, int]:
    """generate_all_sums graded, in this process: (CPU, puzzles)."""
    from numberplay.cryptarithm.generate import generate_all_sums
    t = time.process_time()
    got = list(generate_all_sums(words=str(words), addends=addends, graded=True))
    return time.process_time() - t, len(got)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tgz", help="crypt14.tgz (crypt 1.4's source)")
    ap.add_argument("--addends", default="2..3")
    ap.add_argument("--only", default="", help="only the lists whose name contains this")
    ap.add_argument("--pure", action="store_true", help="also the pure-Python fallback")
    ap.add_argument("--before", metavar="SRC", help="also the CLI of this source tree")
    ap.add_argument("--src", default=str(ROOT / "src"),
                    help="the source tree to measure (e.g. an export of main; default: src/)")
    args = ap.parse_args()
    tgz = find_tgz(args.tgz)
    if tgz is None:
        print("crypt 1.4's source (crypt14.tgz) was not found: give --tgz or set "
              "NUMBERPLAY_PEERS; nothing measured.")
        return 0
    lo, hi = (int(x) for x in args.addends.split(".."))
    with tempfile.TemporaryDirectory() as tmp:
        folder = build_crypt(tgz, Path(tmp))
        binary = str(folder / "crypt")
        pure = pure_tree(Path(tmp), Path(args.src)) if args.pure else None
        same_tree = Path(args.src).resolve() == (ROOT / "src").resolve()
        lists = sorted(p for p in (folder / "words").glob("*.txt") if args.only in p.name)
        head = ("| list | candidates | crypt CPU s | numberplay CLI CPU s | inner CPU s | "
                "crypt / CLI | crypt / inner | unique: crypt / numberplay |")
        rule = "|---|---:|---:|---:|---:|---:|---:|---|"
        if pure:
            head += " pure-Python CLI CPU s | crypt / pure |"
            rule += "---:|---:|"
        if args.before:
            head += " before: CLI CPU s | crypt / before |"
            rule += "---:|---:|"
        print(head)
        print(rule, flush=True)
        sums = {"crypt": 0.0, "cli": 0.0, "inner": 0.0, "pure": 0.0, "before": 0.0}
        if args.before:
            run_cli(Path(args.before), alphabetic(lists[0], Path(tmp)), args.addends)
        if not same_tree:
            print("(inner function: only for this checkout's src/; shown as nan)")
        worst = (float("inf"), "")
        if lists:   # once, unmeasured: the bytecode cache of a source tree is written
            run_cli(Path(args.src), alphabetic(lists[0], Path(tmp)), args.addends)
        for original in lists:
            path = alphabetic(original, Path(tmp))
            crypt_cpu, examined, theirs = 0.0, 0, set()
            for k in range(lo, hi + 1):
                c = run_crypt(binary, path, k)
                crypt_cpu += c["cpu"]
                examined += c["examined"]
                theirs |= c["found"]
            cli, ours = run_cli(Path(args.src), path, args.addends)
            inner, _ = run_inner(path, args.addends) if same_tree else (float("nan"), 0)
            row = (f"| {path.name} | {examined:,} | {crypt_cpu:.2f} | {cli:.2f} | {inner:.2f} | "
                   f"{crypt_cpu / cli:.2f}× | {crypt_cpu / inner:.2f}× | "
                   f"{len(theirs)} / {len(ours)} |")
            for key, v in (("crypt", crypt_cpu), ("cli", cli), ("inner", inner)):
                sums[key] += v
            worst = min(worst, (crypt_cpu / cli, path.name))
            if pure:
                pcpu, _ = run_cli(pure, path, args.addends)
                sums["pure"] += pcpu
                row += f" {pcpu:.2f} | {crypt_cpu / pcpu:.2f}× |"
            if args.before:
                bcpu, _ = run_cli(Path(args.before), path, args.addends)
                sums["before"] += bcpu
                row += f" {bcpu:.2f} | {crypt_cpu / bcpu:.2f}× |"
            print(row, flush=True)
        print(f"\ntotal CPU: crypt {sums['crypt']:.2f} s, numberplay CLI {sums['cli']:.2f} s "
              f"({sums['crypt'] / sums['cli']:.2f}×), inner {sums['inner']:.2f} s "
              f"({sums['crypt'] / sums['inner']:.2f}×); lowest list {worst[1]} {worst[0]:.2f}× "
              "(goal of issue 39: every list >= 1×)")
        if args.before:
            print(f"before: CLI {sums['before']:.2f} s ({sums['crypt'] / sums['before']:.2f}×)")
        if pure:
            print(f"pure-Python fallback CLI {sums['pure']:.2f} s "
                  f"({sums['crypt'] / sums['pure']:.2f}×)")
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
