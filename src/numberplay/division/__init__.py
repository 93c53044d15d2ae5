"""Skeleton long divisions: letters, `?` and given digits (enigma.py's SubstitutedDivision)."""

from .kind import KIND, DivisionKind
from .model import DivisionPuzzle, DivisionSolution

__all__ = ["KIND", "DivisionKind", "DivisionPuzzle", "DivisionSolution"]
