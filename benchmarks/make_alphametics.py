"""Build benchmarks/data/alphametics.txt: unique additive alphametics, each proved unique.

Classic published puzzles (the ones with exactly one solution are kept), the
unique sums of Norvig's cryptarithm notebook, then sums drawn from the bundled word list
(`WORD + WORD (+ WORD) = WORD`, at most ten letters) until the file holds at
least 200 formulas. Uniqueness is proved by numberplay's solver (count with
limit 2); the brute force in tests/test_cryptarithm_explain.py re-checks a sample.

    PYTHONPATH=src python benchmarks/make_alphametics.py [--target 240] [--seed 11]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numberplay
from numberplay.cryptarithm.generate import load_words

CLASSIC = """
SEND + MORE = MONEY
EAT + THAT = APPLE
CROSS + ROADS = DANGER
BASE + BALL = GAMES
DONALD + GERALD = ROBERT
GERALD + DONALD = ROBERT
COCA + COLA = OASIS
TO + GO = OUT
FORTY + TEN + TEN = SIXTY
USSR + USA = PEACE
LYNNE + LOOKS = SLEEPY
NINE + FINE = WIVES
LOGIC + LOGIC = PROLOG
SIX + SEVEN + SEVEN = TWENTY
BLACK + GREEN = ORANGE
APPLE + LEMON = BANANA
CINCO + CINCO + VEINTE = TREINTA
SEIS + DOS + TRES = ONCE
UN + UN + NEUF = ONZE
POINT + ZERO = ENERGY
THIS + IS + VERY = EASY
KYOTO + OSAKA = TOKYO
BEST + MADE = MASER
MEMO + FROM = HOMER
GREEN + ORANGE = COLORS
HERE + SHE = COMES
NO + GUN + NO = HUNT
ONE + TWO + FIVE = EIGHT
THREE + THREE + TWO + TWO + ONE = ELEVEN
TEN + TEN + TWENTY = FORTY
SEVEN + SEVEN + SIX = TWENTY
HOCUS + POCUS = PRESTO
WHITE + WATER = PICNIC
CLOCK + TICK + TOCK = PLANET
SUN + FUN = SWIM
SIX + SIX + SIX = NINE + NINE
FIVE + FIVE + NINE + ELEVEN = THIRTY
ALFA + BETA + GAMMA = DELTA
MAD + MAN = ASYLUM
SAVE + MORE = MONEY
EARTH + MARS + VENUS = URANUS
STAR + STAR + STAR = TREKS
CUT + TO + THE = CHASE
LEO + TAURUS + ARIES = SIGNS
ROSE + ROSE = TULIP
TRIED + RIDE = TIRED
DAYS + TOO + SHORT = SAINTS
SNOW + SLEET = STORMS
BEER + BEER = DRUNK
WINTER + IS + WINDIER + SUMMER + IS = SUNNIER
MOON + SOON = JUNE
"""


def unique(formula: str) -> bool:
    try:
        p = numberplay.parse("cryptarithm", formula)
    except numberplay.PuzzleError:
        return False
    return numberplay.count(p, limit=2) == 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", type=int, default=240)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", default=str(Path(__file__).parent / "data" / "alphametics.txt"))
    args = ap.parse_args()
    seen: dict[str, str] = {}
    for line in CLASSIC.strip().splitlines():
        if line not in seen and unique(line):
            seen[line] = "classic"
    src = Path(numberplay.__file__).parent / "cryptarithm" / "examples" / "norvig.txt"
    for line in src.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "+" not in line or "=" not in line:
            continue
        if any(t in line for t in ("*", "^", "<", "/", "(", " and ", " not ")):
            continue
        if line not in seen and unique(line):
            seen[line] = "Norvig notebook"
    words = load_words(None)
    rng = random.Random(args.seed)
    tries = 0
    while len(seen) < args.target and tries < 200_000:
        tries += 1
        k = rng.choice((2, 2, 2, 3))
        terms = rng.sample(words, k)
        longest = max(map(len, terms))
        letters = set("".join(terms))
        fits = [w for w in words if w not in terms and longest <= len(w) <= longest + 1
                and len(letters | set(w)) <= 10]
        if not fits:
            continue
        formula = " + ".join(terms) + " = " + rng.choice(fits)
        if formula not in seen and unique(formula):
            seen[formula] = "word list"
    out = Path(args.out)
    lines = ["# Unique additive alphametics (each proved to have exactly one solution by",
             "# numberplay's solver; made by benchmarks/make_alphametics.py).",
             "# Source in the comment after the formula: classic, Norvig notebook, word list."]
    lines += [f"{f}  # {src}" for f, src in seen.items()]
    out.write_text("\n".join(lines) + "\n")
    counts: dict[str, int] = {}
    for s in seen.values():
        counts[s] = counts.get(s, 0) + 1
    print(f"{len(seen)} formulas written to {out}: {counts}")


if __name__ == "__main__":
    main()
