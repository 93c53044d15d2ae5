"""Hostile input through the CLI and the API: only clean answers.

The corpus (each kind's testdata/hostile/, tests/hostile/any/) and the generated cases (tests/hostile_cases.py)
go through `numberplay <command> <kind>` in-process and through
`numberplay.parse`; see hostile_cases.py for what "clean" means. Then the
specific failures of issue 15, one test each.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

import numberplay
from hostile_cases import KINDS, Case, all_cases, api_text, clean_cli, cli_args
from numberplay.errors import PuzzleError

ROOT = Path(__file__).resolve().parents[1]
CASES = all_cases(big=False)


@pytest.fixture(scope="module")
def cli(run):
    """The shared CLI runner (conftest), under this module's name."""
    return run


@pytest.mark.parametrize("case", CASES, ids=[f"{c.kind}:{c.command}:{c.name}" for c in CASES])
def test_cli_answers_cleanly(case: Case, cli, tmp_path):
    args, stdin = cli_args(case, tmp_path)
    if case.command != "generate" and "--timeout" not in case.args:
        args += ["--timeout", "5"]
    result = cli(args, stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    problem = clean_cli(result.exit_code, result.stderr)
    assert problem is None, problem


API_CASES = [c for c in CASES if c.command == "solve" and not c.args]


@pytest.mark.parametrize("case", API_CASES, ids=[f"{c.kind}:{c.name}" for c in API_CASES])
def test_api_parse_raises_only_puzzle_error(case: Case):
    text = api_text(case)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        puzzle = numberplay.parse(case.kind, text, **case.options)
    except PuzzleError as exc:
        assert "\n" not in str(exc) and str(exc)
    except TypeError as exc:  # only for a Python argument of the wrong type
        assert text is not None and not isinstance(text, str), exc
    else:
        assert numberplay.get_kind(case.kind).name == puzzle.kind
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert time.perf_counter() - start < 10
    assert peak < 300 * 2**20, f"parse used {peak / 2**20:.0f} MB"


def test_api_type_errors_are_documented_ones():
    with pytest.raises(TypeError, match="text must be a str"):
        numberplay.parse("crossproduct", ["rows 1", "cols 1"])
    with pytest.raises(TypeError, match="text must be a str"):
        numberplay.parse("cryptarithm", b"A + B = C")
    with pytest.raises(TypeError, match="kind must be a str"):
        numberplay.parse(None, "A + B = C")
    # Wrong values of kind options are the puzzle's fault: PuzzleError.
    for kind, options in [("crossproduct", {"rows": 6, "cols": [6]}),
                          ("crossproduct", {"rows": [[1]], "cols": [1]}),
                          ("cryptarithm", {"base": "abc"}), ("cryptarithm", {"base": 2.5}),
                          ("cryptarithm", {"fix": ["A", 1]}), ("cryptarithm", {"fix": {"A": "x"}})]:
        text = None if kind == "crossproduct" else "A + B = C"
        with pytest.raises(PuzzleError):
            numberplay.parse(kind, text, **options)


# --- the failures issue 15 lists, one by one -------------------------------------------


def test_deep_json_and_long_numbers_are_bad_input(cli):
    for kind in ("crossproduct", "crossset"):
        r = cli(["solve", kind, '{"a":' * 50_000])
        assert r.exit_code == 2 and "nested too deeply" in r.stderr
        r = cli(["solve", kind, '{"rows": [' + "9" * 5000 + '], "cols": [1], "cells": []}'])
        assert r.exit_code == 2 and "number too large" in r.stderr


def test_argument_longer_than_a_file_name_is_puzzle_text(cli):
    r = cli(["solve", "crossproduct", "x" * 300])
    assert r.exit_code == 2 and "File name too long" not in r.stderr
    assert "expected a line 'rows" in r.stderr


def test_fix_with_a_superscript_digit(cli):
    r = cli(["solve", "cryptarithm", "SEND + MORE = MONEY", "--fix", "S=²"])
    assert r.exit_code == 2 and r.stderr.startswith("error: --fix expects LETTER=DIGIT")


@pytest.mark.parametrize("args, message", [
    (["solve", "crossproduct", "--example", "riddler-2", "--limit", "0"],
     "error: --limit must be at least 1, not 0"),
    (["solve", "cryptarithm", "A + B = C", "--base", "abc"],
     "error: --base must be a whole number, not 'abc'"),
    (["solve", "crossproduct", "--example", "riddler-2", "--max-nodes", "x" * 5000],
     "error: --max-nodes must be a whole number"),
    (["solve", "crossproduct", "--example", "riddler-2", "--timeout", "nan"],
     "error: --timeout must be at least 0, not nan"),
    (["generate", "crossproduct", "--count", "0"], "error: --count must be at least 1, not 0"),
    (["solve", "crossproduct", "--example", "riddler-2", "--format", "xml"],
     "error: --format must be one of text, markdown, json, html, svg, not 'xml'"),
])
def test_usage_errors_are_one_line_naming_the_option(cli, args, message):
    r = cli(args)
    assert r.exit_code == 2
    assert r.stderr.strip() == message and "╭" not in r.stderr


def test_a_formula_that_is_not_a_statement_is_bad_input(cli):
    r = cli(["solve", "cryptarithm", "SEND + MORE"])
    assert r.exit_code == 2 and "is not a statement" in r.stderr
    for ok in ("SEND + MORE = MONEY", "A < B and not B < A", "A in {B, C} or A == B"):
        numberplay.parse("cryptarithm", ok)


def test_count_stopped_by_the_budget_exits_3_and_says_at_least(cli):
    r = cli(["solve", "crossproduct", "--example", "random-10x6", "--count", "--max-nodes", "50"])
    assert r.exit_code == 3
    assert r.stdout.startswith("at least ") and "at least" in r.stderr
    r = cli(["solve", "crossproduct", "--example", "random-10x6", "--count", "--max-nodes", "50",
             "--format", "json"])
    report = json.loads(r.stdout)
    assert r.exit_code == 3 and report["complete"] is False and report["stopped"] == "budget"


def test_check_stops_at_the_second_solution(cli):
    # random-10x6 has over a million solutions: check must not count them.
    start = time.perf_counter()
    r = cli(["check", "crossproduct", "--example", "random-10x6", "--format", "json"])
    assert time.perf_counter() - start < 20
    report = json.loads(r.stdout)
    assert r.exit_code == 4 and report["verdict"] == "multiple" and report["count"] == 2
    r = cli(["check", "crossproduct", "--example", "four-solutions", "--count"])
    assert r.exit_code == 4 and r.stdout.strip() == "4 solutions"
    # The verdict agrees with a full count on the bundled examples with few solutions.
    for name, verdict in (("riddler-2", "unique"), ("unsolvable", "none"),
                          ("four-solutions", "multiple")):
        r = cli(["check", "crossproduct", "--example", name, "--format", "json"])
        counted = cli(["check", "crossproduct", "--example", name, "--count", "--format", "json"])
        n = json.loads(counted.stdout)["count"]
        assert json.loads(r.stdout)["verdict"] == verdict
        assert verdict == ("none" if n == 0 else "unique" if n == 1 else "multiple")


def test_budgets_are_polled_during_propagation_and_explanation(cli, tmp_path):
    """A grid whose every search node is slow stops near its --timeout, and a node
    budget bounds an explanation (generous bounds: the machine is shared; the
    measured overruns are in benchmarks/bench_hostile.py)."""
    import random
    from math import prod
    rng = random.Random(5)
    grid = [[rng.randint(1, 9) for _ in range(50)] for _ in range(50)]
    text = ("rows " + " ".join(str(prod(r)) for r in grid) + "\ncols "
            + " ".join(str(prod(grid[r][c] for r in range(50))) for c in range(50)) + "\n")
    path = tmp_path / "cp50.txt"
    path.write_text(text)
    start = time.perf_counter()
    r = cli(["solve", "crossproduct", str(path), "--timeout", "0.5"])
    assert r.exit_code in (0, 3)
    assert time.perf_counter() - start < 4
    start = time.perf_counter()
    r = cli(["explain", "crossproduct", str(path), "--max-nodes", "300"])
    assert r.exit_code == 3 and "node budget" in r.stderr
    assert time.perf_counter() - start < 6


def _spawn(args: list[str], **kw) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.Popen([sys.executable, "-m", "numberplay", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def _interrupt(proc: subprocess.Popen, after: float) -> tuple[int, str, str]:
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery is POSIX-only here")
def test_ctrl_c_is_one_line_exit_130_and_leaves_no_partial_store(tmp_path):
    store = tmp_path / "s.db"
    proc = _spawn(["generate", "crossproduct", "--size", "10x10", "--count", "100000",
                   "--seed", "1", "--quiet", "--timeout", "600", "--store", str(store)])
    code, out, err = _interrupt(proc, 3.0)
    assert code == 130, err
    assert err.strip() == "interrupted", err
    # Puzzles are stored in one transaction at the end: none, not some.
    assert not store.exists()

    path = tmp_path / "slow.txt"
    path.write_text("rows " + " ".join(["5040"] * 40) + "\ncols " + " ".join(["5040"] * 40) + "\n")
    proc = _spawn(["solve", "crossproduct", str(path), "--count", "--timeout", "600"])
    code, out, err = _interrupt(proc, 3.0)
    assert code == 130 and err.strip() == "interrupted" and out == "", err


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery is POSIX-only here")
def test_ctrl_c_during_batch_leaves_only_whole_result_lines(tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text("".join(json.dumps({"id": i, "kind": "crossproduct", "op": "generate",
                                        "size": "8x8", "seed": i}) + "\n" for i in range(400)))
    out = tmp_path / "results.jsonl"
    proc = _spawn(["batch", str(jobs), "-o", str(out), "--workers", "1"])
    code, _, err = _interrupt(proc, 4.0)
    assert code == 130, err
    assert "Traceback" not in err
    data = out.read_bytes() if out.exists() else b""
    assert data == b"" or data.endswith(b"\n")
    for line in data.splitlines():
        json.loads(line)


BUILT_IN = [k for k in KINDS if type(numberplay.get_kind(k)).__module__.startswith("numberplay.")]


@pytest.mark.parametrize("kind", BUILT_IN)
def test_every_kind_documents_its_limits(kind):
    doc = (ROOT / "docs" / "limits.md").read_text()
    assert f"| `{kind}` |" in doc


def test_documented_limits_are_the_enforced_ones():
    from numberplay import safejson
    from numberplay.cli.common import MAX_INPUT_BYTES
    from numberplay.crossproduct.model import MAX_DIGITS, MAX_LINES
    from numberplay.crossset.model import MAX_ORDER
    from numberplay.formula import lang
    doc = (ROOT / "docs" / "limits.md").read_text()
    for value in (MAX_INPUT_BYTES, safejson.MAX_DEPTH, safejson.MAX_NUMBER_CHARS, MAX_LINES,
                  MAX_DIGITS, MAX_ORDER, lang.MAX_CHARS, lang.MAX_OPERATORS, lang.MAX_WORD,
                  lang.MAX_NEST, lang.MAX_DEPTH, lang.MAX_LITERAL, lang.MAX_BITS):
        assert f"{value:,}" in doc, value
