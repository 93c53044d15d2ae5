"""Are cryptator's published multiplications among `--op x`'s output?

    PYTHONPATH=src python benchmarks/check_cryptator_products.py [FILE] [--left 2..3] [--right 1..3]

cryptator publishes products of words from its lists (default: its Greek
alphabet, `multiplications/alpha.db.txt` in
a checkout of github.com/arnaud-m/cryptator beside this project, ../cryptator/src/main/cryptarithms
or $NUMBERPLAY_CRYPTATOR). The word list is rebuilt from the file itself (every
word it uses). numberplay's `product_equalities` runs on it with `--left`
factors on the left and `--right` on the right; every published line whose
sides have those sizes (in either orientation: numberplay prints an equality
once) must be among numberplay's equalities. Prints both counts, how many of
cryptator's are found, the CPU time and the load; a published line that is not
found is counted again by the formula solver (an independent search): exit 1
when one of them has exactly one solution. (Three of cryptator's Greek products,
`CHI * SIGMA = PHI * THETA` and two more, have a second solution with I = 0.)
Nothing of cryptator is stored in the project.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from numberplay.cryptarithm.generate import parse_terms  # noqa: E402
from numberplay.cryptarithm.kind import KIND  # noqa: E402
from numberplay.cryptarithm.wordlist import Tally, parse_addends  # noqa: E402
from numberplay.cryptarithm.wordproducts import product_equalities  # noqa: E402

DEFAULT = Path(os.environ.get("NUMBERPLAY_CRYPTATOR", Path(__file__).resolve().parents[2] / "cryptator" / "src" / "main" / "cryptarithms"))


def sides(line: str) -> tuple[frozenset[str], frozenset[str]]:
    """`beta * phi = alpha * nu` as its two sides (sets of capitalised words)."""
    left, right = line.split("=")
    return (frozenset(w.strip().upper() for w in left.split("*")),
            frozenset(w.strip().upper() for w in right.split("*")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT / "multiplications" / "alpha.db.txt"))
    parser.add_argument("--left", default="2..3")
    parser.add_argument("--right", default="1..3")
    args = parser.parse_args()
    path = Path(args.file)
    if not path.is_file():
        print(f"cryptator's file not found at {path}: skipped")
        return 0
    left, right = parse_addends(args.left), parse_terms(args.right)
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if "=" in ln]
    words = sorted({w for ln in lines for side in sides(ln) for w in side})

    def fits(a: frozenset[str], b: frozenset[str]) -> bool:
        return left[0] <= len(a) <= left[1] and right[0] <= len(b) <= right[1]

    theirs = {frozenset([a, b]) for a, b in map(sides, lines) if fits(a, b) or fits(b, a)}
    print(f"load: {os.getloadavg()[0]:.1f}; {len(words)} words; cryptator: {len(lines)} "
          f"products, {len(theirs)} with {args.left} x {args.right} factors", flush=True)
    tally = Tally()
    start = time.process_time()
    ours = {frozenset([frozenset(f.left), frozenset(f.right)])
            for f in product_equalities(words, left, right, tally=tally)}
    cpu = time.process_time() - start
    missing = theirs - ours
    print(f"numberplay: {len(ours)} equalities ({tally.examined:,} candidates searched, "
          f"{tally.skipped:,} cut by magnitudes), {cpu:.1f} s CPU")
    print(f"cryptator's found among them: {len(theirs) - len(missing)} of {len(theirs)}")
    wrong = 0
    for m in sorted(map(sorted, missing)):
        formula = " = ".join(" * ".join(sorted(s)) for s in m)
        n = KIND.count(KIND.parse(formula), limit=3)
        wrong += n == 1
        print(f"  missing: {formula}  (the formula solver finds {n if n < 3 else '3 or more'} "
              f"solution{'s' if n != 1 else ''}{'' if n == 1 else ': not unique'})")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
