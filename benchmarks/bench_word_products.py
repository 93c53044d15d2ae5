"""`generate cryptarithm --all --words alpha.txt --op x --addends 2..3 --result-terms 1..3`
stage by stage: pairs of sides, what each cheap test rejects, what the column
search (compiled) gets and finds, and the CPU of each stage; then the whole CLI
command as a child process with `--format json` (its CPU: each puzzle's grade and
the JSON are part of it), and how many of cryptator's published Greek products
are among the equalities.

    PYTHONPATH=src python benchmarks/bench_word_products.py [WORDS] [--left 2..3]
        [--right 1..3] [--no-cli] [--python]

WORDS defaults to cryptator's Greek letter names (crypt 1.4's `words/alpha.txt`,
in ../shared/peers/crypt14.tgz, is the same list without OMICRON) (`src/main/words/alpha.txt` of a
checkout of github.com/arnaud-m/cryptator beside this project, or under
$NUMBERPLAY_CRYPTATOR's `../../words`; else the same 24 names, which are written
here). `--python` runs the search's source as Python instead (slow: a small list).
Nothing of cryptator is stored in the project.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from check_cryptator_products import DEFAULT, sides  # noqa: E402
from numberplay import _pure  # noqa: E402
from numberplay.cryptarithm import wordproducts as W  # noqa: E402
from numberplay.cryptarithm.generate import parse_terms  # noqa: E402
from numberplay.cryptarithm.wordlist import Tally, parse_addends  # noqa: E402

GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron "
         "pi rho sigma tau upsilon phi chi psi omega")


def words_of(path: str | None) -> tuple[list[str], str]:
    """The word list (capitals) and where it came from."""
    if path:
        return [w.upper() for w in Path(path).read_text(encoding="utf-8").split()], path
    found = DEFAULT.parent / "words" / "alpha.txt"
    if found.is_file():
        return [w.upper() for w in found.read_text(encoding="utf-8").split()], str(found)
    return GREEK.upper().split(), "the 24 Greek letter names"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("words", nargs="?")
    ap.add_argument("--left", default="2..3")
    ap.add_argument("--right", default="1..3")
    ap.add_argument("--no-cli", action="store_true", help="skip the whole CLI command")
    ap.add_argument("--python", action="store_true", help="the pure-Python search")
    args = ap.parse_args()
    words, source = words_of(args.words)
    left, right = parse_addends(args.left), parse_terms(args.right)
    if args.python:
        W._search = W._python_core()
    print(f"load {os.getloadavg()[0]:.1f}; {len(words)} words ({source}); "
          f"{args.left} factors = {args.right}; search: "
          f"{'pure Python' if not _pure.compiled(W._search) else 'compiled'}")

    search = {"cpu": 0.0, "calls": 0, "unsearched": 0}
    inner = W.count_columns

    def timed(*a, **k):
        t = time.process_time()
        out = inner(*a, **k)
        search["cpu"] += time.process_time() - t
        search["calls"] += 1
        search["unsearched"] += out[2] == 0
        return out
    W.count_columns = timed  # type: ignore[assignment]
    tally = Tally()
    t0 = time.process_time()
    found = list(W.product_equalities(words, left, right, tally=tally))
    total = time.process_time() - t0
    W.count_columns = inner  # type: ignore[assignment]
    filters = total - search["cpu"]
    rows = [
        ("pairs of sides (sets of words, each made once)", tally.pairs, "", ""),
        ("  given once (the other orientation)", tally.pairs - tally.letters - tally.skipped
         - tally.examined, "", ""),
        ("  rejected: letters (more than the digits, a word twice)", tally.letters, "", ""),
        ("  rejected: magnitudes (product ranges do not meet)", tally.skipped, "",
         f"{filters:.2f}"),
        ("candidates searched (compiled column search)", tally.examined, "", ""),
        ("  of them rejected by the leading digits' ranges", search["unsearched"], "", ""),
        ("  nodes", tally.nodes, "", ""),
        ("found (exactly one solution)", tally.found, "", f"{search['cpu']:.2f}"),
    ]
    print(f"\n{'stage':58} {'count':>12} {'CPU s':>8}")
    for name, n, _, cpu in rows:
        print(f"{name:58} {n:12,} {cpu:>8}")
    print(f"{'total, in process':58} {'':12} {total:8.2f}")

    theirs_file = DEFAULT / "multiplications" / "alpha.db.txt"
    if theirs_file.is_file() and not args.words:
        lines = [ln for ln in theirs_file.read_text(encoding="utf-8").splitlines() if "=" in ln]

        def fits(a: frozenset[str], b: frozenset[str]) -> bool:
            return left[0] <= len(a) <= left[1] and right[0] <= len(b) <= right[1]
        theirs = {frozenset([a, b]) for a, b in map(sides, lines) if fits(a, b) or fits(b, a)}
        ours = {frozenset([frozenset(f.left), frozenset(f.right)]) for f in found}
        print(f"\ncryptator's published products of these sizes: {len(theirs)}; among ours: "
              f"{len(theirs & ours)} (the others have 0 or 2+ solutions: "
              "benchmarks/check_cryptator_products.py counts them)")

    if not args.no_cli:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "words.txt"
            path.write_text("\n".join(words) + "\n", encoding="utf-8")
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([sys.executable, "-m", "numberplay", "generate", "cryptarithm",
                                  "--all", "--words", str(path), "--op", "x", "--addends",
                                  args.left, "--result-terms", args.right, "--timeout",
                                  "100000", "--quiet", "--format", "json"],
                                 capture_output=True, text=True,
                                 env={**os.environ, "PYTHONPATH": str(HERE.parent / "src")})
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        try:
            puzzles = len(json.loads(out.stdout)["puzzles"])
        except (ValueError, KeyError):
            puzzles = -1
        print(f"\nthe whole CLI command (--format json, graded): {puzzles:,} puzzles, "
              f"exit {out.returncode}, {cpu:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
