"""Every alphametic in a word list: the column search (compiled and pure Python)
against a brute force over permutations, and the candidate filter against the
plain solver over every candidate."""

from __future__ import annotations

import itertools
import random

import pytest

from numberplay.cryptarithm import KIND
from numberplay.cryptarithm import wordlist as W
from numberplay.errors import PuzzleError

# A list of our own (the Greek letters, as every alphabet book prints them).
GREEK = """
# the Greek letters
alpha beta gamma delta epsilon zeta eta theta
iota kappa lambda mu nu xi omicron pi rho sigma tau
upsilon phi chi psi omega
"""


def brute_force(addends: list[str], total: str, base: int = 10) -> int:
    """Solutions by trying every injective assignment of digits to letters."""
    letters = sorted(set("".join(addends) + total))
    if len(letters) > base:
        return 0
    lead = {w[0] for w in (*addends, total) if len(w) > 1}

    def value(word: str, a: dict[str, int]) -> int:
        v = 0
        for ch in word:
            v = v * base + a[ch]
        return v

    n = 0
    for perm in itertools.permutations(range(base), len(letters)):
        a = dict(zip(letters, perm, strict=True))
        if any(a[c] == 0 for c in lead):
            continue
        if sum(value(w, a) for w in addends) == value(total, a):
            n += 1
    return n


def random_sum(rng: random.Random, letters: str, base: int) -> tuple[list[str], str]:
    pool = rng.sample(letters, min(len(letters), base))
    k = rng.randint(2, 4)
    addends = ["".join(rng.choice(pool) for _ in range(rng.randint(1, 3))) for _ in range(k)]
    total = "".join(rng.choice(pool) for _ in range(rng.randint(1, 4)))
    return addends, total


def test_read_words_format():
    words = W.read_words("Mars  venus\tEARTH # planets\n# a comment line\n\nmars pluto\n")
    assert words == ["MARS", "VENUS", "EARTH", "PLUTO"]
    with pytest.raises(PuzzleError, match="line 2"):
        W.read_words("mars\nven-us\n")
    assert len(W.read_words(GREEK)) == 24


def test_parse_addends():
    assert W.parse_addends("2..3") == (2, 3)
    assert W.parse_addends("3") == (3, 3)
    assert W.parse_addends(None) == (2, 2)
    for bad in ("1", "3..2", "x", "2..1001"):
        with pytest.raises(PuzzleError):
            W.parse_addends(bad)


@pytest.mark.parametrize("base", [6, 7, 10])
def test_column_search_matches_brute_force(base):
    rng = random.Random(base)
    letters = "ABCDEF"[: 5 if base == 10 else base - 1]
    for _ in range(50 if base < 10 else 15):
        addends, total = random_sum(rng, letters, base)
        expected = brute_force(addends, total, base)
        for compiled in (None, False):       # the source compiled (if built), as Python
            n, first, _ = W.count_sum(addends, total, base, limit=10**6, compiled=compiled)
            assert n == expected, (addends, total, base)
            if n:
                assert _holds(addends, total, first, base)


def _holds(addends, total, digits, base):
    def value(word):
        v = 0
        for ch in word:
            v = v * base + digits[ch]
        return v
    return sum(map(value, addends)) == value(total) and len(set(digits.values())) == len(digits)


@pytest.mark.skipif(not W.has_compiled_core(), reason="compiled core not built")
def test_compiled_core_equals_python():
    rng = random.Random(5)
    for _ in range(300):
        base = rng.choice([5, 8, 10, 16])
        addends, total = random_sum(rng, "ABCDEFGHIJ", base)
        py = W.count_sum(addends, total, base, limit=3, compiled=False)
        c = W.count_sum(addends, total, base, limit=3, compiled=True)
        assert py == c, (addends, total, base)   # same count, first solution and nodes


@pytest.mark.skipif(not W.has_compiled_core(), reason="compiled core not built")
def test_compiled_core_node_limit_and_overflow_guard():
    n, first, nodes = W.count_sum(["SEND", "MORE"], "MONEY", limit=2, max_nodes=3)
    assert n == -1 and first is None
    # 20-letter words in base 36 do not fit 64 bits: the Python path answers
    assert not W._fits_int64(["ABCDEFGHIJKLMNOPQRST"], "ABCDEFGHIJKLMNOPQRSTU", 36)


def test_known_sums():
    assert W.count_sum(["SEND", "MORE"], "MONEY")[0] == 1
    assert W.count_sum(["GAMMA", "SIGMA"], "LAMBDA")[1] == dict(
        zip("GAMSILBD", (7, 0, 6, 3, 5, 1, 4, 2), strict=True))
    assert W.count_sum(["NUM", "BER"], "PLAY", limit=1000)[0] == 96
    assert W.count_sum(["ALPHA", "EPSILON", "PSI"], "UPSILON")[0] == 0


def every_candidate(words: list[str], k: int, repeat: bool = False):
    combos = (itertools.combinations_with_replacement if repeat else itertools.combinations)(
        range(len(words)), k)
    for combo in combos:
        for j, total in enumerate(words):
            if j not in combo:
                yield [words[i] for i in combo], total


@pytest.mark.parametrize("repeat,compiled", [(False, None), (True, None), (False, False)])
def test_every_unique_matches_brute_force_small_base(repeat, compiled):
    words = W.read_words("ab ba cab bad dab ca add cc dec abc")
    base = 5
    expected = {(tuple(a), t) for k in (2, 3) for a, t in every_candidate(words, k, repeat)
                if brute_force(a, t, base) == 1}
    tally = W.Tally()
    got = list(W.every_unique(W.WordList(words, base), (2, 3), repeat, tally=tally,
                              compiled=compiled))
    assert {(f.addends, f.total) for f in got} == expected
    assert tally.found == len(got) and tally.undecided == 0
    for f in got:
        assert _holds(list(f.addends), f.total, dict(f.digits), base)


def test_every_unique_matches_the_solver_on_greek():
    """Base 10 on our own Greek list: the candidate filter and the column search
    against numberplay's general solver on every candidate (sum not an addend)."""
    words = W.read_words(GREEK)[:12]
    expected = set()
    for a, t in every_candidate(words, 2):
        if len(set("".join(a) + t)) > 10:
            continue
        if KIND.count(KIND.parse(" + ".join(a) + " = " + t), limit=2) == 1:
            expected.add((tuple(a), t))
    got = list(W.every_unique(W.WordList(words), (2, 2)))
    assert {(f.addends, f.total) for f in got} == expected
    assert ("GAMMA", "THETA") in {f.addends for f in got}


def test_every_unique_order_limit_and_pool():
    words = W.WordList(W.read_words(GREEK))
    alone = list(W.every_unique(words, (2, 2)))
    assert [f.formula for f in alone][:2] == ["GAMMA + THETA = LAMBDA", "GAMMA + SIGMA = THETA"]
    assert len(alone) == 4
    assert [f.formula for f in W.every_unique(words, (2, 2), limit=3)] == \
        [f.formula for f in alone[:3]]
    assert alone[2].numbers() == "70660 + 35760 = 106420"
    pooled = list(W.every_unique(words, (2, 2), workers=2))
    assert pooled == alone


def test_twin_letters_are_never_unique():
    """The shortcut of the decider: two letters of equal weight and leading-zero
    rule mean 0 or at least 2 solutions (checked by brute force)."""
    rng = random.Random(11)
    twins = 0
    for _ in range(150):
        addends, total = random_sum(rng, "ABCDE", 6)
        if W.has_twins(addends, total, 6):
            twins += 1
            assert brute_force(addends, total, 6) != 1, (addends, total)
    assert twins > 10
    assert W.has_twins(["AB", "CB"], "DEF") and not W.has_twins(["SEND", "MORE"], "MONEY")
