"""The kind: reading, solving, explaining, generating and drawing sum pyramids."""

from __future__ import annotations

import html
import random
from collections.abc import Iterator
from typing import Any

from numberplay import Budget, Generated, Kind, PlayState, PuzzleError
from numberplay.errors import GenerationError
from numberplay.kinds import Deduction

from . import solver
from .model import (
    DIGITS,
    MAX_ROWS,
    MAX_VALUE,
    MIN_ROWS,
    NAME,
    PyramidPuzzle,
    PyramidSolution,
    build,
    place,
)
from .rules import PyramidRules
from .svg import draw


class PyramidKind(Kind[PyramidPuzzle, PyramidSolution]):
    """Sum pyramids: every brick is the sum of the two below it; the bottom row
    holds digits 1 to 9."""

    name = NAME
    aliases = ("sum-pyramid", "number-wall")
    title = "Sum pyramid"
    summary = ("Every brick is the sum of the two bricks below it, and the bottom row "
               "holds digits 1 to 9: find the missing bricks.")
    input_help = ("One line per row, from the top (row r has r bricks): a number, or '.' "
                  "for a brick to find; '#' starts a comment.")
    puzzle_type = PyramidPuzzle
    solution_type = PyramidSolution
    difficulties = ("easy", "hard")       # easy: sums and differences alone; hard: a guess
    default_difficulty = "easy"
    default_size = "4"
    size_help = f"the number of rows, {MIN_ROWS} to {MAX_ROWS}"
    state_help = "the pyramid as you have it: the input format, '.' for an empty brick"
    cli_examples = ("numberplay solve pyramid --example school",
                    "numberplay generate pyramid --size 5 --difficulty hard")

    # -- reading and writing ---------------------------------------------------
    def parse(self, text: str | None, **options: Any) -> PyramidPuzzle:
        return PyramidPuzzle(_read_rows(text))

    def to_text(self, puzzle: PyramidPuzzle) -> str:
        return _layout(puzzle.rows)

    # -- solving -----------------------------------------------------------------
    def find_solutions(self, puzzle: PyramidPuzzle, limit: int | None,
                       budget: Budget | None) -> Iterator[PyramidSolution]:
        for bottom in solver.bottom_rows(puzzle, budget):
            yield PyramidSolution(build(bottom))

    def verify(self, puzzle: PyramidPuzzle, solution: PyramidSolution) -> bool:
        rows = solution.rows
        if len(rows) != puzzle.n or any(len(row) != r for r, row in enumerate(rows, 1)):
            return False
        sums = all(rows[r][c] == rows[r + 1][c] + rows[r + 1][c + 1]
                   for r in range(puzzle.n - 1) for c in range(r + 1))
        givens = all(g is None or g == v for grow, row in zip(puzzle.rows, rows, strict=True)
                     for g, v in zip(grow, row, strict=True))
        return sums and givens and all(v in DIGITS for v in rows[-1])

    # -- explaining: numberplay's deduction kernel, on this kind's rules ---------------
    def rules(self, puzzle: PyramidPuzzle, budget: Budget | None = None) -> Deduction:
        """Sums and differences (`rules.py`) from the given bricks; explain, hints
        and the grade are numberplay's, on its kernel."""
        rules = PyramidRules(puzzle.n)
        return Deduction(rules, rules.start(solver.known_of(puzzle)))

    # -- hints from where the player is -------------------------------------------------
    def parse_state(self, puzzle: PyramidPuzzle, text: str) -> PlayState:
        rows = _read_rows(text)
        if len(rows) != puzzle.n:
            raise PuzzleError(f"the state has {len(rows)} rows, the puzzle {puzzle.n}")
        entries = tuple((place(r, c), v) for r, row in enumerate(rows, 1)
                        for c, v in enumerate(row, 1)
                        if v is not None and puzzle.rows[r - 1][c - 1] is None)
        return PlayState(entries=entries)

    def rules_from(self, puzzle: PyramidPuzzle, state: PlayState,
                   budget: Budget | None = None) -> Deduction:
        known = solver.known_of(puzzle)
        for name, value in state.entries:
            r, _, c = name[1:].partition("c")
            known[int(r), int(c)] = value
        rules = PyramidRules(puzzle.n)
        return Deduction(rules, rules.start(known))

    def solution_places(self, puzzle: PyramidPuzzle,
                        solution: PyramidSolution) -> dict[str, int]:
        return {place(r, c): v for r, row in enumerate(solution.rows, 1)
                for c, v in enumerate(row, 1)}

    # -- generating and grading --------------------------------------------------------
    def check_size(self, size: str) -> str:
        if not (size.isascii() and size.isdigit() and len(size) <= 2
                and MIN_ROWS <= int(size) <= MAX_ROWS):
            raise PuzzleError(f"--size is the number of rows, {MIN_ROWS} to {MAX_ROWS}, "
                              f"not {size!r}")
        return str(int(size))

    def size_of(self, puzzle: PyramidPuzzle) -> str:
        return str(puzzle.n)

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        """A random bottom row, the whole pyramid, then bricks taken away in a random
        order while exactly one solution is left (and, for easy, while sums and
        differences still find it); hard asks for a puzzle that needs a guess."""
        n = int(size or self.default_size or 4)
        for _attempt in range(50):
            full = build([rng.choice(DIGITS) for _ in range(n)])
            rows: list[list[int | None]] = [list(row) for row in full]
            bricks = [(r, c) for r in range(n) for c in range(r + 1)]
            rng.shuffle(bricks)
            for r, c in bricks:
                value, rows[r][c] = rows[r][c], None
                puzzle = PyramidPuzzle(tuple(tuple(row) for row in rows))
                if self.count(puzzle, limit=2, budget=budget) != 1 or (
                        difficulty == "easy" and self.grade(puzzle) != "easy"):
                    rows[r][c] = value
            puzzle = PyramidPuzzle(tuple(tuple(row) for row in rows))
            grade = self.grade(puzzle)
            if difficulty in (None, grade):
                return Generated(puzzle, PyramidSolution(full), grade, self.to_text(puzzle))
        raise GenerationError(f"no {difficulty} pyramid of {n} rows found in 50 tries")

    # -- presenting --------------------------------------------------------------------
    def render_as(self, puzzle: PyramidPuzzle, solution: PyramidSolution | None,
                  fmt: str) -> str:
        text = _layout(solution.rows if solution is not None else puzzle.rows)
        if fmt == "markdown":
            return "```\n" + text + "\n```"
        if fmt == "html":
            return f"<pre class=\"pyramid\">{html.escape(text)}</pre>"
        return text

    def draw(self, puzzle: PyramidPuzzle, solution: PyramidSolution | None = None,
             highlight: Any = None, state: PlayState | None = None) -> str:
        return draw(puzzle, solution, highlight, state)


def _read_rows(text: str | None) -> tuple[tuple[int | None, ...], ...]:
    """Rows of bricks from the text format; PuzzleError naming the line and column."""
    if text is None or not text.strip():
        raise PuzzleError("no pyramid given: one line per row, numbers and '.'")
    rows: list[tuple[int | None, ...]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        if len(rows) == MAX_ROWS:
            raise PuzzleError(f"a pyramid has at most {MAX_ROWS} rows", line=lineno)
        row: list[int | None] = []
        column = 0
        for token in line.split():
            column = line.index(token, column) + 1
            if token == ".":
                row.append(None)
            elif token.isascii() and token.isdigit() and len(token) <= 4 \
                    and 1 <= int(token) <= MAX_VALUE:
                row.append(int(token))
            else:
                raise PuzzleError(f"{token[:12]!r} is not a brick: a whole number 1.."
                                  f"{MAX_VALUE} or '.'", line=lineno, column=column)
            column += len(token) - 1
        if len(row) != len(rows) + 1:
            raise PuzzleError(f"row {len(rows) + 1} has {len(row)} bricks; it should have "
                              f"{len(rows) + 1}", line=lineno)
        rows.append(tuple(row))
    if len(rows) < MIN_ROWS:
        raise PuzzleError(f"a pyramid has at least {MIN_ROWS} rows")
    return tuple(rows)


def _layout(rows: Any) -> str:
    """Rows centred under each other, '.' for an unknown brick."""
    width = max(len(str(v)) for row in rows for v in row if v is not None) + 1 \
        if any(v is not None for row in rows for v in row) else 2
    width = max(width, 2)
    n = len(rows)
    lines = []
    for r, row in enumerate(rows, 1):
        cells = "".join(("." if v is None else str(v)).center(2 * width) for v in row)
        lines.append((" " * (width * (n - r)) + cells).rstrip())
    return "\n".join(lines)


KIND = PyramidKind()
