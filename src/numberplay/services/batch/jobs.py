"""Batch jobs: reading a JSONL jobs file and running one job, for any kind.

A job is one JSON object per line (see docs/batch.md): a request of the
operation table (`services.operations`: solve, count, check, explain, hint,
generate, with the fields an API request has) and its `id`. A worker gets it
as every worker gets its work (`message_of`: `services.workers.message`) and
answers `[status, body]` (`handle`, the one job function of the process pool
and of Dask, which never raises); `result_line` makes of that answer the result
line `{"id", "ok": true, "result": ...}`, whose result is the object the CLI
prints with `--format json`, or `{"id", "ok": false, "error": ...}` (the line
`services.jobs.failure_answer` renders for the web too). The puzzle is `puzzle`
(as in the API; `input`, its first name, is still read).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import jobs
from ..jobs import Answer, Failure, failure_answer, one_line, run_guarded
from ..operations import ALL_FIELDS, BATCH, OP_FIELDS, OPS, Request, RequestError, read_request
from ..workers import message

JobId = str | int
Result = dict[str, Any]

__all__ = ["ALL_FIELDS", "JOBS", "OPS", "OP_FIELDS", "Entry", "Job", "JobError", "error_result",
           "handle", "id_key", "import_plugins", "job_from_json", "message_of",
           "ok_result", "prepare", "read_entries", "result_line", "run_job"]

JOBS = __name__     # the jobs module a batch worker serves (`services.workers.worker_command`)

MAX_ID_CHARS = 500
JobError = RequestError   # a job line that cannot run as written; the message names the field


class Job(Request):
    """One validated job: its request, its id, its line in the jobs file and the
    JSON object it was read from (`source`, sent to the worker that runs it, which
    reads it as every front end reads a request). `timeout` is the effective one
    (the job's own or the batch's). A record as `Request` is (its fields are
    `vars(job)`)."""

    id: JobId
    line: int
    source: dict[str, Any]

    def __init__(self, *, id: JobId, line: int = 0, source: dict[str, Any] | None = None,
                 **fields: Any) -> None:
        super().__init__(**fields)
        self.__dict__.update(id=id, line=line, source=source or {})


@dataclass(frozen=True)
class Entry:
    """A line of the jobs file: a job to run, or a result already decided (a bad line)."""

    id: JobId
    line: int
    job: Job | None = None
    failed: Result | None = None


def id_key(job_id: JobId) -> str:
    """A key that tells ids apart by type too (5 and "5" are different ids)."""
    return json.dumps(job_id)


def ok_result(job_id: JobId, result: Any) -> Result:
    """A successful result line."""
    return {"id": job_id, "ok": True, "result": result}


def error_result(job_id: JobId, message: str) -> Result:
    """A failed result line; the message is kept on one line."""
    return {"id": job_id, "ok": False, "error": one_line(message)}


# -- reading the jobs file ---------------------------------------------------------

def usable_id(value: Any) -> bool:
    """Is `value` an id we can keep: a non-blank string or an integer?"""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, str) and bool(value.strip()) and len(value) <= MAX_ID_CHARS


def read_entries(lines: Iterable[bytes]) -> Iterator[Entry]:
    """One entry per job line (blank and `#` lines skipped), with unique ids."""
    seen: dict[str, int] = {}
    for no, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(b"#"):
            continue
        obj, problem = _decode(stripped)
        given = obj.get("id") if isinstance(obj, dict) else None
        job_id: JobId | None = given if usable_id(given) else None
        if job_id is not None and id_key(job_id) in seen:
            problem = problem or f"duplicate id {job_id!r} (first on line {seen[id_key(job_id)]})"
            job_id = None
        if job_id is None:
            job_id = _fallback_id(no, seen)
            if problem is None and isinstance(obj, dict) and "id" in obj:
                problem = "field 'id' must be a non-blank string or an integer"
        seen[id_key(job_id)] = no
        if problem is None:
            try:
                job = job_from_json(obj, job_id, no)
            except JobError as exc:
                problem = str(exc)
            else:
                yield Entry(job_id, no, job=job)
                continue
        yield Entry(job_id, no, failed=error_result(job_id, f"line {no}: {problem}"))


def _decode(raw: bytes) -> tuple[Any, str | None]:
    """(the JSON object, None) or (None, what is wrong with the line)."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 (byte {exc.start + 1})"
    except json.JSONDecodeError as exc:
        return None, f"malformed JSON at column {exc.colno}: {exc.msg}"
    except RecursionError:
        return None, "malformed JSON: nested too deeply"
    except ValueError as exc:  # a number longer than Python's int string limit
        return None, f"malformed JSON: {' '.join(str(exc).split())[:120]}"
    if not isinstance(obj, dict):
        return None, f"a job must be a JSON object, not {type(obj).__name__}"
    return obj, None


def _fallback_id(no: int, seen: dict[str, int]) -> str:
    """`line-N`, made unique against the ids already seen."""
    candidate, n = f"line-{no}", 1
    while id_key(candidate) in seen:
        n += 1
        candidate = f"line-{no}-{n}"
    return candidate


def job_from_json(obj: dict[str, Any], job_id: JobId, line: int = 0) -> Job:
    """Validate one job object; JobError names the first field that is wrong."""
    request = read_request(obj)
    source = {k: v for k, v in obj.items() if k != "id"}
    return Job(id=job_id, line=line, source=source, **vars(request))


# -- running one job ----------------------------------------------------------------

def import_plugins(modules: Iterable[str]) -> None:
    """Import the modules that register run-time kinds (for fresh worker processes)."""
    for module in modules:
        importlib.import_module(module)


# Ready a batch worker: its plug-ins and kinds imported, its memory capped.
prepare = jobs.prepare


def message_of(job: Job) -> dict[str, Any]:
    """The message that runs a job on a worker: the job's JSON object as it was
    read, and its effective timeout as the budget."""
    return message(job.op, job.source, job.timeout)


def handle(sent: dict[str, Any]) -> Answer:
    """The answer to one job's message (`services.jobs.answer`, under the batch's
    limits): `[200, the CLI's JSON object]` or a failure's; never raises."""
    return jobs.answer(sent, BATCH)


def result_line(job_id: JobId, answer: Any) -> Result:
    """The result line of a job from its worker's answer."""
    status, body = answer
    if status == 200:
        return ok_result(job_id, body)
    return error_result(job_id, body["error"])


def run_job(job: Job, plugins: tuple[str, ...] = ()) -> Result:
    """The result line of one job, run here (`handle`: a Dask task runs it so);
    never raises."""
    loaded = run_guarded(lambda: import_plugins(plugins))
    if isinstance(loaded, Failure):
        return error_result(job.id, failure_text(loaded))
    return result_line(job.id, handle(message_of(job)))


def failure_text(failure: Failure) -> str:
    """The error of a failed job's result line (`failure_answer`'s line)."""
    return failure_answer(failure)[1]["error"]

