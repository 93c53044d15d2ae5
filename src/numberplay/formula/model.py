"""Formula puzzle values: puzzles, solutions, digits, and the `--fix` option.

The modules of this core (solver, explanation) and the formula kinds share
these names; nothing here imports them back.
"""

from __future__ import annotations

import unicodedata
from dataclasses import KW_ONLY, dataclass
from typing import Any, Self

from ..errors import PuzzleError
from ..model import Puzzle, Solution
from ..text import shorten
from .lang import is_symbol, word_spans

# The domain's names.
Digit = int                                # 0..base-1
Letter = str                               # one letter of any script or case (`is_symbol`)
Assignment = tuple[tuple[Letter, Digit], ...]  # (letter, digit) pairs, by letter

# The digit characters of bases up to 36.
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class FormulaPuzzle(Puzzle):
    """A formula, its base and the letters fixed in advance (each formula kind
    subclasses it with its name), and enigma.py's rules (`options.py`): the digits
    the letters may take (`digits`, empty: all), the digits barred from letters
    (`invalid`: (digit, letters) pairs) and the groups of letters that differ
    (`distinct`: None, every letter from every other; (): none)."""

    formula: str
    base: int = 10
    fixed: Assignment = ()
    _: KW_ONLY          # (a subclass's own fields stay positional after `fixed`)
    digits: tuple[int, ...] = ()
    invalid: tuple[tuple[int, str], ...] = ()
    distinct: tuple[str, ...] | None = None

    @classmethod
    def of(cls, formula: str, base: int = 10, fixed: dict[str, int] | None = None,
           digits: tuple[int, ...] = (), invalid: tuple[tuple[int, str], ...] = (),
           distinct: tuple[str, ...] | None = None) -> Self:
        """The puzzle for a formula, a base and fixed letters (not validated)."""
        return cls(formula, base, tuple(sorted((fixed or {}).items())), digits=tuple(digits),
                   invalid=tuple(invalid),
                   distinct=None if distinct is None else tuple(distinct))

    @property
    def plain(self) -> bool:
        """No option beyond the base and the fixed letters (every letter distinct,
        every digit allowed, leading letters not 0)."""
        return not self.digits and not self.invalid and self.distinct is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"formula": self.formula, "base": self.base,
                               "fixed": dict(self.fixed)}
        if self.digits:
            out["digits"] = list(self.digits)
        if self.invalid:
            out["invalid"] = {str(d): letters for d, letters in self.invalid}
        if self.distinct is not None:
            out["distinct"] = list(self.distinct)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FormulaPuzzle:
        distinct = data.get("distinct")
        return cls(data["formula"], int(data.get("base", 10)),
                   tuple(sorted((k, int(v)) for k, v in (data.get("fixed") or {}).items())),
                   digits=tuple(int(d) for d in data.get("digits") or ()),
                   invalid=tuple(sorted((int(d), str(v)) for d, v in
                                        (data.get("invalid") or {}).items())),
                   distinct=None if distinct is None else tuple(str(g) for g in distinct))


@dataclass(frozen=True)
class FormulaSolution(Solution):
    """A digit for every letter, and the formula with the digits written in."""

    assignment: Assignment
    text: str

    @classmethod
    def of(cls, puzzle: FormulaPuzzle, assignment: dict[str, int]) -> Self:
        """The solution of `puzzle` given by an assignment."""
        return cls(tuple(sorted(assignment.items())), substitute(puzzle.formula, assignment))

    def to_json(self) -> dict[str, Any]:
        return {"assignment": dict(self.assignment), "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FormulaSolution:
        return cls(tuple(sorted((k, int(v)) for k, v in data["assignment"].items())),
                   data["text"])

    @property
    def mapping(self) -> dict[str, int]:
        """The assignment as a dict."""
        return dict(self.assignment)


def substitute(formula: str, assignment: dict[str, int]) -> str:
    """The formula with each letter of its words replaced by its digit (0-9, then
    A-Z); names such as `sum` and `x` are kept, even when their letters are letters
    of the formula (`sum(range(us)) = ...`)."""
    table = {ord(c): DIGITS[d] for c, d in assignment.items()}
    spans = word_spans(formula)
    if not spans:
        return formula.translate(table)
    out, last = [], 0
    for start, end in spans:
        out += [formula[last:start], _fill(formula[start:end], table)]
        last = end
    out.append(formula[last:])
    return "".join(out)


def _fill(word: str, table: dict[int, str]) -> str:
    """A word with its letters' digits: a digit stays itself, a symbol digit `_3`
    (cryptator's reading) becomes the digit of the symbol 3."""
    if not any("0" <= ch <= "9" for ch in word):
        return word.translate(table)
    out, k = [], 0
    while k < len(word):
        ch = word[k]
        if ch == "_" and k + 1 < len(word) and "0" <= word[k + 1] <= "9":
            out.append(table.get(ord(word[k + 1]), word[k:k + 2]))
            k += 2
            continue
        out.append(ch if "0" <= ch <= "9" else ch.translate(table))
        k += 1
    return "".join(out)


def parse_fixed(fixed: str | dict | None) -> dict[str, int]:
    """`A=1,B=2` (or a dict) as {letter: digit}; PuzzleError for anything else
    (not one letter, a value that is not a small whole number)."""
    if not fixed:
        return {}
    if isinstance(fixed, dict):
        out = {}
        for k, v in fixed.items():
            if not isinstance(k, str) or not is_symbol(unicodedata.normalize("NFC", k)):
                raise PuzzleError(f"--fix: {str(k)[:20]!r} is not a letter")
            k = unicodedata.normalize("NFC", k)
            if isinstance(v, str) and v.isascii() and v.isdigit() and len(v) <= 2:
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int):
                raise PuzzleError(f"--fix: {k}={str(v)[:20]!r} is not a digit")
            out[k] = v
        return out
    if not isinstance(fixed, str):
        raise PuzzleError("--fix expects LETTER=DIGIT,... (a string or a dict)")
    out = {}
    for part in fixed.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        name, value = unicodedata.normalize("NFC", name.strip()), value.strip()
        if not sep or not is_symbol(name) or not value.isascii() \
                or not value.isdigit() or len(value) > 2:
            shown = shorten(part.strip())
            raise PuzzleError(f"--fix expects LETTER=DIGIT,..., not {shown!r}")
        out[name] = int(value)
    return out
