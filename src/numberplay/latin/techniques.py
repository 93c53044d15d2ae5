"""Human solving techniques for Latin squares, on flat bit-mask grids.

Each technique looks for one deduction and returns it as a `Move` (or None);
the deduction kernel applies it and starts again from the easiest technique.
Rungs of the Latin ladder (`explain.LatinRules`, whose `grades` are the labels):

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

from ..deduce import Contradiction, Entry, Move, table_of
from ..text import place
from . import scans  # the hot scans, typed: compiled by Cython when built

FISH_NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag"}
SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


popcount = int.bit_count


def bits(m: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(b.bit_length() - 1)
    return out


_LINES: dict[int, list[tuple[str, int, list[int]]]] = {}


def lines(n: int) -> list[tuple[str, int, list[int]]]:
    """Every row and column as (axis, index, cell indices), axis "row" or
    "column"; cached per order."""
    if n not in _LINES:
        out = [("row", r, [r * n + c for c in range(n)]) for r in range(n)]
        out += [("column", c, [r * n + c for r in range(n)]) for c in range(n)]
        _LINES[n] = out
    return _LINES[n]


def naked_single(n: int, m: list[int]) -> Move | None:
    """A placed value still listed among its row or column peers (the first such
    cell in reading order; `scans.naked_single`): weed it from them."""
    found = scans.naked_single(n, m)
    if found is None:
        return None
    i, v, near = found
    return Move("naked single", cells=[i], removed=[(j, v) for j in near], fixed=[(i, v)])


_PEERS: dict[tuple[int, bool], list[list[int]]] = {}


def peers(n: int, column_first: bool = False) -> list[list[int]]:
    """Each cell's peers: the other cells of its row (left to right), then of its
    column (top down); `column_first`: the column's, then the row's. Cached."""
    key = (n, column_first)
    if key not in _PEERS:
        def row(r: int, c: int) -> list[int]:
            return [r * n + k for k in range(n) if k != c]

        def column(r: int, c: int) -> list[int]:
            return [k * n + c for k in range(n) if k != r]
        _PEERS[key] = [column(r, c) + row(r, c) if column_first else row(r, c) + column(r, c)
                       for r in range(n) for c in range(n)]
    return _PEERS[key]


def hidden_single(n: int, m: list[int]) -> Move | None:
    """A value with one possible cell left in a row or column (the first line,
    rows then columns; `scans.hidden_single`)."""
    found = scans.hidden_single(n, m)
    if found is None:
        return None
    i, v, k = found
    axis, idx, _ = lines(n)[k]
    removed = [(i, u) for u in bits(m[i] & ~(1 << v))]
    return Move("hidden single", {"line": (axis, idx), "value": v}, cells=[i],
                removed=removed, fixed=[(i, v)])


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


_GAC: dict[tuple[int, ...], tuple[int, ...] | None] = {}   # a line's candidates -> filtered


def all_different(n: int, doms: tuple[int, ...]) -> tuple[int, ...] | None:
    """All-different arc consistency of n cells over n values (Régin's filter: each
    cell keeps the values some perfect matching gives it), None when there is no
    perfect matching (`scans.line_filter`). Remembered by the candidates."""
    found = _GAC.get(doms, False)
    if found is False:
        if len(_GAC) > 100_000:
            _GAC.clear()
        new = scans.line_filter(list(doms), n)
        found = _GAC[doms] = None if new is None else tuple(new)
    return found  # type: ignore[return-value]


def narrows(n: int, doms: tuple[int, ...]) -> bool:
    """Does `all_different` narrow these candidates, or find them impossible? Where
    it does not, no naked or hidden subset of the line and no fish of a value's
    plane removes anything (in every perfect matching a subset's cells take its
    values), so the finders below look only where it does."""
    return all_different(n, doms) != doms


def naked_subset(n: int, m: list[int], max_k: int | None = None) -> Move | None:
    """k open cells of a line whose candidates are k values: weed them from the line."""
    data = []
    for axis, idx, cells in lines(n):
        if not narrows(n, tuple(m[i] for i in cells)):
            continue
        open_cells = [i for i in cells if m[i] & (m[i] - 1)]
        data.append((axis, idx, open_cells))
    top = max((len(oc) // 2 for _, _, oc in data), default=0)
    for k in range(2, min(top, max_k or n) + 1):
        for axis, idx, open_cells in data:
            if k > len(open_cells) // 2:
                continue
            items = [(i, m[i]) for i in open_cells if m[i].bit_count() <= k]
            if len(items) < k:
                continue
            for chosen, union in _subsets(items, k):
                removed = [(i, v) for i in open_cells if i not in chosen
                           for v in bits(m[i] & union)]
                if removed:
                    return Move("naked subset", {"line": (axis, idx), "values": bits(union),
                                                 "k": k}, cells=chosen, removed=removed)
    return None


def _positions(n: int, m: list[int], cells: list[int]) -> list[tuple[int, int]]:
    """(value, bit mask of positions in `cells`) for values with two or more places."""
    pos = [0] * n
    for p, i in enumerate(cells):
        d = m[i]
        pb = 1 << p
        while d:
            b = d & -d
            d ^= b
            pos[b.bit_length() - 1] |= pb
    return [(v, x) for v, x in enumerate(pos) if x & (x - 1)]


def hidden_subset(n: int, m: list[int], max_k: int | None = None) -> Move | None:
    """k values of a line confined to k cells: those cells hold nothing else."""
    data = [(axis, idx, cells, _positions(n, m, cells)) for axis, idx, cells in lines(n)
            if narrows(n, tuple(m[i] for i in cells))]
    top = max((len(ov) // 2 for *_, ov in data), default=0)
    for k in range(2, min(top, max_k or n) + 1):
        for axis, idx, cells, open_vals in data:
            if k > len(open_vals) // 2:
                continue
            items = [(v, pos) for v, pos in open_vals if pos.bit_count() <= k]
            if len(items) < k:
                continue
            for chosen, union in _subsets(items, k):
                vmask = sum(1 << v for v in chosen)
                targets = [cells[p] for p in bits(union)]
                removed = [(i, u) for i in targets for u in bits(m[i] & ~vmask)]
                if removed:
                    return Move("hidden subset", {"line": (axis, idx), "values": chosen,
                                                  "k": k}, cells=targets, removed=removed)
    return None


def fish(n: int, m: list[int], max_k: int | None = None) -> Move | None:
    """One value: k rows whose places lie in k columns (or the transpose)."""
    # planes[v][0][r] = columns of v in row r; planes[v][1][c] = rows of v in column c
    rows_of = [[0] * n for _ in range(n)]
    cols_of = [[0] * n for _ in range(n)]
    for i, d in enumerate(m):
        r, c = divmod(i, n)
        while d:
            b = d & -d
            d ^= b
            v = b.bit_length() - 1
            rows_of[v][r] |= 1 << c
            cols_of[v][c] |= 1 << r
    data = []
    for v in range(n):
        for base, plane in (("row", rows_of[v]), ("column", cols_of[v])):
            if not narrows(n, tuple(plane)):
                continue
            items = [(a, x) for a, x in enumerate(plane) if x & (x - 1)]
            data.append((v, base, plane, items))
    top = max((len(items) // 2 for *_, items in data), default=0)
    for k in range(2, min(top, max_k or n) + 1):
        for v, base, plane, items in data:
            if k > len(items) // 2:
                continue
            small = [it for it in items if it[1].bit_count() <= k]
            if len(small) < k:
                continue
            for chosen, union in _subsets(small, k):
                removed = []
                for a in range(n):
                    if a in chosen or not plane[a] & union:
                        continue
                    for b in bits(plane[a] & union):
                        removed.append((a * n + b if base == "row" else b * n + a, v))
                if removed:
                    cells = [a * n + b if base == "row" else b * n + a
                             for a in chosen for b in bits(plane[a])]
                    return Move("fish", {"base": base, "lines": chosen, "cover": bits(union),
                                         "value": v, "k": k}, cells=cells, removed=removed)
    return None


def forcing_chains(n: int, m: list[int]) -> Iterator[tuple[list[int], int, int]]:
    """Simon Tatham's forcing chains (`latin.c`), in his search order: from each
    two-candidate cell s and each value v of it, suppose s is not v and follow
    the two-candidate cells it forces, each visited once (breadth first, a cell's
    column before its row); a cell forced to v makes v leave every cell in line
    with both it and s. Yields (the chain from s, the cell that loses v, v);
    sound whatever is removed before the next one is asked for."""
    near = peers(n, column_first=True)
    for s in range(n * n):
        d = m[s]
        if d.bit_count() != 2:
            continue
        r0, c0 = divmod(s, n)
        for v in bits(d):
            value = {s: (d & ~(1 << v)).bit_length() - 1}
            prev = {s: -1}
            queue = [s]
            head = 0
            while head < len(queue):
                cell = queue[head]
                head += 1
                cur = value[cell]
                bit = 1 << cur
                for j in near[cell]:
                    if j in value or not m[j] & bit:
                        continue
                    x = m[j]
                    if x.bit_count() == 2:
                        value[j] = (x & ~bit).bit_length() - 1
                        prev[j] = cell
                        queue.append(j)
                    if cur == v and (j // n == r0 or j % n == c0):
                        chain = [cell]
                        while prev[chain[-1]] >= 0:
                            chain.append(prev[chain[-1]])
                        yield chain[::-1], j, v


def forcing_chain(n: int, m: list[int]) -> Move | None:
    """The first of Tatham's forcing chains (see `forcing_chains`): a chain of
    two-candidate cells whose ends cannot both miss a value, which leaves a cell
    in line with both ends."""
    for chain, target, v in forcing_chains(n, m):
        forced = []
        cur = (m[chain[0]] & ~(1 << v)).bit_length() - 1
        for i in chain:
            if i != chain[0]:
                cur = (m[i] & ~(1 << cur)).bit_length() - 1
            forced.append(cur)
        return Move("forcing chain", {"value": v, "forced": forced}, cells=list(chain),
                    removed=[(target, v)])
    return None


# -- the sweeps: each finder without words, every deduction at once (the quiet run) --


def naked_singles(n: int, m: list[int]) -> bool:
    """Every placed value weeded from its row and column (`scans.weed_singles`;
    raises `Contradiction` where a line holds a value twice or a cell empties)."""
    found = scans.weed_singles(n, m)
    if found < 0:
        raise Contradiction("")
    return found > 0


def hidden_singles(n: int, m: list[int]) -> bool:
    """Every value with one place left in a row or column put there
    (`scans.place_hidden`; raises `Contradiction` where a line misses a value or a
    cell is its only place for two)."""
    found = scans.place_hidden(n, m)
    if found < 0:
        raise Contradiction("")
    return found > 0


def subsets(n: int, m: list[int]) -> bool:
    """Every naked and hidden subset of every line at once: all-different arc
    consistency (Régin's filter) on each line, which removes exactly what they
    remove (raises `Contradiction` where a line has no way left)."""
    changed = False
    for _, _, cells in lines(n):
        doms = tuple(m[i] for i in cells)
        new = all_different(n, doms)
        if new is None:
            raise Contradiction("")
        if new != doms:
            for i, d in zip(cells, new, strict=True):
                m[i] = d
            changed = True
    return changed


def fishes(n: int, m: list[int]) -> bool:
    """Every fish at once: all-different on each value's rows (the columns where it
    can go in each row) and columns (raises `Contradiction` where a value has no
    way left)."""
    changed = False
    for v in range(n):
        bit = 1 << v
        for transpose in (False, True):
            doms = []
            for a in range(n):
                x = 0
                for b in range(n):
                    if m[b * n + a if transpose else a * n + b] & bit:
                        x |= 1 << b
                doms.append(x)
            plane = tuple(doms)
            new = all_different(n, plane)
            if new is None:
                raise Contradiction("")
            if new == plane:
                continue
            for a in range(n):
                gone = plane[a] & ~new[a]
                while gone:
                    b = (gone & -gone).bit_length() - 1
                    gone &= gone - 1
                    m[b * n + a if transpose else a * n + b] &= ~bit
            changed = True
    return changed


def all_forcing_chains(n: int, m: list[int]) -> bool:
    """Every forcing chain, each removal made as it is found."""
    changed = False
    for _, j, v in forcing_chains(n, m):
        m[j] &= ~(1 << v)
        changed = True
    return changed


# -- the words ------------------------------------------------------------------


def cell_name(n: int, i: int) -> str:
    """'r2c3' for flat index i (1-based row and column)."""
    return place(*divmod(i, n))


def _vals(vs: list[int]) -> str:
    return ", ".join(str(v + 1) for v in vs)


def removals_text(n: int, removed: list[tuple[int, int]]) -> str:
    """`3 from r1c2, 4 from r1c5`."""
    return ", ".join(f"{v + 1} from {cell_name(n, i)}" for i, v in removed)


def _naked_single_words(n: int, move: Move) -> str:
    i, v = move.fixed[0]
    where = ", ".join(cell_name(n, j) for j, _ in move.removed)
    return f"Naked single: {cell_name(n, i)} can only be {v + 1}, so {v + 1} is weeded from {where}."


def _hidden_single_words(n: int, move: Move) -> str:
    i, v = move.fixed[0]
    axis, idx = move.where["line"]
    return (f"Hidden single: {v + 1} has only one place in {axis} {idx + 1}, "
            f"so {cell_name(n, i)} = {v + 1} (removing {_vals([u for _, u in move.removed])}).")


def _subset(n: int, move: Move) -> tuple[str, str, str, str, str]:
    """What a subset's words name: (pair/triple..., the line, its cells, its values,
    the removals)."""
    d = move.where
    axis, idx = d["line"]
    return (SUBSET_NAMES.get(d["k"], f"{d['k']}-subset"), f"{axis} {idx + 1}",
            ", ".join(cell_name(n, i) for i in move.cells), _vals(d["values"]),
            removals_text(n, move.removed))


def _naked_subset_words(n: int, move: Move) -> str:
    name, line, cells, values, removed = _subset(n, move)
    return (f"Naked {name} in {line}: {cells} hold only {values} between them, so these "
            f"values leave the rest of the {line.split()[0]}: {removed}.")


def _hidden_subset_words(n: int, move: Move) -> str:
    name, line, cells, values, removed = _subset(n, move)
    return (f"Hidden {name} in {line}: {values} can only go in {cells}, so those cells "
            f"hold nothing else: {removed}.")


def _fish_words(n: int, move: Move) -> str:
    d = move.where
    name = FISH_NAMES.get(d["k"], f"{d['k']}-fish")
    base = d["base"]
    other = "column" if base == "row" else "row"
    v = d["value"] + 1
    return (f"{name[0].upper() + name[1:]} on {v}: in {base}s {_vals(d['lines'])} the {v} can "
            f"only go in {other}s {_vals(d['cover'])}, so {v} is removed from the rest of "
            f"those {other}s: {', '.join(cell_name(n, i) for i, _ in move.removed)}.")


def _forcing_chain_words(n: int, move: Move) -> str:
    d = move.where
    v = d["value"] + 1
    chain = move.cells
    start, end, target = chain[0], chain[-1], move.removed[0][0]
    steps = ", so ".join(f"{cell_name(n, i)} = {x + 1}"
                         for i, x in zip(chain, d["forced"], strict=True))
    return (f"Forcing chain on {v}: if {cell_name(n, start)} is not {v}, then {steps}; "
            f"so {v} is in {cell_name(n, start)} or in {cell_name(n, end)}, and "
            f"{cell_name(n, target)}, in line with both, loses {v}.")


# -- the table ------------------------------------------------------------------

# Every Latin technique, once: its name, its rung on the Latin ladder (None: off
# it, for a kind to place), its finder `(n, masks) -> Move | None` (it does not
# apply the move), its words `(n, move) -> sentence` and its sweep `(n, masks) ->
# bool` (the quiet run: every deduction at once, applied). A kind with a scale of
# its own maps names to its rungs (`LatinRules(rungs=...)`).
LATIN = (
    Entry("naked single", 0, naked_single, _naked_single_words, naked_singles),
    Entry("hidden single", 1, hidden_single, _hidden_single_words, hidden_singles),
    Entry("naked subset", 2, naked_subset, _naked_subset_words, subsets),
    Entry("hidden subset", 3, hidden_subset, _hidden_subset_words, subsets),
    Entry("fish", 4, fish, _fish_words, fishes),
    Entry("forcing chain", None, forcing_chain, _forcing_chain_words, all_forcing_chains),
)
TABLE = table_of(LATIN)
# The label of each rung of the Latin ladder, then of a trial or a guess: Cross
# Set's difficulties, the kernel's grade.
GRADES = ("trivial", "easy", "medium", "hard", "extreme", "search")
TECHNIQUES = tuple(e.finder for e in LATIN if e.rung is not None)   # the ladder's finders


def contradiction(n: int, m: list[int]) -> str | None:
    """What ran out, as a sentence, or None while the grid is still consistent
    (`scans.contradiction`)."""
    found = scans.contradiction(n, m)
    if found is None:
        return None
    what, k, v = found
    if what == 0:
        return f"{place(*divmod(k, n))} has no candidates left"
    axis, idx, _ = lines(n)[k]
    return f"{axis} {idx + 1} has no place left for {v + 1}"


def apply(m: list[int], move: Move) -> None:
    """Remove the move's candidates from the grid (in place)."""
    for i, v in move.removed:
        m[i] &= ~(1 << v)


def is_solved(m: list[int]) -> bool:
    """Every cell down to one candidate."""
    return all(d and not d & (d - 1) for d in m)
