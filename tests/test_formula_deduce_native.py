"""The compiled deduction of sums (formula/_deduce.c) against its pure-Python twin
(`fixpoint.Fixpoint`, `trials.Trials`), and the pure-Python Hall filter against
the compiled one.

From random positions reached by random suppositions: the same fixpoint, the same
`closes` answers, the same technique step and the same trial search result
(place, value, chain size, bound) at depths 1 and 2; whole explanations the same
word for word with and without the compiled core.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay import deduce as D
from numberplay.formula import deduce as CD
from numberplay.formula import fixpoint as FP
from numberplay.formula.candidates import _compiled, hall_py
from numberplay.formula.columns import build

if FP._deduce is None and os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
    pytest.fail("numberplay.formula._deduce was not built")
native = pytest.mark.skipif(FP._deduce is None, reason="compiled core not built")

FORMULAS = [("SEND + MORE = MONEY", 10), ("STAR + EARTH = BRICK", 10),
            ("GAMMA + NU + OMEGA = SIGMA", 10), ("TEN + TEN + FORTY = SIXTY", 10),
            ("HAWAII + IDAHO + IOWA + OHIO = STATES", 10), ("MEMORY + ROUTER = PYTHON", 10),
            ("WELL - DO + YOU = PUNK", 10), ("A + B = CD", 10), ("TO + GO = OUT", 8),
            ("TEN+SEVEN+SEVEN+SEVEN+FOUR+FOUR+ONE = FORTY", 10),
            ("ABCDEFG + HIJKLMN = BDFHJLNA", 16)]     # 14 letters: Hall by the technique


def _positions(rules: CD.CryptarithmRules, seed: str, count: int) -> list[CD.Position]:
    """Positions after one to four random suppositions from the first position."""
    rng = random.Random(seed)
    start = CD.first_position(rules.model)
    out = []
    while len(out) < count:
        pos = start.copy()
        for _ in range(rng.randint(0, 4)):
            open_ = [pv for pv in rules.candidates(pos) if len(pv[1]) > 1]
            if not open_:
                break
            place, values = rng.choice(open_)
            try:
                rules.assume(pos, place, rng.choice(values))
            except D.Contradiction:
                break
        else:
            out.append(pos)
    return out


def _rules(formula: str, base: int) -> CD.CryptarithmRules:
    rules = CD.CryptarithmRules(build(formula, base))
    if rules.fixpoint.native is None:
        pytest.skip("not covered by the compiled core")
    return rules


@native
@pytest.mark.parametrize(("formula", "base"), FORMULAS)
def test_fixpoint_and_closes_match_the_python_twin(formula, base):
    rules = _rules(formula, base)
    fix = rules.fixpoint
    ded = fix.native
    for pos in _positions(rules, formula, 30):
        m = fix.masks(pos)
        want = fix.run(list(m), list(range(len(m))))
        got = ded.fixpoint(m)
        assert (None if got is None else list(got)) == want
        for place, values in rules.candidates(pos)[:4]:
            v = fix.index[place]
            for value in values:
                work = list(m)
                work[v] &= 1 << (value - (fix.lo[place] if v >= len(fix.letters) else 0))
                if not all(work):
                    continue
                assert ded.closes(v, value - (fix.lo[place] if v >= len(fix.letters) else 0),
                                  work) == fix.closes_py((place, value), work)


@native
@pytest.mark.parametrize(("formula", "base"), FORMULAS)
def test_step_and_search_match_the_python_twin(formula, base):
    rules = _rules(formula, base)
    fix, trials = rules.fixpoint, rules.trials
    ded = fix.native
    for pos in _positions(rules, formula + "search", 12):
        m = fix.masks(pos)
        if not trials.settle(m):
            continue
        want_m = list(m)
        want = trials.step(want_m)
        got, got_m = ded.step(m)
        assert (got, list(got_m)) == (want, want_m)
        for depth in (1, 2):
            for limit in (60, 6):
                got = ded.search(m, depth, limit, 400, None)
                fix.native = None
                try:
                    want = trials.find_py(list(m), depth, limit, 400, None)
                finally:
                    fix.native = ded
                if want is not None:
                    v = fix.index[want[0]]
                    want = (v, want[1] - (fix.lo[want[0]] if v >= len(fix.letters) else 0),
                            want[2], want[3])
                assert got == want


@native
@pytest.mark.parametrize(("formula", "base"), FORMULAS[:6] + [("TO + GO = OUT", 8)])
def test_explanations_are_the_same_without_the_compiled_core(formula, base, monkeypatch):
    fast = [s.text for s in CD.explanation(formula, base)]
    monkeypatch.setattr(FP, "_deduce", None)
    slow = [s.text for s in CD.explanation(formula, base)]
    assert fast == slow


@native
def test_a_column_too_wide_is_left_to_python():
    """A column of more than six letters is bounded by the Python filters: not covered."""
    rules = CD.CryptarithmRules(build("A + B + C + D + E + F + G = HI", 10))
    assert rules.fixpoint.enabled and rules.fixpoint.native is None
    assert CD.quick_grade("A + B + C + D + E + F + G = HI") is None


@pytest.mark.skipif(_compiled is None, reason="compiled core not built")
@settings(max_examples=300, deadline=None)
@given(st.integers(2, 16).flatmap(lambda base: st.tuples(
    st.just(base), st.lists(st.integers(1, (1 << base) - 1), min_size=1, max_size=base))))
def test_hall_py_is_the_compiled_hall(case):
    base, masks = case
    for every in (False, True):
        assert hall_py(tuple(masks), base, every) == _compiled.hall(tuple(masks), base, every)


GRADED = ["SEND + MORE = MONEY", "STAR + EARTH = BRICK", "GAMMA + NU + OMEGA = SIGMA",
          "MEMORY + ROUTER = PYTHON", "FLOAT + KERNEL = LAPTOP", "GNAT + HERON = OTTER",
          "GREEN + IVORY + MAROON = ORANGE", "PEACH + GRAPE = LITCHI",
          "VENUS + EARTH + URANUS = SATURN",
          "HORSE + SHARK = JACKAL", "TEN + TEN + FORTY = SIXTY", "CRANE + GECKO = PANDA"]


@native
@pytest.mark.parametrize("formula", GRADED)
def test_compiled_grade_is_the_explanations_grade(formula):
    """The compiled grade (no step, no sentence, stopped once hard; depth-2 trials
    never searched) gives the label of the whole explanation."""
    from types import SimpleNamespace

    from numberplay.formula.explain import grade_label, grade_of, grade_py
    run = CD.explanation(formula)
    list(run)
    want = grade_label(run.hardest, run.trial_count, run.guesses)
    puzzle = SimpleNamespace(formula=formula, base=10, fixed=())
    assert CD.quick_grade(formula) is not None
    assert grade_of(puzzle) == grade_py(puzzle) == want


@pytest.mark.parametrize("formula", GRADED[:6])
def test_the_kernels_grade_is_the_formula_grade(formula):
    """The deduction kernel's one grade, with the formula's label, says what
    `explain.grade_of` says."""
    from types import SimpleNamespace

    from numberplay.formula.explain import grade_py
    model = build(formula, 10)
    label, _tally = D.grade(CD.CryptarithmRules(model), CD.first_position(model),
                            limits=CD.LIMITS)
    assert label == grade_py(SimpleNamespace(formula=formula, base=10, fixed=()))
