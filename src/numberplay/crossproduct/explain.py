"""Human-style explanations of CrossProduct solutions, and grading, on the
deduction kernel (`numberplay.deduce`).

A position is the candidate mask of every cell (bit d: digit d), row by row;
the rules (`CrossProductRules`, one per puzzle) hold the lines. Techniques,
from simplest, each a finder that narrows the position and returns a `Move`
(worded afterwards by `narrate`, only for the path the kernel keeps):
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

Where they all stall, the kernel makes trials ("suppose r3c4 = 5; then ...;
contradiction; so r3c4 ≠ 5") and, only if no bounded trial closes, a labelled
guess with backtracking. A line that can never be filled (a zero, a prime
above 7, more factors than its cells hold, row and column totals that differ)
is the position's contradiction from the start, so "no solution" is the
kernel's too. No step reads a solution found beforehand.

Grade (the kernel's `grade`): easy needs only the simple techniques, medium
needs "line", hard needs "line search" or more (a trial or a guess; random
unique puzzles almost never need one: line arc consistency nearly always
decides them), or has no solution.
"""

from __future__ import annotations

from math import gcd, prod
from operator import and_
from types import MethodType
from typing import Any

from ..budget import Budget
from ..deduce import (
    Contradiction,
    Entry,
    Move,
    Rules,
    Technique,
    fixpoint,
    table_of,
)
from ..deduce import grade as kernel_grade
from ..errors import PuzzleError
from ..model import PlayState, Step
from ..text import grid_places
from ..text import place as cell_place
from .model import CrossProductPuzzle
from .solver import (
    ALL_DIGITS,
    BIT,
    EXPONENTS,
    MASK_DIGITS,
    POPCOUNT,
    SINGLE,
    Line,
    cell_mask,
    divisor_mask,
    factor,
    propagate,
    revise,
)

FEW_FILLINGS = 6  # a person lists up to this many fillings of a line; more is "line search"
# MOST[p][mask]: the most factors of the p-th prime (2, 3) a digit of `mask` has;
# TOP[p][mask]: the digits of `mask` that have that many.
MOST = [[max((EXPONENTS[d][p] for d in MASK_DIGITS[m]), default=0) for m in range(1024)]
        for p in (0, 1)]
TOP = [[sum(BIT[d] for d in MASK_DIGITS[m] if EXPONENTS[d][p] == MOST[p][m])
        for m in range(1024)] for p in (0, 1)]

Masks = list[int]     # the position: every cell's candidates, row by row


def cell_name(C: int, i: int) -> str:
    """`r2c3` for flat index i (1-based row and column)."""
    return cell_place(*divmod(i, C))


def factors(k: int, p: int) -> str:
    """`one factor 5`, `3 factors 2`."""
    return f"one factor {p}" if k == 1 else f"{k} factors {p}"


def digits_text(mask: int) -> str:
    """`{1,2,4}` for a candidate mask."""
    return "{" + ",".join(map(str, MASK_DIGITS[mask])) + "}"


def _move(technique: str, case: str, line: int, done: list[tuple[int, int]],
          data: tuple[Any, ...] = ()) -> Move:
    """A move: its technique; in `where`, which of its sentences (`case`), the row
    (gcd) or line (an index into the rules' lines) it works on and what else the
    sentence needs; in `after`, the cells it narrowed with their candidates after,
    in order."""
    return Move(technique, (case, line, data), tuple(done))


def _no_tick(n: int = 1) -> None:
    """No budget: nothing to count."""


class _Changes:
    """The cells a finder narrows, in order (a cell at most once per move)."""

    __slots__ = ("pos", "name", "done")

    def __init__(self, pos: Masks, name: Any) -> None:
        self.pos, self.name = pos, name
        self.done: list[tuple[int, int]] = []

    def keep(self, i: int, mask: int) -> None:
        """Keep only `mask` in cell i (raises Contradiction when nothing is left)."""
        old = self.pos[i]
        new = old & mask
        if new == old:
            return
        self.pos[i] = new
        self.done.append((i, new))
        if new == 0:
            raise Contradiction(f"{self.name(i)} has no candidate left", (self.name(i),))


class CrossProductRules(Rules):
    """CrossProduct for the deduction kernel: a position is the flat list of
    candidate masks; the rules hold the puzzle's lines (a blank product tells
    nothing and makes none) and the budget each examined line counts against."""

    grades = ("easy", "medium", "hard")

    def __init__(self, puzzle: CrossProductPuzzle, budget: Budget | None = None) -> None:
        self.puzzle = puzzle
        self.R, self.C = R, C = puzzle.shape
        # One node per line a technique examines, so --max-nodes and --timeout
        # bound explanations of big grids too.
        self.tick = budget.tick if budget is not None else _no_tick
        self.refused = unsolvable_line(puzzle)
        self.lines: list[Line] = []
        for r, p in enumerate(puzzle.rows):
            if p is not None:
                self.lines.append(Line([r * C + c for c in range(C)], f"row {r + 1}", p))
            self.tick()
        for c, p in enumerate(puzzle.cols):
            if p is not None:
                self.lines.append(Line([r * C + c for r in range(R)], f"column {c + 1}", p))
            self.tick()
        self._gcd: list[int] | None = None                 # each cell's gcd mask
        self._not_gcd: list[int] = []                      # the digits outside it
        self._cell_lines: list[tuple[int, ...]] | None = None  # each cell's lines
        if R == 0 or C == 0:
            self.solved_text = "The grid has no cells; every product is 1, so it is solved."
        else:
            self.solved_text = "Every cell is decided and every product checks."
        self.techniques = tuple(Technique(e.name, e.rung or 0, MethodType(e.finder, self))
                                for e in TECHNIQUES)

    # -- positions -------------------------------------------------------------------
    def start(self) -> Masks:
        """Every digit in every cell (a given cell: its digit)."""
        pos = [ALL_DIGITS] * (self.R * self.C)
        for i, d in self.puzzle.givens:
            pos[i] = BIT[d]
        return pos

    def name(self, i: int) -> str:
        """The name of cell i (`r2c3`)."""
        return cell_name(self.C, i)

    def copy(self, pos: Masks) -> Masks:
        return pos[:]

    def contradiction(self, pos: Masks) -> Contradiction | None:
        if self.refused is not None:
            return Contradiction(*self.refused)
        if 0 not in pos:
            return None
        i = pos.index(0)
        return Contradiction(f"{self.name(i)} has no candidate left", (self.name(i),))

    def solved(self, pos: Masks) -> bool:
        if not all(POPCOUNT[m] == 1 for m in pos):
            return False
        return all(prod(MASK_DIGITS[pos[i]][0] for i in line.cells) == line.product
                   for line in self.lines)

    def candidates(self, pos: Masks) -> list[tuple[str, list[int]]]:
        return [(self.name(i), list(MASK_DIGITS[m])) for i, m in enumerate(pos)
                if POPCOUNT[m] > 1]

    def _index(self, place: str) -> int:
        r, _, c = place[1:].partition("c")
        return (int(r) - 1) * self.C + int(c) - 1

    def assume(self, pos: Masks, place: str, value: int) -> None:
        _Changes(pos, self.name).keep(self._index(place), BIT[value])

    def exclude(self, pos: Masks, place: str, value: int) -> None:
        _Changes(pos, self.name).keep(self._index(place), ~BIT[value])

    def closes(self, pos: Masks, place: str, value: int,
               max_rung: int | None = None, before: Masks | None = None) -> bool:
        """False when full arc consistency on every line (the solver's propagation,
        stronger than every technique: each reasons within one line) ends without a
        contradiction: the techniques cannot reach one."""
        if self.refused is not None or any(line.bounded for line in self.lines):
            return True
        dom = pos[:]
        if not all(dom):
            return True
        if self._cell_lines is None:
            per: list[list[int]] = [[] for _ in range(self.R * self.C)]
            for k, line in enumerate(self.lines):
                for i in line.cells:
                    per[i].append(k)
            self._cell_lines = [tuple(x) for x in per]
        return not propagate(dom, self.lines, self._cell_lines, list(range(len(self.lines))))

    def snapshot(self, pos: Masks) -> str | None:
        """The grid with digits for decided cells and candidate lists for the others
        (none for a puzzle refused before any deduction)."""
        if self.refused is not None:
            return None
        from .render import render_text
        C = self.C
        cells = []
        for r in range(self.R):
            cells.append([_cell_text(pos[r * C + c]) for c in range(C)])
            self.tick()
        return render_text(self.puzzle, cells)

    # -- the techniques ---------------------------------------------------------------
    def _open(self, pos: Masks, line: Line) -> tuple[int, list[int]]:
        """(the product the undecided cells of a line must make, those cells)."""
        done = 1
        open_ = []
        for i in line.cells:
            d = SINGLE[pos[i]]
            if d:
                done *= d
            else:
                open_.append(i)
        if line.product % done:
            raise Contradiction(f"{line.name}: its decided digits multiply to {done}, "
                                f"which does not divide {line.product}", (line.name,))
        return line.product // done, open_

    def gcd(self, pos: Masks) -> Move | None:
        """Initial candidates: divisors of gcd(row product, column product), row by row."""
        if self._gcd is None:
            rows, cols = self.puzzle.rows, self.puzzle.cols
            self._gcd = [cell_mask(rows[r], cols[c]) for r in range(self.R)
                         for c in range(self.C)]
            self._not_gcd = [ALL_DIGITS & ~m for m in self._gcd]
        masks = self._gcd
        C = self.C
        if not any(map(and_, pos, self._not_gcd)):
            self.tick()
            return None
        for r in range(self.R):
            self.tick()
            base = r * C
            if not any(pos[i] & ~masks[i] for i in range(base, base + C)):
                continue
            change = _Changes(pos, self.name)
            for i in range(base, base + C):
                if pos[i] & ~masks[i]:
                    change.keep(i, masks[i])
            return _move("gcd", "", r, change.done)
        return None

    def fives_sevens(self, pos: Masks) -> Move | None:
        """Count the fives and sevens a line needs against the cells that can hold them."""
        # A line whose product has no factor p holds no p once the gcd step is done
        # (a cell's digits divide both its products), and it is done before this
        # technique is asked (it comes first on the ladder): only k > 0 is looked at.
        for k_line, line in enumerate(self.lines):
            self.tick()
            exps = line.exps
            assert exps is not None  # a refused puzzle never gets here
            for p, k in ((5, exps[2]), (7, exps[3])):
                if not k:
                    continue
                bit = BIT[p]
                can = [i for i in line.cells if pos[i] & bit]
                sure = [i for i in can if pos[i] == bit]
                if len(can) < k:
                    raise Contradiction(f"{line.name} needs {factors(k, p)} but only "
                                        f"{len(can)} of its cells can hold a {p}", (line.name,))
                change = _Changes(pos, self.name)
                if len(can) == k and len(sure) < k:
                    for i in can:
                        change.keep(i, BIT[p])
                    return _move("fives and sevens", "all", k_line, change.done,
                                (k, p, tuple(can)))
                if len(sure) == k and len(can) > k:
                    others = [i for i in can if i not in sure]
                    for i in others:
                        change.keep(i, ~BIT[p])
                    return _move("fives and sevens", "none", k_line, change.done,
                                (k, p, tuple(others)))
        return None

    def remaining(self, pos: Masks) -> Move | None:
        """Undecided cells divide what is left of the line's product; the last one equals it."""
        for k_line, line in enumerate(self.lines):
            self.tick()
            left, open_ = self._open(pos, line)
            if not open_:
                if left != 1:
                    raise Contradiction(f"{line.name} is full but multiplies to "
                                        f"{line.product // left}, not {line.product}",
                                        (line.name,))
                continue
            change = _Changes(pos, self.name)
            if len(open_) == 1:
                i = open_[0]
                if left > 9 or not pos[i] & BIT[left]:
                    raise Contradiction(f"{line.name}: the last open cell {self.name(i)} "
                                        f"would have to be {left}", (line.name, self.name(i)))
                change.keep(i, BIT[left])
                return _move("remaining product", "last", k_line, change.done, (left,))
            mask = divisor_mask(left)
            hit = [i for i in open_ if pos[i] & ~mask]
            if hit:
                for i in hit:
                    change.keep(i, mask)
                return _move("remaining product", "divides", k_line, change.done,
                            (left,))
        return None

    def capacity(self, pos: Masks) -> Move | None:
        """A line that needs every factor 2 (or 3) its open cells can give."""
        for k_line, line in enumerate(self.lines):
            self.tick()
            rest, open_ = self._open(pos, line)
            if not open_:
                continue
            left = factor(rest)
            if left is None:
                continue
            for p, prime in ((0, 2), (1, 3)):
                most = [MOST[p][pos[i]] for i in open_]
                if sum(most) < left[p]:
                    raise Contradiction(f"{line.name} needs {factors(left[p], prime)} but "
                                        f"its open cells give at most {sum(most)}",
                                        (line.name,))
                if sum(most) == left[p] and left[p] > 0:
                    change = _Changes(pos, self.name)
                    for i in open_:
                        change.keep(i, TOP[p][pos[i]])
                    if change.done:
                        return _move("capacity", "", k_line, change.done,
                                    (left[p], prime))
        return None

    def line(self, pos: Masks) -> Move | None:
        """Line reasoning on a line with few fillings (listed in the step)."""
        return self._line_step(pos, few=True)

    def line_search(self, pos: Masks) -> Move | None:
        """Line reasoning on a line with many fillings."""
        return self._line_step(pos, few=False)

    def _line_step(self, pos: Masks, few: bool) -> Move | None:
        """Digits that appear in no way of filling a line (full arc consistency)."""
        for k_line, line in enumerate(self.lines):
            self.tick(1 + (len(line.cells) >> 4))  # as in the solver: long lines cost more
            work = pos[:]
            changed = revise(work, line)
            if changed is None:
                raise Contradiction(f"{line.name}: no way to fill it with its candidates "
                                    f"multiplies to {line.product}", (line.name,))
            if not changed:
                continue
            fills = _fillings(tuple(work[i] for i in line.cells), line.product)
            if few and fills is None:
                continue
            change = _Changes(pos, self.name)
            for i in changed:
                change.keep(i, work[i])
            if fills is not None:
                return _move("line", "", k_line, change.done, tuple(fills))
            return _move("line search", "", k_line, change.done)
        return None

    # -- words ------------------------------------------------------------------------
    def narrate(self, move: Move, before: Masks | None) -> Step:
        """The step a person reads for a move made in position `before`."""
        assert before is not None
        name = self.name
        removed = tuple((name(i), d) for i, new in move.after
                        for d in MASK_DIGITS[before[i] & ~new])
        fixed = tuple((name(i), MASK_DIGITS[new][0]) for i, new in move.after
                      if POPCOUNT[new] == 1)
        case, k_line, data = move.where
        text, cells = TABLE[move.technique].words(self, case, k_line, data, dict(move.after))
        return Step(move.technique, text, cells, removed, fixed)


# -- the words of each technique: (rules, case, line, data, the cells narrowed with
# their candidates after) -> (the sentence, the places it names) --------------------

Words = tuple[str, tuple[str, ...]]


def _gcd_words(rules: CrossProductRules, case: str, r: int, data: tuple[Any, ...],
               after: dict[int, int]) -> Words:
    rows, cols = rules.puzzle.rows, rules.puzzle.cols
    parts = []
    for i in after:
        rp, cp = rows[r], cols[i % rules.C]
        what = f"gcd({rp}, {cp}) = {gcd(rp, cp)}" if rp and cp else f"{rp or cp}"
        parts.append(f"{rules.name(i)} divides {what}: {digits_text(cell_mask(rp, cp))}")
    text = (f"Each digit of row {r + 1} divides its row and its column product: "
            + "; ".join(parts) + ".")
    return text, (f"row {r + 1}",)


def _listed(rules: CrossProductRules, after: dict[int, int]) -> str:
    """`r1c2 {1,2}, r1c3 {4}`: the cells narrowed with their candidates after."""
    return ", ".join(f"{rules.name(i)} {digits_text(m)}" for i, m in after.items())


def _fives_sevens_words(rules: CrossProductRules, case: str, k_line: int,
                        data: tuple[Any, ...], after: dict[int, int]) -> Words:
    line = rules.lines[k_line]
    title = line.name.capitalize()
    k, p, cells = data
    names = ", ".join(rules.name(i) for i in cells)
    if case == "all":
        text = (f"{title}'s product {line.product} has {factors(k, p)}, and {p} is "
                f"the only digit with a factor {p}; only {names} can hold a {p}, so "
                f"{'they all are' if len(cells) > 1 else 'it is'} {p}.")
    else:
        text = (f"{title}'s product {line.product} has exactly {factors(k, p)}, "
                f"all placed already, so {names} cannot be {p}.")
    return text, (line.name, *(rules.name(i) for i in cells))


def _remaining_words(rules: CrossProductRules, case: str, k_line: int,
                     data: tuple[Any, ...], after: dict[int, int]) -> Words:
    line = rules.lines[k_line]
    (left,) = data
    if case == "last":
        (i,) = after
        text = (f"{line.name.capitalize()} must multiply to {line.product}; its other "
                f"digits make {line.product // left}, so {rules.name(i)} = {left}.")
        return text, (line.name, rules.name(i))
    text = (f"The open cells of {line.name} must multiply to {left} "
            f"({line.product} over its decided digits), so each divides {left}: "
            f"{_listed(rules, after)}.")
    return text, (line.name, *map(rules.name, after))


def _capacity_words(rules: CrossProductRules, case: str, k_line: int,
                    data: tuple[Any, ...], after: dict[int, int]) -> Words:
    line = rules.lines[k_line]
    k, prime = data
    text = (f"The open cells of {line.name} must supply {factors(k, prime)}, the "
            f"most they can; each takes a digit with the most factors {prime} it "
            f"allows: {_listed(rules, after)}.")
    return text, (line.name, *map(rules.name, after))


def _line_words(rules: CrossProductRules, case: str, k_line: int,
                data: tuple[Any, ...], after: dict[int, int]) -> Words:
    line = rules.lines[k_line]
    how = ", ".join("".join(map(str, f)) for f in data)
    text = (f"{line.name.capitalize()} can only be filled as {how} (its candidates, "
            f"product {line.product}); so {_listed(rules, after)}.")
    return text, (line.name, *map(rules.name, after))


def _line_search_words(rules: CrossProductRules, case: str, k_line: int,
                       data: tuple[Any, ...], after: dict[int, int]) -> Words:
    line = rules.lines[k_line]
    text = (f"Going through the many ways to fill {line.name} with its candidates so "
            f"that it multiplies to {line.product}, only these digits ever occur: "
            f"{_listed(rules, after)}.")
    return text, (line.name, *map(rules.name, after))


# CrossProduct's techniques, once: name, rung, finder (a method of the rules: narrows
# the position, returns a `Move`), words.
TECHNIQUES = (
    Entry("gcd", 0, CrossProductRules.gcd, _gcd_words),
    Entry("fives and sevens", 0, CrossProductRules.fives_sevens, _fives_sevens_words),
    Entry("remaining product", 0, CrossProductRules.remaining, _remaining_words),
    Entry("capacity", 0, CrossProductRules.capacity, _capacity_words),
    Entry("line", 1, CrossProductRules.line, _line_words),
    Entry("line search", 2, CrossProductRules.line_search, _line_search_words),
)
TABLE = table_of(TECHNIQUES)


def _cell_text(m: int) -> str:
    """A decided cell's digit, else its candidates ('!' when none is left)."""
    if POPCOUNT[m] == 1:
        return str(MASK_DIGITS[m][0])
    return "".join(map(str, MASK_DIGITS[m])) or "!"


_FILLINGS: dict[tuple[int, ...], tuple[tuple[int, ...], ...] | None] = {}


def _fillings(masks: tuple[int, ...], product: int,
              most: int = FEW_FILLINGS) -> tuple[tuple[int, ...], ...] | None:
    """The fillings of a line whose cells have candidates `masks` (arc consistent:
    every candidate is in some filling), or None when there are more than `most`
    (or the enumeration gets long). Remembered by (product, masks): the same
    lines come again and again in trials and in the generator's walk."""
    if max(map(POPCOUNT.__getitem__, masks), default=0) > most:
        return None     # each candidate of a cell is in a filling of its own
    key = (product, most, *masks)
    if key in _FILLINGS:
        return _FILLINGS[key]
    out: list[tuple[int, ...]] = []
    nodes = [0]

    def go(k: int, left: int, acc: tuple[int, ...]) -> bool:
        nodes[0] += 1
        if nodes[0] > 200 * most:
            return False
        if k == len(masks):
            if left == 1:
                out.append(acc)
            return len(out) <= most
        for d in MASK_DIGITS[masks[k]]:
            if left % d == 0 and not go(k + 1, left // d, acc + (d,)):
                return False
        return True

    found = tuple(out) if go(0, product, ()) else None
    if len(_FILLINGS) > 65536:
        _FILLINGS.clear()
    _FILLINGS[key] = found
    return found


def unsolvable_line(puzzle: CrossProductPuzzle) -> tuple[str, tuple[str, ...]] | None:
    """A reason a line can never be filled (zero, big prime, too many factors, empty),
    or the row and column totals that differ: (sentence, places)."""
    R, C = puzzle.shape
    lines = [(f"row {r + 1}", p, C) for r, p in enumerate(puzzle.rows)]
    lines += [(f"column {c + 1}", p, R) for c, p in enumerate(puzzle.cols)]
    for name, p, n in lines:
        if p is None:
            continue
        if n == 0:
            if p != 1:
                return f"{name} has no cells, so its product is 1, not {p}", (name,)
            continue
        if p == 0:
            return f"{name} multiplies to 0, but digits are 1 to 9", (name,)
        exps = factor(p)
        if exps is None:
            return (f"{name}'s product {p} has a prime factor above 7, which no digit "
                    f"1-9 has", (name,))
        line = Line(list(range(n)), name, p)
        if not line.feasible():
            return (f"{name}'s product {p} has more factors than {n} digit(s) can "
                    f"hold", (name,))
    if R and C and not totals_agree(puzzle):
        a, b = prod(p or 1 for p in puzzle.rows), prod(p or 1 for p in puzzle.cols)
        if max(a, b).bit_length() > 200:
            a, b = "one number", "another"  # type: ignore[assignment]
        return (f"the row products multiply to {a} and the column products to {b}, but "
                "both should be the product of every digit in the grid", ())
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


def grade_and_score(puzzle: CrossProductPuzzle) -> tuple[str, int]:
    """(the kernel's grade, the candidates left over all cells when the simple
    techniques (rung 0) stall: R*C when they decide every cell, 0 on a
    contradiction), sharing their start: the grade's path begins with the simple
    techniques' fixpoint (the kernel's `step` picks the
    easiest move first, so `fixpoint(rules, pos, 0)` walks that very path), and
    from where they stall the kernel's `grade` gives the rest."""
    rules = CrossProductRules(puzzle)
    pos = rules.start()
    tally = fixpoint(rules, pos, 0, fast=False)
    if tally.end != "stalled":
        score = 0 if tally.end == "no solution" else sum(POPCOUNT[m] for m in pos)
        return rules.label(tally), score
    return kernel_grade(rules, pos)[0], sum(POPCOUNT[m] for m in pos)


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


def state_position(rules: CrossProductRules, state: PlayState) -> Masks:
    """The position of the player's grid: their digits fixed first (a digit its
    cell cannot hold leaves the cell empty: the kernel's contradiction)."""
    pos = rules.start()
    for place, value in state.entries:
        i = rules._index(place)
        pos[i] &= BIT[value]
        if not pos[i]:
            break
    return pos


def solution_places(solution_grid: tuple[tuple[int, ...], ...]) -> dict[str, int]:
    """{"r1c1": digit, ...}."""
    return grid_places(solution_grid)
