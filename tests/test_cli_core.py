"""The generic CLI, exercised through the toy kind: options, formats, exit codes."""

from __future__ import annotations

import json

import pytest


def test_solve_first_reports_uniqueness(toy_cli):
    r = toy_cli(["solve", "toy", "2 3"])
    assert r.exit_code == 0, r.output
    assert "1 + 2 = 3" in r.stdout
    assert "unique" in r.stderr


def test_solve_json_shape(toy_cli):
    r = toy_cli(["solve", "toy", "3 15", "--all", "--format", "json"])
    data = json.loads(r.stdout)
    assert data["kind"] == "toy" and data["puzzle"] == {"n": 3, "total": 15}
    assert data["count"] == 8 and data["complete"] is True and len(data["solutions"]) == 8
    assert [1, 5, 9] in data["solutions"]


def test_solve_limit_and_count(toy_cli):
    data = json.loads(toy_cli(["solve", "toy", "3 15", "--limit", "3", "-f", "json"]).stdout)
    assert data["count"] == 3 and data["complete"] is False and len(data["solutions"]) == 3
    r = toy_cli(["solve", "toy", "3 15", "--count"])
    assert r.stdout.strip() == "8"


def test_exit_codes(toy_cli):
    assert toy_cli(["solve", "toy", "2 30"]).exit_code == 1
    bad = toy_cli(["solve", "toy", "2 x"])
    assert bad.exit_code == 2
    assert bad.stderr.count("\n") == 1 and "line 1" in bad.stderr and "Traceback" not in bad.output
    assert toy_cli(["solve", "toy", "4 20", "--max-nodes", "3"]).exit_code == 3
    assert toy_cli(["check", "toy", "3 15"]).exit_code == 4
    assert toy_cli(["check", "toy", "2 3"]).exit_code == 0
    assert toy_cli(["solve", "toy", "3 15", "--no-search"]).exit_code == 5


def test_kind_option_reaches_parse(toy_cli):
    r = toy_cli(["solve", "toy", "2 0", "--offset", "3", "-f", "json"])
    assert json.loads(r.stdout)["puzzle"]["total"] == 3


def test_input_from_file_and_stdin(toy_cli, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("# a cage\n2 3\n")
    assert "1 + 2 = 3" in toy_cli(["solve", "toy", str(f)]).stdout
    assert "1 + 2 = 3" in toy_cli(["solve", "toy", "-"], stdin="2 3\n").stdout
    missing = toy_cli(["solve", "toy", "nope/p.txt"])
    assert missing.exit_code == 2 and "no such file" in missing.stderr


def test_check_text(toy_cli):
    assert toy_cli(["check", "toy", "2 3"]).stdout.strip() == "unique"
    assert toy_cli(["check", "toy", "3 15"]).stdout.strip() == "multiple solutions"
    assert toy_cli(["check", "toy", "3 15", "--count"]).stdout.strip() == "8 solutions"
    assert toy_cli(["check", "toy", "2 30"]).stdout.strip() == "no solution"


def test_explain_and_hint(toy_cli):
    r = toy_cli(["explain", "toy", "3 15"])   # 8 solutions: said first, exit 4 as check does
    assert r.exit_code == 4 and "[guess]" in r.stdout and "[solved]" in r.stdout
    first, second = r.stdout.splitlines()[:2]
    graded = json.loads(toy_cli(["explain", "toy", "3 15", "-f", "json"]).stdout)["difficulty"]
    assert graded and first == f"Difficulty: {graded}"   # the grade travels with it
    assert second.startswith("This puzzle has more than one solution")
    assert toy_cli(["explain", "toy", "2 3"]).exit_code == 0
    data = json.loads(toy_cli(["hint", "toy", "3 15", "-f", "json"]).stdout)
    assert data["hint"]["technique"] == "listing"


def test_generate_json_and_determinism(toy_cli):
    args = ["generate", "toy", "--size", "3", "--count", "4", "--seed", "5", "-f", "json"]
    a = json.loads(toy_cli(args).stdout)
    b = json.loads(toy_cli(args).stdout)
    assert a == b and a["kind"] == "toy" and len(a["puzzles"]) == 4
    assert set(a["puzzles"][0]) >= {"puzzle", "text", "difficulty", "solution"}
    r = toy_cli(["generate", "toy", "--difficulty", "impossible"])
    assert r.exit_code == 2 and "choose from" in r.stderr


def test_generate_kind_option(toy_cli):
    a = json.loads(toy_cli(["generate", "toy", "--size", "2", "--count", "5", "--seed", "1",
                            "--max-digit", "4", "-f", "json"]).stdout)
    assert all(max(p["solution"]) <= 4 for p in a["puzzles"])


def test_alias_and_help(toy_cli):
    assert toy_cli(["solve", "cage", "2 3"]).exit_code == 0
    help_text = toy_cli(["solve", "toy", "--help"]).stdout
    assert "--offset" in help_text and "numberplay solve toy" in help_text


def test_usage_error_is_exit_2(toy_cli):
    assert toy_cli(["solve", "toy", "2 3", "--limit", "0"]).exit_code == 2


def test_no_solution_says_why(toy_cli):
    r = toy_cli(["solve", "toy", "2 30"])
    assert r.exit_code == 1 and "no 2 digits add up to 30" in r.stderr
    data = json.loads(toy_cli(["solve", "toy", "2 30", "-f", "json"]).stdout)
    assert data["reason"] == "No solution: no 2 digits add up to 30."
    assert "reason" not in json.loads(toy_cli(["solve", "toy", "2 3", "-f", "json"]).stdout)


def test_an_abort_inside_a_command_is_one_line_exit_1(capsys):
    import click

    from numberplay.cli.common import OneLineErrors

    app = OneLineErrors("app")

    @app.command()
    def stop() -> None:
        raise click.Abort()

    @app.command()
    def other() -> None:
        pass

    with pytest.raises(SystemExit) as exc:
        app(["stop"])
    assert exc.value.code == 1
    assert capsys.readouterr().err.strip() == "aborted"


def test_generate_out_of_time_says_what_was_asked_and_what_may_help(run):
    r = run(["generate", "crossset", "--size", "20", "--difficulty", "search", "--seed", "1",
             "--timeout", "0.05"])
    assert r.exit_code == 3
    line = r.stderr.strip().splitlines()[-1]
    assert line.startswith("out of budget:") and "size 20, difficulty search" in line
    assert "--timeout" in line and "Traceback" not in r.stderr


@pytest.mark.parametrize("flag", [["--format", "json"], ["-f", "json"], ["--json"]])
def test_kinds_json_by_format_and_by_flag(toy_cli, flag):
    from numberplay.kinds import all_kinds

    r = toy_cli(["kinds", *flag])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    assert [row["name"] for row in rows] == [k.name for k in all_kinds()]
    toy = next(row for row in rows if row["name"] == "toy")
    assert set(toy) >= {"aliases", "title", "summary", "difficulties", "options"}


def test_kinds_text_and_bad_format(toy_cli):
    assert "toy" in toy_cli(["kinds"]).stdout
    bad = toy_cli(["kinds", "--format", "xml"])
    assert bad.exit_code == 2 and "--format" in bad.stderr and "Traceback" not in bad.output


@pytest.mark.parametrize("flag", [["--format", "json"], ["--json"]])
def test_examples_json_by_format_and_by_flag(toy_cli, flag):
    from numberplay.services.examples import list_examples

    listed = json.loads(toy_cli(["examples", *flag]).stdout)
    found = list_examples()
    assert [(e["kind"], e["name"]) for e in listed] == [(e.kind, e.name) for e in found]
    for example in found[:: max(1, len(found) // 5)]:
        r = toy_cli(["examples", example.kind, example.name, *flag])
        assert json.loads(r.stdout) == {"kind": example.kind, "name": example.name,
                                        "text": example.text}


@pytest.mark.parametrize("flag", [["--format", "json"], ["--json"]])
def test_store_stats_and_list_json_by_format_and_by_flag(toy_cli, tmp_path, flag):
    db = str(tmp_path / "p.db")
    gen = toy_cli(["generate", "toy", "--count", "3", "--seed", "4", "--store", db, "-q"])
    assert gen.exit_code == 0, gen.output
    stats = json.loads(toy_cli(["store", "stats", "--db", db, *flag]).stdout)
    lines = toy_cli(["store", "list", "--db", db, *flag]).stdout.splitlines()
    listed = [json.loads(line) for line in lines]
    assert stats["total"] == len(listed) == sum(g["count"] for g in stats["groups"])
    assert {item["kind"] for item in listed} == {"toy"}


# -- --format svg wherever a puzzle is printed ------------------------------------------

def _drawing_kinds() -> list[str]:
    from numberplay.kinds import all_kinds
    return [k.name for k in all_kinds() if "svg" in k.formats]


def _svgs(document: str) -> list:
    """The root of an SVG document and the drawings nested in it."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(document)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    nested = [e for e in root.iter("{http://www.w3.org/2000/svg}svg") if e is not root]
    return nested or [root]


@pytest.mark.parametrize("kind", _drawing_kinds())
def test_svg_of_generate_and_solve_holds_the_kinds_drawings(run, kind):
    import numberplay
    from numberplay.services.generation import generate_one

    impl = numberplay.get_kind(kind)
    made = [generate_one(kind, seed=5, index=i) for i in range(2)]
    one = run(["generate", kind, "--seed", "5", "--format", "svg"])
    assert one.exit_code == 0, one.output
    assert one.stdout.strip() == impl.draw(made[0].puzzle)       # the drawing itself
    two = run(["generate", kind, "--seed", "5", "--count", "2", "--solution", "-f", "svg"])
    drawings = _svgs(two.stdout)
    assert len(drawings) == 4                                      # 2 puzzles, 2 answers
    for g in made:
        assert impl.draw(g.puzzle) in two.stdout and impl.draw(g.puzzle, g.solution) in two.stdout
    solved = run(["solve", kind, "-", "--format", "svg"], json.dumps(made[0].puzzle.envelope()))
    assert solved.exit_code == 0, solved.output
    solution = numberplay.solve(made[0].puzzle)
    assert solved.stdout.strip() == impl.draw(made[0].puzzle, solution)
    both = run(["solve", kind, "-", "--format", "svg"],
               "\n".join(json.dumps(g.puzzle.envelope()) for g in made))
    assert len(_svgs(both.stdout)) == 2 and "Puzzle 2" in both.stdout


@pytest.mark.parametrize("kind", _drawing_kinds())
def test_svg_of_explain_and_hint(run, kind):
    import numberplay
    from numberplay.services.generation import generate_one

    impl = numberplay.get_kind(kind)
    puzzle = generate_one(kind, seed=5).puzzle
    text = json.dumps(puzzle.envelope())
    explained = run(["explain", kind, "-", "--format", "svg"], text)
    assert explained.exit_code == 0, explained.output
    steps = list(numberplay.explain(puzzle))
    assert impl.draw(puzzle) in explained.stdout
    assert len(_svgs(explained.stdout)) == 2                       # the puzzle, then solved
    traced = run(["explain", kind, "-", "--format", "svg", "--trace"], text)
    assert len(_svgs(traced.stdout)) == 2 + sum(1 for s in steps if s.cells)
    hinted = run(["hint", kind, "-", "--format", "svg"], text)
    assert hinted.exit_code == 0, hinted.output
    assert len(_svgs(hinted.stdout)) == 1
    from xml.etree import ElementTree
    root = ElementTree.fromstring(hinted.stdout)
    caption = " ".join(e.text or "" for e in root.findall("{http://www.w3.org/2000/svg}text"))
    assert caption == " ".join(numberplay.hint(puzzle).text.split())    # wrapped, all there


def test_svg_refused_in_one_line_where_nothing_is_drawn(toy_cli):
    for args in (["solve", "toy", "3 15", "-f", "svg"], ["generate", "toy", "-f", "svg"],
                 ["check", "toy", "3 15", "-f", "svg"]):
        r = toy_cli(args)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "svg" in r.stderr, args


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_disk_on_standard_output_is_one_line_and_exit_74():
    """Output to a full disk is the user's to fix: one line, exit 74, not exit 70's
    "internal error ... please report it" (issue #33, defect 3)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    src = str(Path(__file__).resolve().parent.parent / "src")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]))
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "numberplay", "generate", "crossproduct",
                               "--size", "3x3", "--seed", "1"], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    assert done.returncode == 74, done.stderr
    assert done.stderr.strip() == "error: standard output: No space left on device"


def test_every_exit_code_is_in_one_table_shown_by_help_and_the_readme():
    """The result codes and the failure table's codes, in `errors.EXIT_CODES`: the
    root --help lists them, and the README's table has the same codes."""
    import re
    from pathlib import Path

    from click.testing import CliRunner

    from numberplay.cli import build_app
    from numberplay.errors import EXIT_CODES, FAILURES

    assert {said.exit for said in FAILURES.values()} <= set(EXIT_CODES)
    shown = CliRunner().invoke(build_app(), ["--help"]).stdout
    for code, words in EXIT_CODES.items():
        assert re.search(rf"^\s+{code}\s+{re.escape(words)}$", shown, re.M), (code, shown)
    readme = Path(__file__).resolve().parents[1] / "README.md"
    table = readme.read_text().split("### Exit codes", 1)[1].split("\n## ", 1)[0]
    assert {int(c) for c in re.findall(r"^\| (\d+) \|", table, re.M)} == set(EXIT_CODES)


def test_explain_drawn_finds_its_grid_within_the_commands_budget(monkeypatch):
    """explain --format html draws the solved grid, found by a search bounded by
    --timeout and --max-nodes (it had its own 10 s)."""
    from click.testing import CliRunner

    from numberplay.cli import build_app, explain_cmd

    budgets = []
    real = explain_cmd.search

    def search(puzzle, **kwargs):
        budgets.append(kwargs["budget"])
        return real(puzzle, **kwargs)

    monkeypatch.setattr(explain_cmd, "search", search)
    result = CliRunner().invoke(build_app(), [
        "explain", "crossproduct", "--example", "riddler-1", "--format", "html",
        "--max-nodes", "100000", "--timeout", "7"])
    assert result.exit_code == 0, result.output
    assert [(b.max_nodes, b.seconds) for b in budgets] == [(100000, 7.0)]
