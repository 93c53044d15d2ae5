"""Reading CrossProduct puzzles: `--rows/--cols` options, two-line text, JSON."""

from __future__ import annotations

import re
from typing import Any

from .. import safejson
from ..errors import PuzzleError
from ..text import content_lines, shorten
from .model import (
    CrossProductPuzzle,
    check_count,
    check_givens,
    check_number,
    puzzle_from_json,
)

_KEYWORDS = {"rows": "rows", "row": "rows", "cols": "cols", "col": "cols",
             "columns": "cols", "column": "cols"}
_TOKEN = re.compile(r"[^\s,\[\]]+")


def parse_puzzle(text: str | None, rows: Any = None, cols: Any = None) -> CrossProductPuzzle:
    """A puzzle from text (two lines or JSON) and/or the `rows`/`cols` options.

    An option given overrides the same part of the text.
    """
    got: dict[str, Any] = {}
    givens: Any = ()
    if text is not None and text.strip():
        stripped = "\n".join(ln for ln in text.splitlines()
                             if not ln.strip().startswith("#")).strip()
        if stripped.startswith("{"):
            read = puzzle_from_json(_load_json(stripped))
            got.update(rows=read.rows, cols=read.cols)
            givens = read.givens
        else:
            got.update(_parse_lines(text))
            givens = got.pop("given", ())
    if rows is not None:
        got["rows"] = _parse_option(rows, "--rows")
    if cols is not None:
        got["cols"] = _parse_option(cols, "--cols")
    for key in ("rows", "cols"):
        if key not in got:
            raise PuzzleError(f"missing {key}: give a '{key} ...' line or --{key}")
    rows, cols = tuple(got["rows"]), tuple(got["cols"])
    if givens and not isinstance(givens[0][0], int):
        givens = check_givens(givens, len(rows), len(cols), {"where": "given"})
    return CrossProductPuzzle(rows, cols, tuple(givens))


def _load_json(text: str) -> Any:
    return safejson.loads(text)


def _parse_lines(text: str) -> dict[str, Any]:
    """The `rows ...` and `cols ...` lines, and a `given r2c3=5 ...` line (blank
    and `#` lines ignored)."""
    got: dict[str, Any] = {}
    for lineno, raw, line in content_lines(text):
        if line.lower().startswith("given"):
            if "given" in got:
                raise PuzzleError("given twice", line=lineno, column=1)
            got["given"] = _givens(line[5:], lineno)
            continue
        match = re.match(r"([A-Za-z]+)\s*[:=]?", line)
        word = match.group(1).lower() if match else ""
        if match is None or word not in _KEYWORDS:
            first = line.split()[0]
            raise PuzzleError(f"expected a line 'rows N N ...' or 'cols N N ...', got {first!r}",
                              line=lineno, column=raw.index(line[0]) + 1)
        key = _KEYWORDS[word]
        if key in got:
            raise PuzzleError(f"{key} given twice", line=lineno, column=1)
        start = raw.index(line) + match.end()
        got[key] = _numbers(raw, start, key, lineno)
    return got


def _givens(text: str, lineno: int) -> list[tuple[str, str]]:
    """The `r2c3=5` items of a given line."""
    out = []
    for item in text.replace(",", " ").split():
        at, sep, digit = item.partition("=")
        if not sep:
            raise PuzzleError(f"a given is CELL=DIGIT (r2c3=5), not {shorten(item)!r}",
                              line=lineno)
        out.append((at, digit))
    return out


def _numbers(raw: str, start: int, key: str, lineno: int | None) -> tuple[int | None, ...]:
    """The whole numbers in `raw[start:]`, separated by spaces or commas; `?` is a
    blank product (a line without clue)."""
    values: list[int | None] = []
    for i, m in enumerate(_TOKEN.finditer(raw, start)):
        where = {"line": lineno, "column": m.start() + 1, "where": f"{key} item {i + 1}"}
        if m.group() == "?":
            values.append(None)
            check_count(len(values), key, where)
            continue
        values.append(check_number(m.group(), where))
        check_count(len(values), key, where)
    return tuple(values)


def _parse_option(value: Any, flag: str) -> tuple[int, ...]:
    """An option value: a string of numbers, or a list of ints from the Python API."""
    key = flag.lstrip("-")
    if isinstance(value, str):
        values = []
        for i, m in enumerate(_TOKEN.finditer(value)):
            values.append(check_number(m.group(), {"where": f"{flag} item {i + 1}"}))
            check_count(len(values), key, {"where": flag})
        return tuple(values)
    if isinstance(value, (list, tuple)):
        check_count(len(value), key, {"where": flag})
        return tuple(check_number(v, {"where": f"{flag} item {i + 1}"})
                     for i, v in enumerate(value))
    raise PuzzleError(f"{flag} must be numbers separated by commas or spaces")


def to_text(puzzle: CrossProductPuzzle) -> str:
    """The two-line text form; `parse_puzzle(to_text(p)) == p`."""
    rows = " ".join("?" if p is None else str(p) for p in puzzle.rows)
    cols = " ".join("?" if p is None else str(p) for p in puzzle.cols)
    text = f"rows {rows}".rstrip() + "\n" + f"cols {cols}".rstrip() + "\n"
    if puzzle.givens:
        given = puzzle.to_json()["givens"]
        text += "given " + " ".join(f"{at}={d}" for at, d in given.items()) + "\n"
    return text
