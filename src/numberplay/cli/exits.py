"""Exit codes of the puzzle commands: one per puzzle, the worst for the command."""

from __future__ import annotations

from ..model import SOLVED, STALLED
from ..services.search import SearchResult
from .common import (
    EXIT_BAD_INPUT,
    EXIT_MULTIPLE,
    EXIT_NONE,
    EXIT_OK,
    EXIT_PARTIAL,
    EXIT_UNDECIDED,
)


def worst(codes: list[int]) -> int:
    """The code of a command over several puzzles: the most serious one."""
    for code in (EXIT_BAD_INPUT, EXIT_UNDECIDED, EXIT_PARTIAL, EXIT_NONE, EXIT_MULTIPLE):
        if code in codes:
            return code
    return EXIT_OK


def solve_code(result: SearchResult) -> int:
    """0 when a solution was found, 1 when there is none, 3 when undecided."""
    if result.count > 0:
        return EXIT_OK
    return EXIT_NONE if result.complete else EXIT_UNDECIDED


def explain_code(technique: str | None, complete: bool) -> int:
    """The code of an explanation from its last technique."""
    if not complete:
        return EXIT_UNDECIDED
    if technique == SOLVED:
        return EXIT_OK
    if technique == STALLED:
        return EXIT_PARTIAL
    return EXIT_NONE


def multiple(code: int, several: bool) -> int:
    """Exit 4 for a puzzle with several solutions, as check does (unless deductions
    stalled under --no-search, 5, or a budget ran out, 3)."""
    return EXIT_MULTIPLE if several and code in (EXIT_OK, EXIT_NONE) else code
