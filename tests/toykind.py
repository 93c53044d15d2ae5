"""A tiny kind used to test the core, the services and the CLI without any real family.

A "toy" puzzle asks for `n` distinct digits 1-9, in increasing order, that add
up to `total` (a killer-sudoku cage). Text form: "n total", e.g. "3 15".

It is also the worked example of `docs/adding-a-kind.md`: everything a kind
must provide, and nothing more.
"""

from __future__ import annotations

import html
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from numberplay import Budget, Generated, Kind, KindOption, Puzzle, PuzzleError, Solution, Step
from numberplay.errors import GenerationError
from numberplay.model import GUESS, NO_SOLUTION, SOLVED, STALLED

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


# -- 2. the kind: attributes, then one method per duty --------------------------
class ToyKind(Kind):
    name = "toy"
    aliases = ("cage",)
    title = "Toy cage"
    summary = "n distinct digits adding up to a total."
    input_help = "'n total', e.g. '3 15'."
    puzzle_type = ToyPuzzle
    solution_type = ToySolution
    # The technique ladder: "bounds" (the total is the smallest or the largest
    # sum of n digits) is easy; listing the combinations is hard.
    difficulties = ("easy", "hard")
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

    def explain(self, puzzle: ToyPuzzle, *, search: bool = True, trace: bool = False,
                budget: Budget | None = None) -> Iterator[Step]:
        low, high = sum(range(1, puzzle.n + 1)), sum(range(10 - puzzle.n, 10))
        if not low <= puzzle.total <= high:
            yield Step(NO_SOLUTION, f"no {puzzle.n} digits add up to {puzzle.total}")
            return
        combos = list(itertools.islice(_combinations(puzzle, budget), 2))
        if not combos:
            yield Step(NO_SOLUTION, f"no {puzzle.n} digits add up to {puzzle.total}")
            return
        if len(combos) == 1:
            technique = "bounds" if puzzle.total in (low, high) else "listing"
            yield Step(technique, f"only {combos[0]} adds up to {puzzle.total}",
                       fixed=(("cage", combos[0][0]),))
        elif not search:
            yield Step(STALLED, "several combinations remain", snapshot="?")
            return
        else:
            yield Step(GUESS, f"try {combos[0]}", fixed=(("cage", combos[0][0]),))
        yield Step(SOLVED, "done", snapshot=self.render(puzzle, ToySolution(combos[0])))

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

    def grade(self, puzzle: ToyPuzzle) -> str:
        steps = [s.technique for s in self.explain(puzzle)]
        return "easy" if steps[0] == "bounds" else "hard"

    def render_as(self, puzzle: ToyPuzzle, solution: ToySolution | None, fmt: str) -> str:
        digits = " + ".join(map(str, solution.digits)) if solution else " + ".join("?" * puzzle.n)
        text = f"{digits} = {puzzle.total}"
        if fmt == "html":
            return f"<p>{html.escape(text)}</p>"
        return text

    def size_of(self, puzzle: ToyPuzzle) -> str:
        return str(puzzle.n)


TOY = ToyKind()
