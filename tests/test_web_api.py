"""The web API: each answer is the CLI's --format json object; bad input is a 400
with the CLI's one-line message; big bodies get 413; every request runs in a
worker process under a time budget, so a hung or crashed request never takes
the server down."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx2", reason="httpx2 (for Starlette's TestClient) is not installed")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from numberplay import api  # noqa: E402
from numberplay.cli import app as cli_app  # noqa: E402
from numberplay.errors import PuzzleError  # noqa: E402
from numberplay.kinds import all_kinds, get_kind  # noqa: E402
from numberplay.services.examples import list_examples  # noqa: E402
from numberplay.web import create_app  # noqa: E402

HERE = Path(__file__).resolve().parent
BAD_WORKER = [sys.executable, str(HERE / "web_bad_worker.py")]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(timeout=10, workers=2)) as c:
        yield c


def cli_json(*args: str):
    result = CliRunner().invoke(cli_app, [*args, "--format", "json"])
    assert result.exit_code in (0, 1, 4), result.output
    return json.loads(result.stdout.strip().splitlines()[-1])


def one_example_per_kind():
    seen = {}
    for e in list_examples():
        if e.kind in seen:
            continue
        puzzles = get_kind(e.kind).parse_all(e.text)
        if len(puzzles) == 1:
            seen[e.kind] = e
    return list(seen.values())


EXAMPLES = one_example_per_kind()


def test_every_kind_has_a_single_puzzle_example():
    assert {e.kind for e in EXAMPLES} == {impl.name for impl in all_kinds()}


def test_kinds_and_examples_match_the_cli(client):
    kinds = CliRunner().invoke(cli_app, ["kinds", "--json"])
    # The API's rows are the CLI's and "play": where the page finds the play module.
    rows = client.get("/api/kinds").json()
    assert [{k: v for k, v in row.items() if k != "play"} for row in rows] == \
        json.loads(kinds.stdout)
    listing = CliRunner().invoke(cli_app, ["examples", "--json"])
    assert client.get("/api/examples").json() == json.loads(listing.stdout)
    e = EXAMPLES[0]
    one = CliRunner().invoke(cli_app, ["examples", e.kind, "--json"])
    assert client.get(f"/api/examples/{e.kind}").json() == json.loads(one.stdout)
    text = CliRunner().invoke(cli_app, ["examples", e.kind, e.name, "--json"])
    assert client.get(f"/api/examples/{e.kind}/{e.name}").json() == json.loads(text.stdout)
    missing = client.get(f"/api/examples/{e.kind}/no-such-example")
    assert missing.status_code == 400 and "no-such-example" in missing.json()["error"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.kind}-{e.name}")
def test_solve_check_explain_hint_match_the_cli(client, example):
    kind, text = example.kind, example.text
    body = {"kind": kind, "puzzle": text}
    assert client.post("/api/solve", json=body).json() == cli_json("solve", kind, text)
    counted = client.post("/api/solve", json={**body, "options": {"count": True}}).json()
    assert counted == cli_json("solve", kind, text, "--count")
    assert client.post("/api/check", json=body).json() == cli_json("check", kind, text)
    explained = client.post("/api/explain", json={**body, "options": {"max_steps": 3}})
    assert explained.json() == cli_json("explain", kind, text, "--max-steps", "3")
    assert client.post("/api/hint", json=body).json() == cli_json("hint", kind, text)


def test_puzzle_as_json_object_is_the_same_puzzle(client):
    for example in EXAMPLES:
        by_text = client.post("/api/solve", json={"kind": example.kind, "puzzle": example.text})
        obj = by_text.json()["puzzle"]
        by_object = client.post("/api/solve", json={"kind": example.kind, "puzzle": obj})
        assert by_object.status_code == 200
        assert by_object.json() == by_text.json()


def test_solve_all_and_limit(client):
    body = {"kind": "crossproduct", "puzzle": "rows 8 8 1\ncols 8 8 1"}
    every = client.post("/api/solve", json={**body, "options": {"all": True}}).json()
    assert every == cli_json("solve", "crossproduct", body["puzzle"], "--all")
    assert every["count"] == 4 and len(every["solutions"]) == 4
    # Each solution really multiplies out (checked here, not by the solver).
    impl = get_kind("crossproduct")
    puzzle = impl.parse(body["puzzle"])
    for s in every["solutions"]:
        assert impl.verify(puzzle, impl.solution_type.from_json(s))
    two = client.post("/api/solve", json={**body, "limit": 2, "options": {"all": True}}).json()
    assert two["count"] == 2 and two["complete"] is False


@pytest.mark.parametrize("kind,size", [("crossset", "4"), ("crossproduct", "3x3"),
                                       ("cryptarithm", None), ("cryptoproduct", None)])
def test_generate_matches_the_cli_and_is_unique(client, kind, size):
    body = {"kind": kind, "seed": 7, "difficulty": "easy"}
    args = ["generate", kind, "--seed", "7", "--difficulty", "easy", "-q"]
    if size:
        body["size"] = size
        args += ["--size", size]
    answer = client.post("/api/generate", json=body).json()
    assert answer == cli_json(*args)
    item = answer["puzzles"][0]
    puzzle = get_kind(kind).parse(item["text"])
    assert api.count(puzzle, limit=2) == 1


def test_hint_takes_the_players_state(client):
    """The state and level are passed on: the answer is the CLI's own."""
    text = "12 12 123\n123 123 123\n123 3 123\n"
    state = "2 1 3\n123 123 123\n123 3 123\n"
    answer = client.post("/api/hint", json={"kind": "crossset", "puzzle": text,
                                            "state": state, "level": 3})
    assert answer.status_code == 200
    data = answer.json()
    assert "from_start" not in data
    assert data == cli_json("hint", "crossset", text, "--state", state, "--level", "3")


def test_bad_input_gets_400_with_the_cli_message(client):
    bad = "rows 12 x\ncols 3 4"
    with pytest.raises(PuzzleError) as raised:
        get_kind("crossproduct").parse(bad)
    answer = client.post("/api/solve", json={"kind": "crossproduct", "puzzle": bad})
    assert answer.status_code == 400
    assert answer.json() == {"error": " ".join(str(raised.value).split())}
    cli = CliRunner().invoke(cli_app, ["solve", "crossproduct", bad])
    assert cli.exit_code == 2 and answer.json()["error"] in " ".join(cli.output.split())


@pytest.mark.parametrize("path,body,needle", [
    ("/api/solve", {"kind": "nosuchkind", "puzzle": "x"}, "unknown puzzle kind"),
    ("/api/solve", {"puzzle": "x"}, "kind"),
    ("/api/solve", {"kind": "crossset"}, "puzzle"),
    ("/api/solve", {"kind": "crossset", "puzzle": ""}, "puzzle"),
    ("/api/solve", {"kind": "crossset", "puzzle": "1 2\n2 1", "limit": 0}, "limit"),
    ("/api/solve", {"kind": "crossset", "puzzle": "1 2\n2 1", "options": {"frobnicate": 1}},
     "frobnicate"),
    ("/api/solve", {"kind": "cryptarithm", "puzzle": "A+B=C", "options": {"base": "ten"}}, "base"),
    ("/api/solve", {"kind": "cryptarithm", "puzzle": "A+B=C\nA+A=B"}, "one per request"),
    ("/api/solve", {"kind": "crossset", "puzzle": {"cells": "nope"}}, "cells"),
    ("/api/solve", [1, 2, 3], "must be a JSON object"),
    ("/api/hint", {"kind": "crossset", "puzzle": "1 2\n2 1", "level": 7}, "level"),
    ("/api/generate", {"kind": "crossset", "count": 1000}, "count"),
    ("/api/generate", {"kind": "crossset", "difficulty": "impossible"}, "difficulty"),
    ("/api/generate", {"kind": "crossset", "size": "banana"}, ""),
])
def test_bad_bodies(client, path, body, needle):
    answer = client.post(path, json=body)
    assert answer.status_code == 400, answer.text
    data = answer.json()
    assert set(data) == {"error"} and needle in data["error"]
    assert "\n" not in data["error"] and "Traceback" not in data["error"]


def test_not_json_is_400(client):
    answer = client.post("/api/solve", content=b"{not json", headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "error" in answer.json()


def test_body_over_64_kib_gets_413(client):
    big = {"kind": "crossset", "puzzle": "1" * (64 * 1024)}
    answer = client.post("/api/solve", json=big)
    assert answer.status_code == 413 and "64 KiB" in answer.json()["error"]

    def chunks():  # no content-length: the limit is counted as the body arrives
        for _ in range(80):
            yield b"x" * 1024

    answer = client.post("/api/solve", content=chunks(), headers={"content-type": "application/json"})
    assert answer.status_code == 413
    # Just under the limit is read (and refused for what it says, not its size).
    small = {"kind": "crossset", "puzzle": "z" * (60 * 1024)}
    assert client.post("/api/solve", json=small).status_code == 400


def test_budget_stops_a_long_search():
    """An empty 9x9 (~5.5e27 Latin squares) counted: the answer says the budget
    stopped it. (No wall-clock bound here: a search the budget did not stop would
    never answer, and the suite's own timeout fails it.)"""
    hard = "\n".join([" ".join(["."] * 9)] * 9)
    with TestClient(create_app(timeout=0.3, workers=1)) as c:
        answer = c.post("/api/solve", json={"kind": "crossset", "puzzle": hard,
                                            "options": {"count": True}})
        assert answer.status_code in (200, 503)
        data = answer.json()
        if answer.status_code == 200:  # the search reported its budget, as the CLI does
            assert data["complete"] is False and data["stopped"] == "budget"
        else:
            assert data["stopped"] == "budget"


def test_hung_and_crashed_workers_are_replaced():
    """A worker that never answers is killed past its budget and grace, one that
    crashes is replaced; the next requests are answered. (The bad worker answers
    the others within a budget of its own and is warm before it says it is ready,
    so a loaded machine does not make them run out of the server's 0.3 s.)"""
    with TestClient(create_app(timeout=0.3, workers=1, worker_command=BAD_WORKER, grace=0.5)) as c:
        pool = c.app.state.pool
        before = pool.restarts    # (the start-up's description may have run out too)
        hung = c.post("/api/solve", json={"kind": "hang", "puzzle": "x"})
        assert hung.status_code == 503 and hung.json()["stopped"] == "budget"
        assert pool.restarts == before + 1
        fine = c.post("/api/solve", json={"kind": "crossset", "puzzle": "12 12\n12 2"})
        assert fine.status_code == 200 and fine.json()["verdict"] == "unique"
        crashed = c.post("/api/solve", json={"kind": "crash", "puzzle": "x"})  # kills two
        assert crashed.status_code == 500 and "worker" in crashed.json()["error"]
        again = c.post("/api/check", json={"kind": "crossset", "puzzle": "12 12\n12 2"})
        assert again.status_code == 200 and again.json()["text"] == "unique"
        assert pool.restarts == before + 3


def told(fifo, seconds: float = 120) -> str:
    """The line a worker writes to `fifo` (waiting for it; at most `seconds`, then the
    read is released and the test fails)."""
    import os
    with ThreadPoolExecutor(1) as threads:
        line = threads.submit(lambda: fifo.open().readline())
        try:
            return line.result(timeout=seconds)
        except TimeoutError:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))   # ends the read
            raise


def test_a_killed_worker_costs_no_request(caplog, tmp_path):
    """A worker killed from outside, idle or in the middle of a request, is logged
    and replaced, and the request is answered by the fresh worker, not with a 500
    (issue #33, defect 4). The worker says on a FIFO when it holds the request
    (and then waits for a signal): it is killed then, not after a guessed sleep."""
    import logging
    import os
    import signal
    caplog.set_level(logging.WARNING, logger="numberplay.web")
    body = {"kind": "crossset", "puzzle": "12 12\n12 2"}
    fifo = tmp_path / "busy"
    os.mkfifo(fifo)
    command = [*BAD_WORKER, str(fifo)]
    with TestClient(create_app(timeout=5, workers=1, worker_command=command)) as c:
        pool = c.app.state.pool
        (worker,) = pool._all
        os.kill(worker.process.pid, signal.SIGKILL)
        worker.process.wait()
        idle = c.post("/api/check", json=body)
        assert idle.status_code == 200 and idle.json()["text"] == "unique"
        (worker,) = pool._all
        with ThreadPoolExecutor(1) as threads:
            slow = threads.submit(c.post, "/api/check", json={**body, "kind": "slow"})
            assert told(fifo) == "busy\n"    # the worker holds the request
            os.kill(worker.process.pid, signal.SIGKILL)
            busy = slow.result(timeout=60)
        assert busy.status_code == 200 and busy.json()["text"] == "unique"
        assert pool.restarts == 2
    lines = [r.getMessage() for r in caplog.records if r.name == "numberplay.web"]
    assert any("died (signal 9) while idle" in m for m in lines), lines
    assert any("died (signal 9) while running a check request (running it again)" in m
               for m in lines), lines


def test_a_request_that_allocates_without_bound_fails_alone():
    """Under the worker's memory cap the job gets a MemoryError: one line, 503
    "memory"; the same worker then answers the next request."""
    with TestClient(create_app(timeout=5, workers=1, worker_command=BAD_WORKER)) as c:
        hog = c.post("/api/solve", json={"kind": "hog", "puzzle": "x"})
        assert hog.status_code == 503 and hog.json()["stopped"] == "memory"
        assert "\n" not in hog.json()["error"]
        fine = c.post("/api/check", json={"kind": "crossset", "puzzle": "12 12\n12 2"})
        assert fine.status_code == 200 and fine.json()["text"] == "unique"
        assert c.app.state.pool.restarts == 0  # the worker lived on


def test_openapi_and_docs(client):
    schema = client.get("/openapi.json").json()
    for path in ("/api/kinds", "/api/examples", "/api/examples/{kind}", "/api/solve",
                 "/api/check", "/api/explain", "/api/hint", "/api/generate"):
        assert path in schema["paths"], path
    docs = client.get("/docs")
    assert docs.status_code == 200
    # the page works offline: its script and style come from this server, not a CDN
    assert "cdn" not in docs.text.lower()
    scripts = re.findall(r'(?:src|href)="(/[^"]+\.(?:js|css))"', docs.text)
    assert any(s.endswith(".js") for s in scripts) and any(s.endswith(".css") for s in scripts)
    for asset in scripts:
        got = client.get(asset)
        assert got.status_code == 200 and len(got.content) > 1000, asset


def test_pages_and_static_files(client):
    home = client.get("/")
    assert home.status_code == 200 and "numberplay" in home.text
    assert client.get("/play/crossset?seed=1").text == home.text
    for row in client.get("/api/kinds").json():
        play = row["play"]
        assert play["script"] == f"/kinds/{row['name']}/play.js"
        module = client.get(play["script"])
        assert module.status_code == 200 and "export default" in module.text, row["name"]
        assert module.headers["content-type"].startswith("text/javascript")
        if play["style"]:
            style = client.get(play["style"])
            assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")
        assert isinstance(play["data"], dict)
    assert client.get("/static/app.js").status_code == 200


def test_a_kind_serves_only_its_static_files(client):
    kind = client.get("/api/kinds").json()[0]["name"]
    for name in ("kind.py", "..%2Fkind.py", "play.exe", ".play.js", "no-such.js",
                 "%2E%2E%2F%2E%2E%2Fweb%2Fapp.py", "play.js%00.py"):
        assert client.get(f"/kinds/{kind}/{name}").status_code == 404, name
    assert client.get(f"/kinds/{kind}/../kind.py").status_code == 404
    assert client.get("/kinds/no-such-kind/play.js").status_code == 404


def test_cli_starts_without_fastapi_and_serve_says_how_to_install():
    block = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('fastapi', 'uvicorn', 'starlette'):\n"
        "            raise ImportError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from numberplay.cli import main\n"
        "assert 'fastapi' not in sys.modules\n"
        "sys.argv = ['numberplay'] + sys.argv[1:]\n"
        "main()\n"
    )
    from web_server import SRC
    env = {"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}
    ok = subprocess.run([sys.executable, "-c", block, "kinds"], capture_output=True, text=True,
                        env=env, timeout=60)
    assert ok.returncode == 0 and "crossset" in ok.stdout
    serve = subprocess.run([sys.executable, "-c", block, "serve"], capture_output=True, text=True,
                           env=env, timeout=60)
    assert serve.returncode == 2
    assert "pip install 'numberplay[web]'" in serve.stderr and "Traceback" not in serve.stderr


def test_real_server_answers_50_concurrent_mixed_requests_and_stops_on_ctrl_c():
    """Past what the workers can take at once the server sheds (503 + Retry-After);
    a client that waits as told gets every answer."""
    from web_server import Server

    server = Server("--timeout", "10")
    try:
        jobs = []
        for i in range(50):
            if i % 3 == 0:
                jobs.append(("/api/solve", {"kind": "cryptarithm", "puzzle": "SEND + MORE = MONEY"}))
            elif i % 3 == 1:
                jobs.append(("/api/hint", {"kind": "crossset", "puzzle": EXAMPLES_BY_KIND["crossset"]}))
            else:
                jobs.append(("/api/generate", {"kind": "crossproduct", "size": "3x3", "seed": i}))
        with ThreadPoolExecutor(max_workers=50) as pool:
            results = list(pool.map(lambda job: server.post_patiently(*job), jobs))
        assert [status for status, _, _ in results] == [200] * 50
        assert all(data["kind"] for _, data, _ in results)
    finally:
        code, out, err = server.stop()
    assert code == 0, err
    assert "serving on http://127.0.0.1:" in out
    assert "Traceback" not in err


EXAMPLES_BY_KIND = {e.kind: e.text for e in EXAMPLES}


def test_check_why_matches_the_cli(client):
    """`"why": true` on /api/check answers what `check --why --format json` prints."""
    text = "12 12 3\n12 12 3\n3 3 12"
    body = {"kind": "crossset", "puzzle": text, "why": True}
    answer = client.post("/api/check", json=body).json()
    assert answer["conflict"] == cli_json("check", "crossset", text, "--why")["conflict"]
    assert answer["conflict_puzzle"]["cells"][2][:2] == [[3], [3]]


def test_enigma_options_through_the_api_match_the_cli(client):
    """The formula core's options (issue 52) reach the web API through the operation
    table: a repeated --invalid is one text with ';' there."""
    body = {"kind": "cryptarithm", "puzzle": "1939 + 1079 = 6856",
            "options": {"symbols": "0123456789", "all": True,
                        "invalid": "0,016;1,1;3,3;5,5;6,6;7,7;8,8;9,9"}}
    flags = ["--symbols", "0123456789", "--all"]
    for spec in ("0,016", "1,1", "3,3", "5,5", "6,6", "7,7", "8,8", "9,9"):
        flags += ["--invalid", spec]
    answer = client.post("/api/solve", json=body).json()
    assert answer == cli_json("solve", "cryptarithm", "1939 + 1079 = 6856", *flags)
    assert answer["solutions"][0]["text"] == "2767 + 2137 = 4904"
    bad = client.post("/api/solve", json={"kind": "cryptarithm", "puzzle": "AB = CD",
                                          "options": {"digits": "9-0"}})
    assert bad.status_code == 400 and "--digits" in bad.json()["error"]
