"""The order of a Latin square from a `--size` value: `N` or `NxN`."""

from __future__ import annotations

from ..errors import PuzzleError
from ..text import shorten


def parse_order(size: str, lo: int, hi: int, family: str, example: int) -> int:
    """The order N that `size` gives ("7" or "7x7"), lo <= N <= hi; PuzzleError naming
    the family (for "grids are square") and the range otherwise."""
    text = str(size).strip().lower()
    if "x" in text:
        a, _, b = text.partition("x")
        if a.strip() != b.strip():
            raise PuzzleError(f"{family} grids are square: size {size!r}")
        text = a.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 6 or not lo <= int(text) <= hi:
        raise PuzzleError(f"bad size {shorten(size)!r}: give the order N, {lo}..{hi} "
                          f"(e.g. {example})")
    return int(text)
