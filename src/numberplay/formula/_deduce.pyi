"""Types of the optional compiled module built from _deduce.c."""

from collections.abc import Callable, Sequence

class Deducer:
    """The fixpoint and trial search of one sum model on masks (fixpoint.py, trials.py)."""

    enabled: bool

    def __init__(self, n: int, base: int, lo: Sequence[int],
                 units: Sequence[tuple[bool, Sequence[int], int, Sequence[int], int, int]],
                 order: Sequence[int], ncols: int,
                 holds: Callable[[list[int]], bool] | None, /) -> None: ...

    def closes(self, var: int, bit: int, masks: Sequence[int], /) -> bool | int:
        """Is the fixpoint after the supposition a contradiction (-1: bounds needed)."""

    def fixpoint(self, masks: Sequence[int], /) -> tuple[int, ...] | None | int:
        """The techniques' fixpoint (None: contradiction; -1: bounds needed)."""

    def step(self, masks: Sequence[int], /) -> tuple[int, tuple[int, ...]] | int:
        """(1 a step, 0 none, -1 contradiction; the masks after), or -1: bounds needed."""

    def search(self, masks: Sequence[int], depth: int, limit: int, max_trials: int,
               tick: Callable[[int], None] | None, /) -> tuple[int, int, int, int] | None | int:
        """The trial search's choice (var, bit, chain size, bound), None, or -1."""
