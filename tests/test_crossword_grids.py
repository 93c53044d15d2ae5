"""Crossword grids of words (`--crossword 3`): cryptator's generator tests (its
lists written here), each grid's count against the formula solver, the grid
drawing."""

from __future__ import annotations

from click.testing import CliRunner

from numberplay.cli import app
from numberplay.cryptarithm.crossword import count_grid, grids
from numberplay.cryptarithm.kind import KIND
from numberplay.cryptarithm.svg import grid_shape

runner = CliRunner()


def test_cryptators_crossword_tests():
    """GenerateTest.java's testCrossword1 (0 grids) and testCrossword2 (2)."""
    assert list(grids("AB C AC AD E FB FD G EC".split())) == []
    found = list(grids("A B CD CE F CF CA CC DE".split()))
    assert len(found) == 2
    for g in found:
        assert KIND.count(KIND.parse(g.formula), limit=3) == 1


def test_grid_counts_agree_with_the_formula_solver():
    cells = tuple("CC A CL ON D GO NI E NE".split())    # cryptator's published sample
    n, digits = count_grid(cells)
    assert n == 1 and digits is not None
    formula = ("CC + A = CL and ON + D = GO and NI + E = NE and CC + ON = NI and "
               "A + D = E and CL + GO = NE")
    assert KIND.count(KIND.parse(formula), limit=3) == 1
    assert grid_shape(formula) == (list(cells), "+")
    for cells in (tuple("A B CD CE F CF CA CC DE".split()), tuple("A B CC CE F CF CA CD DE".split()),
                  tuple("B A CD F CE CF CC CA DE".split())):
        g = " and ".join(f"{a} + {b} = {c}" for a, b, c in (
            cells[0:3], cells[3:6], cells[6:9], cells[0::3], cells[1::3], cells[2::3]))
        assert count_grid(cells, limit=3)[0] == KIND.count(KIND.parse(g), limit=3)


def test_cli_grids_seed_and_svg(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("A B CD CE F CF CA CC DE\n", encoding="utf-8")
    base = ["generate", "cryptarithm", "--crossword", "3", "--words", str(words)]
    r = runner.invoke(app, [*base, "--all", "-q"])
    assert r.exit_code == 0 and r.output.count(" and ") >= 10, r.output
    one = runner.invoke(app, [*base, "--count", "2", "--seed", "5"])
    again = runner.invoke(app, [*base, "--count", "2", "--seed", "5"])
    assert one.exit_code == 0 and one.output == again.output
    svg = runner.invoke(app, [*base, "--seed", "5", "--format", "svg"])
    assert svg.exit_code == 0 and svg.output.count('class="cell"') >= 14
    bad = runner.invoke(app, [*base, "--crossword", "4"])
    assert bad.exit_code == 2 and "--crossword takes 3" in bad.output


def _cpsat_count(cells: tuple[str, ...], op: str, limit: int = 3) -> int:
    """The solutions of a grid's six equations counted by CP-SAT (up to `limit`)."""
    from ortools.sat.python import cp_model

    from numberplay.cryptarithm.crossword import Grid
    m = cp_model.CpModel()
    letters = sorted({ch for w in cells for ch in w})
    v = {ch: m.NewIntVar(0, 9, ch) for ch in letters}
    m.AddAllDifferent(list(v.values()))
    for w in cells:
        if len(w) > 1:
            m.Add(v[w[0]] >= 1)

    def num(w: str):
        return sum(v[ch] * 10 ** (len(w) - 1 - i) for i, ch in enumerate(w))
    for a, b, c in Grid(cells, op, ()).equations():
        if op == "x":
            p = m.NewIntVar(0, 10 ** 6, "")
            m.AddMultiplicationEquality(p, [num(a), num(b)])
            m.Add(p == num(c))
        else:
            m.Add(num(a) + num(b) == num(c))

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
            if self.n >= limit:
                self.StopSearch()
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    cb = Count()
    solver.Solve(m, cb)
    return cb.n


# a list written for these tests (short English words)
SAMPLED = ("A I O U E AN AT IN IT ON NO TO SO OF US UP ME HE BE WE SEA TEA TEN NET ONE TWO "
           "SIX TON OAT NUT HUT HAT CAT COT DOT POT PET PEN HEN MEN").split()


def test_sampled_grids_have_one_solution_by_cpsat():
    """Every grid made from drawn solutions has exactly one solution (CP-SAT),
    its digits satisfy it, and no system is given twice (a transpose included)."""
    import itertools
    import random

    from numberplay.cryptarithm.crossword import _holds, _system, sampled_grids
    it = sampled_grids(SAMPLED, "+", 10, random.Random("t+"), stale=10 ** 6)
    got = list(itertools.islice(it, 3))
    assert len(got) == 3
    for g in got:
        assert _cpsat_count(g.cells, "+") == 1, g.formula
        assert _holds(g.cells, "+", dict(g.digits), 10)
    systems = [_system(g.cells) for g in got]
    assert len(set(systems)) == len(systems)


def test_sampled_grids_same_seed_with_and_without_the_compiled_core(monkeypatch):
    """The same grids from one seed twice, and with the product search run from its
    source (`formula/products.py` as Python) in place of the compiled module."""
    import random

    from numberplay import _pure
    from numberplay.cryptarithm import crossword
    from numberplay.formula import products as P

    def run() -> list[str]:
        it = crossword.sampled_grids(SAMPLED, "+", 10, random.Random("t+"), stale=10 ** 6)
        return [g.formula for _, g in zip(range(2), it, strict=False)]
    first = run()
    assert first and first == run()
    monkeypatch.setattr(crossword, "P", _pure.as_python(P))
    assert crossword.P is not P
    assert run() == first


def test_sampled_grids_fall_back_to_the_walk():
    """A list no drawn solution fits soon: the shuffled walk still gives its two
    systems (cryptator's testCrossword2), and a list with none ends empty."""
    import random

    from numberplay.cryptarithm.crossword import sampled_grids
    got = list(sampled_grids("A B CD CE F CF CA CC DE".split(), "+", 10, random.Random(1),
                             stale=20))
    assert len(got) == 2 and all(_cpsat_count(g.cells, "+") == 1 for g in got)
    assert list(sampled_grids("AB C AC AD E FB FD G EC".split(), "+", 10, random.Random(1),
                              stale=20)) == []
