"""Shared pieces of the command line: input reading, error guard, output."""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

if TYPE_CHECKING:  # checked against the Typer installed (>= 0.20)
    from typer._click import exceptions as _click
else:
    try:  # Typer >= 0.20 carries its own copy of click
        from typer._click import exceptions as _click
    except ImportError:  # pragma: no cover - older Typer uses click itself
        from click import exceptions as _click

from ..errors import BudgetExceeded, GenerationError, NumberplayError, OutputError, PuzzleError
from ..kinds import Kind
from ..services.examples import get_example
from ..text import shorten

# Exit codes (documented in the README).
EXIT_OK = 0
EXIT_NONE = 1
EXIT_BAD_INPUT = 2
EXIT_UNDECIDED = 3
EXIT_MULTIPLE = 4
EXIT_PARTIAL = 5
EXIT_INTERNAL = 70
EXIT_OUTPUT = 74        # an output could not be written (disk full): sysexits' EX_IOERR
EXIT_INTERRUPTED = 130

err = Console(stderr=True, highlight=False, soft_wrap=True)

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


def show_format() -> Any:
    """The `--format text|json` option of a listing command."""
    return typer.Option(ShowFormat.text, "--format", "-f", help="text or json.")


def json_flag() -> Any:
    """The `--json` flag, kept beside `--format json` where it was documented."""
    return typer.Option(False, "--json", help="Print JSON (the same as --format json).")


def read_input(impl: Kind, source: str | None, example: str | None) -> str | None:
    """The puzzle text from --example, a file, `-` (stdin) or the argument itself.

    The argument is a file only when it could name one (one line, no component
    longer than a file name may be); a directory, an unreadable or non-UTF-8
    file, or more than MAX_INPUT_BYTES is a PuzzleError.
    """
    if example:
        if source:
            raise PuzzleError("give either a puzzle or --example, not both")
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
    """Turn errors into one-line messages and exit codes; never a traceback."""
    try:
        yield
    except PuzzleError as exc:
        err.print(f"[bold red]error:[/] {_one_line(exc)}", markup=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except BudgetExceeded as exc:
        err.print(f"[yellow]stopped:[/] {_one_line(exc)}", markup=True)
        raise typer.Exit(EXIT_UNDECIDED) from None
    except GenerationError as exc:
        err.print(f"[bold red]generation failed:[/] {_one_line(exc)}", markup=True)
        raise typer.Exit(EXIT_UNDECIDED) from None
    except OutputError as exc:
        err.print(f"[bold red]error:[/] {_one_line(exc)}", markup=True)
        raise typer.Exit(EXIT_OUTPUT) from None
    except NumberplayError as exc:
        err.print(f"[bold red]error:[/] {_one_line(exc)}", markup=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except KeyboardInterrupt:
        err.print("interrupted")
        raise typer.Exit(EXIT_INTERRUPTED) from None

    except (typer.Exit, typer.Abort, SystemExit):
        raise
    except BrokenPipeError:
        raise typer.Exit(EXIT_OK) from None
    except OSError as exc:
        if exc.errno not in FULL_ERRNOS:
            _internal(exc)
        where = exc.filename or "standard output"
        err.print(f"[bold red]error:[/] {_one_line(f'{where}: {exc.strerror}')}", markup=True)
        raise typer.Exit(EXIT_OUTPUT) from None
    except Exception as exc:  # noqa: BLE001 - last line of defence against tracebacks
        _internal(exc)


# errno values that say the disk (or a quota) is full: the user's to fix.
FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def _internal(exc: Exception) -> NoReturn:
    """A bug: one line asking for a report (a traceback with NUMBERPLAY_DEBUG=1)."""
    if os.environ.get("NUMBERPLAY_DEBUG"):
        raise exc
    err.print(f"[bold red]internal error:[/] {type(exc).__name__}: {_one_line(exc)} "
              "(set NUMBERPLAY_DEBUG=1 for a traceback; please report it)", markup=True)
    raise typer.Exit(EXIT_INTERNAL) from None


def _one_line(exc: BaseException | str) -> str:
    """The message on one line: whitespace collapsed, control characters shown
    as escapes, at most 500 characters, rich markup escaped."""
    text = " ".join(str(exc).split())
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    text = shorten(text, 500)
    return escape(text)


def print_json(data: Any) -> None:
    """One JSON document on one line."""
    typer.echo(json.dumps(data, ensure_ascii=False))


def echo(text: str = "", nl: bool = True) -> None:
    """Plain text to stdout."""
    typer.echo(text, nl=nl)


def check_timeout(value: float | None, flag: str = "--timeout") -> float | None:
    """A --timeout value: a number of seconds >= 0 (NaN is refused)."""
    if value is not None and (math.isnan(value) or value < 0):
        raise PuzzleError(f"{flag} must be a number of seconds >= 0, not {value}")
    return value


# --- usage errors on one line ------------------------------------------------------


def usage_message(exc: Any) -> str:
    """One line for a usage error, naming the option: `--limit must be at least 1`."""
    param = getattr(exc, "param", None)
    if isinstance(exc, _click.BadParameter) and param is not None:
        return f"{_flag(param)} {_reason(exc)}"
    if isinstance(exc, _click.NoSuchOption):
        return f"no such option: {exc.option_name}" + (
            f" (did you mean {exc.possibilities[0]}?)" if exc.possibilities else "")
    if isinstance(exc, _click.MissingParameter) and param is not None:
        return f"missing {_flag(param)}"
    return exc.format_message()


_BOUNDS = {"greater_than_equal": ("ge", "at least"), "greater_than": ("gt", "more than"),
           "less_than_equal": ("le", "at most"), "less_than": ("lt", "less than")}


def _reason(exc: Any) -> str:
    """What is wrong with an option's value, in a few words."""
    cause = exc.__cause__
    errors = cause.errors() if hasattr(cause, "errors") else []
    if not errors:
        return f"is invalid: {' '.join(str(exc.message).split())}"
    first = errors[0]
    error_type, ctx = first.get("type", ""), first.get("ctx") or {}
    value = first.get("input")
    shown = f", not {value!r}" if isinstance(value, str) and len(value) <= 30 else ""
    if error_type in _BOUNDS:
        key, words = _BOUNDS[error_type]
        bound = ctx.get(key)
        return f"must be {words} {bound:g}" if isinstance(bound, (int, float)) \
            else f"must be {words} {bound}"
    if error_type.startswith("int_"):
        return f"must be a whole number{shown}"
    if error_type.startswith(("float_", "finite_")):
        return f"must be a number{shown}"
    message = str(first.get("msg", exc.message))
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    head, sep, choices = message.partition(" is not one of ")
    if sep:
        return f"must be one of {choices.rstrip('.').replace(chr(39), '')}, not {head}"
    return f"is invalid: {' '.join(message.split())}"


def _flag(param: Any) -> str:
    """The long flag of an option (`--limit`), or an argument's name."""
    opts = [o for o in getattr(param, "opts", []) if o.startswith("--")]
    if opts:
        return opts[0]
    return param.human_readable_name


class OneLineErrors(TyperGroup):
    """The top command group: a usage error (bad option value, unknown option)
    prints one line on stderr, `error: --limit must be at least 1`, and exits 2;
    Ctrl-C anywhere prints `interrupted` and exits 130."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        _STARTED[0] = time.perf_counter()
        if not windows_expand_args:  # passed on only when given (click 8.0.0 lacks it)
            extra["windows_expand_args"] = False
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except _click.NoArgsIsHelpError as exc:
            if not _rich_help():
                typer.echo(exc.format_message(), err=True)
            sys.exit(exc.exit_code)
        except _click.ClickException as exc:
            err.print(f"[bold red]error:[/] {_one_line(usage_message(exc))}", markup=True)
            sys.exit(EXIT_BAD_INPUT if isinstance(exc, _click.UsageError) else exc.exit_code)
        except typer.Abort:  # not in typer._click.exceptions: Typer >= 0.20 moved it
            err.print("aborted")
            sys.exit(1)
        except KeyboardInterrupt:
            err.print("interrupted")
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            sys.exit(EXIT_OK)
        sys.exit(code if isinstance(code, int) else EXIT_OK)


def _rich_help() -> bool:
    """Does Typer print help through rich (already printed by the time the
    NoArgsIsHelpError reaches us)?"""
    from typer import core
    return bool(getattr(core, "HAS_RICH", False))
