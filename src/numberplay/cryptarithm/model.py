"""Cryptarithm and crypto-product values: puzzles, solutions, digits and colours.

The modules of this package (solver, explain, generators, kinds) share these
names; nothing here imports them back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..model import Puzzle, Solution
from ..text import shorten

# The domain's names.
Digit = int                                # 0..base-1
Letter = str                               # one capital letter
Assignment = tuple[tuple[Letter, Digit], ...]  # (letter, digit) pairs, by letter

# The digit characters of bases up to 36.
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# The crypto-product symbols: colour initials, and how they are shown.
COLOURS = "RGBWOYPCMT"
COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue", "W": "white", "O": "orange",
                "Y": "yellow", "P": "purple", "C": "cyan", "M": "magenta", "T": "teal"}
HEX = {"R": "#d62728", "G": "#2ca02c", "B": "#1f77b4", "W": "#f4f4f4", "O": "#ff7f0e",
       "Y": "#ffd700", "P": "#7b3fa0", "C": "#17becf", "M": "#e377c2", "T": "#008080"}
ANSI_BG = {"R": "on red", "G": "on green", "B": "on blue", "W": "on white",
           "O": "on dark_orange", "Y": "on yellow", "P": "on purple", "C": "on cyan",
           "M": "on magenta", "T": "on dark_cyan"}

# `X x Y = Z` with three words of capital letters.
PRODUCT_SHAPE = re.compile(r"^\s*([A-Z]+)\s*(?:x|\*|×)\s*([A-Z]+)\s*(?:==?)\s*([A-Z]+)\s*$")


@dataclass(frozen=True)
class CryptarithmPuzzle(Puzzle):
    """A formula, its base and the letters fixed in advance."""

    kind: ClassVar[str] = "cryptarithm"
    formula: str
    base: int = 10
    fixed: Assignment = ()

    def to_json(self) -> dict[str, Any]:
        return {"formula": self.formula, "base": self.base, "fixed": dict(self.fixed)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CryptarithmPuzzle:
        return cls(data["formula"], int(data.get("base", 10)),
                   tuple(sorted((k, int(v)) for k, v in (data.get("fixed") or {}).items())))


@dataclass(frozen=True)
class CryptarithmSolution(Solution):
    """A digit for every letter, and the formula with the digits written in."""

    kind: ClassVar[str] = "cryptarithm"
    assignment: Assignment
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"assignment": dict(self.assignment), "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CryptarithmSolution:
        return cls(tuple(sorted((k, int(v)) for k, v in data["assignment"].items())),
                   data["text"])

    @property
    def mapping(self) -> dict[str, int]:
        """The assignment as a dict."""
        return dict(self.assignment)


@dataclass(frozen=True)
class CryptoProductPuzzle(CryptarithmPuzzle):
    """`X x Y = Z`; `color` only changes the text rendering."""

    kind: ClassVar[str] = "cryptoproduct"
    color: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.color:
            data["color"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CryptoProductPuzzle:
        plain = CryptarithmPuzzle.from_json(data)
        return cls(plain.formula, plain.base, plain.fixed, bool(data.get("color", False)))

    def words(self) -> tuple[str, str, str]:
        """(X, Y, Z)."""
        m = PRODUCT_SHAPE.match(self.formula)
        assert m is not None
        return m.group(1), m.group(2), m.group(3)


@dataclass(frozen=True)
class CryptoProductSolution(CryptarithmSolution):
    """A digit per colour and the product with digits."""

    kind: ClassVar[str] = "cryptoproduct"


def substitute(formula: str, assignment: dict[str, int]) -> str:
    """The formula with each letter replaced by its digit (0-9, then A-Z)."""
    table = {ord(c): DIGITS[d] for c, d in assignment.items()}
    return formula.translate(table)


def parse_fixed(fixed: str | dict | None) -> dict[str, int]:
    """`A=1,B=2` (or a dict) as {letter: digit}; PuzzleError for anything else
    (a letter outside A-Z, a value that is not a small whole number)."""
    if not fixed:
        return {}
    if isinstance(fixed, dict):
        out = {}
        for k, v in fixed.items():
            if not isinstance(k, str) or len(k) != 1 or not ("A" <= k <= "Z"):
                raise PuzzleError(f"--fix: {str(k)[:20]!r} is not a capital letter A-Z")
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
        name, value = name.strip(), value.strip()
        if not sep or len(name) != 1 or not ("A" <= name <= "Z") or not value.isascii() \
                or not value.isdigit() or len(value) > 2:
            shown = shorten(part.strip())
            raise PuzzleError(f"--fix expects LETTER=DIGIT,..., not {shown!r}")
        out[name] = int(value)
    return out
