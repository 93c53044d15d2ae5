"""Cryptarithms (`SEND + MORE = MONEY`) and crypto-products (`GR x RG = RBR`).

Kept light: the kinds are built lazily on first attribute access.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "KIND":
        from .kind import KIND
        return KIND
    if name == "CRYPTOPRODUCT":
        from .cryptoproduct import CRYPTOPRODUCT
        return CRYPTOPRODUCT
    raise AttributeError(name)
