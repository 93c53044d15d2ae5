"""Cryptarithm values: a formula puzzle and its solution under the kind's name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..formula.model import FormulaPuzzle, FormulaSolution


@dataclass(frozen=True)
class CryptarithmPuzzle(FormulaPuzzle):
    """A formula, its base and the letters fixed in advance."""

    kind: ClassVar[str] = "cryptarithm"


@dataclass(frozen=True)
class CryptarithmSolution(FormulaSolution):
    """A digit for every letter, and the formula with the digits written in."""

    kind: ClassVar[str] = "cryptarithm"
