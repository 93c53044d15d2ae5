"""Latin technique moves as readable `Step`s, and the rules for the shared driver."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from ..deduce import Contradiction, Move, Rules, Technique
from ..model import PlayState, Step
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
                    finder: Callable[[int, list[int]], Move | None],
                    sweep: Callable[[int, list[int]], bool] | None = None) -> Technique:
    """A Latin finder (`techniques.py`) as a kernel technique at `rung`: it finds a
    move on order-`n` masks and applies it; `sweep`, its quiet form."""
    def find(m: list[int]) -> Move | None:
        move = finder(n, m)
        if move is not None:
            T.apply(m, move)
        return move
    find.__doc__ = finder.__doc__
    quiet = None if sweep is None else functools.partial(sweep, n)
    return Technique(name, rung, find, quiet)


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
        self.index = {cell_name(n, i): i for i in range(n * n)}
        rungs = rungs or {}
        latin = [latin_technique(n, e.name, rung, e.finder, e.sweep) for e in T.LATIN
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

    def decided(self, pos: list[int]) -> bool:
        return T.is_solved(pos)

    def candidates(self, pos: list[int]) -> list[tuple[str, list[int]]]:
        return [(cell_name(self.n, i), [v + 1 for v in T.bits(d)])
                for i, d in enumerate(pos) if d & (d - 1)]

    def assume(self, pos: list[int], place: str, value: int) -> None:
        pos[self.index[place]] &= 1 << (value - 1)
        if not pos[self.index[place]]:
            raise Contradiction(f"{place} cannot be {value}", (place,))

    def exclude(self, pos: list[int], place: str, value: int) -> None:
        pos[self.index[place]] &= ~(1 << (value - 1))


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
