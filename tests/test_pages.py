"""Whole HTML pages, --no-solution in every format, and numberplay JSON read back."""

from __future__ import annotations

import functools
import json
import re
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from numberplay.cli import app

KINDS = {
    "crossproduct": ["--size", "3x3", "--difficulty", "easy"],
    "crossset": ["--size", "5", "--difficulty", "easy"],
    "cryptarithm": ["--difficulty", "easy"],
    "cryptoproduct": ["--difficulty", "easy"],
}


def run(args, stdin=None):
    return CliRunner().invoke(app, args, input=stdin)


class Outline(HTMLParser):
    """The tags of a document, in order, with their classes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, str]] = []
        self.open = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs).get("class") or ""))


def whole_page(html: str) -> Outline:
    assert html.lstrip().lower().startswith("<!doctype html>")
    assert html.rstrip().endswith("</html>")
    assert "<style>" in html and "@media print" in html and "break-before: page" in html
    outline = Outline()
    outline.feed(html)
    names = [t for t, _ in outline.tags]
    for tag in ("html", "head", "title", "body", "svg"):
        assert tag in names, tag
    return outline


@functools.cache
def generate(kind, fmt, *extra, count=2):
    result = run(["generate", kind, *KINDS[kind], "--count", str(count), "--seed", "1", "-q",
                  "--format", fmt, *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("kind", KINDS)
def test_generate_html_is_a_whole_page_with_answers_after_a_break(kind):
    html = generate(kind, "html")
    outline = whole_page(html)
    classes = [c for _, c in outline.tags]
    answers = classes.index("answers")
    puzzles = [i for i, c in enumerate(classes) if c == "block"]
    assert len(puzzles) == 4 and puzzles[1] < answers < puzzles[2]
    # the answers show digits, the puzzles none
    head, tail = html.split('class="answers"')
    assert 'class="digit"' not in head and 'class="digit"' in tail


@pytest.mark.parametrize("kind", KINDS)
def test_no_solution_hides_the_answers_in_every_format(kind):
    html = generate(kind, "html", "--no-solution", count=1)
    whole_page(html)
    assert 'class="answers"' not in html and 'class="digit"' not in html
    md = generate(kind, "markdown", "--no-solution", count=1)
    assert "Answer" not in md and "page-break" not in md
    assert "Answer" in generate(kind, "markdown", count=1)
    data = json.loads(generate(kind, "json", "--no-solution", count=1))
    assert all("solution" not in item for item in data["puzzles"])
    assert all("solution" in item for item in json.loads(generate(kind, "json"))["puzzles"])
    text = generate(kind, "text", count=1)
    assert "# answer" not in text
    assert "# answer" in generate(kind, "text", "--solution", count=1)


@pytest.mark.parametrize("kind", KINDS)
def test_json_round_trip_through_solve(kind):
    made = json.loads(generate(kind, "json"))
    solved = run(["solve", kind, "-", "--format", "json"], stdin=json.dumps(made))
    assert solved.exit_code == 0, solved.output
    reports = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [r["solutions"][0] for r in reports] == [p["solution"] for p in made["puzzles"]]
    assert all(r["verdict"] == "unique" for r in reports)
    # solve's own JSON and explain's JSON are read back too
    again = run(["solve", kind, "-", "--format", "json"], stdin=reports[0] and solved.stdout)
    assert again.exit_code == 0 and again.stdout == solved.stdout
    explained = run(["explain", kind, "-", "--format", "json"], stdin=solved.stdout)
    assert explained.exit_code == 0, explained.output
    back = run(["check", kind, "-"], stdin=explained.stdout)
    assert back.exit_code == 0 and back.stdout.count("unique") == 2


def test_json_of_another_kind_is_refused_in_one_line():
    made = generate("crossproduct", "json")
    result = run(["solve", "crossset", "-"], stdin=made)
    assert result.exit_code == 2
    assert "crossproduct" in result.output and len(result.output.strip().splitlines()) == 1


def test_solve_html_puts_the_solution_after_the_puzzle():
    result = run(["solve", "crossproduct", "--example", "riddler-2", "--format", "html"])
    assert result.exit_code == 0
    html = result.stdout
    whole_page(html)
    head, tail = html.split('class="answers"')
    assert head.count("<svg") == 1 and tail.count("<svg") == 1
    assert 'class="digit"' not in head and tail.count('class="digit"') == 18
    assert "unique solution" in head


def test_explain_html_lists_the_steps():
    result = run(["explain", "cryptarithm", "SEND + MORE = MONEY", "--format", "html",
                  "--trace"])
    assert result.exit_code == 0
    html = result.stdout
    outline = whole_page(html)
    assert ("ol", "steps") in outline.tags
    assert html.count("<li>") >= 3 and "solved" in html
    # --trace draws each step with the letters it looks at highlighted
    assert html.count("<svg") > 3 and "#ffe08a" in html


def test_store_export_html_and_no_solution(tmp_path):
    db = tmp_path / "p.db"
    from numberplay.services.store import PuzzleStore
    with PuzzleStore(db) as store:
        for kind in ("crossproduct", "cryptarithm"):
            assert store.add_report(json.loads(generate(kind, "json"))) == 2
    html = run(["store", "export", "--db", str(db), "--format", "html"]).stdout
    whole_page(html)
    assert html.count('class="block"') == 8 and 'class="answers"' in html
    bare = run(["store", "export", "--db", str(db), "--format", "html", "--no-solution"]).stdout
    whole_page(bare)
    assert bare.count('class="block"') == 4 and 'class="digit"' not in bare
    md = run(["store", "export", "--db", str(db), "--format", "markdown",
              "--no-solution"]).stdout
    assert "Answers" not in md and md.count("## ") == 4
    lines = run(["store", "export", "--db", str(db), "--no-solution"]).stdout.splitlines()
    assert len(lines) == 4 and all("solution" not in json.loads(x) for x in lines)
    # store export lines go back into solve
    one = [x for x in lines if json.loads(x)["kind"] == "cryptarithm"]
    again = run(["solve", "cryptarithm", "-"], stdin="\n".join(one))
    assert again.exit_code == 0 and re.search(r"\d+ \+ \d+", again.stdout)


def test_printed_drawings_keep_their_proportions():
    html = generate("crossproduct", "html")
    found = re.findall(r'--print-w: ([\d.]+)mm; --print-h: ([\d.]+)mm"><svg[^>]*? '
                       r'width="([\d.]+)" height="([\d.]+)"', html)
    assert len(found) == 4
    for pw, ph, w, h in found:
        assert abs(float(pw) / float(ph) - float(w) / float(h)) < 0.02
        assert float(pw) <= 180 and float(ph) <= 90


def test_batch_result_lines_are_read_back():
    report = json.loads(run(["solve", "crossproduct", "--example", "riddler-2",
                             "--format", "json"]).stdout)
    lines = "\n".join(json.dumps(x) for x in [
        {"id": 1, "ok": True, "result": report},
        {"id": 2, "ok": False, "error": "boom"},
    ])
    again = run(["check", "crossproduct", "-"], stdin=lines)
    assert again.exit_code == 0 and again.stdout.strip() == "unique"
