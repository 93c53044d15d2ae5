"""Parsing (text, JSON, options), errors, rendering, explanations and generation."""

from __future__ import annotations

import json
import random

import pytest

import numberplay
from numberplay import PuzzleError

KIND = numberplay.get_kind("crossproduct")
SAMPLE = "rows 210 144 54 135 4 49\ncols 6615 15552 420\n"


def parse(text=None, **opts):
    return numberplay.parse("crossproduct", text, **opts)


def test_text_json_and_options_agree():
    a = parse(SAMPLE)
    b = parse("# a comment\n\nrows: 210, 144, 54, 135, 4, 49\n  # another\ncols=6615,15552,420\n")
    c = parse(json.dumps({"rows": [210, 144, 54, 135, 4, 49], "cols": [6615, 15552, 420]}))
    d = parse(None, rows="210,144,54,135,4,49", cols="6615 15552 420")
    e = parse(None, rows=[210, 144, 54, 135, 4, 49], cols=(6615, 15552, 420))
    assert a == b == c == d == e
    assert a.rows == (210, 144, 54, 135, 4, 49) and a.cols == (6615, 15552, 420)
    assert parse("rows 1 2\ncols 2", cols="1") == parse("rows 1 2\ncols 1")


def test_empty_lists_allowed():
    p = parse("rows\ncols 1")
    assert p.rows == () and p.cols == (1,)
    assert parse("rows []\ncols [1]") == p
    assert parse(KIND.to_text(p)) == p


@pytest.mark.parametrize("text,opts,fragment", [
    ("rows 1 2\ncols 2 x", {}, "line 2"),
    ("rows 1 2\ncols 2 x", {}, "'x'"),
    ("rows 1 -2\ncols 2", {}, "negative"),
    ("rows 1 2.5\ncols 2", {}, "not a whole number"),
    ("rows 1 2", {}, "missing cols"),
    ("cols 1 2", {}, "missing rows"),
    ("rows 1\nrows 2\ncols 1", {}, "twice"),
    ("hello 1\ncols 1", {}, "line 1"),
    (None, {"rows": "1,2"}, "missing cols"),
    (None, {"rows": "1,a", "cols": "2"}, "--rows item 2"),
    (None, {"rows": "1", "cols": [1, -3]}, "--cols item 2"),
    ('{"rows": [1, "2"], "cols": [2]}', {}, "rows[1]"),
    ('{"rows": [1, true], "cols": [2]}', {}, "rows[1]"),
    ('{"rows": [1]}', {}, "cols"),
    ('{"rows": [1], "cols": 3}', {}, "cols"),
    ('{"rows": [1], ', {}, "JSON"),
    ("rows " + " ".join(["1"] * 401) + "\ncols 1", {}, "too many rows"),
    ("rows 1" + "0" * 1001 + "\ncols 1", {}, "too large"),
])
def test_bad_input(text, opts, fragment):
    with pytest.raises(PuzzleError) as info:
        parse(text, **opts)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_render_formats():
    p = parse(SAMPLE)
    s = numberplay.solve(p)
    text = numberplay.render(p, s, "text")
    assert text.splitlines()[0].split() == ["6615", "15552", "420"]
    assert text.splitlines()[2].split() == ["7", "6", "5", "|", "210"]
    assert "?" in numberplay.render(p, None, "text")
    assert "|?|?|?|**210**|" in numberplay.render(p, None, "markdown")
    html = numberplay.render(p, s, "html")
    assert html.count("<tr>") == 7 and "<td>7</td>" in html
    data = json.loads(numberplay.render(p, s, "json"))
    assert data["puzzle"] == p.to_json() and data["solution"][0] == [7, 6, 5]
    with pytest.raises(PuzzleError):
        numberplay.render(p, s, "pdf")


def apply_steps(puzzle, steps):
    """Replay the fixed cells of steps into a grid dict."""
    fixed = {}
    for step in steps:
        for cell, value in step.fixed:
            fixed[cell] = value
    return fixed


@pytest.mark.parametrize("name", ["riddler-1", "riddler-2", "riddler-3", "four-columns",
                                  "one-to-nine", "unique-7x3"])
def test_explain_reaches_the_solution(name):
    from numberplay.services.examples import get_example
    p = parse(get_example("crossproduct", name).text)
    steps = list(numberplay.explain(p))
    assert steps[-1].technique == "solved"
    (solution,) = numberplay.solutions(p)
    fixed = apply_steps(p, steps)
    R, C = p.shape
    assert fixed == {f"r{r + 1}c{c + 1}": solution.grid[r][c] for r in range(R) for c in range(C)}
    assert solution.grid[0][0] == int(steps[-1].snapshot.splitlines()[2].split()[0])
    for step in steps[:-1]:
        assert step.removed or step.fixed


def test_explain_multi_solution_guesses_and_trace():
    p = parse("rows 8 8 1\ncols 8 8 1")
    steps = list(numberplay.explain(p, trace=True))
    assert any(s.is_guess for s in steps)
    assert steps[-1].technique == "solved"
    assert all(s.snapshot for s in steps)
    assert numberplay.grade(p) == "hard"


def test_explain_without_search_stalls():
    p = parse("rows 8 8 1\ncols 8 8 1")
    steps = list(numberplay.explain(p, search=False))
    assert steps[-1].technique == "stalled"
    assert "1248" in steps[-1].snapshot


@pytest.mark.parametrize("text,fragment", [
    ("rows 8 8 1\ncols 8 8 2", "column products to 128"),
    ("rows 0\ncols 0", "row 1"),
    ("rows 22\ncols 22", "prime factor"),
    ("rows\ncols 2", "column 1"),
])
def test_explain_no_solution(text, fragment):
    steps = list(numberplay.explain(parse(text)))
    assert steps[-1].technique == "no solution"
    assert fragment in steps[-1].text


def test_grades():
    from numberplay.services.examples import get_example
    grades = {n: numberplay.grade(parse(get_example("crossproduct", n).text))
              for n in ("riddler-1", "riddler-2", "one-to-nine")}
    assert set(grades.values()) <= {"easy", "medium", "hard"}
    assert grades["one-to-nine"] == "easy"


@pytest.mark.parametrize("size,difficulty", [("3x3", "easy"), ("5x4", "medium"),
                                             ("6x6", "easy"), ("6x6", "medium"),
                                             ("1x1", "easy"), ("2x5", "medium"),
                                             ("5x5", "hard")])
def test_generate_unique_and_deterministic(size, difficulty):
    for seed in range(2):
        g = KIND.generate(random.Random(seed), size, difficulty)
        again = KIND.generate(random.Random(seed), size, difficulty)
        assert g.puzzle == again.puzzle
        assert numberplay.count(g.puzzle, limit=2) == 1
        assert numberplay.verify(g.puzzle, g.solution)
        assert g.difficulty == difficulty == numberplay.grade(g.puzzle)
        assert KIND.size_of(g.puzzle) == size
        assert parse(g.text) == g.puzzle


def test_generate_api_seeded():
    a = numberplay.generate("crossproduct", size="4x4", difficulty="easy", seed=7)
    b = numberplay.generate("crossproduct", size="4x4", difficulty="easy", seed=7)
    assert a == b and numberplay.is_unique(a)


def test_generate_bad_size():
    with pytest.raises(PuzzleError):
        KIND.generate(random.Random(0), "0x3", "easy")
    with pytest.raises(PuzzleError):
        KIND.generate(random.Random(0), "banana", "easy")
    with pytest.raises(PuzzleError):
        KIND.generate(random.Random(0), "15x15", "easy")
    with pytest.raises(PuzzleError):
        KIND.parse_params("3x3", "impossible")
