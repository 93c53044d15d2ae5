"""One request run as a job, for the batch runner and the web server alike: what
went wrong turned into one `Failure` (`run_guarded`), rendered by the failure
table (`errors.FAILURES`: the batch writes the line into its result line, the
web server into a status and a body; the CLI's guard prints it and exits with
the table's code), and the failures only a pool meets (a worker killed at its
deadline, dead, or none free). Reading and running a request is the operation
table's (`services.operations`). Built only on the kind interface.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from ..budget import Budget
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
    PuzzleError,
    failure_answer,
    failure_line,
    failure_of,
    one_line,
)
from .operations import read_request, run, shown

T = TypeVar("T")
__all__ = ["BUDGET", "BUSY", "DIED", "FAILURES", "GENERATION", "INPUT", "INTERNAL", "KILLED",
           "MEMORY", "RECURSION", "Failure", "failure_answer", "failure_line", "failure_of",
           "one_line"]

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


def run_guarded(work: Callable[[], T]) -> T | Failure:
    """What `work()` returns, or the Failure it raised; never raises (but for
    KeyboardInterrupt and SystemExit)."""
    try:
        return work()
    except Exception as exc:  # noqa: BLE001 - one job's bug must not stop the others
        return failure_of(exc)


# --- one job, on a worker of the batch or of the web ------------------------------------

Answer = tuple[int, Any]
Endpoint = Callable[..., Answer]     # (body, budget) -> (status, answer)


def operation(op: str, body: Any, budget: Any, limits: Any) -> Answer:
    """Operation `op` of the table on a request body (a job line's fields, an API
    body): read as every front end reads one (`operations.read_request`: the
    same checks and words, an unknown field refused), run under the worker's
    budget and the request's own."""
    if not isinstance(body, dict):
        raise PuzzleError(f"the body must be a JSON object, not {shown(body)}")
    request = read_request({**body, "op": op}, limits)
    if request.timeout is not None or request.max_nodes is not None:
        budget = budget.child(nodes=request.max_nodes, seconds=request.timeout)
    return 200, run(request, budget, limits)


def answer(message: dict[str, Any], limits: Any, ops: Mapping[str, Endpoint] | None = None,
           private: bool = False) -> Answer:
    """The answer to one job message (`workers.message`: op, body, seconds):
    `[200, the CLI's JSON object]`, or a failure's status and `{"error": ...}`
    (`private`: an internal error's message goes to the log, not to the answer);
    never raises. `ops`: a front end's own endpoints beside the operations (the
    web's catalog)."""
    op, body, seconds = message["op"], message["body"], message["seconds"]
    budget = Budget(seconds=None if seconds is None else float(seconds))
    own = (ops or {}).get(op)
    outcome = run_guarded(lambda: own(body, budget) if own is not None
                          else operation(op, body, budget, limits))
    if not isinstance(outcome, Failure):
        return outcome
    if private and outcome.reason == INTERNAL:
        import sys
        import traceback
        traceback.print_exception(outcome.error, file=sys.stderr)
    return failure_answer(outcome, private)


def prepare(memory_mb: int | None, kinds: Iterable[str], modules: Iterable[str],
            confine: Callable[[int | None], None] | None = None) -> None:
    """Ready a worker: the modules of run-time kinds (plug-ins) imported, then its
    kinds (every kind when none is named: numberplay imports a kind on first
    use, and a job's budget should be its own), then confined: at most
    `memory_mb` of address space (`confine`: the web's sandbox, which caps it
    too)."""
    import importlib

    from ..errors import NumberplayError
    from ..kinds import all_kinds, get_kind
    from .workers import limit_memory
    kinds = list(kinds)
    for module in modules:
        importlib.import_module(module)
    for name in kinds:
        try:
            get_kind(name)
        except NumberplayError:
            pass        # its jobs fail with the same error
    if not kinds:
        all_kinds()
    (confine or limit_memory)(memory_mb)
