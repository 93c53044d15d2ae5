"""One request run as a job, for the batch runner and the web server alike: what
went wrong turned into one `Failure` (`run_guarded`), rendered by the failure
table (`errors.FAILURES`: the batch writes the line into its result line, the
web server into a status and a body; the CLI's guard prints it and exits with
the table's code), and the failures only a pool meets (a worker killed at its
deadline, dead, or none free). Reading and running a request is the operation
table's (`services.operations`). Built only on the kind interface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..errors import (  # the failure table, re-exported: every front end's one rendering
    BUDGET,
    BUSY,
    DIED,
    FAILURES,
    GENERATION,
    INPUT,
    INTERNAL,
    KILLED,
    MEMORY,
    RECURSION,
    Failure,
    failure_line,
    failure_of,
    one_line,
)

T = TypeVar("T")
__all__ = ["BUDGET", "BUSY", "DIED", "FAILURES", "GENERATION", "INPUT", "INTERNAL", "KILLED",
           "MEMORY", "RECURSION", "Failure", "failure_line", "failure_of", "one_line"]

def killed(spent: float, timeout: float) -> Failure:
    """A job whose worker was killed at its deadline (`workers.hard_limit`)."""
    message = f"killed after {spent:.1f} s (limit {timeout:g} s)"
    return Failure(KILLED, message, TimeoutError(message))


def died(how: str, what: str = "the job") -> Failure:
    """A job whose worker process died under it (`how`: its exit code or signal)."""
    message = f"worker process died ({how}) while running {what}"
    return Failure(DIED, message, ChildProcessError(message))


def busy(reason: str) -> Failure:
    """A request shed because every worker is taken (`reason`: why, in a few words)."""
    return Failure(BUSY, reason, ConnectionRefusedError(reason))


def failure_answer(failure: Failure, private: bool = False) -> tuple[int, dict[str, Any]]:
    """The one rendering of a failure, for every front end: the HTTP status and
    `{"error": one line, "stopped": what ran out, if it is that}`. A batch's
    result line carries the same line; the CLI prints it and exits with the
    table's code."""
    said = FAILURES[failure.reason]
    body: dict[str, Any] = {"error": failure_line(failure, private)}
    if said.stopped is not None:
        body["stopped"] = said.stopped
    return said.status, body


def run_guarded(work: Callable[[], T]) -> T | Failure:
    """What `work()` returns, or the Failure it raised; never raises (but for
    KeyboardInterrupt and SystemExit)."""
    try:
        return work()
    except Exception as exc:  # noqa: BLE001 - one job's bug must not stop the others
        return failure_of(exc)
