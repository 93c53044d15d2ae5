"""Solving Keen on the Latin core's search, each cage a table constraint.

Every cage is compiled into the fillings it may take (`cages.py`); the Latin
core's search (`numberplay.latin.solve_masks`) keeps them arc consistent
beside its row and column propagation. A cage too big for a table (past
`cages.TUPLE_CAP` fillings) is kept by bounds, in a propagator (Python) the
search calls after the tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..budget import Budget
from ..latin import Table as LatinTable
from ..latin import solve_masks
from .cages import Table, compile_puzzle, filtered
from .model import KeenPuzzle


def latin_tables(tables: list[Table]) -> list[LatinTable]:
    """The cages with a table, as the Latin core's table constraints (made once per
    compiled cage)."""
    out = []
    for t in tables:
        if not t.bounded:
            if t.latin is None:
                t.latin = LatinTable(t.cells, tuple(t.tuples))
            out.append(t.latin)
    return out


def bounds_propagator(tables: list[Table]):  # type: ignore[no-untyped-def]
    """A propagator for the cages kept by bounds: the (cell, value) pairs their
    bounds rule out, None when one cannot be met (or is full and missed)."""
    big = [t for t in tables if t.bounded]

    def propagate(masks: list[int]) -> Iterable[tuple[int, int]] | None:
        out: list[tuple[int, int]] = []
        for table in big:
            keep = filtered(table, masks)
            if keep is None:
                return None
            for i, m in zip(table.cells, keep, strict=True):
                gone = masks[i] & ~m
                out += [(i, v) for v in range(gone.bit_length()) if gone >> v & 1]
            if all(not masks[i] & (masks[i] - 1) for i in table.cells):
                if not table.cage.holds([masks[i].bit_length() for i in table.cells]):
                    return None
        return out

    return propagate if big else None


def solve(puzzle: KeenPuzzle, limit: int | None = None, budget: Budget | None = None,
          tables: list[Table] | None = None) -> Iterator[list[int]]:
    """Every solution as flat values 1..n, each once, in a fixed order; at most `limit`.
    tables: the puzzle's, compiled."""
    n = puzzle.n
    tables = tables if tables is not None else compile_puzzle(puzzle)
    propagator = bounds_propagator(tables)
    masks = [(1 << n) - 1] * (n * n)
    for i, v in puzzle.givens:
        masks[i] = 1 << (v - 1)
    for flat in solve_masks(n, masks, limit=limit, budget=budget,
                            tables=latin_tables(tables), propagator=propagator):
        yield [v + 1 for v in flat]
