"""The web server seen by an attacker (issue 26, docs/security.md): no request
opens a path, errors quote only a bounded slice of the request, workers are
confined, the page has a restrictive CSP, CORS is closed unless asked for, and
a Host other than loopback is refused when the server binds to loopback."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx2", reason="httpx2 (for Starlette's TestClient) is not installed")

from fastapi.testclient import TestClient  # noqa: E402

from numberplay.kinds import InlineText, all_kinds, option_text  # noqa: E402
from numberplay.web import create_app, jobs  # noqa: E402
from numberplay.web.headers import LOOPBACK_HOSTS, host_name  # noqa: E402
from numberplay.web.serve import exposure_warning, is_loopback  # noqa: E402

COMMANDS = {"solve": "/api/solve", "check": "/api/check", "explain": "/api/explain",
            "hint": "/api/hint", "generate": "/api/generate"}
WORDS = ["sun", "moon", "star", "mars", "venus", "earth", "pluto", "comet", "orbit", "nova"]


def file_option_kinds():
    """(kind name, option) for every kind option whose CLI value is a file."""
    return [(impl.name, o) for impl in all_kinds() for o in impl.options if o.file]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(timeout=10, workers=1)) as c:
        yield c


@pytest.fixture
def secret_file(tmp_path):
    """A file whose content no answer may carry: one word per line, so a reader
    that took it as a word list would accept it."""
    token = "ZQX" + secrets.token_hex(8).upper().translate(str.maketrans("0123456789", "GHIJKLMNOP"))
    path = tmp_path / "words.txt"
    path.write_text("\n".join([token, *[w.upper() for w in WORDS]]) + "\n", encoding="utf-8")
    return path, token


def test_some_kind_has_a_file_option():
    assert file_option_kinds(), "no KindOption is marked file=True: nothing to test"
    for _, option in file_option_kinds():
        assert option.metavar is not None and option.metavar.endswith("FILE")


def test_a_file_option_never_reads_the_file_it_names(client, secret_file):
    path, token = secret_file
    for kind, option in file_option_kinds():
        for value in (str(path), [str(path)], "/etc/passwd", "/proc/self/environ"):
            answer = client.post("/api/generate", json={"kind": kind, "options": {option.name: value}})
            assert answer.status_code == 400, answer.text
            assert token not in answer.text and "root:" not in answer.text
            assert len(answer.json()["error"]) <= jobs.MAX_ERROR_CHARS


def test_a_word_list_arrives_inline_as_a_list_or_as_text(client):
    for kind, option in file_option_kinds():
        if option.metavar != "FILE":
            continue   # LANG|FILE: a table of numbers, not a word list (test_doubly_true)
        for value in (WORDS, " ".join(WORDS), "# planets\n" + "\n".join(WORDS)):
            answer = client.post("/api/generate", json={"kind": kind, "seed": 3,
                                                        "options": {option.name: value}})
            assert answer.status_code == 200, answer.text
            puzzle = answer.json()["puzzles"][0]
            used = {w for w in puzzle["text"].replace("+", " ").replace("=", " ").split()}
            assert used <= {w.upper() for w in WORDS}, used
            # the puzzle is unique: checked again by the check endpoint
            verdict = client.post("/api/check", json={"kind": kind, "puzzle": puzzle["text"]})
            assert verdict.json()["text"] == "unique"
            assert "inline-sha256-" in puzzle["id"] and "MOON" not in puzzle["id"]


def test_inline_lists_are_bounded_and_checked(client):
    for kind, option in file_option_kinds():
        too_many = ["abc"] * (jobs.MAX_INLINE_ITEMS + 1)
        answer = client.post("/api/generate", json={"kind": kind, "options": {option.name: too_many}})
        assert answer.status_code in (400, 413)
        text_list = " ".join(["ab"] * (jobs.MAX_INLINE_ITEMS + 1))
        answer = client.post("/api/generate", json={"kind": kind, "options": {option.name: text_list}})
        assert answer.status_code == 400 and f"{jobs.MAX_INLINE_ITEMS:,}" in answer.json()["error"]
        for bad in (["two\nlines", "x", "y"], [1, 2, 3], {"a": 1}, 7):
            answer = client.post("/api/generate", json={"kind": kind, "options": {option.name: bad}})
            assert answer.status_code == 400, bad


def test_option_text_reads_files_only_where_allowed(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("alpha beta\n", encoding="utf-8")
    assert option_text(str(path), "--x") == "alpha beta\n"  # the CLI's way
    assert option_text(InlineText("gamma"), "--x") == "gamma"
    code = ("import sys; from numberplay.kinds import forbid_files, option_text\n"
            "from numberplay.errors import PuzzleError\nforbid_files()\n"
            "try:\n    option_text(sys.argv[1], '--x')\nexcept PuzzleError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True)
    assert "not a file name" in out.stdout and "alpha" not in out.stdout


CONFINED = """
import os, subprocess, sys
from numberplay.web.sandbox import confine
confine(512)
import numberplay.web.jobs
from numberplay.kinds import all_kinds
from numberplay.services.examples import list_examples
assert list_examples()  # its own files: allowed
def attempt(name, action):
    try:
        action()
        print(name, "allowed")
    except (OSError, MemoryError):
        print(name, "refused")
attempt("read", lambda: open(sys.argv[1]).read())
attempt("write", lambda: open(os.path.join(sys.argv[2], "new.txt"), "w"))
attempt("list", lambda: os.listdir(sys.argv[2]))
attempt("environ", lambda: open("/proc/self/environ", "rb").read())
attempt("process", lambda: subprocess.run(["true"]))
attempt("memory", lambda: bytearray(1024 ** 3))
"""


def test_a_confined_worker_touches_nothing_but_its_code(tmp_path, secret_file):
    path, token = secret_file
    out = subprocess.run([sys.executable, "-c", CONFINED, str(path), str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    lines = dict(line.split() for line in out.stdout.splitlines())
    assert lines == {"read": "refused", "write": "refused", "list": "refused",
                     "environ": "refused", "process": "refused", "memory": "refused"}, out
    assert not (tmp_path / "new.txt").exists()


def test_an_unexpected_error_does_not_echo_its_message(monkeypatch):
    def boom(body, budget):
        raise ValueError("contents of something private")

    monkeypatch.setitem(jobs.OPS, "solve", boom)
    status, answer = jobs.run_job("solve", {}, 1.0)
    assert status == 500 and "private" not in answer["error"]
    assert answer["error"].startswith("internal error (ValueError)")


def test_errors_quote_a_bounded_slice_of_the_request(client):
    kind = all_kinds()[0].name
    long_name = "k" * 20_000
    for body in ({"kind": long_name, "puzzle": "x"},
                 {"kind": kind, "puzzle": "!" * 60_000},
                 {"kind": kind, "puzzle": "x", "options": {long_name: 1}},
                 {"kind": kind, "puzzle": "x", "options": {"count": "y" * 20_000}}):
        answer = client.post("/api/solve", json=body)
        assert answer.status_code == 400
        assert len(answer.json()["error"]) <= jobs.MAX_ERROR_CHARS


def test_deep_json_is_a_400_not_a_crash(client):
    kind = all_kinds()[0].name
    for depth in (50, 900, 5_000, 30_000):
        nested = "[" * depth + "]" * depth
        body = f'{{"kind": "{kind}", "puzzle": {{"a": {nested}}}, "options": {{"x": {nested}}}}}'
        answer = client.post("/api/solve", content=body.encode(),
                             headers={"content-type": "application/json"})
        assert answer.status_code in (400, 413), (depth, answer.text[:200])
        assert "error" in answer.json()
    assert client.get("/api/kinds").status_code == 200  # and the server goes on


def test_traversal_in_static_and_example_routes(client):
    kind = all_kinds()[0].name
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
                 "/static/%2e%2e%2f%2e%2e%2fkinds.py", "/static//etc/passwd",
                 "/static/..%5capp.py", f"/api/examples/{kind}/..%2f..%2fkinds",
                 f"/api/examples/{kind}/%2e%2e", f"/api/examples/..%2f{kind}",
                 "/play/..%2f..%2fkinds.py"):
        answer = client.get(path)
        assert answer.status_code in (400, 404) or path.startswith("/play/"), path
        assert "import" not in answer.text and "root:" not in answer.text, path


def test_headers_csp_on_the_page_and_docs(client):
    for path in ("/", "/play/x", "/static/app.js", "/api/kinds"):
        answer = client.get(path)
        csp = answer.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe" not in csp, path
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert "server" not in answer.headers or "uvicorn" not in answer.headers["server"]
    docs = client.get("/docs")
    assert "frame-ancestors 'none'" in docs.headers["content-security-policy"]


def test_cors_is_closed_unless_asked_for(client):
    origin = {"origin": "https://evil.example"}
    assert "access-control-allow-origin" not in client.get("/api/kinds", headers=origin).headers
    preflight = client.options("/api/solve", headers={
        **origin, "access-control-request-method": "POST",
        "access-control-request-headers": "content-type"})
    assert "access-control-allow-origin" not in preflight.headers
    with TestClient(create_app(workers=1, allow_origins=("https://friend.example",))) as c:
        ok = c.get("/api/kinds", headers={"origin": "https://friend.example"})
        assert ok.headers["access-control-allow-origin"] == "https://friend.example"
        other = c.get("/api/kinds", headers=origin)
        assert "access-control-allow-origin" not in other.headers


def test_a_loopback_server_answers_only_to_loopback_names():
    assert host_name("[::1]:8000") == "::1" and host_name("LocalHost:80") == "localhost"
    with TestClient(create_app(workers=1, allowed_hosts=LOOPBACK_HOSTS)) as c:
        for host in ("127.0.0.1:8000", "localhost", "[::1]:8000"):
            assert c.get("/api/kinds", headers={"host": host}).status_code == 200, host
        for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""):
            answer = c.get("/api/kinds", headers={"host": host})
            assert answer.status_code == 400, host
            assert answer.headers["content-security-policy"]


def test_a_host_other_than_loopback_warns_at_start_up(monkeypatch):
    from numberplay.web import serve as serve_module

    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.2")
    assert exposure_warning("127.0.0.1") is None
    started = {}

    def fake_run(self, sockets):
        started["hosts"] = self.config.app.user_middleware

    monkeypatch.setattr(serve_module.uvicorn.Server, "run", fake_run)
    real_bind = serve_module.bind
    monkeypatch.setattr(serve_module, "bind", lambda host, port: real_bind("127.0.0.1", 0))
    said, warned = [], []
    serve_module.serve(host="0.0.0.0", port=0, echo=said.append, warn=warned.append, workers=1)
    assert len(warned) == 1 and warned[0].startswith("warning: --host 0.0.0.0 is not loopback")
    assert "serving on" in said[0]
    said.clear(), warned.clear()
    serve_module.serve(host="127.0.0.1", port=0, echo=said.append, warn=warned.append, workers=1)
    assert warned == [] and "serving on" in said[0]


def _every_request(path: Path) -> list[tuple[str, str, dict | None]]:
    """A request for every field and option of every endpoint, each naming `path`."""
    name, quoted = str(path), quote(str(path), safe="")
    out: list[tuple[str, str, dict | None]] = [
        ("GET", f"/api/examples/{quoted}", None),
        ("GET", f"/api/examples/{all_kinds()[0].name}/{quoted}", None),
        ("GET", f"/static/{quoted}", None), ("GET", f"/static/..{quoted}", None),
        ("GET", f"/play/{quoted}", None), ("GET", f"/{quoted}", None)]
    for impl in all_kinds():
        for command, url in COMMANDS.items():
            fields = {"kind": impl.name, "puzzle": name}
            if command == "generate":
                fields = {"kind": impl.name, "size": name, "difficulty": name, "seed": name}
            if command == "hint":
                fields["state"] = name
            out.append(("POST", url, fields))
            out.append(("POST", url, {**fields, "kind": name}))
            flags = set(jobs.COMMAND_FLAGS[command])
            names = flags | {o.name for o in impl.options if command in o.commands}
            for option in sorted(names):
                for value in (name, [name]):
                    out.append(("POST", url, {**fields, "options": {option: value}}))
                    if command == "generate":
                        out.append(("POST", url, {"kind": impl.name, "options": {option: value}}))
    return out


def test_no_answer_carries_a_file_of_the_server(tmp_path, secret_file, monkeypatch):
    """A real `numberplay serve` with a known file on disk and a known variable in
    its environment: no answer to any request naming them carries either."""
    from web_server import Server

    path, token = secret_file
    env_token = "ENVSECRET" + secrets.token_hex(8)
    monkeypatch.setenv("NUMBERPLAY_TEST_SECRET", env_token)
    server = Server("--timeout", "2", workers=1)
    seen = 0
    try:
        for target in (path, Path("/proc/self/environ"), Path("/etc/passwd")):
            for method, url, body in _every_request(target):
                request = urllib.request.Request(
                    server.url + url, method=method,
                    data=None if body is None else json.dumps(body).encode(),
                    headers={"content-type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=60) as r:
                        text = r.read().decode("utf-8", "replace")
                except urllib.error.HTTPError as exc:
                    text = exc.read().decode("utf-8", "replace")
                    if exc.code == 503 and "busy" in text:
                        continue
                seen += 1
                assert token not in text and env_token not in text, (url, body)
                assert "root:x:" not in text, (url, body)
    finally:
        code, out, err = server.stop()
    assert seen > 100
    assert token not in out + err
    assert os.environ["NUMBERPLAY_TEST_SECRET"] == env_token


def test_workers_run_under_the_memory_cap():
    with TestClient(create_app(workers=1, memory_mb=300)) as c:
        assert c.get("/api/kinds").status_code == 200
        for worker in c.app.state.pool._all:
            limits = Path(f"/proc/{worker.process.pid}/limits").read_text()
            line = next(x for x in limits.splitlines() if x.startswith("Max address space"))
            assert line.split()[3] == str(300 * 1024 * 1024), line


def test_doubly_true_takes_a_language_or_an_inline_table_never_a_path(client, secret_file):
    path, token = secret_file
    ask = {"kind": "cryptarithm", "seed": 2}
    answer = client.post("/api/generate", json={**ask, "options": {
        "doubly_true": "en", "addends": "2.."}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["puzzles"][0]["text"].endswith(
        ("EIGHTY", "FIFTYONE", "SEVENTY", "SIXTYSIX", "SIXTYONE", "SIXTYNINE", "NINETYONE",
         "SIXTYFIVE", "NINETY"))
    table = ["# my table", *(f"{n} {w}" for n, w in enumerate(
        "ZERO ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN "
        "FOURTEEN FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN TWENTY".split()))]
    answer = client.post("/api/generate", json={**ask, "options": {
        "doubly_true": table, "addends": "3", "repeat": True}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["puzzles"][0]["text"] == "SIX + SEVEN + SEVEN = TWENTY"
    answer = client.post("/api/generate", json={**ask, "options": {"doubly_true": "xx"}})
    assert answer.status_code == 400 and "known: " in answer.json()["error"]
    answer = client.post("/api/generate", json={**ask, "options": {
        "doubly_true": ["1 ONE", "TWO 2"]}})
    assert answer.status_code == 400 and "line 2" in answer.json()["error"]
    answer = client.post("/api/generate", json={**ask, "options": {"doubly_true": str(path)}})
    assert answer.status_code == 400 and token not in answer.text
