"""Shared pieces of the command line: input reading, error guard, output."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from ..errors import BudgetExceeded, GenerationError, NumberplayError, PuzzleError
from ..kinds import Kind
from ..services.examples import get_example

# Exit codes (documented in the README).
EXIT_OK = 0
EXIT_NONE = 1
EXIT_BAD_INPUT = 2
EXIT_UNDECIDED = 3
EXIT_MULTIPLE = 4
EXIT_PARTIAL = 5
EXIT_INTERNAL = 70

err = Console(stderr=True, highlight=False, soft_wrap=True)

MAX_INPUT_BYTES = 10_000_000


class Format(StrEnum):
    """Output formats."""

    text = "text"
    markdown = "markdown"
    json = "json"
    html = "html"


def read_input(kind: Kind, source: str | None, example: str | None) -> str | None:
    """The puzzle text from --example, a file, `-` (stdin) or the argument itself."""
    if example:
        if source:
            raise PuzzleError("give either a puzzle or --example, not both")
        return get_example(kind.name, example).text
    if source is None:
        return None
    if source == "-":
        return sys.stdin.read(MAX_INPUT_BYTES + 1)[:MAX_INPUT_BYTES + 1]
    path = Path(source)
    if "\n" not in source and len(source) < 4096 and path.is_file():
        try:
            if path.stat().st_size > MAX_INPUT_BYTES:
                raise PuzzleError(f"{source}: file larger than {MAX_INPUT_BYTES:,} bytes")
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PuzzleError(f"cannot read {source}: {exc}") from None
    if "\n" not in source and " " not in source and _looks_like_path(source):
        raise PuzzleError(f"no such file: {source}")
    return source


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
    except NumberplayError as exc:
        err.print(f"[bold red]error:[/] {_one_line(exc)}", markup=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except KeyboardInterrupt:
        err.print("interrupted")
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort, SystemExit):
        raise
    except BrokenPipeError:
        raise typer.Exit(EXIT_OK) from None
    except Exception as exc:  # noqa: BLE001 - last line of defence against tracebacks
        if os.environ.get("NUMBERPLAY_DEBUG"):
            raise
        err.print(f"[bold red]internal error:[/] {type(exc).__name__}: {_one_line(exc)} "
                  "(set NUMBERPLAY_DEBUG=1 for a traceback; please report it)", markup=True)
        raise typer.Exit(EXIT_INTERNAL) from None


def _one_line(exc: BaseException) -> str:
    """The message on one line, escaped for rich markup (a '[book]' stays as typed)."""
    text = " ".join(str(exc).split())
    return escape(text if len(text) <= 500 else text[:497] + "...")


def print_json(data: Any) -> None:
    """One JSON document on one line."""
    typer.echo(json.dumps(data, ensure_ascii=False))


def echo(text: str = "", nl: bool = True) -> None:
    """Plain text to stdout."""
    typer.echo(text, nl=nl)
