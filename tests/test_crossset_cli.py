"""The command line on Cross Set: JSON shape, exit codes, explain, generate."""

from __future__ import annotations

import json


def test_solve_json_shape(run) -> None:
    res = run(["solve", "crossset", "--example", "3-4", "--format", "json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    assert data["kind"] == "crossset"
    assert data["puzzle"]["cells"][0][0] == [1, 2, 5]
    assert data["solutions"] == [{"grid": [[5, 4, 2, 1, 3], [1, 3, 4, 5, 2], [4, 5, 3, 2, 1],
                                           [2, 1, 5, 3, 4], [3, 2, 1, 4, 5]]}]
    assert data["count"] == 1 and data["complete"] is True


def test_solve_text_from_stdin_and_file(run, tmp_path) -> None:
    grid = "12 12\n12 1\n"
    res = run(["solve", "crossset", "-"], stdin=grid)
    assert res.exit_code == 0
    assert res.stdout.splitlines()[:2] == ["1 2", "2 1"]
    f = tmp_path / "p.txt"
    f.write_text(grid)
    assert run(["solve", "crossset", str(f)]).exit_code == 0


def test_all_count_limit(run) -> None:
    grid = "\n".join(["123 123 123"] * 3)
    res = run(["solve", "crossset", grid, "--count"])
    assert res.exit_code == 0 and res.stdout.strip() == "12"
    res = run(["solve", "crossset", grid, "--all", "--format", "json"])
    data = json.loads(res.stdout)
    assert data["count"] == 12 and len(data["solutions"]) == 12 and data["complete"]
    res = run(["solve", "crossset", grid, "--limit", "3", "--format", "json"])
    assert len(json.loads(res.stdout)["solutions"]) == 3


def test_exit_codes(run) -> None:
    assert run(["solve", "crossset", "1 1\n2 2"]).exit_code == 1
    bad = run(["solve", "crossset", "12 12\n12"])
    assert bad.exit_code == 2
    assert "row 2, column 2" in bad.output and "Traceback" not in bad.output
    bad = run(["solve", "crossset", "12 13\n12 12"])
    assert bad.exit_code == 2 and "row 1, column 2" in bad.output
    empty = "\n".join([" ".join(["1234"] * 4)] * 4)
    assert run(["solve", "crossset", empty, "--no-search"]).exit_code == 5
    assert run(["explain", "crossset", empty, "--no-search"]).exit_code == 5


def test_no_solution_says_what_ran_out(run) -> None:
    res = run(["explain", "crossset", "1 1\n2 2"])
    assert res.exit_code == 1
    assert "has no" in res.output


def test_explain_trace_and_hint(run) -> None:
    res = run(["explain", "crossset", "--example", "2-8", "--trace"])
    assert res.exit_code == 0
    assert "[naked single] r4c4 can only be 7" in res.output
    assert "2 7 4 5 1 6 3" in res.output
    res = run(["hint", "crossset", "--example", "2-8"])
    assert res.exit_code == 0 and "r4c4" in res.output


def test_generate_json(run) -> None:
    res = run(["generate", "crossset", "--size", "5", "--difficulty", "medium",
               "--count", "2", "--seed", "3", "--format", "json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    assert data["kind"] == "crossset" and len(data["puzzles"]) == 2
    for item in data["puzzles"]:
        assert item["difficulty"] == "medium"
        assert len(item["puzzle"]["cells"]) == 5
        assert item["text"].count("\n") >= 4
    again = run(["generate", "crossset", "--size", "5", "--difficulty", "medium",
                 "--count", "2", "--seed", "3", "--format", "json"])
    assert again.stdout == res.stdout


def test_a_step_names_its_technique_once(run):
    """`[naked single] Naked single: ...` said it twice (issue #33, defect 6): the
    front ends drop the text's opening technique where they show the label; the
    step texts themselves are unchanged."""
    import json
    import re
    twice = re.compile(r"\[([a-z ]+)\] (\1):", re.IGNORECASE)
    text = run(["explain", "crossset", "--example", "2-8"])
    assert text.exit_code == 0
    assert "[naked single] r" in text.stdout and not twice.search(text.stdout)
    markdown = run(["explain", "crossset", "--example", "2-8", "--format", "markdown"])
    assert "**naked single**: r" in markdown.stdout
    assert not re.search(r"\*\*([a-z ]+)\*\*: \1:", markdown.stdout, re.IGNORECASE)
    hint = run(["hint", "crossset", "--example", "2-8"])
    assert hint.exit_code == 0 and not twice.search(hint.stdout), hint.stdout
    report = json.loads(run(["explain", "crossset", "--example", "2-8",
                             "--format", "json"]).stdout)
    assert report["steps"][0]["text"].startswith("Naked single: ")   # the JSON keeps it


def test_step_body_drops_only_the_opening_technique():
    from numberplay.text import step_body
    assert step_body("naked single", "Naked single: r1c1 = 2.") == "r1c1 = 2."
    assert step_body("hidden single", "Naked single: r1c1 = 2.") == "Naked single: r1c1 = 2."
    assert step_body("line", "Row 1: 6.") == "Row 1: 6."
    assert step_body("solved", "solved:") == "solved:"
