"""Turning technique moves into readable `Step`s, and the explain driver."""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ..budget import Budget, ensure
from ..model import SOLVED, STALLED, Step
from . import techniques as T
from .render import grid_text, masks_text
from .search import solve_masks


def cell_name(n: int, i: int) -> str:
    """'r2c3' for flat index i (1-based row and column)."""
    r, c = divmod(i, n)
    return f"r{r + 1}c{c + 1}"


def _vals(vs: list[int]) -> str:
    return ", ".join(str(v + 1) for v in vs)


def _removals(n: int, removed: list[tuple[int, int]]) -> str:
    return ", ".join(f"{v + 1} from {cell_name(n, i)}" for i, v in removed)


def describe(n: int, move: T.Move) -> str:
    """The sentence a person reads for one move."""
    d = move.detail
    cells = ", ".join(cell_name(n, i) for i in move.cells)
    if move.technique == "naked single":
        i, v = move.fixed[0]
        where = ", ".join(cell_name(n, j) for j, _ in move.removed)
        return f"Naked single: {cell_name(n, i)} can only be {v + 1}, so {v + 1} is weeded from {where}."
    if move.technique == "hidden single":
        i, v = move.fixed[0]
        kind, idx = d["line"]
        return (f"Hidden single: {v + 1} has only one place in {kind} {idx + 1}, "
                f"so {cell_name(n, i)} = {v + 1} (removing {_vals([u for _, u in move.removed])}).")
    if move.technique in ("naked subset", "hidden subset"):
        kind, idx = d["line"]
        name = SUBSET.get(d["k"], f"{d['k']}-subset")
        if move.technique == "naked subset":
            return (f"Naked {name} in {kind} {idx + 1}: {cells} hold only {_vals(d['values'])} "
                    f"between them, so these values leave the rest of the {kind}: "
                    f"{_removals(n, move.removed)}.")
        return (f"Hidden {name} in {kind} {idx + 1}: {_vals(d['values'])} can only go in "
                f"{cells}, so those cells hold nothing else: {_removals(n, move.removed)}.")
    if move.technique == "fish":
        name = T.FISH_NAMES.get(d["k"], f"{d['k']}-fish")
        base = d["base"]
        other = "column" if base == "row" else "row"
        v = d["value"] + 1
        return (f"{name[0].upper() + name[1:]} on {v}: in {base}s {_vals(d['lines'])} the {v} can "
                f"only go in {other}s {_vals(d['cover'])}, so {v} is removed from the rest of "
                f"those {other}s: {', '.join(cell_name(n, i) for i, _ in move.removed)}.")
    return f"{move.technique}: {cells}"


SUBSET = T.SUBSET_NAMES


def to_step(n: int, move: T.Move, snapshot: str | None) -> Step:
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


def solved_text(n: int, m: list[int]) -> str:
    """The solved grid as digits."""
    return grid_text([[str(m[r * n + c].bit_length()) for c in range(n)] for r in range(n)])


def explain_masks(n: int, masks: list[int], *, search: bool = True, trace: bool = False,
                  budget: Budget | None = None) -> Iterator[Step]:
    """The steps from the given candidates to the solution (or stall/contradiction)."""
    budget = ensure(budget)
    m = list(masks)
    # A solution found by the first guess stays valid for every later one: the
    # techniques only remove candidates that are in no solution, and each guess
    # takes this solution's value. So the search runs once, not once per guess.
    solution: list[int] | None = None
    while True:
        why = T.contradiction(n, m)
        if why:
            yield Step("contradiction", f"No solution: {why}.", snapshot=masks_text(n, m))
            return
        budget.tick()   # one node per deduction, so --timeout/--max-nodes bound explain too
        move = T.next_move(n, m)
        if move is not None:
            T.apply(m, move)
            yield to_step(n, move, masks_text(n, m) if trace else None)
            continue
        if T.is_solved(m):
            yield Step(SOLVED, "Solved: every cell holds one value.", snapshot=solved_text(n, m))
            return
        if not search:
            open_cells = sum(1 for d in m if d & (d - 1))
            yield Step(STALLED, f"Stalled: the techniques find nothing more; {open_cells} "
                       "cells are still open.", snapshot=masks_text(n, m))
            return
        if solution is None or any(not m[i] >> v & 1 for i, v in enumerate(solution)):
            solution = next(solve_masks(n, m, limit=1, budget=budget), None)
        ok = yield from _guess(n, m, trace, solution)
        if not ok:
            return


def _guess(n: int, m: list[int], trace: bool, solution: list[int] | None
           ) -> Generator[Step, None, bool]:
    """Fix the open cell with fewest candidates to its value in `solution` (None: there
    is no solution, and the step says so)."""
    open_cells = [i for i, d in enumerate(m) if d & (d - 1)]
    i = min(open_cells, key=lambda j: (T.popcount(m[j]), j))
    name = cell_name(n, i)
    if solution is None:
        yield Step("contradiction", f"No solution: the techniques stall, and the search "
                   f"shows that every candidate of {name} ({_vals(T.bits(m[i]))}) leads to a "
                   "row, column or value running out.", cells=(name,),
                   snapshot=masks_text(n, m))
        return False
    v = solution[i]
    removed = [(i, u) for u in T.bits(m[i]) if u != v]
    m[i] = 1 << v
    yield Step("guess", f"Guess: the techniques stall; {name} has candidates "
               f"{_vals(T.bits(m[i] | sum(1 << u for _, u in removed)))}, and the search's "
               f"solution has {v + 1} there, so take {name} = {v + 1}.",
               cells=(name,), removed=tuple((name, u + 1) for _, u in removed),
               fixed=((name, v + 1),), snapshot=masks_text(n, m) if trace else None)
    return True
