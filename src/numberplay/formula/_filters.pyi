"""Types of the optional compiled module built from _filters.c."""

def support(weights: object, const: int, doms: object, cin: object, cout: object, base: int,
            modulus: int, limit: int, /
            ) -> None | int | tuple[tuple[int, ...], frozenset[int], frozenset[int]]:
    """The supported values of a column equation (None: no solution; -1: over `limit` nodes)."""

def hall(masks: object, base: int, every: bool, /) -> None | int | tuple[int, ...]:
    """The letters' masks after Hall's condition to the fixpoint (None: contradiction;
    -1: too many letters undecided)."""
