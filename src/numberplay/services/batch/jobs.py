"""Batch jobs: reading a JSONL jobs file and running one job, for any kind.

A job is one JSON object per line (see docs/batch.md); `run_job` turns it into
a result line `{"id", "ok": true, "result": ...}` whose result is the object
the CLI prints with `--format json`, or `{"id", "ok": false, "error": ...}`.
`run_job` never raises: it runs in worker processes and on Dask workers.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...budget import Budget
from ...errors import BudgetExceeded, NumberplayError, PuzzleError
from ...kinds import Kind, get_kind
from ...model import Puzzle
from ..generation import generate_one
from ..reports import check_report, explain_report, generate_report, solve_report

JobId = str | int
Result = dict[str, Any]

OPS = ("solve", "count", "check", "explain", "generate")
COMMON_FIELDS = frozenset({"id", "kind", "op", "options", "timeout", "max_nodes"})
OP_FIELDS: dict[str, frozenset[str]] = {
    "solve": frozenset({"input", "limit", "all"}),
    "count": frozenset({"input", "limit"}),
    "check": frozenset({"input", "limit"}),
    "explain": frozenset({"input", "trace", "search", "max_steps"}),
    "generate": frozenset({"size", "difficulty", "seed", "count"}),
}
ALL_FIELDS = COMMON_FIELDS.union(*OP_FIELDS.values())
# The CLI command whose kind options a job's op takes.
CLI_COMMAND = {"solve": "solve", "count": "solve", "check": "check", "explain": "explain",
               "generate": "generate"}
MAX_COUNT = 100_000
MAX_ID_CHARS = 500


class JobError(NumberplayError):
    """A job line that cannot run as written; the message names the field."""


@dataclass(frozen=True)
class Job:
    """One validated job. `timeout` is the effective one (job's own or the batch's)."""

    id: JobId
    kind: str
    op: str
    line: int = 0
    input: str | None = None
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


def one_line(message: str) -> str:
    """The message with its whitespace runs (newlines too) folded to single spaces."""
    return " ".join(str(message).split()) or "error"


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
        input=_typed(obj, "input", str),
        limit=_positive(obj, "limit"),
        all=_flag(obj, "all", False),
        size=None if obj.get("size") is None else str(_typed(obj, "size", (str, int))),
        difficulty=_typed(obj, "difficulty", str),
        seed=_typed(obj, "seed", (int, str)),
        count=_positive(obj, "count", MAX_COUNT) or 1,
        trace=_flag(obj, "trace", False),
        search=_flag(obj, "search", True),
        max_steps=_positive(obj, "max_steps"),
        options=_options_field(obj),
        timeout=_seconds(obj, "timeout"),
        max_nodes=_positive(obj, "max_nodes"),
    )


_TYPE_NAMES = {str: "a string", int: "an integer"}


def _typed(obj: dict[str, Any], name: str, types: type | tuple[type, ...]) -> Any:
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, types):
        wanted = types if isinstance(types, tuple) else (types,)
        names = " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in wanted)
        raise JobError(f"field {name!r} must be {names}")
    return value


def _positive(obj: dict[str, Any], name: str, top: int | None = None) -> int | None:
    value = _typed(obj, name, int)
    if value is not None and (value < 1 or (top is not None and value > top)):
        bound = f"between 1 and {top}" if top else "at least 1"
        raise JobError(f"field {name!r} must be {bound}, not {value}")
    return value


def _flag(obj: dict[str, Any], name: str, default: bool) -> bool:
    value = obj.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise JobError(f"field {name!r} must be true or false")
    return value


def _seconds(obj: dict[str, Any], name: str) -> float | None:
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise JobError(f"field {name!r} must be a positive number of seconds")
    return float(value)


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
    values checked against `impl.options`, the declared defaults for the rest."""
    known = {o.name: o for o in impl.options if command in o.commands}
    checked = {name: (bool(o.default) if o.type is bool else o.default)
               for name, o in known.items()}
    for name, value in given.items():
        option = known.get(name) or known.get(str(name).replace("-", "_"))
        if option is None:
            names = ", ".join(sorted(known)) or "none"
            raise JobError(f"unknown option {name!r} for {impl.name} (options: {names})")
        checked[option.name] = _option_value(option.name, option.type, value)
    return checked


def _option_value(name: str, kind_type: type, value: Any) -> Any:
    """`value` as the option's type (int, float, bool or str); JobError otherwise."""
    if value is None:
        return None
    if kind_type is bool:
        ok = isinstance(value, bool)
    elif kind_type is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind_type is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
    else:
        ok = isinstance(value, str | int | float) and not isinstance(value, bool)
        value = str(value) if ok else value
    if not ok:
        raise JobError(f"option {name!r} must be {getattr(kind_type, '__name__', kind_type)}")
    return value


def import_plugins(modules: Iterable[str]) -> None:
    """Import the modules that register run-time kinds (for fresh worker processes)."""
    for module in modules:
        importlib.import_module(module)


def run_job(job: Job, plugins: tuple[str, ...] = ()) -> Result:
    """The result line of one job; never raises."""
    try:
        import_plugins(plugins)
        return ok_result(job.id, execute(job))
    except NumberplayError as exc:
        return error_result(job.id, _error_text(exc))
    except RecursionError:
        return error_result(job.id, "internal error: recursion too deep")
    except MemoryError:
        return error_result(job.id, "internal error: out of memory")
    except Exception as exc:  # a kind's bug must not stop the batch
        return error_result(job.id, f"internal error: {type(exc).__name__}: {exc}")


def _error_text(exc: NumberplayError) -> str:
    if isinstance(exc, BudgetExceeded):
        return f"out of budget: {exc}"
    return str(exc)


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
    puzzles = impl.parse_all(job.input, **options)
    if not puzzles:
        raise PuzzleError("the input holds no puzzle")
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

