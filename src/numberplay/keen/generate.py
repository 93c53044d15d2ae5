"""Generating Keen puzzles the way Simon Tatham's `keen.c` does.

1. A random Latin square (the Latin core's Jacobson–Matthews chain; each one
   serves `SQUARE_REUSE` tries, its rows, columns and digits shuffled anew).
2. Cages: dominoes placed at random (each with probability 3/4), then every
   cell left alone joins a neighbouring cage of fewer than `MAX_CAGE` cells.
3. Clues: operations dealt out evenly (÷, −, ×, + in turn, each to a cage it
   suits, preferring the cages where it is not too easy: a two-cell sum of 3,
   4, 2n−1 or 2n−2 leaves one pair; a two-cell product with few ways; a
   difference of n−1; a quotient above n/2 is never used).
4. Turned away at once when two values can swap in the corners of a rectangle
   (`swapped`: a second solution; most tries that are not unique), before any
   cage is compiled.
5. Kept only if the explanation ladder solves it at the target grade and not
   at the grade below (as his generator keeps a puzzle solved at the target
   level and not the one below). The ladder solving it proves it unique; at
   extreme and unreasonable the compiled search proves it, before the ladder
   runs; from hard up a try the medium rung solves is turned away first.

The whole try (steps 1-5, the search's uniqueness included) runs in C when it
is built (`_cages.tries`), on the Mersenne Twister state of the caller's
`random.Random`, drawing exactly what this module's functions draw: a seed
makes the same puzzle either way (tested). In Python the grades are the
kernel's quiet fixpoint of Keen's ladder (`deduce.fixpoint`).
"""

from __future__ import annotations

import random
from array import array
from functools import lru_cache
from types import ModuleType

from ..budget import Budget, ensure
from ..deduce import fixpoint
from ..errors import GenerationError
from ..latin import search as latin_search
from ..latin.squares import jacobson_matthews
from . import small
from .cages import TUPLE_CAP, Table, compile_puzzle
from .explain import LEVELS, KeenRules
from .model import Cage, KeenPuzzle
from .search import solve

_native: ModuleType | None
try:  # the compiled tries (setup.py builds them when a C compiler is there)
    from . import _cages as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

MAX_CAGE = 6
DEAL = ("/", "-", "*", "+")   # the order operations are dealt in
UNTIL_BUDGET = 2**31 - 1   # the attempts of a budget with a limit: until it runs out
SQUARE_REUSE = 25  # tries on one random square (each with its rows, columns and digits shuffled)


def cage_cells(n: int, rng: random.Random) -> list[list[int]] | None:
    """A random partition of the grid into connected cages (Tatham's method); None
    when a cell is left alone with only full cages around it."""
    a = n * n
    order = list(range(a))
    rng.shuffle(order)
    rank = [0] * a
    for k, cell in enumerate(order):
        rank[cell] = k
    key = rank.__getitem__
    parent = list(range(a))
    size = [1] * a
    near = _neighbours(n)

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    alone = [True] * a
    for i in range(a):
        if alone[i]:
            options = [j for j in near[i] if alone[j]]
            if options and rng.randrange(4):
                best = min(options, key=key)
                alone[i] = alone[best] = False
                parent[best] = i      # two cells alone: a domino rooted at i
                size[i] = 2
    for i in range(a):
        if alone[i]:
            options = [j for j in near[i] if size[root(j)] < MAX_CAGE]
            if options:
                best = min(options, key=key)
                alone[i] = alone[best] = False
                rj = root(best)
                parent[rj] = i        # i is alone: it roots the merged cage
                size[i] += size[rj]
    if any(alone):
        return None
    groups: dict[int, list[int]] = {}
    for i in range(a):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])


@lru_cache(maxsize=32)
def _neighbours(n: int) -> list[list[int]]:
    """Each cell's neighbours: left, right, up, down."""
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        out.append([j for j, ok in ((i - 1, c > 0), (i + 1, c < n - 1), (i - n, r > 0),
                                    (i + n, r < n - 1)) if ok])
    return out


def isotope(square: list[list[int]], rng: random.Random) -> list[int]:
    """The square with its rows, columns and digits shuffled: flat, values 1..n."""
    n = len(square)
    rows, cols, digits = list(range(n)), list(range(n)), list(range(1, n + 1))
    for order in (rows, cols, digits):
        rng.shuffle(order)
    return [digits[square[r][c]] for r in rows for c in cols]


Suits = tuple[frozenset[str], frozenset[str]]
ONE: Suits = (frozenset("="), frozenset())
MANY: Suits = (frozenset("+*"), frozenset())


@lru_cache(maxsize=4096)
def _pair_suits(n: int, p: int, q: int, hard: bool) -> tuple[frozenset[str], frozenset[str]]:
    """(good operations, poor ones) for a two-cell cage holding p > q."""
    good: set[str] = set()
    poor: set[str] = set()
    (good if 4 < p + q < 2 * n - 2 else poor).add("+")
    ways = sum(1 for k in range(1, n + 1) if (p * q) % k == 0 and (p * q) // k <= n
               and (p * q) // k != k)
    (poor if ways <= 2 and hard else good).add("*")
    if p - q < n - 1:
        good.add("-")
    if p % q == 0 and 2 * (p // q) <= n:
        good.add("/")
    return frozenset(good), frozenset(poor)


def _suits(n: int, values: list[int], hard: bool) -> tuple[frozenset[str], frozenset[str]]:
    """(good operations, poor ones) for a cage holding these values."""
    if len(values) == 1:
        return ONE
    if len(values) > 2:
        return MANY
    return _pair_suits(n, max(values), min(values), hard)


def clues(n: int, groups: list[list[int]], grid: list[int], rng: random.Random,
          hard: bool) -> list[Cage]:
    """Operations dealt out evenly, then the targets from the solution: in rounds,
    each of / − × + in turn goes to the first cage (in a shuffled order) it suits
    well that has none yet, else to the first it suits poorly."""
    suits = [_suits(n, [grid[i] for i in g], hard) for g in groups]
    order = list(range(len(groups)))
    rng.shuffle(order)
    ops: list[str | None] = ["=" if len(g) == 1 else None for g in groups]
    # for each operation, the cages it suits well / poorly, in the shuffled order,
    # and how far along each list the cages are already dealt one
    lists = [([k for k in order if op in suits[k][0]], [k for k in order if op in suits[k][1]])
             for op in DEAL]
    at = [[0, 0] for _ in DEAL]
    while True:
        dealt = False
        for o, op in enumerate(DEAL):
            for w in (0, 1):
                cands, pos = lists[o][w], at[o][w]
                while pos < len(cands) and ops[cands[pos]] is not None:
                    pos += 1
                at[o][w] = pos
                if pos < len(cands):
                    ops[cands[pos]] = op
                    dealt = True
                    break
        if not dealt:
            break
    cages = []
    for g, dealt_op in zip(groups, ops, strict=True):
        values = [grid[i] for i in g]
        op = dealt_op or "+"   # every cage is dealt one: + and * suit any size
        if op in "=+":
            target = sum(values)
        elif op == "*":
            target = 1
            for v in values:
                target *= v
        elif op == "-":
            target = abs(values[0] - values[1])
        else:
            target = max(values) // min(values)
        cages.append(Cage(op, target, tuple(g)))
    return cages


def swapped(n: int, grid: list[int], cages: tuple[Cage, ...]) -> bool:
    """Whether swapping two values in the corners of a rectangle (a at r1c1 and
    r2c2, b at r1c2 and r2c1) makes a second solution: it does when every cage
    holding a corner holds as many a-corners as b-corners (its digits stay the
    same; a one-cell cage never does, a two-cell one then holds a and b). The
    commonest second solution, found without compiling a cage: most tries that
    are not unique stop here."""
    owner = [0] * (n * n)
    for k, cage in enumerate(cages):
        for i in cage.cells:
            owner[i] = k
    for r1 in range(n - 1):
        row1 = grid[r1 * n:(r1 + 1) * n]
        for r2 in range(r1 + 1, n):
            row2 = grid[r2 * n:(r2 + 1) * n]
            where2 = {v: c for c, v in enumerate(row2)}
            for c1 in range(n):
                c2 = where2[row1[c1]]
                if c2 <= c1 or row1[c2] != row2[c1]:
                    continue
                a1, a2 = owner[r1 * n + c1], owner[r2 * n + c2]
                b1, b2 = owner[r1 * n + c2], owner[r2 * n + c1]
                if (a1 == b1 and a2 == b2) or (a1 == b2 and a2 == b1):
                    return True
    return False


def grade_exactly(puzzle: KeenPuzzle, level: str, budget: Budget,
                  tables: list[Table] | None = None, hard: list[int] | None = None) -> bool:
    """Solved at `level` and not at the level below (as Tatham's generator keeps it),
    on the kernel's quiet fixpoint of the ladder (`deduce.fixpoint`: Keen's
    propagation, no steps): the deductions made below stand, so the target level
    goes on from where the level below stalled. Below the last level, solved means
    unique (every deduction is sound). `hard`: the hard rung's fixpoint, already
    made, where it stalls (the level is extreme or unreasonable)."""
    n = puzzle.n
    tables = tables if tables is not None else compile_puzzle(puzzle)
    k = LEVELS.index(level)
    rules = KeenRules(puzzle, tables)
    if hard is None:
        budget.tick()
        m = [(1 << n) - 1] * (n * n)
        below = fixpoint(rules, m, k - 1).end if k > 0 else "stalled"
    else:
        m = hard
        below = fixpoint(rules, m, k - 1).end if k > 3 else "stalled"
    if below != "stalled":
        return False
    return level == LEVELS[-1] or fixpoint(rules, m, k).end == "solved"


def generate(n: int, level: str, rng: random.Random, budget: Budget | None = None,
             attempts: int = 5000) -> tuple[KeenPuzzle, list[int]]:
    """A puzzle of order n graded exactly `level`, with its proved-unique solution:
    tries until the budget runs out (`attempts` tries under a budget without limit)."""
    budget = ensure(budget)
    if budget.bounded:
        attempts = UNTIL_BUDGET
    hard = LEVELS.index(level) > LEVELS.index("medium")
    if n == 3 and hard:   # Tatham's deal never makes these: the few there are (small.py)
        return small.draw(level, rng)
    k = LEVELS.index(level)
    if _native is not None and type(rng) is random.Random and n <= _MAX_NATIVE and _WORDS:
        return _generate_native(n, level, hard, rng, budget, attempts)
    base: list[list[int]] = []
    for attempt in range(attempts):
        budget.tick()
        if attempt % SQUARE_REUSE == 0:
            base = jacobson_matthews(n, rng, iterations=n * n)
        grid = isotope(base, rng)
        groups = cage_cells(n, rng)
        if groups is None:
            continue
        # the cages in order of their first cell, each cell list ascending, every
        # target met by the grid: what make_puzzle would check, true by construction
        puzzle = KeenPuzzle(n, tuple(clues(n, groups, grid, rng, hard)))
        if swapped(n, grid, puzzle.cages):
            continue
        if judge(puzzle, grid, k, budget):
            return puzzle, grid
    raise _failed(n, level, attempts)


def _failed(n: int, level: str, attempts: int) -> GenerationError:
    return GenerationError(f"no {n}x{n} Keen puzzle graded {level!r} found in {attempts} "
                           "attempts (no time budget was set)")


def judge(puzzle: KeenPuzzle, grid: list[int], k: int, budget: Budget, screened: bool = False,
          hard: list[int] | None = None) -> bool:
    """Whether a try that passed `swapped` is unique and graded exactly LEVELS[k].
    From hard up, on the kernel's quiet fixpoint: turned away when the medium rung
    solves it (`screened`: known to stall), then graded hard when the hard rung
    solves it (`hard`: its fixpoint, already made, where it stalls), else proved
    unique by the search before the ladder above hard runs. The compiled tries
    make the same checks in the same order, so the budget counts the same."""
    tables = compile_puzzle(puzzle)
    if k < 2:
        return grade_exactly(puzzle, LEVELS[k], budget, tables)
    if hard is None:
        n = puzzle.n
        rules = KeenRules(puzzle, tables)
        m = [(1 << n) - 1] * (n * n)
        if not screened and fixpoint(rules, m, 1).end != "stalled":
            return False
        budget.tick()
        end = fixpoint(rules, m, 2).end
        if k == 2 or end != "stalled":
            return k == 2 and end == "solved"
        hard = m
    # Uniqueness: the compiled search settles it in about a millisecond, and the
    # ladder above hard costs more. Below, the ladder solving the puzzle proves it
    # unique.
    sols = list(solve(puzzle, limit=2, budget=budget, tables=tables))
    if len(sols) != 1 or sols[0] != grid:
        return False
    return grade_exactly(puzzle, LEVELS[k], budget, tables, hard)


BATCH = 64     # compiled attempts between two budget ticks
_MAX_NATIVE = 16
_WORDS = array("I").itemsize == 4   # the Mersenne Twister's state as C reads it
_FOUND, _PYTHON, _UNDECIDED = 1, 2, 3


def _generate_native(n: int, level: str, hard: bool, rng: random.Random, budget: Budget,
                     attempts: int) -> tuple[KeenPuzzle, list[int]]:
    """`generate`'s loop with its tries compiled (`_cages.tries`, on the state of `rng`'s
    Mersenne Twister: the same draws, so the same puzzles; it goes back into `rng`
    at the end): a try comes back to Python when its verdict needs the ladder above
    hard (or when a piece is not built)."""
    assert _native is not None
    k = LEVELS.index(level)
    version, words, gauss = rng.getstate()
    state = array("I", words)
    # the Latin core's search (compiled when built: the same tree either way)
    search = latin_search.Search if k >= 3 else None
    base = None
    attempt = 0
    try:
        while attempt < attempts:
            base, attempt, ticks, status, grid, cages, masks = _native.tries(
                n, k, hard, state, base, attempt, attempts, BATCH, TUPLE_CAP, budget.tick,
                search, float(latin_search.RESTART_BASE))
            budget.tick(ticks)
            if not status:
                continue
            puzzle = KeenPuzzle(n, tuple(Cage(op, target, cells) for op, target, cells in cages))
            if status == _FOUND or judge(puzzle, grid, k, budget, status == _PYTHON, masks):
                return puzzle, grid
    finally:
        rng.setstate((version, tuple(state), gauss))
    raise _failed(n, level, attempts)
