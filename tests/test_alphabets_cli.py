"""Letters of any alphabet are letters in alphametics (lower case and scripts
without case too: see test_notation.py). Every count is checked against a brute force over permutations that
knows nothing of alphabets; word lists are read as UTF-8."""

from __future__ import annotations

import itertools
import re

import pytest

import numberplay
from numberplay import PuzzleError
from numberplay.cryptarithm import wordlist as W
from test_wordlist import brute_force

FUENF = "EINS + EINS + EINS + EINS + EINS = FÜNF"

# Small sums of words, written again letter for letter in other alphabets.
SUMS = ["TO + GO = OUT", "AB + BA = CBC", "SO + SO = TOO", "ON + ON = ZNO", "NO + GUN = HUNT"]
ALPHABETS = {
    "greek": dict(zip("ABCGHNOSTUZ", "ΑΒΓΔΘΛΞΠΣΦΩ", strict=True)),
    "cyrillic": dict(zip("ABCGHNOSTUZ", "БГДЖЗИЛПФЦЯ", strict=True)),
    "spanish and german": dict(zip("ABCGHNOSTUZ", "ÑÜÖÄÉÇÀABCD", strict=True)),
}


def _sides(formula: str) -> tuple[list[str], str]:
    left, right = formula.split("=")
    return [w.strip() for w in left.split("+")], right.strip()


def test_fuenf_has_exactly_the_solution_a_brute_force_finds():
    letters = "EINSFÜ"
    found = []
    for digits in itertools.permutations(range(10), len(letters)):
        a = dict(zip(letters, digits, strict=True))
        if a["E"] and a["F"]:
            eins = int("".join(str(a[c]) for c in "EINS"))
            if 5 * eins == int("".join(str(a[c]) for c in "FÜNF")):
                found.append(a)
    assert len(found) == 1
    p = numberplay.parse("cryptarithm", FUENF)
    assert numberplay.count(p) == 1
    assert numberplay.solve(p).mapping == found[0]


@pytest.mark.parametrize("alphabet", sorted(ALPHABETS))
@pytest.mark.parametrize("formula", SUMS)
def test_sums_in_other_alphabets_count_as_a_brute_force(alphabet, formula):
    table = str.maketrans(ALPHABETS[alphabet])
    written = formula.translate(table)
    addends, total = _sides(written)
    expected = brute_force(addends, total)
    assert expected == brute_force(*_sides(formula))      # the same puzzle, other letters
    p = numberplay.parse("cryptarithm", written)
    assert numberplay.count(p) == expected
    for solution in numberplay.solutions(p):
        assert set(solution.mapping) == set(written) - set(" +=")


def test_canonically_equal_spellings_are_one_letter():
    decomposed = FUENF.replace("Ü", "U\u0308")       # U and a combining diaeresis
    assert numberplay.parse("cryptarithm", decomposed) == numberplay.parse("cryptarithm", FUENF)
    ohm = numberplay.parse("cryptarithm", "\u2126A + A = \u2126B")   # the ohm sign
    assert ohm == numberplay.parse("cryptarithm", "\u03a9A + A = \u03a9B")   # capital omega


@pytest.mark.parametrize(("formula", "says"), [
    ("EINS + eins = FÜNF_", "unknown name 'FÜNF_'"),
    ("EINS + EINS = FüNF$", "unexpected character '$'"),
    ("ＡＢ + Ａ = ＢＢ", "compatibility form"),        # full-width letters
])
def test_bad_names_and_lookalike_letters_are_one_clear_line(run, formula, says):
    with pytest.raises(PuzzleError, match=re.escape(says)):
        numberplay.parse("cryptarithm", formula)
    r = run(["solve", "cryptarithm", formula])
    assert r.exit_code == 2 and says in r.stderr and r.stderr.count("\n") == 1


def test_cli_solves_and_fixes_letters_of_any_alphabet(run):
    r = run(["solve", "cryptarithm", FUENF])
    assert r.exit_code == 0, r.output
    assert "Ü=2" in r.stdout
    assert run(["solve", "cryptarithm", FUENF, "--fix", "Ü=2", "--count"]).stdout.strip() == "1"
    assert run(["solve", "cryptarithm", FUENF, "--fix", "Ü=3", "--count"]).stdout.strip() == "0"
    product = run(["solve", "cryptoproduct", "ΑΒ x ΒΑ = ΒΓΒ", "--count"])
    assert product.exit_code == 0 and product.stdout.strip() == str(
        sum(1 for a, b, g in itertools.permutations(range(10), 3)
            if a and b and (10 * a + b) * (10 * b + a) == 101 * b + 10 * g))


RUSSIAN = """\ufeff# числа: more than 26 letters in the list
один два три четыре пять шесть семь восемь девять десять
сто тысяча ноль нуль сорок шестьдесят пятьдесят
жук эхо юг щи фаза гриб мышь
mars venus earth pluto
"""


def cpsat_count(addends: list[str], total: str) -> int:
    """Solutions of a sum of words by CP-SAT (all of them enumerated), the oracle for
    sums with too many letters for the brute force: the shared model built from the
    text alone (cpsat_oracle.py)."""
    pytest.importorskip("ortools.sat.python.cp_model")
    from cpsat_oracle import oracle

    return oracle(" + ".join(addends) + " = " + total)


def test_word_lists_of_any_alphabet_compiled_and_python_agree_with_an_oracle(tmp_path):
    words = W.read_words(RUSSIAN.lstrip("\ufeff"))
    assert "ЧЕТЫРЕ" in words and len(set("".join(words))) > 26
    vocab = W.WordList(words)
    compiled = [f.formula for f in W.every_unique(vocab, (2, 2))] \
        if W.has_compiled_core() else None
    python = [f.formula for f in W.every_unique(vocab, (2, 2), compiled=False)]
    if compiled is not None:
        assert compiled == python
    assert python
    for formula in python:
        assert cpsat_count(*_sides(formula)) == 1
    # sums found or not, counted both ways and by brute force where it is quick
    for a, b in itertools.islice(itertools.combinations(words, 2), 30):
        for total in words[:10]:
            expected = brute_force([a, b], total) if len(set(a + b + total)) <= 6 else None
            n_py, _, _ = W.count_sum([a, b], total, limit=10**6, compiled=False)
            if W.has_compiled_core():
                assert W.count_sum([a, b], total, limit=10**6)[0] == n_py
            if expected is not None:
                assert n_py == expected


def test_generate_reads_a_utf8_word_list_with_a_bom(run, tmp_path):
    path = tmp_path / "zahlen.txt"
    path.write_bytes("\ufeffeins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf "
                     "zwanzig dreißig hundert null\nmädchen käse bär öl über grün schön süß\n"
                     .encode())
    r = run(["generate", "cryptarithm", "--all", "--words", str(path), "--addends", "2..3",
             "-q"])
    assert r.exit_code == 0, r.output
    words = set(W.read_words(path.read_text(encoding="utf-8-sig")))
    lines = [line.split("  (")[0] for line in r.stdout.splitlines() if "=" in line]
    assert lines
    for line in lines:
        addends, total = _sides(line)
        assert set(addends) | {total} <= words
        assert cpsat_count(addends, total) == 1


def test_hint_state_names_letters_of_any_alphabet(run):
    fixed = run(["hint", "cryptarithm", FUENF, "--state", "U\u0308=2", "--level", "3"])
    assert fixed.exit_code == 0, fixed.output
    wrong = run(["hint", "cryptarithm", FUENF, "--state", "Ü=3"])
    assert wrong.exit_code == 0 and "Ü = 3 is wrong" in wrong.stdout
    bad = run(["hint", "cryptarithm", FUENF, "--state", "Ü=²"])
    assert bad.exit_code == 2 and bad.stderr.count("\n") == 1 and "Ü=²" in bad.stderr
