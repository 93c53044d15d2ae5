"""The tail of cryptarithm explanations: CPU per explanation on lists of unique
alphametics, two source trees side by side (A before, B after), same run.

For every list: p50, p90, p99, worst and total CPU time per explanation (one
worker process per tree, from parse on, `time.process_time`), and whether the
explanations are the same word for word; where they differ, how many got
longer or shorter (steps, a trial counting its chain's steps too).

Lists: benchmarks/data/alphametics.txt (classic, Norvig notebook, word list), and the
unique sums of the word lists in benchmarks/wordlists/ (2 and 3 addends; a list
of more than --sample sums is thinned to every k-th, the same ones for both
trees), plus any files given with --list (one formula a line, `#` comments).

    PYTHONPATH=src python benchmarks/bench_explain_tail.py --a /tmp/main/src --b src
    PYTHONPATH=src python benchmarks/bench_explain_tail.py            # B = src alone
    PYTHONPATH=src python benchmarks/bench_explain_tail.py --setters --pure

`--setters`: the setters' word lists instead: the ten lists of crypt 1.4
(`crypt14.tgz`, default `../shared/peers/crypt14.tgz` beside the project, or
$NUMBERPLAY_CRYPT14; skipped with a note when absent) and the bundled ones,
two and three addends each, and a last row over all of them. `--pure`: B once
more with its compiled cores blocked (the pure-Python fallback), beside.

The main checkout can be exported with `git archive main src | tar -x -C /tmp/main`
(then build its C cores there, or it runs without them). Load on a shared machine
moves every figure; only the ratios of one run mean much.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

WORKER = r"""
import json, os, sys, time
if os.environ.get("BENCH_PURE"):      # the pure-Python fallback: no compiled core
    os.environ["NUMBERPLAY_PURE"] = "1"      # the modules compiled from their .py too
    for name in ("formula._columns", "formula._filters", "formula._settle", "formula._deduce",
                 "cryptarithm._wordcount", "formula._products",
                 "latin._latin", "latin._ladder"):
        sys.modules["numberplay." + name] = None
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded
try:
    from numberplay.formula.ladder import explanation
except ImportError:                 # a tree from before issue 37
    try:
        from numberplay.formula.deduce import explanation
    except ImportError:
        from numberplay.cryptarithm.deduce import explanation
def size(steps):
    return sum(1 + size(getattr(s, "chain", ())) for s in steps)
for line in sys.stdin:
    formula, seconds = json.loads(line)
    t = time.process_time()
    run = explanation(formula, 10, budget=Budget(seconds=seconds))
    try:
        steps = list(run)
        out = [time.process_time() - t, [s.text for s in steps], size(steps)]
    except BudgetExceeded:
        out = [time.process_time() - t, None, 0]
    print(json.dumps(out), flush=True)
"""


class Worker:
    """One tree's worker process."""

    def __init__(self, src: str, pure: bool = False) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
        if pure:
            env["BENCH_PURE"] = "1"
            env["NUMBERPLAY_PURE"] = "1"      # also the modules compiled from their source
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, formula: str, seconds: float) -> list:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([formula, seconds]) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())


def read_list(path: Path) -> list[str]:
    out = []
    for line in path.read_text().splitlines():
        f = line.partition("#")[0].strip()
        if f:
            out.append(f)
    return out


def word_list_sums(name: str, k: int, sample: int, folder: Path = HERE / "wordlists"
                   ) -> list[str]:
    """The unique sums of k addends of a word list, thinned."""
    sys.path.insert(0, str(HERE.parent / "src"))
    from numberplay.cryptarithm import wordlist as W
    # crypt's lists hold a few words with digits (`fortran77`): left out, as fcrypt does
    text = (folder / name).read_text(encoding="latin-1")
    kept = [w.upper() for w in text.split() if w.isascii() and w.isalpha()]
    words = W.WordList(W.read_words("\n".join(kept), name))
    found = [f.formula for f in W.every_unique(words, (k, k))]
    step = max(1, -(-len(found) // sample))
    return found[::step]


def setters_lists(tgz: Path, sample: int) -> list[tuple[str, list[str]]]:
    """The unique sums of 2 and 3 addends of crypt 1.4's word lists (when its
    tarball is there) and of the bundled lists, thinned to `sample` each."""
    out: list[tuple[str, list[str]]] = []
    if tgz.is_file():
        with tempfile.TemporaryDirectory() as tmp:
            with tarfile.open(tgz) as tar:
                members = [m for m in tar.getmembers()
                           if m.isfile() and m.name.startswith("crypt/words/")]
                tar.extractall(tmp, members=members)  # noqa: S202 - the peer's own tarball
            folder = Path(tmp) / "crypt" / "words"
            for name in sorted(p.name for p in folder.glob("*.txt")):
                for k in (2, 3):
                    out.append((f"crypt {name}, {k} addends",
                                word_list_sums(name, k, sample, folder)))
    else:
        print(f"crypt 1.4 not found at {tgz} (give --crypt14 or $NUMBERPLAY_CRYPT14): "
              "its lists are skipped", file=sys.stderr)
    for name in ("animals.txt", "computing.txt", "greek.txt"):
        for k in (2, 3):
            out.append((f"{name}, {k} addends", word_list_sums(name, k, sample)))
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def cells(ts: list[float]) -> str:
    ms = [1000 * t for t in ts]
    return (f"{pct(ms, .5):.0f} | {pct(ms, .9):.0f} | {pct(ms, .99):.0f} | {max(ms):.0f} | "
            f"{sum(ts):.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", help="source tree A (before); omitted: B alone")
    ap.add_argument("--b", default=str(HERE.parent / "src"), help="source tree B (after)")
    ap.add_argument("--sample", type=int, default=300, help="sums kept per word list")
    ap.add_argument("--seconds", type=float, default=60.0, help="limit per explanation")
    ap.add_argument("--list", action="append", default=[], help="more lists of formulas")
    ap.add_argument("--only", default="", help="only the lists whose name contains this")
    ap.add_argument("--setters", action="store_true",
                    help="crypt 1.4's ten word lists and the bundled ones, 2 and 3 addends")
    ap.add_argument("--crypt14", default=os.environ.get(
        "NUMBERPLAY_CRYPT14", str(HERE.parent.parent.parent / "shared" / "peers" /
                                  "crypt14.tgz")), help="crypt 1.4's tarball (its word lists)")
    ap.add_argument("--pure", action="store_true",
                    help="B once more without its compiled cores (tree P)")
    args = ap.parse_args()
    lists: list[tuple[str, list[str]]] = []
    if args.setters:
        lists = setters_lists(Path(args.crypt14), args.sample)
    else:
        lists.append(("alphametics.txt", read_list(HERE / "data" / "alphametics.txt")))
        for name, k in (("greek.txt", 3), ("computing.txt", 2), ("computing.txt", 3),
                        ("animals.txt", 2), ("animals.txt", 3)):
            lists.append((f"{name} unique sums, {k} addends",
                          word_list_sums(name, k, args.sample)))
    lists += [(Path(p).name, read_list(Path(p))) for p in args.list]
    lists = [(n, fs) for n, fs in lists if args.only in n]
    trees = ([("A", Worker(args.a))] if args.a else []) + [("B", Worker(args.b))] + \
        ([("P", Worker(args.b, pure=True))] if args.pure else [])
    everything: dict[str, list[float]] = {t: [] for t, _ in trees}
    head = "| list | n | tree | p50 ms | p90 ms | p99 ms | worst ms | total |"
    rule = "|---|---:|---|---:|---:|---:|---:|---:|"
    if args.a:
        head += " same text | B longer | B shorter | steps A / B |"
        rule += "---:|---:|---:|---:|"
    print(head)
    print(rule, flush=True)
    slow: list[tuple[float, float, str]] = []
    for name, formulas in lists:
        times: dict[str, list[float]] = {t: [] for t, _ in trees}
        steps = {t: 0 for t, _ in trees}
        same = longer = shorter = 0
        for f in formulas:
            got = {t: w.ask(f, args.seconds) for t, w in trees}
            for t in got:
                times[t].append(got[t][0])
                steps[t] += got[t][2]
            if args.a:
                a, b = got["A"], got["B"]
                same += a[1] == b[1]
                longer += b[2] > a[2]
                shorter += b[2] < a[2]
                slow.append((b[0], a[0], f))
        for t, _ in trees:
            everything[t] += times[t]
            row = f"| {name} | {len(formulas)} | {t} | {cells(times[t])} |"
            if args.a:
                row += (f" {same} | {longer} | {shorter} | {steps['A']:,} / {steps['B']:,} |"
                        if t == "B" else " | | | |")
            print(row, flush=True)
    if len(lists) > 1:
        for t, _ in trees:
            print(f"| all lists | {len(everything[t])} | {t} | {cells(everything[t])} |",
                  flush=True)
    if slow:
        print("\nslowest in B (with A):")
        for b, a, f in sorted(slow, reverse=True)[:8]:
            print(f"  B {1000 * b:7.0f} ms   A {1000 * a:7.0f} ms   {f}")


if __name__ == "__main__":
    main()
