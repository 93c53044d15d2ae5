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


# -- the column search (`wordcolumns.word_products`), compiled and run as Python ----------------

def _letters(words: list[str]) -> list[list[int]]:
    ids: dict[str, int] = {}
    return [[ids.setdefault(ch, len(ids)) for ch in w] for w in words]


@pytest.mark.parametrize("base", [7, 10])
def test_column_search_counts_as_brute_force_and_twin(base):
    """Random equalities of products: the search compiled and its source run as Python
    give the same count, solution and node count, and the count brute force gives."""
    from numberplay.cryptarithm import wordcolumns
    from numberplay.cryptarithm.wordproducts import _python_core
    rng = random.Random(base)
    alphabet = "ABCDEFG"[: 12 - base]
    for _ in range(40):
        words = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
                 for _ in range(rng.randint(3, 5))]
        nleft = rng.randint(1, len(words) - 1)
        left, right = tuple(words[:nleft]), tuple(words[nleft:])
        twin = _python_core().word_products(base, 3, _letters(words), nleft)
        assert min(twin[0], 3) == min(brute(left, right, base), 3), words
        assert wordcolumns.word_products(base, 3, _letters(words), nleft) == twin
        if twin[0] == 1:
            names = list(dict.fromkeys("".join(words)))
            digits = {names[i]: d for i, d in twin[1]}

            def value(w: str, digits: dict[str, int] = digits) -> int:
                v = 0
                for ch in w:
                    v = v * base + digits[ch]
                return v
            assert prod(map(value, left)) == prod(map(value, right))


@pytest.mark.parametrize("base", [6, 8, 10])
def test_column_search_with_common_endings_and_zeros(base):
    """Sides whose words end alike (PHI and CHI: a column test needs none of their
    common letters) and units letters that are 0 (the words lose their trailing
    zeros, a power of the base on one side): the search compiled, run as Python and
    brute force agree."""
    from numberplay.cryptarithm import wordcolumns
    from numberplay.cryptarithm.wordproducts import _python_core
    rng = random.Random(base + 40)
    for _ in range(40):
        ends = ["".join(rng.choice("XYZ") for _ in range(rng.randint(1, 2))) for _ in range(2)]
        words = [rng.choice("ABCD") * rng.randint(0, 1) + rng.choice("ABCD") + rng.choice(ends)
                 for _ in range(rng.randint(3, 5))]
        if len(set("".join(words))) > 5:
            continue
        nleft = rng.randint(1, len(words) - 1)
        twin = _python_core().word_products(base, 3, _letters(words), nleft)
        assert min(twin[0], 3) == min(brute(tuple(words[:nleft]), tuple(words[nleft:]), base),
                                       3), words
        assert wordcolumns.word_products(base, 3, _letters(words), nleft) == twin, words


def test_pure_python_fallback_gives_the_same_output(monkeypatch):
    """With the search's source run as Python, `--op x` prints the same lines (a small
    Greek list)."""
    from numberplay.cryptarithm import wordproducts
    greek = "alpha beta nu phi mu xi"
    with_c = found(greek, addends="2", terms="1..2")
    monkeypatch.setattr(wordproducts, "_search", wordproducts._python_core())
    assert found(greek, addends="2", terms="1..2") == with_c
    assert "ALPHA * NU = BETA * PHI" in with_c


def test_bad_input_one_line_and_what_was_found_is_kept(tmp_path):
    one = tmp_path / "one.txt"
    one.write_text("alpha\n")
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--op", "x", "--words", str(one)])
    assert r.exit_code == 2 and "need 3 distinct words; the list has 1" in r.output
    assert len(r.output.strip().splitlines()) == 1
    # a product past 128 bits: refused when the walk meets it, after what it found
    big = tmp_path / "big.txt"
    big.write_text("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi\n"
                   + "\n".join(c * 20 for c in "qwxy"))
    args = ["generate", "cryptarithm", "--all", "--op", "x", "--words", str(big),
            "--result-terms", "1..2"]
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 115 and all(" = " in line for line in lines)
    assert "QQQQQQQQQQQQQQQQQQQQ * WWWWWWWWWWWWWWWWWWWW can be a number of 40 digits" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = runner.invoke(app, [*args, "--format", "json"])
    assert r.exit_code == 2
    import json
    assert len(json.loads(r.stdout)["puzzles"]) == 115
