"""The compiled fixpoint of sums (formula/_settle.c) against its pure-Python twin
(`settle.Settle`), the pure-Python Hall filter against the compiled one, and whole
explanations with and without the compiled cores.

From random positions reached by random suppositions: the same fixpoint and the
same `closes` answers; whole explanations the same word for word with and without
the compiled fixpoint, and with no compiled core at all (the pure-Python
fallback, which follows every trial step by step).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay import deduce as D
from numberplay._pure import as_python
from numberplay.formula import filters as FI
from numberplay.formula import ladder as CD
from numberplay.formula import settle as SE
from numberplay.formula.columns import build
from numberplay.formula.filters import hall


def kind_grade(formula: str, base: int = 10) -> str:
    """The one grade (`Kind.grade`, the kernel's) of a formula."""
    from numberplay.cryptarithm.kind import KIND
    from numberplay.cryptarithm.model import CryptarithmPuzzle
    return KIND.grade(CryptarithmPuzzle.of(formula, base))


if SE._settle is None and os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
    pytest.fail("numberplay.formula._settle was not built")
native = pytest.mark.skipif(SE._settle is None, reason="compiled core not built")
PURE = as_python(FI)        # filters.py run as Python, whatever is compiled beside it

FORMULAS = [("SEND + MORE = MONEY", 10), ("STAR + EARTH = BRICK", 10),
            ("GAMMA + NU + OMEGA = SIGMA", 10), ("TEN + TEN + FORTY = SIXTY", 10),
            ("HAWAII + IDAHO + IOWA + OHIO = STATES", 10), ("MEMORY + ROUTER = PYTHON", 10),
            ("WELL - DO + YOU = PUNK", 10), ("A + B = CD", 10), ("TO + GO = OUT", 8),
            ("TEN+SEVEN+SEVEN+SEVEN+FOUR+FOUR+ONE = FORTY", 10),
            ("ABCDEFG + HIJKLMN = BDFHJLNA", 16)]     # 14 letters: Hall by the technique


def _positions(rules: CD.FormulaRules, seed: str, count: int) -> list[list[int]]:
    """Positions after one to four random suppositions from the first position."""
    rng = random.Random(seed)
    start = CD.first_position(rules.model)
    out = []
    while len(out) < count:
        pos = list(start)
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


def _rules(formula: str, base: int) -> CD.FormulaRules:
    rules = CD.FormulaRules(build(formula, base))
    if rules.fast.native is None:
        pytest.skip("not covered by the compiled core")
    return rules


@native
@pytest.mark.parametrize(("formula", "base"), FORMULAS)
def test_fixpoint_and_closes_match_the_python_twin(formula, base):
    rules = _rules(formula, base)
    fast = rules.fast
    ded = fast.native
    model = rules.model
    for m in _positions(rules, formula, 30):
        want = fast.run(list(m), list(range(len(m))))
        got = ded.fixpoint(m)
        assert (None if got is None else list(got)) == want
        for place, values in rules.candidates(m)[:4]:
            v = model.place[place]
            for value in values:
                work = list(m)
                bit = value - model.lo[v]
                work[v] &= 1 << bit
                if not all(work):
                    continue
                assert ded.closes(v, bit, work) == fast.closes_py(v, bit, work)


@native
@pytest.mark.parametrize(("formula", "base"), FORMULAS[:6] + [("TO + GO = OUT", 8)])
def test_explanations_are_the_same_without_the_compiled_fixpoint(formula, base, monkeypatch):
    fast = [s.text for s in CD.explanation(formula, base)]
    monkeypatch.setattr(SE, "_settle", None)
    slow = [s.text for s in CD.explanation(formula, base)]
    assert fast == slow


PURE_FORMULAS = [("SEND + MORE = MONEY", 10), ("GAMMA + NU + OMEGA = SIGMA", 10),
                 ("TO + GO = OUT", 8), ("TWO * TWO = SQUARE", 10), ("ABC x D = EBC and A < D", 10)]
PURE_SCRIPT = r"""
import json, sys
from numberplay.formula import ladder as CD
from numberplay.formula import filters, settle
from numberplay.cryptarithm.kind import KIND
from numberplay.cryptarithm.model import CryptarithmPuzzle
assert not filters.COMPILED and settle._settle is None, "compiled code ran"
out = {}
for formula, base in json.loads(sys.argv[1]):
    run = CD.explanation(formula, base)
    out[formula] = [[s.text for s in run], run.grade,
                    KIND.grade(CryptarithmPuzzle.of(formula, base))]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def pure_explanations():
    """The explanations and grades of PURE_FORMULAS with no compiled code at all
    (NUMBERPLAY_PURE=1, a fresh interpreter): the filters in Python, every trial
    followed step by step."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    imported = Path(FI.__file__ or "").parent.parent.parent
    env = {**os.environ, "NUMBERPLAY_PURE": "1", "PYTHONPATH": str(imported)}
    done = subprocess.run([sys.executable, "-c", PURE_SCRIPT, json.dumps(PURE_FORMULAS)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize(("formula", "base"), PURE_FORMULAS)
def test_explanations_are_the_same_in_pure_python(formula, base, pure_explanations):
    """This process's explanation and grade (compiled where built) against those of
    a run with no compiled code at all: the same, word for word."""
    if not FI.COMPILED and SE._settle is None:
        if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE") and not os.environ.get("NUMBERPLAY_PURE"):
            pytest.fail("the formula filters were not compiled (NUMBERPLAY_REQUIRE_NATIVE)")
        pytest.skip("nothing compiled here: pure Python on both sides")
    run = CD.explanation(formula, base)
    assert pure_explanations[formula] == [[s.text for s in run], run.grade,
                                          kind_grade(formula, base)]
    assert run.grade == kind_grade(formula, base)


@native
def test_a_column_too_wide_is_left_to_python():
    """A column of more than six letters is bounded by the Python filters: not covered."""
    rules = CD.FormulaRules(build("A + B + C + D + E + F + G = HI", 10))
    assert rules.fast.enabled and rules.fast.native is None


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 16).flatmap(lambda base: st.tuples(
    st.just(base), st.lists(st.integers(1, (1 << base) - 1), min_size=1, max_size=base))))
def test_hall_compiled_is_its_source_run_as_python(case):
    base, masks = case
    for every in (False, True):
        assert hall(tuple(masks), base, every) == PURE.hall(tuple(masks), base, every)


GRADED = ["SEND + MORE = MONEY", "STAR + EARTH = BRICK", "GAMMA + NU + OMEGA = SIGMA",
          "MEMORY + ROUTER = PYTHON", "FLOAT + KERNEL = LAPTOP", "GNAT + HERON = OTTER",
          "GREEN + IVORY + MAROON = ORANGE", "PEACH + GRAPE = LITCHI",
          "VENUS + EARTH + URANUS = SATURN",
          "HORSE + SHARK = JACKAL", "TEN + TEN + FORTY = SIXTY", "CRANE + GECKO = PANDA"]


@pytest.mark.parametrize("formula", GRADED)
def test_the_grade_is_the_label_of_the_whole_explanation(formula):
    """The kernel's grade (no sentence, stopped once it can only be hard; a deeper
    trial never searched when it could only make the label hard) is the label of
    the whole explanation's path."""
    run = CD.explanation(formula)
    list(run)
    assert kind_grade(formula) == run.grade
