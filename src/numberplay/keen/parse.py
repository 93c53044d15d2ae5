"""Reading Keen puzzles: Tatham game IDs, the cage-map text format, JSON.

The text format (written by `render.to_text`):

    # a comment
    A A B C
    D D B C
    E F F G
    E H H G
    A 12x  B 3+  C 1-
    D 2/  ...

N lines of N cage labels (a label is a letter and optional letters or
digits; `.` is a cell in no cage, a one-cell cage without clue), then the clues: a label and its target with the operation after
it (`+`, `-`, `x` or `*`, `/`, or `×`, `−`, `÷`), several per line; a
one-cell cage's clue is just its value.
"""

from __future__ import annotations

import re

from .. import safejson
from ..errors import PuzzleError
from ..text import content_lines, shorten
from ..text import place as cell_place
from .model import (
    MAX_ORDER,
    MIN_ORDER,
    OP_SPELLINGS,
    Cage,
    KeenPuzzle,
    make_puzzle,
    puzzle_from_json,
)
from .tatham import is_game_id, parse_game_id

_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9]{0,5}$")
_OPS = "+\\-xX*/×÷−–:·"
_BLANK = re.compile(r"\s*([A-Za-z][A-Za-z0-9]{0,5})\s*[:=]?\s*\?(?=\s|$)")
_GIVEN = re.compile(r"given\s+r\d", re.IGNORECASE)
_CLUE = re.compile(rf"\s*([A-Za-z][A-Za-z0-9]{{0,5}})\s*[:=]?\s*([{_OPS}]?)\s*(\d{{1,12}})"
                   rf"\s*([{_OPS}]?)(?=\s|$)")


def parse_text(text: str | None) -> KeenPuzzle:
    """A Keen puzzle from a game ID, JSON or the text format."""
    if text is None or not text.strip():
        raise PuzzleError("empty Keen puzzle: give a Tatham game ID (4dn:...), JSON, or "
                          "N lines of cage labels and the clues")
    stripped = text.strip()
    if stripped.startswith("{"):
        data = safejson.loads(stripped)
        if isinstance(data, dict) and "puzzle" in data and "cages" not in data:
            data = data["puzzle"]
        return puzzle_from_json(data)
    lines = _content_lines(text)
    if not lines:
        raise PuzzleError("no Keen puzzle: the text holds only comments")
    if len(lines) == 1 and is_game_id(lines[0][1]):
        return parse_game_id(lines[0][1])[0]
    return _parse_map(lines)


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) of the lines that are neither blank nor comments."""
    return [(lineno, line) for lineno, _raw, line in content_lines(text)]


def _parse_map(lines: list[tuple[int, str]]) -> KeenPuzzle:
    """The cage map and its clues."""
    lineno, first = lines[0]
    n = len(first.split())
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise PuzzleError(f"the first row has {n} labels; a Keen grid is {MIN_ORDER}..{MAX_ORDER} "
                          "cells wide (or give a game ID such as 4dn:...)", line=lineno)
    if len(lines) < n:
        raise PuzzleError(f"expected {n} rows of cage labels, found {len(lines)} lines",
                          line=lines[-1][0])
    cells: dict[str, list[int]] = {}
    for r, (lineno, line) in enumerate(lines[:n]):
        tokens = line.split()
        if len(tokens) != n:
            raise PuzzleError(f"row {r + 1} has {len(tokens)} labels, expected {n}", line=lineno)
        for c, token in enumerate(tokens):
            if token == ".":   # a cell in no cage: a cage of its own, without clue
                cells[f".{r * n + c}"] = [r * n + c]
                continue
            if not _LABEL.match(token):
                shown = shorten(token)
                raise PuzzleError(f"bad cage label {shown!r} (a letter, then letters or digits)",
                                  line=lineno, where=cell_place(r, c))
            cells.setdefault(token, []).append(r * n + c)
    givens = [item for lineno, line in lines[n:] if _GIVEN.match(line)
              for item in _givens(line, lineno)]
    clues = _parse_clues([(k, line) for k, line in lines[n:] if not _GIVEN.match(line)])
    cages = []
    for label, members in cells.items():
        if label.startswith("."):
            cages.append(Cage("?", 0, tuple(members)))
            continue
        if label not in clues:
            raise PuzzleError(f"cage {label} (at r{members[0] // n + 1}c{members[0] % n + 1}) "
                              "has no clue")
        lineno, op, target = clues.pop(label)
        if op is None:
            if len(members) != 1:
                raise PuzzleError(f"cage {label}: {target} needs an operation (+ - x /) for "
                                  f"{len(members)} cells", line=lineno)
            op = "="
        cages.append(Cage(op, target, tuple(members)))
    for label, (lineno, _, _) in clues.items():
        raise PuzzleError(f"a clue for {label}, but no cell is labelled {label}", line=lineno)
    try:
        return make_puzzle(n, cages, givens)
    except PuzzleError as exc:
        label = _label_of(n, cells, exc)
        raise PuzzleError(exc.reason, where=f"cage {label}" + (f" ({exc.where})"
                                                               if exc.where else "")) from None


def _label_of(n: int, cells: dict[str, list[int]], exc: PuzzleError) -> str:
    """The label of the cage an error names by its first cell (`cage at r1c2`)."""
    found = re.search(r"r(\d+)c(\d+)", exc.where or "")
    if found:
        i = (int(found.group(1)) - 1) * n + int(found.group(2)) - 1
        for label, members in cells.items():
            if i in members:
                return label
    return "?"


def _givens(line: str, lineno: int) -> list[tuple[str, str]]:
    """The `r2c3=5` items of a `given ...` line."""
    out = []
    for item in line.split()[1:]:
        at, sep, value = item.partition("=")
        if not sep:
            raise PuzzleError(f"a given is CELL=VALUE (r2c3=5), not {shorten(item)!r}",
                              line=lineno)
        out.append((at, value))
    return out


def _parse_clues(lines: list[tuple[int, str]]) -> dict[str, tuple[int, str | None, int]]:
    """{label: (line, operation or None, target)} from the clue lines."""
    clues: dict[str, tuple[int, str | None, int]] = {}
    for lineno, line in lines:
        k = 0
        while k < len(line):
            blank = _BLANK.match(line, k)
            if blank:   # a cage without clue
                if blank.group(1) in clues:
                    raise PuzzleError(f"cage {blank.group(1)} has two clues", line=lineno,
                                      column=k + 1)
                clues[blank.group(1)] = (lineno, "?", 0)
                k = blank.end()
                while k < len(line) and line[k] in " \t,;":
                    k += 1
                continue
            found = _CLUE.match(line, k)
            if not found:
                rest = line[k:].strip()
                shown = shorten(rest)
                raise PuzzleError(f"unreadable clue {shown!r} (expected a label and a target "
                                  "such as A 12x)", line=lineno, column=k + 1)
            label, before, number, after = found.groups()
            if before and after:
                raise PuzzleError(f"clue {found.group(0).strip()!r} has two operations",
                                  line=lineno, column=k + 1)
            if label in clues:
                raise PuzzleError(f"cage {label} has two clues", line=lineno, column=k + 1)
            sign = before or after
            clues[label] = (lineno, OP_SPELLINGS[sign] if sign else None, int(number))
            k = found.end()
            while k < len(line) and line[k] in " \t,;":
                k += 1
    return clues
