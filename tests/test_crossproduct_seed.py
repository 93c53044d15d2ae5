"""The behaviours of the notebook's test(), through the public API."""

from __future__ import annotations

import pytest

import numberplay
from numberplay.services.examples import list_examples


def cp(rows, cols):
    """A crossproduct puzzle from lists."""
    return numberplay.parse("crossproduct", None, rows=list(rows), cols=list(cols))


def grids(puzzle, limit=None):
    """The solutions as tuples of row tuples."""
    return [s.grid for s in numberplay.solutions(puzzle, limit=limit)]


def test_empty_puzzles():
    assert grids(cp([], [])) == [()]
    assert grids(cp([], [1])) == [()]
    assert grids(cp([], [2])) == []
    assert grids(cp([1, 1], [])) == [((), ())]
    assert grids(cp([1, 3], [])) == []


def test_one_by_one():
    assert grids(cp([5], [5])) == [((5,),)]
    assert grids(cp([10], [10])) == []
    assert grids(cp([9], [9])) == [((9,),)]


def test_zero_and_big_primes_have_no_solution():
    assert grids(cp([0], [0])) == []
    assert grids(cp([73, 1], [73, 1])) == []
    assert grids(cp([11], [11])) == []


def test_small_unique():
    assert grids(cp([2, 12], [3, 8])) == [((1, 2), (3, 4))]


def test_four_solutions_exact_set():
    found = set(grids(cp([8, 8, 1], [8, 8, 1])))
    assert found == {
        ((1, 8, 1), (8, 1, 1), (1, 1, 1)),
        ((2, 4, 1), (4, 2, 1), (1, 1, 1)),
        ((4, 2, 1), (2, 4, 1), (1, 1, 1)),
        ((8, 1, 1), (1, 8, 1), (1, 1, 1)),
    }
    assert numberplay.count(cp([8, 8, 1], [8, 8, 1])) == 4
    assert numberplay.count(cp([8, 8, 1], [8, 8, 1]), limit=2) == 2


def test_unsolvable():
    assert grids(cp([8, 8, 1], [8, 8, 2])) == []
    assert numberplay.count(cp([8, 8, 1], [8, 8, 2])) == 0


RIDDLER = [
    ([135, 45, 64, 280, 70], [3000, 3969, 640],
     [(3, 9, 5), (5, 9, 1), (8, 1, 8), (5, 7, 8), (5, 7, 2)]),
    ([210, 144, 54, 135, 4, 49], [6615, 15552, 420],
     [(7, 6, 5), (9, 8, 2), (3, 9, 2), (5, 9, 3), (1, 4, 1), (7, 1, 7)]),
    ([280, 168, 162, 360, 60, 256, 126], [183708, 245760, 117600],
     [(7, 8, 5), (3, 8, 7), (9, 6, 3), (9, 8, 5), (3, 5, 4), (4, 8, 8), (9, 2, 7)]),
    ([1470, 720, 270, 945, 12, 343], [6615, 15552, 420, 25725],
     [(7, 6, 5, 7), (9, 8, 2, 5), (3, 9, 2, 5), (5, 9, 3, 7), (1, 4, 1, 3), (7, 1, 7, 7)]),
    ([6, 120, 504], [28, 80, 162], [(1, 2, 3), (4, 5, 6), (7, 8, 9)]),
]


@pytest.mark.parametrize("rows,cols,table", RIDDLER)
def test_known_unique_solutions(rows, cols, table):
    puzzle = cp(rows, cols)
    assert grids(puzzle) == [tuple(table)]
    assert numberplay.is_unique(puzzle)


def test_well_formed():
    assert not numberplay.is_unique(cp([7, 7], [7, 7]))
    assert numberplay.is_unique(cp([64, 224, 189, 270, 405, 144, 105],
                                   [308700, 12960, 1119744]))


def test_markdown_like_the_notebook():
    puzzle = cp([210, 144, 54, 135, 4, 49], [6615, 15552, 420])
    text = numberplay.render(puzzle, numberplay.solve(puzzle), "markdown")
    assert text.splitlines() == [
        "|6615|15552|420|[6x3]|", "|---|---|---|---|", "|7|6|5|**210**|",
        "|9|8|2|**144**|", "|3|9|2|**54**|", "|5|9|3|**135**|", "|1|4|1|**4**|",
        "|7|1|7|**49**|"]


EXPECTED_COUNTS = {"riddler-1": 1, "riddler-2": 1, "riddler-3": 1, "four-columns": 1,
                   "one-to-nine": 1, "unique-7x3": 1, "four-solutions": 4, "unsolvable": 0}


def test_examples():
    examples = {e.name: e for e in list_examples("crossproduct")}
    for name, n in EXPECTED_COUNTS.items():
        puzzle = numberplay.parse("crossproduct", examples[name].text)
        assert numberplay.count(puzzle) == n, name
        for solution in numberplay.solutions(puzzle):
            assert numberplay.verify(puzzle, solution)
