"""The Cross Set article's three levels: parse, solve to the printed grids, explain, render."""

from __future__ import annotations

import json

import pytest

import numberplay as npl
from numberplay.services.examples import get_example, list_examples

SEED_SOLUTIONS = {
    "2-8": """2 7 4 5 1 6 3
7 4 1 3 2 5 6
4 5 6 2 3 7 1
5 1 2 7 6 3 4
3 6 5 1 7 4 2
6 2 3 4 5 1 7
1 3 7 6 4 2 5""",
    "3-4": """5 4 2 1 3
1 3 4 5 2
4 5 3 2 1
2 1 5 3 4
3 2 1 4 5""",
    "4-5": """6 5 1 3 2 4
5 1 2 4 3 6
4 6 3 2 1 5
1 3 6 5 4 2
2 4 5 1 6 3
3 2 4 6 5 1""",
}

# The article's first "weed" pass on 2-8 (naked singles only, every cell at once).
WEEDED_2_8 = """125 367 346 245 124 256 347
567 467 136 346 234 457 146
457 235 267 235 357 367 127
135 156 236   7 256 235 246
357 456 257  13 127 245 125
136 127 134  34 356 124 257
145 135 237 246 246 125 257"""


def _grid(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(x) for x in line.split()) for line in text.splitlines())


def test_examples_are_bundled() -> None:
    names = {e.name for e in list_examples("crossset")}
    assert {"2-8", "3-4", "4-5"} <= names
    for e in list_examples("crossset"):
        assert e.description


@pytest.mark.parametrize("name", sorted(SEED_SOLUTIONS))
def test_seed_level_has_the_printed_unique_solution(name: str) -> None:
    puzzle = npl.parse("crossset", get_example("crossset", name).text)
    sols = list(npl.solutions(puzzle))
    assert len(sols) == 1
    assert sols[0].grid == _grid(SEED_SOLUTIONS[name])
    assert npl.verify(puzzle, sols[0])
    assert npl.render(puzzle, sols[0]) == SEED_SOLUTIONS[name]


@pytest.mark.parametrize("name", sorted(SEED_SOLUTIONS))
def test_seed_level_explained_without_guessing(name: str) -> None:
    puzzle = npl.parse("crossset", get_example("crossset", name).text)
    steps = list(npl.explain(puzzle, search=False, trace=True))
    assert steps[-1].technique == "solved"
    assert steps[-1].snapshot == SEED_SOLUTIONS[name]
    assert not any(s.is_guess for s in steps)
    assert all(s.snapshot for s in steps)
    # weed + lock singles suffice once lock singles is right (the article's bug fixed)
    assert npl.grade(puzzle) == "easy"


def test_weeding_2_8_matches_the_seed_first_pass() -> None:
    from numberplay.latin.techniques import apply, naked_single
    puzzle = npl.parse("crossset", get_example("crossset", "2-8").text)
    n, m = puzzle.n, puzzle.masks()
    # the seed weeds once from the cells locked at the start
    locked = [i for i, d in enumerate(m) if d & (d - 1) == 0]
    while (move := naked_single(n, m)) is not None and move.fixed[0][0] in locked:
        apply(m, move)
    from numberplay.crossset.render import masks_text
    assert masks_text(n, m) == WEEDED_2_8


def test_text_and_json_round_trip() -> None:
    impl = npl.get_kind("crossset")
    for e in list_examples("crossset"):
        p = impl.parse(e.text)
        assert impl.parse(impl.to_text(p)) == p
        assert impl.parse(json.dumps(p.to_json())) == p
        assert type(p).from_json(p.to_json()) == p
        assert npl.Puzzle.from_json(p.envelope()) == p


def test_render_formats() -> None:
    p = npl.parse("crossset", get_example("crossset", "3-4").text)
    s = npl.solve(p)
    md = npl.render(p, s, "markdown")
    assert md.splitlines()[2] == "| r1 | 5 | 4 | 2 | 1 | 3 |"
    html = npl.render(p, None, "html")
    assert html.count("<tr>") == 5 and "<td>125</td>" in html
    data = json.loads(npl.render(p, s, "json"))
    assert data["solution"]["grid"][0] == [5, 4, 2, 1, 3]
    assert data["puzzle"]["cells"][0][0] == [1, 2, 5]
    assert npl.render(p).splitlines()[0] == " 125  345  235  123   35"
