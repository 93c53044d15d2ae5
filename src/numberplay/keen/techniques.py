"""Keen's own deductions, on candidate masks (bit v-1 for value v), in a player's words.

Each finder looks for ONE deduction and returns it as a `deduce.Move` (what
the words need in `where`, the cells looked at, the candidates removed and
decided), or None; its words are a function of the move and the candidates it
was made from. The table `CAGES` lists each once (name, rung, finder, words):

  cage digits        the digits a cage's fillings can use at all; the others
                     leave every cell of the cage (Tatham's Easy cage rule)
  cage combinations  each cell keeps the digits some filling still puts there
                     (Tatham's Normal)
  cage line          a digit every filling puts in the cage's part of a column
                     leaves the rest of that column, in the lines Tatham's Hard
                     reads (`tatham_line`)
  any cage line      the same in the other lines (beyond his ladder)
  line sum           a line adds up to n(n+1)/2: the cages wholly inside it and
                     its decided cells fix what its other cells add up to
                     (beyond his ladder)
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..deduce import Contradiction, Entry, Move, table_of
from .cages import MEMO, Table, filtered, possible, required, rows_of
from .model import OP_SIGNS, Cage, cell_name

SHOWN = 6          # fillings or digit sets named in a sentence, at most
SUM_CELLS = 4      # the line-sum rule works on at most this many open cells


def _bits(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(b.bit_length() - 1)
    return out


def cage_name(n: int, cage: Cage) -> str:
    """`cage 12× (r1c1, r2c1)`."""
    cells = ", ".join(cell_name(n, i) for i in cage.cells)
    return f"cage {cage.label()} ({cells})"


def _a(v: int) -> str:
    """`a 3`, `an 8`, `an 11`."""
    return f"{'an' if str(v).startswith('8') or v in (11, 18) else 'a'} {v}"


def cage_area(n: int, cage: Cage) -> str:
    """`the cage 12× at r1c1`: a cage as a hint names it."""
    return f"the cage {cage.label()} at {cell_name(n, cage.cells[0])}"


def _removals(n: int, removed: list[tuple[int, int]]) -> str:
    by_cell: dict[int, list[int]] = {}
    for i, v in removed:
        by_cell.setdefault(i, []).append(v + 1)
    return "; ".join(f"{cell_name(n, i)} loses {', '.join(map(str, vs))}"
                     for i, vs in by_cell.items())


def _fixed(masks: list[int], removed: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells the removals leave with one value: (cell, 0-based value)."""
    after: dict[int, int] = {}
    for i, v in removed:
        after[i] = after.get(i, masks[i]) & ~(1 << v)
    return [(i, m.bit_length() - 1) for i, m in after.items() if m and not m & (m - 1)]


def digit_sets_text(table: Table, masks: list[int]) -> str:
    """`3×4 or 2×6`, `1+2+4 or 1+3+3`: the multisets of digits the fillings use."""
    cage = table.cage
    sign = {"+": "+", "*": "×"}.get(cage.op, " and ")
    seen: dict[tuple[int, ...], None] = {}
    for t in rows_of(possible(table, masks)):
        seen.setdefault(tuple(sorted(v + 1 for v in table.tuples[t])))
    sets = [sign.join(map(str, s)) for s in seen]
    if len(sets) > SHOWN:
        return ", ".join(sets[:SHOWN]) + f" or {len(sets) - SHOWN} more"
    return sets[0] if len(sets) == 1 else ", ".join(sets[:-1]) + " or " + sets[-1]


def cage_digits(n: int, tables: list[Table], masks: list[int]) -> Move | None:
    """A digit no filling of a cage uses leaves all its cells (a cage no filling fits
    any more: the position's contradiction, raised)."""
    for table in tables:
        found = _digits(table, masks)
        if found is None:
            continue
        if found is NO_FILLING:
            raise Contradiction(*cage_contradiction_of(n, table))
        union, removed = found
        return Move("cage digits", (table, union), cells=list(table.cells),
                    removed=list(removed), fixed=_fixed(masks, removed))
    return None


Digits = tuple[int, list[tuple[int, int]]]
NO_FILLING: Digits = (0, [])   # `_digits` of a cage no filling fits


def _digits(table: Table, masks: list[int]) -> Digits | None:
    """(the digits some filling uses, what leaves the cage's cells), None when nothing
    leaves, NO_FILLING when no filling fits; remembered in the cage's memo by its
    cells' candidates (both depend on them alone)."""
    key = table.key(masks)
    memo = table.digits_memo
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    keep = filtered(table, masks)
    found: Digits | None = NO_FILLING
    if keep is not None:
        found = None
        union = 0
        for m in keep:
            union |= m
        removed = [(i, v) for i in table.cells for v in _bits(masks[i] & ~union)]
        if removed:
            found = union, removed
    if len(memo) >= MEMO:
        memo.clear()
    memo[key] = found
    return found


def _cage_digits_words(n: int, move: Move, m: list[int]) -> tuple[str, tuple[str, ...]]:
    table, union = move.where
    cage, removed = table.cage, move.removed
    if cage.op == "=":
        text = f"{cell_name(n, cage.cells[0])} is a cage of one cell: it is {cage.target}."
    elif table.bounded:
        text = (f"The {cage_name(n, cage)} is too big for a digit beyond the bounds "
                f"of its target: {_removals(n, removed)}.")
    else:
        text = (f"The {cage_name(n, cage)} can only be {digit_sets_text(table, m)}, so "
                f"its cells hold only {', '.join(str(v + 1) for v in _bits(union))}: "
                f"{_removals(n, removed)}.")
    return text, (cage_area(n, cage),)


def _fillings_text(table: Table, masks: list[int]) -> str:
    rows = list(rows_of(possible(table, masks)))
    shown = " or ".join("(" + ", ".join(str(v + 1) for v in table.tuples[t]) + ")"
                        for t in rows[:SHOWN])
    return shown + (f" (or {len(rows) - SHOWN} more)" if len(rows) > SHOWN else "")


def cage_combinations(n: int, tables: list[Table], masks: list[int]) -> Move | None:
    """A cell keeps only the digits some filling of its cage still puts there."""
    for table in tables:
        if table.bounded:
            continue
        removed = _combinations(table, masks)
        if removed:
            return Move("cage combinations", table, cells=list(table.cells),
                        removed=list(removed), fixed=_fixed(masks, removed))
    return None


def _combinations(table: Table, masks: list[int]) -> list[tuple[int, int]]:
    """What leaves the cells of a cage cell by cell (nothing when no filling fits);
    remembered in the cage's memo by its cells' candidates."""
    key = table.key(masks)
    memo = table.combos_memo
    found = memo.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    keep = filtered(table, masks)
    removed = [] if keep is None else [(i, v) for i, m in zip(table.cells, keep, strict=True)
                                       for v in _bits(masks[i] & ~m)]
    if len(memo) >= MEMO:
        memo.clear()
    memo[key] = removed
    return removed


def _cage_combinations_words(n: int, move: Move, m: list[int]
                             ) -> tuple[str, tuple[str, ...]]:
    table = move.where
    return (f"The {cage_name(n, table.cage)}, cell by cell, can only be "
            f"{_fillings_text(table, m)} with the candidates left: "
            f"{_removals(n, move.removed)}."), (cage_area(n, table.cage),)


def line_cells(n: int, axis: str, idx: int) -> list[int]:
    """The cells of row or column idx (0-based)."""
    return [idx * n + c for c in range(n)] if axis == "row" else [r * n + idx for r in range(n)]


def tatham_line(table: Table, axis: str, idx: int) -> bool:
    """Whether Tatham's Hard rule reads this line of a cage: his lines are numbered
    columns first (0..n-1), then rows (n..2n-1), and only those numbered below the
    cage's size are set up for it (docs/keen.md)."""
    return (idx if axis == "column" else table.n + idx) < len(table.cells)


def cage_line(n: int, tables: list[Table], masks: list[int]) -> Move | None:
    """A digit every filling puts in the cage's part of a line leaves the rest of it
    (the lines Tatham's Hard reads: see `tatham_line`)."""
    return _cage_line(n, tables, masks, "cage line")


def any_cage_line(n: int, tables: list[Table], masks: list[int]) -> Move | None:
    """The cage line in a line `tatham_line` leaves out."""
    return _cage_line(n, tables, masks, "any cage line")


def _cage_line(n: int, tables: list[Table], masks: list[int], name: str) -> Move | None:
    """The first cage line of its kind (`name`: "cage line" or "any cage line")."""
    for table in tables:
        if table.bounded or len(table.cells) < 2:
            continue
        members = set(table.cells)
        for axis, idx, ks, need in required(table, masks):
            if tatham_line(table, axis, idx) != (name == "cage line"):
                continue
            others = [j for j in line_cells(n, axis, idx) if j not in members]
            outside = 0
            for j in others:
                outside |= masks[j]
            if not outside & need:
                continue
            v = (outside & need & -(outside & need)).bit_length() - 1
            removed = [(j, v) for j in others if masks[j] >> v & 1]
            return Move(name, (table, axis, idx, ks, v), cells=list(table.cells),
                        removed=removed, fixed=_fixed(masks, removed))
    return None


def _cage_line_words(n: int, move: Move, m: list[int]) -> tuple[str, tuple[str, ...]]:
    table, axis, idx, ks, v = move.where
    cells = ", ".join(cell_name(n, table.cells[k]) for k in ks)
    return (f"Every filling of the {cage_name(n, table.cage)} puts {_a(v + 1)} in "
            f"{axis} {idx + 1} ({cells}), so {v + 1} leaves the rest of "
            f"{axis} {idx + 1}: {', '.join(cell_name(n, j) for j, _ in move.removed)}."), ()


def _fixed_sum(table: Table, masks: list[int]) -> int | None:
    """The sum of a cage's cells when every possible filling has the same one."""
    if table.cage.op == "+":
        return table.cage.target
    if table.bounded:
        return None
    sums = {sum(table.tuples[t]) + len(table.cells)
            for t in rows_of(possible(table, masks))}
    return sums.pop() if len(sums) == 1 else None


def _sum_options(doms: list[int], total: int) -> list[int] | None:
    """Each cell's values that some all-different choice adding up to `total` uses."""
    found = _sum_options_of(tuple(doms), total)
    return None if found is None else list(found)


@lru_cache(maxsize=65536)
def _sum_options_of(doms: tuple[int, ...], total: int) -> tuple[int, ...] | None:
    """`_sum_options`, remembered."""
    keep = [0] * len(doms)
    chosen: list[int] = []

    def rec(k: int, rest: int, used: int) -> bool:
        if k == len(doms):
            if rest:
                return False
            for j, v in enumerate(chosen):
                keep[j] |= 1 << (v - 1)
            return True
        ok = False
        for b in _bits(doms[k] & ~used):
            v = b + 1
            if v > rest:
                break
            chosen.append(v)
            ok = rec(k + 1, rest - v, used | 1 << b) or ok
            chosen.pop()
        return ok

    return tuple(keep) if rec(0, total, 0) else None


def line_sums(n: int, tables: list[Table], masks: list[int]
              ) -> Iterator[tuple[str, int, list[Table], list[int], list[int], int,
                                  list[tuple[int, int]]]]:
    """Every line-sum deduction: (axis, index, the fixed-sum cages inside, the decided
    cells, the open cells, what they add up to, the removals)."""
    total = n * (n + 1) // 2
    for (axis, idx), inside in _inside(n, tables).items():
        known, used, sums = 0, set[int](), []
        for table in inside:
            s = _fixed_sum(table, masks)
            if s is not None:
                known += s
                used.update(table.cells)
                sums.append(table)
        if not sums:
            continue
        rest = [j for j in line_cells(n, axis, idx) if j not in used]
        decided = [j for j in rest if not masks[j] & (masks[j] - 1)]
        known += sum(masks[j].bit_length() for j in decided)
        open_cells = [j for j in rest if j not in decided]
        if not open_cells or len(open_cells) > SUM_CELLS:
            continue
        taken = 0
        for j in decided:
            taken |= masks[j]
        keep = _sum_options([masks[j] & ~taken for j in open_cells], total - known)
        if keep is None:
            continue   # a contradiction: left to the checks
        removed = [(j, v) for j, m in zip(open_cells, keep, strict=True)
                   for v in _bits(masks[j] & ~m)]
        if removed:
            yield axis, idx, sums, decided, open_cells, total - known, removed


_INSIDE: dict[int, tuple[list[Table], dict[tuple[str, int], list[Table]]]] = {}


def _inside(n: int, tables: list[Table]) -> dict[tuple[str, int], list[Table]]:
    """The cages of two or more cells lying wholly inside each row or column
    (remembered for the last tables seen)."""
    hit = _INSIDE.get(id(tables))
    if hit is not None and hit[0] is tables:
        return hit[1]
    if len(_INSIDE) > 64:
        _INSIDE.clear()
    inside_of: dict[tuple[str, int], list[Table]] = {}
    _INSIDE[id(tables)] = (tables, inside_of)
    for table in tables:
        if len(table.cells) < 2:
            continue
        rows = {i // n for i in table.cells}
        cols = {i % n for i in table.cells}
        if len(rows) == 1:
            inside_of.setdefault(("row", rows.pop()), []).append(table)
        elif len(cols) == 1:
            inside_of.setdefault(("column", cols.pop()), []).append(table)
    return inside_of


def line_sum(n: int, tables: list[Table], masks: list[int]) -> Move | None:
    """A line adds up to n(n+1)/2; the cages inside it fix what the rest adds up to."""
    for axis, idx, sums, decided, open_cells, rest, removed in line_sums(n, tables, masks):
        used = sorted(i for t in sums for i in t.cells)
        return Move("line sum", (axis, idx, sums, decided, open_cells, rest),
                    cells=[*used, *open_cells], removed=removed, fixed=_fixed(masks, removed))
    return None


def _line_sum_words(n: int, move: Move, m: list[int]) -> tuple[str, tuple[str, ...]]:
    axis, idx, sums, decided, open_cells, rest = move.where
    total = n * (n + 1) // 2
    names = " and ".join(
        f"{t.cage.label()} ({', '.join(cell_name(n, i) for i in t.cells)})" for t in sums)
    placed = (", and " + ", ".join(f"{cell_name(n, j)} = {m[j].bit_length()}"
                                   for j in decided)) if decided else ""
    return (f"{axis.capitalize()} {idx + 1} adds up to {total}: the cage"
            f"{'s' if len(sums) > 1 else ''} {names} add{'' if len(sums) > 1 else 's'} "
            f"up to {sum(_fixed_sum(t, m) or 0 for t in sums)}{placed}, so "
            f"{', '.join(cell_name(n, j) for j in open_cells)} add up to {rest}: "
            f"{_removals(n, move.removed)}."), ()


def cage_contradiction(n: int, tables: list[Table], masks: list[int]) -> tuple[str, list[int]] | None:
    """(sentence, cells) for a cage no filling fits any more, or None."""
    for table in tables:
        if filtered(table, masks) is None:
            return cage_contradiction_of(n, table)[0], list(table.cells)
    return None


def cage_contradiction_of(n: int, table: Table) -> tuple[str, tuple[str, ...]]:
    """The contradiction of a cage no filling fits: (sentence, its cells' names)."""
    return (f"no filling of the {cage_name(n, table.cage)} fits the candidates left",
            tuple(cell_name(n, i) for i in table.cells))


# -- the sweeps: each finder without words, every deduction at once (the quiet run) --


def all_cage_digits(n: int, tables: list[Table], masks: list[int]) -> bool:
    """Every cage's digits (raises `Contradiction` where no filling fits a cage)."""
    changed = False
    for table in tables:
        found = _digits(table, masks)
        if found is None:
            continue
        if found is NO_FILLING:
            raise Contradiction("")
        for i, v in found[1]:
            masks[i] &= ~(1 << v)
        changed = True
    return changed


def all_cage_combinations(n: int, tables: list[Table], masks: list[int]) -> bool:
    """Every cage's combinations, cell by cell."""
    changed = False
    for table in tables:
        if table.bounded:
            continue
        for i, v in _combinations(table, masks):
            masks[i] &= ~(1 << v)
            changed = True
    return changed


def all_cage_lines(n: int, tables: list[Table], masks: list[int]) -> bool:
    """Every cage line in the lines Tatham's Hard reads."""
    return _all_cage_lines(n, tables, masks, True)


def all_any_cage_lines(n: int, tables: list[Table], masks: list[int]) -> bool:
    """Every cage line in the other lines."""
    return _all_cage_lines(n, tables, masks, False)


def _all_cage_lines(n: int, tables: list[Table], masks: list[int], tatham: bool) -> bool:
    """Every cage line of its kind (`tatham`: in the lines `tatham_line` reads)."""
    changed = False
    for table in tables:
        if table.bounded or len(table.cells) < 2:
            continue
        members = table.cells
        for axis, idx, _, need in required(table, masks):
            if tatham_line(table, axis, idx) != tatham:
                continue
            for j in line_cells(n, axis, idx):
                if masks[j] & need and j not in members:
                    masks[j] &= ~need
                    changed = True
    return changed


def all_line_sums(n: int, tables: list[Table], masks: list[int]) -> bool:
    """Every line sum, each applied as it is found."""
    changed = False
    for *_, removed in line_sums(n, tables, masks):
        for i, v in removed:
            masks[i] &= ~(1 << v)
        changed = True
    return changed


SIGNS = OP_SIGNS

# Keen's own techniques, once: name, rung on Keen's scale (its levels follow
# Tatham's: see explain.py), finder `(n, tables, masks) -> Move | None` (it does
# not apply the move), words `(n, move, masks before) -> (sentence, places named
# before the move's cells)`, sweep `(n, tables, masks) -> bool` (the quiet run).
CAGES = (
    Entry("cage digits", 0, cage_digits, _cage_digits_words, all_cage_digits),
    Entry("cage combinations", 1, cage_combinations, _cage_combinations_words,
          all_cage_combinations),
    Entry("cage line", 2, cage_line, _cage_line_words, all_cage_lines),
    Entry("any cage line", 4, any_cage_line, _cage_line_words, all_any_cage_lines),
    Entry("line sum", 4, line_sum, _line_sum_words, all_line_sums),
)
TABLE = table_of(CAGES)
