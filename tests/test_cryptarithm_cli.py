"""The CLI with the cryptarithm and cryptoproduct kinds: JSON shape, exit codes, options."""

from __future__ import annotations

import json

import pytest

import numberplay


def test_solve_json_shape(run):
    r = run(["solve", "cryptarithm", "SEND + MORE = MONEY", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["kind"] == "cryptarithm"
    assert data["puzzle"] == {"formula": "SEND + MORE = MONEY", "base": 10, "fixed": {}}
    assert data["solutions"] == [{"assignment": {"D": 7, "E": 5, "M": 1, "N": 6, "O": 0,
                                                 "R": 8, "S": 9, "Y": 2},
                                  "text": "9567 + 1085 = 10652"}]
    assert data["count"] == 1 and data["complete"] is True


def test_solve_text_count_all(run):
    r = run(["solve", "alphametic", "SEND + MORE = MONEY"])
    assert r.exit_code == 0 and "9567 + 1085 = 10652" in r.output and "M=1" in r.output
    r = run(["solve", "cryptarithm", "NUM + BER = PLAY", "--count"])
    assert r.exit_code == 0 and "96" in r.output
    r = run(["solve", "cryptarithm", "A * B = CA", "--all", "--format", "json"])
    assert json.loads(r.output)["count"] == 6


def test_options_and_exit_codes(run):
    r = run(["solve", "cryptarithm", "A + B = CD", "--base", "16", "--fix", "A=9",
             "--format", "json"])
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["puzzle"]["base"] == 16 and data["puzzle"]["fixed"] == {"A": 9}
    assert run(["solve", "cryptarithm", "A + B = CDE"]).exit_code == 1
    bad = run(["solve", "cryptarithm", "__import__('os')"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    huge = run(["solve", "cryptarithm", "9 ^ 9 ^ 9 ^ 9 = A"])
    assert huge.exit_code == 2 and "too large" in huge.output


def test_count_uses_the_fast_counter(run):
    r = run(["solve", "cryptarithm", "PLUTO not in {PLANETS}", "--count"])
    assert r.exit_code == 0 and "3265920" in r.output
    r = run(["check", "cryptarithm", "ONE < TWO and FOUR < FIVE", "--count", "--format", "json"])
    assert json.loads(r.output)["count"] == 725760


def test_file_with_several_formulas(run, tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("# two\nA + B = C\n\nAB = C ^ 2\n")
    r = run(["check", "cryptarithm", str(f), "--count", "--format", "json"])
    counts = [json.loads(line)["count"] for line in r.output.splitlines() if line.strip()]
    assert counts == [32, 4], r.output
    r = run(["solve", "cryptarithm", "-"], stdin="SEND + MORE = MONEY\n")
    assert r.exit_code == 0 and "10652" in r.output


def test_explain_and_examples(run):
    r = run(["explain", "cryptarithm", "SEND + MORE = MONEY"])
    assert r.exit_code == 0 and "the sum is one digit longer" in r.output
    assert "M is the carry c4" in r.output and "so M = 1" in r.output
    assert "[guess]" not in r.output
    r = run(["solve", "cryptarithm", "--example", "exercism-199-addends", "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.output)["count"] == 1


def test_cryptoproduct_cli(run):
    r = run(["solve", "cryptoproduct", "GR x RG = RBR", "--format", "json"])
    assert r.exit_code == 0
    assert json.loads(r.output)["solutions"][0]["text"] == "12 x 21 = 252"
    # click strips ANSI codes unless the output is a terminal (color=True pretends it is)
    r = run(["solve", "cryptoproduct", "GR x RG = RBR", "--color"], color=True)
    assert r.exit_code == 0 and "\x1b[" in r.output
    r = run(["generate", "cryptoproduct", "--digits", "4x5",
             "--count", "2", "--seed", "5", "--format", "json"])
    assert r.exit_code == 0, r.output
    puzzles = json.loads(r.output)["puzzles"]
    assert len(puzzles) == 2
    # graded by their deductions, as every kind (the shape no longer sets the grade)
    for p in puzzles:
        formula = p["puzzle"]["formula"]
        assert p["difficulty"] == numberplay.grade(numberplay.parse("cryptoproduct", formula))
    assert all(p["digits"] == "4x5" for p in puzzles)
    # The FEUP report's spelling of the custom mode still works, as --digits does.
    r2 = run(["generate", "cryptoproduct", "--difficulty", "custom", "--digits", "4x5",
              "--count", "2", "--seed", "5", "--format", "json"])
    assert r2.exit_code == 0, r2.output
    assert [p["puzzle"] for p in json.loads(r2.output)["puzzles"]] == [p["puzzle"] for p in puzzles]
    r = run(["generate", "cryptoproduct", "--difficulty", "custom", "--digits", "4x5",
             "--size", "3"])
    assert r.exit_code == 2
    r = run(["generate", "cryptoproduct", "--size", "3x3"])
    assert r.exit_code == 2 and "takes no --size" in r.output
    r = run(["generate", "cryptarithm", "--addends", "2", "--count", "1", "--seed", "4"])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("addends", ["1", "2..1001", "3..2", "x", "9" * 5000])
def test_addends_refused_where_parameters_are_checked(addends):
    """--addends is checked with the other generation parameters (parse_params, so a
    puzzle id and the fuzz target too), in one line, before any generation."""
    from numberplay.errors import PuzzleError
    from numberplay.registry import get_kind

    with pytest.raises(PuzzleError) as info:
        get_kind("cryptarithm").parse_params(addends=addends)
    assert "--addends" in str(info.value) and "\n" not in str(info.value)
    assert get_kind("cryptarithm").parse_params(addends="2..3").options["addends"] == "2..3"


def _brute_count_ab_ba_cc() -> int:
    """AB + BA = CC by brute force: distinct digits, no leading zero."""
    return sum(1 for a in range(1, 10) for b in range(1, 10) for c in range(1, 10)
               if len({a, b, c}) == 3 and (10 * a + b) + (10 * b + a) == 11 * c)


def test_solve_limit_says_what_it_found(run):
    """`--limit N` lists what it found and never calls several solutions unique;
    a limit past any machine size is no limit (one answer, no internal error)."""
    total = _brute_count_ab_ba_cc()
    assert total > 2
    r = run(["solve", "cryptarithm", "AB + BA = CC", "--limit", str(total + 5)])
    assert r.exit_code == 0, r.output
    assert "unique" not in r.stderr and f"{total} solutions" in r.stderr
    r = run(["solve", "cryptarithm", "AB + BA = CC", "--limit", "1"])
    assert "unique" not in r.stderr and "more than one" not in r.stderr, r.stderr
    r = run(["solve", "cryptarithm", "AB + BA = CC", "--limit", str(10 ** 40), "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["count"] == total
