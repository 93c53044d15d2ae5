"""The command line on CrossProduct puzzles."""

from __future__ import annotations

import json

ROWS, COLS = "210,144,54,135,4,49", "6615,15552,420"


def test_solve_with_options(run):
    r = run(["solve", "crossproduct", "--rows", ROWS, "--cols", COLS])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["6615", "15552", "420"]
    assert lines[2].split() == ["7", "6", "5", "|", "210"]


def test_solve_json_shape(run):
    r = run(["solve", "crossproduct", "--rows", ROWS, "--cols", COLS, "--format", "json"])
    data = json.loads(r.stdout)
    assert data["kind"] == "crossproduct"
    assert data["puzzle"] == {"rows": [210, 144, 54, 135, 4, 49], "cols": [6615, 15552, 420]}
    assert data["solutions"] == [[[7, 6, 5], [9, 8, 2], [3, 9, 2], [5, 9, 3], [1, 4, 1],
                                  [7, 1, 7]]]
    assert data["count"] == 1 and data["complete"] is True


def test_solve_all_stdin_and_markdown(run):
    r = run(["solve", "crossproduct", "-", "--all", "--format", "json"],
            stdin="rows 8 8 1\ncols 8 8 1\n")
    data = json.loads(r.stdout)
    assert data["count"] == 4 and data["complete"] is True
    assert sorted(data["solutions"])[0] == [[1, 8, 1], [8, 1, 1], [1, 1, 1]]
    r = run(["solve", "crossproduct", "--example", "riddler-1", "--format", "markdown"])
    assert r.stdout.startswith("|3000|3969|640|[5x3]|\n|---|---|---|---|\n|3|9|5|**135**|")


def test_exit_codes(run):
    assert run(["solve", "crossproduct", "--example", "riddler-3"]).exit_code == 0
    assert run(["solve", "crossproduct", "--example", "unsolvable"]).exit_code == 1
    assert run(["solve", "crossproduct", "--rows", "0", "--cols", "0"]).exit_code == 1
    for args in (["--rows", "1,x", "--cols", "1"], ["--rows", "1"], ["rows 1 -5\ncols 5"]):
        bad = run(["solve", "crossproduct", *args])
        assert bad.exit_code == 2, args
        assert "Traceback" not in bad.output
        assert bad.stderr.strip().count("\n") == 0


def test_check_and_explain(run):
    assert "unique" in run(["check", "crossproduct", "--example", "riddler-2"]).stdout
    assert "no solution" in run(["check", "crossproduct", "--example", "unsolvable"]).stdout
    assert "multiple" in run(["check", "crossproduct", "--example", "four-solutions"]).stdout
    assert "4 solutions" in run(["check", "crossproduct", "--example", "four-solutions",
                                 "--count"]).stdout
    r = run(["explain", "crossproduct", "--example", "riddler-2"])
    assert r.exit_code == 0 and "r6c1" in r.stdout


def test_generate_json(run):
    args = ["generate", "crossproduct", "--size", "4x4", "--count", "2", "--seed", "1",
            "--difficulty", "easy", "--format", "json"]
    first = run(args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["kind"] == "crossproduct" and len(data["puzzles"]) == 2
    item = data["puzzles"][0]
    assert set(item) >= {"puzzle", "text", "difficulty", "solution"}
    assert json.loads(run(args).stdout)["puzzles"] == data["puzzles"]


def test_budget_and_no_search_exit_codes(run):
    r = run(["solve", "crossproduct", "--example", "random-10x6", "--max-nodes", "2"])
    assert r.exit_code == 3
    r = run(["explain", "crossproduct", "--example", "four-solutions", "--no-search"])
    assert r.exit_code == 5 and "1248" in r.stdout
    r = run(["explain", "crossproduct", "--example", "unsolvable"])
    assert "no solution" in r.stdout
