"""CrossProduct: fill a grid with digits 1-9 so each row and column multiplies to its product."""

from .kind import KIND, CrossProductKind
from .model import CrossProductPuzzle, CrossProductSolution

Puzzle = CrossProductPuzzle
Solution = CrossProductSolution

__all__ = ["KIND", "CrossProductKind", "CrossProductPuzzle", "CrossProductSolution",
           "Puzzle", "Solution"]
