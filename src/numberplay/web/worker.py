"""A worker process of the web server: `python -m numberplay.web.worker [MEMORY_MB]`.

Reads one JSON request per line on stdin (`[op, body, seconds]`) and writes
one JSON answer per line on stdout (`[status, answer]`), until stdin closes.
Before its first job it confines itself (`sandbox.confine`): no file but its
own code, no process, no connection, at most MEMORY_MB of address space.
"""

from __future__ import annotations

import json
import signal
import sys

from ..kinds import all_kinds
from .jobs import error, run_job
from .sandbox import confine

DEFAULT_MEMORY_MB = 1024


def memory_cap(argv: list[str]) -> int | None:
    """The memory cap (MB) from the command line; 0 means none."""
    if len(argv) > 1 and argv[1].isdigit():
        return int(argv[1]) or None
    return DEFAULT_MEMORY_MB


def main() -> None:
    """Serve requests from stdin until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's business
    all_kinds()   # numberplay imports a kind on first use; a worker imports them all now
    confine(memory_cap(sys.argv))
    out = sys.stdout
    out.write("ready\n")  # imports done: the first job's budget is its own
    out.flush()
    for line in sys.stdin:
        try:
            op, body, seconds = json.loads(line)
            answer = run_job(op, body, float(seconds))
        except (ValueError, TypeError):
            answer = error("internal error: unreadable job", 500)
        try:
            text = json.dumps(answer, ensure_ascii=True, separators=(",", ":"))
        except (MemoryError, RecursionError, ValueError, TypeError):
            text = json.dumps(error("out of memory: the answer is too large to send", 503,
                                    stopped="memory"))
        out.write(text + "\n")
        out.flush()


if __name__ == "__main__":
    main()
