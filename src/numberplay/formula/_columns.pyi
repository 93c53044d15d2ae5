"""Types of the optional compiled module built from _columns.c."""

def count(addends: list[bytes], total: bytes, base: int, limit: int, max_nodes: int, /
          ) -> tuple[int, bytes | None, int]:
    """(solutions up to limit, or -1 when max_nodes ran out; the first one's digits; nodes)."""

def unique_sums(addends: list[bytes], sums: list[bytes], base: int, max_nodes: int, /
                ) -> tuple[list[tuple[int, bytes]], list[int], int]:
    """(the sums with exactly one solution and its digits, the sums left undecided, nodes)."""

def support(weights: object, const: int, doms: object, cin: object, cout: object, base: int,
            modulus: int, limit: int, /
            ) -> None | int | tuple[tuple[int, ...], frozenset[int], frozenset[int]]:
    """The supported values of a column equation (None: no solution; -1: over `limit` nodes)."""

def hall(masks: object, base: int, every: bool, /) -> None | int | tuple[int, ...]:
    """The letters' masks after Hall's condition to the fixpoint (None: contradiction;
    -1: too many letters undecided)."""
