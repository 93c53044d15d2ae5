"""A misbehaving web worker for the budget tests: op "hang" never answers,
op "crash" kills the process; anything else is answered normally."""

from __future__ import annotations

import json
import os
import sys
import time

from numberplay.web.jobs import run_job

sys.stdout.write("ready\n")
sys.stdout.flush()
for line in sys.stdin:
    op, body, seconds = json.loads(line)
    if body.get("kind") == "hang":
        time.sleep(3600)
    if body.get("kind") == "crash":
        os._exit(3)
    sys.stdout.write(json.dumps(run_job(op, body, seconds)) + "\n")
    sys.stdout.flush()
