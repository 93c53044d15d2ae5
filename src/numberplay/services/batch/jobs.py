"""Batch jobs: reading a JSONL jobs file and running one job, for any kind.

A job is one JSON object per line (see docs/batch.md); `run_job` turns it into
a result line `{"id", "ok": true, "result": ...}` whose result is the object
the CLI prints with `--format json`, or `{"id", "ok": false, "error": ...}`.
`run_job` never raises: it runs in worker processes and on Dask workers.
Fields, options and failures are checked as the web server checks them
(`services.jobs`). The puzzle is `puzzle` (as in the API; `input`, its first
name, is still read).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...budget import Budget
from ...errors import BudgetExceeded, PuzzleError
from ...kinds import Kind, get_kind
from ...model import Puzzle
from ..generation import generate_one
from ..jobs import (
    BUDGET,
    INTERNAL,
    MEMORY,
    RECURSION,
    Failure,
    check_options,
    flag,
    one_line,
    positive,
    read_puzzles,
    run_guarded,
    seconds,
    typed,
)
from ..reports import check_report, explain_report, generate_report, solve_report

JobId = str | int
Result = dict[str, Any]

OPS = ("solve", "count", "check", "explain", "generate")
COMMON_FIELDS = frozenset({"id", "kind", "op", "options", "timeout", "max_nodes"})
OP_FIELDS: dict[str, frozenset[str]] = {
    "solve": frozenset({"puzzle", "input", "limit", "all"}),
    "count": frozenset({"puzzle", "input", "limit"}),
    "check": frozenset({"puzzle", "input", "limit"}),
    "explain": frozenset({"puzzle", "input", "trace", "search", "max_steps"}),
    "generate": frozenset({"size", "difficulty", "seed", "count"}),
}
ALL_FIELDS = COMMON_FIELDS.union(*OP_FIELDS.values())
# The CLI command whose kind options a job's op takes.
CLI_COMMAND = {"solve": "solve", "count": "solve", "check": "check", "explain": "explain",
               "generate": "generate"}
MAX_COUNT = 100_000
MAX_ID_CHARS = 500


class JobError(PuzzleError):
    """A job line that cannot run as written; the message names the field."""


@dataclass(frozen=True)
class Job:
    """One validated job. `timeout` is the effective one (job's own or the batch's)."""

    id: JobId
    kind: str
    op: str
    line: int = 0
    puzzle: str | dict[str, Any] | None = None
    limit: int | None = None
    all: bool = False
    size: str | None = None
    difficulty: str | None = None
    seed: int | str | None = None
    count: int = 1
    trace: bool = False
    search: bool = True
    max_steps: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    timeout: float | None = None
    max_nodes: int | None = None


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
    unknown = sorted(set(obj) - ALL_FIELDS)
    if unknown:
        raise JobError(f"unknown field {unknown[0]!r} (known: {', '.join(sorted(ALL_FIELDS))})")
    op = obj.get("op")
    if op not in OPS:
        raise JobError(f"field 'op' must be one of {', '.join(OPS)}, not {op!r}")
    allowed = COMMON_FIELDS | OP_FIELDS[op]
    stray = sorted(k for k, v in obj.items() if k not in allowed and v is not None)
    if stray:
        raise JobError(f"field {stray[0]!r} does not apply to op {op!r}")
    kind = obj.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        raise JobError("field 'kind' must be a kind name")
    return Job(
        id=job_id, kind=kind, op=op, line=line,
        puzzle=_puzzle_field(obj),
        limit=positive(obj, "limit", error=JobError),
        all=flag(obj, "all", False, JobError),
        size=None if obj.get("size") is None else str(typed(obj, "size", (str, int), JobError)),
        difficulty=typed(obj, "difficulty", str, JobError),
        seed=typed(obj, "seed", (int, str), JobError),
        count=positive(obj, "count", MAX_COUNT, JobError) or 1,
        trace=flag(obj, "trace", False, JobError),
        search=flag(obj, "search", True, JobError),
        max_steps=positive(obj, "max_steps", error=JobError),
        options=_options_field(obj),
        timeout=seconds(obj, "timeout", JobError),
        max_nodes=positive(obj, "max_nodes", error=JobError),
    )


def _puzzle_field(obj: dict[str, Any]) -> str | dict[str, Any] | None:
    """The job's puzzle: `puzzle` (its text or its JSON object) or `input`, its
    first name (text), not both."""
    if obj.get("puzzle") is not None and obj.get("input") is not None:
        raise JobError("give the puzzle in 'puzzle' or in 'input' (its older name), not both")
    if obj.get("puzzle") is not None:
        return typed(obj, "puzzle", (str, dict), JobError)
    return typed(obj, "input", str, JobError)


def _options_field(obj: dict[str, Any]) -> dict[str, Any]:
    value = obj.get("options")
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise JobError("field 'options' must be an object of kind options")
    return dict(value)


# -- running one job ----------------------------------------------------------------

def kind_options(impl: Kind, given: dict[str, Any], command: str) -> dict[str, Any]:
    """Every kind option of a CLI command, as the CLI passes them: the job's
    values checked (`KindOption.coerce`), the declared defaults for the rest."""
    return check_options(impl, command, given, defaults=True, error=JobError)[1]


def import_plugins(modules: Iterable[str]) -> None:
    """Import the modules that register run-time kinds (for fresh worker processes)."""
    for module in modules:
        importlib.import_module(module)


def run_job(job: Job, plugins: tuple[str, ...] = ()) -> Result:
    """The result line of one job; never raises."""
    def work() -> Any:
        import_plugins(plugins)
        return execute(job)
    outcome = run_guarded(work)
    if isinstance(outcome, Failure):
        return error_result(job.id, failure_text(outcome))
    return ok_result(job.id, outcome)


def failure_text(failure: Failure) -> str:
    """The error of a failed job's result line."""
    if failure.reason == BUDGET:
        return f"out of budget: {failure.message}"
    if failure.reason == RECURSION:
        return "internal error: recursion too deep"
    if failure.reason == MEMORY:
        return "internal error: out of memory"
    if failure.reason == INTERNAL:
        return f"internal error: {failure.type_name}: {failure.message}"
    return failure.message


def execute(job: Job) -> Any:
    """The CLI's JSON object for one job; raises NumberplayError when the job fails.

    An input holding several puzzles gives a list of objects, one per puzzle
    (the CLI prints them one per line).
    """
    impl = get_kind(job.kind)
    budget = Budget(nodes=job.max_nodes, seconds=job.timeout)
    if job.op == "generate":
        return _generate(impl, job, budget)
    options = kind_options(impl, job.options, CLI_COMMAND[job.op])
    puzzles = read_puzzles(impl, job.puzzle, options)
    reports = [_puzzle_report(job, puzzle, budget) for puzzle in puzzles]
    return reports[0] if len(reports) == 1 else reports


def _puzzle_report(job: Job, puzzle: Puzzle, budget: Budget) -> dict[str, Any]:
    """The solve/count/check/explain report of one puzzle; BudgetExceeded if undecided."""
    if job.op == "explain":
        report = explain_report(puzzle, search=job.search, trace=job.trace, budget=budget,
                                max_steps=job.max_steps)
        if not report["complete"]:
            raise BudgetExceeded(report.get("message") or "search budget exhausted")
        return report
    if job.op == "check":
        report, found = check_report(puzzle, limit=job.limit, budget=budget)
    else:
        mode = "count" if job.op == "count" else ("all" if job.all else "first")
        report, found = solve_report(puzzle, mode=mode, limit=job.limit, budget=budget)
    if found.stopped == "budget":
        raise BudgetExceeded(found.message)
    return report


def _generate(impl: Kind, job: Job, budget: Budget) -> dict[str, Any]:
    """The generate report of a job: puzzles 0..count-1 of its seed (default: its id)."""
    options = kind_options(impl, job.options, CLI_COMMAND[job.op])
    seed = job.seed if job.seed is not None else job.id
    items = [generate_one(impl.name, seed=seed, index=i, size=job.size,
                          difficulty=job.difficulty, budget=budget, **options)
             for i in range(job.count)]
    return generate_report(impl.name, items)

