"""Types of the optional compiled module built from _settle.c."""

from collections.abc import Callable, Sequence

class Settle:
    """The techniques' fixpoint of one sum model on masks (settle.py)."""

    enabled: bool

    def __init__(self, n: int, base: int, lo: Sequence[int],
                 units: Sequence[tuple[bool, Sequence[int], int, Sequence[int], int, int]],
                 ncols: int, holds: Callable[[list[int]], bool] | None, /) -> None: ...

    def closes(self, var: int, bit: int, masks: Sequence[int], /) -> bool | int:
        """Is the fixpoint after the supposition a contradiction (-1: bounds needed)."""

    def fixpoint(self, masks: Sequence[int], /) -> tuple[int, ...] | None | int:
        """The techniques' fixpoint (None: contradiction; -1: bounds needed)."""

    def narrow(self, masks: Sequence[int], first: int, last: int, /
               ) -> tuple[int, tuple[int, ...] | None] | None | int:
        """The first unit of first..last-1 the ladder's filter narrows: (unit, its
        masks after, None when nothing fits), None, or -1: bounds needed."""
