"""One operation table (services/operations.py) under the CLI, the batch and the
web API: the same request gets the same answer from `numberplay COMMAND KIND
--format json`, from a batch job line (run by the process pool) and from the API
(issue 39); the web's exact count; batch's hint and check --why."""

from __future__ import annotations

import json
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

# (op, the request's fields, the CLI's arguments)
CASES = [
    ("solve", {"kind": "cryptarithm", "puzzle": "SEND + MORE = MONEY"},
     ["solve", "cryptarithm", "SEND + MORE = MONEY"]),
    ("count", {"kind": "cryptarithm", "puzzle": "AB + BA = CC"},
     ["solve", "cryptarithm", "AB + BA = CC", "--count"]),
    ("check", {"kind": "crossset", "puzzle": AMBIGUOUS, "why": True},
     ["check", "crossset", AMBIGUOUS, "--why"]),
    ("explain", {"kind": "crossproduct", "puzzle": CROSSPRODUCT, "max_steps": 5},
     ["explain", "crossproduct", CROSSPRODUCT, "--max-steps", "5"]),
    ("hint", {"kind": "crossproduct", "puzzle": CROSSPRODUCT, "state": STATE, "level": 2},
     ["hint", "crossproduct", CROSSPRODUCT, "--state", STATE, "--level", "2"]),
    ("generate", {"kind": "crossproduct", "size": "4x4", "difficulty": "easy", "seed": 7,
                  "count": 2},
     ["generate", "crossproduct", "--size", "4x4", "--difficulty", "easy", "--seed", "7",
      "--count", "2", "--quiet"]),
]


def test_the_cases_cover_every_operation():
    assert sorted(op for op, _, _ in CASES) == sorted(operations.OPS)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(timeout=20, workers=1)) as c:
        yield c


@pytest.fixture(scope="module")
def batch_results(tmp_path_factory):
    """Every case as a line of one jobs file, run by the batch's process pool."""
    folder = tmp_path_factory.mktemp("ops")
    jobs = write_jobs(folder / "jobs.jsonl",
                      [{"id": op, "op": op, **fields} for op, fields, _ in CASES])
    summary = run_batch(jobs, folder / "results.jsonl", workers=2)
    assert summary.ran == len(CASES)
    return {r["id"]: r for r in read_results(folder / "results.jsonl")}


def cli_json(args: list[str]) -> object:
    from numberplay.cli import build_app

    printed = CliRunner().invoke(build_app(), [*args, "--format", "json"])
    assert printed.exit_code in (0, 1, 4), printed.output
    return json.loads(printed.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("op, fields, args", CASES, ids=[c[0] for c in CASES])
def test_cli_job_line_and_api_give_the_same_answer(op, fields, args, batch_results, client):
    printed = cli_json(args)
    line = batch_results[op]
    assert line["ok"], line
    response = client.post(f"/api/{op}", json=fields)
    assert response.status_code == 200, response.text
    assert line["result"] == printed
    assert response.json() == printed


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
    with pytest.raises(JobError, match="'level' must be between 1 and 3"):
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


def test_one_failure_rendering():
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
