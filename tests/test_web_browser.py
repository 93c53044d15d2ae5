"""The play page in a real browser: Playwright driving Debian's chromium
against `numberplay serve` on a free loopback port.

Skipped (with the reason shown) when playwright or /usr/bin/chromium is
missing, unless NUMBERPLAY_REQUIRE_BROWSER=1 (CI sets it when chromium is
installed), which turns the skip into a failure. The screenshots in docs/img/
are taken here (NUMBERPLAY_SCREENSHOTS=1).
"""

from __future__ import annotations

import os
import re
from math import prod
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def _unavailable(reason: str) -> None:
    if os.environ.get("NUMBERPLAY_REQUIRE_BROWSER"):
        pytest.fail(f"browser tests required but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:
    _unavailable("playwright is not installed (pip install playwright)")
if not os.path.exists(CHROMIUM):
    _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")

from numberplay import api  # noqa: E402
from numberplay.kinds import get_kind  # noqa: E402
from numberplay.services import reports  # noqa: E402
from web_server import Server  # noqa: E402


@pytest.fixture(scope="module")
def server():
    s = Server()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Exception as exc:  # noqa: BLE001 - any launch failure is reported the same way
            _unavailable(f"chromium does not start: {' '.join(str(exc).split())[:300]}")
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def open_play(page, server, path: str) -> None:
    page.goto(server.url + path)
    # A selector, not wait_for_function: the page's CSP forbids evaluating strings.
    page.wait_for_selector(", ".join(f"body[data-state={s}]" for s in
                                     ("playing", "solved", "revealed", "error")),
                           state="attached", timeout=30_000)
    assert page.evaluate("document.body.dataset.state") != "error", page.inner_text("#failure-text")


def cell(page, name: str):
    return page.locator(f"#board [data-place='{name}']").first


def grid_values(page, n_rows: int, n_cols: int) -> list[list[int]]:
    return [[int(cell(page, f"r{r}c{c}").inner_text().strip() or 0)
             for c in range(1, n_cols + 1)] for r in range(1, n_rows + 1)]


def test_solve_a_generated_4x4_cross_set_by_keyboard(page, server):
    status, generated = server.post("/api/generate", {"kind": "crossset", "size": "4",
                                                      "difficulty": "easy", "seed": 11})
    assert status == 200
    item = generated["puzzles"][0]
    cells, answer = item["puzzle"]["cells"], item["solution"]["grid"]
    open_play(page, server, "/play/crossset?seed=11&size=4&difficulty=easy")
    labels = page.locator("#board .cell").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 16 and all(label.startswith("row ") for label in labels)
    for r in range(4):
        for c in range(4):
            if len(cells[r][c]) > 1:
                page.keyboard.press(str(answer[r][c]))
            page.keyboard.press("ArrowRight")
        if r < 3:
            expect(page.locator("body")).to_have_attribute("data-state", "playing")
        page.keyboard.press("ArrowDown")
    expect(page.locator("body")).to_have_attribute("data-state", "solved")
    expect(page.locator("#status")).to_contain_text("Solved!")
    # The grid on the page satisfies the puzzle, checked from the rules.
    impl = get_kind("crossset")
    shown = impl.solution_type.from_json({"grid": grid_values(page, 4, 4)})
    assert impl.verify(impl.parse(item["text"]), shown)


def test_pencil_marks_strike_candidates_and_repeats_are_marked(page, server):
    open_play(page, server, "/play/crossset?p=" + "123 123 123%0A123 123 123%0A123 123 123")
    page.keyboard.press("Shift+Digit2")           # strike 2 from r1c1
    struck = cell(page, "r1c1").locator(".cands span.struck")
    expect(struck).to_have_text("2")
    page.keyboard.press("p")                      # pencil mode: plain digits strike
    page.keyboard.press("3")
    expect(cell(page, "r1c1").locator(".cands span.struck")).to_have_count(2)
    page.keyboard.press("3")                      # and restore
    expect(cell(page, "r1c1").locator(".cands span.struck")).to_have_count(1)
    page.keyboard.press("p")
    page.keyboard.press("1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("1")                      # 1 twice in row 1
    expect(cell(page, "r1c2")).to_have_class(re.compile(r"\bdup\b"))
    expect(cell(page, "r1c3")).to_have_class(re.compile(r"\bline-bad\b"))


def test_check_marks_a_wrong_digit_in_crossproduct(page, server):
    text = "rows 210 144 54 135 4 49\ncols 6615 15552 420"
    puzzle = get_kind("crossproduct").parse(text)
    answer = api.solve(puzzle).to_json()
    open_play(page, server, "/play/crossproduct?p=" + quote(text))
    wrong = 1 if answer[0][0] != 1 else 2
    row = [wrong, answer[0][1], answer[0][2]]
    for digit in row:
        page.keyboard.press(str(digit))
        page.keyboard.press("ArrowRight")
    page.click("#btn-check")
    expect(cell(page, "r1c1")).to_have_class(re.compile(r"\bwrong\b"))
    expect(cell(page, "r1c2")).not_to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator("#status")).to_contain_text("1 entry contradicts")
    # A full row turns red when its digits do not multiply to its product.
    assert prod(row) != puzzle.rows[0]
    expect(page.locator("#board [data-place='row 1']")).to_have_class(re.compile(r"\bbad\b"))
    page.keyboard.press(str(answer[0][0]))      # the cursor has wrapped back to r1c1
    expect(page.locator("#board [data-place='row 1']")).to_have_class(re.compile(r"\bgood\b"))


def test_hint_highlights_the_cell_the_explanation_names(page, server):
    example = next(e for e in api_examples() if e.kind == "crossset")
    puzzle = get_kind("crossset").parse(example.text)
    open_play(page, server, "/play/crossset?p=" + quote(example.text))
    with page.expect_response(re.compile(r"/api/hint$")) as response:
        page.click("#btn-hint")
    data = response.value.json()
    if "level" in data:
        # Hints from the player's position: level 1 names the line; a second
        # press names the cell.
        assert data["level"] == 1 and data["hint"]["area"]
        with page.expect_response(re.compile(r"/api/hint$")) as response:
            page.click("#btn-hint")
        data = response.value.json()
        sent = response.value.request.post_data_json
        assert sent["level"] == 2 and sent["state"]
        expected, _ = reports.hint_report(puzzle, reports.parse_state(puzzle, sent["state"]),
                                          level=2)
        assert data == expected
        names = data["hint"]["cells"]
    else:
        names = data["hint"]["cells"]
        assert names == list(next(api.explain(puzzle)).cells)
    places = [c for c in names if re.fullmatch(r"r\d+c\d+", c)]
    assert places, data
    for name in places:
        expect(cell(page, name)).to_have_class(re.compile(r"\bhint\b"))
    expect(page.locator("#hint-panel")).to_contain_text((data.get("text") or data["hint"]["text"])[:30])


def test_undo_and_redo_restore(page, server):
    open_play(page, server, "/play/crossproduct?p=rows 8 8 1%0Acols 8 8 1")
    page.keyboard.press("5")
    page.keyboard.press("7")
    expect(cell(page, "r1c1")).to_have_text("7")
    page.keyboard.press("Control+z")
    expect(cell(page, "r1c1")).to_have_text("5")
    page.click("#btn-undo")
    expect(cell(page, "r1c1")).to_have_text("")
    page.keyboard.press("Control+y")
    expect(cell(page, "r1c1")).to_have_text("5")
    page.click("#btn-restart")
    expect(cell(page, "r1c1")).to_have_text("")
    page.keyboard.press("Control+z")
    expect(cell(page, "r1c1")).to_have_text("5")


def test_a_cryptarithm_solved_by_assigning_letters(page, server):
    formula = "SEND + MORE = MONEY"
    answer = api.solve(get_kind("cryptarithm").parse(formula)).to_json()["assignment"]
    open_play(page, server, "/play/cryptarithm?p=" + quote(formula))
    # Sums are stacked: MONEY's units column holds Y, below D and E.
    assert page.locator("#board .stack [data-col='column 1']").count() == 3
    letters = sorted(answer)
    page.keyboard.press(letters[0])
    page.keyboard.press(str(answer[letters[0]]))
    page.keyboard.press(letters[1])
    page.keyboard.press(str(answer[letters[0]]))  # a digit belongs to one letter
    expect(page.locator("#status")).to_contain_text("already")
    for letter in letters[1:]:
        page.keyboard.press(letter)
        page.keyboard.press(str(answer[letter]))
    expect(page.locator("body")).to_have_attribute("data-state", "solved")
    slots = page.locator("#board .stack [data-place='M'] .d").all_inner_texts()
    assert slots == [str(answer["M"])] * len(slots) and len(slots) == 2


def test_letters_of_any_alphabet_are_slots(page, server):
    """EINS + ... = FÜNF: Ü is a letter of the sum on the page as in the solver; the
    letter is chosen by clicking its slot, its digit typed."""
    formula = "EINS + EINS + EINS + EINS + EINS = FÜNF"
    answer = api.solve(get_kind("cryptarithm").parse(formula)).to_json()["assignment"]
    open_play(page, server, "/play/cryptarithm?p=" + quote(formula))
    assert page.locator("#board .stack [data-place='Ü']").count() == 1
    for letter, digit in sorted(answer.items()):
        page.locator(f"#board .stack [data-place='{letter}']").first.click()
        page.keyboard.press(str(digit))
    expect(page.locator("body")).to_have_attribute("data-state", "solved")


def test_a_lower_case_formula_is_played_with_its_own_letters(page, server):
    """texas+nevada=alaska: each lower-case letter is a slot, chosen by typing it;
    the letters of `sum` in `sum(range(us)) = sum` before `(` are no slots."""
    formula = "texas+nevada=alaska"
    answer = api.solve(get_kind("cryptarithm").parse(formula)).to_json()["assignment"]
    open_play(page, server, "/play/cryptarithm?p=" + quote(formula))
    assert page.locator("#board .stack [data-place='a']").count() == 6
    for letter, digit in sorted(answer.items()):
        page.keyboard.press(letter)
        page.keyboard.press(str(digit))
    expect(page.locator("body")).to_have_attribute("data-state", "solved")
    open_play(page, server, "/play/cryptarithm?p=" + quote("sum(range(us)) = sum"))
    assert page.locator("#board .formula [data-place]").count() == 5
    assert page.locator("#board .letters [data-place]").count() == 3


def test_any_solution_counts_when_there_are_several(page, server):
    """NUM + BER = PLAY has 96 solutions: one the page does not know is accepted
    once the server confirms it."""
    formula = "NUM + BER = PLAY"
    puzzle = get_kind("cryptarithm").parse(formula)
    first, second = (s.to_json()["assignment"] for s in api.solutions(puzzle, limit=2))
    open_play(page, server, "/play/cryptarithm?p=" + quote(formula))
    expect(page.locator("#play-info")).to_contain_text("more than one solution")
    for letter, digit in sorted(second.items()):
        page.keyboard.press(letter)
        page.keyboard.press(str(digit))
    assert second != first
    expect(page.locator("body")).to_have_attribute("data-state", "solved")


def test_a_reload_keeps_progress(page, server):
    open_play(page, server, "/play/crossset?seed=4&size=4&difficulty=easy")
    page.keyboard.press("ArrowDown")
    status, generated = server.post("/api/generate", {"kind": "crossset", "size": "4",
                                                      "difficulty": "easy", "seed": 4})
    item = generated["puzzles"][0]
    cands = item["puzzle"]["cells"][1][0]
    value = item["solution"]["grid"][1][0]
    if len(cands) > 1:
        page.keyboard.press(str(value))
    expect(cell(page, "r2c1")).to_have_text(str(value))
    page.wait_for_timeout(300)
    page.reload()
    page.wait_for_selector("body[data-state=playing]", state="attached", timeout=30_000)
    expect(cell(page, "r2c1")).to_have_text(str(value))
    if len(cands) > 1:
        page.keyboard.press("Control+z")
        expect(cell(page, "r2c1")).not_to_have_text(str(value))


SHOTS = [
    ("crossproduct", "/play/crossproduct?seed=3&size=4x4&difficulty=easy",
     {"size": "4x4", "difficulty": "easy", "seed": 3}),
    ("crossset", "/play/crossset?seed=3&size=5&difficulty=easy",
     {"size": "5", "difficulty": "easy", "seed": 3}),
    ("cryptarithm", "/play/cryptarithm?p=" + quote("SEND + MORE = MONEY"), "SEND + MORE = MONEY"),
    ("cryptoproduct", "/play/cryptoproduct?p=" + quote("R x GR = BG"), "R x GR = BG"),
]


def _answer(server, kind, source):
    """(puzzle JSON, solution JSON) of a screenshot's puzzle."""
    if isinstance(source, dict):
        status, generated = server.post("/api/generate", {"kind": kind, **source})
        item = generated["puzzles"][0]
        return item["puzzle"], item["solution"]
    status, solved = server.post("/api/solve", {"kind": kind, "puzzle": source})
    return solved["puzzle"], solved["solutions"][0]


def _play_a_little(page, kind, puzzle, solution):
    """A few right moves, as a player would make them, before the screenshot."""
    if kind == "crossproduct":
        for c in range(2):
            page.keyboard.press(str(solution[0][c]))
            page.keyboard.press("ArrowRight")
    elif kind == "crossset":
        for c, cands in enumerate(puzzle["cells"][0][:3]):
            if len(cands) > 1:
                page.keyboard.press(str(solution["grid"][0][c]))
            page.keyboard.press("ArrowRight")
    else:
        for letter in sorted(solution["assignment"])[:2]:
            page.keyboard.press(letter)
            page.keyboard.press(str(solution["assignment"][letter]))


@pytest.mark.parametrize("width,label", [(1100, "desktop"), (375, "phone")])
def test_screenshots_at_desktop_and_phone_width(browser, server, width, label, tmp_path):
    """Each kind's page (a few moves in, with a hint showing) at both widths;
    nothing may stick out sideways at phone width. The shots go to docs/img/
    only with NUMBERPLAY_SCREENSHOTS=1 (tests write no tracked file otherwise)."""
    img = IMG if os.environ.get("NUMBERPLAY_SCREENSHOTS") == "1" else tmp_path
    img.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 760})
    page = context.new_page()
    try:
        for kind, path, source in SHOTS:
            open_play(page, server, path)
            _play_a_little(page, kind, *_answer(server, kind, source))
            with page.expect_response(re.compile(r"/api/hint$")):
                page.click("#btn-hint")
            page.wait_for_timeout(100)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{kind} sticks out {overflow}px at {width}px"
            page.screenshot(path=str(img / f"{kind}-{label}.png"), full_page=True)
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-state=home]", state="attached")
        page.screenshot(path=str(img / f"home-{label}.png"), full_page=True)
    finally:
        context.close()


def test_long_formulas_fit_at_phone_width(browser, server):
    """A 9x9 crypto-product (17 circles in its product) shrinks to fit 375 px."""
    example = next(e for e in api_examples() if e.name == "nine-by-nine-generated")
    formula = next(line for line in example.text.splitlines() if line and not line.startswith("#"))
    context = browser.new_context(viewport={"width": 375, "height": 760})
    page = context.new_page()
    try:
        open_play(page, server, "/play/cryptoproduct?p=" + quote(formula))
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert page.locator("#board .stack .slot").count() == sum(
            len(w) for w in re.findall(r"[A-Z]+", formula))
    finally:
        context.close()


def api_examples():
    from numberplay.services.examples import list_examples
    return list_examples()


def test_the_page_runs_under_its_content_security_policy(page, server):
    """The page loads everything it needs with the CSP on (no violation in the
    console), and the policy is enforced: an injected inline script does not run."""
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    response = page.goto(server.url + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("body[data-state=home]", state="attached", timeout=30_000)
    page.click("#new-form button[type=submit]")
    page.wait_for_selector("body[data-state=playing]", state="attached", timeout=30_000)
    assert not [m for m in messages if "Content Security Policy" in m], messages
    ran = page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__injected = 1';
        document.head.appendChild(s);
        return window.__injected === 1;
    }""")
    assert ran is False
    assert any("Content Security Policy" in m for m in messages)  # the browser said why


def test_two_quick_digits_make_one_value_past_nine(page, server):
    """Orders over 9 (the Latin kinds' shared key handling): "1" then "2" typed quickly
    in one cell places 12; a digit after a pause starts afresh."""
    text = "\n".join(" ".join(["."] * 12) for _ in range(12))
    open_play(page, server, "/play/crossset?p=" + quote(text))
    cell(page, "r1c1").click()
    page.keyboard.press("1")
    page.keyboard.press("2")
    expect(cell(page, "r1c1")).to_have_text("12")
    cell(page, "r2c2").click()
    page.keyboard.press("1")
    page.wait_for_timeout(1200)
    page.keyboard.press("3")
    expect(cell(page, "r2c2")).to_have_text("3")


def test_the_focused_cells_ring_stays_inside_the_grid(page, server):
    """Issue #33, defect 8: the top-left cell's focus ring was drawn 5 px outside
    it (outline-offset 2 px), so outside the grid, and the neighbours hid its other
    sides: it showed shifted off the grid. Every cell's ring lies inside the grid."""
    for path in ("/play/crossset?seed=11&size=4&difficulty=easy",
                 "/play/keen?seed=11&size=4&difficulty=easy",
                 "/play/crossproduct?seed=11&size=3x3&difficulty=easy"):
        open_play(page, server, path)
        page.locator("#board").focus()
        for moves in (["ArrowRight", "ArrowLeft"], ["ArrowRight"] * 2):   # r1c1, then r1c3
            for move in moves:
                page.keyboard.press(move)
            ring = page.evaluate("""() => {
              const c = document.activeElement, s = getComputedStyle(c);
              const grow = s.outlineStyle === 'none' ? 0
                : parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
              const b = c.getBoundingClientRect(), g = c.closest('.grid').getBoundingClientRect();
              return {cell: c.dataset.place || '', grow: grow,
                      inside: b.left - grow >= g.left - 0.5 && b.top - grow >= g.top - 0.5
                        && b.right + grow <= g.right + 0.5 && b.bottom + grow <= g.bottom + 0.5};
            }""")
            assert ring["cell"].startswith("r1c"), (path, ring)
            assert ring["inside"], f"{path}: the ring of {ring['cell']} sticks out {ring['grow']} px"



def test_the_difficulty_choices_follow_the_size_typed(page, server):
    """The home page offers only the difficulties the kind's size table gives the size."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-state=home]", state="attached", timeout=30_000)
    def pick(kind: str, example: str) -> None:   # (the kind's play module loaded)
        page.select_option("#kind-select", kind)
        expect(page.locator("#paste-text")).to_have_attribute("placeholder", example)

    pick("keen", "4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1")

    def choices() -> list[str]:
        return page.locator("#difficulty-select option").evaluate_all(
            "els => els.map(e => e.value)")

    page.fill("#size-input", "3")
    assert choices() == ["easy", "medium", "hard", "extreme"]
    page.fill("#size-input", "5")
    assert choices() == list(get_kind("keen").difficulties)
    pick("crossproduct", "rows 210 144 54 135 4 49\ncols 6615 15552 420")
    page.fill("#size-input", "1x4")
    assert choices() == ["easy"]
    page.fill("#size-input", "3")
    assert choices() == ["easy", "medium"]
