"""The techniques' fixpoint (formula/settle.py) that lets trials skip the
suppositions that cannot close, and the compiled Hall filter it uses.

Independent checks: Hall's filter against brute force over all-different
assignments; the fixpoint against the techniques run step by step until they
stall (the position must be the same); explanations with and without the
shortcut must be the same, word for word.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay import deduce as D
from numberplay.formula import ladder as CD
from numberplay.formula import settle as SE
from numberplay.formula.columns import build
from numberplay.formula.filters import COMPILED, bits, hall


def kind_grade(formula: str, base: int = 10) -> str:
    """The one grade (`Kind.grade`, the kernel's) of a formula."""
    from numberplay.cryptarithm.kind import KIND
    from numberplay.cryptarithm.model import CryptarithmPuzzle
    return KIND.grade(CryptarithmPuzzle.of(formula, base))


@pytest.fixture
def shortcut(monkeypatch):
    """The fixpoint shortcut on, compiled filters or not (without them the kernel
    leaves it off, as it costs more than it saves there, but it must be as right)."""
    monkeypatch.setattr(SE, "COMPILED", True)
    return COMPILED

FORMULAS = ["SEND + MORE = MONEY", "CRANE + GECKO = PANDA", "STAR + EARTH = BRICK",
            "GAMMA + NU + OMEGA = SIGMA", "TEN + TEN + FORTY = SIXTY", "A + B = CD",
            "WELL - DO + YOU = PUNK", "2 * TWO = FOUR"]


def brute_alldiff(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """The digits each letter takes in some assignment of distinct digits."""
    supp = [0] * len(masks)
    for xs in _assignments(masks, 0, 0):
        for i, x in enumerate(xs):
            supp[i] |= 1 << x
    return tuple(supp) if any(supp) or not masks else None


def _assignments(masks, i, used):
    if i == len(masks):
        yield ()
        return
    for x in bits(masks[i]):
        if not used >> x & 1:
            for rest in _assignments(masks, i + 1, used | 1 << x):
                yield (x, *rest)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 7).flatmap(lambda base: st.tuples(
    st.just(base), st.lists(st.integers(1, (1 << base) - 1), min_size=1, max_size=base))))
def test_hall_is_the_all_different_filter(case):
    """Hall's condition over every group = full arc consistency of all-different."""
    base, masks = case
    every = len(masks) == base
    got = hall(tuple(masks), base, every)
    assert got == brute_alldiff(tuple(masks))


def _stall(rules: CD.FormulaRules, pos: list[int]) -> list[int] | None:
    """The techniques step by step until they stall (None: a contradiction)."""
    while True:
        if rules.contradiction(pos) is not None:
            return None
        try:
            if D.step(rules, pos) is None:
                return pos
        except D.Contradiction:
            return None


@pytest.mark.parametrize(("formula", "base"), [(f, 10) for f in FORMULAS] + [
    ("ABCDEFG + HIJKLMN = BDFHJLNA", 16)])     # 14 letters: Hall by the technique itself
def test_fixpoint_is_where_the_techniques_stall(formula, base, shortcut):
    """From random suppositions, the fixpoint is the position the ladder stalls in."""
    model = build(formula, base)
    rules = CD.FormulaRules(model)
    fast = rules.fast
    assert fast.enabled
    rng = random.Random(formula)
    start = CD.first_position(model)
    compared = 0
    for _ in range(25):
        pos = list(start)
        for _ in range(rng.randint(1, 3)):
            open_ = [pv for pv in rules.candidates(pos) if len(pv[1]) > 1]
            if not open_:
                break
            place, values = rng.choice(open_)
            try:
                rules.assume(pos, place, rng.choice(values))
            except D.Contradiction:
                break
        else:
            want = _stall(rules, list(pos))
            got = fast.run(list(pos), list(range(len(pos))))
            assert got == want
            compared += 1
    assert compared >= 5


@pytest.mark.parametrize("formula", FORMULAS[:5] + ["HORSE + SHARK = JACKAL"])
def test_explanations_do_not_change_with_the_shortcut(formula, monkeypatch, shortcut):
    """Following every trial step by step (no fixpoint shortcut) gives the same
    explanation, word for word."""
    answers: list[bool] = []
    closes = CD.FormulaRules.closes

    def asked(self, *a, **k):
        answers.append(closes(self, *a, **k))
        return answers[-1]
    monkeypatch.setattr(CD.FormulaRules, "closes", asked)
    fast = [s.text for s in CD.explanation(formula)]
    skipped = answers.count(False)
    monkeypatch.setattr(CD.FormulaRules, "closes", lambda self, *a, **k: True)
    slow = [s.text for s in CD.explanation(formula)]
    assert fast == slow
    # the shortcut was taken (SEND + MORE = MONEY makes no trial)
    assert skipped > 0 or formula == "SEND + MORE = MONEY"


def test_brute_alldiff_sanity():
    assert brute_alldiff((0b11, 0b11, 0b111)) == (0b11, 0b11, 0b100)
    assert brute_alldiff((0b1, 0b1)) is None


@pytest.mark.parametrize("formula", FORMULAS + ["MEMORY + ROUTER = PYTHON", "FLOAT + KERNEL = LAPTOP",
                                                "GNAT + HERON = OTTER"])
def test_the_grade_is_the_explanations_grade(formula):
    """The kernel's grade (no sentence, stopped once it can only be hard) is the
    label of the whole explanation with its sentences."""
    run = CD.explanation(formula)
    steps = list(run)
    assert steps and all(s.text for s in steps)
    assert kind_grade(formula) == run.grade
