"""Human solving techniques for Cross Set, on flat bit-mask grids.

Each technique looks for one deduction and returns it as a `Move` (or None);
the driver applies it and starts again from the easiest technique. Levels:

  0 trivial  naked single   a cell with one candidate: weed it from its row and column
  1 easy     hidden single  a value with one place left in a row or column
  2 medium   naked subset   k cells of a line holding only k values between them
  3 hard     hidden subset  k values of a line confined to k cells
  4 extreme  fish           one value: k rows confined to k columns (or columns to rows)
  5 search   guessing needed

Subsets and fish go up to half the open cells of a line (a bigger naked subset
is a smaller hidden one, and the other way round).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

LEVELS = ("trivial", "easy", "medium", "hard", "extreme", "search")
TECHNIQUE_LEVEL = {"naked single": 0, "hidden single": 1, "naked subset": 2,
                   "hidden subset": 3, "fish": 4, "guess": 5}
FISH_NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag"}
SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


@dataclass
class Move:
    """One deduction: technique, the cells it looks at, removals and placements."""

    technique: str
    cells: list[int]
    removed: list[tuple[int, int]]          # (cell index, 0-based value)
    fixed: list[tuple[int, int]] = field(default_factory=list)
    detail: dict = field(default_factory=dict)


def popcount(m: int) -> int:
    """Number of set bits."""
    return m.bit_count()


def bits(m: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(b.bit_length() - 1)
    return out


def lines(n: int) -> list[tuple[str, int, list[int]]]:
    """Every row and column as (kind, index, cell indices)."""
    out = [("row", r, [r * n + c for c in range(n)]) for r in range(n)]
    out += [("column", c, [r * n + c for r in range(n)]) for c in range(n)]
    return out


def naked_single(n: int, m: list[int]) -> Move | None:
    """A placed value still listed among its row or column peers."""
    for i, d in enumerate(m):
        if d and not d & (d - 1):
            r, c = divmod(i, n)
            removed = [(j, d.bit_length() - 1) for j in _peers(n, r, c) if m[j] & d]
            if removed:
                return Move("naked single", [i], removed, [(i, d.bit_length() - 1)])
    return None


def _peers(n: int, r: int, c: int) -> list[int]:
    return [r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]


def hidden_single(n: int, m: list[int]) -> Move | None:
    """A value with one possible cell left in a row or column."""
    for kind, idx, cells in lines(n):
        for v in range(n):
            bit = 1 << v
            where = [i for i in cells if m[i] & bit]
            if len(where) == 1 and m[where[0]] != bit:
                i = where[0]
                removed = [(i, u) for u in bits(m[i] & ~bit)]
                return Move("hidden single", [i], removed, [(i, v)],
                            {"line": (kind, idx), "value": v})
    return None


def _subsets(items: list[tuple[int, int]], k: int) -> Iterator[tuple[list[int], int]]:
    """k-subsets of (key, mask) items whose masks' union has at most k bits."""
    def rec(start: int, chosen: list[int], union: int) -> Iterator[tuple[list[int], int]]:
        if len(chosen) == k:
            yield list(chosen), union
            return
        for j in range(start, len(items)):
            key, mask = items[j]
            u = union | mask
            if popcount(u) <= k:
                chosen.append(key)
                yield from rec(j + 1, chosen, u)
                chosen.pop()
    yield from rec(0, [], 0)


def naked_subset(n: int, m: list[int], max_k: int | None = None) -> Move | None:
    """k open cells of a line whose candidates are k values: weed them from the line."""
    for k in range(2, n):
        for kind, idx, cells in lines(n):
            open_cells = [i for i in cells if m[i] & (m[i] - 1)]
            if k > len(open_cells) // 2 or (max_k and k > max_k):
                continue
            items = [(i, m[i]) for i in open_cells if popcount(m[i]) <= k]
            for chosen, union in _subsets(items, k):
                removed = [(i, v) for i in open_cells if i not in chosen
                           for v in bits(m[i] & union)]
                if removed:
                    return Move("naked subset", chosen, removed, [],
                                {"line": (kind, idx), "values": bits(union), "k": k})
    return None


def hidden_subset(n: int, m: list[int], max_k: int | None = None) -> Move | None:
    """k values of a line confined to k cells: those cells hold nothing else."""
    for k in range(2, n):
        for kind, idx, cells in lines(n):
            open_vals = []
            for v in range(n):
                pos = 0
                for p, i in enumerate(cells):
                    if m[i] >> v & 1:
                        pos |= 1 << p
                if popcount(pos) >= 2:
                    open_vals.append((v, pos))
            if k > len(open_vals) // 2 or (max_k and k > max_k):
                continue
            items = [(v, pos) for v, pos in open_vals if popcount(pos) <= k]
            for chosen, union in _subsets(items, k):
                vmask = sum(1 << v for v in chosen)
                targets = [cells[p] for p in bits(union)]
                removed = [(i, u) for i in targets for u in bits(m[i] & ~vmask)]
                if removed:
                    return Move("hidden subset", targets, removed, [],
                                {"line": (kind, idx), "values": chosen, "k": k})
    return None


def fish(n: int, m: list[int], max_k: int | None = None) -> Move | None:
    """One value: k rows whose places lie in k columns (or the transpose)."""
    for k in range(2, n):
        for v in range(n):
            bit = 1 << v
            for base in ("row", "column"):
                items = []
                for a in range(n):
                    pos = 0
                    for b in range(n):
                        i = a * n + b if base == "row" else b * n + a
                        if m[i] & bit:
                            pos |= 1 << b
                    if popcount(pos) >= 2:
                        items.append((a, pos))
                if k > len(items) // 2 or (max_k and k > max_k):
                    continue
                for chosen, union in _subsets([it for it in items if popcount(it[1]) <= k], k):
                    removed = []
                    for a in range(n):
                        if a in chosen:
                            continue
                        for b in bits(union):
                            i = a * n + b if base == "row" else b * n + a
                            if m[i] & bit:
                                removed.append((i, v))
                    if removed:
                        cells = [a * n + b if base == "row" else b * n + a
                                 for a in chosen for b in bits(union)
                                 if m[a * n + b if base == "row" else b * n + a] & bit]
                        return Move("fish", cells, removed, [],
                                    {"base": base, "lines": chosen, "cover": bits(union),
                                     "value": v, "k": k})
    return None


TECHNIQUES = (naked_single, hidden_single, naked_subset, hidden_subset, fish)


def contradiction(n: int, m: list[int]) -> str | None:
    """What ran out, as a sentence, or None while the grid is still consistent."""
    for i, d in enumerate(m):
        if not d:
            r, c = divmod(i, n)
            return f"r{r + 1}c{c + 1} has no candidates left"
    for v in range(n):
        bit = 1 << v
        for r in range(n):
            if not any(m[r * n + c] & bit for c in range(n)):
                return f"row {r + 1} has no place left for {v + 1}"
        for c in range(n):
            if not any(m[r * n + c] & bit for r in range(n)):
                return f"column {c + 1} has no place left for {v + 1}"
    return None


def next_move(n: int, m: list[int], max_level: int = 4) -> Move | None:
    """The easiest deduction available up to `max_level`, or None."""
    for level, technique in enumerate(TECHNIQUES):
        if level > max_level:
            break
        move = technique(n, m)
        if move is not None:
            return move
    return None


def apply(m: list[int], move: Move) -> None:
    """Remove the move's candidates from the grid (in place)."""
    for i, v in move.removed:
        m[i] &= ~(1 << v)


def is_solved(m: list[int]) -> bool:
    """Every cell down to one candidate."""
    return all(d and not d & (d - 1) for d in m)


def run(n: int, masks: list[int], max_level: int = 4) -> tuple[str, int, list[int]]:
    """Apply techniques up to `max_level` until solved, stalled or contradictory.

    Returns (status, hardest level used, final masks); status is "solved",
    "stalled" or "contradiction". A grid all of singles that is not a Latin
    square is caught by the naked single weeding it into an empty cell."""
    m = list(masks)
    hardest = -1
    while True:
        if contradiction(n, m):
            return "contradiction", hardest, m
        move = next_move(n, m, max_level)
        if move is None:
            return ("solved" if is_solved(m) else "stalled"), hardest, m
        hardest = max(hardest, TECHNIQUE_LEVEL[move.technique])
        apply(m, move)


def grade_masks(n: int, masks: list[int]) -> str:
    """The difficulty label: the hardest technique needed, or "search"."""
    status, hardest, _ = run(n, masks)
    if status != "solved":
        return "search"
    return LEVELS[max(hardest, 0)]
