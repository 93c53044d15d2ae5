"""A cage as the value tuples it may take (a table), and filtering by candidates.

Candidates are bit masks: bit v-1 for value v. A cage's table lists every way
to fill its cells that meets its clue and keeps two cells of one row or column
different. Filtering uses the compact-table idea: for each cell and value,
the set of tuples putting that value there is one Python int (bit t for
tuple t); the tuples still possible are the AND over the cells of the OR over
their candidates, and a cell keeps a value if some possible tuple uses it.

A cage whose table would pass `TUPLE_CAP` rows (a long sum on a big grid) is
kept as bounds instead: a value stays if the rest of the cage can still make
up the target from the other cells' smallest and largest candidates.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import prod

from .model import Cage, KeenPuzzle

TUPLE_CAP = 60_000


@dataclass
class Table:
    """A cage compiled: its cells, tuples (0-based values), supports, all-tuples mask.
    `tuples` is empty and `bounded` True for a cage kept as bounds."""

    cage: Cage
    cells: tuple[int, ...]
    tuples: list[tuple[int, ...]]
    support: list[list[int]]
    full: int
    bounded: bool = False


def _clashes(n: int, cells: tuple[int, ...]) -> list[list[int]]:
    """For each position k, the earlier positions sharing its row or column."""
    out = []
    for k, i in enumerate(cells):
        r, c = divmod(i, n)
        out.append([j for j in range(k) if cells[j] // n == r or cells[j] % n == c])
    return out


def layouts(n: int, cage: Cage, masks: list[int] | None = None,
            cap: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every filling of the cage (values 1..n, in cell order) that meets its clue and
    its row/column rule, within `masks` when given; stops after `cap` (StopIteration
    is just the end: callers count)."""
    cells = cage.cells
    size = len(cells)
    clash = _clashes(n, cells)
    doms = [[v for v in range(1, n + 1) if masks is None or masks[i] >> (v - 1) & 1]
            for i in cells]
    op, t = cage.op, cage.target
    if op in "-/=":
        yield from _pairs(n, cage, doms)
        return
    chosen = [0] * size
    count = 0

    def rec(k: int, rest: int) -> Iterator[tuple[int, ...]]:
        nonlocal count
        if k == size:
            if (rest == 0) if op == "+" else (rest == 1):
                count += 1
                yield tuple(chosen)
            return
        left = size - k - 1
        for v in doms[k]:
            if any(chosen[j] == v for j in clash[k]):
                continue
            if op == "+":
                r = rest - v
                if r < left or r > left * n:
                    if r < left:
                        break
                    continue
            else:
                if rest % v:
                    continue
                r = rest // v
                if left == 0 and r != 1 or r > n ** left:
                    continue
            chosen[k] = v
            yield from rec(k + 1, r)
            if cap is not None and count >= cap:
                return

    yield from rec(0, t)


def _pairs(n: int, cage: Cage, doms: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """The fillings of a one-cell or two-cell (difference, quotient) cage."""
    if cage.op == "=":
        if cage.target in doms[0]:
            yield (cage.target,)
        return
    second = set(doms[1])
    for a in doms[0]:
        for b in (a - cage.target, a + cage.target) if cage.op == "-" else \
                (a // cage.target if a % cage.target == 0 else 0, a * cage.target):
            if b in second and b != a:
                yield (a, b)


def compile_cage(n: int, cage: Cage, cap: int = TUPLE_CAP) -> Table:
    """The cage's table (or bounds, past `cap` tuples)."""
    rows = list(layouts(n, cage, cap=cap + 1))
    if len(rows) > cap:
        return Table(cage, cage.cells, [], [], 0, bounded=True)
    size = len(cage.cells)
    support = [[0] * n for _ in range(size)]
    for t, row in enumerate(rows):
        bit = 1 << t
        for k, v in enumerate(row):
            support[k][v - 1] |= bit
    tuples = [tuple(v - 1 for v in row) for row in rows]
    return Table(cage, cage.cells, tuples, support, (1 << len(rows)) - 1)


def compile_puzzle(puzzle: KeenPuzzle) -> list[Table]:
    """Every cage compiled, in the puzzle's cage order."""
    return [compile_cage(puzzle.n, cage) for cage in puzzle.cages]


def possible(table: Table, masks: list[int]) -> int:
    """The tuples still possible under `masks` (a bit set over the table's rows)."""
    valid = table.full
    for k, i in enumerate(table.cells):
        d = masks[i]
        sup = table.support[k]
        s = 0
        while d:
            b = d & -d
            d ^= b
            s |= sup[b.bit_length() - 1]
        valid &= s
        if not valid:
            return 0
    return valid


def filtered(table: Table, masks: list[int]) -> list[int] | None:
    """Each cell's candidates that some possible filling uses (None: none is left)."""
    if table.bounded:
        return _bounds(table.cage, masks)
    valid = possible(table, masks)
    if not valid:
        return None
    out = []
    for k, i in enumerate(table.cells):
        d = masks[i]
        sup = table.support[k]
        keep = 0
        while d:
            b = d & -d
            d ^= b
            if sup[b.bit_length() - 1] & valid:
                keep |= b
        out.append(keep)
    return out


def _bounds(cage: Cage, masks: list[int]) -> list[int] | None:
    """Bounds filtering of a big sum or product cage."""
    doms = [masks[i] for i in cage.cells]
    if not all(doms):
        return None
    lows = [(d & -d).bit_length() for d in doms]
    highs = [d.bit_length() for d in doms]
    out = []
    if cage.op == "+":
        lo, hi = sum(lows), sum(highs)
        for k, d in enumerate(doms):
            keep = 0
            for v in range(lows[k], highs[k] + 1):
                if d >> (v - 1) & 1 and lo - lows[k] <= cage.target - v <= hi - highs[k]:
                    keep |= 1 << (v - 1)
            if not keep:
                return None
            out.append(keep)
        return out
    lo, hi = prod(lows), prod(highs)
    for k, d in enumerate(doms):
        keep = 0
        for v in range(lows[k], highs[k] + 1):
            if (d >> (v - 1) & 1 and cage.target % v == 0
                    and lo // lows[k] <= cage.target // v <= hi // highs[k]):
                keep |= 1 << (v - 1)
        if not keep:
            return None
        out.append(keep)
    return out


def digit_sets(table: Table, masks: list[int]) -> list[frozenset[int]]:
    """The distinct sets of digits (1-based) the possible fillings use."""
    seen: dict[frozenset[int], None] = {}
    for t in rows_of(possible(table, masks)):
        seen.setdefault(frozenset(v + 1 for v in table.tuples[t]))
    return list(seen)


def rows_of(valid: int) -> Iterator[int]:
    """The indices of the set bits of a (long) bit set, lowest first."""
    text = bin(valid)[:1:-1]
    t = text.find("1")
    while t >= 0:
        yield t
        t = text.find("1", t + 1)
