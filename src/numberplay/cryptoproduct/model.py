"""Crypto-product values: `X x Y = Z` puzzles and solutions, and the colours.

The symbols are colour initials; how each is shown (name, SVG fill, terminal
background) is fixed here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..errors import PuzzleError
from ..formula.lang import is_word
from ..formula.model import FormulaPuzzle, FormulaSolution

# The crypto-product symbols: colour initials, and how they are shown.
COLOURS = "RGBWOYPCMT"
COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue", "W": "white", "O": "orange",
                "Y": "yellow", "P": "purple", "C": "cyan", "M": "magenta", "T": "teal"}
HEX = {"R": "#d62728", "G": "#2ca02c", "B": "#1f77b4", "W": "#f4f4f4", "O": "#ff7f0e",
       "Y": "#ffd700", "P": "#7b3fa0", "C": "#17becf", "M": "#e377c2", "T": "#008080"}
ANSI_BG = {"R": "on red", "G": "on green", "B": "on blue", "W": "on white",
           "O": "on dark_orange", "Y": "on yellow", "P": "on purple", "C": "on cyan",
           "M": "on magenta", "T": "on dark_cyan"}

# `X x Y = Z` with three words of capital letters (of any alphabet: `is_word`).
PRODUCT_SHAPE = re.compile(r"^\s*([^\W\d_]+)\s*(?:x|\*|×)\s*([^\W\d_]+)\s*(?:==?)\s*"
                           r"([^\W\d_]+)\s*$")
# The FEUP report's Prolog form: `puzzle(6,[G,R],[R,G],[R,B,R]).`
_PROLOG = re.compile(r"puzzle\(\s*\d+\s*,\s*\[([\w,\s]*)\]\s*,\s*\[([\w,\s]*)\]\s*,"
                     r"\s*\[([\w,\s]*)\]\s*\)\.?")


def product_formula(line: str) -> str:
    """The formula `X x Y = Z` of one input line (also in the Prolog form);
    PuzzleError for anything else."""
    m = _PROLOG.fullmatch(line)
    if m:
        x, y, z = (g.replace(",", "").replace(" ", "") for g in m.groups())
        line = f"{x} x {y} = {z}"
    m = PRODUCT_SHAPE.match(line)
    if not m or not all(is_word(w) for w in m.groups()):
        raise PuzzleError("a crypto-product is 'X x Y = Z' with three words of capital "
                          f"letters, not {line[:40]!r}")
    return f"{m.group(1)} x {m.group(2)} = {m.group(3)}"


@dataclass(frozen=True)
class CryptoProductPuzzle(FormulaPuzzle):
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
        plain = FormulaPuzzle.from_json(data)
        return cls(plain.formula, plain.base, plain.fixed, bool(data.get("color", False)))

    def words(self) -> tuple[str, str, str]:
        """(X, Y, Z)."""
        m = PRODUCT_SHAPE.match(self.formula)
        assert m is not None
        return m.group(1), m.group(2), m.group(3)


@dataclass(frozen=True)
class CryptoProductSolution(FormulaSolution):
    """A digit per colour and the product with digits."""

    kind: ClassVar[str] = "cryptoproduct"
