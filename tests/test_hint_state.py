"""Hints from where the player is: states, wrong entries, levels, formats."""

from __future__ import annotations

import json

import pytest

import numberplay as npl
from numberplay.crossset.explain import CrossSetRules
from numberplay.crossset.render import masks_text
from numberplay.latin import techniques as T
from numberplay.services.examples import get_example

RIDDLER2 = "rows 210 144 54 135 4 49\ncols 6615 15552 420"
# its unique solution: 765 / 982 / 392 / 593 / 141 / 717


def _solution_places(p) -> dict[str, int]:
    (sol,) = list(npl.solutions(p))
    return npl.get_kind(p.kind).solution_places(p, sol)


def test_crossproduct_wrong_entries_then_the_next_step() -> None:
    p = npl.parse("crossproduct", RIDDLER2)
    answer = _solution_places(p)
    h = npl.hint(p, state="7..\n94.\n...\n..3\n...\n..7", level=3)
    assert [w.text for w in h.wrong] == ["r2c2 = 4 is wrong (no solution has it)."]
    assert h.step is not None and h.step.fixed
    # the next step decides a place the player has not filled, and rightly
    assert all(place not in ("r1c1", "r4c3", "r6c3") for place, _ in h.step.fixed)
    assert all(answer[place] == value for place, value in h.step.fixed)
    # not the first step of the puzzle
    assert h.step != next(iter(npl.explain(p)))


def test_crossproduct_hint_follows_the_player() -> None:
    """Fill the grid hint by hint (level 3, from the state each time): every hint
    decides something new and right, until the grid is full."""
    p = npl.parse("crossproduct", RIDDLER2)
    answer = _solution_places(p)
    grid = [["."] * 3 for _ in range(6)]
    for _ in range(18):
        h = npl.hint(p, state="\n".join("".join(r) for r in grid))
        assert not h.wrong
        if h.step is None or h.step.technique == "solved":
            break
        for place, value in h.step.fixed:
            assert answer[place] == value
            r, c = (int(x) - 1 for x in place[1:].split("c"))
            grid[r][c] = str(value)
    assert all(cell != "." for row in grid for cell in row)


def test_levels_get_more_precise() -> None:
    p = npl.parse("crossset", get_example("crossset", "4-5").text)
    h1, h2, h3 = (npl.hint(p, level=k) for k in (1, 2, 3))
    step = h3.step
    assert step == h1.step == h2.step and h3.text == step.text
    (place, value), = step.fixed
    assert h1.text.startswith("Look at ") and place not in h1.text and h1.area in h1.text
    assert place in h2.text and str(value) not in h2.text.replace(place, "")
    assert h1.to_json()["technique"] == step.technique
    assert "cells" not in h1.to_json() and h2.to_json()["cells"] == list(step.cells)
    assert "step" in h3.to_json() and "step" not in h2.to_json()


def test_crossset_candidate_state_continues_the_explanation() -> None:
    """The hint from the candidates after k steps is the explanation's step k+1."""
    p = npl.generate("crossset", size="6", difficulty="search", seed=1)
    steps = list(npl.explain(p))
    assert "trial" in [s.technique for s in steps]
    rules = CrossSetRules(p.n)
    m = p.masks()
    checked = 0
    for k, step in enumerate(steps[:-1]):
        if k % 7 == 3 or step.technique == "trial":
            h = npl.hint(p, state=masks_text(p.n, m))
            assert not h.wrong and h.step == steps[k]
            checked += 1
        for q, v in step.removed:
            rules.exclude(m, q, v)
    assert checked >= 3 and T.is_solved(m)
    h = npl.hint(p, state=masks_text(p.n, m))
    assert h.technique == "solved" and h.text.startswith("Nothing left to do")


def test_crossset_wrong_crossing_out_and_wrong_value() -> None:
    p = npl.parse("crossset", get_example("crossset", "4-5").text)
    answer = _solution_places(p)
    m = p.masks()
    open_cells = [i for i, d in enumerate(m) if d & (d - 1)]
    a, b = open_cells[0], open_cells[1]
    name = lambda i: f"r{i // p.n + 1}c{i % p.n + 1}"  # noqa: E731
    m[a] &= ~(1 << (answer[name(a)] - 1))                      # crossed out the answer
    wrong_value = next(v for v in T.bits(m[b]) if v + 1 != answer[name(b)])
    m[b] = 1 << wrong_value                                    # placed a wrong value
    h = npl.hint(p, state=masks_text(p.n, m))
    texts = {w.place: w for w in h.wrong}
    assert texts[name(a)].removed and texts[name(a)].value == answer[name(a)]
    assert texts[name(b)].text == f"{name(b)} = {wrong_value + 1} is wrong (no solution has it)."
    assert h.step is not None and h.step.technique != "no solution"


def test_cryptarithm_letters() -> None:
    p = npl.parse("cryptarithm", "SEND + MORE = MONEY")
    h = npl.hint(p, state="M=1, S=8", level=2)
    assert [(w.place, w.value) for w in h.wrong] == [("S", 8)]
    assert h.step is not None
    with pytest.raises(npl.PuzzleError, match="letter Q"):
        npl.parse_state(p, "Q=1")
    with pytest.raises(npl.PuzzleError, match="LETTER=DIGIT"):
        npl.parse_state(p, "M1")


def test_bad_states_are_one_line_errors(run) -> None:
    r = run(["hint", "crossproduct", RIDDLER2, "--state", "7..\n9x.\n...\n...\n...\n..."])
    assert r.exit_code == 2 and "r2c2" in r.output and "Traceback" not in r.output
    r = run(["hint", "crossproduct", RIDDLER2, "--state", "7..\n..."])
    assert r.exit_code == 2 and "row" in r.output
    r = run(["hint", "crossset", "12 12\n12 12", "--state", "123 12 1\n1 2 3\n1 2 3"])
    assert r.exit_code == 2


def test_cli_state_from_text_file_and_stdin(run, tmp_path) -> None:
    state = "7..\n94.\n...\n..3\n...\n..7"
    f = tmp_path / "state.txt"
    f.write_text(state)
    outs = [run(["hint", "crossproduct", RIDDLER2, "--state", state, "-f", "json"]),
            run(["hint", "crossproduct", RIDDLER2, "--state", str(f), "-f", "json"]),
            run(["hint", "crossproduct", RIDDLER2, "--state", "-", "-f", "json"], stdin=state)]
    assert all(o.exit_code == 0 for o in outs), [o.output for o in outs]
    data = [json.loads(o.stdout) for o in outs]
    assert data[0] == data[1] == data[2]
    d = data[0]
    assert d["wrong"] == [{"place": "r2c2", "value": 4, "text": "r2c2 = 4 is wrong (no solution has it).",
                           "removed": False}]
    assert d["level"] == 3 and d["hint"]["technique"] and d["hint"]["step"]["fixed"]
    text = run(["hint", "crossproduct", RIDDLER2, "--state", state, "--level", "1"]).stdout
    assert text.startswith("wrong: r2c2 = 4 is wrong") and "Look at " in text


def test_hint_formats(run) -> None:
    md = run(["hint", "crossset", "--example", "4-5", "-f", "markdown", "--level", "2"])
    assert md.exit_code == 0 and md.stdout.startswith("## Hint")
    page = run(["hint", "crossset", "--example", "4-5", "-f", "html", "--level", "2"]).stdout
    assert page.lstrip().lower().startswith("<!doctype html") and "<svg" in page
    assert run(["hint", "crossset", "--example", "4-5", "--level", "4"]).exit_code == 2


def test_kind_without_states_says_so(toy_cli) -> None:
    r = toy_cli(["hint", "toy", "3 15", "--state", "1"])
    assert r.exit_code == 2 and "does not take" in r.output


def test_explain_formats_and_several_solutions(run) -> None:
    r = run(["explain", "crossproduct", "rows 8 8 1\ncols 8 8 1"])
    assert r.exit_code == 4
    grade = npl.grade(npl.parse("crossproduct", "rows 8 8 1\ncols 8 8 1"))
    assert r.stdout.splitlines()[0] == f"Difficulty: {grade}"     # the grade travels with it
    assert r.stdout.splitlines()[1].startswith("This puzzle has more than one solution")
    data = json.loads(run(["explain", "crossproduct", "rows 8 8 1\ncols 8 8 1", "-f", "json"]).stdout)
    assert data["verdict"] == "multiple" and data["note"] and data["difficulty"] == grade
    md = run(["explain", "crossset", "--example", "3-4", "-f", "markdown", "--trace"])
    assert md.exit_code == 0 and "1. **naked single**" in md.stdout and "*changed: " in md.stdout
    page = run(["explain", "crossset", "--example", "3-4", "-f", "html", "--trace"])
    assert page.exit_code == 0 and "<svg" in page.stdout
    traced = run(["explain", "crossset", "--example", "3-4", "--trace"]).stdout
    assert "changed: r" in traced


def test_check_and_no_search_formats(run) -> None:
    md = run(["check", "crossproduct", RIDDLER2, "-f", "markdown"])
    assert md.exit_code == 0 and "**unique**" in md.stdout
    page = run(["check", "crossproduct", RIDDLER2, "-f", "html"]).stdout
    assert "<svg" in page and "unique" in page
    empty = "\n".join([" ".join(["1234"] * 4)] * 4)
    md = run(["solve", "crossset", empty, "--no-search", "-f", "markdown"])
    assert md.exit_code == 5 and "stall" in md.stdout and "```" in md.stdout
    page = run(["solve", "crossset", empty, "--no-search", "-f", "html"])
    assert page.exit_code == 5 and "<svg" in page.stdout


# -- the HTML hint page draws the player's position ------------------------------------
def _svg_texts(page: str, cls: str) -> list[str]:
    """The texts of class `cls` in the page's SVG drawings (in document order)."""
    import re
    return re.findall(rf'class="{cls}"[^>]*>([^<]*)</text>', page)


def test_html_hint_draws_the_players_crossproduct_entries(run) -> None:
    state = "7..\n94.\n...\n..3\n...\n..7"
    page = run(["hint", "crossproduct", RIDDLER2, "--state", state, "-f", "html"]).stdout
    assert sorted(_svg_texts(page, "entry")) == ["3", "4", "7", "7", "9"]
    assert _svg_texts(page, "digit") == []          # nothing of the solution shows
    bare = run(["hint", "crossproduct", RIDDLER2, "-f", "html"]).stdout
    assert _svg_texts(bare, "entry") == []


def test_html_hint_draws_the_players_crossset_candidates_and_values(run) -> None:
    p = npl.parse("crossset", get_example("crossset", "4-5").text)
    m = p.masks()
    open_cells = [i for i, d in enumerate(m) if d & (d - 1) and d.bit_count() < p.n]
    a = open_cells[0]
    before = [v + 1 for v in T.bits(m[a])]
    m[a] &= m[a] - 1                                 # cross out its lowest candidate
    page = run(["hint", "crossset", get_example("crossset", "4-5").text,
                "--state", masks_text(p.n, m), "-f", "html"]).stdout
    marks = run(["hint", "crossset", get_example("crossset", "4-5").text, "-f", "html"]).stdout
    # the crossed-out candidate is gone from the drawing, the others stay
    assert len(_svg_texts(page, "candidate")) == len(_svg_texts(marks, "candidate")) - 1
    assert str(before[0]) in _svg_texts(marks, "candidate")


def test_html_hint_draws_the_players_letters(run) -> None:
    page = run(["hint", "cryptarithm", "SEND + MORE = MONEY", "--state", "M=1, S=8",
                "-f", "html"]).stdout
    formula = "SEND + MORE = MONEY"     # each M and S box shows the player's digit
    assert sorted(_svg_texts(page, "entry")) == sorted(
        "1" * formula.count("M") + "8" * formula.count("S"))
    assert _svg_texts(page, "digit") == []
    product = run(["hint", "cryptoproduct", "GR x RG = RBR", "--state", "G=2",
                   "-f", "html"]).stdout
    assert _svg_texts(product, "entry") == ["2", "2"]
    assert _svg_texts(product, "digit") == [] and "legend" not in product


def test_cryptarithm_hint_passes_over_steps_that_only_decide_carries() -> None:
    """With M entered, the step 'c4 = M, so c4 = 1' tells the player nothing they
    write down: the hint is the first step that decides a letter they lack."""
    p = npl.parse("cryptarithm", "SEND + MORE = MONEY")
    letters = set("SENDMOREMONEY")
    h = npl.hint(p, state="M=1", level=3)
    assert h.step is not None and not h.wrong
    decided = {place for place, _ in h.step.fixed}
    assert decided & (letters - {"M"}), h.step
    # the explanation from M = 1 has a carries-only step before it, which the hint
    # counts among the earlier steps instead of showing it
    fixed_m = npl.get_kind("cryptarithm").explain_from(p, npl.parse_state(p, "M=1"))
    carries_only = []
    for step in fixed_m:
        if step == h.step:
            break
        if step.fixed and not {q for q, _ in step.fixed} & letters:
            carries_only.append(step)
    assert carries_only and all(s in h.before for s in carries_only)
