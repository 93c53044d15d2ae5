"""The CrossProduct kind: the glue between the interface and the modules."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from math import prod
from typing import Any

from ..budget import Budget, count_all
from ..kinds import Deduction, Kind, KindOption, Offer
from ..model import Generated, PlayState
from ..text import place
from .model import CrossProductPuzzle, CrossProductSolution, check_givens
from .parse import parse_puzzle, to_text

# (The enumerations and samples: benchmarks/enumerate_small.py; a turned grid needs the same.)
TWO_ROWS = ("every 2x2 and 2x3 puzzle checked, and none of the 46,896, 35,660 and 20,578 "
            "unique random 2x4, 2x5 and 2x6 puzzles needs more than a line's few fillings")


class CrossProductKind(Kind[CrossProductPuzzle, CrossProductSolution]):
    """Fill a grid with digits 1-9 so every row and column multiplies to its product."""

    name = "crossproduct"
    aliases = ("cross-product", "cp")
    title = "CrossProduct"
    summary = "fill a grid with digits 1-9 so each row and column multiplies to its product"
    input_help = ("two lines 'rows 210 144 54 135 4 49' and 'cols 6615 15552 420', "
                  'or JSON {"rows": [...], "cols": [...]}, or --rows/--cols')
    puzzle_type = CrossProductPuzzle
    solution_type = CrossProductSolution
    difficulties = ("easy", "medium", "hard")
    default_difficulty = "medium"
    default_size = "6x6"
    size_help = "ROWSxCOLS, e.g. 6x6 or 10x4 (sides up to 20, at most 144 cells)"
    offers = (
        Offer("1xC", ((1, 1), (1, None)), ("easy",), "each cell is its column's product"),
        Offer("Rx1", ((1, None), (1, 1)), ("easy",), "each cell is its row's product"),
        Offer("2x2 to 2x6", ((2, 2), (2, 6)), ("easy", "medium"), TWO_ROWS),
        Offer("3x2 to 6x2", ((3, 6), (2, 2)), ("easy", "medium"), TWO_ROWS),
        Offer("3x3", ((3, 3), (3, 3)), ("easy", "medium"),
              "measured: none of 42,916 unique 3x3 puzzles (of 115,335 random tables) "
              "needs more than a line's few fillings"),
        Offer("every other RxC", ((2, None), (2, None)), ("easy", "medium", "hard"),
              "every grade is made (benchmarks/bench_sizes.py)"),
    )
    options = (
        KindOption("rows", "row products, top to bottom, e.g. 210,144,54,135,4,49",
                   metavar="N,N,..."),
        KindOption("cols", "column products, left to right, e.g. 6615,15552,420",
                   metavar="N,N,..."),
    )

    def parse(self, text: str | None, **options: Any) -> CrossProductPuzzle:
        """From text and/or the rows/cols options."""
        return parse_puzzle(text, rows=options.get("rows"), cols=options.get("cols"))

    def to_text(self, puzzle: CrossProductPuzzle) -> str:
        """Two lines: `rows ...` and `cols ...`."""
        return to_text(puzzle)

    def find_solutions(self, puzzle: CrossProductPuzzle, limit: int | None,
                       budget: Budget | None) -> Iterator[CrossProductSolution]:
        """Every solution, lazily, deterministic order."""
        from .solver import solve_grids
        for grid in solve_grids(puzzle, limit=limit, budget=budget):
            yield CrossProductSolution(grid)

    def count(self, puzzle: CrossProductPuzzle, limit: int | None = None,
              budget: Budget | None = None) -> int:
        """The number of solutions, stopping at `limit` (no Solution objects built)."""
        from .solver import solve_grids
        return count_all(solve_grids(puzzle, limit=limit, budget=budget))

    def verify(self, puzzle: CrossProductPuzzle, solution: CrossProductSolution) -> bool:
        """Digits 1-9, right shape, every product right."""
        grid = solution.grid
        R, C = puzzle.shape
        if len(grid) != R or any(len(row) != C for row in grid):
            return False
        if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9
               for row in grid for v in row):
            return False
        if any(p is not None and prod(row) != p
               for row, p in zip(grid, puzzle.rows, strict=False)):
            return False
        if any(grid[i // C][i % C] != d for i, d in puzzle.givens):
            return False
        return all(p is None or prod(grid[r][c] for r in range(R)) == p
                   for c, p in enumerate(puzzle.cols))

    def rules(self, puzzle: CrossProductPuzzle, budget: Budget | None = None) -> Deduction:
        """The CrossProduct techniques for the kernel, from every digit in every cell."""
        from .explain import CrossProductRules
        rules = CrossProductRules(puzzle, budget)
        return Deduction(rules, rules.start())

    @property
    def state_help(self) -> str:  # type: ignore[override]
        """The `hint --state` format."""
        from .explain import STATE_HELP
        return STATE_HELP

    def parse_state(self, puzzle: CrossProductPuzzle, text: str) -> PlayState:
        """A partly filled grid: one line per row, digits and '.'."""
        from .explain import parse_state
        return parse_state(puzzle, text)

    def rules_from(self, puzzle: CrossProductPuzzle, state: PlayState,
                   budget: Budget | None = None) -> Deduction:
        """From the player's grid: their digits fixed first (a digit its cell cannot
        hold leaves the cell empty: the kernel's contradiction)."""
        from .explain import CrossProductRules, state_position
        rules = CrossProductRules(puzzle, budget)
        return Deduction(rules, state_position(rules, state))

    def solution_places(self, puzzle: CrossProductPuzzle,
                        solution: CrossProductSolution) -> dict[str, int]:
        """{"r1c1": digit, ...}."""
        from .explain import solution_places
        return solution_places(solution.grid)

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        """A puzzle with exactly one solution, of the asked size and difficulty."""
        from .generate import generate
        return generate(rng, size or self.default_size, difficulty or self.default_difficulty,
                        budget=budget)

    def check_size(self, size: str) -> str:
        """`ROWSxCOLS` (or `N` for a square), written `6x4`."""
        from .generate import parse_size
        R, C = parse_size(size)
        return f"{R}x{C}"

    def render_as(self, puzzle: CrossProductPuzzle, solution: CrossProductSolution | None,
                  fmt: str) -> str:
        """text, markdown or html."""
        from .render import render
        return render(puzzle, solution, fmt)

    def draw(self, puzzle: CrossProductPuzzle, solution: CrossProductSolution | None = None,
             highlight: Any = None, state: PlayState | None = None) -> str:
        """The grid as SVG, products outside (see `svg.draw`)."""
        from .svg import draw
        return draw(puzzle, solution, highlight, dict(state.entries) if state else None)

    def canonical_key(self, puzzle: CrossProductPuzzle) -> str:
        """Equal for puzzles that differ by permuting rows, columns, or transposing."""
        if puzzle.givens or puzzle.blank:   # the plain key: exact JSON
            return super().canonical_key(puzzle)
        a = (tuple(sorted(puzzle.rows)), tuple(sorted(puzzle.cols)))  # type: ignore[type-var]
        b = (a[1], a[0])
        key = min(a, b)
        return "crossproduct:" + ";".join(",".join(map(str, part)) for part in key)

    # -- the setter's workbench -----------------------------------------------------------
    def place_values(self, puzzle: CrossProductPuzzle) -> dict[str, tuple[int, ...]]:
        """{"r1c1": the digits dividing its row and column products (a given: itself)}."""
        from .solver import MASK_DIGITS, cell_mask
        R, C = puzzle.shape
        given = dict(puzzle.givens)
        return {place(r, c): (given[r * C + c],) if r * C + c in given
                else MASK_DIGITS[cell_mask(puzzle.rows[r], puzzle.cols[c])]
                for r in range(R) for c in range(C)}

    def with_givens(self, puzzle: CrossProductPuzzle,
                    givens: dict[str, int]) -> CrossProductPuzzle:
        """A given is a digit fixed in a cell (`given r2c3=5`)."""
        R, C = puzzle.shape
        items = [(place(*divmod(i, C)), d) for i, d in puzzle.givens] + list(givens.items())
        return replace(puzzle, givens=check_givens(items, R, C, {}))

    def clues(self, puzzle: CrossProductPuzzle) -> tuple[str, ...]:
        """The products (`row 2 = 144`, `column 1 = 6615`), then the givens."""
        R, C = puzzle.shape
        return tuple([f"row {r + 1} = {p}" for r, p in enumerate(puzzle.rows) if p is not None]
                     + [f"column {c + 1} = {p}" for c, p in enumerate(puzzle.cols)
                        if p is not None]
                     + [f"given {place(*divmod(i, C))}={d}" for i, d in puzzle.givens])

    def clue_places(self, puzzle: CrossProductPuzzle) -> tuple[tuple[str, ...], ...]:
        """A line (`row 2`) and its cells; a given's cell."""
        R, C = puzzle.shape
        rows = [(f"row {r + 1}", *(place(r, c) for c in range(C)))
                for r, p in enumerate(puzzle.rows) if p is not None]
        cols = [(f"column {c + 1}", *(place(r, c) for r in range(R)))
                for c, p in enumerate(puzzle.cols) if p is not None]
        return tuple(rows + cols + [(place(*divmod(i, C)),) for i, _ in puzzle.givens])

    def relax(self, puzzle: CrossProductPuzzle, keep: frozenset[int]) -> CrossProductPuzzle:
        """The products not kept become blank (`?`), the givens not kept go."""
        k = 0
        lines: list[list[int | None]] = [list(puzzle.rows), list(puzzle.cols)]
        for line in lines:
            for j, p in enumerate(line):
                if p is not None:
                    line[j] = p if k in keep else None
                    k += 1
        givens = tuple(g for j, g in enumerate(puzzle.givens, start=k) if j in keep)
        return CrossProductPuzzle(tuple(lines[0]), tuple(lines[1]), givens)

    def size_of(self, puzzle: CrossProductPuzzle) -> str:
        """`6x3`."""
        R, C = puzzle.shape
        return f"{R}x{C}"


KIND = CrossProductKind()
