"""A misbehaving web worker for the budget tests: op "hang" never answers,
op "crash" kills the process, op "hog" allocates without bound (under a
256 MiB address-space cap, as a real worker's), op "slow" answers after a second
(time to kill the worker under it); anything else is answered normally."""

from __future__ import annotations

import json
import os
import sys
import time

from numberplay.web import jobs
from numberplay.web.sandbox import limit_memory


def hog(body, budget):
    """Allocate until the cap says no."""
    held = []
    while True:
        held.append(bytearray(8 * 1024 * 1024))


jobs.OPS["hog"] = hog
limit_memory(256)
sys.stdout.write("ready\n")
sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)   # the workers' one message: {"op", "body", "seconds"}
    op, body, seconds = message["op"], message["body"], message["seconds"]
    if body.get("kind") == "hang":
        time.sleep(3600)
    if body.get("kind") == "crash":
        os._exit(3)
    if body.get("kind") == "hog":
        op = "hog"
    if body.get("kind") == "slow":
        time.sleep(1.0)
        body = dict(body, kind="crossset")
    sys.stdout.write(json.dumps(jobs.run_job(op, body, seconds)) + "\n")
    sys.stdout.flush()
