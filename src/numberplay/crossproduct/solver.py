"""The CrossProduct solver: bit-mask domains, per-line arc consistency, search.

A digit is 2^a 3^b 5^c 7^d, so a line whose product is 2^A 3^B 5^C 7^D is four
exponent sums. Each line is made fully (generalised) arc consistent by the
dynamic programme of `lines.py` over the packed exponent vectors (typed Python
compiled by Cython when built; the same file runs as Python otherwise); lines
whose state would be too large fall back to bounds on the exponent sums.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import gcd
from random import Random

from ..budget import Budget
from . import lines as _lines
from .model import Domains

DIGITS = range(1, 10)
EXPONENTS = {1: (0, 0, 0, 0), 2: (1, 0, 0, 0), 3: (0, 1, 0, 0), 4: (2, 0, 0, 0),
             5: (0, 0, 1, 0), 6: (1, 1, 0, 0), 7: (0, 0, 0, 1), 8: (3, 0, 0, 0),
             9: (0, 2, 0, 0)}
MAX_EXP = (3, 2, 1, 1)
BIT = [1 << d for d in range(10)]
MASK_DIGITS = [tuple(d for d in DIGITS if m >> d & 1) for m in range(1024)]
POPCOUNT = [len(ds) for ds in MASK_DIGITS]
SINGLE = [ds[0] if len(ds) == 1 else 0 for ds in MASK_DIGITS]  # the digit of a one-digit mask


@lru_cache(maxsize=65536)
def factor(n: int) -> tuple[int, int, int, int] | None:
    """Exponents of 2, 3, 5, 7 in n; None when n <= 0 or has a prime factor > 7."""
    if n <= 0:
        return None
    exps = []
    for p in (2, 3, 5, 7):
        e = 0
        while n % p == 0:
            n //= p
            e += 1
        exps.append(e)
    return tuple(exps) if n == 1 else None  # type: ignore[return-value]


@lru_cache(maxsize=65536)
def divisor_mask(n: int) -> int:
    """The digits (as a mask) that divide n."""
    return sum(BIT[d] for d in DIGITS if n % d == 0) if n > 0 else 0


class Line:
    """One row or column: its cells (flat indices) and target."""

    __slots__ = ("cells", "name", "product", "exps", "bounded", "free")

    def __init__(self, cells: list[int], name: str, product: int | None) -> None:
        self.cells = cells
        self.name = name
        self.free = product is None      # a blank product: any digits
        self.product = 1 if product is None else product
        self.exps = None if product is None else factor(product)
        # too large a state for the line filter: exponent bounds instead
        self.bounded = (self.exps is not None
                        and _lines.state_bits(*self.exps) > _lines.MAX_STATE_BITS)

    def feasible(self) -> bool:
        """Can len(cells) digits reach the exponents at all?"""
        n = len(self.cells)
        if self.free:
            return True
        return self.exps is not None and all(e <= m * n for e, m in zip(self.exps, MAX_EXP, strict=False))


def build(puzzle, budget: Budget | None = None
          ) -> tuple[list[Line], list[int], list[tuple[int, int]]] | None:
    """Lines, initial domains and the two lines of each cell; None if plainly unsolvable."""
    R, C = len(puzzle.rows), len(puzzle.cols)
    check = budget.check if budget is not None else _no_check
    lines = []
    for r, p in enumerate(puzzle.rows):
        lines.append(Line([r * C + c for c in range(C)], f"row {r + 1}", p))
        check()
    for c, p in enumerate(puzzle.cols):
        lines.append(Line([r * C + c for r in range(R)], f"column {c + 1}", p))
        check()
    if any(not line.feasible() for line in lines):
        return None
    totals = [[sum(line.exps[k] for line in part if line.exps is not None) for k in range(4)]
              for part in (lines[:R], lines[R:])]
    if totals[0] != totals[1] and not puzzle.blank:
        return None  # rows and columns must multiply to the same grand total
    dom = []
    for r in range(R):
        dom += [cell_mask(puzzle.rows[r], puzzle.cols[c]) for c in range(C)]
        check()
    for i, d in puzzle.givens:
        dom[i] &= 1 << d
    if any(m == 0 for m in dom):
        return None
    cell_lines = [(r, R + c) for r in range(R) for c in range(C)]
    return lines, dom, cell_lines


ALL_DIGITS = 0b1111111110   # bits 1..9


def cell_mask(row: int | None, col: int | None) -> int:
    """The digits that divide a cell's row and column products (a blank one: any)."""
    if row is None and col is None:
        return ALL_DIGITS
    return divisor_mask(gcd(row or 0, col or 0))


def _no_check() -> None:
    """No budget: nothing to check."""


_MEMO: dict[tuple[int, ...], tuple[int, ...] | None] = {}
MEMO_SIZE = 1 << 17
MEMO_CELLS = 64      # longer lines are not memoised (their keys would fill memory)


def clear_caches() -> None:
    """Forget memoised line revisions (for fair timing)."""
    _MEMO.clear()


def revise(dom: Domains, line: Line) -> list[int] | None:
    """Make `line` arc consistent in place; the cells changed, or None on a wipe-out.

    Results are memoised on (product, the line's domains): search and
    generation revise the same line states again and again.
    """
    if line.free:
        return [] if all(dom[c] for c in line.cells) else None
    if line.bounded:
        return _revise_bounds(dom, line)
    cells = line.cells
    assert line.exps is not None  # a line with a layout is factorable
    if len(cells) > MEMO_CELLS:
        return _apply(dom, cells, _lines.revise([dom[c] for c in cells], *line.exps))
    key = (line.product, *[dom[c] for c in cells])
    if key in _MEMO:
        return _apply(dom, cells, _MEMO[key])
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    new = _MEMO[key] = _lines.revise(key[1:], *line.exps)
    return _apply(dom, cells, new)


def _revise_bounds(dom: Domains, line: Line) -> list[int] | None:
    """Bounds consistency on each prime's exponent sum (for very large lines)."""
    cells = line.cells
    exps = line.exps
    assert exps is not None  # only factorable lines are revised
    changed = []
    for _ in range(2):
        lo = [0, 0, 0, 0]
        hi = [0, 0, 0, 0]
        span = []
        for cell in cells:
            ds = MASK_DIGITS[dom[cell]]
            if not ds:
                return None
            mins = [min(EXPONENTS[d][p] for d in ds) for p in range(4)]
            maxs = [max(EXPONENTS[d][p] for d in ds) for p in range(4)]
            span.append((mins, maxs))
            for p in range(4):
                lo[p] += mins[p]
                hi[p] += maxs[p]
        for cell, (mins, maxs) in zip(cells, span, strict=False):
            keep = 0
            for d in MASK_DIGITS[dom[cell]]:
                e = EXPONENTS[d]
                if all(lo[p] - mins[p] + e[p] <= exps[p] <= hi[p] - maxs[p] + e[p]
                       for p in range(4)):
                    keep |= BIT[d]
            if keep != dom[cell]:
                if not keep:
                    return None
                dom[cell] = keep
                changed.append(cell)
    return changed


def _apply(dom: Domains, cells: list[int], new: tuple[int, ...] | None) -> list[int] | None:
    """Write a line's revised masks into `dom`: the cells that changed, or None
    when the line has no way left."""
    if new is None:
        return None
    changed = []
    for c, m in zip(cells, new, strict=True):
        if dom[c] != m:
            dom[c] = m
            changed.append(c)
    return changed


def propagate(dom: Domains, lines: list[Line], cell_lines: Sequence[tuple[int, ...]],
              todo: list[int], budget: Budget | None = None) -> bool:
    """Revise lines until nothing changes; False when a domain is wiped out.

    With a budget, every revision counts as nodes (1 + a sixteenth of the
    line's cells: a long line costs more), so --max-nodes and --timeout bound
    the propagation of a big grid as well as the search around it.
    """
    queued = [False] * len(lines)
    for li in todo:
        queued[li] = True
    stack = list(todo)
    while stack:
        li = stack.pop()
        queued[li] = False
        if budget is not None:
            n = len(lines[li].cells)
            budget.tick(1 + (n >> 4))
            if n > MEMO_CELLS:
                budget.check()
        changed = revise(dom, lines[li])
        if changed is None:
            return False
        for cell in changed:
            for lj in cell_lines[cell]:
                if lj != li and not queued[lj]:
                    queued[lj] = True
                    stack.append(lj)
    return True


def pick_cell(dom: Domains, open_cells: list[int]) -> tuple[int, list[int]]:
    """The undecided cell with fewest candidates (first such; -1 if all decided),
    and the undecided cells among `open_cells`."""
    still = [i for i in open_cells if dom[i] & (dom[i] - 1)]
    best, best_n = -1, 10
    for i in still:
        n = POPCOUNT[dom[i]]
        if n < best_n:
            best, best_n = i, n
            if n == 2:
                break
    return best, still


RESTART_FACTOR = 2      # a search run may visit this many nodes per cell before a restart
RESTART_GROWTH = 1.5    # each restart allows this many times the nodes of the last
RESTART_MIN = 100       # nodes every run may visit whatever the size


def solve_grids(puzzle, limit: int | None = None,
                budget: Budget | None = None) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every solution grid (up to `limit`), in a deterministic order.

    The first run is the plain search (fewest candidates first, ties by cell
    order, digits ascending). On big grids a wrong early choice can leave it
    stuck for ever in a region without a solution, so a run that visits more
    than RESTART_FACTOR nodes per cell stops and the search restarts with the
    ties broken in another (seeded) cell order and a larger node allowance.
    Every run is a complete search cut off only by its allowance, so
    solutions found by earlier runs are remembered and never yielded twice,
    and a run that ends without being cut off has seen every solution.
    """
    R, C = len(puzzle.rows), len(puzzle.cols)
    if limit is not None and limit <= 0:
        return
    if R == 0 or C == 0:
        if all(p == 1 for p in puzzle.rows + puzzle.cols):
            yield tuple(() for _ in range(R))
        return
    built = build(puzzle, budget)
    if built is None:
        return
    lines, dom, cell_lines = built
    if budget is not None:
        budget.tick()
    if not propagate(dom, lines, cell_lines, list(range(len(lines))), budget):
        return
    seen: set[tuple[tuple[int, ...], ...]] = set()
    allowance = float(RESTART_FACTOR * R * C + RESTART_MIN)
    run = 0
    while True:
        order = list(range(R * C))
        if run:
            Random(run).shuffle(order)
        state = {"cut": False}
        for grid in _search(dom, lines, cell_lines, R, C, order, int(allowance), state, budget):
            if grid in seen:
                continue
            seen.add(grid)
            yield grid
            if limit is not None and len(seen) >= limit:
                return
        if not state["cut"]:
            return
        run += 1
        allowance *= RESTART_GROWTH


def _search(dom: Domains, lines: list[Line], cell_lines: list[tuple[int, int]], R: int,
            C: int, order: list[int], max_nodes: int, state: dict,
            budget: Budget | None) -> Iterator[tuple[tuple[int, ...], ...]]:
    """One depth-first run from the propagated domains; ties broken by `order`.
    Sets state["cut"] when it stops after `max_nodes` nodes."""
    nodes = 0
    stack = [(dom, *pick_cell(dom, order), 0)]
    while stack:
        dom, cell, open_cells, start = stack.pop()
        if cell < 0:
            yield tuple(tuple(MASK_DIGITS[dom[r * C + c]][0] for c in range(C))
                        for r in range(R))
            continue
        digits = MASK_DIGITS[dom[cell]]
        if start >= len(digits):
            continue
        stack.append((dom, cell, open_cells, start + 1))
        nodes += 1
        if nodes > max_nodes:
            state["cut"] = True
            return
        if budget is not None:
            budget.tick()
        child = dom[:]
        child[cell] = BIT[digits[start]]
        if propagate(child, lines, cell_lines, list(cell_lines[cell]), budget):
            stack.append((child, *pick_cell(child, open_cells), 0))
