"""A worker process of the batch runner:
`python -m numberplay.services.batch.worker [--memory MB] [--kinds K,...] [PLUGIN_MODULE ...]`.

Talks as every worker does (`services.workers.serve`): one job per line on
stdin (its fields, as `Job` holds them), its result line on stdout, until stdin
closes (the batch process is done, or gone: no other process holds its pipes).
Where it can, the pool forks its workers instead (`forked`: they start at once,
with the batch process's imports); they talk the same way. It imports the modules that register
run-time kinds (plug-ins) and the kinds of its batch first (so a job's budget
is its own), and caps its own memory when asked.
"""

from __future__ import annotations

import signal
import sys
from typing import IO, Any

from ...errors import NumberplayError
from ...kinds import get_kind
from ..workers import limit_memory, serve
from .jobs import Job, Result, error_result, import_plugins, run_job


def handle(message: dict[str, Any]) -> Result:
    """The result line of one job."""
    return run_job(Job(**message))


def unsendable(message: Any, exc: BaseException) -> Result:
    """The result line when the job could not be read or its result not sent."""
    if message is None:
        return error_result("?", f"internal error: unreadable job: {exc}")
    return error_result(message.get("id", "?"), f"internal error: result is not JSON: {exc}")


def forked(inp: IO[str], out: IO[str], memory_mb: int | None = None) -> None:
    """A worker forked from the batch process (it has the kinds imported already)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    limit_memory(memory_mb)
    serve(handle, unsendable, inp, out)


def main(argv: list[str]) -> None:
    """Serve jobs from stdin until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the batch process's business
    args = list(argv)
    if args[:1] == ["--memory"]:
        limit_memory(int(args[1]) or None)
        args = args[2:]
    kinds = args[1].split(",") if args[:1] == ["--kinds"] else []
    args = args[2:] if kinds else args
    import_plugins(args)
    for name in kinds:
        try:
            get_kind(name)
        except NumberplayError:
            pass        # its jobs fail with the same error
    serve(handle, unsendable)


if __name__ == "__main__":
    main(sys.argv[1:])
