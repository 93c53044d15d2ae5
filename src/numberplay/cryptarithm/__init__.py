"""Cryptarithms (`SEND + MORE = MONEY`), on the formula core (`numberplay.formula`).

Kept light: the kind is built lazily on first attribute access.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "KIND":
        from .kind import KIND
        return KIND
    raise AttributeError(name)
