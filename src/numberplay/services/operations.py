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
| generate | size, difficulty, seed, count, puzzle_id | `generate` (`--id`; a kind's enumerating option: `--all`) |

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

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeVar

from ..budget import Budget
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import InlineText, Kind, KindOption, get_kind
from ..model import Generated, Puzzle
from .envelopes import puzzle_from_json, read_json_puzzles

OPS = ("solve", "count", "check", "explain", "hint", "generate")
MAX_COUNT = 100_000     # puzzles of one generate request, at most (the CLI's --count)


class Field:
    """One field of a request, declared once: its JSON type (`bool`, `int`, `float`,
    `str`, or a tuple of them), its bounds (`high` may name a `Limits` cap), its
    default, its help, and the CLI's flag (`flags`: its declarations, the first
    the long one; `inverted`: the flag sets the field false, `--no-search`). The
    CLI makes its click options of it (`cli/puzzles.py`), the web its pydantic
    request models and so the OpenAPI schema (`web/routes.py`). A plain class:
    the CLI imports it on every command."""

    __slots__ = ("default", "flags", "help", "high", "inverted", "low", "metavar", "name",
                 "type")

    def __init__(self, name: str, type: Any, help: str, *, flags: tuple[str, ...] = (),
                 low: int | None = None, high: int | str | None = None, default: Any = None,
                 inverted: bool = False, metavar: str | None = None) -> None:
        self.name, self.type, self.help, self.flags = name, type, help, flags
        self.low, self.high, self.default, self.inverted = low, high, default, inverted
        self.metavar = metavar

    def top(self, limits: Limits) -> int | None:
        """The upper bound under a front end's caps."""
        return getattr(limits, self.high) if isinstance(self.high, str) else self.high

    @property
    def cli_name(self) -> str:
        """The CLI's name of the value (`no_search` for "search")."""
        return self.flags[0].lstrip("-").replace("-", "_") if self.flags else self.name


_LIMIT = "Stop after N solutions (and show up to N)."
FIELDS: dict[str, tuple[Field, ...]] = {
    "solve": (
        Field("all", bool, "Show every solution.", flags=("--all", "-a")),
        Field("count", bool, "Print only the number of solutions.", flags=("--count", "-c")),
        Field("limit", int, _LIMIT, flags=("--limit", "-l"), low=1),
        Field("search", bool, "Use deductions only; print the partial grid where they stall.",
              flags=("--no-search",), inverted=True, default=True),
    ),
    "count": (Field("limit", int, _LIMIT, flags=("--limit", "-l"), low=1),),
    "check": (
        Field("count", bool, "Count every solution (check alone stops at the second).",
              flags=("--count", "-c")),
        Field("limit", int, "With --count: stop counting after N solutions.",
              flags=("--limit", "-l"), low=1),
        Field("why", bool, "Say why: the difficulty and techniques (unique); two "
              "solutions, the true candidates and the fewest givens that mend it (multiple); "
              "a smallest set of clues without solution (none).", flags=("--why",)),
    ),
    "explain": (
        Field("trace", bool, "Show the grid after each step.", flags=("--trace",)),
        Field("search", bool, "Stop where deductions stall instead of guessing.",
              flags=("--no-search",), inverted=True, default=True),
        Field("max_steps", int, "Show at most N steps.", flags=("--max-steps",), low=1),
    ),
    "hint": (
        Field("state", str, "Where you are, in the kind's state format (see the kind's "
              "--help); on the command line a file, '-' for standard input, or the text "
              "itself. Without it, the hint is from the start.", flags=("--state",),
              metavar="STATE"),
        Field("level", int, "1: the technique and the line or column; 2: the cell or letter; "
              "3: the whole step.", flags=("--level",), low=1, high=3, default=3),
    ),
    "generate": (
        Field("size", (str, int), "Puzzle size.", flags=("--size", "-s")),
        Field("difficulty", str, "Difficulty level.", flags=("--difficulty", "-d")),
        Field("count", int, "How many puzzles (default 1; with a kind's enumerating option: "
              "all).", flags=("--count", "-n"), low=1, high="generate"),
        Field("seed", (int, str), "Random seed; the same seed gives the same puzzles "
              "(default: a fresh one, which each puzzle reports with its id).",
              flags=("--seed",)),
        Field("puzzle_id", str, "Make again the one puzzle with this id (printed with every "
              "generated puzzle).", flags=("--id",), metavar="ID"),
    ),
}
# Every op's budget: the CLI's --timeout (a job line's "timeout"; the web's is
# the server's) and --max-nodes.
TIMEOUT = Field("timeout", float, "Stop searching after this many seconds.",
                flags=("--timeout",), low=0)
MAX_NODES = Field("max_nodes", int, "Stop searching after this many search nodes.",
                  flags=("--max-nodes",), low=1)
COMMON_FIELDS = frozenset({"kind", "op", "options", "timeout", "max_nodes"})
_PUZZLE = frozenset({"puzzle", "input"})
OP_FIELDS: dict[str, frozenset[str]] = {
    op: (frozenset() if op == "generate" else _PUZZLE) | {f.name for f in fields}
    for op, fields in FIELDS.items()}
ALL_FIELDS = COMMON_FIELDS.union(*OP_FIELDS.values())
ALLOWED = {op: COMMON_FIELDS | fields | {"id"} for op, fields in OP_FIELDS.items()}
# The CLI command whose kind options (and flags) an op takes.
COMMAND = {"solve": "solve", "count": "solve", "check": "check", "explain": "explain",
           "hint": "hint", "generate": "generate"}
# Each op's fields by name, the budget's too.
SPEC: dict[str, dict[str, Field]] = {
    op: {f.name: f for f in (*fields, TIMEOUT, MAX_NODES)} for op, fields in FIELDS.items()}
# The command's flags a request may also give in "options" (as the web API always
# took them), by their CLI names (`no_search`) or their names (`search`).
FLAGS: dict[str, dict[str, Field]] = {
    op: {**{f.name: f for f in fields}, **{f.cli_name: f for f in fields}}
    for op, fields in FIELDS.items()}


class RequestError(PuzzleError):
    """A request that cannot run as written; the message names the field (its
    `field`, which each front end spells its own way: `--level`, `field 'level'`)."""


class Limits:
    """Every cap of a front end, in one place: solutions listed, steps and puzzles
    generated (None: none), one puzzle per request, whether a file option is
    sent as its text, and the default budgets (seconds per request, per
    generated puzzle). The CLI's and the batch's are here, the web's in
    `web/jobs.py`. (A plain class, as `Outcome`: a dataclass costs start-up,
    docs/architecture.md.)"""

    __slots__ = ("generate", "generate_seconds", "inline_files", "one_puzzle", "seconds",
                 "solutions", "steps")

    def __init__(self, *, solutions: int | None = None, steps: int | None = None,
                 generate: int = MAX_COUNT, one_puzzle: bool = False,
                 inline_files: bool = False, seconds: float | None = None,
                 generate_seconds: float | None = None) -> None:
        self.solutions, self.steps, self.generate = solutions, steps, generate
        self.one_puzzle, self.inline_files = one_puzzle, inline_files
        self.seconds, self.generate_seconds = seconds, generate_seconds


BATCH = Limits()
CLI = Limits(seconds=60.0, generate_seconds=300.0)


class Request:
    """One request, its fields checked. `exact`: count every solution (op count,
    or "count": true on solve and check); `count`: how many puzzles to generate
    (None: one, or with a kind's enumerating option every one); `puzzle_id`: the
    one generated puzzle to make again;
    `options`: the kind's options as given (the command's flags taken out).

    A read-only record whose fields are its attributes (`vars`), given by
    keyword; a plain class, not a dataclass: creating dataclasses is a good part
    of a plain solve's start-up (docs/architecture.md)."""

    kind: str
    op: str
    puzzle: str | dict[str, Any] | None
    limit: int | None
    all: bool
    exact: bool
    search: bool
    trace: bool
    max_steps: int | None
    why: bool
    state: str | None
    level: int | None
    size: str | None
    difficulty: str | None
    seed: int | str | None
    count: int | None
    puzzle_id: str | None
    options: dict[str, Any]
    timeout: float | None
    max_nodes: int | None

    def __init__(self, *, kind: str, op: str, puzzle: str | dict[str, Any] | None = None,
                 limit: int | None = None, all: bool = False, exact: bool = False,
                 search: bool = True, trace: bool = False, max_steps: int | None = None,
                 why: bool = False, state: str | None = None, level: int | None = None,
                 size: str | None = None, difficulty: str | None = None,
                 seed: int | str | None = None, count: int | None = None,
                 puzzle_id: str | None = None, options: dict[str, Any] | None = None, timeout: float | None = None,
                 max_nodes: int | None = None) -> None:
        self.__dict__.update(
            kind=kind, op=op, puzzle=puzzle, limit=limit, all=all, exact=exact, search=search,
            trace=trace, max_steps=max_steps, why=why, state=state, level=level, size=size,
            difficulty=difficulty, seed=seed, count=count, puzzle_id=puzzle_id,
            options={} if options is None else options, timeout=timeout, max_nodes=max_nodes)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({shown})"

    def replace(self: R, **changes: Any) -> R:
        """The same request with some fields changed."""
        return type(self)(**{**vars(self), **changes})

    def budget(self) -> Budget:
        """The request's own budget (its timeout and node cap)."""
        return Budget(nodes=self.max_nodes, seconds=self.timeout)


R = TypeVar("R", bound=Request)


# A file option (a word list) sent inline: at most this many entries (list
# items, or whitespace-separated words of its text); docs/limits.md.
MAX_INLINE_ITEMS = 10_000

def shown(value: Any, width: int = 40) -> str:
    """A bounded slice of a value a request sent, for an error message."""
    import json
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


# --- a request's fields ---------------------------------------------------------------

_TYPE_NAMES: dict[type, str] = {str: "text", int: "a whole number", float: "a number",
                                bool: "true or false", dict: "an object"}


# The Python types of a field's JSON values (a whole number is a number too).
_TYPES: dict[Any, frozenset[type]] = {
    t: frozenset((*(t if isinstance(t, tuple) else (t,)), *((int,) if t is float else ())))
    for t in (bool, int, float, str, (str, int), (int, str))}


def _bound(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def typed(obj: Mapping[str, Any], name: str, types: type | tuple[type, ...],
          error: type[PuzzleError] = PuzzleError) -> Any:
    """Field `name` of a request, None when absent; `error` names it when its JSON
    type is not one of `types` (true and false are never numbers; a whole number
    is a number)."""
    value = obj.get(name)
    if value is None:
        return None
    wanted = types if isinstance(types, tuple) else (types,)
    accepted = (*wanted, int) if float in wanted else wanted
    if isinstance(value, bool) != (bool in wanted) or not isinstance(value, accepted):
        names = " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in wanted)
        raise error(f"must be {names}, not {shown(value)}", field=name)
    return value


def checked(field: Field, value: Any, limits: Limits,
            error: type[PuzzleError] = PuzzleError) -> Any:
    """A field's value checked against its spec: its JSON type, then its bounds
    under a front end's caps. The words are every front end's (`--level must be
    at most 3, not 7` on the CLI, `field 'level' must be at most 3, not 7` in
    JSON)."""
    kind = type(value)
    if kind is str or kind is bool or kind is dict:     # (a value of a JSON type)
        return value if kind in _TYPES[field.type] else typed(
            {field.name: value}, field.name, field.type, error)
    if kind not in _TYPES[field.type]:
        return typed({field.name: value}, field.name, field.type, error)
    top = field.top(limits)
    if field.low is not None and not value >= field.low:     # (NaN too)
        raise error(f"must be at least {_bound(field.low)}, not {_bound(value)}",
                    field=field.name)
    if top is not None and not value <= top:
        raise error(f"must be at most {_bound(top)}, not {_bound(value)}", field=field.name)
    return value


# --- options ------------------------------------------------------------------------------


def check_options(impl: Kind, command: str, given: Mapping[str, Any] | None, *,
                  defaults: bool = False, inline_files: bool = False,
                  error: type[PuzzleError] = PuzzleError) -> dict[str, Any]:
    """The kind options of a request's "options", each checked with
    `KindOption.coerce` against what the CLI's `command KIND` takes (the
    command's own flags were taken out by `read_request`).

    defaults: give every kind option of the command, the declared default for
      those not given (as the CLI passes them);
    inline_files: a file option's value is the file's text (or a list of its
      lines), never a file name (the web server opens no file a request names).
    """
    known = {o.name: o for o in impl.options if command in o.commands}
    kind_opts: dict[str, Any] = ({name: bool(o.default) if o.type is bool else o.default
                                  for name, o in known.items()} if defaults else {})
    for key, value in (given or {}).items():
        name = str(key).lstrip("-").replace("-", "_")
        if name in known and known[name].file and inline_files:
            kind_opts[name] = inline_text(known[name], value, error)
        elif name in known:
            kind_opts[name] = known[name].coerce(value, strict=True, error=error)
        else:
            names = ", ".join(sorted(known)) or "none"
            raise error(f"unknown option {shown(str(key))} for {command} {impl.name} "
                        f"(known: {names})")
    return kind_opts


def inline_text(option: KindOption, value: Any,
                error: type[PuzzleError] = PuzzleError) -> InlineText | None:
    """A file option's value sent in a request: the file's text itself, or a list
    of its lines (e.g. words), never a file name; the kind reads the text as it
    would read the file."""
    if value is None:
        return None
    if isinstance(value, list):
        if not all(isinstance(v, str) and len(v.splitlines()) <= 1 for v in value):
            raise error(f"option {option.name!r} must be a list of one-line strings "
                        "or the text itself")
        items, text = len(value), "\n".join(value)
    elif isinstance(value, str):
        items, text = len(value.split()), value
    else:
        raise error(f"option {option.name!r} must be a list of strings or text, "
                    f"not {shown(value)}")
    if items > MAX_INLINE_ITEMS:
        raise error(f"option {option.name!r} holds {items:,} entries; "
                    f"at most {MAX_INLINE_ITEMS:,} in a request")
    return InlineText(text)


# --- the puzzle ----------------------------------------------------------------------------


def read_puzzles(impl: Kind, puzzle: Any, kind_opts: Mapping[str, Any]) -> list[Puzzle]:
    """The puzzles of a request's "puzzle": its text form (several puzzles when the
    text holds several), numberplay's own JSON lines (what `--format json`, the
    store and batch print), or the JSON object the CLI prints under "puzzle"
    (checked by reading its text form back)."""
    if isinstance(puzzle, dict):
        return [puzzle_from_json(impl, puzzle)]
    if not isinstance(puzzle, str) or not puzzle.strip():
        raise PuzzleError("missing \"puzzle\": give its text or its JSON object")
    found = read_json_puzzles(impl, puzzle, **kind_opts) \
        if puzzle.lstrip().startswith("{") else None      # (JSON: an object a line)
    puzzles = found if found is not None else impl.parse_all(puzzle, **kind_opts)
    if not puzzles:
        raise PuzzleError("the input holds no puzzle")
    return puzzles


# --- reading a request ------------------------------------------------------------------


def read_request(obj: Mapping[str, Any], limits: Limits = BATCH, *,
                 error: type[PuzzleError] = RequestError) -> Request:
    """The request a JSON object stands for (a job line, an API body, the CLI's
    options); `error` names the first field that is wrong. A field no op takes is
    refused, and so is a field the op does not take (other than null). Each
    field is checked once, here, by its spec (`checked`)."""
    op = obj.get("op")
    if op not in OPS:
        raise error(f"must be one of {', '.join(OPS)}, not {shown(op)}", field="op")
    unknown = sorted(set(obj).difference(ALL_FIELDS, ("id",)))
    if unknown:
        raise error(f"unknown field {shown(unknown[0])} "
                    f"(known: {', '.join(sorted(ALL_FIELDS | {'id'}))})")
    allowed = ALLOWED[op]
    stray = sorted(k for k, v in obj.items() if k not in allowed and v is not None)
    if stray:
        raise error(f"does not apply to op {op!r}", field=stray[0])
    kind = obj.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        raise error("must be a kind name", field="kind")
    options = _options_field(obj, error)
    values = _flags(op, options, limits, error)
    values.update({name: checked(field, obj[name], limits, error)
                   for name, field in SPEC[op].items() if obj.get(name) is not None})
    if values.get("puzzle_id") is not None:
        _one_puzzle(values, error)
    generating = op == "generate"
    size = values.get("size")
    return Request(
        kind=kind, op=op, puzzle=_puzzle_field(obj, error), limit=values.get("limit"),
        all=bool(values.get("all")), search=values.get("search", True) is not False,
        exact=op == "count" or (not generating and bool(values.get("count"))),
        trace=bool(values.get("trace")), max_steps=values.get("max_steps"),
        why=bool(values.get("why")), state=values.get("state"), level=values.get("level"),
        size=None if size in (None, "") else str(size),
        difficulty=values.get("difficulty") or None, seed=values.get("seed"),
        count=values.get("count") if generating else None,
        puzzle_id=values.get("puzzle_id"), options=options, timeout=values.get("timeout"),
        max_nodes=values.get("max_nodes"))


def _flags(op: str, options: dict[str, Any], limits: Limits,
           error: type[PuzzleError]) -> dict[str, Any]:
    """The command's flags given in "options" (taken out of them), by field name:
    `{"no_search": true}` is `search` false."""
    values: dict[str, Any] = {}
    for key in list(options):
        name = str(key).lstrip("-").replace("-", "_")
        field = FLAGS[op].get(name)
        if field is None:
            continue
        value = checked(field, options.pop(key), limits, error)
        inverted = field.inverted and name == field.cli_name and isinstance(value, bool)
        values[field.name] = not value if inverted else value
    return values


def _one_puzzle(values: dict[str, Any], error: type[PuzzleError]) -> None:
    """A puzzle id names one puzzle: no size, difficulty, seed or count beside it."""
    beside = [name for name in ("size", "difficulty", "seed", "count")
              if values.get(name) is not None]
    if beside:
        raise error(f"names one puzzle: leave out {', '.join(beside)}", field="puzzle_id")


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


def kind_options(request: Request, limits: Limits = BATCH,
                 error: type[PuzzleError] = RequestError) -> tuple[Kind, dict[str, Any]]:
    """The request's kind and its kind options, checked, with the defaults of those
    not given."""
    impl = get_kind(request.kind)
    kind_opts = check_options(impl, COMMAND[request.op], request.options, defaults=True,
                              inline_files=limits.inline_files, error=error)
    return impl, kind_opts


def run(request: Request, budget: Budget, limits: Limits = BATCH,
        error: type[PuzzleError] = RequestError) -> Any:
    """The CLI's JSON object for one request (a list of them when the puzzle text
    holds several); raises NumberplayError when it fails. A budget that runs out
    is no failure: the answer says what was found, "complete": false and
    "stopped". generate without a seed draws a fresh one, which each puzzle's
    answer carries (its seed and id)."""
    impl, kind_opts = kind_options(request, limits, error)
    if request.op == "generate":
        return generate(impl, request, budget, kind_opts, limits)
    puzzles = read_puzzles(impl, request.puzzle, kind_opts)
    if limits.one_puzzle and len(puzzles) > 1:
        raise PuzzleError(f"the input holds {len(puzzles)} puzzles; send one per request")
    reports = [answer(request, puzzle, budget, limits) for puzzle in puzzles]
    return reports[0] if len(reports) == 1 else reports


class Outcome:
    """One puzzle's answer: its report (the JSON the CLI prints), what ran out
    (the message; None when nothing did), and the value a renderer draws
    (solve, check: the SearchResult; hint: the Hint and the player's position;
    None for the others)."""

    __slots__ = ("found", "report", "stopped")

    def __init__(self, report: dict[str, Any], stopped: str | None = None,
                 found: Any = None) -> None:
        self.report, self.stopped, self.found = report, stopped, found


def answer(request: Request, puzzle: Puzzle, budget: Budget,
           limits: Limits = BATCH) -> dict[str, Any]:
    """The report of one puzzle (`outcome`)."""
    return outcome(request, puzzle, budget, limits).report


def outcome(request: Request, puzzle: Puzzle, budget: Budget,
            limits: Limits = BATCH) -> Outcome:
    """One puzzle's answer; where the budget cut it short, what was found, with
    "complete": false, "stopped" and the "message" that says what ran out."""
    try:
        done = PUZZLE_OPS[request.op](request, puzzle, budget, limits)
    except BudgetExceeded as exc:
        done = STOPPED[request.op](request, puzzle, str(exc))
    if done.stopped is not None:
        done.report.update(complete=False, stopped=done.report.get("stopped") or "budget")
        done.report.setdefault("message", done.stopped)
    return done


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
        return Outcome(report, _explain_stopped(report))
    mode = "count" if request.exact else "all" if request.all else "first"
    limit = _capped(request.limit, limits.solutions)
    if mode == "all" and limit is None:
        limit = limits.solutions
    report, found = solve_report(puzzle, mode=mode, limit=limit, budget=budget)
    return Outcome(report, _search_stopped(found), found)


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
    return Outcome(report, _search_stopped(found), found)


def _explain(request: Request, puzzle: Puzzle, budget: Budget, limits: Limits) -> Outcome:
    """`explain`: the steps a person could follow."""
    from .reports import explain_report
    max_steps = _capped(request.max_steps, limits.steps) or limits.steps
    report = explain_report(puzzle, search=request.search, trace=request.trace, budget=budget,
                            max_steps=max_steps)
    return Outcome(report, _explain_stopped(report))


def _explain_stopped(report: dict[str, Any]) -> str | None:
    return None if report["complete"] else report.get("message") or "search budget exhausted"


def _hint(request: Request, puzzle: Puzzle, budget: Budget, limits: Limits) -> Outcome:
    """`hint`: the next step from the player's position ("state"), at "level" 1-3."""
    from .hints import hint_report, parse_state
    position = parse_state(puzzle, request.state) if request.state is not None else None
    report, found = hint_report(puzzle, position, level=request.level or 3, budget=budget)
    return Outcome(report, None, (found, position))


def _head(puzzle: Puzzle) -> dict[str, Any]:
    return {"kind": puzzle.kind, "puzzle": puzzle.to_json()}


def _nothing_found(request: Request, puzzle: Puzzle, message: str) -> Outcome:
    """solve, count: the budget ran out before any solution was found."""
    if not request.search:
        return _nothing_explained(request, puzzle, message)
    from .search import SearchResult
    report = {**_head(puzzle), "solutions": [], "count": 0, "complete": False,
              "verdict": "unknown"}
    return Outcome(report, message, SearchResult(complete=False, stopped="budget",
                                                 message=message))


def _nothing_checked(request: Request, puzzle: Puzzle, message: str) -> Outcome:
    report = {**_head(puzzle), "count": 0, "complete": False, "verdict": "unknown",
              "text": f"undecided: {message}"}
    return Outcome(report, message)


def _nothing_explained(request: Request, puzzle: Puzzle, message: str) -> Outcome:
    report = {**_head(puzzle), "difficulty": None, "steps": [], "complete": False,
              "partial": False, "verdict": "unknown"}
    return Outcome(report, message)


def _no_hint(request: Request, puzzle: Puzzle, message: str) -> Outcome:
    report = {**_head(puzzle), "state": None, "level": request.level or 3, "wrong": [],
              "hint": None, "text": ""}
    return Outcome(report, message)


# What each op answers when its budget ran out before it had anything to say.
STOPPED = {"solve": _nothing_found, "count": _nothing_found, "check": _nothing_checked,
           "explain": _nothing_explained, "hint": _no_hint}

PUZZLE_OPS = {"solve": _solve, "count": _solve, "check": _check, "explain": _explain,
              "hint": _hint}


def generate(impl: Kind, request: Request, budget: Budget, kind_opts: Mapping[str, Any],
             limits: Limits = BATCH) -> dict[str, Any]:
    """`generate`: the puzzle "puzzle_id" names, made again; every puzzle a kind's
    enumerating option describes (`generate --all`, at most "count"); or puzzles
    0..count-1 of the request's seed, or of a fresh one (each reports its seed
    and id). When the budget runs out, those made before, with "complete":
    false, "stopped" and "message"."""
    from .reports import generate_report
    if request.puzzle_id is not None:
        items, stopped = [again(impl, request.puzzle_id, budget)], None
    elif impl.enumerates(dict(kind_opts)):
        items, stopped = every(impl, request, kind_opts, budget, limits)
    else:
        impl.parse_params(request.size, request.difficulty, **kind_opts)
        items, stopped = make(impl, request, kind_opts, budget.child)
    report = generate_report(impl.name, items)
    if stopped is not None:
        report.update(complete=False, stopped="budget", message=stopped)
    return report


def again(impl: Kind, puzzle_id: str, budget: Budget) -> Generated:
    """The generated puzzle an id names, made again (`generate --id`); the id must
    name a puzzle of this kind."""
    from .generation import regenerate
    one = regenerate(puzzle_id, budget=budget)
    if one.puzzle.kind != impl.name:
        raise PuzzleError(f"the id {puzzle_id!r} names a {one.puzzle.kind} puzzle, "
                          f"not {impl.name}")
    return one


def enumerated(impl: Kind, request: Request, kind_opts: Mapping[str, Any], budget: Budget,
               limits: Limits = BATCH, *, graded: bool = True,
               progress: Callable[[int, int, str], None] | None = None) -> Iterator[Generated]:
    """Every puzzle the kind's enumerating options describe (a word list's `all`),
    lazily, at most "count" (the front end's cap without it), the whole walk
    under one budget; `progress(done, total, status)` as it goes."""
    impl.parse_params(request.size, request.difficulty, **kind_opts)
    return impl.generate_all(difficulty=request.difficulty, budget=budget,
                             limit=request.count or limits.generate, progress=progress,
                             graded=graded, **kind_opts)


def every(impl: Kind, request: Request, kind_opts: Mapping[str, Any], budget: Budget,
          limits: Limits = BATCH) -> tuple[list[Generated], str | None]:
    """The puzzles of an enumerating generation and what ran out (None: nothing)."""
    items: list[Generated] = []
    try:
        for item in enumerated(impl, request, kind_opts, budget, limits):
            items.append(item)
    except BudgetExceeded as exc:
        return items, str(exc)
    return items, None


def make(impl: Kind, request: Request, kind_opts: Mapping[str, Any],
         budget: Callable[[], Budget],
         indices: Callable[[range], Iterable[int]] = iter) -> tuple[list[Generated], str | None]:
    """The puzzles of a generate request and what ran out (None: nothing): puzzle
    i of the request's seed (a fresh one when it gives none), each under
    `budget()` (the table: a share of the request's; the CLI: --timeout each);
    `indices` walks the puzzles (the CLI's progress bar)."""
    from .generation import fresh_seed, generate_one
    seed = request.seed if request.seed is not None else fresh_seed()
    items: list[Generated] = []
    try:
        for i in indices(range(request.count or 1)):
            items.append(generate_one(impl.name, seed=seed, index=i, size=request.size,
                                      difficulty=request.difficulty, budget=budget(),
                                      **kind_opts))
    except BudgetExceeded as exc:
        return items, str(exc)
    return items, None
