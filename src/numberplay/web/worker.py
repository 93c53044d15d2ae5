"""A worker process of the web server: `python -m numberplay.web.worker [MEMORY_MB]`.

Talks as every worker does (`services.workers.serve`): one JSON request per
line on stdin (`[op, body, seconds]`), one JSON answer per line on stdout
(`[status, answer]`), until stdin closes. Before its first job it confines
itself (`sandbox.confine`): no file but its own code, no process, no
connection, at most MEMORY_MB of address space.
"""

from __future__ import annotations

import signal
import sys
from typing import Any

from ..kinds import all_kinds
from ..services.workers import serve
from .jobs import Answer, error, run_job
from .sandbox import confine

DEFAULT_MEMORY_MB = 1024


def memory_cap(argv: list[str]) -> int | None:
    """The memory cap (MB) from the command line; 0 means none."""
    if len(argv) > 1 and argv[1].isdigit():
        return int(argv[1]) or None
    return DEFAULT_MEMORY_MB


def handle(message: Any) -> Answer:
    """The answer to one `[op, body, seconds]` message."""
    op, body, seconds = message
    return run_job(op, body, float(seconds))


def unsendable(message: Any, exc: BaseException) -> Answer:
    """The answer when the message could not be read or its answer not sent."""
    if message is None:
        return error("internal error: unreadable job", 500)
    if isinstance(exc, MemoryError | RecursionError):
        return error("out of memory: the answer is too large to send", 503, stopped="memory")
    return error(f"internal error ({type(exc).__name__}): the answer is not plain JSON", 500)


def main() -> None:
    """Serve requests from stdin until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's business
    all_kinds()   # numberplay imports a kind on first use; a worker imports them all now
    confine(memory_cap(sys.argv))
    serve(handle, unsendable)


if __name__ == "__main__":
    main()
