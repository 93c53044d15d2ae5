"""Keen's explanation ladder on the shared driver, its grades, and a player's state.

Rungs (a step's grade is the hardest rung it needs), each where Simon Tatham's
solver allows it, so the grade is his level (docs/keen.md maps his code):

  0 easy      naked single, hidden single, cage digits           (Tatham Easy)
  1 medium    cage combinations                                   (Normal)
  2 hard      cage line (in the lines his Hard reads), naked and
              hidden subsets                                      (Hard)
  3 extreme   fish (X-wing, swordfish...), his forcing chains     (Extreme)
  4+ unreasonable  any cage line, line sum (beyond his ladder), then a trial
              ("suppose r2c3 = 4 ... contradiction"), or a labelled guess
              where no trial closes                               (Unreasonable)

On puzzles his generator made, and on ours graded by his solver, the levels
agree (benchmarks/bench_keen_tatham.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..deduce import Contradiction, Move, Technique, quiet
from ..errors import PuzzleError
from ..latin import techniques as LT
from ..latin.explain import LatinRules, narrow
from ..model import PlayState, Step
from ..text import content_lines
from ..text import place as cell_place
from . import techniques as K
from .cages import Table, compile_puzzle
from .model import KeenPuzzle, cell_name
from .render import masks_text, values_text

LEVELS = ("easy", "medium", "hard", "extreme", "unreasonable")
GRADES = ("easy", "medium", "hard", "extreme", "unreasonable")
TATHAM = {"easy": "Easy", "medium": "Normal", "hard": "Hard", "extreme": "Extreme",
          "unreasonable": "Unreasonable"}

Finder = Callable[[int, list[Table], list[int]], Move | None]
Sweep = Callable[[int, list[Table], list[int]], bool]

# Keen's level map: the Latin techniques put on Keen's scale (its own rungs are in
# its table, `techniques.CAGES`), and the order in which the techniques of one
# rung are tried.
LATIN_RUNGS = {"naked single": 0, "hidden single": 0, "naked subset": 2, "hidden subset": 2,
               "fish": 3, "forcing chain": 3}
ORDER = ("naked single", "hidden single", "cage digits", "cage combinations", "cage line",
         "naked subset", "hidden subset", "fish", "forcing chain", "any cage line",
         "line sum")


def _check_level_map() -> None:
    """The level map names every technique of the two tables, and nothing else: a
    technique added to a table, or a name misspelt here, stops the import."""
    latin, cages = set(LT.TABLE), {e.name for e in K.CAGES if e.rung is not None}
    problems = []
    if set(LATIN_RUNGS) != latin:
        problems.append(f"LATIN_RUNGS misses {sorted(latin - set(LATIN_RUNGS))}, "
                        f"names no Latin technique {sorted(set(LATIN_RUNGS) - latin)}")
    if len(ORDER) != len(set(ORDER)) or set(ORDER) != latin | cages:
        problems.append(f"ORDER misses {sorted((latin | cages) - set(ORDER))}, "
                        f"names no technique {sorted(set(ORDER) - latin - cages)}")
    if problems:
        raise ImportError("Keen's level map and its technique tables disagree: "
                          + "; ".join(problems))


_check_level_map()


def found_step(n: int, move: Move, before: list[int]) -> Step:
    """A model `Step` from a cage deduction made in the candidates `before`."""
    text, area = K.TABLE[move.technique].words(n, move, before)
    return Step(technique=move.technique, text=text,
                cells=(*area, *(cell_name(n, i) for i in move.cells)),
                removed=tuple((cell_name(n, i), v + 1) for i, v in move.removed),
                fixed=tuple((cell_name(n, i), v + 1) for i, v in move.fixed))


def cage_technique(n: int, tables: list[Table], name: str, rung: int,
                   finder: Finder, sweep: Sweep | None = None) -> Technique:
    """One of Keen's rungs for the kernel: the finder's move, applied; `sweep`, its
    quiet form."""
    def find(m: list[int]) -> Move | None:
        found = finder(n, tables, m)
        if found is not None:
            for i, v in found.removed:
                m[i] &= ~(1 << v)
        return found
    find.__doc__ = finder.__doc__
    return Technique(name, rung, find, None if sweep is None else partial(sweep, n, tables))


class KeenRules(LatinRules):
    """The Latin core's rules extended with Keen's cage techniques (`extra`), the
    Latin rungs put on Keen's scale."""

    grades = GRADES  # type: ignore[assignment]
    solved_text = "Solved: every cell holds one value, and every cage adds up."
    trial_rungs = (0, None)   # trials follow the easy rung first, then the whole ladder
    # the easy rung's sweeps (singles, cage digits) raise on every contradiction
    # `contradiction` finds: an empty cell, a line short of a value, a cage no filling fits
    sweeps_check = True

    def __init__(self, puzzle: KeenPuzzle, tables: list[Table] | None = None) -> None:
        n = puzzle.n
        tables = tables if tables is not None else compile_puzzle(puzzle)
        extra = [cage_technique(n, tables, e.name, e.rung, e.finder, e.sweep) for e in K.CAGES
                 if e.rung is not None]
        super().__init__(n, extra, rungs=LATIN_RUNGS, order=ORDER)
        self.puzzle = puzzle
        self.tables = tables

    def settle(self, pos: list[int], max_rung: int | None = None) -> str:
        """The ladder's fixpoint up to `max_rung`: the kernel's quiet run (`deduce.quiet`)."""
        return quiet(self, pos, max_rung)

    def closes(self, pos: list[int], place: str, value: int,
               max_rung: int | None = None, before: list[int] | None = None) -> bool:
        """False when the quiet run from the supposition ends without a
        contradiction: the techniques cannot reach one (the trial is not followed)."""
        return quiet(self, list(pos), max_rung) == "contradiction"

    def narrate(self, move: Move, before: list[int] | None) -> Step:
        """A cage move's step, or the Latin one's."""
        if move.technique in K.TABLE:
            assert before is not None
            return found_step(self.n, move, before)
        return super().narrate(move, before)

    def contradiction(self, pos: list[int]) -> Contradiction | str | None:  # type: ignore[override]
        latin = super().contradiction(pos)
        if latin is not None:
            return latin
        found = K.cage_contradiction(self.n, self.tables, pos)
        if found is None:
            return None
        text, cells = found
        return Contradiction(text, tuple(cell_name(self.n, i) for i in cells))

    def snapshot(self, pos: list[int]) -> str:
        if LT.is_solved(pos) and self.contradiction(pos) is None:
            return values_text(self.n, [d.bit_length() for d in pos])
        return masks_text(self.n, pos)


def start_masks(puzzle: KeenPuzzle) -> list[int]:
    """Every cell with every value (a given cell: its value): where an explanation starts."""
    masks = [(1 << puzzle.n) - 1] * (puzzle.n * puzzle.n)
    for i, v in puzzle.givens:
        masks[i] = 1 << (v - 1)
    return masks


# -- a player's position -----------------------------------------------------------

STATE_HELP = ("the candidate grid: N lines of N cells, a cell is the digits still possible "
              "(values joined by commas past 9), '.' for any; a single digit is an entry")


def parse_state(puzzle: KeenPuzzle, text: str) -> PlayState:
    """The player's candidate grid: entries are cells narrowed to one value,
    `removed` the candidates crossed out elsewhere."""
    n = puzzle.n
    rows = [line.split() for _lineno, _raw, line in content_lines(text)]
    if len(rows) != n:
        raise PuzzleError(f"the state has {len(rows)} rows; the puzzle has {n}")
    entries, removed = [], []
    full = (1 << n) - 1
    for r, row in enumerate(rows):
        if len(row) != n:
            raise PuzzleError(f"state row {r + 1} has {len(row)} cells, expected {n}")
        for c, token in enumerate(row):
            mask = _state_cell(token, n, r, c)
            name = cell_name(n, r * n + c)
            if not mask & (mask - 1):
                entries.append((name, mask.bit_length()))
            else:
                removed += [(name, v + 1) for v in range(n) if (full & ~mask) >> v & 1]
    return PlayState(tuple(entries), tuple(removed), notes=True)


def _state_cell(token: str, n: int, r: int, c: int) -> int:
    """One cell of a state grid as a mask."""
    if token in (".", "?", "0"):
        return (1 << n) - 1
    parts = token.split(",") if "," in token or n > 9 else list(token)
    mask = 0
    for part in parts:
        if not part.isdigit() or not 1 <= int(part) <= n:
            raise PuzzleError(f"unreadable state cell {token[:20]!r} (values 1..{n})",
                              where=cell_place(r, c))
        mask |= 1 << (int(part) - 1)
    return mask


def state_masks(puzzle: KeenPuzzle, state: PlayState) -> list[int]:
    """The starting candidates narrowed by the player's state."""
    return narrow(puzzle.n, start_masks(puzzle), state)
