"""The techniques' fixpoint (formula/fixpoint.py) that lets trials skip the
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
from numberplay.formula import deduce as CD
from numberplay.formula.candidates import _compiled, bits
from numberplay.formula.columns import build

pytestmark = pytest.mark.skipif(_compiled is None, reason="compiled core not built")

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
    got = _compiled.hall(tuple(masks), base, every)
    assert got == brute_alldiff(tuple(masks))


def _stall(rules: CD.CryptarithmRules, pos: CD.Position) -> CD.Position | None:
    """The techniques step by step until they stall (None: a contradiction)."""
    while True:
        if rules.contradiction(pos) is not None:
            return None
        try:
            if D.next_step(rules, pos) is None:
                return pos
        except D.Contradiction:
            return None


@pytest.mark.parametrize(("formula", "base"), [(f, 10) for f in FORMULAS] + [
    ("ABCDEFG + HIJKLMN = BDFHJLNA", 16)])     # 14 letters: Hall by the technique itself
def test_fixpoint_is_where_the_techniques_stall(formula, base):
    """From random suppositions, the fixpoint is the position the ladder stalls in."""
    model = build(formula, base)
    rules = CD.CryptarithmRules(model)
    fix = rules.fixpoint
    if not fix.enabled:
        pytest.skip("not a sum")
    rng = random.Random(formula)
    start = CD.first_position(model)
    for _ in range(25):
        pos = start.copy()
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
            want = _stall(rules, pos.copy())
            got = fix.run(fix.masks(pos), list(range(len(fix.names))))
            if want is None:
                assert got is None
            else:
                assert got is not None and fix.position(got).key() == want.key()


@pytest.mark.parametrize("formula", FORMULAS[:5] + ["HORSE + SHARK = JACKAL"])
def test_explanations_do_not_change_with_the_shortcut(formula, monkeypatch):
    """Following every trial step by step (no fixpoint shortcut, the driver's own
    search instead of the one on masks) gives the same explanation, word for word."""
    fast = [s.text for s in CD.explanation(formula)]
    monkeypatch.setattr(CD.CryptarithmRules, "closes", lambda self, *a, **k: True)
    monkeypatch.setattr(CD.CryptarithmRules, "quick_trial", lambda self, *a: None)
    slow = [s.text for s in CD.explanation(formula)]
    assert fast == slow


def test_brute_alldiff_sanity():
    assert brute_alldiff((0b11, 0b11, 0b111)) == (0b11, 0b11, 0b100)
    assert brute_alldiff((0b1, 0b1)) is None


@pytest.mark.parametrize("formula", FORMULAS + ["MEMORY + ROUTER = PYTHON", "FLOAT + KERNEL = LAPTOP",
                                                "GNAT + HERON = OTTER"])
def test_grade_without_sentences_is_the_explanations_grade(formula):
    """grade_of runs quietly and stops once the grade is hard: same grade as the
    whole explanation with its sentences."""
    from types import SimpleNamespace

    from numberplay.formula.explain import grade_label, grade_of
    run = CD.explanation(formula)
    steps = list(run)
    assert steps and all(s.text for s in steps)
    want = grade_label(run.hardest, run.trial_count, run.guesses)
    assert grade_of(SimpleNamespace(formula=formula, base=10, fixed=())) == want
