"""Errors numberplay raises.

Anything a user can cause by typing a bad puzzle is a `PuzzleError`: the CLI
prints its message on one line and exits 2. Running out of a search budget is
`BudgetExceeded`, which is not the user's fault and is reported, not hidden.

And how every front end says a failure: one table (`FAILURES`), reason ->
HTTP status, the CLI's exit code, the words (`failure_line`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable


class NumberplayError(Exception):
    """Base class of every error numberplay raises on purpose."""


class PuzzleError(NumberplayError, ValueError):
    """The puzzle text or options are malformed; the message says what and where."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 where: str | None = None, field: str | None = None) -> None:
        self.reason = message
        self.line = line
        self.column = column
        self.where = where
        self.field = field      # a request's field the message is about (`failure_line`)
        prefix = [f"field {field!r}"] if field is not None else []
        if line is not None:
            prefix.append(f"line {line}")
        if column is not None:
            prefix.append(f"column {column}")
        if where:
            prefix.append(where)
        if field is not None:
            super().__init__(f"{prefix[0]} {message}")
            return
        super().__init__(f"{', '.join(prefix)}: {message}" if prefix else message)


class UnknownKind(PuzzleError):
    """The kind name is not registered."""


class BudgetExceeded(NumberplayError):
    """A search ran out of its node or time budget before it finished."""

    def __init__(self, message: str = "search budget exhausted", *, nodes: int = 0,
                 seconds: float = 0.0) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.found = 0  # solutions counted before the budget ran out, where known
        super().__init__(message)


class OutputError(NumberplayError):
    """An output file could not be written (the disk is full, a quota, an I/O
    error): the user's to fix, not a bug. The message names the file; the CLI
    prints it on one line and exits 74."""


class GenerationError(NumberplayError):
    """A generator could not produce a puzzle that meets the request within its budget."""


# --- the failure table --------------------------------------------------------------

# Why a job failed (`Failure.reason`).
INPUT = "input"            # the request is wrong: PuzzleError and the like
BUDGET = "budget"          # the time or node budget ran out where no answer could be had
GENERATION = "generation"  # no puzzle could be made as asked
RECURSION = "recursion"    # nested too deeply to follow
MEMORY = "memory"          # more memory than a worker may use
INTERNAL = "internal"      # a bug
KILLED = "killed"          # still running at its deadline: its worker was killed
DIED = "died"              # its worker process died while running it
BUSY = "busy"              # every worker was taken: shed, to be sent again later
OUTPUT = "output"          # an output could not be written (the disk is full)
INTERRUPTED = "interrupted"  # Ctrl-C
NOT_FOUND = "not found"    # no such page or file (the web's 404)
TOO_LARGE = "too large"    # a request larger than a front end reads (the web's 413)

# Exit codes of the command line (the README's table).
EXIT_OK = 0
EXIT_NONE = 1
EXIT_BAD_INPUT = 2
EXIT_UNDECIDED = 3
EXIT_MULTIPLE = 4
EXIT_PARTIAL = 5
EXIT_INTERNAL = 70
EXIT_OUTPUT = 74        # an output could not be written (disk full): sysexits' EX_IOERR
EXIT_INTERRUPTED = 130


# Every exit code of the command line and what it means: the results of a
# puzzle command (0, 1, 3, 4, 5), then the failures' codes (`FAILURES`). `--help`
# and the README's table list them.
EXIT_CODES: dict[int, str] = {
    EXIT_OK: "solved (for check: unique)",
    EXIT_NONE: "no solution",
    EXIT_BAD_INPUT: "bad input or a bad option value (one line on stderr)",
    EXIT_UNDECIDED: "a time or node budget ran out before anything was decided "
                    "(what was found is still printed)",
    EXIT_MULTIPLE: "check and explain: more than one solution",
    EXIT_PARTIAL: "--no-search: deductions stalled; the partial grid was printed",
    EXIT_INTERNAL: "internal error (a bug)",
    EXIT_OUTPUT: "an output could not be written (the disk or a quota is full)",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C)",
}


def exit_codes_help() -> str:
    """The exit codes as --help shows them (click keeps the lines as they are)."""
    return "\b\nExit codes:\n" + "\n".join(
        f"  {code:>3}  {words}" for code, words in EXIT_CODES.items())


class Said:
    """How every front end says one reason of failure: the HTTP status, the CLI's
    exit code, the words before the message (`{type}`: the error's class name;
    "": the message alone, which the CLI leads with "error:"), what ran out
    ("stopped"), and a fixed message said instead of the error's own. (Plain
    classes here: a dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("exit", "fixed", "status", "stopped", "words")

    def __init__(self, status: int, exit: int, words: str = "", stopped: str | None = None,
                 fixed: str | None = None) -> None:
        self.status, self.exit, self.words = status, exit, words
        self.stopped, self.fixed = stopped, fixed


# The failure table: one reason, one status, one exit code, one set of words.
# A budget that runs out while an operation runs is no failure: the operation's
# document says what was found, "complete": false (`services.operations`).
FAILURES: dict[str, Said] = {
    INPUT: Said(400, EXIT_BAD_INPUT),
    RECURSION: Said(400, EXIT_BAD_INPUT, fixed="the input is nested too deeply"),
    GENERATION: Said(422, EXIT_UNDECIDED, "generation failed"),
    BUDGET: Said(503, EXIT_UNDECIDED, "out of budget", "budget"),
    KILLED: Said(503, EXIT_UNDECIDED, "timeout", "budget"),
    MEMORY: Said(503, EXIT_INTERNAL, "out of memory", "memory",
                 "this request needs more than a worker may use"),
    BUSY: Said(503, EXIT_UNDECIDED, "server busy", "busy"),
    DIED: Said(500, EXIT_INTERNAL),
    OUTPUT: Said(500, EXIT_OUTPUT),
    INTERRUPTED: Said(503, EXIT_INTERRUPTED, fixed="interrupted"),
    NOT_FOUND: Said(404, EXIT_BAD_INPUT, fixed="not found"),
    TOO_LARGE: Said(413, EXIT_BAD_INPUT),
    INTERNAL: Said(500, EXIT_INTERNAL, "internal error ({type})"),
}


# An error line quotes at most this much (of what a request sent, say), on every
# front end: the CLI's stderr, a batch result's "error", the web's "error".
MAX_ERROR_CHARS = 300


def one_line(message: object, limit: int | None = MAX_ERROR_CHARS) -> str:
    """The message with its whitespace runs (newlines too) folded to single spaces,
    control characters shown as escapes, at most `limit` characters ("..." when
    cut; None: no limit). The one formatter of an error line, for every front end."""
    text = " ".join(str(message).split()) or "error"
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if limit is not None and len(text) > limit:
        text = text[:limit - 3] + "..."
    return text


class Failure:
    """A job that failed: why (`INPUT`, `BUDGET`, ...), the error's message on one
    line, and the error itself (for a log)."""

    __slots__ = ("error", "message", "reason")

    def __init__(self, reason: str, message: str, error: BaseException) -> None:
        self.reason, self.message, self.error = reason, message, error

    def __repr__(self) -> str:
        return f"Failure({self.reason!r}, {self.message!r}, {self.error!r})"

    @property
    def type_name(self) -> str:
        """The error's class name."""
        return type(self.error).__name__


def failure_of(exc: BaseException) -> Failure:
    """The failure an exception raised by a job stands for."""
    if isinstance(exc, BudgetExceeded):
        reason = BUDGET
    elif isinstance(exc, GenerationError):
        reason = GENERATION
    elif isinstance(exc, OutputError):
        reason = OUTPUT
    elif isinstance(exc, NumberplayError):
        reason = INPUT
    elif isinstance(exc, RecursionError):
        reason = RECURSION
    elif isinstance(exc, MemoryError):
        reason = MEMORY
    elif isinstance(exc, KeyboardInterrupt):
        reason = INTERRUPTED
    else:
        reason = INTERNAL
    return Failure(reason, one_line(exc), exc)


def failure_line(failure: Failure, private: bool = False,
                 spell: Callable[[str], str] | None = None) -> str:
    """The one line that says a failure, on every front end (`FAILURES`).
    `private`: an internal error does not quote its message (a server's answer
    could reach anyone; the message is logged instead). `spell`: how this front
    end names a request's field (the CLI: `level` -> `--level`); JSON front ends
    say `field 'level'`. The words after the field are the same everywhere."""
    said = FAILURES[failure.reason]
    message = said.fixed or one_line(failure.message)
    field = getattr(failure.error, "field", None)
    if spell is not None and field is not None:
        message = one_line(f"{spell(field)} {getattr(failure.error, 'reason', '')}")
    if failure.reason == INTERNAL and private:
        message = "the server's log has the details"
    words = said.words.format(type=failure.type_name)
    return f"{words}: {message}" if words else message


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
