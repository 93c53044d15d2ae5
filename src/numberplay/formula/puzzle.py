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
from . import options as O
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
    fixed letter that is not in it, not a digit of the base, or shares a digit with
    a letter it must differ from."""
    comp = compiled(puzzle)
    seen: dict[int, str] = {}
    rules = None if puzzle.plain or not puzzle.fixed else puzzle_rules(puzzle, comp)
    for c, d in puzzle.fixed:
        if c not in comp.index:
            raise PuzzleError(f"--fix: letter {c} is not in the formula")
        if not 0 <= d < puzzle.base:
            raise PuzzleError(f"--fix: {c}={d} is not a digit in base {puzzle.base}")
        other = seen.get(d)
        if other is not None and (rules is None or
                                  rules.groups[comp.index[c]] & rules.groups[comp.index[other]]):
            raise PuzzleError(f"--fix: {other} and {c} cannot both be {d}")
        seen[d] = c
    if puzzle.plain:
        return comp
    if puzzle.digits and max(puzzle.digits) >= puzzle.base:
        raise PuzzleError(f"--digits: {max(puzzle.digits)} is not a digit in base {puzzle.base}")
    if any(d >= puzzle.base for d, _ in puzzle.invalid):
        raise PuzzleError(f"--invalid: {max(d for d, _ in puzzle.invalid)} is not a digit in "
                          f"base {puzzle.base}")
    return comp


def compiled(puzzle: FormulaPuzzle) -> S.Compiled:
    """The puzzle's compiled formula: while every letter differs and no leading
    letter may be 0, the propagation program too (it starts from the allowed
    digits, `--digits`, `--invalid`); else the search's own strategies, with more
    letters than digits allowed when not every letter must differ."""
    if puzzle.distinct is None and 0 not in dict(puzzle.invalid):
        return S.compile_puzzle(puzzle.formula, puzzle.base)
    return S.compile_puzzle(puzzle.formula, puzzle.base, False,
                            many=puzzle.distinct is not None)


def puzzle_rules(puzzle: FormulaPuzzle, comp: S.Compiled | None = None) -> O.Rules:
    """The digits each letter may take and the groups that differ (`options.rules`)."""
    comp = comp or compiled(puzzle)
    return O.rules(comp.letters, comp.lead, puzzle.base, puzzle.digits, puzzle.invalid,
                   puzzle.distinct, frozenset(c for c, _ in puzzle.fixed))


def read_formulas(text: str | None, puzzle_type: type[FormulaPuzzle], what: str,
                  base: Any = None, fix: Any = None,
                  formula_of: Callable[[str], str] = str.strip,
                  **options: Any) -> list[FormulaPuzzle]:
    """One validated puzzle per formula line (`formula_of` turns a line into the
    formula; `what` names the puzzle in the error for non-text input). A line
    `base B`, `fix A=1,B=2`, `digits 0-8`, `invalid 0,AB` (one a digit) or
    `distinct ABC` sets that rule for the formulas after it (what `to_text` writes);
    the options of the same names override them. The options `symbols`, `extra` and
    a `?` in the formula rewrite it (`options.py`)."""
    if text is None:
        raise PuzzleError("no formula given")
    if not isinstance(text, str):
        raise PuzzleError(f"a {what} is text: one formula per line")
    if base is not None:
        base = read_base(base)
    fixed = parse_fixed(fix) if fix else None
    digits = O.parse_digits(options["digits"]) if options.get("digits") is not None else None
    invalid = O.parse_invalid(options["invalid"]) if options.get("invalid") is not None \
        else None
    distinct = O.parse_distinct(options["distinct"]) if "distinct" in options and \
        options["distinct"] is not None else _UNSET
    symbols, extra = options.get("symbols"), options.get("extra")
    if symbols is not None:
        O.check_symbols(symbols)
    if extra is not None:
        O.check_extra(extra)
    text_base, text_fixed = 10, {}
    text_digits: tuple[int, ...] = ()
    text_invalid: dict[int, str] = {}
    text_distinct: tuple[str, ...] | None = None
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
            if directive == "digits":
                text_digits = O.parse_digits(value.strip())
                continue
            if directive == "invalid":
                text_invalid.update(O.parse_invalid(value.strip()))
                continue
            if directive == "distinct":
                text_distinct = O.parse_distinct(value.strip())
                continue
            formula = formula_of(line)
            if symbols is not None:
                formula = O.with_symbols(formula, symbols)
            formula, wild = O.with_wildcards(formula)
            rule = text_distinct if distinct is _UNSET else distinct
            if wild and rule is None:       # a `?` differs from nothing
                letters = sorted({*S.compile_puzzle(formula, 10 if base is None else base,
                                                    False, many=True).letters} - wild)
                rule = ("".join(letters),) if len(letters) > 1 else ()
            puzzle = puzzle_type.of(O.with_extra(formula, extra),
                                    text_base if base is None else base,
                                    text_fixed if fixed is None else fixed,
                                    text_digits if digits is None else digits,
                                    tuple(sorted(text_invalid.items())) if invalid is None
                                    else invalid, rule)
            validate(puzzle)
        except PuzzleError as exc:
            raise PuzzleError(exc.reason, line=number, column=exc.column,
                              where=exc.where) from None
        out.append(puzzle)
    if not out:
        raise PuzzleError("no formula given (only blank or comment lines)")
    return out


_UNSET: Any = object()


def to_text(puzzle: FormulaPuzzle) -> str:
    """The formula, after `base B`, `fix A=1`, `digits`, `invalid` and `distinct`
    lines when needed."""
    lines = [f"base {puzzle.base}"] if puzzle.base != 10 else []
    if puzzle.fixed:
        lines.append("fix " + ",".join(f"{c}={d}" for c, d in puzzle.fixed))
    lines += O.describe(puzzle.digits, puzzle.invalid, puzzle.distinct)
    return "\n".join([*lines, puzzle.formula])


def assignments(puzzle: FormulaPuzzle, budget: Budget | None = None
                ) -> Iterator[dict[str, int]]:
    """Every solution as {letter: digit}, lazily, in the search's order."""
    comp = validate(puzzle)
    rules = None if puzzle.plain else puzzle_rules(puzzle, comp)
    for env in S.search(comp, dict(puzzle.fixed), budget, rules=rules):
        yield dict(zip(comp.letters, env, strict=False))


def count(puzzle: FormulaPuzzle, limit: int | None = None, budget: Budget | None = None) -> int:
    """How many solutions (up to `limit`)."""
    comp = validate(puzzle)
    rules = None if puzzle.plain else puzzle_rules(puzzle, comp)
    return S.count(comp, dict(puzzle.fixed), limit, budget, rules=rules)


def verify(puzzle: FormulaPuzzle, assignment: dict[str, int]) -> bool:
    """Whether the assignment solves the puzzle: every letter a digit of the base
    it may take (no leading zero, `--digits`, `--invalid`), the letters that must
    differ different, the fixed letters kept, the formula true."""
    comp = compiled(puzzle)
    rules = puzzle_rules(puzzle, comp)
    a = assignment
    if set(a) != set(comp.letters):
        return False
    if any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < puzzle.base
           for d in a.values()):
        return False
    if any(a[c] != d for c, d in puzzle.fixed):
        return False
    if any(not rules.allowed[i] >> a[c] & 1 for i, c in enumerate(comp.letters)):
        return False
    held: dict[tuple[int, int], str] = {}
    for i, c in enumerate(comp.letters):
        g = rules.groups[i]
        while g:
            bit = g & -g
            if (bit, a[c]) in held:
                return False
            held[bit, a[c]] = c
            g ^= bit
    return comp.holds([a[c] for c in comp.letters])

