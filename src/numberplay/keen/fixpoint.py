"""Keen's ladder's fixpoint by propagation: the kernel's fast path (`KeenRules.settle`,
`KeenRules.closes`), held by tests to the ladder run step by step.

Every rung only removes candidates and each technique stays applicable when other
candidates go, so the candidates left when nothing up to a rung applies are the
same whatever order the rules run in. `settle` reaches that fixpoint (or a
stronger one: never a weaker one) without steps or sentences: placed digits
weeded from their peers and cages filtered only where a cell changed, hidden
singles, then one sweep of the heavier rules (cage lines, all-different on
every line for the subsets, and on every value's rows and columns for the fish:
as strong as every naked and hidden subset and every fish at once; then
Tatham's forcing chains; from rung 4 the cage line in every line and the line
sums). Forcing chains need two-candidate cells, so the fixpoint through them
may depend on the order a little; a test holds it to the ladder's on his
puzzles and random ones. Started from a position where the ladder stalls, with the cells a
supposition changed, it propagates from those cells only: if it ends without a
contradiction, the techniques cannot reach one (the kernel skips that trial).
"""

from __future__ import annotations

from ..latin import scans
from ..latin import techniques as LT
from . import techniques as K
from .cages import Table, filtered, required

TOP = 4     # Keen's highest technique rung (any cage line, line sum)


def _one(n: int, tables: list[Table], m: list[int], rung: int) -> bool:
    """One sweep of the heavier rules up to `rung` (every cage line found, else
    every line sum, else the subsets, else the fish, else every forcing chain);
    False if none applies."""
    removed: list[tuple[int, int]] = []
    if rung >= 2:
        removed = cage_lines(n, tables, m, rung)
        if not removed and rung >= 4:
            for *_, found in K.line_sums(n, tables, m):
                removed += found
    if removed:
        for i, v in removed:
            m[i] &= ~(1 << v)
        return True
    if rung >= 2 and _subsets(n, m):
        return True
    if rung < 3:
        return False
    if _fish(n, m):
        return True
    for _, j, v in LT.forcing_chains(n, m):
        m[j] &= ~(1 << v)
        removed.append((j, v))
    return bool(removed)


def cage_lines(n: int, tables: list[Table], m: list[int], rung: int) -> list[tuple[int, int]]:
    """Every removal of the cage line found in `m` (below rung 4 in the lines
    Tatham's Hard reads, from rung 4 in every line); `m` is not changed."""
    removed: list[tuple[int, int]] = []
    for table in tables:
        if table.bounded or len(table.cells) < 2:
            continue
        members = set(table.cells)
        for axis, idx, _, need in required(table, m):
            if rung < 4 and not K.tatham_line(table, axis, idx):
                continue
            for j in K.line_cells(n, axis, idx):
                if j not in members and m[j] & need:
                    removed += [(j, v) for v in range(n) if (m[j] & need) >> v & 1]
    return removed


def _subsets(n: int, m: list[int]) -> bool:
    """Every naked and hidden subset of every line at once: all-different arc
    consistency (Régin's filter), which removes exactly what they remove. True if
    anything went (an impossible line empties its first cell)."""
    changed = False
    for _, _, cells in LT.lines(n):
        doms = tuple(m[i] for i in cells)
        if all(not d & (d - 1) for d in doms):
            continue
        new = LT.all_different(n, doms)
        if new is None:
            m[cells[0]] = 0
            return True
        for i, d in zip(cells, new, strict=True):
            if d != m[i]:
                m[i] = d
                changed = True
    return changed


def _fish(n: int, m: list[int]) -> bool:
    """Every fish at once: all-different on each value's rows (the columns where it
    can go in each row) and columns, stronger than any X-wing or swordfish. True if
    anything went (an impossible value empties a cell)."""
    changed = False
    for v in range(n):
        bit = 1 << v
        for transpose in (False, True):
            doms = []
            for a in range(n):
                x = 0
                for b in range(n):
                    i = b * n + a if transpose else a * n + b
                    if m[i] & bit:
                        x |= 1 << b
                doms.append(x)
            if all(not d & (d - 1) for d in doms):
                continue
            new = LT.all_different(n, tuple(doms))
            if new is None:
                m[0] = 0
                return True
            for a in range(n):
                gone = doms[a] & ~new[a]
                while gone:
                    b = (gone & -gone).bit_length() - 1
                    gone &= gone - 1
                    m[b * n + a if transpose else a * n + b] &= ~bit
                    changed = True
    return changed


def settle(n: int, tables: list[Table], m: list[int], rung: int,
           changed: list[int] | None = None) -> str:
    """Narrow `m` in place with every rule up to `rung`: "solved", "stalled" or
    "contradiction". `changed`: the cells that lost candidates since a position
    where the ladder up to `rung` stalled (None: start from scratch)."""
    peers = LT.peers(n)
    cages_of = _cages_of(n, tables)
    per_cell = rung >= 1
    if changed is None:
        dirty = set(range(len(tables)))
        queue = [i for i, d in enumerate(m) if d and not d & (d - 1)]
    else:
        dirty = {k for i in changed for k in cages_of[i]}
        queue = [i for i in changed if not m[i] & (m[i] - 1)]
    if not all(m):
        return "contradiction"
    while True:
        while queue:
            i = queue.pop()
            d = m[i]
            for j in peers[i]:
                if m[j] & d:
                    x = m[j] & ~d
                    if not x:
                        return "contradiction"
                    m[j] = x
                    dirty.update(cages_of[j])
                    if not x & (x - 1):
                        queue.append(j)
        if dirty:
            table = tables[dirty.pop()]
            keep = filtered(table, m)
            if keep is None:
                return "contradiction"
            if not per_cell:
                union = 0
                for x in keep:
                    union |= x
                keep = [union] * len(keep)
            for i, x in zip(table.cells, keep, strict=True):
                if m[i] & ~x:
                    m[i] &= x
                    if not m[i]:
                        return "contradiction"
                    _changed(i, m, queue, dirty, cages_of)
            continue
        placed = _hidden(n, m, queue, dirty, cages_of)
        if placed is None:
            return "contradiction"
        if placed:
            continue
        if all(not d & (d - 1) for d in m):
            return "solved"
        before = list(m)
        if not _one(n, tables, m, rung):
            return "stalled"
        for i in range(n * n):
            if m[i] != before[i]:
                if not m[i]:
                    return "contradiction"
                _changed(i, m, queue, dirty, cages_of)


def _changed(i: int, m: list[int], queue: list[int], dirty: set[int],
             cages_of: list[list[int]]) -> None:
    """Note that cell i lost candidates: its cages are to filter, a single to place."""
    dirty.update(cages_of[i])
    if not m[i] & (m[i] - 1):
        queue.append(i)


def _hidden(n: int, m: list[int], queue: list[int], dirty: set[int],
            cages_of: list[list[int]]) -> bool | None:
    """Place every hidden single; None if a line lacks a digit."""
    if scans.COMPILED:      # the ladder's compiled scans, one single at a time
        placed = False
        while True:
            if scans.contradiction(n, m) is not None:
                return None
            found = scans.hidden_single(n, m)
            if found is None:
                return placed
            i, v, _ = found
            m[i] = 1 << v
            _changed(i, m, queue, dirty, cages_of)
            placed = True
    full = (1 << n) - 1
    placed = False
    for _, _, cells in LT.lines(n):
        once = twice = 0
        for i in cells:
            twice |= once & m[i]
            once |= m[i]
        if once != full:
            return None
        single = once & ~twice
        if not single:
            continue
        for i in cells:
            hit = m[i] & single
            if hit and m[i] != hit:
                if hit & (hit - 1):
                    return None
                m[i] = hit
                _changed(i, m, queue, dirty, cages_of)
                placed = True
    return placed


_CAGES_OF: dict[int, tuple[list[Table], list[list[int]]]] = {}


def _cages_of(n: int, tables: list[Table]) -> list[list[int]]:
    """The cages (indices) of each cell (remembered for the last tables seen)."""
    key = id(tables)
    hit = _CAGES_OF.get(key)
    if hit is not None and hit[0] is tables:
        return hit[1]
    out: list[list[int]] = [[] for _ in range(n * n)]
    for k, table in enumerate(tables):
        for i in table.cells:
            out[i].append(k)
    if len(_CAGES_OF) > 64:
        _CAGES_OF.clear()
    _CAGES_OF[key] = (tables, out)
    return out
