"""The Keen kind: glue between the kind interface and the keen modules."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..budget import Budget
from ..errors import PuzzleError
from ..kinds import Deduction, Kind
from ..latin.order import parse_order
from ..model import Generated, PlayState, Puzzle, Solution
from ..text import grid_places
from . import explain as E
from .generate import generate as generate_puzzle
from .model import (
    DEFAULT_MAX,
    MAX_ORDER,
    MIN_ORDER,
    Cage,
    KeenPuzzle,
    KeenSolution,
    cell_name,
    check_givens,
)
from .parse import parse_text
from .render import render, to_text
from .search import solve
from .small import OFFERS
from .tatham import to_game_id


class KeenKind(Kind[KeenPuzzle, KeenSolution]):
    """Keen (KenKen, MathDoku): solve, explain, grade, generate, draw."""

    name = "keen"
    aliases = ("kenken", "mathdoku")
    title = "Keen"
    summary = ("An N×N Latin square cut into cages; each cage's digits make its target "
               "with its operation (+ − × ÷).")
    input_help = ("A Tatham game ID (4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1), or N lines of cage "
                  "labels then the clues (A 12x  B 3+  C 1-  D 2/  E 4), or JSON "
                  '{"n": 4, "cages": [{"op": "*", "target": 12, "cells": [[1, 1], [2, 1]]}, ...]}.')
    puzzle_type = KeenPuzzle
    solution_type = KeenSolution
    difficulties = E.LEVELS
    default_difficulty = "medium"
    default_size = "6"
    size_help = f"the order N of the grid, {MIN_ORDER}..{DEFAULT_MAX} (up to {MAX_ORDER})"
    offers = OFFERS
    cli_examples = ("numberplay solve keen '4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1'",
                    "numberplay generate keen --size 6 --difficulty hard --format tatham")

    # -- reading and writing ------------------------------------------------
    def parse(self, text: str | None, **options: Any) -> KeenPuzzle:
        """A Tatham game ID, the cage-map text format, or JSON."""
        return parse_text(text)

    def to_text(self, puzzle: Puzzle) -> str:
        """The cage-map text format."""
        return to_text(_p(puzzle))

    # -- solving ----------------------------------------------------------------
    def find_solutions(self, puzzle: Puzzle, limit: int | None,
                       budget: Budget | None) -> Iterator[KeenSolution]:
        """Every solution, lazily, in a fixed order."""
        p = _p(puzzle)
        n = p.n
        for flat in solve(p, limit=limit, budget=budget):
            yield KeenSolution(tuple(tuple(flat[r * n:(r + 1) * n]) for r in range(n)))

    def verify(self, puzzle: Puzzle, solution: Solution) -> bool:
        """A Latin square of 1..N whose cages all meet their clues."""
        p = _p(puzzle)
        n = p.n
        grid = getattr(solution, "grid", None)
        if grid is None or len(grid) != n or any(len(row) != n for row in grid):
            return False
        want = set(range(1, n + 1))
        if any(set(row) != want for row in grid):
            return False
        if any({grid[r][c] for r in range(n)} != want for c in range(n)):
            return False
        if any(grid[i // n][i % n] != v for i, v in p.givens):
            return False
        return all(cage.holds([grid[i // n][i % n] for i in cage.cells]) for cage in p.cages)

    # -- explaining -----------------------------------------------------------------
    def rules(self, puzzle: Puzzle, budget: Budget | None = None) -> Deduction:
        """Cage digits and combinations, cage lines, line sums and the Latin ladder,
        from every value in every cell (a given cell: its value)."""
        p = _p(puzzle)
        return Deduction(E.KeenRules(p), E.start_masks(p))

    state_help = E.STATE_HELP

    def parse_state(self, puzzle: Puzzle, text: str) -> PlayState:
        """The player's candidate grid."""
        return E.parse_state(_p(puzzle), text)

    def rules_from(self, puzzle: Puzzle, state: PlayState,
                   budget: Budget | None = None) -> Deduction:
        """From the player's candidates."""
        p = _p(puzzle)
        return Deduction(E.KeenRules(p), E.state_masks(p, state))

    def solution_places(self, puzzle: Puzzle, solution: Solution) -> dict[str, int]:
        """{"r1c1": value, ...}."""
        grid = solution.grid  # type: ignore[attr-defined]
        return grid_places(grid)

    # -- generating and grading ---------------------------------------------------------
    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        """A puzzle made as Tatham's generator makes them, graded exactly `difficulty`."""
        n = _size(size or self.default_size)
        difficulty = difficulty or self.default_difficulty
        puzzle, grid = generate_puzzle(n, difficulty, rng, budget)
        solution = KeenSolution(tuple(tuple(grid[r * n:(r + 1) * n]) for r in range(n)))
        return Generated(puzzle, solution, difficulty, to_text(puzzle),
                         extra={"tatham": to_game_id(puzzle, difficulty)})

    def check_size(self, size: str) -> str:
        """The order N (`6`, or `6x6`)."""
        return str(_size(size))

    # -- presenting -----------------------------------------------------------------------
    @property
    def formats(self) -> tuple[str, ...]:
        """The shared formats, svg, and `tatham` (the game ID)."""
        return (*super().formats, "tatham")

    def render(self, puzzle: Puzzle, solution: Solution | None = None,
               fmt: str = "text") -> str:
        """As every kind renders, plus `tatham`: the game ID with the grade letter."""
        if fmt == "tatham":
            return to_game_id(_p(puzzle), self.grade(_p(puzzle)))
        return super().render(_p(puzzle), solution, fmt)  # type: ignore[arg-type]

    def render_as(self, puzzle: Puzzle, solution: Solution | None, fmt: str) -> str:
        """text (cage map and clues / solved digits), markdown or html."""
        return render(_p(puzzle), solution, fmt)  # type: ignore[arg-type]

    def draw(self, puzzle: Puzzle, solution: Solution | None = None,
             highlight: Any = None, state: PlayState | None = None) -> str:
        """The grid as SVG: thick cage walls, each clue in its cage's first cell."""
        from .svg import draw
        entries, removed = (dict(state.entries), state.removed) if state else (None, ())
        return draw(_p(puzzle), solution, highlight, entries,  # type: ignore[arg-type]
                    removed, state.struck if state else ())

    # -- the setter's workbench -----------------------------------------------------------
    def place_values(self, puzzle: Puzzle) -> dict[str, tuple[int, ...]]:
        """{"r1c1": 1..N (a given cell: its value)}."""
        p = _p(puzzle)
        given = dict(p.givens)
        return {cell_name(p.n, i): (given[i],) if i in given else tuple(range(1, p.n + 1))
                for i in range(p.n * p.n)}

    def with_givens(self, puzzle: Puzzle, givens: dict[str, int]) -> KeenPuzzle:
        """A given is a digit written in a cell (`given r2c3=5`), beside its cage."""
        p = _p(puzzle)
        items = [(cell_name(p.n, i), v) for i, v in p.givens] + list(givens.items())
        return replace(p, givens=check_givens(p.n, items))

    def clues(self, puzzle: Puzzle) -> tuple[str, ...]:
        """The cages with a clue (`cage 12x at r1c1`), then the givens."""
        p = _p(puzzle)
        return tuple([f"cage {c.clue()} at {cell_name(p.n, c.cells[0])}" for c in p.cages
                      if c.op != "?"] + [f"given {cell_name(p.n, i)}={v}" for i, v in p.givens])

    def clue_places(self, puzzle: Puzzle) -> tuple[tuple[str, ...], ...]:
        """A cage's cells; a given's cell."""
        p = _p(puzzle)
        return tuple([tuple(cell_name(p.n, i) for i in c.cells) for c in p.cages if c.op != "?"]
                     + [(cell_name(p.n, i),) for i, _ in p.givens])

    def relax(self, puzzle: Puzzle, keep: frozenset[int]) -> KeenPuzzle:
        """The cages not kept lose their clue (`?`), the givens not kept go."""
        p = _p(puzzle)
        cages, k = [], 0
        for cage in p.cages:
            if cage.op != "?":
                cage = cage if k in keep else Cage("?", 0, cage.cells)
                k += 1
            cages.append(cage)
        givens = tuple(g for j, g in enumerate(p.givens, start=k) if j in keep)
        return KeenPuzzle(p.n, tuple(cages), givens)

    def size_of(self, puzzle: Puzzle) -> str:
        """The order N."""
        return str(_p(puzzle).n)


def _p(puzzle: Puzzle) -> KeenPuzzle:
    if not isinstance(puzzle, KeenPuzzle):
        raise PuzzleError(f"not a Keen puzzle: {type(puzzle).__name__}")
    return puzzle


def _size(size: str) -> int:
    """The order N that `--size` gives."""
    return parse_order(size, MIN_ORDER, MAX_ORDER, "Keen", 6)


KIND = KeenKind()
