"""A misbehaving web worker for the budget tests: op "hang" never answers (it
waits for a signal), op "crash" kills the process, op "hog" allocates without
bound (under a 256 MiB address-space cap, as a real worker's); anything else is
answered normally, within a budget of its own (a loaded machine does not make it
run out).

Op "slow", with a FIFO's path as the first argument: the first worker given one
writes "busy" to the FIFO and waits for a signal (the test kills it then, no
sleep needed to know the request is running); a later one, the fresh worker the
request runs again on, answers it. The worker solves a puzzle before it says it
is ready, so its first request imports nothing."""

from __future__ import annotations

import json
import os
import signal
import sys

from numberplay.web import jobs
from numberplay.web.sandbox import limit_memory


def hog(body, budget):
    """Allocate until the cap says no."""
    held = []
    while True:
        held.append(bytearray(8 * 1024 * 1024))


jobs.OPS["hog"] = hog
limit_memory(256)
jobs.run_job("solve", {"kind": "crossset", "puzzle": "12 12\n12 2"}, 60.0)   # warm
FIFO = sys.argv[1] if len(sys.argv) > 1 else None
sys.stdout.write("ready\n")
sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)   # the workers' one message: {"op", "body", "seconds"}
    op, body, seconds = message["op"], message["body"], message["seconds"]
    if body.get("kind") == "hang":
        while True:
            signal.pause()
    if body.get("kind") == "crash":
        os._exit(3)
    if body.get("kind") == "hog":
        op = "hog"
    if body.get("kind") == "slow":
        body = dict(body, kind="crossset")
        if FIFO and not os.path.exists(FIFO + ".told"):
            open(FIFO + ".told", "w").close()
            with open(FIFO, "w") as told:     # the test waits for this line
                told.write("busy\n")
            while True:
                signal.pause()
    if op != "hog":
        seconds = max(seconds, 60.0)
    sys.stdout.write(json.dumps(jobs.run_job(op, body, seconds)) + "\n")
    sys.stdout.flush()
