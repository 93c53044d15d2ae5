"""The operation table: what a request may ask for, with which fields, and the
answer it gets, for every front end that runs requests as jobs — the batch
runner (a job line, on the process pool or on Dask) and the web server (an API
request body). A job line and an API request with the same fields get the same
answer, and it is the object `numberplay COMMAND KIND --format json` prints.

| op | fields beside kind, op, options, timeout, max_nodes | the CLI |
|---|---|---|
| solve | puzzle, limit, all, count, search | `solve` (`--limit --all --count --no-search`) |
| count | puzzle, limit | `solve --count` |
| check | puzzle, limit, count, why | `check` (`--limit --count --why`) |
| explain | puzzle, trace, search, max_steps | `explain` (`--trace --no-search --max-steps`) |
| hint | puzzle, state, level | `hint` (`--state --level`) |
| generate | size, difficulty, seed, count | `generate` |

`options` holds the kind's own options (checked with `KindOption.coerce`) and
may also hold the command's flags by their CLI names (`all`, `count`,
`no_search`, `trace`, `max_steps`), as the web API always took them. A front
end differs only in its `Limits` (caps that keep a server's answers small, one
puzzle per request). A budget that runs out is never a failure: the answer
says what was found, `"complete": false` and `"stopped"`. A failure is said
by one table (`services.jobs.FAILURES`). Built only on the kind interface: no
kind is named here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..budget import Budget
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import Kind, KindOption, get_kind
from ..model import Puzzle
from .jobs import check_options, flag, positive, read_puzzles, seconds, shown, typed

OPS = ("solve", "count", "check", "explain", "hint", "generate")
COMMON_FIELDS = frozenset({"kind", "op", "options", "timeout", "max_nodes"})
_PUZZLE = frozenset({"puzzle", "input"})
OP_FIELDS: dict[str, frozenset[str]] = {
    "solve": _PUZZLE | {"limit", "all", "count", "search"},
    "count": _PUZZLE | {"limit"},
    "check": _PUZZLE | {"limit", "count", "why"},
    "explain": _PUZZLE | {"trace", "search", "max_steps"},
    "hint": _PUZZLE | {"state", "level"},
    "generate": frozenset({"size", "difficulty", "seed", "count"}),
}
ALL_FIELDS = COMMON_FIELDS.union(*OP_FIELDS.values())
# The CLI command whose kind options (and flags) an op takes.
COMMAND = {"solve": "solve", "count": "solve", "check": "check", "explain": "explain",
           "hint": "hint", "generate": "generate"}
# The command's flags a request may give in "options", by their CLI names.
FLAGS: dict[str, dict[str, type]] = {
    "solve": {"all": bool, "count": bool, "no_search": bool},
    "count": {},
    "check": {"count": bool},
    "explain": {"trace": bool, "no_search": bool, "max_steps": int},
    "hint": {},
    "generate": {},
}
MAX_COUNT = 100_000     # puzzles of one generate request, at most


class RequestError(PuzzleError):
    """A request that cannot run as written; the message names the field."""


@dataclass(frozen=True)
class Limits:
    """What a front end allows beyond the CLI: caps on solutions listed, steps
    and puzzles generated (None: none), one puzzle per request, and whether a
    file option is sent as its text."""

    solutions: int | None = None
    steps: int | None = None
    generate: int = MAX_COUNT
    one_puzzle: bool = False
    inline_files: bool = False


BATCH = Limits()


@dataclass(frozen=True)
class Request:
    """One request, its fields checked. `exact`: count every solution (op count,
    or "count": true on solve and check); `count`: how many puzzles to generate;
    `options`: the kind's options as given (the command's flags taken out)."""

    kind: str
    op: str
    puzzle: str | dict[str, Any] | None = None
    limit: int | None = None
    all: bool = False
    exact: bool = False
    search: bool = True
    trace: bool = False
    max_steps: int | None = None
    why: bool = False
    state: str | None = None
    level: int | None = None
    size: str | None = None
    difficulty: str | None = None
    seed: int | str | None = None
    count: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    timeout: float | None = None
    max_nodes: int | None = None

    def budget(self) -> Budget:
        """The request's own budget (its timeout and node cap)."""
        return Budget(nodes=self.max_nodes, seconds=self.timeout)


# --- reading a request ------------------------------------------------------------------


def read_request(obj: Mapping[str, Any], limits: Limits = BATCH, *, strict: bool = True,
                 error: type[PuzzleError] = RequestError) -> Request:
    """The request a JSON object stands for; `error` names the first field that is
    wrong. `strict`: a field the op does not take (other than null) is an error
    (a job line); else it is ignored (an API body, whose model already chose)."""
    op = obj.get("op")
    if op not in OPS:
        raise error(f"field 'op' must be one of {', '.join(OPS)}, not {shown(op)}")
    allowed = COMMON_FIELDS | OP_FIELDS[op]
    if strict:
        unknown = sorted(set(obj) - ALL_FIELDS - {"id"})
        if unknown:
            raise error(f"unknown field {shown(unknown[0])} "
                        f"(known: {', '.join(sorted(ALL_FIELDS | {'id'}))})")
        stray = sorted(k for k, v in obj.items() if k not in allowed | {"id"} and v is not None)
        if stray:
            raise error(f"field {stray[0]!r} does not apply to op {op!r}")
    else:
        obj = {k: v for k, v in obj.items() if k in allowed}
    kind = obj.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        raise error("field 'kind' must be a kind name")
    options = _options_field(obj, error)
    flags: dict[str, Any] = {}     # the command's flags given in "options", by CLI name
    for key in list(options):
        name = str(key).lstrip("-").replace("-", "_")
        if name in FLAGS[op]:
            flags[name] = _flag_value(name, options.pop(key), FLAGS[op][name], error)
    generating = op == "generate"
    if not generating and obj.get("count") is not None and not isinstance(obj["count"], bool):
        raise error("field 'count' must be true or false (a number of puzzles: op generate)")
    return Request(
        kind=kind, op=op,
        puzzle=_puzzle_field(obj, error),
        limit=positive(obj, "limit", error=error),
        all=flag(obj, "all", bool(flags.get("all")), error),
        exact=op == "count" or (not generating and flag(obj, "count", bool(flags.get("count")),
                                                         error)),
        search=flag(obj, "search", not flags.get("no_search"), error),
        trace=flag(obj, "trace", bool(flags.get("trace")), error),
        max_steps=positive(obj, "max_steps", error=error) or flags.get("max_steps"),
        why=flag(obj, "why", False, error),
        state=typed(obj, "state", str, error),
        level=positive(obj, "level", 3, error),
        size=None if obj.get("size") in (None, "") else str(typed(obj, "size", (str, int), error)),
        difficulty=typed(obj, "difficulty", str, error) or None,
        seed=typed(obj, "seed", (int, str), error),
        count=(positive(obj, "count", limits.generate, error) or 1) if generating else 1,
        options=options,
        timeout=seconds(obj, "timeout", error),
        max_nodes=positive(obj, "max_nodes", error=error),
    )


def _flag_value(name: str, value: Any, wanted: type, error: type[PuzzleError]) -> Any:
    """A command flag given in "options", checked as the CLI's option."""
    return KindOption(name, "", type=wanted).coerce(value, strict=True, error=error)


def _puzzle_field(obj: Mapping[str, Any], error: type[PuzzleError]) -> str | dict[str, Any] | None:
    """The puzzle: `puzzle` (its text or its JSON object) or `input`, its first
    name in job lines (text), not both."""
    if obj.get("puzzle") is not None and obj.get("input") is not None:
        raise error("give the puzzle in 'puzzle' or in 'input' (its older name), not both")
    if obj.get("puzzle") is not None:
        return typed(obj, "puzzle", (str, dict), error)
    return typed(obj, "input", str, error)


def _options_field(obj: Mapping[str, Any], error: type[PuzzleError]) -> dict[str, Any]:
    value = obj.get("options")
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise error("field 'options' must be an object of kind options")
    return dict(value)


# --- running one ---------------------------------------------------------------------------


def run(request: Request, budget: Budget, limits: Limits = BATCH,
        error: type[PuzzleError] = RequestError) -> Any:
    """The CLI's JSON object for one request (a list of them when the puzzle text
    holds several); raises NumberplayError when it fails. A budget that runs out
    is no failure: the answer says what was found, "complete": false and
    "stopped". generate without a seed draws a fresh one, which each puzzle's
    answer carries (its seed and id)."""
    impl = get_kind(request.kind)
    _, kind_opts = check_options(impl, COMMAND[request.op], request.options, defaults=True,
                                 inline_files=limits.inline_files, error=error)
    if request.op == "generate":
        return generate(impl, request, budget, kind_opts)
    puzzles = read_puzzles(impl, request.puzzle, kind_opts)
    if limits.one_puzzle and len(puzzles) > 1:
        raise PuzzleError(f"the input holds {len(puzzles)} puzzles; send one per request")
    reports = [answer(request, puzzle, budget, limits) for puzzle in puzzles]
    return reports[0] if len(reports) == 1 else reports


def fresh_seed() -> str:
    """A seed for a generation that was given none (the answer reports it)."""
    import random
    return str(random.SystemRandom().randrange(10**9))


def answer(request: Request, puzzle: Puzzle, budget: Budget,
           limits: Limits = BATCH) -> dict[str, Any]:
    """The report of one puzzle; where the budget cut it short, what was found,
    with "complete": false, "stopped" and the "message" that says what ran out."""
    try:
        report, stopped = PUZZLE_OPS[request.op](request, puzzle, budget, limits)
    except BudgetExceeded as exc:
        report, stopped = STOPPED[request.op](request, puzzle, str(exc)), str(exc)
    if stopped is not None:
        report.update(complete=False, stopped=report.get("stopped") or "budget")
        report.setdefault("message", stopped)
    return report


Outcome = tuple[dict[str, Any], str | None]   # (report, what ran out, if it did)


def _capped(value: int | None, cap: int | None) -> int | None:
    return value if cap is None or value is None else min(value, cap)


def _solve(request: Request, puzzle: Puzzle, budget: Budget, limits: Limits) -> Outcome:
    """`solve`: the first solution (two looked for), every one, or the count; with
    "search": false, how far deductions go (`solve --no-search`)."""
    from .reports import explain_report, solve_report
    if not request.search:
        report = explain_report(puzzle, search=False, budget=budget,
                                max_steps=_capped(request.max_steps, limits.steps) or limits.steps,
                                grade=False)
        return report, _explain_stopped(report)
    mode = "count" if request.exact else "all" if request.all else "first"
    limit = _capped(request.limit, limits.solutions)
    if mode == "all" and limit is None:
        limit = limits.solutions
    report, found = solve_report(puzzle, mode=mode, limit=limit, budget=budget)
    return report, _search_stopped(found)


def _search_stopped(found: Any) -> str | None:
    """What ran out, when the search stopped on its budget."""
    return (found.message or "search budget exhausted") if found.stopped == "budget" else None


def _check(request: Request, puzzle: Puzzle, budget: Budget, limits: Limits) -> Outcome:
    """`check`: unique, multiple solutions or none (the search stops at the second
    solution), or with "count"/"limit" how many; "why": what `check --why` adds."""
    from .reports import check_report
    counting = request.exact or request.limit is not None
    report, found = check_report(puzzle, limit=request.limit, budget=budget, decide=not counting)
    if request.why and found.verdict != "unknown":
        from .workbench import why
        report.update(why(puzzle, budget))
    return report, _search_stopped(found)


def _explain(request: Request, puzzle: Puzzle, budget: Budget, limits: Limits) -> Outcome:
    """`explain`: the steps a person could follow."""
    from .reports import explain_report
    max_steps = _capped(request.max_steps, limits.steps) or limits.steps
    report = explain_report(puzzle, search=request.search, trace=request.trace, budget=budget,
                            max_steps=max_steps)
    return report, _explain_stopped(report)


def _explain_stopped(report: dict[str, Any]) -> str | None:
    return None if report["complete"] else report.get("message") or "search budget exhausted"


def _hint(request: Request, puzzle: Puzzle, budget: Budget, limits: Limits) -> Outcome:
    """`hint`: the next step from the player's position ("state"), at "level" 1-3."""
    from .hints import hint_report, parse_state
    position = parse_state(puzzle, request.state) if request.state is not None else None
    report, _ = hint_report(puzzle, position, level=request.level or 3, budget=budget)
    return report, None


def _head(puzzle: Puzzle) -> dict[str, Any]:
    return {"kind": puzzle.kind, "puzzle": puzzle.to_json()}


def _nothing_found(request: Request, puzzle: Puzzle, message: str) -> dict[str, Any]:
    """solve, count: the budget ran out before any solution was found."""
    if not request.search:
        return _nothing_explained(request, puzzle, message)
    return {**_head(puzzle), "solutions": [], "count": 0, "complete": False,
            "verdict": "unknown"}


def _nothing_checked(request: Request, puzzle: Puzzle, message: str) -> dict[str, Any]:
    return {**_head(puzzle), "count": 0, "complete": False, "verdict": "unknown",
            "text": f"undecided: {message}"}


def _nothing_explained(request: Request, puzzle: Puzzle, message: str) -> dict[str, Any]:
    return {**_head(puzzle), "difficulty": None, "steps": [], "complete": False,
            "partial": False, "verdict": "unknown"}


def _no_hint(request: Request, puzzle: Puzzle, message: str) -> dict[str, Any]:
    return {**_head(puzzle), "state": None, "level": request.level or 3, "wrong": [],
            "hint": None, "text": ""}


# What each op answers when its budget ran out before it had anything to say.
STOPPED = {"solve": _nothing_found, "count": _nothing_found, "check": _nothing_checked,
           "explain": _nothing_explained, "hint": _no_hint}

PUZZLE_OPS = {"solve": _solve, "count": _solve, "check": _check, "explain": _explain,
              "hint": _hint}


def generate(impl: Kind, request: Request, budget: Budget,
             kind_opts: Mapping[str, Any]) -> dict[str, Any]:
    """`generate`: puzzles 0..count-1 of the request's seed, or of a fresh one (each
    reports its seed and id); when the budget runs out, those made before."""
    from .generation import generate_one
    from .reports import generate_report
    seed = request.seed if request.seed is not None else fresh_seed()
    items: list[Any] = []
    try:
        for i in range(request.count):
            items.append(generate_one(impl.name, seed=seed, index=i, size=request.size,
                                      difficulty=request.difficulty, budget=budget.child(),
                                      **kind_opts))
    except BudgetExceeded as exc:
        return {**generate_report(impl.name, items), "complete": False, "stopped": "budget",
                "message": str(exc)}
    return generate_report(impl.name, items)
