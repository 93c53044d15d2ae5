"""Latin technique moves as readable `Step`s, and the rules for the shared driver."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..deduce import Contradiction, Move, Rules, Technique
from ..model import PlayState, Step
from . import search as S
from . import techniques as T
from .tables import Table, table_filter

cell_name = T.cell_name
GRADES = T.GRADES


def describe(n: int, move: Move) -> str:
    """The sentence a person reads for a Latin move (a technique of the Latin table,
    or a table technique of a kind)."""
    entry = T.TABLE.get(move.technique)
    if entry is not None:
        return entry.words(n, move)  # type: ignore[no-any-return]
    name = move.technique
    return (f"{name[:1].upper() + name[1:]}: no combination of {move.where['table']} that "
            f"the candidates allow uses {T.removals_text(n, move.removed)}, so they go.")


def to_step(n: int, move: Move, snapshot: str | None) -> Step:
    """A model `Step` from a move."""
    technique = move.technique
    return Step(
        technique=technique,
        text=describe(n, move),
        cells=tuple(cell_name(n, i) for i in move.cells),
        removed=tuple((cell_name(n, i), v + 1) for i, v in move.removed),
        fixed=tuple((cell_name(n, i), v + 1) for i, v in move.fixed),
        snapshot=snapshot,
    )


def latin_technique(n: int, name: str, rung: int,
                    finder: Callable[[int, list[int]], Move | None]) -> Technique:
    """A Latin finder (`techniques.py`) as a kernel technique at `rung`: it finds a
    move on order-`n` masks and applies it."""
    def find(m: list[int]) -> Move | None:
        move = finder(n, m)
        if move is not None:
            T.apply(m, move)
        return move
    find.__doc__ = finder.__doc__
    return Technique(name, rung, find)


class LatinRules(Rules):
    """A Latin square for the deduction kernel: a position is the flat list of
    candidate masks (bit v-1 for value v), places are named `r2c3`.

    The ladder is the Latin table's (`techniques.LATIN`: each technique with its
    rung, finder and words); its finders return `deduce.Move`s, worded by
    `narrate`. The extension point for a kind with constraints of its own (a
    kind's cages): `extra` techniques (see `deduce.Technique`: `find` gets the
    masks and returns a move) join the ladder in rung order; `rungs` puts the
    Latin techniques on the kind's own scale (a name to a rung; a technique the
    Latin ladder leaves off joins it so); `order` lists technique names in the
    order they are tried within one rung (by default the Latin techniques come
    first). The kind overrides `contradiction` (calling this one), `narrate` for
    its own moves (calling this one for the Latin moves), `snapshot` and
    `grades`."""

    grades = GRADES
    solved_text = "Solved: every cell holds one value."
    trial_rungs = (1, None)   # trials follow singles first, then the whole ladder

    def __init__(self, n: int, extra: Sequence[Technique] = (), *,
                 rungs: dict[str, int] | None = None, order: Sequence[str] = ()) -> None:
        self.n = n
        # the quick test for trials knows the Latin rules only
        self.own_rules_only = not extra and type(self).contradiction is LatinRules.contradiction
        self._base: tuple[tuple[bool, tuple[int, ...]], Views | None,
                          list[list[int]] | None] | None = None
        self.index = {cell_name(n, i): i for i in range(n * n)}
        rungs = rungs or {}
        latin = [latin_technique(n, e.name, rung, e.finder) for e in T.LATIN
                 if (rung := rungs.get(e.name, e.rung)) is not None]
        rank = {name: k for k, name in enumerate(order)}
        ladder = [*latin, *extra]
        self.techniques = tuple(sorted(ladder, key=lambda t: (t.rung, rank.get(t.name, -1))))

    def narrate(self, move: Move, before: list[int] | None) -> Step:
        """The step a person reads for a Latin move."""
        return to_step(self.n, move, None)

    def copy(self, pos: list[int]) -> list[int]:
        return list(pos)

    def contradiction(self, pos: list[int]) -> str | None:
        return T.contradiction(self.n, pos)

    def solved(self, pos: list[int]) -> bool:
        return T.is_solved(pos) and self.contradiction(pos) is None

    def candidates(self, pos: list[int]) -> list[tuple[str, list[int]]]:
        return [(cell_name(self.n, i), [v + 1 for v in T.bits(d)])
                for i, d in enumerate(pos) if d & (d - 1)]

    def assume(self, pos: list[int], place: str, value: int) -> None:
        pos[self.index[place]] &= 1 << (value - 1)
        if not pos[self.index[place]]:
            raise Contradiction(f"{place} cannot be {value}", (place,))

    def exclude(self, pos: list[int], place: str, value: int) -> None:
        pos[self.index[place]] &= ~(1 << (value - 1))

    def closes(self, pos: list[int], place: str, value: int,
               max_rung: int | None = None, before: list[int] | None = None) -> bool:
        """False when the techniques surely stall from `pos`: the singles (up to rung
        1) or a propagation stronger than the whole ladder (all-different filtered
        on every row, column and value) ends without a contradiction. The fixpoint
        of `before` (kept for the next supposition made there) is the start: the
        fixpoint of `pos`, inside `before`, lies inside it."""
        if not self.own_rules_only:
            return True
        n, full = self.n, max_rung is None or max_rung > 1
        if before is None:
            return not stalls(n, pos, full)
        key = (full, tuple(before))
        if self._base is None or self._base[0] != key:
            views = fixpoint(n, before, full)
            self._base = (key, views, None if views is None else _lines(n, views))
        _, views, ref = self._base
        if views is None:
            return True
        D, R, C = (list(x) for x in views)
        queue: list[tuple[int, int, int]] = []
        for i in range(n * n):
            for u in T.bits(D[i] & ~pos[i]):
                if not S.remove(n, D, R, C, i // n, i % n, u, queue):
                    return True
        if queue and not S.propagate(n, D, R, C, queue):
            return True
        return full and not _all_different(n, (D, R, C), ref)


Views = tuple[list[int], list[int], list[int]]


def stalls(n: int, masks: list[int], full: bool) -> bool:
    """Do the techniques end without a contradiction from `masks`? The singles'
    fixpoint is the naked and hidden singles' own (`search.propagate`); with
    `full`, all-different filtered to the fixpoint on every row and column (as
    strong as naked and hidden subsets) and on every value's rows (as strong as
    fish): if even that finds no contradiction, the ladder cannot."""
    return fixpoint(n, masks, full) is not None


def fixpoint(n: int, masks: list[int], full: bool) -> Views | None:
    """The views (cells, rows, columns: see `search.build_state`) at the fixpoint
    `stalls` describes; None on a contradiction."""
    built = S.build_state(n, list(masks))
    if built is None:
        return None
    views, queue = built
    if not S.propagate(n, *views, queue):
        return None
    if full and not _all_different(n, views, None):
        return None
    return views


def _lines(n: int, views: Views) -> list[list[int]]:
    """Every row's, column's and value's domains (the value's: its columns per row)."""
    D, R, _ = views
    return ([D[r * n:r * n + n] for r in range(n)] + [D[c::n] for c in range(n)]
            + [R[v::n] for v in range(n)])


_FILTERED: dict[tuple[int, ...], list[int] | None] = {}


def line_filter(doms: list[int], n: int) -> list[int] | None:
    """All-different filtering of one line (`search.line_filter`), remembered by its
    domains: trials filter the same lines again and again."""
    key = tuple(doms)
    found = _FILTERED.get(key, False)
    if found is False:
        if len(_FILTERED) > 100_000:
            _FILTERED.clear()
        found = _FILTERED[key] = S.line_filter(list(doms), n)
    return None if found is None else list(found)  # type: ignore[arg-type]


def _all_different(n: int, views: Views, ref: list[list[int]] | None) -> bool:
    """All-different filtered on every row, column and value to the fixpoint (False on
    a contradiction), skipping the lines still as in `ref` (already filtered)."""
    D, R, C = views
    changed = True
    while changed:
        changed = False
        for k, doms in enumerate(_lines(n, views)):
            if (ref is not None and doms == ref[k]) or all(not d & (d - 1) for d in doms):
                continue
            new = line_filter(doms, n)
            if new is None:
                return False
            queue: list[tuple[int, int, int]] = []
            for j in range(n):
                for u in T.bits(doms[j] & ~new[j]):
                    changed = True
                    r, c, v = ((k, j, u) if k < n else (j, k - n, u) if k < 2 * n
                               else (j, u, k - 2 * n))
                    if not S.remove(n, D, R, C, r, c, v, queue):
                        return False
            if queue and not S.propagate(n, D, R, C, queue):
                return False
    return True


def narrow(n: int, masks: list[int], state: PlayState) -> list[int]:
    """The candidates narrowed by a player's state (places named `r2c3`)."""
    m = list(masks)
    index = {cell_name(n, i): i for i in range(n * n)}
    for place, value in state.removed:
        m[index[place]] &= ~(1 << (value - 1))
    for place, value in state.entries:
        m[index[place]] &= 1 << (value - 1)
    return m


def table_technique(n: int, name: str, rung: int, tables: Sequence[Table],
                    label: Callable[[int], str] | None = None) -> Technique:
    """A ladder rung for a kind's tables (see `tables.Table`): in the first table
    where the candidates leave some value no combination uses, those values go.
    `label(i)` names table i in the text ("the cage 12+ at r1c1"); a table no
    combination fits raises `Contradiction`."""
    def what(g: int) -> str:
        return label(g) if label else "the group " + ", ".join(cell_name(n, c)
                                                               for c in tables[g].cells)

    def find(m: list[int]) -> Move | None:
        for g, table in enumerate(tables):
            gone = table_filter(m, table)
            if gone is None:
                raise Contradiction(f"{what(g)} has no combination left",
                                    tuple(cell_name(n, c) for c in table.cells))
            if gone:
                for i, v in gone:
                    m[i] &= ~(1 << v)
                return Move(name, {"table": what(g)}, cells=list(table.cells),
                            removed=list(gone))
        return None
    find.__doc__ = f"{name}: values no combination of a group uses"
    return Technique(name, rung, find)
