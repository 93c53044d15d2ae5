"""Fast grading for the generator: the ladder's fixpoint on masks, without sentences.

Every rung of the ladder only removes candidates, and each technique stays
applicable when other candidates go (a naked pair stays a pair, a digit every
filling puts in a line stays so as fillings go), so the candidates left when
nothing up to a rung applies are the same whatever order the techniques run
in. `settle` computes that fixpoint with the cheap rules first and without
building steps; `explain` reaches the same grade the long way, with words.
"""

from __future__ import annotations

from ..latin import techniques as LT
from ..latin.search import line_filter
from . import techniques as K
from .cages import Table, filtered, required

RUNG = {"easy": 0, "medium": 1, "hard": 2, "extreme": 3}


def _one(n: int, tables: list[Table], m: list[int], rung: int) -> bool:
    """One sweep of the heavier rules up to `rung` (every cage line and line sum
    found, else one subset, else one fish); False if none applies."""
    removed: list[tuple[int, int]] = []
    if rung >= 2:
        for table in tables:
            if table.bounded or len(table.cells) < 2:
                continue
            members = set(table.cells)
            for axis, idx, _, need in required(table, m):
                for j in K.line_cells(n, axis, idx):
                    if j not in members and m[j] & need:
                        removed += [(j, v) for v in range(n) if (m[j] & need) >> v & 1]
        if not removed:
            for *_, found in K.line_sums(n, tables, m):
                removed += found
    if removed:
        for i, v in removed:
            m[i] &= ~(1 << v)
        return True
    if rung >= 2 and _subsets(n, m):
        return True
    if rung >= 3:
        move = LT.fish(n, m)
        if move is not None:
            LT.apply(m, move)
            return True
    return False


_LINES: dict[tuple[int, ...], list[int] | None] = {}   # a line's candidates -> filtered


def _subsets(n: int, m: list[int]) -> bool:
    """Every naked and hidden subset of every line at once: all-different arc
    consistency (Régin's filter), which removes exactly what they remove (a
    value goes iff some set of k cells holds only k values without it, or it
    lies outside the k cells where k values must go). True if anything went."""
    changed = False
    for _, _, cells in LT.lines(n):
        doms = tuple(m[i] for i in cells)
        if all(not d & (d - 1) for d in doms):
            continue
        if doms in _LINES:
            new = _LINES[doms]
        else:
            if len(_LINES) > 50_000:
                _LINES.clear()
            new = _LINES[doms] = line_filter(list(doms), n)
        if new is None:
            m[cells[0]] = 0   # no way to fill the line: the caller sees the empty cell
            return True
        for i, d in zip(cells, new, strict=True):
            if d != m[i]:
                m[i] = d
                changed = True
    return changed


def settle(n: int, tables: list[Table], m: list[int], rung: int) -> str:
    """Narrow `m` in place with every technique up to `rung`: "solved", "stalled"
    or "contradiction". Cheap rules first (placed digits, cages whose cells
    changed, hidden singles), one heavier deduction when they stall."""
    peers = _peers(n)
    cages_of: list[list[int]] = [[] for _ in range(n * n)]
    for k, table in enumerate(tables):
        for i in table.cells:
            cages_of[i].append(k)
    per_cell = rung >= 1
    dirty = set(range(len(tables)))
    queue = [i for i, d in enumerate(m) if d and not d & (d - 1)]
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


_PEERS: dict[int, list[list[int]]] = {}


def _peers(n: int) -> list[list[int]]:
    """The other cells of each cell's row and column (cached per order)."""
    if n not in _PEERS:
        _PEERS[n] = [[r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]
                     for r in range(n) for c in range(n)]
    return _PEERS[n]
