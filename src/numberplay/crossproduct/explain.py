"""Human-style explanations of CrossProduct solutions, and grading.

Techniques, from simplest:
- "gcd": a cell's digit divides both its row and its column product.
- "fives and sevens": 5 and 7 are the only digits with a factor 5 or 7, so a
  product with k factors 5 needs exactly k fives in the line.
- "remaining product": the undecided cells of a line multiply to the line's
  product divided by its decided digits; each divides it, and the last
  undecided cell equals it.
- "capacity": when a line needs as many factors 2 (or 3) as its undecided
  cells can give at most, every cell must give its most.
- "line" (medium): a line has at most FEW_FILLINGS ways to be filled with its
  candidates (listed in the step), and some candidate appears in none.
- "line search" (hard): the same on a line with more fillings than a person
  can list; the step says which digits survive (full arc consistency).

Where they all stall, the shared driver (`numberplay.deduce`) makes trials
("suppose r3c4 = 5; then ...; contradiction; so r3c4 ≠ 5") and, only if no
bounded trial closes, a labelled guess with backtracking. No step reads a
solution found beforehand.

Grade: easy needs only the simple techniques, medium needs "line", hard needs
"line search" or more (a trial or a guess; random unique puzzles almost never
need one: line arc consistency nearly always decides them).
"""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd, prod

from ..budget import Budget
from ..deduce import Contradiction as _Contradiction
from ..deduce import Explanation, Limits, Rules, Technique
from ..deduce import grade as kernel_grade
from ..errors import PuzzleError
from ..model import NO_SOLUTION, SOLVED, PlayState, Step
from ..text import grid_places
from ..text import place as cell_place
from .model import CrossProductPuzzle
from .solver import (
    BIT,
    EXPONENTS,
    MASK_DIGITS,
    POPCOUNT,
    Line,
    cell_mask,
    divisor_mask,
    factor,
    revise,
)

LEVEL = {"line": 1, "line search": 2, "guess": 2}
FEW_FILLINGS = 6  # a person lists up to this many fillings of a line; more is "line search"


class Contradiction(_Contradiction):
    """A line or cell ran out of possibilities."""


def cell_name(C: int, i: int) -> str:
    """`r2c3` for flat index i (1-based row and column)."""
    return cell_place(*divmod(i, C))


def factors(k: int, p: int) -> str:
    """`one factor 5`, `3 factors 2`."""
    return f"one factor {p}" if k == 1 else f"{k} factors {p}"


def digits_text(mask: int) -> str:
    """`{1,2,4}` for a candidate mask."""
    return "{" + ",".join(map(str, MASK_DIGITS[mask])) + "}"


class State:
    """Candidates of every cell, with change recording for steps."""

    def __init__(self, puzzle: CrossProductPuzzle, budget: Budget | None = None) -> None:
        self.puzzle = puzzle
        self.R, self.C = puzzle.shape
        R, C = self.R, self.C
        # One node per line a technique examines, so --max-nodes and --timeout
        # bound explanations of big grids too.
        self.tick = budget.tick if budget is not None else _no_tick
        self.cand = [0b1111111110] * (R * C)
        self.lines = []
        for r, p in enumerate(puzzle.rows):
            if p is not None:    # a blank product tells nothing
                self.lines.append(Line([r * C + c for c in range(C)], f"row {r + 1}", p))
            self.tick()
        for c, p in enumerate(puzzle.cols):
            if p is not None:
                self.lines.append(Line([r * C + c for r in range(R)], f"column {c + 1}", p))
            self.tick()
        for i, d in puzzle.givens:   # given digits
            self.cand[i] = BIT[d]
        self.removed: list[tuple[str, int]] = []
        self.gcd_row = 0  # rows before this one had their gcd step
        self.fixed: list[tuple[str, int]] = []

    def name(self, i: int) -> str:
        """The cell's name."""
        return cell_name(self.C, i)

    def restrict(self, i: int, mask: int) -> None:
        """Keep only `mask` in cell i, recording what was removed or fixed."""
        old = self.cand[i]
        new = old & mask
        if new == old:
            return
        self.cand[i] = new
        self.removed += [(self.name(i), d) for d in MASK_DIGITS[old & ~new]]
        if POPCOUNT[new] == 1:
            self.fixed.append((self.name(i), MASK_DIGITS[new][0]))
        if new == 0:
            raise Contradiction(f"{self.name(i)} has no candidate left", (self.name(i),))

    def take_changes(self) -> tuple[tuple, tuple]:
        """The removals and fixes since the last call."""
        out = tuple(self.removed), tuple(self.fixed)
        self.removed, self.fixed = [], []
        return out

    def solved(self) -> bool:
        """Every cell decided."""
        return all(POPCOUNT[m] == 1 for m in self.cand)

    def snapshot(self) -> str:
        """The grid with digits for decided cells and candidate lists for the others."""
        from .render import render_text
        cells = []
        for r in range(self.R):
            cells.append([self._cell_text(r * self.C + c) for c in range(self.C)])
            self.tick()
        return render_text(self.puzzle, cells)

    def _cell_text(self, i: int) -> str:
        m = self.cand[i]
        if POPCOUNT[m] == 1:
            return str(MASK_DIGITS[m][0])
        return "".join(map(str, MASK_DIGITS[m])) or "!"


def _no_tick(n: int = 1) -> None:
    """No budget: nothing to count."""


def _decided(state: State, line: Line) -> tuple[list[int], list[int]]:
    """(decided digits, undecided cells) of a line."""
    digits, open_ = [], []
    for i in line.cells:
        m = state.cand[i]
        if POPCOUNT[m] == 1:
            digits.append(MASK_DIGITS[m][0])
        else:
            open_.append(i)
    return digits, open_


def _remaining(state: State, line: Line) -> int:
    """The product the undecided cells of a line must make."""
    digits, _ = _decided(state, line)
    done = prod(digits)
    if line.product % done:
        raise Contradiction(f"{line.name}: its decided digits multiply to {done}, "
                            f"which does not divide {line.product}", (line.name,))
    return line.product // done


def tech_gcd(state: State) -> Step | None:
    """Initial candidates: divisors of gcd(row product, column product), row by row."""
    parts: list[str] = []
    row = None
    for r in range(state.gcd_row, state.R):
        state.tick()
        state.gcd_row = r
        parts = []
        for c in range(state.C):
            i = r * state.C + c
            rp, cp = state.puzzle.rows[r], state.puzzle.cols[c]
            mask = cell_mask(rp, cp)
            if state.cand[i] & ~mask:
                state.restrict(i, mask)
                what = f"gcd({rp}, {cp}) = {gcd(rp, cp)}" if rp and cp else f"{rp or cp}"
                parts.append(f"{state.name(i)} divides {what}: {digits_text(mask)}")
        if parts:
            row = r
            break
    if row is None:
        state.gcd_row = state.R
        return None
    state.gcd_row = row + 1
    text = f"Each digit of row {row + 1} divides its row and its column product: " \
        + "; ".join(parts) + "."
    return _step(state, "gcd", text, (f"row {row + 1}",))


def tech_fives_sevens(state: State) -> Step | None:
    """Count the fives and sevens a line needs against the cells that can hold them."""
    for line in state.lines:
        state.tick()
        exps = line.exps
        assert exps is not None  # the state is built only from factorable lines
        for p, k in ((5, exps[2]), (7, exps[3])):
            can = [i for i in line.cells if state.cand[i] & BIT[p]]
            sure = [i for i in can if state.cand[i] == BIT[p]]
            if len(can) < k:
                raise Contradiction(f"{line.name} needs {factors(k, p)} but only "
                                    f"{len(can)} of its cells can hold a {p}", (line.name,))
            if len(can) == k and len(sure) < k:
                for i in can:
                    state.restrict(i, BIT[p])
                names = ", ".join(state.name(i) for i in can)
                text = (f"{line.name.capitalize()}'s product {line.product} has {factors(k, p)}, and {p} is the only digit with a factor {p}; only {names} can "
                        f"hold a {p}, so {'they all are' if len(can) > 1 else 'it is'} {p}.")
                return _step(state, "fives and sevens", text, (line.name, *map(state.name, can)))
            if len(sure) == k and len(can) > k:
                others = [i for i in can if i not in sure]
                for i in others:
                    state.restrict(i, ~BIT[p])
                names = ", ".join(state.name(i) for i in others)
                text = (f"{line.name.capitalize()}'s product {line.product} has exactly "
                        f"{factors(k, p)}, all placed already, so {names} cannot be {p}.")
                return _step(state, "fives and sevens", text, (line.name, *map(state.name, others)))
    return None


def tech_remaining(state: State) -> Step | None:
    """Undecided cells divide what is left of the line's product; the last one equals it."""
    for line in state.lines:
        state.tick()
        left = _remaining(state, line)
        _, open_ = _decided(state, line)
        if not open_:
            if left != 1:
                raise Contradiction(f"{line.name} is full but multiplies to "
                                    f"{line.product // left}, not {line.product}", (line.name,))
            continue
        if len(open_) == 1:
            i = open_[0]
            if left > 9 or not state.cand[i] & BIT[left]:
                raise Contradiction(f"{line.name}: the last open cell {state.name(i)} would "
                                    f"have to be {left}", (line.name, state.name(i)))
            state.restrict(i, BIT[left])
            text = (f"{line.name.capitalize()} must multiply to {line.product}; its other "
                    f"digits make {line.product // left}, so {state.name(i)} = {left}.")
            return _step(state, "remaining product", text, (line.name, state.name(i)))
        mask = divisor_mask(left)
        hit = [i for i in open_ if state.cand[i] & ~mask]
        if hit:
            for i in hit:
                state.restrict(i, mask)
            names = ", ".join(f"{state.name(i)} {digits_text(state.cand[i])}" for i in hit)
            text = (f"The open cells of {line.name} must multiply to {left} "
                    f"({line.product} over its decided digits), so each divides {left}: {names}.")
            return _step(state, "remaining product", text, (line.name, *map(state.name, hit)))
    return None


def tech_capacity(state: State) -> Step | None:
    """A line that needs every factor 2 (or 3) its open cells can give."""
    for line in state.lines:
        state.tick()
        left = factor(_remaining(state, line))
        _, open_ = _decided(state, line)
        if left is None or not open_:
            continue
        for p, prime in ((0, 2), (1, 3)):
            most = [max(EXPONENTS[d][p] for d in MASK_DIGITS[state.cand[i]]) for i in open_]
            if sum(most) < left[p]:
                raise Contradiction(f"{line.name} needs {factors(left[p], prime)} but its "
                                    f"open cells give at most {sum(most)}", (line.name,))
            if sum(most) == left[p] and left[p] > 0:
                hit = []
                for i, m in zip(open_, most, strict=False):
                    keep = sum(BIT[d] for d in MASK_DIGITS[state.cand[i]]
                               if EXPONENTS[d][p] == m)
                    if keep != state.cand[i]:
                        state.restrict(i, keep)
                        hit.append(i)
                if hit:
                    names = ", ".join(f"{state.name(i)} {digits_text(state.cand[i])}"
                                      for i in hit)
                    text = (f"The open cells of {line.name} must supply "
                            f"{factors(left[p], prime)}, the most they can; each takes a digit with the most "
                            f"factors {prime} it allows: {names}.")
                    return _step(state, "capacity", text, (line.name, *map(state.name, hit)))
    return None


def tech_line(state: State) -> Step | None:
    """Line reasoning on a line with few fillings (listed in the step)."""
    return _line_step(state, few=True)


def tech_line_search(state: State) -> Step | None:
    """Line reasoning on a line with many fillings."""
    return _line_step(state, few=False)


def _line_step(state: State, few: bool) -> Step | None:
    """Digits that appear in no way of filling a line (full arc consistency)."""
    for line in state.lines:
        state.tick(1 + (len(line.cells) >> 4))  # as in the solver: long lines cost more
        work = state.cand[:]
        changed = revise(work, line)
        if changed is None:
            raise Contradiction(f"{line.name}: no way to fill it with its candidates "
                                f"multiplies to {line.product}", (line.name,))
        if not changed:
            continue
        fills = _fillings({i: work[i] for i in line.cells}, line, FEW_FILLINGS)
        if few and fills is None:
            continue
        for i in changed:
            state.restrict(i, work[i])
        names = ", ".join(f"{state.name(i)} {digits_text(state.cand[i])}" for i in changed)
        if fills is not None:
            how = ", ".join("".join(map(str, f)) for f in fills)
            text = (f"{line.name.capitalize()} can only be filled as {how} (its candidates, "
                    f"product {line.product}); so {names}.")
            return _step(state, "line", text, (line.name, *map(state.name, changed)))
        text = (f"Going through the many ways to fill {line.name} with its candidates so "
                f"that it multiplies to {line.product}, only these digits ever occur: "
                f"{names}.")
        return _step(state, "line search", text, (line.name, *map(state.name, changed)))
    return None


def _fillings(cand: dict[int, int], line: Line, most: int) -> list[tuple[int, ...]] | None:
    """The fillings of a line, or None when there are more than `most` (or the
    enumeration gets long)."""
    out: list[tuple[int, ...]] = []
    nodes = [0]

    def go(k: int, left: int, acc: tuple[int, ...]) -> bool:
        nodes[0] += 1
        if nodes[0] > 200 * most:
            return False
        if k == len(line.cells):
            if left == 1:
                out.append(acc)
            return len(out) <= most
        for d in MASK_DIGITS[cand[line.cells[k]]]:
            if left % d == 0 and not go(k + 1, left // d, acc + (d,)):
                return False
        return True

    return out if go(0, line.product, ()) else None


def _step(state: State, technique: str, text: str, cells: tuple[str, ...]) -> Step:
    removed, fixed = state.take_changes()
    return Step(technique, text, cells, removed, fixed)


TECHNIQUES = (tech_gcd, tech_fives_sevens, tech_remaining, tech_capacity, tech_line,
              tech_line_search)


class CrossProductRules(Rules):
    """CrossProduct for the deduction driver: a position is a `State`."""

    grades = ("easy", "medium", "hard")
    solved_text = "Every cell is decided and every product checks."

    def __init__(self) -> None:
        rung = {"line": 1, "line search": 2}
        self.techniques = tuple(
            Technique(name, rung.get(name, 0), fn) for name, fn in zip(
                ("gcd", "fives and sevens", "remaining product", "capacity", "line",
                 "line search"), TECHNIQUES, strict=True))

    def copy(self, pos: State) -> State:
        new = State.__new__(State)
        new.__dict__.update(pos.__dict__)
        new.cand = pos.cand[:]
        new.removed, new.fixed = [], []
        return new

    def contradiction(self, pos: State) -> Contradiction | None:
        for i, m in enumerate(pos.cand):
            if not m:
                return Contradiction(f"{pos.name(i)} has no candidate left", (pos.name(i),))
        return None

    def solved(self, pos: State) -> bool:
        if not pos.solved():
            return False
        return all(prod(MASK_DIGITS[pos.cand[i]][0] for i in line.cells) == line.product
                   for line in pos.lines)

    def candidates(self, pos: State) -> list[tuple[str, list[int]]]:
        return [(pos.name(i), list(MASK_DIGITS[m])) for i, m in enumerate(pos.cand)
                if POPCOUNT[m] > 1]

    def _index(self, pos: State, place: str) -> int:
        r, _, c = place[1:].partition("c")
        return (int(r) - 1) * pos.C + int(c) - 1

    def assume(self, pos: State, place: str, value: int) -> None:
        try:
            pos.restrict(self._index(pos, place), BIT[value])
        finally:
            pos.take_changes()

    def exclude(self, pos: State, place: str, value: int) -> None:
        try:
            pos.restrict(self._index(pos, place), ~BIT[value])
        finally:
            pos.take_changes()

    def snapshot(self, pos: State) -> str:
        return pos.snapshot()


RULES = CrossProductRules()


def explain(puzzle: CrossProductPuzzle, *, search: bool = True, trace: bool = False,
            budget: Budget | None = None, limits: Limits | None = None) -> Iterator[Step]:
    """The steps a person can follow, ending with "solved", "stalled" or "no solution"."""
    yield from _explanation(puzzle, search=search, trace=trace, budget=budget, limits=limits)


def _explanation(puzzle: CrossProductPuzzle, **options) -> Iterator[Step]:  # type: ignore[no-untyped-def]
    R, C = puzzle.shape
    bad = _unsolvable_line(puzzle)
    if bad is not None:
        yield Step(NO_SOLUTION, bad[0], bad[1])
        return
    if R == 0 or C == 0:
        yield Step(SOLVED, "The grid has no cells; every product is 1, so it is solved.",
                   snapshot="")
        return
    yield from Explanation(RULES, State(puzzle, options.get("budget")), **options)


def _unsolvable_line(puzzle: CrossProductPuzzle) -> tuple[str, tuple[str, ...]] | None:
    """A reason a line can never be filled (zero, big prime, too many factors, empty)."""
    R, C = puzzle.shape
    lines = [(f"row {r + 1}", p, C) for r, p in enumerate(puzzle.rows)]
    lines += [(f"column {c + 1}", p, R) for c, p in enumerate(puzzle.cols)]
    for name, p, n in lines:
        if p is None:
            continue
        if n == 0:
            if p != 1:
                return f"{name} has no cells, so its product is 1, not {p}.", (name,)
            continue
        if p == 0:
            return f"{name} multiplies to 0, but digits are 1 to 9.", (name,)
        exps = factor(p)
        if exps is None:
            return (f"{name}'s product {p} has a prime factor above 7, which no digit "
                    f"1-9 has.", (name,))
        line = Line(list(range(n)), name, p)
        if not line.feasible():
            return (f"{name}'s product {p} has more factors than {n} digit(s) can "
                    f"hold.", (name,))
    if R and C and not totals_agree(puzzle):
        a, b = prod(p or 1 for p in puzzle.rows), prod(p or 1 for p in puzzle.cols)
        if max(a, b).bit_length() > 200:
            a, b = "one number", "another"  # type: ignore[assignment]
        return (f"The row products multiply to {a} and the column products to {b}, but both "
                "should be the product of every digit in the grid: no solution.", ())
    return None


def totals_agree(puzzle: CrossProductPuzzle) -> bool:
    """Do the row products and the column products have the same product?"""
    if puzzle.blank:
        return True

    def total(products: tuple[int | None, ...]) -> list[int]:
        sums = [0, 0, 0, 0]
        for p in products:
            for k, e in enumerate(factor(p or 1) or (0, 0, 0, 0)):
                sums[k] += e
        return sums
    return total(puzzle.rows) == total(puzzle.cols)


def simple_score(puzzle: CrossProductPuzzle) -> int:
    """Candidates left over all cells when the simple techniques stall (R*C: all decided).

    A contradiction counts as 0 (the puzzle has no solution).
    """
    if _unsolvable_line(puzzle) is not None:
        return 0
    if 0 in puzzle.shape:
        return 0
    state = State(puzzle)
    simple = [t for t in TECHNIQUES if t not in (tech_line, tech_line_search)]
    try:
        while any(tech(state) is not None for tech in simple):
            pass
    except Contradiction:
        return 0
    return sum(POPCOUNT[m] for m in state.cand)


def grade(puzzle: CrossProductPuzzle) -> str:
    """The kernel's grade (`deduce.grade`): easy (simple techniques), medium (needs
    line reasoning), hard (needs line search, or more than techniques: a trial or
    a guess, or no solution). A puzzle refused before any deduction is easy."""
    if _unsolvable_line(puzzle) is not None or 0 in puzzle.shape:
        return "easy"
    return kernel_grade(RULES, State(puzzle))[0]


# -- a player's position -----------------------------------------------------------

STATE_HELP = ("the grid so far, one line per row, a digit or '.' per cell "
              "(e.g. '7..' / '..1'; spaces between cells allowed)")


def parse_state(puzzle: CrossProductPuzzle, text: str) -> PlayState:
    """A partly filled grid: one line per row, digits 1-9 and '.' for empty."""
    R, C = puzzle.shape
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    if len(lines) != R:
        raise PuzzleError(f"the state has {len(lines)} row(s); the puzzle has {R}")
    entries = []
    for r, line in enumerate(lines, 1):
        tokens = line.split()
        if len(tokens) != C:
            tokens = list("".join(tokens))
        if len(tokens) != C:
            raise PuzzleError(f"{len(tokens)} cell(s) in this row; the puzzle has {C} "
                              "columns", line=r)
        for c, tok in enumerate(tokens, 1):
            if tok in (".", "_", "0", "?"):
                continue
            if len(tok) != 1 or tok not in "123456789":
                raise PuzzleError(f"{cell_place(r - 1, c - 1)} is {tok!r}: give a digit 1-9 or '.'",
                                  line=r)
            entries.append((cell_place(r - 1, c - 1), int(tok)))
    return PlayState(tuple(entries))


def explain_from(puzzle: CrossProductPuzzle, state: PlayState, **options) -> Iterator[Step]:  # type: ignore[no-untyped-def]
    """The explanation from the player's grid: their digits fixed first."""
    bad = _unsolvable_line(puzzle)
    if bad is not None or 0 in puzzle.shape:
        yield from explain(puzzle, **options)
        return
    pos = State(puzzle)
    try:
        for place, value in state.entries:
            RULES.assume(pos, place, value)
    except _Contradiction as exc:
        yield Step(NO_SOLUTION, f"No solution: {exc.text}.", exc.cells, snapshot=pos.snapshot())
        return
    yield from Explanation(RULES, pos, **options)


def solution_places(solution_grid: tuple[tuple[int, ...], ...]) -> dict[str, int]:
    """{"r1c1": digit, ...}."""
    return grid_places(solution_grid)
