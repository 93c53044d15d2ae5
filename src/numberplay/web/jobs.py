"""The work behind each API endpoint, run inside a worker process.

Every function takes the request body as plain JSON values and returns
`(status, answer)`: 200 and the object the CLI prints with `--format json`,
400 and `{"error": ...}` for bad input (the CLI's one-line message), 503 when
the time budget ran out. Nothing here imports the web framework, so worker
processes start light; nothing here names a kind. The puzzle endpoints are the
operation table's (`services.operations`: the same fields, checks and answers
as a batch job line), under the server's `LIMITS`; failures are rendered by
`services.jobs.failure_answer`, as the batch's are.
"""

from __future__ import annotations

from typing import Any

from .. import errors
from ..budget import Budget
from ..errors import NumberplayError
from ..kinds import get_kind
from ..services import jobs, operations
from ..services.catalog import examples_json, kinds_json
from ..services.operations import MAX_INLINE_ITEMS, shown
from .kindfiles import play_info

Answer = tuple[int, Any]

# Caps that keep one answer small: the CLI has none, a server needs them.
MAX_SOLUTIONS = 1000
MAX_GENERATE = 20
MAX_STEPS = 10_000
LIMITS = operations.Limits(solutions=MAX_SOLUTIONS, steps=MAX_STEPS, generate=MAX_GENERATE,
                           one_puzzle=True, inline_files=True, seconds=10.0)
__all__ = ["JOBS", "MAX_INLINE_ITEMS", "OPS", "handle", "one_line", "prepare", "run_job",
           "shown"]
JOBS = __name__     # the jobs module a web worker serves (`services.workers.worker_command`)
# An error message quotes at most this much of what the request sent (every
# front end's bound, `errors.MAX_ERROR_CHARS`).
MAX_ERROR_CHARS = errors.MAX_ERROR_CHARS

# Flags of the CLI commands that the API takes in "options" (beside the kind's own).
COMMAND_FLAGS: dict[str, dict[str, operations.Field]] = operations.FLAGS


def one_line(exc: BaseException | str) -> str:
    """An error message on one line, as every front end says it (`errors.one_line`)."""
    return errors.one_line(exc)


# --- the endpoints ------------------------------------------------------------------


def kinds(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay kinds --json` prints, and "play": where the page finds each
    kind's play module."""
    return 200, [dict(row, play=play_info(get_kind(row["name"]))) for row in kinds_json()]


def examples(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay examples [KIND [NAME]] --json` prints."""
    return 200, examples_json(body.get("kind"), body.get("name"))


def describe(body: dict[str, Any], budget: Budget) -> Answer:
    """For the OpenAPI description (the server asks once at start-up; no endpoint
    sends this op): every kind's names, and one bundled puzzle of each kind as an
    example request body."""
    names = [n for row in kinds_json() for n in (row["name"], *row["aliases"])]
    puzzles: list[dict[str, Any]] = []
    seen: set[str] = set()
    for row in examples_json(None, None):
        if row["kind"] in seen:
            continue
        try:
            text = examples_json(row["kind"], row["name"])["text"]
            if len(get_kind(row["kind"]).parse_all(text)) == 1:
                puzzles.append({"kind": row["kind"], "puzzle": text})
                seen.add(row["kind"])
        except NumberplayError:
            continue
    return 200, {"kinds": names, "puzzles": puzzles}


# The web's own endpoints beside the operations of the table (`services.jobs.operation`).
OPS = {"kinds": kinds, "describe": describe, "examples": examples}


def prepare(memory_mb: int | None, kinds: Any = (), modules: Any = ()) -> None:
    """Ready a web worker (`services.jobs.prepare`): every kind imported, then
    confined (`sandbox.confine`: no file but its code, no process, no
    connection, at most `memory_mb` of address space)."""
    from .sandbox import confine
    jobs.prepare(memory_mb, kinds, modules, confine)


def handle(message: dict[str, Any]) -> Answer:
    """The answer to one message (`services.jobs.answer` under the server's
    `LIMITS`; an internal error's message goes to the log, not to the client)."""
    return run_job(message["op"], message["body"], message["seconds"])


def run_job(op: str, body: Any, seconds: float) -> Answer:
    """Run endpoint `op` on `body` within `seconds`; never raises."""
    status, answer = jobs.answer({"op": op, "body": body, "seconds": seconds}, LIMITS, OPS,
                                 private=True)
    return status, (answer if status == 200 else dict(answer, error=one_line(answer["error"])))
