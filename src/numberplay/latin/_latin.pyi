"""Types of the optional compiled module built from _latin.c."""

from collections.abc import Callable, Iterator, Sequence

class Search(Iterator[list[int]]):
    """The solutions (0-based values, row by row) of one Latin-square search."""

    def __init__(self, n: int, masks: list[int], restarts: bool = ...,
                 tick: Callable[[int], object] | None = ..., use_gac: bool = ...,
                 node_gac: bool = ..., gac_depth: int = ...,
                 restart_base: float = ...,
                 tables: Sequence[tuple[Sequence[int], bytes]] | None = ...) -> None: ...
    def __next__(self) -> list[int]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def all_nodes(self) -> int: ...
    @property
    def runs(self) -> int: ...
    @property
    def root(self) -> list[int] | None: ...
