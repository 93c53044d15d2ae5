"""Issue 13 hard shapes (products, squares, roots, ratios) against brute force.

Small bases (5 to 7) and random words, so every assignment can be tried with
the exact evaluator; the solver's pruning (low digits, high-digit bounds,
letters pinned by the bounds and fixed first) must find exactly the same count.
"""

from __future__ import annotations

import itertools
import random

import pytest

import numberplay
from numberplay.formula.solver import compile_puzzle, count

SHAPES = [
    "{a} * {b} = {c}",
    "{a} * {a} = {c}",
    "{c} = {a} * {a}",
    "{a} ^ 2 + {b} ^ 2 = {c} ^ 2",
    "{a} - {b} = {c} ^ (1/2)",
    "{c} ^ (1/2) = {a} + {b}",
    "{a} = {c} ^ (1/3)",
    "{a} / {b} = {c} / {d}",
    "{a} / {b} = {c}",
    "{a} ^ 2 = {c} and {a} > {b}",
]


def brute_count(formula: str, base: int, fixed: dict[str, int] | None = None) -> int:
    comp = compile_puzzle(formula, base)
    lead = [comp.index[c] for c in comp.lead]
    fix = {comp.index[c]: d for c, d in (fixed or {}).items()}
    n = 0
    for perm in itertools.permutations(range(base), len(comp.letters)):
        if any(perm[i] == 0 for i in lead) or any(perm[i] != d for i, d in fix.items()):
            continue
        if comp.holds(list(perm)):
            n += 1
    return n


def random_formulas(seed: int, k: int) -> list[tuple[str, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < k:
        base = rng.choice([5, 6, 7])
        alphabet = "ABCDEFG"[:rng.choice([4, 5, 6]) if base > 5 else rng.choice([4, 5])]

        def word(lo: int, hi: int, rng=rng, alphabet=alphabet) -> str:
            return "".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi)))
        shape = rng.choice(SHAPES)
        f = shape.format(a=word(1, 2), b=word(1, 2), c=word(1, 4), d=word(1, 2))
        if len(set(c for c in f if c.isupper())) <= base:
            out.append((f, base))
    return out


def spell(n: int, base: int, letter_of: dict[int, str]) -> str | None:
    """n in base `base` with the letters of its digits, or None if a digit has no letter."""
    out = ""
    while True:
        n, r = divmod(n, base)
        if r not in letter_of:
            return None
        out = letter_of[r] + out
        if n == 0:
            return out


def solvable_formulas(seed: int, k: int) -> list[tuple[str, int]]:
    """Formulas built from a hidden assignment, so most have solutions."""
    rng = random.Random(seed)
    out = []
    while len(out) < k:
        base = rng.choice([5, 6, 7])
        letters = "ABCDEFG"[:base]
        digits = rng.sample(range(base), base)
        m = rng.randint(4, base)
        letter_of = {digits[i]: letters[i] for i in range(m)}
        x, y = rng.randint(1, base ** 2 - 1), rng.randint(1, base ** 2 - 1)
        shape = rng.randrange(5)
        if shape == 0:
            parts = [x, y, x * y, "{a} * {b} = {c}"]
        elif shape == 1:
            parts = [x, x, x * x, "{a} * {a} = {c}"]
        elif shape == 2:
            parts = [x, y, (x - y) ** 2, "{a} - {b} = {c} ^ (1/2)"] if x > y else None
        elif shape == 3:
            parts = [x, y, x ** 3, "{c} ^ (1/3) = {a}"]
        else:
            d = rng.randint(1, base ** 2 - 1)
            parts = [x, y, x * d // y, "{a} / {b} = {c} / {d}", d] if x * d % y == 0 else None
        if parts is None:
            continue
        words = [spell(v, base, letter_of) for v in parts[:3] + parts[4:]]
        if any(w is None or (len(w) > 1 and w[0] == letter_of.get(0)) for w in words):
            continue
        f = parts[3].format(a=words[0], b=words[1], c=words[2], d=words[3] if len(words) > 3
                            else "")
        out.append((f, base))
    return out


@pytest.mark.parametrize("formula,base", random_formulas(13, 80) + solvable_formulas(7, 80))
def test_shapes_match_brute_force(formula, base):
    p = numberplay.parse("cryptarithm", formula, base=base)
    assert numberplay.count(p) == brute_count(formula, base)


@pytest.mark.parametrize("formula,base", random_formulas(31, 20) + solvable_formulas(17, 20))
def test_shapes_with_a_fixed_letter_match_brute_force(formula, base):
    comp = compile_puzzle(formula, base)
    c = comp.letters[0]
    for d in range(base):
        assert count(comp, {c: d}) == brute_count(formula, base, {c: d}), (c, d)


@pytest.mark.parametrize("formula,base,expected", [
    ("HIP * HIP = HURRAY", 36, 18),
    ("MON-EY = EVIL^(1/2)", 10, 6),
])
def test_issue_shapes_counts_agree_with_cp_sat_figures(formula, base, expected):
    # counts measured by both numberplay and a CP-SAT model (benchmarks/bench_cryptarithm.py)
    assert numberplay.count(numberplay.parse("cryptarithm", formula, base=base)) == expected
