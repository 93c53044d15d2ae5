"""The setter mode (`/set/KIND`, issue 32) in a real browser: the verdict as the
puzzle is typed, the true candidates pencilled in, the differing cells marked,
"Make unique" applying the fix, the conflicting clues highlighted; for every kind.

Skipped like tests/test_web_browser.py when playwright or chromium is missing.
NUMBERPLAY_SCREENSHOTS=1 saves docs/img/setter-*.png.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

import test_web_browser as web  # noqa: E402 - skips the module without a browser

browser, page, server = web.browser, web.page, web.server   # the same fixtures

IMG = Path(__file__).resolve().parent.parent / "docs" / "img"
STATES = ("setter", "setter-error")

# kind: (several solutions, no solution)
PUZZLES = {
    "crossset": ("1234 1234 3 4\n1234 1234 4 3\n3 4 12 12\n4 3 12 12", "12 12 3\n12 12 3\n3 3 12"),
    "keen": ("A A B\nC D B\nC D E\nA 3+ B ? C ?\nD ? E 2", "A A B\nC D B\nC D E\nA 3+ B 5+ C 4+\nD 3x E 2"),
    "crossproduct": ("rows 6 6\ncols 6 6", "rows 6 7 5\ncols 6 36 5"),
    "cryptarithm": ("AB + BA = CC", "A + B = CDE"),
    "cryptoproduct": ("A x B = CA", "AB x CD = E"),
}


def open_setter(page, server, kind: str, text: str) -> None:
    page.goto(f"{server.url}/set/{kind}?p={quote(text)}")
    wait(page)


def wait(page) -> None:
    page.wait_for_selector(", ".join(f"body[data-state={s}]" for s in STATES),
                           state="attached", timeout=30_000)


@pytest.mark.parametrize("kind", sorted(PUZZLES))
def test_setter_mode_for_every_kind(page, server, kind):
    several, none = PUZZLES[kind]
    open_setter(page, server, kind, several)
    verdict = page.inner_text("#setter-verdict")   # "multiple solutions" or "4 solutions"
    assert verdict.endswith("solutions") and not verdict.startswith("no"), verdict
    status, answer = server.post("/api/check", {"kind": kind, "puzzle": several, "why": True})
    assert status == 200
    # the true candidates pencilled in, the differing places marked
    for place, values in answer["candidates"].items():
        box = page.locator(f"#setter-cands [data-place='{place}']")
        assert box.inner_text().split()[-1].replace(",", "") == "".join(map(str, values))
    marked = page.locator("#setter-cands .differ")
    assert sorted(marked.evaluate_all("els => els.map(e => e.dataset.place)")) == \
        sorted(answer["differ"])
    # make unique: the fix applied, the verdict follows
    page.click("#btn-unique")
    page.wait_for_function("() => document.querySelector('#setter-verdict').textContent"
                           ".startsWith('unique')", timeout=30_000)
    assert page.input_value("#setter-text").strip() == answer["fixed_text"].strip()
    # typing a puzzle without solution: the conflicting clues
    page.fill("#setter-text", none)
    page.wait_for_function("() => document.querySelector('#setter-verdict').textContent"
                           ".startsWith('no solution')", timeout=30_000)
    assert "no solution" in page.inner_text("#setter-why")


def test_setter_marks_conflicting_cells_and_reads_bad_input(page, server):
    open_setter(page, server, "crossset", PUZZLES["crossset"][1])
    wrong = page.locator("#setter-board .wrong")
    assert sorted(wrong.evaluate_all("els => els.map(e => e.dataset.place)")) == ["r3c1", "r3c2"]
    open_setter(page, server, "keen", PUZZLES["keen"][1])   # two cages: all their cells
    wrong = page.locator("#setter-board .wrong")
    assert sorted(wrong.evaluate_all("els => els.map(e => e.dataset.place)")) == \
        ["r2c1", "r2c2", "r3c1", "r3c2"]
    page.fill("#setter-text", "1 2\n3")
    page.wait_for_selector("body[data-state=setter-error]", state="attached", timeout=30_000)
    assert page.inner_text("#setter-verdict")
    if os.environ.get("NUMBERPLAY_SCREENSHOTS"):
        open_setter(page, server, "crossset", PUZZLES["crossset"][0])
        page.screenshot(path=str(IMG / "setter-crossset.png"), full_page=True)
        open_setter(page, server, "keen", PUZZLES["keen"][1])
        page.screenshot(path=str(IMG / "setter-keen.png"), full_page=True)


@pytest.mark.parametrize("kind", ["keen", "crossproduct"])
def test_play_a_fixed_puzzle_with_its_givens_and_blank_clues(page, server, kind):
    """The puzzle "Make unique" made plays with its given digits in place (and a
    blank clue shown as such)."""
    status, answer = server.post("/api/check", {"kind": kind, "puzzle": PUZZLES[kind][0],
                                                "why": True})
    assert status == 200 and answer["fix"]
    page.goto(f"{server.url}/play/{kind}?p={quote(answer['fixed_text'])}")
    page.wait_for_selector("body[data-state=playing]", state="attached", timeout=30_000)
    for given in answer["fix"]:
        box = page.locator(f"#board [data-place='{given['at']}']").first
        assert box.inner_text().split()[-1] == str(given["value"])   # (after a cage clue)
        assert "given" in box.get_attribute("class")
    if kind == "keen":   # the two cages without clue show no clue
        assert "0" not in page.inner_text("#board").split()
