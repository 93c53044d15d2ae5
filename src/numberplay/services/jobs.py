"""One request run as a job, for the batch runner and the web server alike.

Both read a JSON object, check its fields and the kind's options the same way
(`KindOption.coerce`, strict: a JSON value must already have the option's type),
read the puzzle from its text or its JSON object, run under a budget, and turn
whatever went wrong into one line (`run_guarded` → `Failure`). The batch writes
the failure into its result line, the web server into a status and a body.
Built only on the kind interface: no kind is named here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
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
    PuzzleError,
    failure_line,
    failure_of,
    one_line,
)
from ..kinds import InlineText, Kind, KindOption
from ..model import Puzzle
from .envelopes import puzzle_from_json

T = TypeVar("T")
__all__ = ["BUDGET", "BUSY", "DIED", "FAILURES", "GENERATION", "INPUT", "INTERNAL", "KILLED",
           "MEMORY", "RECURSION", "Failure", "failure_line", "failure_of", "one_line"]

# A file option (a word list) sent inline: at most this many entries (list
# items, or whitespace-separated words of its text); docs/limits.md.
MAX_INLINE_ITEMS = 10_000

def shown(value: Any, width: int = 40) -> str:
    """A bounded slice of a value a request sent, for an error message."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


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


# --- a request's fields ---------------------------------------------------------------

_TYPE_NAMES: dict[type, str] = {str: "a string", int: "an integer", float: "a number",
                                bool: "true or false"}


def typed(obj: Mapping[str, Any], name: str, types: type | tuple[type, ...],
          error: type[PuzzleError] = PuzzleError) -> Any:
    """Field `name` of a request, None when absent; `error` names it when its JSON
    type is not one of `types` (true and false are never numbers)."""
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        value_ok = False
    else:
        value_ok = isinstance(value, types)
    if not value_ok:
        wanted = types if isinstance(types, tuple) else (types,)
        names = " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in wanted)
        raise error(f"field {name!r} must be {names}")
    return value


def positive(obj: Mapping[str, Any], name: str, top: int | None = None,
             error: type[PuzzleError] = PuzzleError) -> int | None:
    """A whole-number field of at least 1 (and at most `top`), or None."""
    value = typed(obj, name, int, error)
    if value is not None and (value < 1 or (top is not None and value > top)):
        bound = f"between 1 and {top}" if top else "at least 1"
        raise error(f"field {name!r} must be {bound}, not {value}")
    return value


def flag(obj: Mapping[str, Any], name: str, default: bool,
         error: type[PuzzleError] = PuzzleError) -> bool:
    """A true/false field, `default` when absent."""
    value = typed(obj, name, bool, error)
    return default if value is None else bool(value)


def seconds(obj: Mapping[str, Any], name: str,
            error: type[PuzzleError] = PuzzleError) -> float | None:
    """A positive number of seconds, or None."""
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise error(f"field {name!r} must be a positive number of seconds")
    return float(value)


# --- options ------------------------------------------------------------------------------


def check_options(impl: Kind, command: str, given: Mapping[str, Any] | None, *,
                  flags: Mapping[str, type] | None = None, defaults: bool = False,
                  inline_files: bool = False,
                  error: type[PuzzleError] = PuzzleError) -> tuple[dict[str, Any], dict[str, Any]]:
    """(command flags, kind options) of a request's "options", each checked with
    `KindOption.coerce` against what the CLI's `command KIND` takes.

    flags: the command's own flags a request may set there (name -> type);
    defaults: give every kind option of the command, the declared default for
      those not given (as the CLI passes them);
    inline_files: a file option's value is the file's text (or a list of its
      lines), never a file name (the web server opens no file a request names).
    """
    known_flags = dict(flags or {})
    known = {o.name: o for o in impl.options if command in o.commands}
    found_flags: dict[str, Any] = {}
    kind_opts: dict[str, Any] = ({name: bool(o.default) if o.type is bool else o.default
                                  for name, o in known.items()} if defaults else {})
    for key, value in (given or {}).items():
        name = str(key).lstrip("-").replace("-", "_")
        if name in known_flags:
            found_flags[name] = KindOption(name, "", type=known_flags[name]).coerce(
                value, strict=True, error=error)
        elif name in known and known[name].file and inline_files:
            kind_opts[name] = inline_text(known[name], value, error)
        elif name in known:
            kind_opts[name] = known[name].coerce(value, strict=True, error=error)
        else:
            names = ", ".join(sorted([*known_flags, *known])) or "none"
            raise error(f"unknown option {shown(str(key))} for {command} {impl.name} "
                        f"(known: {names})")
    return found_flags, kind_opts


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
    text holds several), or the JSON object the CLI prints under "puzzle"
    (checked by reading its text form back)."""
    if isinstance(puzzle, dict):
        return [puzzle_from_json(impl, puzzle)]
    if not isinstance(puzzle, str) or not puzzle.strip():
        raise PuzzleError("missing \"puzzle\": give its text or its JSON object")
    puzzles = impl.parse_all(puzzle, **kind_opts)
    if not puzzles:
        raise PuzzleError("the input holds no puzzle")
    return puzzles
