"""One operation table (services/operations.py) under the CLI, the batch and the
web API: the same request gets the same answer from `numberplay COMMAND KIND
--format json`, from a batch job line (run by the process pool) and from the API
(issue 39); the web's exact count; batch's hint and check --why."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx2", reason="httpx2 (for Starlette's TestClient) is not installed")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from batch_helpers import read_results, write_jobs  # noqa: E402
from numberplay.services import operations  # noqa: E402
from numberplay.services.batch import run_batch  # noqa: E402
from numberplay.web import create_app  # noqa: E402

CROSSPRODUCT = "rows 210 144 54 135 4 49\ncols 6615 15552 420"
AMBIGUOUS = "1 . . .\n. 2 . .\n. . . .\n. . . 4"      # a Cross Set with several solutions
STATE = "7..\n9..\n...\n...\n...\n..."
SEND = {"formula": "SEND + MORE = MONEY", "base": 10, "fixed": {}}
TWO = "AB + BA = CC\nSEND + MORE = MONEY"                # an input of two puzzles

# (name, the request's fields, the CLI's arguments): every operation, and the
# options, kind options, puzzles as JSON, seeds and budgets each front end takes.
CASES = [
    ("solve", {"op": "solve", "kind": "cryptarithm", "puzzle": "SEND + MORE = MONEY"},
     ["solve", "cryptarithm", "SEND + MORE = MONEY"]),
    ("solve-all-limit", {"op": "solve", "kind": "crossset", "puzzle": AMBIGUOUS, "all": True,
                         "limit": 3},
     ["solve", "crossset", AMBIGUOUS, "--all", "--limit", "3"]),
    ("solve-no-search", {"op": "solve", "kind": "crossproduct", "puzzle": CROSSPRODUCT,
                         "search": False},
     ["solve", "crossproduct", CROSSPRODUCT, "--no-search"]),
    ("solve-json-puzzle", {"op": "solve", "kind": "cryptarithm", "puzzle": SEND},
     ["solve", "cryptarithm", json.dumps(SEND)]),
    ("solve-kind-option", {"op": "solve", "kind": "cryptarithm", "puzzle": "AB + BA = CC",
                           "options": {"base": 8, "fix": "A=1"}, "all": True},
     ["solve", "cryptarithm", "AB + BA = CC", "--base", "8", "--fix", "A=1", "--all"]),
    ("count", {"op": "count", "kind": "cryptarithm", "puzzle": "AB + BA = CC"},
     ["solve", "cryptarithm", "AB + BA = CC", "--count"]),
    ("count-budget", {"op": "count", "kind": "cryptarithm", "puzzle": "A + B + C = DE",
                      "max_nodes": 5},
     ["solve", "cryptarithm", "A + B + C = DE", "--count", "--max-nodes", "5"]),
    ("check", {"op": "check", "kind": "crossset", "puzzle": AMBIGUOUS, "why": True},
     ["check", "crossset", AMBIGUOUS, "--why"]),
    ("check-count-limit", {"op": "check", "kind": "crossset", "puzzle": AMBIGUOUS,
                           "count": True, "limit": 5},
     ["check", "crossset", AMBIGUOUS, "--count", "--limit", "5"]),
    ("explain", {"op": "explain", "kind": "crossproduct", "puzzle": CROSSPRODUCT,
                 "max_steps": 5},
     ["explain", "crossproduct", CROSSPRODUCT, "--max-steps", "5"]),
    ("explain-trace-no-search", {"op": "explain", "kind": "crossset", "puzzle": AMBIGUOUS,
                                 "trace": True, "search": False},
     ["explain", "crossset", AMBIGUOUS, "--trace", "--no-search"]),
    ("explain-budget", {"op": "explain", "kind": "crossproduct", "puzzle": CROSSPRODUCT,
                        "max_nodes": 2},
     ["explain", "crossproduct", CROSSPRODUCT, "--max-nodes", "2"]),
    ("hint", {"op": "hint", "kind": "crossproduct", "puzzle": CROSSPRODUCT, "state": STATE,
              "level": 2},
     ["hint", "crossproduct", CROSSPRODUCT, "--state", STATE, "--level", "2"]),
    ("hint-budget", {"op": "hint", "kind": "crossproduct", "puzzle": CROSSPRODUCT,
                     "max_nodes": 2},
     ["hint", "crossproduct", CROSSPRODUCT, "--max-nodes", "2"]),
    ("generate", {"op": "generate", "kind": "crossproduct", "size": "4x4",
                  "difficulty": "easy", "seed": 7, "count": 2},
     ["generate", "crossproduct", "--size", "4x4", "--difficulty", "easy", "--seed", "7",
      "--count", "2", "--quiet"]),
    ("generate-budget", {"op": "generate", "kind": "crossproduct", "size": "6x6",
                         "difficulty": "hard", "seed": 1, "max_nodes": 2},
     ["generate", "crossproduct", "--size", "6x6", "--difficulty", "hard", "--seed", "1",
      "--max-nodes", "2"]),
]
# Several puzzles in one input: the CLI prints one document a line, a job line
# holds their list; the API takes one puzzle a request (400).
SEVERAL = ("several", {"op": "solve", "kind": "cryptarithm", "puzzle": TWO},
           ["solve", "cryptarithm", TWO])
# Failures: the same line everywhere, the table's status and exit code.
FAILS = [
    ("bad-puzzle", {"op": "solve", "kind": "cryptarithm", "puzzle": "A + = B"},
     ["solve", "cryptarithm", "A + = B"], 400, 2),
    ("bad-option", {"op": "solve", "kind": "cryptarithm", "puzzle": "A + B = C",
                    "options": {"base": 99}},
     ["solve", "cryptarithm", "A + B = C", "--base", "99"], 400, 2),
    ("not-offered", {"op": "generate", "kind": "crossset", "size": "1", "difficulty": "hard",
                     "seed": 1},
     ["generate", "crossset", "--size", "1", "--difficulty", "hard", "--seed", "1"], 400, 2),
    # the seven bad requests of issue 51: two bad puzzles, a bad size, a level, a limit
    # and a count out of range, an unknown difficulty
    ("bad-grid", {"op": "check", "kind": "crossproduct", "puzzle": "rows 6 x\ncols 3 4"},
     ["check", "crossproduct", "rows 6 x\ncols 3 4"], 400, 2),
    ("bad-size", {"op": "generate", "kind": "crossproduct", "size": "99x99", "seed": 1},
     ["generate", "crossproduct", "--size", "99x99", "--seed", "1"], 400, 2),
    ("level-out-of-range", {"op": "hint", "kind": "crossproduct", "puzzle": CROSSPRODUCT,
                            "level": 7},
     ["hint", "crossproduct", CROSSPRODUCT, "--level", "7"], 400, 2),
    ("limit-out-of-range", {"op": "solve", "kind": "cryptarithm", "puzzle": "A + B = C",
                            "limit": 0},
     ["solve", "cryptarithm", "A + B = C", "--limit", "0"], 400, 2),
    ("count-out-of-range", {"op": "generate", "kind": "crossproduct", "count": 0},
     ["generate", "crossproduct", "--count", "0"], 400, 2),
    ("unknown-difficulty", {"op": "generate", "kind": "crossproduct",
                            "difficulty": "impossible"},
     ["generate", "crossproduct", "--difficulty", "impossible"], 400, 2),
]
ALL = [*CASES, SEVERAL, *[c[:3] for c in FAILS]]


def test_the_cases_cover_every_operation():
    assert sorted({fields["op"] for _, fields, _ in CASES}) == sorted(operations.OPS)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(timeout=20, workers=1)) as c:
        yield c


def run_lines(folder: Path, scheduler: str | None) -> dict[str, dict]:
    jobs = write_jobs(folder / "jobs.jsonl", [{"id": name, **fields} for name, fields, _ in ALL])
    out = folder / ("dask.jsonl" if scheduler else "pool.jsonl")
    summary = run_batch(jobs, out, workers=2, scheduler=scheduler)
    assert summary.ran == len(ALL)
    return {r["id"]: r for r in read_results(out)}


@pytest.fixture(scope="module")
def batch_results(tmp_path_factory):
    """Every case as a line of one jobs file, run by the batch's process pool."""
    return run_lines(tmp_path_factory.mktemp("pool"), None)


@pytest.fixture(scope="module")
def dask_results(tmp_path_factory):
    """The same jobs file on a local Dask cluster (the same job function)."""
    pytest.importorskip("distributed")
    return run_lines(tmp_path_factory.mktemp("dask"), "local")


def cli_run(args: list[str]) -> tuple[int, list[object], str]:
    from numberplay.cli import build_app

    printed = CliRunner().invoke(build_app(), [*args, "--format", "json"])
    lines = [json.loads(line) for line in printed.stdout.strip().splitlines()]
    return printed.exit_code, lines, printed.stderr


def cli_json(args: list[str]) -> object:
    code, lines, stderr = cli_run(args)
    assert code in (0, 1, 3, 4, 5), stderr
    return lines[-1]


@pytest.mark.parametrize("name, fields, args", CASES, ids=[c[0] for c in CASES])
def test_cli_job_line_dask_and_api_give_the_same_answer(name, fields, args, batch_results,
                                                       dask_results, client):
    printed = cli_json(args)
    line = batch_results[name]
    assert line["ok"], line
    response = client.post(f"/api/{fields['op']}",
                           json={k: v for k, v in fields.items() if k != "op"})
    assert response.status_code == 200, response.text
    assert line["result"] == printed
    assert dask_results[name] == line
    assert response.json() == printed
    if "budget" in name:     # a partial answer is an answer (exit 3, ok: true, 200)
        assert (printed["complete"], printed["stopped"]) == (False, "budget"), printed


def test_several_puzzles_in_one_input(batch_results, dask_results, client):
    name, fields, args = SEVERAL
    code, printed, _ = cli_run(args)
    assert code == 0 and len(printed) == 2
    assert batch_results[name]["result"] == printed == dask_results[name]["result"]
    response = client.post("/api/solve", json={k: v for k, v in fields.items() if k != "op"})
    assert response.status_code == 400 and "send one per request" in response.json()["error"]


@pytest.mark.parametrize("name, fields, args, status, exit_code", FAILS,
                         ids=[c[0] for c in FAILS])
def test_a_failure_is_said_alike_everywhere(name, fields, args, status, exit_code,
                                            batch_results, dask_results, client):
    """One failure table: the batch's error line is the API's error, with the
    table's status, and the CLI's line on stderr with the table's exit code."""
    code, printed, stderr = cli_run(args)
    line = batch_results[name]
    assert not line["ok"] and dask_results[name] == line
    # (a job line refused as it is read is said with its line in the jobs file)
    error = re.sub(r"^line \d+: ", "", line["error"])
    response = client.post(f"/api/{fields['op']}",
                           json={k: v for k, v in fields.items() if k != "op"})
    assert response.status_code == status and response.json()["error"] == error
    assert code == exit_code and printed == []
    said = json_spelling(stderr.strip().splitlines()[-1])
    assert said == error or said == f"error: {error}", (said, line)


def json_spelling(said: str) -> str:
    """The CLI's line with a field spelled as JSON spells it (`--level` -> `field
    'level'`): the words after it are the same everywhere."""
    for spec in operations.SPEC.values():
        for field in spec.values():
            if field.flags and said.startswith(f"error: {field.flags[0]} "):
                return f"error: field {field.name!r} " + said[len(field.flags[0]) + 8:]
    return said


def test_without_a_seed_each_front_end_draws_one_the_answer_carries(client):
    fields = {"kind": "crossproduct", "size": "4x4", "difficulty": "easy"}
    made = client.post("/api/generate", json=fields).json()["puzzles"][0]
    seed = made["seed"].rpartition(":")[0]
    again = cli_json(["generate", "crossproduct", "--size", "4x4", "--difficulty", "easy",
                      "--seed", seed])["puzzles"][0]
    assert (again["puzzle"], again["id"]) == (made["puzzle"], made["id"])


def test_an_exact_count_on_the_web(client):
    """AB + BA = CC has 32 solutions (brute force below); /api/count and /api/solve
    with "count": true (or the CLI flag in "options") count them all."""
    import itertools

    expected = sum(1 for a, b, c in itertools.permutations(range(10), 3)
                   if a and b and c and (10 * a + b) + (10 * b + a) == 11 * c)
    assert expected == 32
    body = {"kind": "cryptarithm", "puzzle": "AB + BA = CC"}
    for path, extra in (("/api/count", {}), ("/api/solve", {"count": True}),
                        ("/api/solve", {"options": {"count": True}})):
        answer = client.post(path, json={**body, **extra}).json()
        assert (answer["count"], answer["complete"], answer["solutions"]) == (expected, True, []), \
            (path, answer)
    first = client.post("/api/solve", json=body).json()   # without count: two looked for
    assert (first["count"], first["complete"]) == (2, False)


def test_a_count_cut_short_says_it_is_not_complete(client):
    """The count is bounded by the request's budget (here a node cap) and says so."""
    answer = client.post("/api/count", json={"kind": "cryptarithm", "puzzle": "A + B + C = DE",
                                             "max_nodes": 20}).json()
    assert answer["complete"] is False and answer["stopped"] == "budget", answer


def test_check_why_on_an_open_grid_stops_at_the_second_solution(client):
    """16x16 Cross Set, every candidate open: the API answers as `check --why`
    (two solutions, candidates, a fix), not a count run until the budget is gone."""
    grid = "\n".join(" ".join("." * 16) for _ in range(16))
    answer = client.post("/api/check", json={"kind": "crossset", "puzzle": grid,
                                             "why": True}).json()
    assert (answer["count"], answer["verdict"], answer["text"]) == (2, "multiple",
                                                                   "multiple solutions")
    assert len(answer["solutions"]) == 2 and answer["candidates"] and answer["fix"]
    assert all(v == list(range(1, 17)) for v in answer["candidates"].values())
    printed = cli_json(["check", "crossset", grid, "--why"])
    for key in ("count", "verdict", "solutions", "differ", "candidates"):
        assert printed[key] == answer[key], key


def test_batch_hint_with_state_and_level_and_check_why(tmp_path):
    from numberplay.services.batch import run_job
    from numberplay.services.batch.jobs import JobError, job_from_json

    hinted = run_job(job_from_json({"kind": "crossproduct", "op": "hint", "puzzle": CROSSPRODUCT,
                                    "state": "1..\n" + "...\n" * 5, "level": 1}, "h"))
    assert hinted["ok"], hinted
    assert [w["place"] for w in hinted["result"]["wrong"]] == ["r1c1"]   # 1 cannot be there
    assert hinted["result"]["level"] == 1 and "cells" not in (hinted["result"]["hint"] or {})
    with pytest.raises(JobError, match="'level' must be at most 3, not 4"):
        job_from_json({"kind": "crossproduct", "op": "hint", "puzzle": CROSSPRODUCT,
                       "level": 4}, "h")
    unique = run_job(job_from_json({"kind": "crossproduct", "op": "check",
                                    "puzzle": CROSSPRODUCT, "why": True}, "w"))
    assert unique["result"]["verdict"] == "unique" and unique["result"]["techniques"]


def test_the_openapi_description_and_the_batch_docs_list_the_same_operations(client):
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    for op in operations.OPS:
        post = schema["paths"][f"/api/{op}"]["post"]
        ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        properties = set(components[ref.rsplit("/", 1)[1]]["properties"])
        # every field of the op but those only a job line has (its id, its
        # puzzle's older name, its own timeout: the server sets the time)
        wanted = (operations.COMMON_FIELDS | operations.OP_FIELDS[op]) - {"op", "input", "timeout"}
        assert wanted <= properties, (op, wanted - properties)
    docs = (Path(__file__).resolve().parents[1] / "docs" / "batch.md").read_text()
    row = next(line for line in docs.splitlines() if line.startswith("| `op` |"))
    assert [op for op in operations.OPS if f"`{op}`" in row] == list(operations.OPS)


def test_one_failure_rendering_in_process():
    """A job line's error is the line the API answers with."""
    from numberplay.services.batch import run_job
    from numberplay.services.batch.jobs import job_from_json
    from numberplay.web.jobs import run_job as web_run

    fields = {"kind": "cryptarithm", "puzzle": "A + B + C = DE", "max_nodes": 5}
    line = run_job(job_from_json({"op": "count", **fields}, 1))
    status, answer = web_run("count", {**fields, "options": {}}, 10.0)
    # a partial answer is an answer: a batch line ok: true, HTTP 200, not complete
    assert line["ok"] and line["result"]["complete"] is False
    assert status == 200 and answer == line["result"]
    bad = {"kind": "cryptarithm", "puzzle": "A + = B"}
    line = run_job(job_from_json({"op": "solve", **bad}, 1))
    status, answer = web_run("solve", bad, 10.0)
    assert status == 400 and answer["error"] == line["error"]


PUZZLE_ID = "crossproduct:size=4x4,difficulty=easy#7:0"
PLANETS = ["mercury", "venus", "earth", "mars", "jupiter", "saturn", "uranus", "neptune"]


def test_a_puzzle_id_makes_the_puzzle_generate_id_makes_everywhere(tmp_path, client):
    """`puzzle_id` (what `generate --id` takes) from the CLI, a job line and the web."""
    printed = cli_json(["generate", "crossproduct", "--id", PUZZLE_ID])
    fields = {"kind": "crossproduct", "puzzle_id": PUZZLE_ID}
    jobs = write_jobs(tmp_path / "jobs.jsonl", [{"id": 1, "op": "generate", **fields}])
    run_batch(jobs, tmp_path / "out.jsonl", workers=1)
    line = read_results(tmp_path / "out.jsonl")[0]
    response = client.post("/api/generate", json=fields)
    assert response.status_code == 200, response.text
    assert line["result"] == printed == response.json()
    made = printed["puzzles"]
    assert len(made) == 1 and made[0]["id"] == PUZZLE_ID
    seeded = cli_json(["generate", "crossproduct", "--size", "4x4", "--difficulty", "easy",
                       "--seed", "7"])["puzzles"][0]
    assert made[0]["puzzle"] == seeded["puzzle"]
    # an id names one puzzle: nothing beside it, said alike
    code, _, stderr = cli_run(["generate", "crossproduct", "--id", PUZZLE_ID, "--seed", "3"])
    refused = client.post("/api/generate", json={**fields, "seed": 3})
    assert code == 2 and refused.status_code == 400
    assert json_spelling(stderr.strip()) == f"error: {refused.json()['error']}"


def test_an_enumerating_generation_runs_everywhere(tmp_path, client):
    """`generate --all` with a word list: the CLI and a job line read the file, the
    web takes the words inline (it opens no file a request names)."""
    words = tmp_path / "planets.txt"
    words.write_text(" ".join(PLANETS) + "\n")
    options = {"all": True, "addends": "2..3"}
    printed = cli_json(["generate", "cryptarithm", "--all", "--words", str(words),
                        "--addends", "2..3", "--count", "3", "--quiet"])
    jobs = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": 1, "op": "generate", "kind": "cryptarithm", "count": 3,
         "options": {**options, "words": str(words)}}])
    run_batch(jobs, tmp_path / "out.jsonl", workers=1)
    line = read_results(tmp_path / "out.jsonl")[0]
    response = client.post("/api/generate", json={
        "kind": "cryptarithm", "count": 3, "options": {**options, "words": PLANETS}})
    assert response.status_code == 200, response.text
    assert line["result"] == printed == response.json()
    assert len(printed["puzzles"]) == 3


def test_no_kind_option_is_named_as_a_field_of_its_command():
    """A request's "options" may hold its op's fields by name or CLI name
    (`operations.FLAGS`); a kind option of the same name would be taken for the
    field, so none may have one."""
    from numberplay.kinds import all_kinds

    for impl in all_kinds():
        for op, command in operations.COMMAND.items():
            taken = set(operations.FLAGS[op])
            clash = {o.name for o in impl.options if command in o.commands} & taken
            assert not clash, (impl.name, op, clash)
