"""Cross Set: an N×N Latin square where every cell picks one of its candidates."""

from .kind import KIND, CrossSetKind
from .model import CrossSetPuzzle, CrossSetSolution

__all__ = ["KIND", "CrossSetKind", "CrossSetPuzzle", "CrossSetSolution"]
