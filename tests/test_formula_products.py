"""The propagation search of products, quotients, powers and systems
(formula/products.py: one typed source, compiled by Cython or run as Python).

Independent oracles: every injective assignment tried (brute force) on small random
formulas in small bases; the solver with the propagation switched off (its own
low-digit and interval search); the compiled search and its source run as Python
visit the same nodes and give the same solutions in the same order; CP-SAT on a few
products on both sides.
"""

from __future__ import annotations

import os
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay import _pure
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded, PuzzleError
from numberplay.formula import products as P
from numberplay.formula import solver as S

LETTERS = "ABCDE"


def _brute(comp: S.Compiled) -> list[list[int]]:
    """Every solution, by trying every injective assignment."""
    out = []
    n, base = len(comp.letters), comp.base
    lead = [c in comp.lead for c in comp.letters]
    for digits in permutations(range(base), n):
        if any(lead[i] and d == 0 for i, d in enumerate(digits)):
            continue
        if comp.holds(list(digits)):
            out.append(list(digits))
    return sorted(out)


def _compile(formula: str, base: int) -> S.Compiled | None:
    """The compiled formula, or None (more letters than digits, no program)."""
    try:
        comp = S.compile_puzzle(formula, base)
    except PuzzleError:
        return None
    return comp if comp.program is not None else None


def _solutions(formula: str, base: int, program: bool = True) -> list[list[int]]:
    """The solutions with the propagation search, or with the solver's own."""
    c = S.compile_puzzle(formula, base, propagation=program)
    assert (c.program is not None) == program
    return sorted(S.search(c, {}))


def _both(prog: P.Program, fixed: dict[int, int] | None = None):
    """(solutions, nodes) of the search run as Python and of the compiled search
    (None when nothing is compiled)."""
    a: dict[str, int] = {}
    b: dict[str, int] = {}
    py = list(_python().search(prog, fixed or {}, stats=a))
    if not _pure.compiled(P):
        return (py, a["nodes"]), None
    c = list(P.search(prog, fixed or {}, stats=b))
    return (py, a["nodes"]), (c, b["nodes"])


_PY: list = []


def _python():
    """products.py run from its source as Python (the module itself when uncompiled)."""
    if not _PY:
        _PY.append(_pure.as_python(P) if _pure.compiled(P) else P)
    return _PY[0]


word = st.text(LETTERS, min_size=1, max_size=3)
SHAPES = [
    "{0} * {1} = {2}", "{0} * {1} = {2} * {3}", "{0} ^ 2 = {1}", "{0} ^ 2 + {1} = {2}",
    "{0} / {1} = {2}", "{0} / {1} = {2} / {3}", "{0} * {1} * {2} = {3}",
    "{0} * {1} = {2} and {1} + {3} = {0}", "{0} * 2 + {1} = {2} * {3}", "{0} ^ 3 = {1} + {2}",
    "{0} * {1} - {2} = {3} - 1", "{0} = {1} ^ (1/2)", "{0} - {1} = {2} ^ (1/2)",
    "{0} ^ (2/3) = {1}", "{0} + {1} = {2}", "{0} + {1} + {2} = {3}", "{0} - {1} = {2} + {3}",
    "{0} + {0} = {1} and {1} + {2} = {3}",
]


@st.composite
def formulas(draw):
    shape = draw(st.sampled_from(SHAPES))
    words = draw(st.lists(word, min_size=4, max_size=4))
    base = draw(st.integers(4, 8))
    return shape.format(*words), base


@settings(max_examples=120, deadline=None)
@given(formulas())
def test_same_solutions_as_brute_force_and_without_the_propagation(case):
    formula, base = case
    comp = _compile(formula, base)
    if comp is None:
        return
    want = _brute(comp)
    assert _solutions(formula, base) == want, formula
    assert _solutions(formula, base, program=False) == want, formula


@settings(max_examples=120, deadline=None)
@given(formulas(), st.integers(0, 3))
def test_compiled_and_python_twins_visit_the_same_nodes(case, fix):
    formula, base = case
    comp = _compile(formula, base)
    if comp is None:
        return
    fixed = {fix: (fix * 3 + 1) % base} if fix < len(comp.letters) else {}
    py, c = _both(comp.program, fixed)
    if not _pure.compiled(P):
        pytest.skip("products.py not compiled")
    assert c is not None
    assert py == c, formula


CRYPTATOR = [   # products on both sides, systems, long multiplications (cryptator)
    ("HUMOR * NICE = HONOR * HOPE", 1),
    ("DIX * VINGT = DEUX * CENT", 1),
    ("FOUR * FIVE = ONE * TWO * TEN", 1),
    ("CC + A = CL and ON + D = GO and NI + E = NE and CC + ON = NI and A + D = E "
     "and CL + GO = NE", 1),
    ("IN * GO = KAN and IN * 1 + KM * 10 = KAN and IN * G = KM and IN * O = IN", 1),
    ("NORTH / SOUTH = EAST / WEST", 1),
    ("ODD * ODD = FREAKY", 2),
    ("TWO * TWO = SQUARE", 3),
    ("AYH^2 + BEE^2 = SEE^2", 1),
    ("MON-EY = EVIL^(1/2)", 6),          # the root as (MON - EY)^2 = EVIL, MON - EY >= 0
    ("HIP * HIP = HURRAY", 18),          # base 36 below
]


@pytest.mark.parametrize(("formula", "want"), CRYPTATOR)
def test_published_puzzles_count_as_their_authors_say(formula, want):
    base = 36 if "HURRAY" in formula else 10
    comp = S.compile_puzzle(formula, base)
    assert comp.program is not None
    assert S.count(comp, {}) == want
    if "HURRAY" not in formula and "HUMOR" not in formula:
        assert sorted(S.search(comp, {})) == _solutions(formula, base, program=False)


def test_twins_agree_on_the_published_puzzles():
    if not _pure.compiled(P):
        pytest.skip("products.py not compiled")
    for formula, _ in CRYPTATOR[:7]:
        prog = S.compile_puzzle(formula, 10).program
        py, c = _both(prog)
        assert py == c, formula


@pytest.mark.skipif(os.environ.get("NUMBERPLAY_SKIP_CPSAT") == "1", reason="CP-SAT off")
@pytest.mark.parametrize("formula", ["BLUE * RED = AZURE * TAN", "EROS * GAIA = CHAOS * LES",
                                     "ORANGE = FIG * LIME"])
def test_products_against_cp_sat(formula):
    cp_model = pytest.importorskip("ortools.sat.python.cp_model")
    comp = S.compile_puzzle(formula, 10)
    m = cp_model.CpModel()
    v = {c: m.NewIntVar(1 if c in comp.lead else 0, 9, c) for c in comp.letters}
    m.AddAllDifferent(list(v.values()))

    def side(text):
        out = []
        for w in text.split("*"):
            w = w.strip()
            x = m.NewIntVar(0, 10 ** len(w), w)
            m.Add(x == sum(10 ** i * v[c] for i, c in enumerate(reversed(w))))
            out.append(x)
        if len(out) == 1:
            return out[0]
        p = m.NewIntVar(0, 10 ** 12, "p")
        m.AddMultiplicationEquality(p, out)
        return p
    lhs, rhs = formula.split("=")
    m.Add(side(lhs) == side(rhs))
    s = cp_model.CpSolver()
    s.parameters.enumerate_all_solutions = True
    s.parameters.num_workers = 1
    found = []

    class Cb(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            found.append([self.Value(v[c]) for c in comp.letters])
    s.Solve(m, Cb())
    assert sorted(found) == sorted(S.search(comp, {}))


def test_a_budget_stops_the_search():
    comp = S.compile_puzzle("HUMOR * NICE = HONOR * HOPE", 10)
    with pytest.raises(BudgetExceeded):
        S.count(comp, {}, budget=Budget(nodes=100))


def test_fixed_letters_and_a_leading_zero():
    comp = S.compile_puzzle("ODD * ODD = FREAKY", 10)
    sols = sorted(S.search(comp, {}))
    d = comp.index["D"]
    one = sols[0]
    assert sorted(S.search(comp, {"D": one[d]})) == [s for s in sols if s[d] == one[d]]
    assert list(S.search(comp, {"O": 0})) == []


def test_shapes_that_are_not_polynomial_keep_the_old_search():
    for f in ["A^N + B^N = C^N and N > 1", "ONE < TWO < THREE < TWO * TWO",
              "sum(range(AA)) = BB", "A ** B = CD", "PLUTO not in {PLANETS}",
              "(2 * BE or not 2 * BE) = THE + QUES-TION"]:
        assert S.compile_puzzle(f, 10).program is None, f


SUMS = ["SEND + MORE = MONEY", "NUM + BER = PLAY", "TWO + TWENTY = TWELVE + TEN",
        "WELL - DO + YOU = PUNK", "VIOLIN * 2 + VIOLA = TRIO + SONATA",
        "FOUR + SCORE + 7 = YEARS + AGO", "NINETEEN+THIRTEEN+THREE+2*TWO+3*ONE = FORTYTWO",
        "FOUR+ONE = FIVE and ONE+ONE+ONE+ONE+ONE = FIVE", "AA + BB + CC = ABC"]


@pytest.mark.parametrize("formula", SUMS)
def test_sums_give_what_the_column_search_gives(formula):
    """Sums (letters weighted, read column by column) against the solver's own
    column search."""
    assert _solutions(formula, 10) == _solutions(formula, 10, program=False)
