"""The work behind each API endpoint, run inside a worker process.

Every function takes the request body as plain JSON values and returns
`(status, answer)`: 200 and the object the CLI prints with `--format json`,
400 and `{"error": ...}` for bad input (the CLI's one-line message), 503 when
the time budget ran out. Nothing here imports the web framework, so worker
processes start light; nothing here names a kind.
"""

from __future__ import annotations

import inspect
import json
import random
import sys
import traceback
from typing import Any

from .. import api
from ..budget import Budget
from ..errors import BudgetExceeded, GenerationError, NumberplayError, PuzzleError
from ..kinds import InlineText, Kind, KindOption, get_kind
from ..model import Puzzle
from ..services import reports, workbench
from ..services.catalog import examples_json, kinds_json
from ..services.envelopes import puzzle_from_json
from .kindfiles import play_info

Answer = tuple[int, Any]

# Caps that keep one answer small: the CLI has none, a server needs them.
MAX_SOLUTIONS = 1000
MAX_GENERATE = 20
MAX_STEPS = 10_000
# A file option (a word list) arrives inline: at most this many entries
# (list items, or whitespace-separated words of its text); docs/limits.md.
MAX_INLINE_ITEMS = 10_000
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


def one_line(exc: BaseException) -> str:
    """An error message on one line, as the CLI prints it, at most MAX_ERROR_CHARS."""
    text = " ".join(str(exc).split())
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS - 3] + "..."


def shown(value: Any, width: int = 40) -> str:
    """A bounded slice of a value the request sent, for an error message."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


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
    against what the CLI's `command KIND` accepts, with the CLI's types."""
    flags: dict[str, Any] = {}
    kind_opts: dict[str, Any] = {}
    known_flags = COMMAND_FLAGS[command]
    known_kind = {o.name: o for o in impl.options if command in o.commands}
    for key, value in (options or {}).items():
        name = str(key).lstrip("-").replace("-", "_")
        if name in known_flags:
            flags[name] = _typed(name, value, known_flags[name])
        elif name in known_kind and known_kind[name].file:
            kind_opts[name] = inline_text(known_kind[name], value)
        elif name in known_kind:
            kind_opts[name] = _typed(name, value, known_kind[name].type)
        else:
            known = ", ".join(sorted([*known_flags, *known_kind])) or "none"
            raise PuzzleError(f"unknown option {shown(str(key))} for {command} {impl.name} "
                              f"(known: {known})")
    return flags, kind_opts


def inline_text(option: KindOption, value: Any) -> InlineText | None:
    """A file option's value over the API: the file's text itself, or a list of
    its lines (e.g. words), never a file name. The server opens no file a
    request names; the kind reads the text as it would read the file."""
    if value is None:
        return None
    if isinstance(value, list):
        if not all(isinstance(v, str) and len(v.splitlines()) <= 1 for v in value):
            raise PuzzleError(f"option {option.name!r} must be a list of one-line strings "
                              "or the text itself")
        items, text = len(value), "\n".join(value)
    elif isinstance(value, str):
        items, text = len(value.split()), value
    else:
        raise PuzzleError(f"option {option.name!r} must be a list of strings or text, "
                          f"not {shown(value)}")
    if items > MAX_INLINE_ITEMS:
        raise PuzzleError(f"option {option.name!r} holds {items:,} entries; "
                          f"at most {MAX_INLINE_ITEMS:,} over the API")
    return InlineText(text)


def _typed(name: str, value: Any, typ: type) -> Any:
    if value is None:
        return None
    ok = (isinstance(value, bool) if typ is bool
          else isinstance(value, int) and not isinstance(value, bool) if typ is int
          else isinstance(value, int | float) and not isinstance(value, bool) if typ is float
          else isinstance(value, str))
    if not ok:
        raise PuzzleError(f"option {name!r} must be {typ.__name__}, not {shown(value)}")
    return value


def read_puzzle(impl: Kind, puzzle: Any, kind_opts: dict[str, Any]) -> Puzzle:
    """One puzzle from the request's "puzzle": its text form, or the JSON object
    the CLI prints under "puzzle" (checked by reading its text form back)."""
    if isinstance(puzzle, dict):
        return puzzle_from_json(impl, puzzle)
    if not isinstance(puzzle, str) or not puzzle.strip():
        raise PuzzleError("missing \"puzzle\": give its text or its JSON object")
    puzzles = impl.parse_all(puzzle, **kind_opts)
    if not puzzles:
        raise PuzzleError("the input holds no puzzle")
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
                                           max_steps=MAX_STEPS)
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


def hint_takes_state() -> bool:
    """Does the installed hint function take the player's position (`state`, `level`)?"""
    return "state" in inspect.signature(api.hint).parameters


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
    report_of = getattr(reports, "hint_report", None)
    state_of = getattr(reports, "parse_state", None)
    if hint_takes_state() and report_of is not None and state_of is not None:
        # Hints from the player's position: the CLI's own report.
        position = state_of(puzzle, state) if state is not None else None
        report, _ = report_of(puzzle, position, level=level or 3, budget=budget)
        return 200, report
    answer: dict[str, Any] = {"kind": impl.name, "puzzle": puzzle.to_json()}
    if hint_takes_state():
        found = api.hint(puzzle, state=state, level=level or 3, budget=budget)
    else:
        # Hints from the player's position have not landed: the first step.
        found = api.hint(puzzle, budget=budget)
        if state is not None:
            answer["from_start"] = True
    answer["hint"] = found.to_json() if found is not None else None
    return 200, answer


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
    try:
        return OPS[op](body if isinstance(body, dict) else {}, budget)
    except PuzzleError as exc:
        return error(one_line(exc))
    except BudgetExceeded as exc:
        return error(f"stopped: {one_line(exc)}", 503, stopped="budget")
    except GenerationError as exc:
        return error(f"generation failed: {one_line(exc)}", 503)
    except NumberplayError as exc:
        return error(one_line(exc))
    except RecursionError:
        return error("the input is nested too deeply", 400)
    except MemoryError:
        return error("out of memory: this request needs more than a worker may use", 503,
                     stopped="memory")
    except Exception as exc:  # noqa: BLE001 - one request's bug must not take the server down
        # The message could quote anything the code had at hand: the log has it, not the answer.
        traceback.print_exc(file=sys.stderr)
        return error(f"internal error ({type(exc).__name__}); the server's log has the details",
                     500)
