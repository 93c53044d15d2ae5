"""Cross Set's search: the Latin core's, the candidate lists being the domains."""

from __future__ import annotations

from collections.abc import Iterator

from ..budget import Budget
from ..latin import search


def solve_masks(n: int, masks: list[int], limit: int | None = None,
                budget: Budget | None = None) -> Iterator[list[int]]:
    """Every solution (flat 0-based values), lazily, in a deterministic order."""
    return search.solve_masks(n, masks, limit=limit, budget=budget)
