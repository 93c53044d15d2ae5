"""Doubly true sums and sums with a fixed result: against a brute force on tables
and lists small enough to try every digit assignment, and cryptator's generator
tests (its lists written here)."""

from __future__ import annotations

import itertools
import random

import pytest
from click.testing import CliRunner

from numberplay.cli import app
from numberplay.cryptarithm import numbers as N
from numberplay.cryptarithm.fixed import fixed_result
from numberplay.cryptarithm.generate import generate_all_sums
from numberplay.errors import PuzzleError
from numberplay.kinds import InlineText

runner = CliRunner()


def solutions(addends: tuple[str, ...], total: str, base: int = 10, limit: int = 2) -> int:
    """Solutions of `addends = total` by trying every injective assignment."""
    letters = sorted(set("".join(addends) + total))
    if len(letters) > base:
        return 0
    lead = {w[0] for w in (*addends, total) if len(w) > 1}
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
        if sum(value(w) for w in addends) == value(total):
            n += 1
            if n >= limit:
                break
    return n


def small_table(seed: int) -> N.NumberTable:
    """Numbers 1..12 named by random words over five letters."""
    rng = random.Random(seed)
    names: list[str] = []
    while len(names) < 12:
        w = "".join(rng.choice("ABCDE") for _ in range(rng.randint(1, 3)))
        if w not in names:
            names.append(w)
    return N.NumberTable(tuple(range(1, 13)), tuple(names), "test")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("repeat", [False, True])
def test_doubly_true_matches_brute_force(seed, repeat):
    table = small_table(seed)
    name = table.name_of()
    base = 6
    want = set()
    for k in (2, 3):
        pick = itertools.combinations_with_replacement if repeat else itertools.combinations
        for combo in pick(table.numbers, k):
            total = sum(combo)
            if total not in name or (not repeat and total in combo):
                continue
            words = tuple(name[n] for n in combo)
            if solutions(words, name[total], base) == 1:
                want.add((words, name[total]))
    got = {(f.addends, f.total) for f in N.doubly_true(table, (2, 3), repeat, base=base)}
    assert got == want
    for f in N.doubly_true(table, (2, 3), repeat, base=base):
        inverse = {w: n for n, w in name.items()}
        assert sum(inverse[w] for w in f.addends) == inverse[f.total]


def test_english_numbers():
    """crypt's own example (repeats) and the most famous one of distinct numbers."""
    table = N.language_table("en", 0, 100)
    assert table.names[45] == "FORTYFIVE" and table.names[100] == "ONEHUNDRED"
    found = {f.formula for f in N.doubly_true(table, (3, 3), repeat=True)}
    assert "SIX + SEVEN + SEVEN = TWENTY" in found
    distinct = [f.formula for f in N.doubly_true(table, (2, 1000))]
    assert "ONE + TWO + FIVE + NINE + ELEVEN + TWELVE + FIFTY = NINETY" in distinct
    assert all(len(set(f.split(" + "))) == len(f.split(" + ")) for f in distinct)


def test_languages_and_capitals():
    for lang in N.LANGUAGES:
        assert lang in N.known_languages()
        names = N.language_table(lang, 0, 30).names
        assert all(" " not in w and "-" not in w for w in names)
    assert N.language_table("de", 5, 5).names == ("FÜNF",)
    # Turkish dotless i and dotted i stay two letters: the table stays in lower case
    assert "sıfır" in N.language_table("tr", 0, 1).names
    assert N.capitals(["dreißig"]) == ["DREIẞIG"]


def test_table_file_errors_name_the_line(tmp_path):
    with pytest.raises(PuzzleError, match="line 2"):
        N.read_table("1 ONE\nTWO 2\n", "t")
    with pytest.raises(PuzzleError, match="line 3.*named twice"):
        N.read_table("1 ONE\n2 TWO\n1 UN\n", "t")
    with pytest.raises(PuzzleError, match="known: .*en"):
        N.load_table("klingon")
    with pytest.raises(PuzzleError, match="known: .*fr"):
        N.load_table(InlineText("xx"))
    table = N.load_table(InlineText("# mine\n1 ONE\n2 TWO\n3 THREE  # three\n"))
    assert table.numbers == (1, 2, 3)


def test_cli(tmp_path):
    table = tmp_path / "t.txt"
    table.write_text("# crypt's table\n" + "\n".join(
        f"{n} {w}" for n, w in zip(range(21), N.language_table("en", 0, 20).names,
                                   strict=True)) + "\n20 TWENTY\n", encoding="utf-8")
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--doubly-true", str(table),
                            "-q"])
    assert r.exit_code == 2 and "line 23" in r.output and len(r.output.strip().splitlines()) == 1
    table.write_text("\n".join(f"{n} {w}" for n, w in zip(
        range(21), N.language_table("en", 0, 20).names, strict=True)), encoding="utf-8")
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--doubly-true", str(table),
                            "--addends", "3", "--repeat", "-q"])
    assert r.exit_code == 0, r.output
    assert "SIX + SEVEN + SEVEN = TWENTY  (650 + 68782 + 68782 = 138214)" in r.output
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--doubly-true", "xx"])
    assert r.exit_code == 2 and "known:" in r.output
    r = runner.invoke(app, ["generate", "cryptarithm", "--doubly-true", "en", "--addends",
                            "2..", "--seed", "1", "--count", "2"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["generate", "cryptarithm", "--numbers", "0..10"])
    assert r.exit_code == 2 and "--doubly-true" in r.output


def test_generate_all_by_options():
    got = [g.text for g in generate_all_sums(doubly_true=InlineText("en"), numbers="0..100",
                                             addends="2..", graded=False)]
    assert len(got) == 12 and "ONE + NINE + TWENTY + FIFTY = EIGHTY" in got


# -- cryptator's generator tests (GenerateTest.java), its lists written here ------------------

def test_send_more_money():
    got = list(generate_all_sums(words=InlineText("send more money"), addends="2..",
                                 graded=False))
    assert [g.text for g in got] == ["SEND + MORE = MONEY"]


def test_planets():
    got = [g.text for g in generate_all_sums(words=InlineText("venus earth uranus saturn"),
                                             addends="2..", graded=False)]
    assert got == ["EARTH + URANUS = SATURN", "VENUS + EARTH + URANUS = SATURN"]
    fixed = [g.text for g in generate_all_sums(words=InlineText("venus earth uranus saturn"),
                                               addends="2..", result="planets", graded=False)]
    assert fixed == ["URANUS + SATURN = PLANETS"]


@pytest.mark.parametrize("seed", [4, 5])
def test_fixed_result_matches_brute_force(seed):
    rng = random.Random(seed)
    words = sorted({"".join(rng.choice("ABCDEF") for _ in range(rng.randint(1, 3)))
                    for _ in range(9)})
    result = "FED"
    pool = [w for w in words if w != result]
    want = set()
    for k in (2, 3):
        for combo in itertools.combinations(pool, k):
            if solutions(combo, result, 7) == 1:
                want.add(combo)
    got = {f.addends for f in fixed_result(words, result, (2, 3), base=7)}
    assert got == want
