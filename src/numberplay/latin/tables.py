"""A kind's own constraints, in the form the search handles natively.

A `Table` is a group of cells and the value tuples it may take (a table
constraint): a cage of a sum puzzle, a comparison between two cells, a clue
seen from outside the grid... the kind compiles its rule into the list of
allowed tuples, and the search keeps every table generalised arc consistent
with the cell domains (simple tabular reduction: the tuples still allowed by
the domains are kept, and a value no kept tuple uses leaves its cell): the
search does it on its own arrays (`search.Search._table_filter`, compiled when
built); `table_filter` below is the ladder's view of one table.

A kind may also pass a `Propagator`: a function of the cell masks returning
the (cell, value) pairs to remove, or None when the position is impossible;
the search calls it after the tables at every node until it removes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

# (cell, 0-based value) pairs to remove, or None for "impossible".
Propagator = Callable[[list[int]], Iterable[tuple[int, int]] | None]


# tuples already checked or packed, by identity (a kind shares one tuple set between
# the tables of equal cages): the tuples themselves are kept, so an id is not reused
_FITS: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, int]]] = {}
_PACKED: dict[int, tuple[tuple[tuple[int, ...], ...], bytes]] = {}
_CHECKED: dict[int, tuple[Table, int]] = {}


@dataclass(frozen=True)
class Table:
    """Cells (flat indices r*n+c, distinct) and the value tuples (0-based, one
    value per cell, in the order of `cells`) they may take together."""

    cells: tuple[int, ...]
    tuples: tuple[tuple[int, ...], ...]

    def check(self, n: int) -> None:
        """Raise ValueError unless the table fits an order-n grid (remembered for
        the table last checked at each address)."""
        hit = _CHECKED.get(id(self))
        if hit is not None and hit[0] is self and hit[1] == n:
            return
        self._check(n)
        if len(_CHECKED) > 8192:
            _CHECKED.clear()
        _CHECKED[id(self)] = (self, n)

    def _check(self, n: int) -> None:
        """`check`, done."""
        if not self.cells:
            raise ValueError("a table needs at least one cell")
        if len(set(self.cells)) != len(self.cells):
            raise ValueError(f"a table names a cell twice: {self.cells}")
        if any(not 0 <= c < n * n for c in self.cells):
            raise ValueError(f"a table's cell is outside the {n}x{n} grid: {self.cells}")
        k = len(self.cells)
        if _FITS.get(id(self.tuples), (None,))[0] is self.tuples:
            if _FITS[id(self.tuples)][1] == (k, n):
                return
        for t in self.tuples:
            if len(t) != k or any(not 0 <= v < n for v in t):
                raise ValueError(f"tuple {t} does not fit cells {self.cells} (values 0..{n - 1})")
        if len(_FITS) > 8192:
            _FITS.clear()
        _FITS[id(self.tuples)] = (self.tuples, (k, n))

    def packed(self) -> bytes:
        """The tuples as one byte string, row after row (as the C core reads them;
        remembered for tuples shared by several tables)."""
        hit = _PACKED.get(id(self.tuples))
        if hit is not None and hit[0] is self.tuples:
            return hit[1]
        data = bytes(v for tup in self.tuples for v in tup)
        if len(_PACKED) > 8192:
            _PACKED.clear()
        _PACKED[id(self.tuples)] = (self.tuples, data)
        return data

    def masks(self, n: int) -> list[int]:
        """The values each cell takes in some tuple (bit v for value v)."""
        out = [0] * len(self.cells)
        for t in self.tuples:
            for j, v in enumerate(t):
                out[j] |= 1 << v
        return out


def table_filter(masks: Sequence[int], table: Table) -> list[tuple[int, int]] | None:
    """The (cell, value) pairs no tuple consistent with `masks` uses, or None
    when no tuple is consistent (the ladder's view of a table)."""
    doms = [masks[c] for c in table.cells]
    supp = [0] * len(doms)
    found = False
    for t in table.tuples:
        if all(doms[j] >> v & 1 for j, v in enumerate(t)):
            found = True
            for j, v in enumerate(t):
                supp[j] |= 1 << v
    if not found:
        return None
    return [(c, v) for j, c in enumerate(table.cells)
            for v in range(doms[j].bit_length()) if doms[j] >> v & 1 and not supp[j] >> v & 1]
