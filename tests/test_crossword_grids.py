"""Crossword grids of words (`--crossword 3`): cryptator's generator tests (its
lists written here), each grid's count against the formula solver, the grid
drawing."""

from __future__ import annotations

from typer.testing import CliRunner

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
