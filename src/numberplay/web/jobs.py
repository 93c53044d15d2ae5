"""The work behind each API endpoint, run inside a worker process.

Every function takes the request body as plain JSON values and returns
`(status, answer)`: 200 and the object the CLI prints with `--format json`,
400 and `{"error": ...}` for bad input (the CLI's one-line message), 503 when
the time budget ran out. Nothing here imports the web framework, so worker
processes start light; nothing here names a kind. Requests are read, their
options checked and their failures turned into one line by `services.jobs`,
as the batch runner's jobs are.
"""

from __future__ import annotations

import random
import sys
import traceback
from typing import Any

from ..budget import Budget
from ..errors import NumberplayError, PuzzleError
from ..kinds import Kind, get_kind
from ..model import Puzzle
from ..services import jobs, reports, workbench
from ..services.catalog import examples_json, kinds_json
from ..services.jobs import MAX_INLINE_ITEMS, Failure, run_guarded, shown
from .kindfiles import play_info

Answer = tuple[int, Any]

# Caps that keep one answer small: the CLI has none, a server needs them.
MAX_SOLUTIONS = 1000
MAX_GENERATE = 20
MAX_STEPS = 10_000
__all__ = ["MAX_INLINE_ITEMS", "OPS", "error", "one_line", "run_job", "shown"]
# An error message quotes at most this much of what the request sent.
MAX_ERROR_CHARS = 300

# Flags of the CLI commands that the API takes in "options" (beside the kind's own).
COMMAND_FLAGS: dict[str, dict[str, type]] = {
    "solve": {"all": bool, "count": bool, "no_search": bool},
    "check": {},
    "explain": {"trace": bool, "no_search": bool, "max_steps": int},
    "hint": {},
    "generate": {},
}


def one_line(exc: BaseException | str) -> str:
    """An error message on one line, as the CLI prints it, at most MAX_ERROR_CHARS."""
    return jobs.one_line(exc, MAX_ERROR_CHARS)


def error(message: str, status: int = 400, **extra: Any) -> Answer:
    """An error answer."""
    return status, {"error": message, **extra}


# --- reading a request ------------------------------------------------------------


def _impl(body: dict[str, Any]) -> Kind:
    name = body.get("kind")
    if not isinstance(name, str) or not name.strip():
        raise PuzzleError("missing \"kind\" (see GET /api/kinds)")
    return get_kind(name)


def split_options(impl: Kind, command: str,
                  options: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(command flags, kind options) from a request's "options", each checked
    against what the CLI's `command KIND` accepts, with the CLI's types; a file
    option is the file's text, never a name."""
    return jobs.check_options(impl, command, options, flags=COMMAND_FLAGS[command],
                              inline_files=True)


def read_puzzle(impl: Kind, puzzle: Any, kind_opts: dict[str, Any]) -> Puzzle:
    """One puzzle from the request's "puzzle": its text form, or the JSON object
    the CLI prints under "puzzle" (checked by reading its text form back)."""
    puzzles = jobs.read_puzzles(impl, puzzle, kind_opts)
    if len(puzzles) > 1:
        raise PuzzleError(f"the input holds {len(puzzles)} puzzles; send one per request")
    return puzzles[0]


def _limit(body: dict[str, Any]) -> int | None:
    limit = body.get("limit")
    if limit is None:
        return None
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise PuzzleError("\"limit\" must be a whole number of at least 1")
    return limit


# --- the endpoints ------------------------------------------------------------------


def kinds(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay kinds --json` prints, and "play": where the page finds each
    kind's play module."""
    return 200, [dict(row, play=play_info(get_kind(row["name"]))) for row in kinds_json()]


def examples(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay examples [KIND [NAME]] --json` prints."""
    return 200, examples_json(body.get("kind"), body.get("name"))


def solve(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay solve KIND --format json` prints."""
    impl = _impl(body)
    flags, kind_opts = split_options(impl, "solve", body.get("options"))
    puzzle = read_puzzle(impl, body.get("puzzle"), kind_opts)
    limit = _limit(body)
    if flags.get("no_search"):
        return 200, reports.explain_report(puzzle, search=False, budget=budget,
                                           max_steps=MAX_STEPS, grade=False)
    mode = "count" if flags.get("count") else "all" if flags.get("all") else "first"
    if mode == "all":
        limit = min(limit or MAX_SOLUTIONS, MAX_SOLUTIONS)
    elif limit is not None:
        limit = min(limit, MAX_SOLUTIONS)
    report, _ = reports.solve_report(puzzle, mode=mode, limit=limit, budget=budget)
    return 200, report


def check(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay check KIND --format json` prints."""
    impl = _impl(body)
    _, kind_opts = split_options(impl, "check", body.get("options"))
    puzzle = read_puzzle(impl, body.get("puzzle"), kind_opts)
    report, _ = reports.check_report(puzzle, limit=_limit(body), budget=budget)
    if body.get("why") and report["verdict"] != "unknown":
        report.update(workbench.why(puzzle, budget))
    return 200, report


def explain(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay explain KIND --format json` prints."""
    impl = _impl(body)
    flags, kind_opts = split_options(impl, "explain", body.get("options"))
    puzzle = read_puzzle(impl, body.get("puzzle"), kind_opts)
    max_steps = min(flags.get("max_steps") or MAX_STEPS, MAX_STEPS)
    return 200, reports.explain_report(puzzle, search=not flags.get("no_search"),
                                       trace=bool(flags.get("trace")), budget=budget,
                                       max_steps=max_steps)


def hint(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay hint KIND [--state S] [--level L] --format json` prints."""
    impl = _impl(body)
    _, kind_opts = split_options(impl, "hint", body.get("options"))
    puzzle = read_puzzle(impl, body.get("puzzle"), kind_opts)
    state, level = body.get("state"), body.get("level")
    if state is not None and not isinstance(state, str):
        raise PuzzleError("\"state\" must be text in the kind's state format")
    if level is not None and (isinstance(level, bool) or level not in (1, 2, 3)):
        raise PuzzleError("\"level\" must be 1, 2 or 3")
    position = reports.parse_state(puzzle, state) if state is not None else None
    report, _ = reports.hint_report(puzzle, position, level=level or 3, budget=budget)
    return 200, report


def generate(body: dict[str, Any], budget: Budget) -> Answer:
    """What `numberplay generate KIND --format json` prints."""
    impl = _impl(body)
    _, kind_opts = split_options(impl, "generate", body.get("options"))
    count = body.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_GENERATE:
        raise PuzzleError(f"\"count\" must be 1 to {MAX_GENERATE}")
    seed = body.get("seed")
    if seed is None:
        seed = str(random.SystemRandom().randrange(10**9))
    elif not isinstance(seed, str | int) or isinstance(seed, bool):
        raise PuzzleError("\"seed\" must be a number or text")
    size, difficulty = body.get("size"), body.get("difficulty")
    for name, value in (("size", size), ("difficulty", difficulty)):
        if value is not None and not isinstance(value, str):
            raise PuzzleError(f"\"{name}\" must be text")
    generated = [reports.generate_one(impl.name, seed=seed, index=i, size=size or None,
                                      difficulty=difficulty or None, budget=budget.child(),
                                      **kind_opts)
                 for i in range(count)]
    return 200, reports.generate_report(impl.name, generated)


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


OPS = {"kinds": kinds, "describe": describe, "examples": examples, "solve": solve, "check": check,
       "explain": explain, "hint": hint, "generate": generate}


def run_job(op: str, body: dict[str, Any], seconds: float) -> Answer:
    """Run endpoint `op` on `body` within `seconds`; never raises."""
    budget = Budget(seconds=seconds)
    outcome = run_guarded(lambda: OPS[op](body if isinstance(body, dict) else {}, budget))
    return failure_answer(outcome) if isinstance(outcome, Failure) else outcome


def failure_answer(failure: Failure) -> Answer:
    """The status and body of a request that failed."""
    message = one_line(failure.message)
    if failure.reason == jobs.BUDGET:
        return error(f"stopped: {message}", 503, stopped="budget")
    if failure.reason == jobs.GENERATION:
        return error(f"generation failed: {message}", 503)
    if failure.reason == jobs.RECURSION:
        return error("the input is nested too deeply", 400)
    if failure.reason == jobs.MEMORY:
        return error("out of memory: this request needs more than a worker may use", 503,
                     stopped="memory")
    if failure.reason == jobs.INTERNAL:
        # The message could quote anything the code had at hand: the log has it, not the answer.
        traceback.print_exception(failure.error, file=sys.stderr)
        return error(f"internal error ({failure.type_name}); the server's log has the details",
                     500)
    return error(message)
