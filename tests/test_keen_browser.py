"""Keen's play page in a real browser: a 4x4 played to "Solved!" by keyboard, pencil
marks, check, hint and undo, and the page at 375 px (shots to a temporary folder)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from numberplay.kinds import get_kind  # noqa: E402
from test_web_browser import (  # noqa: E402
    browser,  # noqa: F401 - fixtures
    cell,
    open_play,
    page,  # noqa: F401
    server,  # noqa: F401
)

PLAY = "/play/keen?seed=11&size=4&difficulty=easy"


def _generated(srv) -> dict:  # type: ignore[no-untyped-def]
    status, generated = srv.post("/api/generate", {"kind": "keen", "size": "4",
                                                      "difficulty": "easy", "seed": 11})
    assert status == 200
    return generated["puzzles"][0]


def _digit(pg, name: str) -> int:  # type: ignore[no-untyped-def]
    """The digit a cell shows (its clue label left out)."""
    text = cell(pg, name).locator(":scope > span:not(.cage-clue)").all_inner_texts()
    return int(text[0]) if text else 0


def test_play_a_4x4_keen_to_solved_by_keyboard(page, server):  # noqa: F811
    item = _generated(server)
    answer = item["solution"]["grid"]
    open_play(page, server, PLAY)
    assert page.locator("#board .cell").count() == 16
    assert page.locator("#board .cage-clue").count() == len(item["puzzle"]["cages"])
    # pencil marks: Shift+digit adds one, again removes it
    page.keyboard.press("Shift+Digit1")
    page.keyboard.press("Shift+Digit3")
    expect_marks = cell(page, "r1c1").locator(".keen-marks")
    assert expect_marks.inner_text().split() == ["1", "3"]
    page.keyboard.press("Shift+Digit3")
    assert expect_marks.inner_text().split() == ["1"]
    # a wrong digit, found by Check, then undone
    wrong = answer[0][0] % 4 + 1
    page.keyboard.press(str(wrong))
    page.click("#btn-check")
    assert "wrong" in (cell(page, "r1c1").get_attribute("class") or "")
    page.keyboard.press("Control+z")
    assert _digit(page, "r1c1") == 0
    page.locator("#board").focus()
    for r in range(4):
        for c in range(4):
            page.keyboard.press(str(answer[r][c]))
            page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
    page.wait_for_selector("body[data-state=solved]", state="attached", timeout=10_000)
    assert "Solved!" in page.inner_text("#status")
    impl = get_kind("keen")
    shown = impl.solution_type.from_json(
        {"grid": [[_digit(page, f"r{r}c{c}") for c in range(1, 5)] for r in range(1, 5)]})
    assert impl.verify(impl.parse(item["text"]), shown)


def test_a_hint_names_a_cage_rule_and_highlights_its_cells(page, server):  # noqa: F811
    open_play(page, server, PLAY)
    with page.expect_response(re.compile(r"/api/hint$")) as response:
        page.click("#btn-hint")
    data = response.value.json()
    assert data["hint"]["technique"]
    assert page.locator("#hint-panel").inner_text().strip()


def test_keen_fits_375_px(browser, server, tmp_path):  # noqa: F811
    for size in ("4", "9"):
        context = browser.new_context(viewport={"width": 375, "height": 760})
        p = context.new_page()
        try:
            open_play(p, server, f"/play/keen?seed=3&size={size}&difficulty=easy")
            p.keyboard.press("Shift+Digit2")
            overflow = p.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{size}x{size} sticks out {overflow}px at 375 px"
            p.screenshot(path=str(tmp_path / f"keen-{size}-phone.png"), full_page=True)
        finally:
            context.close()


# The rectangles of a cell's cage clue and of its digit (x, y, width, height).
_CLUE_AND_DIGIT = """() => [...document.querySelectorAll('#board .cell')].flatMap(c => {
  const clue = c.querySelector(':scope > .cage-clue');
  const digit = c.querySelector(':scope > span:not(.cage-clue)');
  if (!clue || !digit) return [];
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; };
  return [[c.dataset.place, box(clue), box(digit)]];
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_a_digit_never_overlaps_its_cages_clue(browser, server):  # noqa: F811
    """Issue #33, defect 8: a digit typed into a cage's first cell overlapped the
    clue in its corner; on a wide screen and on a phone, for a 4x4 and a 9x9."""
    for width, size in ((1000, "4"), (375, "4"), (375, "9"), (1000, "9")):
        context = browser.new_context(viewport={"width": width, "height": 800})
        p = context.new_page()
        try:
            open_play(p, server, f"/play/keen?seed=3&size={size}&difficulty=easy")
            p.locator("#board").focus()
            for _ in range(int(size)):          # a digit in every cell of the top row
                p.keyboard.press(size)
                p.keyboard.press("ArrowRight")
            pairs = p.evaluate(_CLUE_AND_DIGIT)
            assert pairs, "no cell shows both a clue and a digit"
            bad = [place for place, clue, digit in pairs if _overlap(clue, digit)]
            assert not bad, f"{size}x{size} at {width} px: digit over the clue in {bad}"
        finally:
            context.close()
