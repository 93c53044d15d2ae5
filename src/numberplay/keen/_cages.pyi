"""Types of the optional compiled module built from _cages.c."""

def fillings(n: int, add: bool, target: int, shape: tuple[tuple[int, ...], ...],
             cap: int) -> tuple[tuple[int, ...], ...]: ...
