"""The setter's board editor in Chromium: Keen puzzles composed from a blank board
by mouse drags and typed clues alone (the text box untouched), until the verdict
says "unique"; how long each answer of the server takes to reach the screen.

For each puzzle (Tatham's 4x4 at 1100 px, generated 6x6 and 9x9 ones at 375 and
1100 px) it prints the cages drawn, the checks the page sent and drew (stale
answers are dropped), the server's answer time (fetch to JSON, median and
worst), the time from an answer's arrival to the next frame after the verdict
changed (median and worst; the goal is under 300 ms), and the console errors.

    python benchmarks/bench_setter_editor.py [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from web_server import Server, cage_walk  # noqa: E402 - the web tests' real server

TATHAM_4X4 = "4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1"

# Times each check (fetch to JSON) and each answer's way to the screen: from its
# JSON to the frame after the verdict changed.
PROBE = """
window.__answers = []; window.__drawn = [];
const fetch0 = window.fetch;
window.fetch = async function (url, init) {
  const t0 = performance.now();
  const response = await fetch0(url, init);
  if (!String(url).endsWith('/api/check')) return response;
  const json0 = response.json.bind(response);
  response.json = async () => {
    const out = await json0();
    window.__got = performance.now();
    window.__answers.push(window.__got - t0);
    return out;
  };
  return response;
};
new MutationObserver(() => {
  const v = document.querySelector('#setter-verdict');
  if (v && window.__got && !v.textContent.startsWith('Checking')) {
    const got = window.__got; window.__got = null;
    requestAnimationFrame(() => window.__drawn.push(performance.now() - got));
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def compose(page, puzzle: dict) -> None:
    def centre(r: int, c: int) -> tuple[float, float]:
        for _ in range(50):
            box = page.locator(f"#setter-board [data-place='r{r}c{c}']").bounding_box()
            if box:
                return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        raise RuntimeError(f"no cell r{r}c{c}")

    for cage in puzzle["cages"]:
        path = cage_walk(cage["cells"])
        page.mouse.move(*centre(*path[0]))
        page.mouse.down()
        for cell in path[1:]:
            page.mouse.move(*centre(*cell), steps=2)
        page.mouse.up()
        page.keyboard.type(str(cage["target"]))
        if cage["op"] in "+-*/":
            page.keyboard.press(cage["op"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = Server()
    url = server.url

    def post(path: str, body: dict) -> dict:
        status, answer = server.post(path, body)
        if status != 200:
            raise SystemExit(f"{path}: {status} {answer}")
        return answer

    rows = []
    try:
        cases = [("Tatham 4x4", TATHAM_4X4, 1100)]
        for n, width in ((6, 375), (9, 1100)):
            made = post("/api/generate", {"kind": "keen", "size": str(n), "difficulty": "hard",
                                                "seed": 5})
            cases.append((f"generated {n}x{n} hard", made["puzzles"][0]["text"], width))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium,
                                        args=["--no-sandbox", "--disable-gpu"])
            for name, text, width in cases:
                puzzle = post("/api/check", {"kind": "keen", "puzzle": text})["puzzle"]
                context = browser.new_context(viewport={"width": width, "height": 1000})
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.on("console", lambda m, errors=errors: errors.append(m.text)
                        if m.type == "error" else None)
                page.add_init_script(PROBE)
                page.goto(f"{url}/set/keen?size={puzzle['n']}")
                page.wait_for_selector("body[data-state=setter]", state="attached", timeout=60_000)
                start = time.perf_counter()
                compose(page, puzzle)
                page.locator("#setter-verdict", has_text="unique").wait_for(timeout=120_000)
                took = time.perf_counter() - start
                answers = page.evaluate("window.__answers")
                drawn = page.evaluate("window.__drawn")
                wide = page.evaluate("document.documentElement.scrollWidth") > width
                rows.append((f"{name} ({width} px)", len(puzzle["cages"]), f"{took:.1f} s",
                             page.inner_text("#setter-verdict"), len(answers), len(drawn),
                             f"{statistics.median(answers):.0f} / {max(answers):.0f} ms",
                             f"{statistics.median(drawn):.0f} / {max(drawn):.0f} ms",
                             "yes" if wide else "no", len(errors)))
                for e in errors:
                    print(f"{name}: {e}", file=sys.stderr)
                context.close()
            browser.close()
    finally:
        server.stop()
    head = ("puzzle", "cages", "composed in", "verdict", "checks sent", "drawn",
            "answer median / worst", "answer to screen median / worst", "sideways scroll",
            "console errors")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(map(str, row)) + " |")


if __name__ == "__main__":
    main()
