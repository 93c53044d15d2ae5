"""enigma.py's options on formula kinds: --digits, --invalid, --distinct, --symbols,
--extra and the wildcard `?`; the answers enigma.py's documentation prints for its
SubstitutedSum and SubstitutedExpression examples, and a brute force on small
formulas with random options."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import numberplay
from numberplay import PuzzleError
from numberplay.formula import puzzle as F
from numberplay.formula.options import parse_digits, parse_distinct, parse_invalid

# (formula, options, every solution as "A=1 B=2 ...") as enigma.py's documentation
# prints them (its SubstitutedSum and SubstitutedExpression docstrings; the same as
# enigma.py 's own run of them): the puzzles are the published ones named there.
# benchmarks/bench_enigma_options.py times the same puzzles against enigma.py.
ENIGMA_DOCS = [(case["formula"], case["options"], case["solutions"]) for case in json.loads(
    (Path(__file__).parent / "data" / "enigma_substituted.json").read_text(encoding="utf-8"))]


def _shown(assignment) -> str:
    return " ".join(f"{c}={d}" for c, d in sorted(dict(assignment).items()))


@pytest.mark.parametrize("formula,options,answers", ENIGMA_DOCS,
                         ids=[f for f, _, _ in ENIGMA_DOCS])
def test_enigma_documented_examples(formula, options, answers):
    p = numberplay.parse("cryptarithm", formula, **options)
    got = sorted(_shown(s.assignment) for s in numberplay.solutions(p))
    assert got == sorted(answers)
    assert numberplay.count(p) == len(answers)
    for s in numberplay.solutions(p):
        assert numberplay.verify(p, s)


def test_the_command_line_takes_enigma_syntax(run):
    result = run(["solve", "cryptarithm", "1939 + 1079 = 6856", "--symbols", "0123456789",
                  *itertools.chain.from_iterable(
                      ("--invalid", spec) for spec in
                      ("0,016", "1,1", "3,3", "5,5", "6,6", "7,7", "8,8", "9,9")),
                  "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["count"] == 1
    assert data["solutions"][0]["text"] == "2767 + 2137 = 4904"
    result = run(["solve", "cryptarithm", "WILKI + NSON = JONNY", "--digits", "0-8", "--count"])
    assert result.exit_code == 0 and result.stdout.strip() == "2"


@pytest.mark.parametrize("args,option", [
    (["--digits", "9-0"], "--digits"),
    (["--digits", "0-10"], "--digits"),
    (["--digits", "x"], "--digits"),
    (["--invalid", "12"], "--invalid"),
    (["--invalid", "0,A*"], "--invalid"),
    (["--distinct", "A+B"], "--distinct"),
    (["--symbols", "A+"], "--symbols"),
    (["--symbols", "AB"], "--symbols"),
    (["--extra", "A +"], "--extra"),
    (["--extra", "A + B"], "--extra"),
])
def test_bad_values_name_the_option(run, args, option):
    result = run(["solve", "cryptarithm", "AB + C = DE", *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and option in lines[0] and "Traceback" not in result.output


def test_parsers():
    assert parse_digits("0-3,7") == (0, 1, 2, 3, 7)
    assert parse_digits("1,3,5") == (1, 3, 5)
    assert parse_invalid("0,AB;5,C;0,D") == ((0, "ABD"), (5, "C"))
    assert parse_invalid("1-2,X") == ((1, "X"), (2, "X"))
    assert parse_invalid("") == ((0, ""),)
    assert parse_distinct("") == () and parse_distinct("0") == ()
    assert parse_distinct("1") is None
    assert parse_distinct("CBA,FED") == ("ABC", "DEF")
    with pytest.raises(PuzzleError, match="--digits"):
        parse_digits("5", base=4)


def test_a_puzzle_with_options_round_trips():
    p = numberplay.parse("cryptarithm", "AB + C = DE", digits="0-8", invalid="5,AD",
                         distinct="ABC", fix="C=1")
    from numberplay.cryptarithm.model import CryptarithmPuzzle
    assert CryptarithmPuzzle.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert F.read_formulas(F.to_text(p), CryptarithmPuzzle, "cryptarithm") == [p]
    assert numberplay.count(p) == len(list(numberplay.solutions(p)))


def test_wildcards_are_any_digit_and_never_leading_zero():
    p = numberplay.parse("cryptarithm", "?? * ? = 1?7")
    got = sorted(s.text for s in numberplay.solutions(p))
    want = sorted(f"{a} * {b} = {a * b}" for a in range(10, 100) for b in range(1, 10)
                  if 100 <= a * b <= 999 and str(a * b)[0] == "1" and str(a * b)[2] == "7")
    assert got == want


def test_explain_honours_digits_and_refuses_partial_distinctness():
    p = numberplay.parse("cryptarithm", "1939 + 1079 = 6856", symbols="0123456789",
                         invalid="0,016;1,1;3,3;5,5;6,6;7,7;8,8;9,9")
    steps = list(numberplay.explain(p))
    assert not any(s.is_guess for s in steps)
    assert steps[-1].snapshot == "2767 + 2137 = 4904"
    steps = list(numberplay.explain(numberplay.parse("cryptarithm", "WILKI + NSON = JONNY",
                                                     digits="0-8")))
    assert steps[-1].snapshot in ("48608 + 3723 = 52331", "48708 + 3623 = 52331")
    with pytest.raises(PuzzleError, match="distinct"):
        list(numberplay.explain(numberplay.parse("cryptarithm", "AB + BA = CC",
                                                 distinct="")))


@pytest.mark.parametrize("args", [
    ["--distinct", "TWO,FUR", "--fix", "T=1", "TWO + TWO = FOUR"],
    ["A? + A? = 9??"],
    ["--distinct", "", "AB + AB = 9CD"],
])
@pytest.mark.parametrize("command", ["solve", "explain", "check"])
def test_no_solution_is_exit_1_under_any_option(run, command, args):
    """A puzzle without solution says so (exit 1), whatever letters need not
    differ: never the refusal of a partial --distinct (exit 2)."""
    result = run([command, "cryptarithm", *args])
    assert result.exit_code == 1, result.output
    assert "distinct:" not in result.output and "no solution" in result.output.lower()


# -- a brute force on small formulas with random options ------------------------------------

FORMULAS = ["AB + BA = CDC", "AB + CD = EF", "A * B = CA", "AB - C = DA", "ABC = A * B * C + D",
            "AB + C = XA", "A + B + C = D", "AB * C = DEB"]


def _brute(p) -> list[str]:
    comp = F.compiled(p)
    rules = F.puzzle_rules(p, comp)
    fixed = dict(p.fixed)
    out = []
    for env in itertools.product(range(p.base), repeat=len(comp.letters)):
        a = dict(zip(comp.letters, env, strict=True))
        if any(a[c] != d for c, d in fixed.items()):
            continue
        if any(not rules.allowed[i] >> v & 1 for i, v in enumerate(env)):
            continue
        if any(len({a[c] for c in g if c in a}) != len([c for c in g if c in a])
               for g in (p.distinct if p.distinct is not None else ("".join(comp.letters),))):
            continue
        if comp.holds(list(env)):
            out.append(_shown(a))
    return sorted(out)


def _random_options(rng: random.Random, letters: str) -> dict[str, str]:
    opts: dict[str, str] = {}
    if rng.random() < 0.5:
        lo = rng.randrange(0, 3)
        opts["digits"] = f"{lo}-{rng.randrange(lo + 4, 7)}" if rng.random() < 0.5 else \
            ",".join(map(str, sorted(rng.sample(range(7), 5))))
    if rng.random() < 0.5:
        specs = [f"{rng.randrange(7)},{''.join(rng.sample(letters, 2))}" for _ in range(2)]
        if rng.random() < 0.3:
            specs.append("0," + "".join(rng.sample(letters, 1)))
        opts["invalid"] = ";".join(specs)
    if rng.random() < 0.6:
        choice = rng.random()
        if choice < 0.3:
            opts["distinct"] = ""
        elif choice < 0.7:
            opts["distinct"] = "".join(rng.sample(letters, max(2, len(letters) - 2)))
        else:
            half = len(letters) // 2
            opts["distinct"] = f"{letters[:half + 1]},{letters[half:]}"
    return opts


@pytest.mark.parametrize("seed", range(32))
def test_options_against_brute_force(seed):
    rng = random.Random(seed)
    formula = FORMULAS[seed % len(FORMULAS)]
    letters = "".join(sorted({ch for ch in formula if ch.isalpha()}))
    opts = _random_options(rng, letters)
    p = numberplay.parse("cryptarithm", formula, base=7, **opts)
    want = _brute(p)
    got = sorted(_shown(s.assignment) for s in numberplay.solutions(p))
    assert got == want, (formula, opts)
    assert numberplay.count(p) == len(want)
    for s in numberplay.solutions(p, limit=3):
        assert numberplay.verify(p, s)


def test_a_skeleton_product_of_wildcards_counts_like_brute_force():
    """Each run of letters of a word with digits keeps its place (`??7??`: the letters
    before the 7 stand three places up), so the low digits are checked first."""
    p = numberplay.parse("cryptarithm", "??? * ?? = ??7??")
    want = sum(1 for a in range(100, 1000) for b in range(10, 100)
               if 10_000 <= a * b < 100_000 and str(a * b)[2] == "7")
    assert numberplay.count(p) == want == 6601


def test_a_leading_zero_the_options_allow_is_explained():
    p = numberplay.parse("cryptarithm", "ON + ON = GO", invalid="0,", fix="O=0")
    assert [s.text for s in numberplay.solutions(p)] == ["05 + 05 = 10"]
    steps = list(numberplay.explain(p))
    assert not any(s.is_guess for s in steps) and steps[-1].snapshot == "05 + 05 = 10"


def test_the_rules_are_printed_with_the_puzzle():
    """A puzzle in a book, a page or plain text says which digits its letters may take."""
    p = numberplay.parse("cryptarithm", "WILKI + NSON = JONNY", digits="0-8")
    assert numberplay.render(p, fmt="text") == "WILKI + NSON = JONNY  (digits 0–8)"
    assert "digits 0–8" in numberplay.get_kind("cryptarithm").draw(p)
    plain = numberplay.parse("cryptarithm", "WILKI + NSON = JONNY")
    assert numberplay.render(plain, fmt="text") == "WILKI + NSON = JONNY"


@pytest.mark.parametrize("seed", range(100, 116))
def test_digit_options_on_the_propagation_search_against_brute_force(seed):
    """--digits and --invalid (every letter distinct, no leading 0): the propagation
    program starts from the allowed digits."""
    rng = random.Random(seed)
    formula = FORMULAS[seed % len(FORMULAS)]
    letters = "".join(sorted({ch for ch in formula if ch.isalpha()}))
    opts = {"digits": ",".join(map(str, sorted(rng.sample(range(7), 6)))),
            "invalid": f"{rng.randrange(1, 7)},{''.join(rng.sample(letters, 2))}"}
    p = numberplay.parse("cryptarithm", formula, base=7, **opts)
    assert F.compiled(p).program is not None
    want = _brute(p)
    assert sorted(_shown(s.assignment) for s in numberplay.solutions(p)) == want
    assert numberplay.count(p) == len(want)
