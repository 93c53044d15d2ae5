"""Batch jobs: reading job lines and running one job, in process (no workers)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from batch_helpers import puzzle_text, subset_count, toysum_fixture  # noqa: F401
from numberplay.services.batch.jobs import job_from_json, read_entries, run_job

pytestmark = pytest.mark.usefixtures("toysum")


def entries(*lines):
    raw = [line if isinstance(line, str) else json.dumps(line) for line in lines]
    return list(read_entries(s.encode() for s in raw))


def job(**fields):
    fields.setdefault("kind", "toysum")
    return job_from_json(fields, fields.get("id", "j"))


def test_bad_lines_get_ids_and_one_line_errors():
    got = entries(
        {"id": "a", "kind": "toysum", "op": "solve", "input": "numbers 1\ntarget 1"},
        "",
        "# a comment",
        "{not json",
        {"id": "a", "kind": "toysum", "op": "count", "input": "x"},
        {"kind": "toysum", "op": "frob"},
        {"id": True, "kind": "toysum", "op": "solve"},
        "[1, 2]",
        {"id": 7, "kind": "toysum", "op": "solve", "limt": 3},
        {"id": "b", "kind": "toysum", "op": "solve", "seed": 3},
        b"\xff\xfe".decode("latin-1"),
    )
    ids = [e.id for e in got]
    assert ids == ["a", "line-4", "line-5", "line-6", "line-7", "line-8", 7, "b", "line-11"]
    assert got[0].job is not None and got[0].failed is None
    errors = {e.id: e.failed["error"] for e in got if e.failed}
    assert errors["line-4"].startswith("line 4: malformed JSON")
    assert "duplicate id 'a' (first on line 1)" in errors["line-5"]
    assert "'op' must be one of" in errors["line-6"]
    assert "'id' must be" in errors["line-7"]
    assert "JSON object" in errors["line-8"]
    assert "unknown field 'limt'" in errors[7]
    assert "'seed' does not apply to op 'solve'" in errors["b"]
    assert all("\n" not in message for message in errors.values())


def test_fallback_ids_never_collide_with_given_ids():
    got = entries("oops", {"id": "line-1", "kind": "toysum", "op": "solve"}, "oops")
    assert len({e.id for e in got}) == 3


@pytest.mark.parametrize("fields, message", [
    ({"op": "solve", "limit": 0}, "'limit' must be at least 1"),
    ({"op": "solve", "limit": "3"}, "'limit' must be a whole number, not '3'"),
    ({"op": "generate", "count": 10**9}, "'count' must be at most 100000, not 1000000000"),
    ({"op": "solve", "timeout": -1}, "'timeout' must be at least 0, not -1"),
    ({"op": "solve", "options": [1]}, "'options' must be an object"),
    ({"op": "explain", "trace": "yes"}, "'trace' must be true or false"),
    ({"op": "solve", "kind": ""}, "'kind' must be a kind name"),
])
def test_field_errors(fields, message):
    from numberplay.services.batch.jobs import JobError

    with pytest.raises(JobError, match=message):
        job(**fields)


def test_run_job_never_raises():
    results = [
        run_job(job(op="solve", kind="nosuch", input="x")),
        run_job(job(op="solve", input="numbers 1 x\ntarget 3")),
        run_job(job(op="solve", input="numbers 1\ntarget 1", options={"zoom": 1})),
        run_job(job(op="solve", input="numbers 1\ntarget 1", options={"scale": "2"})),
        run_job(job(op="generate", difficulty="impossible")),
        run_job(job(op="generate", size="99")),
    ]
    assert [r["ok"] for r in results] == [False] * 6
    assert "unknown puzzle kind 'nosuch'" in results[0]["error"]
    assert "line 1, column 9" in results[1]["error"]
    assert "unknown option 'zoom'" in results[2]["error"]
    assert "'scale' must be int" in results[3]["error"]
    assert "unknown difficulty 'impossible'" in results[4]["error"]
    assert "out of range" in results[5]["error"]


def test_budget_exhaustion_is_a_partial_answer():
    """A budget the job set that runs out is an answer (issue 45): what was found,
    "complete": false, "stopped": "budget", and the message that says what ran out."""
    many = puzzle_text([1] * 30, 15)
    result = run_job(job(op="count", input=many, max_nodes=1000))
    assert result["ok"], result
    counted = result["result"]
    assert (counted["complete"], counted["stopped"]) == (False, "budget")
    assert 0 < counted["count"] < math.comb(30, 15)   # the subsets of 15 ones of 30
    assert "node budget" in counted["message"]
    explained = run_job(job(op="explain", input=many + "\n", max_nodes=10))
    assert explained["ok"], explained
    assert (explained["result"]["complete"], explained["result"]["stopped"]) == (False, "budget")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=9), st.integers(1, 40))
def test_count_and_check_agree_with_brute_force(numbers, target):
    text = puzzle_text(numbers, target)
    counted = run_job(job(op="count", input=text))
    checked = run_job(job(op="check", input=text))
    check_counted = run_job(job(op="check", input=text, count=True))
    expected = subset_count(numbers, target)
    assert counted["result"]["count"] == expected
    # check stops at the second solution, as the CLI's check; "count": true counts them all
    assert checked["result"]["count"] == min(expected, 2)
    assert check_counted["result"]["count"] == expected
    assert checked["result"]["verdict"] == {0: "none", 1: "unique"}.get(expected, "multiple")


def test_generate_is_deterministic_and_a_fresh_seed_is_reported(toysum):
    first = run_job(job(id="g1", op="generate", count=3, seed=42))
    again = run_job(job(id="other", op="generate", count=3, seed="42"))
    assert first["result"] == again["result"]
    fresh = run_job(job(id="g1", op="generate", count=3))   # one seed policy (issue 45)
    seed = fresh["result"]["puzzles"][0]["seed"].rpartition(":")[0]
    by_seed = run_job(job(id="x", op="generate", count=3, seed=seed))
    assert fresh["result"] == by_seed["result"]
    for item in first["result"]["puzzles"]:
        puzzle = toysum.puzzle_type.from_json(item["puzzle"])
        assert subset_count(list(puzzle.numbers), puzzle.target) == 1


CLI_CASES = [
    ({"op": "solve", "input": "numbers 3 5 7 11\ntarget 15"},
     ["solve", "toysum", "numbers 3 5 7 11\ntarget 15"]),
    ({"op": "solve", "input": "numbers 1 2 3 4 5\ntarget 5", "all": True},
     ["solve", "toysum", "numbers 1 2 3 4 5\ntarget 5", "--all"]),
    ({"op": "solve", "input": "numbers 1 2 3 4 5\ntarget 5", "limit": 1},
     ["solve", "toysum", "numbers 1 2 3 4 5\ntarget 5", "--limit", "1"]),
    ({"op": "count", "input": "numbers 1 2 3 4 5 6\ntarget 7"},
     ["solve", "toysum", "numbers 1 2 3 4 5 6\ntarget 7", "--count"]),
    ({"op": "check", "input": "numbers 2 4\ntarget 5", "options": {"scale": 2}},
     ["check", "toysum", "numbers 2 4\ntarget 5", "--scale", "2"]),
    ({"op": "explain", "input": "numbers 2 4 6\ntarget 10", "trace": True},
     ["explain", "toysum", "numbers 2 4 6\ntarget 10", "--trace"]),
    ({"op": "generate", "seed": 9, "count": 2, "size": "5", "difficulty": "hard"},
     ["generate", "toysum", "--seed", "9", "--count", "2", "--size", "5", "--difficulty", "hard",
      "--quiet"]),
]


@pytest.mark.parametrize("fields, args", CLI_CASES)
def test_result_is_what_the_cli_prints_with_format_json(fields, args):
    from click.testing import CliRunner

    from numberplay.cli import build_app

    printed = CliRunner().invoke(build_app(), [*args, "--format", "json"])
    assert printed.exit_code in (0, 1, 4), printed.output
    result = run_job(job(**fields))
    assert result["ok"], result
    assert result["result"] == json.loads(printed.stdout.strip().splitlines()[-1])


def test_a_job_names_its_puzzle_as_the_api_does():
    """`puzzle`, as in the API (issue #33, defect 5): its text or its JSON object;
    `input`, the first name, is still read; not both."""
    text = puzzle_text([1, 2, 3], 3)
    by_input = run_job(job(op="count", input=text))
    by_puzzle = run_job(job(op="count", puzzle=text))
    assert by_puzzle == by_input and by_puzzle["ok"], by_puzzle
    assert by_puzzle["result"]["count"] == subset_count([1, 2, 3], 3)
    as_object = run_job(job(op="count", puzzle=by_puzzle["result"]["puzzle"]))
    assert as_object == by_puzzle
    (line,) = entries({"id": 1, "kind": "toysum", "op": "check", "puzzle": text, "input": text})
    assert line.failed is not None and "not both" in line.failed["error"]
    assert 'missing "puzzle"' in run_job(job(op="solve"))["error"]


@pytest.mark.parametrize("fields", [
    {"op": "count", "input": "numbers 1 2 3\ntarget 3", "timeout": 5},
    {"op": "solve", "input": "numbers 1 2 3\ntarget 3", "limit": 1, "max_nodes": 50},
    {"op": "generate", "size": "5", "seed": 3, "count": 2, "options": {}},
])
def test_a_job_crosses_the_pipe_whole(fields):
    """What a worker is sent (the workers' one message, as JSON) is the job again,
    and its answer makes the result line the job gives run here."""
    from numberplay.services.batch.jobs import handle, job_from_json, message_of, result_line

    one = job(id=fields["op"], **fields)
    sent = json.loads(json.dumps(message_of(one)))
    assert job_from_json(sent["body"], one.id) == one and sent["seconds"] == one.timeout
    assert result_line(one.id, json.loads(json.dumps(handle(sent)))) == run_job(one)
