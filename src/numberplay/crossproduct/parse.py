"""Reading CrossProduct puzzles: `--rows/--cols` options, two-line text, JSON."""

from __future__ import annotations

import re
from typing import Any

from .. import safejson
from ..errors import PuzzleError
from .model import CrossProductPuzzle

MAX_LINES = 400        # at most this many rows, and this many columns
MAX_DIGITS = 1000      # a product written with more digits than this is absurd

_KEYWORDS = {"rows": "rows", "row": "rows", "cols": "cols", "col": "cols",
             "columns": "cols", "column": "cols"}
_TOKEN = re.compile(r"[^\s,\[\]]+")


def parse_puzzle(text: str | None, rows: Any = None, cols: Any = None) -> CrossProductPuzzle:
    """A puzzle from text (two lines or JSON) and/or the `rows`/`cols` options.

    An option given overrides the same part of the text.
    """
    got: dict[str, tuple[int, ...]] = {}
    if text is not None and text.strip():
        stripped = "\n".join(ln for ln in text.splitlines()
                             if not ln.strip().startswith("#")).strip()
        if stripped.startswith("{"):
            got.update(puzzle_from_json(_load_json(stripped)).to_json())
        else:
            got.update(_parse_lines(text))
    if rows is not None:
        got["rows"] = _parse_option(rows, "--rows")
    if cols is not None:
        got["cols"] = _parse_option(cols, "--cols")
    for key in ("rows", "cols"):
        if key not in got:
            raise PuzzleError(f"missing {key}: give a '{key} ...' line or --{key}")
    return CrossProductPuzzle(tuple(got["rows"]), tuple(got["cols"]))


def _load_json(text: str) -> Any:
    return safejson.loads(text)


def puzzle_from_json(data: Any) -> CrossProductPuzzle:
    """A puzzle from `{"rows": [...], "cols": [...]}` (checked)."""
    if not isinstance(data, dict):
        raise PuzzleError('a crossproduct puzzle in JSON is {"rows": [...], "cols": [...]}')
    parts = {}
    for key in ("rows", "cols"):
        if key not in data:
            raise PuzzleError(f'missing "{key}" in the JSON puzzle')
        values = data[key]
        if not isinstance(values, list):
            raise PuzzleError(f'"{key}" must be a list of whole numbers', where=key)
        _check_count(len(values), key, {})
        for i, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool):
                raise PuzzleError(f"{v!r} is not a whole number", where=f"{key}[{i}]")
        parts[key] = tuple(_check_number(v, {"where": f"{key}[{i}]"})
                           for i, v in enumerate(values))
    return CrossProductPuzzle(parts["rows"], parts["cols"])


def _parse_lines(text: str) -> dict[str, tuple[int, ...]]:
    """The `rows ...` and `cols ...` lines (blank and `#` lines ignored)."""
    got: dict[str, tuple[int, ...]] = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = re.match(r"([A-Za-z]+)\s*[:=]?", line)
        word = match.group(1).lower() if match else ""
        if word not in _KEYWORDS:
            first = line.split()[0]
            raise PuzzleError(f"expected a line 'rows N N ...' or 'cols N N ...', got {first!r}",
                              line=lineno, column=raw.index(line[0]) + 1)
        key = _KEYWORDS[word]
        if key in got:
            raise PuzzleError(f"{key} given twice", line=lineno, column=1)
        start = raw.index(line) + match.end()
        got[key] = _numbers(raw, start, key, lineno)
    return got


def _numbers(raw: str, start: int, key: str, lineno: int | None) -> tuple[int, ...]:
    """The whole numbers in `raw[start:]`, separated by spaces or commas."""
    values = []
    for i, m in enumerate(_TOKEN.finditer(raw, start)):
        where = {"line": lineno, "column": m.start() + 1, "where": f"{key} item {i + 1}"}
        values.append(_check_number(m.group(), where))
        _check_count(len(values), key, where)
    return tuple(values)


def _parse_option(value: Any, flag: str) -> tuple[int, ...]:
    """An option value: a string of numbers, or a list of ints from the Python API."""
    key = flag.lstrip("-")
    if isinstance(value, str):
        values = []
        for i, m in enumerate(_TOKEN.finditer(value)):
            values.append(_check_number(m.group(), {"where": f"{flag} item {i + 1}"}))
            _check_count(len(values), key, {"where": flag})
        return tuple(values)
    if isinstance(value, (list, tuple)):
        _check_count(len(value), key, {"where": flag})
        return tuple(_check_number(v, {"where": f"{flag} item {i + 1}"})
                     for i, v in enumerate(value))
    raise PuzzleError(f"{flag} must be numbers separated by commas or spaces")


def _check_count(n: int, key: str, where: dict) -> None:
    if n > MAX_LINES:
        raise PuzzleError(f"too many {key}: at most {MAX_LINES}", **where)


def _check_number(token: Any, where: dict) -> int:
    """A non-negative whole number from a token or JSON value."""
    if isinstance(token, bool):
        raise PuzzleError(f"{token!r} is not a whole number", **where)
    if isinstance(token, int):
        text = str(token)
    elif isinstance(token, str):
        text = token.strip()
    else:
        raise PuzzleError(f"{token!r} is not a whole number", **where)
    if text.startswith("-"):
        raise PuzzleError(f"{text!r} is negative: products are whole numbers >= 0", **where)
    if text.startswith("+"):
        text = text[1:]
    if not text.isascii() or not text.isdigit():
        raise PuzzleError(f"{text!r} is not a whole number", **where)
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise PuzzleError(f"number too large (more than {MAX_DIGITS} digits)", **where)
    return int(text)


def to_text(puzzle: CrossProductPuzzle) -> str:
    """The two-line text form; `parse_puzzle(to_text(p)) == p`."""
    rows = " ".join(map(str, puzzle.rows))
    cols = " ".join(map(str, puzzle.cols))
    return f"rows {rows}".rstrip() + "\n" + f"cols {cols}".rstrip() + "\n"
