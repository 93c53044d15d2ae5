"""Shared pieces of the command line: input reading, error guard, output."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_MULTIPLE,
    EXIT_NONE,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_PARTIAL,
    EXIT_UNDECIDED,
    FAILURES,
    INTERNAL,
    INTERRUPTED,
    Failure,
    PuzzleError,
    failure_line,
    failure_of,
    one_line,
)
from ..model import SOLVED, STALLED
from ..text import shorten
from .params import Group, option

if TYPE_CHECKING:
    from ..kinds import Kind
    from ..services.search import SearchResult

# Exit codes (documented in the README), from the failure table (`errors`).
__all__ = ["EXIT_BAD_INPUT", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_MULTIPLE", "EXIT_NONE",
           "EXIT_OK", "EXIT_OUTPUT", "EXIT_PARTIAL", "EXIT_UNDECIDED"]

# --- exit codes of the puzzle commands: one per puzzle, the worst for the command ---


def worst(codes: list[int]) -> int:
    """The code of a command over several puzzles: the most serious one."""
    for code in (EXIT_BAD_INPUT, EXIT_UNDECIDED, EXIT_PARTIAL, EXIT_NONE, EXIT_MULTIPLE):
        if code in codes:
            return code
    return EXIT_OK


def solve_code(result: SearchResult) -> int:
    """0 when a solution was found, 1 when there is none, 3 when undecided."""
    if result.count > 0:
        return EXIT_OK
    return EXIT_NONE if result.complete else EXIT_UNDECIDED


def explain_code(technique: str | None, complete: bool) -> int:
    """The code of an explanation from its last technique."""
    if not complete:
        return EXIT_UNDECIDED
    if technique == SOLVED:
        return EXIT_OK
    if technique == STALLED:
        return EXIT_PARTIAL
    return EXIT_NONE


def multiple(code: int, several: bool) -> int:
    """Exit 4 for a puzzle with several solutions, as check does (unless deductions
    stalled under --no-search, 5, or a budget ran out, 3)."""
    return EXIT_MULTIPLE if several and code in (EXIT_OK, EXIT_NONE) else code


# Styles of the lines on stderr (shown only when stderr is a terminal).
STYLES: dict[str, dict[str, Any]] = {
    "": {}, "dim": {"dim": True}, "yellow": {"fg": "yellow"}, "red": {"fg": "red"},
    "bold red": {"fg": "red", "bold": True},
}


def say(text: str, style: str = "", *, lead: str = "", lead_style: str = "") -> None:
    """One line on stderr: `lead` (such as "error:") then `text`, each in its style
    (colours only on a terminal)."""
    line = click.style(text, **STYLES[style]) if style else text
    if lead:
        line = (click.style(lead, **STYLES[lead_style]) if lead_style else lead) + " " + line
    click.echo(line, err=True)


def fail(lead: str, message: Any, style: str = "bold red") -> None:
    """`error: <message on one line>` on stderr."""
    say(_one_line(message), lead=lead, lead_style=style)

MAX_INPUT_BYTES = 10_000_000

# When the current command began (set by OneLineErrors.main): the first
# puzzle's --timeout counts from here, so reading and parsing the input count too.
_STARTED = [time.perf_counter()]


def command_started() -> float:
    """`time.perf_counter()` when the current command began."""
    return _STARTED[0]


class Format(StrEnum):
    """Output formats."""

    text = "text"
    markdown = "markdown"
    json = "json"
    html = "html"
    svg = "svg"


class ShowFormat(StrEnum):
    """Formats of the listing commands (`kinds`, `examples`, `store stats/list`)."""

    text = "text"
    json = "json"


def show_format() -> click.Option:
    """The `--format text|json` option of a listing command."""
    return option("--format", "-f", name="fmt", default=ShowFormat.text, vtype=ShowFormat,
                  help="text or json.")


def json_flag() -> click.Option:
    """The `--json` flag, kept beside `--format json` where it was documented."""
    return option("--json", name="json_out", default=False, vtype=bool,
                  help="Print JSON (the same as --format json).")


def read_input(impl: Kind, source: str | None, example: str | None) -> str | None:
    """The puzzle text from --example, a file, `-` (stdin) or the argument itself.

    The argument is a file only when it could name one (one line, no component
    longer than a file name may be); a directory, an unreadable or non-UTF-8
    file, or more than MAX_INPUT_BYTES is a PuzzleError.
    """
    if example:
        if source:
            raise PuzzleError("give either a puzzle or --example, not both")
        from ..services.examples import get_example
        return get_example(impl.name, example).text
    if source is None:
        return None
    if source == "-":
        return _decode(sys.stdin.buffer.read(MAX_INPUT_BYTES + 1), "standard input")
    if _could_be_path(source):
        try:
            st = os.stat(source)
        except (OSError, ValueError):
            st = None
        if st is not None:
            if stat.S_ISDIR(st.st_mode):
                raise PuzzleError(f"{_short(source)} is a directory, not a puzzle file")
            try:
                with open(source, "rb") as handle:
                    data = handle.read(MAX_INPUT_BYTES + 1)
            except OSError as exc:
                raise PuzzleError(f"cannot read {_short(source)}: "
                                  f"{exc.strerror or exc}") from None
            return _decode(data, _short(source))
        if " " not in source and _looks_like_path(source):
            raise PuzzleError(f"no such file: {_short(source)}")
    return source


def _could_be_path(text: str) -> bool:
    """One line, short enough, no component longer than a file name, no NUL."""
    if not text or "\n" in text or "\x00" in text or len(text) > 4096:
        return False
    try:
        parts = text.encode("utf-8").split(b"/")
    except UnicodeEncodeError:
        return False
    return all(len(part) <= 255 for part in parts)


def _decode(data: bytes, what: str) -> str:
    """Input bytes as text: at most MAX_INPUT_BYTES, UTF-8 (a BOM is dropped)."""
    if len(data) > MAX_INPUT_BYTES:
        raise PuzzleError(f"{what}: larger than {MAX_INPUT_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"{what} is not UTF-8 text (bad byte at offset {exc.start})") from None


def _short(text: str) -> str:
    return shorten(text, 80)


def _looks_like_path(text: str) -> bool:
    return "/" in text or text.lower().endswith((".txt", ".json", ".jsonl", ".csv"))


@contextlib.contextmanager
def guard() -> Iterator[None]:
    """Turn errors into one-line messages and exit codes, by the failure table
    (`services.jobs.FAILURES`: the words and statuses of every front end);
    never a traceback."""
    try:
        yield
    except (click.exceptions.Exit, click.exceptions.Abort, SystemExit):
        raise
    except BrokenPipeError:
        raise click.exceptions.Exit(EXIT_OK) from None
    except OSError as exc:
        if exc.errno not in FULL_ERRNOS:
            _internal(exc)
        where = exc.filename or "standard output"
        fail("error:", f"{where}: {exc.strerror}")
        raise click.exceptions.Exit(EXIT_OUTPUT) from None
    except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - no traceback, ever
        failure = failure_of(exc)
        if failure.reason == INTERNAL:
            _internal(exc)
        said_exit(failure)


def said_exit(failure: Failure) -> NoReturn:
    """Say a failure on stderr, as the table words it, and exit with its code."""
    said = FAILURES[failure.reason]
    line = failure_line(failure, spell=spelled)
    if failure.reason == INTERRUPTED:
        say(line)
    elif said.words:
        lead, _, rest = line.partition(": ")
        fail(lead + ":", rest, "yellow" if said.stopped else "bold red")
    else:
        fail("error:", line)
    raise click.exceptions.Exit(said.exit) from None


def spelled(name: str) -> str:
    """A request field as the command line spells it (`level` -> `--level`)."""
    from ..services.operations import SPEC
    for spec in SPEC.values():
        field = spec.get(name)
        if field is not None and field.flags:
            return field.flags[0]
    return name


# errno values that say the disk (or a quota) is full: the user's to fix.
FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def _internal(exc: BaseException) -> NoReturn:
    """A bug: one line asking for a report (a traceback with NUMBERPLAY_DEBUG=1)."""
    if os.environ.get("NUMBERPLAY_DEBUG"):
        raise exc
    say(f"{type(exc).__name__}: {_one_line(exc)} "
        "(set NUMBERPLAY_DEBUG=1 for a traceback; please report it)",
        lead="internal error:", lead_style="bold red")
    raise click.exceptions.Exit(EXIT_INTERNAL) from None


def _one_line(exc: BaseException | str) -> str:
    """The message on one line, as every front end says it (`errors.one_line`)."""
    return one_line(exc)


def print_json(data: Any) -> None:
    """One JSON document on one line. (json is imported by the commands that
    print it: a plain solve prints text, docs/architecture.md.)"""
    import json
    click.echo(json.dumps(data, ensure_ascii=False))


def echo(text: str = "", nl: bool = True) -> None:
    """Plain text to stdout."""
    click.echo(text, nl=nl)


# --- usage errors on one line ------------------------------------------------------


def usage_message(exc: click.ClickException) -> str:
    """One line for a usage error, naming the option: `--limit must be at least 1`."""
    param = getattr(exc, "param", None)
    if isinstance(exc, click.BadParameter) and param is not None:
        message = " ".join(str(exc.message).split())
        if not message.startswith("must be"):
            message = f"is invalid: {message}"
        return f"{_flag(param)} {message}"
    if isinstance(exc, click.NoSuchOption):
        return f"no such option: {exc.option_name}" + (
            f" (did you mean {exc.possibilities[0]}?)" if exc.possibilities else "")
    if isinstance(exc, click.MissingParameter) and param is not None:
        return f"missing {_flag(param)}"
    return exc.format_message()


def _flag(param: Any) -> str:
    """The long flag of an option (`--limit`), or an argument's name."""
    opts = [o for o in getattr(param, "opts", []) if o.startswith("--")]
    if opts:
        return opts[0]
    return str(param.human_readable_name)


class OneLineErrors(Group):
    """The top command group: a usage error (bad option value, unknown option)
    prints one line on stderr, `error: --limit must be at least 1`, and exits 2;
    Ctrl-C anywhere prints `interrupted` and exits 130."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        _STARTED[0] = time.perf_counter()
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.format_message())
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            fail("error:", usage_message(exc))
            sys.exit(EXIT_BAD_INPUT if isinstance(exc, click.UsageError) else exc.exit_code)
        except click.exceptions.Abort as exc:
            if isinstance(exc.__context__, KeyboardInterrupt):
                say("interrupted")
                sys.exit(EXIT_INTERRUPTED)
            say("aborted")
            sys.exit(1)
        except KeyboardInterrupt:
            say("interrupted")
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            sys.exit(EXIT_OK)
        sys.exit(code if isinstance(code, int) else EXIT_OK)
