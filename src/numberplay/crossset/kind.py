"""The Cross Set kind: N×N Latin squares picking one candidate per cell."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..budget import Budget
from ..errors import PuzzleError
from ..kinds import Deduction, Kind, Offer
from ..latin.explain import GRADES
from ..latin.order import parse_order
from ..model import Generated, PlayState, Puzzle, Solution
from ..text import grid_places, parse_place, place
from .canon import canonical_key
from .explain import CrossSetRules
from .generate import generate_masks
from .model import CrossSetPuzzle, CrossSetSolution
from .parse import parse_text
from .render import render, to_text
from .solve import solve_masks


class CrossSetKind(Kind[CrossSetPuzzle, CrossSetSolution]):
    """Cross Set (the "Let's Solve Cross Set" article): solve, explain, grade, generate."""

    name = "crossset"
    aliases = ("cross-set", "cross_set")
    title = "Cross Set"
    summary = "An N×N Latin square where every cell takes one of its candidate values."
    input_help = ("One line per row, cells separated by spaces; a cell is the digits of its "
                  "candidates (N <= 9) or values joined by commas (1,12,7); '.' or '?' = any "
                  'value. Or JSON {"cells": [[[1, 2], [3]], ...]}.')
    puzzle_type = CrossSetPuzzle
    solution_type = CrossSetSolution
    difficulties = GRADES
    default_difficulty = "medium"
    default_size = "7"
    size_help = "the order N of the grid (e.g. 7)"
    # Subsets and fish take k >= 2 of at least 2k open cells (or rows) of a line
    # (latin/techniques.py), and the checks are benchmarks/enumerate_small.py's.
    offers = (
        Offer("1 and 2", ((1, 2),), GRADES[:1],
              "one decided cell decides a 2x2 square: all 16 order-2 puzzles checked"),
        Offer("3", ((3, 3),), (GRADES[0], GRADES[1], GRADES[-1]),
              "no subset or fish fits a line of 3 cells: all 262,144 puzzles on one "
              "3x3 square checked"),
        Offer("4", ((4, 4),), tuple(g for g in GRADES if g != "hard"),
              "a hidden pair in a line of 4 open cells is a naked pair of the other two, "
              "which is found first"),
        Offer("5 to 30", ((5, None),), GRADES, "every grade is made (benchmarks/bench_sizes.py)"),
    )

    # -- reading and writing ------------------------------------------------
    def parse(self, text: str | None, **options: Any) -> CrossSetPuzzle:
        """Read the Cross Set article's text format or JSON."""
        if text is None:
            raise PuzzleError("Cross Set needs a grid: one line of candidate cells per row")
        return parse_text(text)

    def to_text(self, puzzle: Puzzle) -> str:
        """The Cross Set article's format, aligned."""
        return to_text(_p(puzzle))

    # -- solving ----------------------------------------------------------------
    def find_solutions(self, puzzle: Puzzle, limit: int | None,
                       budget: Budget | None) -> Iterator[CrossSetSolution]:
        """Every solution, lazily, in a deterministic order."""
        p = _p(puzzle)
        n = p.n
        for flat in solve_masks(n, p.masks(), limit=limit, budget=budget):
            yield CrossSetSolution(tuple(tuple(flat[r * n + c] + 1 for c in range(n))
                                         for r in range(n)))

    def verify(self, puzzle: Puzzle, solution: Solution) -> bool:
        """A Latin square of 1..N taking one candidate per cell."""
        p, s = _p(puzzle), solution
        n = p.n
        grid = getattr(s, "grid", None)
        if grid is None or len(grid) != n or any(len(row) != n for row in grid):
            return False
        want = set(range(1, n + 1))
        if any(set(row) != want for row in grid):
            return False
        if any({grid[r][c] for r in range(n)} != want for c in range(n)):
            return False
        return all(grid[r][c] in p.cells[r][c] for r in range(n) for c in range(n))

    # -- explaining ---------------------------------------------------------------
    def rules(self, puzzle: Puzzle, budget: Budget | None = None) -> Deduction:
        """The Latin ladder's techniques, from the puzzle's candidates."""
        p = _p(puzzle)
        return Deduction(CrossSetRules(p.n), p.masks())

    # -- hints from where the player is ----------------------------------------------
    @property
    def state_help(self) -> str:  # type: ignore[override]
        """The `hint --state` format."""
        from .explain import STATE_HELP
        return STATE_HELP

    def parse_state(self, puzzle: Puzzle, text: str) -> PlayState:
        """The player's candidate grid, in the puzzle's own format."""
        from .explain import parse_state
        p = _p(puzzle)
        return parse_state(p.n, p.masks(), text)

    def rules_from(self, puzzle: Puzzle, state: PlayState,
                   budget: Budget | None = None) -> Deduction:
        """From the player's candidates."""
        from .explain import state_masks
        p = _p(puzzle)
        return Deduction(CrossSetRules(p.n), state_masks(p.n, p.masks(), state))

    def solution_places(self, puzzle: Puzzle, solution: Solution) -> dict[str, int]:
        """{"r1c1": value, ...}."""
        grid = solution.grid  # type: ignore[attr-defined]
        return grid_places(grid)

    # -- the setter's workbench -----------------------------------------------------------
    def place_values(self, puzzle: Puzzle) -> dict[str, tuple[int, ...]]:
        """{"r1c1": the cell's candidate list, ...}."""
        return {place(r, c): cell for r, row in enumerate(_p(puzzle).cells)
                for c, cell in enumerate(row)}

    def with_givens(self, puzzle: Puzzle, givens: dict[str, int]) -> CrossSetPuzzle:
        """A given is a cell whose list is that one value."""
        p = _p(puzzle)
        cells = [list(row) for row in p.cells]
        for at, value in givens.items():
            r, c = parse_place(at, p.n)
            cells[r][c] = (value,)
        return CrossSetPuzzle(tuple(tuple(row) for row in cells))

    def clues(self, puzzle: Puzzle) -> tuple[str, ...]:
        """The cells whose list leaves out some value: `cell r1c2 {1,3}`."""
        p = _p(puzzle)
        return tuple(f"cell {place(r, c)} {{{','.join(map(str, cell))}}}"
                     for r, c, cell in _listed(p))

    def relax(self, puzzle: Puzzle, keep: frozenset[int]) -> CrossSetPuzzle:
        """The lists not kept become every value 1..N."""
        p = _p(puzzle)
        cells = [list(row) for row in p.cells]
        full = tuple(range(1, p.n + 1))
        for k, (r, c, _) in enumerate(_listed(p)):
            if k not in keep:
                cells[r][c] = full
        return CrossSetPuzzle(tuple(tuple(row) for row in cells))

    # -- generating and grading ---------------------------------------------------------
    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        """A puzzle with a proved-unique solution graded exactly `difficulty`."""
        n = _size(size or self.default_size)
        difficulty = difficulty or self.default_difficulty
        masks, values = generate_masks(n, GRADES.index(difficulty), rng, budget)
        puzzle = CrossSetPuzzle.from_masks(n, masks)
        solution = CrossSetSolution(tuple(tuple(values[r * n + c] + 1 for c in range(n))
                                          for r in range(n)))
        return Generated(puzzle, solution, difficulty, to_text(puzzle))

    def check_size(self, size: str) -> str:
        """The order N (`7`, or `7x7`)."""
        return str(_size(size))

    # -- presenting -----------------------------------------------------------------
    def render_as(self, puzzle: Puzzle, solution: Solution | None, fmt: str) -> str:
        """text (seed format / solved digits), markdown or html."""
        return render(_p(puzzle), solution, fmt)  # type: ignore[arg-type]

    def draw(self, puzzle: Puzzle, solution: Solution | None = None,
             highlight: Any = None, state: PlayState | None = None) -> str:
        """The grid as SVG with candidates as pencil marks (see `svg.draw`)."""
        from .svg import draw
        entries, removed = (dict(state.entries), state.removed) if state else (None, ())
        return draw(_p(puzzle), solution, highlight, entries,  # type: ignore[arg-type]
                    removed, state.struck if state else ())

    def canonical_key(self, puzzle: Puzzle) -> str:
        """Invariant under row and column permutations, transposition and value renaming."""
        return canonical_key(_p(puzzle))

    def size_of(self, puzzle: Puzzle) -> str:
        """The order N."""
        return str(_p(puzzle).n)


def _p(puzzle: Puzzle) -> CrossSetPuzzle:
    if not isinstance(puzzle, CrossSetPuzzle):
        raise PuzzleError(f"not a Cross Set puzzle: {type(puzzle).__name__}")
    return puzzle


def _listed(p: CrossSetPuzzle) -> list[tuple[int, int, tuple[int, ...]]]:
    """(row, column, list) of the cells whose list is a clue (not every value)."""
    return [(r, c, cell) for r, row in enumerate(p.cells) for c, cell in enumerate(row)
            if len(cell) < p.n]


def _size(size: str) -> int:
    """The order N that `--size` gives."""
    return parse_order(size, 1, 30, "Cross Set", 7)


KIND = CrossSetKind()
