"""Cryptarithm explanations: sound, from the formula alone, in a player's words."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import numberplay
from numberplay.formula import solver as S
from numberplay.formula.columns import assignment, build
from numberplay.formula.ladder import explanation

MENU = Path(numberplay.__file__).parent / "cryptoproduct" / "examples" / "menu.txt"
DATA = Path(__file__).parent.parent / "benchmarks" / "data" / "alphametics.txt"


def brute(formula: str, base: int = 10) -> list[dict[str, int]]:
    """Every solution by trying every assignment (independent of the solver); formulas
    of more than 7 letters are checked by the solver (count) and the exact evaluator."""
    comp = S.compile_puzzle(formula, base)
    if len(comp.letters) > 7:
        p = numberplay.parse("cryptarithm", formula, base=base)
        sols = [s.mapping for s in numberplay.get_kind("cryptarithm").solutions(p)]
        assert all(comp.holds([a[c] for c in comp.letters]) for a in sols)
        return sols
    out = []
    for digits in itertools.permutations(range(base), len(comp.letters)):
        a = dict(zip(comp.letters, digits, strict=True))
        if any(a[c] == 0 for c in comp.lead):
            continue
        if comp.holds(list(digits)):
            out.append(a)
    return out


def steps_of(kind: str, formula: str, **options):
    return list(numberplay.explain(numberplay.parse(kind, formula, **options)))


def final(steps) -> dict[str, int]:
    assert steps[-1].technique == "solved", steps[-1].text
    return dict(steps[-1].fixed)


def test_send_more_money_by_columns_alone() -> None:
    steps = steps_of("cryptarithm", "SEND + MORE = MONEY")
    techniques = {s.technique for s in steps}
    assert not techniques & {"guess", "trial", "backtrack"}
    assert final(steps) == brute("SEND + MORE = MONEY")[0]
    texts = [s.text for s in steps]
    assert any(t.startswith("column 1 (units): D + E = Y + 10·c1") for t in texts)
    assert any("the sum is one digit longer" in t and "M = 1" in t for t in texts)
    assert any("O = 0" in t and "1 + S + c3 = O + 10" in t for t in texts)
    assert numberplay.grade(numberplay.parse("cryptarithm", "SEND + MORE = MONEY")) == "easy"


def test_feup_report_menu_without_a_guess() -> None:
    lines = [ln for ln in MENU.read_text().splitlines() if ln and not ln.startswith("#")]
    assert len(lines) == 15
    for line in lines:
        steps = steps_of("cryptoproduct", line)
        assert not any(s.technique in ("guess", "backtrack") for s in steps), line
        formula = numberplay.parse("cryptoproduct", line).formula
        assert [final(steps)] == brute(formula), line


def test_product_techniques_speak_of_last_digits_and_lengths() -> None:
    texts = [s.text for s in steps_of("cryptoproduct", "GR x RG = RBR")]
    assert any(t.startswith("last digit: R x G must end in R") for t in texts)
    assert any(t.startswith("product length: RBR has 3 digits") for t in texts)
    assert not any("try R = 2" in t for t in texts)


def test_explanations_never_read_the_answer(monkeypatch) -> None:
    formulas = ["SEND + MORE = MONEY", "ALPHABET + LETTERS = SCRABBLE", "GR x RG = RBR",
                "ODD + ODD = EVEN", "YOU = ME ^ 2"]
    kinds = ["cryptarithm"] * 2 + ["cryptoproduct", "cryptarithm", "cryptarithm"]
    before = [[s.to_json() for s in steps_of(k, f)] for k, f in zip(kinds, formulas, strict=True)]

    def no_solver(*_a, **_k):
        raise AssertionError("the explanation asked the solver")
    monkeypatch.setattr(S, "search", no_solver)
    monkeypatch.setattr(S, "count", no_solver)
    monkeypatch.setattr(S, "make_plan", no_solver)
    after = [[s.to_json() for s in steps_of(k, f)] for k, f in zip(kinds, formulas, strict=True)]
    assert before == after


def test_trials_remove_only_wrong_values_and_end_on_the_solution() -> None:
    formula = "ALPHABET + LETTERS = SCRABBLE"
    steps = steps_of("cryptarithm", formula)
    answer = numberplay.solve(numberplay.parse("cryptarithm", formula)).mapping
    assert any(s.technique == "trial" for s in steps)
    for s in steps:
        for place, value in s.removed:
            if place in answer:
                assert answer[place] != value, s.text
    assert final(steps) == answer


def test_several_solutions_guess_plainly_and_end_on_one_of_them() -> None:
    steps = steps_of("cryptarithm", "ODD + ODD = EVEN")
    assert any(s.technique == "guess" and "guess" in s.text.lower() for s in steps)
    assert final(steps) in brute("ODD + ODD = EVEN")


def test_no_solution_ends_with_what_ran_out() -> None:
    steps = steps_of("cryptarithm", "A + B = CDE")
    assert steps[-1].technique == "no solution"


@pytest.mark.parametrize("seed", range(6))
def test_random_small_sums_in_small_bases_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    base = rng.choice((5, 6, 7))
    letters = "ABCDEF"[:base - 1]
    words = ["".join(rng.choice(letters) for _ in range(rng.randint(1, 3))) for _ in range(3)]
    op = rng.choice(("+", "-"))
    formula = f"{words[0]} {op} {words[1]} = {words[2]}"
    sols = brute(formula, base)
    steps = list(explanation(formula, base))
    if not sols:
        assert steps[-1].technique == "no solution", formula
        return
    assert steps[-1].technique == "solved", formula
    run = explanation(formula, base)
    list(run)
    assert assignment(run.rules.model, run.position) in sols, formula


def test_columns_telescope_to_the_sum() -> None:
    model = build("TWO + TWENTY = TWELVE + TEN", 10)
    assert [c.label for c in model.columns][:2] == ["column 1 (units)", "column 2 (tens)"]
    assert model.columns[0].cin is None and model.columns[-1].cout is None
    assert model.carry_range["c1"][0] < 0 < model.carry_range["c1"][1] or \
        model.carry_range["c1"] == (-1, 1)


def test_the_benchmark_list_is_unique_and_large() -> None:
    lines = [ln.partition("#")[0].strip() for ln in DATA.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert len(lines) >= 200 and len(set(lines)) == len(lines)
    small = [f for f in lines if len(S.compile_puzzle(f, 10).letters) <= 6]
    rng = random.Random(1)
    for f in rng.sample(small, min(3, len(small))):   # brute force re-checks a few
        assert len(brute(f)) == 1, f


def test_hint_from_a_partial_assignment_reports_wrong_letters_first() -> None:
    p = numberplay.parse("cryptarithm", "SEND + MORE = MONEY")
    h = numberplay.hint(p, state="M=1, O=0, S=8", level=3)
    assert [(w.place, w.value) for w in h.wrong] == [("S", 8)]
    assert h.step is not None and h.step.technique != "guess"
    assert not any(place == "M" for place, _ in h.step.fixed)
    h1 = numberplay.hint(p, state="M=1", level=1)
    assert h1.text.startswith("Look at column")


def test_grade_names_the_hardest_technique() -> None:
    impl = numberplay.get_kind("cryptarithm")
    assert impl.grade(numberplay.parse("cryptarithm", "EAT + THAT = APPLE")) == "easy"
    assert impl.grade(numberplay.parse("cryptarithm", "ALPHABET + LETTERS = SCRABBLE")) == \
        "medium"        # two single trials
    assert impl.grade(numberplay.parse("cryptarithm", "THATS + THE + THEORY = ANYWAY")) == \
        "hard"          # many trials


def test_a_wide_column_is_bounded_with_distinct_digits() -> None:
    # column 2 of this sum has 7 letters (too wide to enumerate): its carry out is
    # bounded by pairing the largest multiples with the largest distinct digits
    # (3·9 + 2·8 + 7 + 6 + 5 + 4 + 5 = 70 at most, so c2 ≤ 7; per-letter bounds
    # alone allow 9 + 9 + ... and c2 = 8); the narrowed column keeps the solution
    from numberplay.formula.filters import unit_filter
    from numberplay.formula.ladder import first_position
    formula = "AN + ACCELERATING + INFERENTIAL + ENGINEERING + TALE + ELITE + GRANT + FEE + " \
              "ET + CETERA = ARTIFICIAL + INTELLIGENCE"
    model = build(formula, 10)
    pos = first_position(model)
    col = model.columns[1]
    assert len(col.letters) > 6
    c1, c2 = model.place["c1"], model.place["c2"]
    pos[c1] = sum(1 << (v - model.lo[c1]) for v in range(2, 6))  # as the explanation has it
    unit = model.units[1]
    new = unit_filter(unit, tuple(pos[v] for v in unit.vars), model.base, model.lo)
    assert new is not None
    got = dict(zip(unit.vars, new, strict=True))
    assert {v + model.lo[c2] for v in range(10) if got[c2] >> v & 1} == set(range(1, 8))
    (sol,) = brute(formula)
    for c in col.letters:
        assert got[model.place[c]] >> sol[c] & 1


def test_crypto_products_are_graded_by_their_deductions():
    """The grade of a crypto-product is read off its explanation, as for every kind:
    easy without a trial, medium with one or two single trials, hard otherwise."""
    from numberplay.model import GUESS, TRIAL
    for line in ["GR x RG = RBR", "BR x RG = GBG", "PCOG x COPP = TYORTPP",
                 "MWOO x MTGR = PMYTWMGR", "OTGW x CPTB = YCGTOYBW"]:
        puzzle = numberplay.parse("cryptoproduct", line)
        steps = steps_of("cryptoproduct", line)
        trials = [s for s in steps if s.technique == TRIAL]
        nested = any(t.technique == TRIAL for s in trials for t in s.chain)
        if nested or len(trials) >= 3 or any(s.technique == GUESS for s in steps):
            want = "hard"
        else:
            want = "medium" if trials else "easy"
        assert numberplay.grade(puzzle) == want, line


def test_a_fixed_digit_that_leaves_a_letter_no_digit_is_explained_not_crashed(run):
    """`--fix O=0` on a word led by O: the explanation says there is no solution
    (no internal error when a letter has no digit left to show)."""
    result = run(["explain", "cryptarithm", "ON + ON = GO", "--fix", "O=0"])
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
