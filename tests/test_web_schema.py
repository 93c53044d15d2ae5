"""The API against its own OpenAPI description: schemathesis, every check but
positive_data_acceptance, server errors included, against a real `numberplay
serve` (issues 25, 45). The settings (tests/schemathesis.toml) say why a
schema-valid body may still get 400; a budget that runs out (here 3 s) is a 200
answer that says "complete": false, never a 503.

NUMBERPLAY_SCHEMA_EXAMPLES sets the examples per operation (default 8: about
40 s here, most of it the coverage phase)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("schemathesis", reason="schemathesis is not installed (pip install '.[test]')")

HERE = Path(__file__).resolve().parent
RUN = "from schemathesis.cli import schemathesis; schemathesis()"


def test_every_answer_is_described_and_schemathesis_passes(tmp_path):
    from web_server import Server

    count = os.environ.get("NUMBERPLAY_SCHEMA_EXAMPLES", "8")
    server = Server("--timeout", "3", workers=2)
    try:
        schema = server.get("/openapi.json")
        for path, item in schema["paths"].items():
            for method, operation in item.items():
                codes = set(operation["responses"])
                assert {"200", "400", "413", "500", "503"} <= codes, (method, path, codes)
                # bad input is a 400; 422 only where no puzzle can be made as asked
                assert ("422" in codes) == (path == "/api/generate"), (method, path, codes)
        # one bundled puzzle of every kind as an example body: schemathesis sends
        # them first, so real answers are checked against their schemas too
        kinds = {k["name"] for k in server.get("/api/kinds")}
        examples = schema["components"]["schemas"]["SolveBody"]["examples"]
        assert {e["kind"] for e in examples} == kinds
        run = subprocess.run(
            [sys.executable, "-c", RUN, "--config-file", str(HERE / "schemathesis.toml"), "run",
             server.url + "/openapi.json", "--checks", "all", "--exclude-checks", "positive_data_acceptance",
             "--max-examples", count,
             "--workers", "1", "--no-color", "--seed", "26",
             "--suppress-health-check", "all"],
            cwd=tmp_path, capture_output=True, text=True, timeout=280)
    finally:
        code, out, err = server.stop()
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "passed" in run.stdout
    assert "Traceback" not in err, err[-3000:]
