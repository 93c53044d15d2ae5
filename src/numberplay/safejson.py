"""Reading JSON a user typed, with hard limits: every failure is a PuzzleError.

`json.loads` alone lets hostile input escape as other exceptions: deep nesting
(`{"a":` x 50,000) is a RecursionError, a 5,000-digit number a ValueError
(Python's int string limit), `NaN` and `Infinity` are read as floats. `loads`
refuses all of them with a one-line message, before any puzzle code sees them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import PuzzleError

MAX_DEPTH = 32          # deepest nesting of lists and objects accepted
MAX_NUMBER_CHARS = 1000  # longest number literal accepted (digits, sign, exponent)


class JSONSyntaxError(PuzzleError):
    """The text is not JSON at all (as opposed to JSON past a limit)."""

    def __init__(self, msg: str, line: int, column: int) -> None:
        self.msg = msg
        super().__init__(f"bad JSON: {msg}", line=line, column=column)


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise PuzzleError(f"number too large in JSON ({len(text):,} digits, at most "
                          f"{MAX_NUMBER_CHARS:,})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise PuzzleError(f"number too long in JSON ({len(text):,} characters)")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise PuzzleError(f"number out of range in JSON: {text[:40]}")
    return value


def _constant(name: str) -> Any:
    raise PuzzleError(f"{name} is not allowed in JSON (not a number)")


def loads(text: str | bytes) -> Any:
    """The JSON value of `text`; PuzzleError (with line and column where known)
    for bad JSON, nesting deeper than MAX_DEPTH, numbers longer than
    MAX_NUMBER_CHARS, NaN or Infinity."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PuzzleError(f"JSON is not UTF-8 text (byte {exc.start + 1})") from None
    import json  # imported when JSON is read: a plain solve reads none
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JSONSyntaxError(exc.msg, exc.lineno, exc.colno) from None
    except RecursionError:
        raise PuzzleError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)") from None
    if depth(data) > MAX_DEPTH:
        raise PuzzleError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)")
    return data


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (iterative, so any depth
    is measured without recursion); 0 for a scalar."""
    best = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        best = max(best, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((child, level + 1) for child in children)
    return best
