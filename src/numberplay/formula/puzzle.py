"""What is done with a formula puzzle as a whole: read it, check it, write it,
solve it, count and verify its solutions.

The formula kinds' `Kind` methods are glue over these functions, and the
generators call them directly.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from typing import Any

from ..budget import Budget, check_active
from ..errors import PuzzleError
from ..text import content_lines, shorten
from . import solver as S
from .model import FormulaPuzzle, parse_fixed


def read_base(base: Any) -> int:
    """The --base value as an int (10 when not given); PuzzleError otherwise."""
    if base is None:
        return 10
    if isinstance(base, str) and base.strip().isascii() and base.strip().isdigit() \
            and len(base.strip()) <= 3:
        return int(base.strip())
    if isinstance(base, bool) or not isinstance(base, int):
        shown = shorten(base)
        raise PuzzleError(f"--base must be a whole number 2 to 36, not {shown!r}")
    if not 2 <= base <= 36:
        raise PuzzleError(f"--base must be 2 to 36, not {base}")
    return base


def validate(puzzle: FormulaPuzzle) -> S.Compiled:
    """The puzzle's compiled formula (cached); PuzzleError for a bad formula or a
    fixed letter that is not in it, not a digit of the base, or shares a digit."""
    comp = S.compile_puzzle(puzzle.formula, puzzle.base)
    seen: dict[int, str] = {}
    for c, d in puzzle.fixed:
        if c not in comp.index:
            raise PuzzleError(f"--fix: letter {c} is not in the formula")
        if not 0 <= d < puzzle.base:
            raise PuzzleError(f"--fix: {c}={d} is not a digit in base {puzzle.base}")
        if d in seen:
            raise PuzzleError(f"--fix: {seen[d]} and {c} cannot both be {d}")
        seen[d] = c
    return comp


def read_formulas(text: str | None, puzzle_type: type[FormulaPuzzle], what: str,
                  base: Any = None, fix: Any = None,
                  formula_of: Callable[[str], str] = str.strip) -> list[FormulaPuzzle]:
    """One validated puzzle per formula line (`formula_of` turns a line into the
    formula; `what` names the puzzle in the error for non-text input). A line
    `base B` or `fix A=1,B=2` sets the base or the fixed letters of the formulas
    after it (what `to_text` writes); the `base` and `fix` options override them."""
    if text is None:
        raise PuzzleError("no formula given")
    if not isinstance(text, str):
        raise PuzzleError(f"a {what} is text: one formula per line")
    if base is not None:
        base = read_base(base)
    fixed = parse_fixed(fix) if fix else None
    text_base, text_fixed = 10, {}
    out = []
    # composed letters: Ü typed as U and a combining diaeresis is the one letter Ü
    for number, _raw, line in content_lines(unicodedata.normalize("NFC", text)):
        check_active()  # a file of many formulas: parsing counts against --timeout
        try:
            directive, _sep, value = line.partition(" ")
            if directive == "base":
                text_base = read_base(value.strip())
                continue
            if directive == "fix":
                text_fixed = parse_fixed(value.strip())
                continue
            puzzle = puzzle_type.of(formula_of(line), text_base if base is None else base,
                                    text_fixed if fixed is None else fixed)
            validate(puzzle)
        except PuzzleError as exc:
            raise PuzzleError(exc.reason, line=number, column=exc.column,
                              where=exc.where) from None
        out.append(puzzle)
    if not out:
        raise PuzzleError("no formula given (only blank or comment lines)")
    return out


def to_text(puzzle: FormulaPuzzle) -> str:
    """The formula, after a `base B` line and a `fix A=1` line when needed."""
    lines = [f"base {puzzle.base}"] if puzzle.base != 10 else []
    if puzzle.fixed:
        lines.append("fix " + ",".join(f"{c}={d}" for c, d in puzzle.fixed))
    return "\n".join([*lines, puzzle.formula])


def assignments(puzzle: FormulaPuzzle, budget: Budget | None = None
                ) -> Iterator[dict[str, int]]:
    """Every solution as {letter: digit}, lazily, in the search's order."""
    comp = validate(puzzle)
    for env in S.search(comp, dict(puzzle.fixed), budget):
        yield dict(zip(comp.letters, env, strict=False))


def count(puzzle: FormulaPuzzle, limit: int | None = None, budget: Budget | None = None) -> int:
    """How many solutions (up to `limit`)."""
    return S.count(validate(puzzle), dict(puzzle.fixed), limit, budget)


def verify(puzzle: FormulaPuzzle, assignment: dict[str, int]) -> bool:
    """Whether the assignment solves the puzzle: every letter, distinct digits of
    the base, the fixed letters kept, no leading zero, the formula true."""
    comp = S.compile_puzzle(puzzle.formula, puzzle.base)
    a = assignment
    if set(a) != set(comp.letters) or len(set(a.values())) != len(a):
        return False
    if any(not 0 <= d < puzzle.base for d in a.values()):
        return False
    if any(a[c] != d for c, d in puzzle.fixed):
        return False
    if any(a[c] == 0 for c in comp.lead):
        return False
    return comp.holds([a[c] for c in comp.letters])

