"""A tiny kind used to test the core, the services and the CLI without any real family.

A "toy" puzzle asks for `n` distinct digits 1-9, in increasing order, that add
up to `total` (a killer-sudoku cage). Text form: "n total", e.g. "3 15".

It is also the worked example of `docs/adding-a-kind.md`: everything a kind
must provide, and nothing more.
"""

from __future__ import annotations

import functools
import html
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from numberplay import Budget, Generated, Kind, KindOption, Puzzle, PuzzleError, Solution, Step
from numberplay.deduce import Contradiction, Entry, Move, Rules, Technique, table_of
from numberplay.errors import GenerationError
from numberplay.kinds import Deduction

Digit = int  # 1..9


# -- 1. the values: a frozen Puzzle and Solution with the kind's name -------------
@dataclass(frozen=True)
class ToyPuzzle(Puzzle):
    kind: ClassVar[str] = "toy"
    n: int
    total: int

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "total": self.total}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToyPuzzle:
        return cls(int(data["n"]), int(data["total"]))


@dataclass(frozen=True)
class ToySolution(Solution):
    kind: ClassVar[str] = "toy"
    digits: tuple[Digit, ...]

    def to_json(self) -> list[int]:
        return list(self.digits)

    @classmethod
    def from_json(cls, data: list[int]) -> ToySolution:
        return cls(tuple(data))


def _combinations(puzzle: ToyPuzzle, budget: Budget | None) -> Iterator[tuple[Digit, ...]]:
    """Every set of n digits adding up to the total, in increasing order."""
    for combo in itertools.combinations(range(1, 10), puzzle.n):
        if budget is not None:
            budget.tick()
        if sum(combo) == puzzle.total:
            yield combo


# -- 2. the deduction rules: the toy's techniques, on the kernel -------------------
# A position is one candidate mask per digit of the answer, smallest first (bit d:
# digit d). A technique is one row of the table `TECHNIQUES`: its name, its rung,
# its finder (looks for ONE deduction, narrows the position in place, returns the
# kernel's `Move` or None) and its words (the sentence for a move).
Masks = list[int]
ALL = sum(1 << d for d in range(1, 10))


def _digits(mask: int) -> list[Digit]:
    return [d for d in range(1, 10) if mask >> d & 1]


def _fillings(puzzle: ToyPuzzle, pos: Masks) -> list[tuple[Digit, ...]]:
    """The increasing fillings of the candidates adding up to the total."""
    return [c for c in itertools.combinations(range(1, 10), puzzle.n)
            if sum(c) == puzzle.total and all(pos[i] >> d & 1 for i, d in enumerate(c))]


def narrowed(name: str, pos: Masks, after: list[int], where: Any = None) -> Move | None:
    """The move that narrows `pos` to `after` (None if it changes nothing)."""
    after = [a & m for a, m in zip(after, pos, strict=True)]
    if after == pos:
        return None
    pos[:] = after
    return Move(name, where, tuple(after))


def kept(move: Move, before: Masks) -> str:
    """What each place the move narrowed kept: `d1 is 1 or 2, d2 is 3`."""
    return ", ".join(f"d{i + 1} is {' or '.join(map(str, _digits(a)))}"
                     for i, (a, b) in enumerate(zip(move.after, before, strict=True)) if a != b)


def bounds(puzzle: ToyPuzzle, pos: Masks) -> Move | None:
    """The total is the smallest (or largest) sum of n digits: 1..n (or 10-n..9)."""
    for where, digits in (("smallest", range(1, puzzle.n + 1)),
                          ("largest", range(10 - puzzle.n, 10))):
        if puzzle.total == sum(digits):
            return narrowed("bounds", pos, [1 << d for d in digits], where)
    return None


def listing(puzzle: ToyPuzzle, pos: Masks) -> Move | None:
    """List the fillings: each place keeps the digits some filling gives it."""
    found = _fillings(puzzle, pos)
    if not found:
        raise Contradiction(f"no {puzzle.n} digits add up to {puzzle.total}")
    return narrowed("listing", pos, [sum(1 << d for d in {c[i] for c in found})
                                     for i in range(puzzle.n)], len(found))


# The techniques, tried easiest rung first (in this order within a rung). A
# technique is added here: explain, hint and grade take it from the kernel.
TECHNIQUES: tuple[Entry, ...] = (
    Entry("bounds", 0, bounds, lambda p, move, before:
          f"{p.total} is the {move.where} sum of {p.n} digits: {kept(move, before)}"),
    Entry("listing", 1, listing, lambda p, move, before:
          f"{move.where} filling(s) of the candidates add up to {p.total}: "
          f"{kept(move, before)}"),
)


class ToyRules(Rules):
    """The toy's rules for the deduction kernel; places are `d1`, `d2`, ... (the
    digits of the answer, smallest first)."""

    grades = ("easy", "hard")
    solved_text = "Solved: the digits are distinct and add up to the total."

    def __init__(self, puzzle: ToyPuzzle, table: tuple[Entry, ...] = TECHNIQUES) -> None:
        self.puzzle = puzzle
        self.table = table_of(table)
        self.techniques = tuple(Technique(e.name, e.rung, functools.partial(e.finder, puzzle))
                                for e in sorted(table, key=lambda e: e.rung or 0))

    def copy(self, pos: Masks) -> Masks:
        return list(pos)

    def contradiction(self, pos: Masks) -> str | None:
        p = self.puzzle
        if not sum(range(1, p.n + 1)) <= p.total <= sum(range(10 - p.n, 10)):
            return f"no {p.n} digits add up to {p.total}"
        empty = [f"d{i + 1}" for i, m in enumerate(pos) if not m]
        return f"{empty[0]} has no digit left" if empty else None

    def solved(self, pos: Masks) -> bool:
        return all(m.bit_count() == 1 for m in pos) and \
            sum(m.bit_length() - 1 for m in pos) == self.puzzle.total

    def candidates(self, pos: Masks) -> list[tuple[str, list[int]]]:
        return [(f"d{i + 1}", _digits(m)) for i, m in enumerate(pos) if m.bit_count() > 1]

    def assume(self, pos: Masks, place: str, value: int) -> None:
        pos[int(place[1:]) - 1] &= 1 << value

    def exclude(self, pos: Masks, place: str, value: int) -> None:
        pos[int(place[1:]) - 1] &= ~(1 << value)

    def narrate(self, move: Move, before: Masks) -> Step:
        """The step of a move: its technique's words; the places it narrowed, the
        digits it removed and the places it decided."""
        changed = [i for i, (a, b) in enumerate(zip(move.after, before, strict=True)) if a != b]
        words = self.table[move.technique].words(self.puzzle, move, before)
        return Step(move.technique, words,
                    tuple(f"d{i + 1}" for i in changed),
                    removed=tuple((f"d{i + 1}", d) for i in changed
                                  for d in _digits(before[i] & ~move.after[i])),
                    fixed=tuple((f"d{i + 1}", move.after[i].bit_length() - 1) for i in changed
                                if move.after[i].bit_count() == 1))

    def snapshot(self, pos: Masks) -> str:
        return " + ".join("/".join(map(str, _digits(m))) or "-" for m in pos) + \
            f" = {self.puzzle.total}"


# -- 3. the kind: attributes, then one method per duty --------------------------
class ToyKind(Kind):
    name = "toy"
    aliases = ("cage",)
    title = "Toy cage"
    summary = "n distinct digits adding up to a total."
    input_help = "'n total', e.g. '3 15'."
    puzzle_type = ToyPuzzle
    solution_type = ToySolution
    # The technique table (`TECHNIQUES`): "bounds" (the total is the smallest or
    # the largest sum of n digits) is easy; listing the combinations is hard.
    difficulties = ("easy", "hard")
    techniques = TECHNIQUES
    size_help = "n, the number of digits (1 to 9)"
    options = (KindOption("offset", "Add this to the total.", type=int),
               KindOption("max_digit", "Largest digit for generate.", type=int,
                          commands=frozenset({"generate"})))
    cli_examples = ("numberplay solve toy '3 15'",)

    def parse(self, text: str | None, offset: int | None = None, **_: Any) -> ToyPuzzle:
        if text is None:
            raise PuzzleError("no puzzle given")
        lines = [(i, ln) for i, ln in enumerate(text.splitlines(), 1)
                 if ln.strip() and not ln.strip().startswith("#")]
        if len(lines) != 1:
            raise PuzzleError("expected one line 'n total'")
        number, line = lines[0]
        parts = line.split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise PuzzleError("expected two whole numbers 'n total'", line=number)
        n, total = int(parts[0]), int(parts[1]) + (offset or 0)
        if not 1 <= n <= 9:
            raise PuzzleError(f"n must be 1..9, not {n}", line=number, column=1)
        return ToyPuzzle(n, total)

    def parse_all(self, text: str | None, **options: Any) -> list[ToyPuzzle]:
        if text is not None and text.count("\n") > 1:
            rows = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
            return [self.parse(ln, **options) for ln in rows]
        return [self.parse(text, **options)]

    def to_text(self, puzzle: ToyPuzzle) -> str:
        return f"{puzzle.n} {puzzle.total}"

    def find_solutions(self, puzzle: ToyPuzzle, limit: int | None,
                       budget: Budget | None) -> Iterator[ToySolution]:
        for combo in _combinations(puzzle, budget):
            yield ToySolution(combo)

    def verify(self, puzzle: ToyPuzzle, solution: ToySolution) -> bool:
        d = solution.digits
        return (len(d) == puzzle.n and len(set(d)) == len(d) and sum(d) == puzzle.total
                and all(1 <= x <= 9 for x in d))

    # Explaining, hints and grading are the base class's, on the deduction kernel:
    # the kind gives it its rules and the position before any step.
    def rules(self, puzzle: ToyPuzzle, budget: Budget | None = None) -> Deduction:
        return Deduction(ToyRules(puzzle, self.techniques), [ALL] * puzzle.n)

    def check_size(self, size: str) -> str:
        if not size.isdigit() or not 1 <= int(size) <= 9:
            raise PuzzleError(f"size must be n, 1 to 9, not {size!r}")
        return str(int(size))

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 max_digit: int | None = None, **_: Any) -> Generated:
        n = int(size) if size else 2
        for _attempt in range(1000):
            digits = tuple(sorted(rng.sample(range(1, (max_digit or 9) + 1), n)))
            puzzle = ToyPuzzle(n, sum(digits))
            if self.count(puzzle, limit=2, budget=budget) == 1:
                grade = self.grade(puzzle)
                if difficulty is None or grade == difficulty:
                    return Generated(puzzle, ToySolution(digits), grade, self.to_text(puzzle))
        raise GenerationError(f"no unique {difficulty or ''} cage of {n} digits found")

    def render_as(self, puzzle: ToyPuzzle, solution: ToySolution | None, fmt: str) -> str:
        digits = " + ".join(map(str, solution.digits)) if solution else " + ".join("?" * puzzle.n)
        text = f"{digits} = {puzzle.total}"
        if fmt == "html":
            return f"<p>{html.escape(text)}</p>"
        return text

    def size_of(self, puzzle: ToyPuzzle) -> str:
        return str(puzzle.n)


TOY = ToyKind()
