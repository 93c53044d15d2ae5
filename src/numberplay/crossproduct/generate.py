"""Generating CrossProduct puzzles with exactly one solution.

A random table of digits almost never has a unique solution beyond 15 cells,
so the generator repairs it: while a second solution exists, it takes a cell
where the two solutions differ and gives it the digit that leaves the fewest
candidates after full line propagation (ties broken by the rng). Uniqueness is
proved by a complete search with limit 2. Then the grade is steered: a walk of
single-cell changes that keep the solution unique makes the puzzle harder
(more candidates left after propagation) or easier (fewer left after the
simple techniques) until the kernel's grade (the one explain gives) is the
asked one.
"""

from __future__ import annotations

import itertools
import random
import re
from math import prod

from ..budget import Budget
from ..errors import GenerationError, PuzzleError
from ..model import Generated
from ..text import shorten
from .explain import grade_and_score
from .model import CrossProductPuzzle, CrossProductSolution
from .parse import to_text
from .solver import POPCOUNT, build, propagate, solve_grids

MAX_SIDE = 20
MAX_CELLS = 144  # 12x12; repair time grows quickly beyond (15x15 takes minutes)
ORDER = {"easy": 0, "medium": 1, "hard": 2}
RESTARTS = 8
WALK = 4  # steering moves per cell
REPAIRS = 20  # repair moves per cell before starting afresh

Table = list[list[int]]
# Digit weights of the starting table: 1, 5, 7 and 9 make lines rigid (easy);
# 2, 3, 4, 6 and 8 combine in many ways (hard).
WEIGHTS = {"easy": (3, 1, 1, 1, 2, 1, 2, 1, 2), "medium": (1,) * 9,
           "hard": (1, 2, 2, 2, 1, 2, 1, 2, 1)}


def parse_size(size: str) -> tuple[int, int]:
    """`6x6`, `10x4` or `6` -> (rows, cols)."""
    m = re.fullmatch(r"\s*([0-9]{1,6})\s*(?:[x×X*]\s*([0-9]{1,6}))?\s*", str(size)[:100])
    if not m:
        shown = shorten(size)
        raise PuzzleError(f"bad size {shown!r}: use ROWSxCOLS, e.g. 6x6")
    R = int(m.group(1))
    C = int(m.group(2) or m.group(1))
    if not (1 <= R <= MAX_SIDE and 1 <= C <= MAX_SIDE) or R * C > MAX_CELLS:
        raise PuzzleError(f"bad size {size!r}: rows and columns go from 1 to {MAX_SIDE}, "
                          f"at most {MAX_CELLS} cells")
    return R, C


def table_puzzle(table: Table) -> CrossProductPuzzle:
    """The puzzle whose solution is `table`."""
    return CrossProductPuzzle(tuple(prod(row) for row in table),
                              tuple(prod(col) for col in zip(*table, strict=False)))


def open_score(table: Table) -> int:
    """Candidates left over all cells after full line propagation (R*C = all decided)."""
    built = build(table_puzzle(table))
    assert built is not None
    lines, dom, cell_lines = built
    propagate(dom, lines, cell_lines, list(range(len(lines))))
    return sum(POPCOUNT[m] for m in dom)


def other_solution(table: Table, budget: Budget | None) -> tuple[tuple[int, ...], ...] | None:
    """A solution different from `table`, or None when `table` is the only one."""
    target = tuple(map(tuple, table))
    for grid in solve_grids(table_puzzle(table), limit=2, budget=budget):
        if grid != target:
            return grid
    return None


def _flexible(a: int, b: int, c: int, d: int) -> bool:
    """Can the rectangle (a b / c d) become (a·r b/r / c/r d·r) for some r != 1?"""
    for x in range(1, 10):  # x = a·r
        if x == a or (d * x) % a or (b * a) % x or (c * a) % x:
            continue
        if 1 <= d * x // a <= 9 and 1 <= b * a // x <= 9 and 1 <= c * a // x <= 9:
            return True
    return False


FLEXIBLE = {(a, b, c, d) for a in range(1, 10) for b in range(1, 10)
            for c in range(1, 10) for d in range(1, 10) if _flexible(a, b, c, d)}


def rectangles_at(table: Table, r: int, c: int) -> int:
    """How many flexible 2x2 rectangles have a corner at (r, c)."""
    row, n = table[r], 0
    a = row[c]
    for r2, other in enumerate(table):
        if r2 == r:
            continue
        c1 = other[c]
        for c2, b in enumerate(row):
            if c2 != c and (a, b, c1, other[c2]) in FLEXIBLE:
                n += 1
    return n


def remove_rectangles(rng: random.Random, table: Table) -> None:
    """Change cells until no 2x2 rectangle can be rescaled (a cheap witness of a
    second solution), giving each changed cell the digit in fewest rectangles."""
    R, C = len(table), len(table[0])
    for _ in range(4 * R * C):
        corners = [(r, c) for r in range(R) for c in range(C) if rectangles_at(table, r, c)]
        if not corners:
            return
        r, c = rng.choice(corners)
        scores = []
        for d in range(1, 10):
            table[r][c] = d
            scores.append((rectangles_at(table, r, c), rng.random(), d))
        table[r][c] = min(scores)[2]


def repair(rng: random.Random, table: Table, budget: Budget | None) -> bool:
    """Change cells of `table` until its puzzle has exactly one solution.

    First the 2x2 rectangles that can be rescaled go; then, while the solver
    finds a second solution, the changed cell is one where it differs; its new digit is
    the first (in random order) that leaves fewer candidates after
    propagation than now, else the best of all. False if it gives up.
    """
    R, C = len(table), len(table[0])
    remove_rectangles(rng, table)
    current = open_score(table)
    for _ in range(REPAIRS * R * C):
        if budget is not None:
            budget.tick()
        alt = other_solution(table, budget)
        if alt is None:
            return True
        diff = [(r, c) for r in range(R) for c in range(C) if table[r][c] != alt[r][c]]
        r, c = rng.choice(diff)
        old = table[r][c]
        digits = [d for d in range(1, 10) if d != old]
        rng.shuffle(digits)
        best: tuple[int, int] | None = None
        for d in digits:
            table[r][c] = d
            score = open_score(table)
            if best is None or score < best[0]:
                best = (score, d)
                if score < current:
                    break
        assert best is not None
        current, table[r][c] = best
    return False


def level(table: Table) -> tuple[int, tuple[int, int]]:
    """(the grade as 0-2, (open score, simple score)) of a table's unique puzzle.

    The grade is the kernel's (`explain.grade_and_score`: the label explain and
    check --why give). The pair measures how far propagation gets (candidates
    left by full line propagation, and by the simple techniques; larger means
    harder) and keeps the walk moving one way.
    """
    label, simple = grade_and_score(table_puzzle(table))
    return ORDER[label], (open_score(table), simple)


def steer(rng: random.Random, table: Table, difficulty: str,
          budget: Budget | None) -> bool:
    """Walk through unique tables towards `difficulty`; True when reached.

    A move changes one cell; it is kept when the puzzle stays unique, the
    propagation pair does not move the wrong way and the grade does not
    either.
    """
    R, C = len(table), len(table[0])
    want = ORDER[difficulty]
    current, key = level(table)
    for _ in range(WALK * R * C):
        if current == want:
            return True
        if budget is not None:
            budget.tick()
        sign = 1 if current < want else -1
        r, c = rng.randrange(R), rng.randrange(C)
        old = table[r][c]
        table[r][c] = rng.choice([d for d in range(1, 10) if d != old])
        if other_solution(table, budget) is None:
            new, new_key = level(table)
            if (new - current) * sign >= 0 and (new_key >= key if sign > 0 else new_key <= key):
                current, key = new, new_key
                continue
        table[r][c] = old
    return current == want


def generate(rng: random.Random, size: str, difficulty: str,
             budget: Budget | None = None) -> Generated:
    """A puzzle with exactly one solution, of the asked size and difficulty: tries
    afresh until the budget runs out (a fixed number of times when it has no limit)."""
    R, C = parse_size(size)
    restarts = max(RESTARTS, 400 // (R * C))  # small grids: cheap tries, rarer grades
    for _ in itertools.count() if budget is not None and budget.bounded else range(restarts):
        weights = WEIGHTS[difficulty]
        table = [rng.choices(range(1, 10), weights, k=C) for _ in range(R)]
        if repair(rng, table, budget) and steer(rng, table, difficulty, budget):
            puzzle = table_puzzle(table)
            solution = CrossProductSolution(tuple(map(tuple, table)))
            return Generated(puzzle, solution, difficulty, to_text(puzzle))
    raise GenerationError(f"no {difficulty} {R}x{C} puzzle found in {restarts} tries "
                          "(no time budget was set)")
