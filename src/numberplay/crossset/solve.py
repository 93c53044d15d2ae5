"""Cross Set's search: the Latin core's, the candidate lists being the domains."""

from __future__ import annotations

import os
from collections.abc import Iterator

from ..budget import Budget
from ..latin import search

ENGINE_ENV = "NUMBERPLAY_CROSSSET_ENGINE"  # "c" or "python"; else the core's own choice


def solve_masks(n: int, masks: list[int], limit: int | None = None,
                budget: Budget | None = None, engine: str | None = None) -> Iterator[list[int]]:
    """Every solution (flat 0-based values), lazily, in a deterministic order;
    the engine is `engine`, else $NUMBERPLAY_CROSSSET_ENGINE, else the core's default."""
    return search.solve_masks(n, masks, limit=limit, budget=budget,
                              engine=engine or os.environ.get(ENGINE_ENV) or None)
