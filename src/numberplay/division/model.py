"""Skeleton long division values: the puzzle, its layout, its solutions.

A puzzle is written as enigma.py writes it, on one line: the division
`A / B = C`, then one subtraction `X - Y = Z` per digit of the quotient,
separated by `;`, with an empty part where the quotient has a 0 digit:

    7????? / ?? = ????? ; 7? - ?? = ?? ; ??? - ?? = ? ; ; ??? - ?? = ?? ; ??? - ??7 = 0

Letters (upper and lower case are different letters) are unknown digits, distinct
from each other unless told otherwise; digits are given; `?` is any digit. No
number starts with 0, so a lone `?` or letter is not 0; the last Z is the
remainder, written `0` when the division comes out exactly.

The rules are the arithmetic of the written layout, as enigma.py reads it: each
Y is the divisor times its quotient digit, each Z is X - Y, each X is the Z
before it with the dividend's next digits brought down, and the quotient's digit
is 0 where a subtraction is empty. (enigma.py does not ask a remainder to be
smaller than the divisor, so neither do we: the same skeleton, the same solutions.)

`Layout` places every number of the printed division in the dividend's columns,
and checks that the parts line up (naming the part and the column otherwise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..formula.model import parse_fixed
from ..model import Puzzle, Solution

Digit = int
Letter = str
Pattern = str                                  # digits, letters and `?`
Assignment = tuple[tuple[Letter, Digit], ...]  # (letter, digit) pairs, by letter
Sub = tuple[Pattern, Pattern, Pattern] | None  # X - Y = Z, None for a 0 quotient digit

ANY = "?"
MAX_DIGITS = 40           # the longest number of a layout (docs/limits.md)
MAX_DIVISOR = 20
_DIVISION = re.compile(r"^\s*(\S+)\s*/\s*(\S+)\s*=\s*(\S+)\s*$")
_SUBTRACTION = re.compile(r"^\s*(\S+)\s*-\s*(\S+)\s*=\s*(\S*)\s*$")


def is_letter(ch: str) -> bool:
    """A letter of the pattern: an unknown digit (any script, either case)."""
    return ch.isalpha()


def _check_pattern(text: str, what: str, column: int) -> None:
    if len(text) > MAX_DIGITS:
        raise PuzzleError(f"{what}: at most {MAX_DIGITS} digits, not {len(text)}",
                          column=column)
    for k, ch in enumerate(text):
        if not (ch == ANY or "0" <= ch <= "9" or is_letter(ch)):
            raise PuzzleError(f"{what}: {ch!r} is not a digit, a letter or '?'",
                              column=column + k)
    if len(text) > 1 and text[0] == "0":
        raise PuzzleError(f"{what}: a number does not start with 0", column=column)


@dataclass(frozen=True)
class DivisionPuzzle(Puzzle):
    """A skeleton long division and its options.

    fixed: letters given a digit in advance (`--fix A=1`);
    distinct: the groups of letters whose digits differ (None: all the letters;
      `()`: none);
    digits: the digits a letter may take (None: 0-9);
    invalid: (digit, letters) pairs: the digit is none of those letters.
    """

    kind: ClassVar[str] = "division"
    dividend: Pattern
    divisor: Pattern
    quotient: Pattern
    subs: tuple[Sub, ...]
    fixed: Assignment = ()
    distinct: tuple[str, ...] | None = None
    digits: tuple[Digit, ...] | None = None
    invalid: tuple[tuple[Digit, str], ...] = ()
    extra: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"division": division_text(self)}
        if self.fixed:
            data["fixed"] = dict(self.fixed)
        if self.distinct is not None:
            data["distinct"] = list(self.distinct)
        if self.digits is not None:
            data["digits"] = list(self.digits)
        if self.invalid:
            data["invalid"] = [[d, s] for d, s in self.invalid]
        if self.extra:
            data["extra"] = self.extra
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DivisionPuzzle:
        if not isinstance(data, dict):
            raise PuzzleError("a division's JSON is an object with a \"division\" text")
        text = data.get("division")
        if not isinstance(text, str):
            if all(isinstance(data.get(k), str) for k in ("dividend", "divisor", "quotient")):
                subs = data.get("subtractions") or []
                if not isinstance(subs, list):
                    raise PuzzleError("\"subtractions\" is a list of 'X - Y = Z' texts")
                text = f"{data['dividend']} / {data['divisor']} = {data['quotient']} ; " + \
                    " ; ".join(s if isinstance(s, str) else "" for s in subs)
            else:
                raise PuzzleError("a division's JSON needs \"division\": 'A / B = C ; X - Y = Z ; ...'")
        invalid = data.get("invalid")
        if isinstance(invalid, list):
            invalid = ";".join(f"{d[0]},{d[1]}" if isinstance(d, (list, tuple)) and len(d) == 2
                               else str(d) for d in invalid)
        return parse_division(text, fix=data.get("fixed"), distinct=data.get("distinct"),
                              digits=data.get("digits"), invalid=invalid,
                              extra=data.get("extra"))

    def letters(self) -> tuple[Letter, ...]:
        """The letters of the skeleton, in order of first appearance."""
        seen: dict[str, None] = {}
        for part in (self.dividend, self.divisor, self.quotient,
                     *(p for s in self.subs if s for p in s)):
            for ch in part:
                if is_letter(ch):
                    seen.setdefault(ch)
        return tuple(seen)


@dataclass(frozen=True)
class DivisionSolution(Solution):
    """The numbers of the division and the letters' digits."""

    kind: ClassVar[str] = "division"
    dividend: int
    divisor: int
    quotient: int
    remainder: int
    letters: Assignment = ()

    def to_json(self) -> dict[str, Any]:
        return {"dividend": self.dividend, "divisor": self.divisor, "quotient": self.quotient,
                "remainder": self.remainder, "letters": dict(self.letters)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DivisionSolution:
        try:
            return cls(int(data["dividend"]), int(data["divisor"]), int(data["quotient"]),
                       int(data["remainder"]),
                       tuple(sorted((str(k), int(v)) for k, v in
                                    (data.get("letters") or {}).items())))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise PuzzleError("a division's solution has integer dividend, divisor, quotient, "
                              "remainder and its letters' digits") from None

    @property
    def mapping(self) -> dict[str, int]:
        return dict(self.letters)


# -- the text form ---------------------------------------------------------------------------
def division_text(p: DivisionPuzzle) -> str:
    """`A / B = C ; X - Y = Z ; ...` (an empty part for a 0 quotient digit)."""
    parts = [f"{p.dividend} / {p.divisor} = {p.quotient}"]
    parts += ["" if s is None else f"{s[0]} - {s[1]} = {s[2]}" for s in p.subs]
    return " ; ".join(parts).replace(" ;  ;", " ; ;").rstrip()


def parse_division(text: str, fix: Any = None, distinct: Any = None, digits: Any = None,
                   invalid: Any = None, extra: Any = None) -> DivisionPuzzle:
    """The puzzle of one line; PuzzleError naming the part and column otherwise."""
    if not isinstance(text, str):
        raise PuzzleError("a division is text: 'A / B = C ; X - Y = Z ; ...'")
    parts = text.split(";")
    starts = [0]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    m = _DIVISION.match(parts[0])
    if not m:
        raise PuzzleError("a division starts 'A / B = C' (dividend / divisor = quotient), "
                          f"not {parts[0].strip()[:40]!r}", column=1)
    names = ("the dividend", "the divisor", "the quotient")
    for k, name in enumerate(names):
        _check_pattern(m.group(k + 1), name, m.start(k + 1) + 1)
    a, b, c = m.groups()
    if len(b) > MAX_DIVISOR:
        raise PuzzleError(f"the divisor: at most {MAX_DIVISOR} digits, not {len(b)}",
                          column=m.start(2) + 1)
    subs: list[Sub] = []
    for k, part in enumerate(parts[1:], start=1):
        col = starts[k] + 1 + (len(part) - len(part.lstrip()))
        if not part.strip():
            subs.append(None)
            continue
        sm = _SUBTRACTION.match(part)
        if not sm:
            raise PuzzleError(f"subtraction {k}: expected 'X - Y = Z' (or nothing for a 0 "
                              f"digit of the quotient), not {part.strip()[:30]!r}", column=col)
        x, y, z = sm.groups()
        if not z:
            z = "0"
        for j, what in enumerate("XYZ"):
            _check_pattern(sm.group(j + 1) or "0", f"subtraction {k}'s {what}",
                           starts[k] + 1 + sm.start(j + 1))
        subs.append((x, y, z))
    # a trailing ';' with nothing after it stands for nothing (not a 0 digit) when the
    # parts are one more than the quotient's digits
    if len(subs) == len(c) + 1 and subs[-1] is None:
        subs.pop()
    puzzle = DivisionPuzzle(dividend=a, divisor=b, quotient=c, subs=tuple(subs),
                            fixed=_fixed(fix), distinct=_distinct(distinct),
                            digits=_digits(digits), invalid=_invalid(invalid),
                            extra=_extra(extra))
    layout_of(puzzle)   # checks that the parts line up
    letters = set(puzzle.letters())
    for name, _d in puzzle.fixed:
        if name not in letters:
            raise PuzzleError(f"--fix: letter {name} is not in the division")
    if puzzle.extra:
        bad = sorted(set(extra_condition(puzzle).letters) - letters)
        if bad:
            raise PuzzleError(f"--extra: {bad[0]} is not a letter of the division")
    return puzzle


def extra_condition(puzzle: DivisionPuzzle) -> Any:
    """The compiled --extra condition (the formula core's: `letters`, `holds(values)`)."""
    from ..formula.solver import compile_puzzle
    return compile_puzzle(puzzle.extra, 10)


def extra_holds(puzzle: DivisionPuzzle, letters: dict[str, int]) -> bool:
    """Does the --extra condition hold for these letters' digits (True without one)?"""
    if not puzzle.extra:
        return True
    comp = extra_condition(puzzle)
    return bool(comp.holds([letters[c] for c in comp.letters]))


def _fixed(fix: Any) -> Assignment:
    out = parse_fixed(fix)
    for name, d in out.items():
        if not 0 <= d <= 9:
            raise PuzzleError(f"--fix: {name}={d} is not a digit")
    return tuple(sorted(out.items()))


def _distinct(value: Any) -> tuple[str, ...] | None:
    """--distinct (the formula core's reading): None (all letters), () (none), or groups."""
    from ..formula.options import parse_distinct
    return parse_distinct(value)


def _digits(value: Any) -> tuple[Digit, ...] | None:
    """--digits (the formula core's reading): the digits a letter or `?` may take."""
    if value is None:
        return None
    from ..formula.options import parse_digits
    return parse_digits(value, 10)


def _invalid(value: Any) -> tuple[tuple[Digit, str], ...]:
    """--invalid D,LETTERS (the formula core's reading; repeated: joined by ';')."""
    if value is None or value == "":
        return ()
    from ..formula.options import parse_invalid
    return tuple((d, s) for d, s in parse_invalid(value, 10) if s)


def _extra(value: Any) -> str | None:
    """--extra: a condition of the formula language on the letters."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    from ..formula.options import check_extra
    check_extra(value)
    return value.strip()


# -- the layout ----------------------------------------------------------------------------
@dataclass(frozen=True)
class StepLayout:
    """One subtraction, placed: its index k in the quotient (0 = first digit), the
    dividend's column its numbers end under (`end`), the digits of the previous
    difference that start X (`head`) and the dividend's columns brought down into X
    (`down`, left to right)."""

    k: int
    x: Pattern
    y: Pattern
    z: Pattern
    end: int
    head: int
    down: tuple[int, ...]
    last: bool          # the last subtraction written (its Z leads to the remainder)
    exact: bool         # Z is `0`: X and Y are equal


@dataclass(frozen=True)
class Layout:
    """The puzzle's numbers in the dividend's columns (0 = its first digit)."""

    puzzle: DivisionPuzzle
    steps: tuple[StepLayout, ...]
    trailing: tuple[int, ...]     # the dividend's columns after the last subtraction

    @property
    def n(self) -> int:
        return len(self.puzzle.dividend)

    @property
    def m(self) -> int:
        return len(self.puzzle.quotient)

    def quotient_column(self, k: int) -> int:
        """The dividend's column above which quotient digit k is written."""
        return self.n - self.m + k

    def remainder_pattern(self) -> Pattern:
        """The remainder as written: the last Z (nothing when `0`), then the
        dividend's digits brought down after it."""
        last = self.steps[-1]
        head = "" if last.exact else last.z
        return head + "".join(self.puzzle.dividend[c] for c in self.trailing)


def layout_of(puzzle: DivisionPuzzle) -> Layout:
    """The puzzle's layout (cached); PuzzleError where the parts do not line up."""
    return _layout(puzzle.dividend, puzzle.divisor, puzzle.quotient, puzzle.subs, puzzle)


@lru_cache(maxsize=256)
def _layout(a: str, b: str, c: str, subs: tuple[Sub, ...], puzzle: DivisionPuzzle) -> Layout:
    n, m = len(a), len(c)
    if m > n:
        raise PuzzleError(f"the quotient ({m} digits) is longer than the dividend ({n})",
                          where="the quotient")
    if b == "0":
        raise PuzzleError("the divisor is 0: no number is divided by 0", where="the divisor")
    if len(subs) != m:
        raise PuzzleError(f"the quotient has {m} digit(s), so the division has {m} "
                          f"subtraction(s) (an empty one for each 0 digit), not {len(subs)}")
    if subs[0] is None:
        raise PuzzleError("subtraction 1 is empty, but the quotient does not start with 0")
    if subs and all(s is None for s in subs):
        raise PuzzleError("a division has at least one subtraction")
    last_k = max(k for k, s in enumerate(subs) if s is not None)
    steps: list[StepLayout] = []
    prev_end, prev_z = -1, ""
    for k, s in enumerate(subs):
        if s is None:
            if c[k] not in (ANY, "0") and not is_letter(c[k]):
                raise PuzzleError(f"subtraction {k + 1} is empty, so quotient digit {k + 1} "
                                  f"is 0, not {c[k]}", where="the quotient")
            continue
        x, y, z = s
        if c[k] == "0":
            raise PuzzleError(f"quotient digit {k + 1} is 0, so subtraction {k + 1} is empty",
                              where=f"subtraction {k + 1}")
        end = n - m + k
        down = tuple(range(prev_end + 1, end + 1))
        want = len(prev_z) + len(down)
        where = f"subtraction {k + 1}"
        if len(x) != want:
            told = (f"the difference {prev_z} above it and {len(down)} digit(s) brought down"
                    if prev_z else f"the dividend's first {len(down)} digit(s)")
            raise PuzzleError(f"X ({x}) has {len(x)} digit(s), but lines up with {want}: {told}",
                              where=where)
        if len(y) > len(x):
            raise PuzzleError(f"Y ({y}) is longer than X ({x}) above it", where=where)
        if len(y) < len(b) or len(y) > len(b) + 1:
            raise PuzzleError(f"Y ({y}) is the divisor ({b}) times a digit, so it has "
                              f"{len(b)} or {len(b) + 1} digits", where=where)
        exact = k == last_k and z == "0"
        if z == "0" and not exact:
            raise PuzzleError("a difference of 0 is only written as the remainder",
                              where=where)
        if len(z) > len(x):
            raise PuzzleError(f"Z ({z}) is longer than X ({x})", where=where)
        if exact and len(y) != len(x):
            raise PuzzleError(f"X ({x}) and Y ({y}) differ by 0, so they have as many digits",
                              where=where)
        steps.append(StepLayout(k, x, y, z, end, len(prev_z), down, k == last_k, exact))
        prev_end, prev_z = end, ("" if exact else z)
    return Layout(puzzle, tuple(steps), tuple(range(prev_end + 1, n)))


# -- the worked division (the rules, independently of any search) ---------------------------
@dataclass(frozen=True)
class Worked:
    """The numbers of a division as written, from its dividend, divisor and quotient."""

    rows: tuple[tuple[int, int, int, int] | None, ...]   # (x, y, z, end) per quotient digit
    remainder: int


def work(layout: Layout, a: int, b: int, c: int) -> Worked | None:
    """The subtractions of `a / b = c` laid out as the puzzle's are (None when the
    quotient has another length or a digit the skeleton's empty parts deny)."""
    n, m = layout.n, layout.m
    digits_a, digits_c = str(a), str(c)
    if len(digits_a) != n or len(digits_c) != m:
        return None
    rows: list[tuple[int, int, int, int] | None] = [None] * m
    z, cursor = 0, 0
    for k in range(m):
        q = int(digits_c[k])
        if (layout.puzzle.subs[k] is None) != (q == 0):
            return None
        if q == 0:
            continue
        end = n - m + k
        x = z * 10 ** (end + 1 - cursor) + int(digits_a[cursor:end + 1])
        y = b * q
        z = x - y
        if z < 0:
            return None
        rows[k] = (x, y, z, end)
        cursor = end + 1
    rem = z * 10 ** (n - cursor) + (int(digits_a[cursor:]) if cursor < n else 0)
    return Worked(tuple(rows), rem)


def solution_text(puzzle: DivisionPuzzle, s: DivisionSolution) -> str:
    """The division with its digits: `47670 / 77 = 619 ; 476 - 462 = 14 ; ...`."""
    worked = work(layout_of(puzzle), s.dividend, s.divisor, s.quotient)
    parts = [f"{s.dividend} / {s.divisor} = {s.quotient}"]
    if worked is not None:
        parts += ["" if r is None else f"{r[0]} - {r[1]} = {r[2]}" for r in worked.rows]
    return " ; ".join(parts).replace(" ;  ;", " ; ;").rstrip()


# -- the puzzle as printed: one character per printed place ----------------------------------
@dataclass(frozen=True)
class Merged:
    """The skeleton with each printed place's characters made one: the dividend
    takes the first X's characters and those each X brings down; an X's first
    digits and the difference above it take each other's (they are one number,
    printed once). `clashes` tells where two given characters met in one place
    (`A` in one line, `5` in the other): the drawing says them beside the division."""

    puzzle: DivisionPuzzle
    clashes: tuple[str, ...]


def _meet(a: str, b: str) -> str:
    """The character a place shows: a given one over `?`; a letter over a digit."""
    if a == ANY:
        return b
    if b == ANY or a == b:
        return a
    return a if is_letter(a) else b


def merged(puzzle: DivisionPuzzle) -> Merged:
    """The puzzle with every line carrying every character of its places (the
    same solutions: the characters met were of one digit already)."""
    lay = layout_of(puzzle)
    a = list(puzzle.dividend)
    xs: dict[int, list[str]] = {st.k: list(st.x) for st in lay.steps}
    zs: dict[int, list[str]] = {st.k: list(st.z) for st in lay.steps}
    clashes: list[str] = []

    def meet(where: str, old: str, new: str) -> str:
        if old != ANY and new != ANY and old != new:
            clashes.append(f"{where}: {old} = {new}")
        return _meet(old, new)

    prev: StepLayout | None = None
    for st in lay.steps:
        x = xs[st.k]
        for j, col in enumerate(st.down):
            a[col] = meet(f"the dividend's digit {col + 1}", a[col], x[st.head + j])
        if prev is not None:
            z = zs[prev.k]
            for j in range(st.head):
                z[j] = meet(f"subtraction {prev.k + 1}'s difference", z[j], x[j])
        prev = st
    # and back: each X shows what its places hold
    prev = None
    for st in lay.steps:
        x = xs[st.k]
        for j, col in enumerate(st.down):
            x[st.head + j] = a[col]
        if prev is not None:
            x[:st.head] = zs[prev.k]
        prev = st
    subs: list[Sub] = []
    for k, s in enumerate(puzzle.subs):
        subs.append(None if s is None else ("".join(xs[k]), s[1], "".join(zs[k])))
    from dataclasses import replace
    out = replace(puzzle, dividend="".join(a), subs=tuple(subs))
    return Merged(out, tuple(dict.fromkeys(clashes)))
