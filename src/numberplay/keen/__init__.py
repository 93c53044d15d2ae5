"""Keen (KenKen, MathDoku): a Latin square cut into cages with arithmetic clues."""

from .kind import KIND, KeenKind
from .model import Cage, KeenPuzzle, KeenSolution

__all__ = ["KIND", "Cage", "KeenKind", "KeenPuzzle", "KeenSolution"]
