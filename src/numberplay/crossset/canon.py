"""Cross Set's canonical key: the Latin core's key of the candidate triples."""

from __future__ import annotations

from ..latin.canon import canonical_key as latin_key
from .model import CrossSetPuzzle


def canonical_key(puzzle: CrossSetPuzzle) -> str:
    """Invariant under row and column permutations, transposition and value renaming
    (see `numberplay.latin.canon`)."""
    n = puzzle.n
    triples = [(r, c, v - 1) for r in range(n) for c in range(n) for v in puzzle.cells[r][c]]
    return "crossset:" + latin_key(n, triples)
