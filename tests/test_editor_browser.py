"""The setter's board editor (`/set/KIND?size=N`, issue 41) and the accessibility
of every page, in a real browser.

A 4x4 Keen composed on a blank board by drags and typed targets reaches
"unique"; a Cross Set candidate toggled on the board shows in the text; a
CrossProduct product typed at a row's end and a given digit too; a text typed
in the box is redrawn on the board; undo, redo and the link. axe-core (shipped
inside the axe-playwright-python package, no download) finds no WCAG 2.1 A or
AA violation on the home page, nor on /play/KIND and /set/KIND of every kind.

Skipped like tests/test_web_browser.py when playwright or chromium is missing.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

import test_web_browser as web  # noqa: E402 - skips the module without a browser
from web_server import cage_walk  # noqa: E402

browser, page, server = web.browser, web.page, web.server   # the same fixtures

IMG = Path(__file__).resolve().parent.parent / "docs" / "img"
TATHAM_4X4 = "4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def wait(page) -> None:
    page.wait_for_selector("body[data-state=setter], body[data-state=setter-error]",
                           state="attached", timeout=30_000)


def settled(page, start: str) -> None:
    """Until the verdict starts with `start` (a selector: the CSP forbids evaluating strings)."""
    page.locator("#setter-verdict", has_text=start).wait_for(timeout=60_000)


def board_cell(page, name: str):
    return page.locator(f"#setter-board [data-place='{name}']")


def centre(page, r: int, c: int) -> tuple[float, float]:
    for _ in range(50):   # the board is redrawn when an answer comes: look again
        box = board_cell(page, f"r{r}c{c}").bounding_box()
        if box:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    raise AssertionError(f"no cell r{r}c{c} on the board")


def drag_cage(page, cage: dict) -> None:
    """Drag across the cage's cells with the mouse, type its target and its operation."""
    path = cage_walk(cage["cells"])
    page.mouse.move(*centre(page, *path[0]))
    page.mouse.down()
    for cell in path[1:]:
        page.mouse.move(*centre(page, *cell), steps=2)
    page.mouse.up()
    page.keyboard.type(str(cage["target"]))
    if cage["op"] in "+-*/":
        page.keyboard.press(cage["op"])


def test_a_keen_composed_on_a_blank_board_by_drags_is_unique(page, server):
    status, answer = server.post("/api/check", {"kind": "keen", "puzzle": TATHAM_4X4})
    assert status == 200
    page.goto(f"{server.url}/set/keen?size=4")
    wait(page)
    assert page.locator("#setter-board .cell.no-cage").count() == 16   # no cage yet: all marked
    assert page.input_value("#setter-text").split() == ["."] * 16
    for k, cage in enumerate(answer["puzzle"]["cages"]):
        drag_cage(page, cage)
        if k == 3 and os.environ.get("NUMBERPLAY_SCREENSHOTS"):   # half made: docs/web.md
            settled(page, "solutions")
            page.screenshot(path=str(IMG / "setter-editor-keen.png"), full_page=True)
    settled(page, "unique")
    assert page.locator("#setter-board .cell.no-cage").count() == 0
    text = page.input_value("#setter-text")
    status, again = server.post("/api/check", {"kind": "keen", "puzzle": text})
    assert again["puzzle"] == answer["puzzle"]   # the same cages and clues, as text
    # The link in the address bar reproduces it.
    link = page.url
    assert "/set/keen?p=" in link
    # A click on a cage selects it; Delete removes it; undo brings it back, redo again.
    page.mouse.click(*centre(page, 1, 1))
    selected = page.locator("#setter-board [aria-selected=true]")
    assert sorted(selected.evaluate_all("els => els.map(e => e.dataset.place)")) == ["r1c1", "r2c1"]
    page.keyboard.press("Delete")
    assert "no-cage" in board_cell(page, "r2c1").get_attribute("class")
    assert "12x" not in page.input_value("#setter-text")
    page.keyboard.press("Control+z")
    assert page.input_value("#setter-text") == text
    settled(page, "unique")
    page.click("#btn-setter-redo")
    assert "12x" not in page.input_value("#setter-text")
    page.goto(link)
    wait(page)
    assert page.input_value("#setter-text") == text
    assert page.locator("#setter-board .cage-clue").count() == len(answer["puzzle"]["cages"])


def test_a_cross_set_candidate_toggled_on_the_board_shows_in_the_text(page, server):
    page.goto(f"{server.url}/set/crossset?size=4")
    wait(page)
    board_cell(page, "r2c3").click()
    page.keyboard.press("3")   # off in r2c3
    assert page.input_value("#setter-text").splitlines()[1].split() == [".", ".", "124", "."]
    page.keyboard.press("Shift+ArrowRight")   # r2c3 and r2c4 selected
    page.keyboard.press("3")   # on in both (r2c4 had it)
    page.keyboard.press("3")   # off in both
    assert page.input_value("#setter-text").splitlines()[1].split() == [".", ".", "124", "124"]
    page.keyboard.press(" ")   # all on
    assert page.input_value("#setter-text").splitlines()[1].split() == ["."] * 4
    # A text typed in the box is redrawn on the board.
    page.fill("#setter-text", "1 . . .\n. . . .\n. . . .\n. . . 12")
    page.locator("#setter-board [data-place='r4c4'][aria-label$='candidates 1 2']").wait_for(
        timeout=30_000)
    assert board_cell(page, "r1c1").inner_text().strip() == "1"


def test_crossproduct_products_and_givens_are_typed_on_the_board(page, server):
    page.goto(f"{server.url}/set/crossproduct?size=2x2")
    wait(page)
    page.locator("#setter-board [data-place='row 1']").click()
    page.keyboard.type("12")
    page.keyboard.press("ArrowDown")   # to row 2's product
    page.keyboard.type("6")
    page.locator("#setter-board [data-place='column 1']").click()
    page.keyboard.type("6")
    page.keyboard.press("ArrowRight")
    page.keyboard.type("12")
    settled(page, "solutions")   # several: 3 4 / 2 3, 2 6 / 3 2 or 6 2 / 1 6
    board_cell(page, "r1c1").click()
    page.keyboard.press("3")
    assert page.input_value("#setter-text").splitlines() == ["rows 12 6", "cols 6 12", "given r1c1=3"]
    settled(page, "unique")


def test_a_cage_dragged_by_a_finger_at_phone_width(browser, server):
    """Touch at 375 px: a finger drags a cage, the pad types its clue, nothing scrolls sideways.
    NUMBERPLAY_SCREENSHOTS=1 saves docs/img/setter-editor-phone.png."""
    context = browser.new_context(viewport={"width": 375, "height": 800}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"{server.url}/set/keen?size=5")
        wait(page)
        cdp = context.new_cdp_session(page)
        points = [dict(zip("xy", centre(page, 2, c), strict=True)) for c in (2, 3, 4)]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points[:1]})
        for point in points[1:] + points[-1:]:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
            page.wait_for_timeout(100)   # the finger comes to rest: no fling to stop
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        for name in ("1", "2", "operation multiply"):
            page.get_by_role("button", name=name, exact=True).tap()
        lines = page.input_value("#setter-text").splitlines()
        assert lines[1].split() == [".", "A", "A", "A", "."] and lines[5] == "A 12x"
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        if os.environ.get("NUMBERPLAY_SCREENSHOTS"):
            settled(page, "solutions")
            page.screenshot(path=str(IMG / "setter-editor-phone.png"))
    finally:
        context.close()
    assert not errors, errors


def test_no_page_has_a_wcag_violation(page, server):
    """axe-core's WCAG 2.1 A and AA rules on the home page and on the play and set
    pages of every kind (the editor with a selection on it)."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    paths = ["/"]
    for info in server.get("/api/kinds"):
        kind = info["name"]
        # the kind's shortest example: a formula of 199 addends takes axe 15 s
        text = min((server.get(f"/api/examples/{kind}/{e['name']}")["text"]
                    for e in server.get(f"/api/examples/{kind}")), key=len)
        paths += [f"/play/{kind}?p={quote(text)}", f"/set/{kind}"]
    paths.append("/set/keen?size=4")
    found = {}
    for path in paths:
        page.goto(server.url + path)
        page.wait_for_selector("body:not([data-state=loading]):not([data-state=checking])",
                               state="attached", timeout=30_000)
        if path.endswith("size=4"):
            page.mouse.move(*centre(page, 1, 1))
            page.mouse.down()
            page.mouse.move(*centre(page, 1, 2), steps=2)
            page.mouse.up()
        result = axe.run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
        for v in result.response["violations"]:
            found[f"{path[:40]} {v['id']}"] = [n["target"] for n in v["nodes"][:3]]
    assert not found, found
