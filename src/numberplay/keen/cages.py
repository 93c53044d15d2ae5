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

Compiled by Cython from this file (keen/native.toml): the fillings' search
(`_search`) runs on C integers then; the same file runs as Python without a
compiler.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from math import prod
from operator import itemgetter
from typing import Any

from .model import Cage, KeenPuzzle

try:
    import cython
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    class cython:  # type: ignore[no-redef]  # noqa: N801 - the names the code reads
        """What this file reads of Cython when it is not installed."""

        compiled = False

        @staticmethod
        def cast(_type: object, value: object) -> object:
            return value

        int = longlong = None   # (after cast: inside this class `int` is this name)

TUPLE_CAP = 60_000
# 1 as a Python integer: compiled, `1 << k` with k a C integer (a length, an index)
# would be a C shift, and a table's bit sets are wider than 64 bits
ONE: Any = 1
TABLE_CELLS = 8       # a sum or product cage of more cells goes to bounds at once


@dataclass
class Table:
    """A cage compiled: its cells and tuples (0-based values); `tuples` is empty and
    `bounded` True for a cage kept as bounds. `support[k][v]`: the tuples putting
    value v in position k, as bits; `memo`: filterings already made, by the
    candidates of its cells; `line_groups`: (axis, index, positions in the cage)
    of every row and column it touches."""

    cage: Cage
    cells: tuple[int, ...]
    tuples: tuple[tuple[int, ...], ...]
    n: int
    bounded: bool = False
    support: list[list[int]] = field(default_factory=list)
    ors: list[dict[int, int]] = field(default_factory=list)   # per cell: mask -> OR of supports
    memo: dict = field(default_factory=dict)  # type: ignore[type-arg]
    # what the techniques found, by the same key: the digits, the combinations and
    # the digits each line needs (`techniques._digits`, `_combinations`, `required`)
    digits_memo: dict = field(default_factory=dict)  # type: ignore[type-arg]
    combos_memo: dict = field(default_factory=dict)  # type: ignore[type-arg]
    needs_memo: dict = field(default_factory=dict)  # type: ignore[type-arg]
    line_groups: list[tuple[str, int, list[int]]] = field(default_factory=list)
    key: Callable[[list[int]], Any] = field(default=None, repr=False)  # type: ignore[assignment]
    latin: Any = field(default=None, repr=False)   # the Latin core's table, once made

    def __post_init__(self) -> None:
        n = self.n
        # the candidates of its cells, as the memo's key (a tuple, or one int)
        self.key = itemgetter(*self.cells) if self.cells else (lambda m: ())
        for axis, key in (("row", lambda i: i // n), ("column", lambda i: i % n)):
            groups: dict[int, list[int]] = {}
            for k, i in enumerate(self.cells):
                groups.setdefault(key(i), []).append(k)
            self.line_groups += [(axis, idx, ks) for idx, ks in groups.items()]

    @property
    def full(self) -> int:
        """Every tuple, as bits."""
        return (ONE << len(self.tuples)) - 1


def _shape(n: int, cells: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each position k, the earlier positions sharing its row or column."""
    out = []
    for k, i in enumerate(cells):
        r, c = divmod(i, n)
        out.append(tuple(j for j in range(k) if cells[j] // n == r or cells[j] % n == c))
    return tuple(out)


def fillings(n: int, cage: Cage, cap: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Every filling of the cage (0-based values, in cell order) that meets its clue
    and keeps two cells of one row or column different; at most `cap` + 1 of them
    for a sum or product (so a caller sees it passed the cap)."""
    return _fillings(*_key(n, cage, cap))


def _key(n: int, cage: Cage, cap: int | None) -> tuple:  # type: ignore[type-arg]
    """What a cage's fillings depend on: the operation, the target, and which of its
    cells share a line (for sums and products)."""
    shape = _shape(n, cage.cells) if cage.op in "+*" else ()
    return (n, cage.op, cage.target, shape, TUPLE_CAP if cap is None else cap)


@lru_cache(maxsize=8192)
def _fillings(n: int, op: str, target: int, shape: tuple[tuple[int, ...], ...],
              cap: int) -> tuple[tuple[int, ...], ...]:
    """The fillings (see `fillings`); for a sum or product the last cell's value is
    the rest of the target, so it is checked, not searched."""
    if op in "-/=":
        return _pairs(n, op, target)
    size = len(shape)
    if not size or n < 1:
        return ()
    # a target no filling reaches, whatever its size (a game ID's may have 40 digits)
    if (target < size or target > size * n) if op == "+" else not 1 <= target <= n ** size:
        return ()
    if n > MAX_ORDER or size > MAX_CELLS or target >= 1 << 62:
        raise ValueError(f"a cage of {size} cells on order {n} is too big to fill")
    peers = [j for k in range(size) for j in shape[k]]
    ends = [0] * (size + 1)
    for k in range(size):
        ends[k + 1] = ends[k] + len(shape[k])
    return _search(n, op == "+", target, size, peers, ends, cap)


MAX_ORDER = 64     # the fillings' search: values 1..64,
MAX_CELLS = 16     # at most 16 cells


def _search(n: cython.int, add: cython.bint, target: cython.longlong, size: cython.int,
            peers: list, ends: list, cap: cython.Py_ssize_t) -> tuple:  # type: ignore[type-arg]
    """Every filling, depth first, each position's values ascending, the last taking
    what the target leaves; position k differs from the earlier positions
    `peers[ends[k]:ends[k + 1]]` (those sharing its row or column). More than `cap`
    rows: it stops there. Values 1..n in the search, 0-based in the rows."""
    chosen: cython.int[16] = [0] * 16
    rest: cython.longlong[17] = [0] * 17
    power: cython.longlong[17] = [0] * 17   # n ** k, or 2**62 (above any target) past it
    top: cython.longlong = 1 << 62
    peer: cython.int[256] = [0] * 256
    end: cython.int[17] = [0] * 17
    k: cython.int
    j: cython.int
    v: cython.int
    left: cython.int
    last: cython.int = size - 1
    r: cython.longlong
    clash: cython.bint
    for k in range(size + 1):
        end[k] = ends[k]
    for k in range(end[size]):
        peer[k] = peers[k]
    power[0] = 1
    for k in range(1, size + 1):
        power[k] = power[k - 1] * n if power[k - 1] <= top // n else top
    out: list = []  # type: ignore[type-arg]
    rest[0] = target
    k = 0
    chosen[0] = 0
    while k >= 0:
        if k == last:
            r = rest[k]
            if 1 <= r <= n:
                clash = False
                for j in range(end[k], end[k + 1]):
                    if chosen[peer[j]] == r:
                        clash = True
                        break
                if not clash:
                    chosen[k] = cython.cast(cython.int, r)
                    out.append(tuple([chosen[j] - 1 for j in range(size)]))
                    if len(out) > cap:
                        break
            k -= 1
            continue
        left = last - k
        v = chosen[k] + 1
        r = 0
        while v <= n:
            if add:
                r = rest[k] - v
                if r < left:
                    v = n + 1
                    break
                if r > cython.cast(cython.longlong, left) * n:
                    v += 1
                    continue
            else:
                if rest[k] % v:
                    v += 1
                    continue
                r = rest[k] // v
                if r > power[left]:
                    v += 1
                    continue
            clash = False
            for j in range(end[k], end[k + 1]):
                if chosen[peer[j]] == v:
                    clash = True
                    break
            if not clash:
                break
            v += 1
        if v > n:
            k -= 1
            continue
        chosen[k] = v
        rest[k + 1] = r
        k += 1
        chosen[k] = 0
    return tuple(out)


@lru_cache(maxsize=8192)
def _support(n: int, op: str, target: int, shape: tuple[tuple[int, ...], ...],
             cap: int) -> list[list[int]]:
    """The supports of the fillings made from the same key."""
    rows = _fillings(n, op, target, shape, cap)
    size = len(rows[0]) if rows else (2 if op in "-/" else 1 if op == "=" else len(shape))
    support = [[0] * n for _ in range(size)]
    for t, row in enumerate(rows):
        bit = ONE << t
        for k, v in enumerate(row):
            support[k][v] |= bit
    return support


@lru_cache(maxsize=8192)
def _ors(n: int, op: str, target: int, shape: tuple[tuple[int, ...], ...],
         cap: int) -> list[dict[int, int]]:
    """For each position, the OR of the supports of a set of values, filled in as
    `possible` meets the sets (shared by the cages made from the same key)."""
    return [{} for _ in _support(n, op, target, shape, cap)]


def clear_caches() -> None:
    """Forget the fillings and supports made so far (benchmarks start cold)."""
    _fillings.cache_clear()
    _support.cache_clear()
    _compile_cage.cache_clear()
    _ors.cache_clear()


def _pairs(n: int, op: str, t: int) -> tuple[tuple[int, ...], ...]:
    """The fillings (0-based) of a one-cell or two-cell (difference, quotient) cage."""
    if op == "=":
        return ((t - 1,),) if 1 <= t <= n else ()
    out: list[tuple[int, ...]] = []
    for a in range(1, n + 1):
        for b in (a - t, a + t) if op == "-" else (a // t if a % t == 0 else 0, a * t):
            if 1 <= b <= n and b != a:
                out.append((a - 1, b - 1))
    return tuple(out)


def compile_cage(n: int, cage: Cage, cap: int | None = None) -> Table:
    """The cage's table (or bounds, past `cap` tuples; default TUPLE_CAP); one table
    per cage met (its filterings, remembered by candidates, serve every puzzle
    holding the same cage: a generator meets the same dominoes again and again)."""
    return _compile_cage(n, cage.op, cage.target, cage.cells, cap)


@lru_cache(maxsize=4096)
def _compile_cage(n: int, op: str, target: int, cells: tuple[int, ...],
                  cap: int | None) -> Table:
    """`compile_cage`, remembered."""
    cage = Cage(op, target, cells)
    if len(cage.cells) > TABLE_CELLS and cage.op in "+*":
        return Table(cage, cage.cells, (), n, bounded=True)
    key = _key(n, cage, cap)
    rows = _fillings(*key)
    if len(rows) > key[-1] and cage.op in "+*":   # (two-cell cages have at most 2n fillings)
        return Table(cage, cage.cells, (), n, bounded=True)
    return Table(cage, cage.cells, rows, n, support=_support(*key), ors=_ors(*key))


def compile_puzzle(puzzle: KeenPuzzle) -> list[Table]:
    """Every cage with a clue compiled, in the puzzle's cage order (a blank cage
    constrains nothing)."""
    return [compile_cage(puzzle.n, cage) for cage in puzzle.cages if cage.op != "?"]


def possible(table: Table, masks: list[int]) -> int:
    """The tuples still possible under `masks` (a bit set over the table's rows)."""
    valid = table.full
    for k, i in enumerate(table.cells):
        d = masks[i]
        seen = table.ors[k]
        s = seen.get(d)
        if s is None:
            sup = table.support[k]
            s = 0
            m = d
            while m:
                b = m & -m
                m ^= b
                s |= sup[b.bit_length() - 1]
            seen[d] = s
        valid &= s
        if not valid:
            return 0
    return valid


MEMO = 4096   # remembered filterings per cage (then forgotten all at once)


def filtered(table: Table, masks: list[int]) -> list[int] | None:
    """Each cell's candidates that some possible filling uses (None: none is left);
    remembered per cage for the candidates of its cells."""
    key = table.key(masks)
    memo = table.memo
    if key in memo:
        return memo[key]
    if len(memo) >= MEMO:
        memo.clear()
    out = memo[key] = _bounds(table.cage, masks) if table.bounded else _filter(table, masks)
    return out


def _filter(table: Table, masks: list[int]) -> list[int] | None:
    """`filtered` through the table's supports."""
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


def required(table: Table, masks: list[int]) -> list[tuple[str, int, list[int], int]]:
    """(axis, index, positions, digits) for each line the cage touches: the digits
    (0-based bits) every possible filling puts in the cage's part of that line."""
    key = table.key(masks)
    memo = table.needs_memo
    found = memo.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    valid = possible(table, masks) if not table.bounded else 0
    out = []
    if valid:
        for axis, idx, ks in table.line_groups:
            need = 0
            for v in range(table.n):
                there = 0
                for k in ks:
                    there |= table.support[k][v]
                if not valid & ~there:
                    need |= ONE << v
            if need:
                out.append((axis, idx, ks, need))
    if len(memo) >= MEMO:
        memo.clear()
    memo[key] = out  # type: ignore[assignment]
    return out
