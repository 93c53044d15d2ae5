"""Equalities of products from a word list (`--op x`): cryptator's generator tests
(its lists written here), a brute force over every digit assignment on small
lists, and a few of cryptator's published Greek products."""

from __future__ import annotations

import itertools
import random
from math import prod

import pytest
from click.testing import CliRunner

from numberplay.cli import app
from numberplay.cryptarithm.generate import generate_all_sums
from numberplay.cryptarithm.wordproducts import count_product, product_equalities
from numberplay.kinds import InlineText

runner = CliRunner()


def brute(left: tuple[str, ...], right: tuple[str, ...], base: int) -> int:
    """Solutions of prod(left) = prod(right) by trying every injective assignment."""
    letters = sorted(set("".join(left + right)))
    if len(letters) > base:
        return 0
    lead = {w[0] for w in left + right if len(w) > 1}
    n = 0
    for perm in itertools.permutations(range(base), len(letters)):
        a = dict(zip(letters, perm, strict=True))
        if any(a[c] == 0 for c in lead):
            continue

        def value(w: str, a: dict[str, int] = a) -> int:
            v = 0
            for ch in w:
                v = v * base + a[ch]
            return v
        if prod(value(w) for w in left) == prod(value(w) for w in right):
            n += 1
    return n


def found(words: str, base: int = 10, addends: str = "2", terms: str | None = None) -> list[str]:
    return [g.text for g in generate_all_sums(words=InlineText(words), op="x", addends=addends,
                                              result_terms=terms, base=base, graded=False)]


def test_cryptators_generator_tests():
    """GenerateTest.java's testMult1..5 (free right member: any sizes, here 2 = 1 and
    2 = 2 cover them)."""
    assert found("mad man asylum") == []
    assert len(found("alfred e neuman", base=9)) == 2
    assert found("nora l aron") == ["NORA * L = ARON", "L * ARON = NORA"]
    assert found("ba cba dcba") == ["BA * CBA = DCBA"]
    assert found("north south east west", terms="1..2") == [
        "NORTH * EAST = SOUTH * WEST", "NORTH * WEST = SOUTH * EAST"]


@pytest.mark.parametrize("seed", [1, 2])
def test_products_match_brute_force(seed):
    rng = random.Random(seed)
    words = sorted({"".join(rng.choice("ABCDE") for _ in range(rng.randint(1, 3)))
                    for _ in range(7)})
    base = 7
    want = set()
    for a in itertools.combinations(words, 2):
        for k in (1, 2):
            for b in itertools.combinations([w for w in words if w not in a], k):
                if brute(a, b, base) == 1:
                    want.add(frozenset([frozenset(a), frozenset(b)]))
    got = [frozenset([frozenset(f.left), frozenset(f.right)])
           for f in product_equalities(words, (2, 2), (1, 2), base)]
    assert len(got) == len(set(got))   # each equality once
    assert set(got) == want


def test_some_of_cryptators_greek_products():
    """Lines of cryptator's multiplications/alpha.db.txt (2-3 factors = 1-3 factors)."""
    for line in ("beta * phi = alpha * nu", "beta * eta * nu = alpha * zeta",
                 "eta * pi * psi = beta * phi"):
        left, right = (tuple(w.strip().upper() for w in s.split("*")) for s in line.split("="))
        assert count_product(left, right)[0] == 1
    greek = "alpha beta eta nu phi zeta"
    out = found(greek, terms="1..2")
    assert "BETA * PHI = ALPHA * NU" in out or "ALPHA * NU = BETA * PHI" in out


def test_cli_options():
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--op", "/", "--words", "x"])
    assert r.exit_code == 2 and "--op" in r.output
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--result-terms", "0"])
    assert r.exit_code == 2 and "--result-terms" in r.output
