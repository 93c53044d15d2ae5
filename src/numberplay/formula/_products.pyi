"""Types of the optional compiled module built from _products.c (see products.py)."""

from collections.abc import Sequence

def new(n: int, base: int, rank: list[int], words: list[list[int]], eqs: Sequence[object],
        doms: list[int], decided: int, /) -> object:
    """The search state of a program (letters, words, equations, masks, decided letters)."""

def run(state: object, max_nodes: int, /) -> tuple[int, tuple[int, ...] | None, int]:
    """(1: a solution, 0: max_nodes spent, -1: no more; the digits by letter; nodes)."""
