"""A tiny kind used to test the core, the services and the CLI without any real family.

A "toy" puzzle asks for `n` distinct digits 1-9, in increasing order, that add
up to `total` (a killer-sudoku cage). Text form: "n total", e.g. "3 15".
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from numberplay import Budget, Generated, Kind, KindOption, Puzzle, PuzzleError, Solution, Step
from numberplay.errors import GenerationError


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
    digits: tuple[int, ...]

    def to_json(self) -> list[int]:
        return list(self.digits)

    @classmethod
    def from_json(cls, data: list[int]) -> ToySolution:
        return cls(tuple(data))


class ToyKind(Kind):
    name = "toy"
    aliases = ("cage",)
    title = "Toy cage"
    summary = "n distinct digits adding up to a total."
    input_help = "'n total', e.g. '3 15'."
    puzzle_type = ToyPuzzle
    solution_type = ToySolution
    difficulties = ("easy", "hard")
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

    def solutions(self, puzzle: ToyPuzzle, limit: int | None = None,
                  budget: Budget | None = None) -> Iterator[ToySolution]:
        found = 0
        for combo in itertools.combinations(range(1, 10), puzzle.n):
            if budget is not None:
                budget.tick()
            if sum(combo) == puzzle.total:
                yield ToySolution(combo)
                found += 1
                if limit is not None and found >= limit:
                    return

    def verify(self, puzzle: ToyPuzzle, solution: ToySolution) -> bool:
        d = solution.digits
        return (len(d) == puzzle.n and len(set(d)) == len(d) and sum(d) == puzzle.total
                and all(1 <= x <= 9 for x in d))

    def explain(self, puzzle: ToyPuzzle, *, search: bool = True, trace: bool = False,
                budget: Budget | None = None) -> Iterator[Step]:
        sols = list(self.solutions(puzzle, limit=2, budget=budget))
        if not sols:
            yield Step("contradiction", f"no {puzzle.n} digits add up to {puzzle.total}")
            return
        if len(sols) > 1 and not search:
            yield Step("stalled", "several combinations remain", snapshot="?")
            return
        if len(sols) > 1:
            yield Step("guess", f"try {sols[0].digits}", fixed=(("cage", sols[0].digits[0]),))
        yield Step("solved", "done", snapshot=self.render(puzzle, sols[0]))

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 max_digit: int | None = None, **_: Any) -> Generated:
        n = int(size or 2)
        for _attempt in range(1000):
            digits = tuple(sorted(rng.sample(range(1, (max_digit or 9) + 1), n)))
            puzzle = ToyPuzzle(n, sum(digits))
            if self.count(puzzle, limit=2, budget=budget) == 1:
                return Generated(puzzle, ToySolution(digits), self.grade(puzzle),
                                 self.to_text(puzzle))
        raise GenerationError("no unique cage found")

    def grade(self, puzzle: ToyPuzzle) -> str:
        return "easy" if puzzle.n <= 2 else "hard"

    def render(self, puzzle: ToyPuzzle, solution: ToySolution | None = None,
               fmt: str = "text") -> str:
        digits = " + ".join(map(str, solution.digits)) if solution else " + ".join("?" * puzzle.n)
        return f"{digits} = {puzzle.total}"


TOY = ToyKind()
