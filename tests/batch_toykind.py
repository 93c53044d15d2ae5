"""A toy kind for the batch and store tests: subset-sum ("toysum").

A puzzle is a list of positive numbers and a target; a solution is the set of
positions whose numbers add up to the target. Text form:

    numbers 3 5 7 11
    target 15

Two extra lines exist only to exercise the batch runner: `hang S` makes the
search sleep S seconds without ticking its budget (a job that ignores
--timeout), and `crash` makes the search kill its own process.

The canonical key ignores the order of the numbers, so a permuted twin is the
same puzzle to the store. Importing this module registers the kind.
"""

from __future__ import annotations

import hashlib
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from numberplay.budget import Budget, ensure
from numberplay.errors import GenerationError, PuzzleError
from numberplay.kinds import Kind, KindOption, register
from numberplay.model import GUESS, NO_SOLUTION, SOLVED, Generated, Puzzle, Solution, Step

NAME = "toysum"


@dataclass(frozen=True)
class SumPuzzle(Puzzle):
    """Numbers and a target; `hang`/`crash` are test hooks."""

    kind: ClassVar[str] = NAME
    numbers: tuple[int, ...]
    target: int
    hang: float = 0.0
    crash: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"numbers": list(self.numbers), "target": self.target}
        if self.hang:
            data["hang"] = self.hang
        if self.crash:
            data["crash"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SumPuzzle:
        return cls(tuple(data["numbers"]), data["target"], data.get("hang", 0.0),
                   data.get("crash", False))


@dataclass(frozen=True)
class SumSolution(Solution):
    """The chosen positions (0-based, increasing)."""

    kind: ClassVar[str] = NAME
    chosen: tuple[int, ...]

    def to_json(self) -> list[int]:
        return list(self.chosen)

    @classmethod
    def from_json(cls, data: list[int]) -> SumSolution:
        return cls(tuple(data))


def _int(word: str, line: int, column: int) -> int:
    try:
        value = int(word)
    except ValueError:
        raise PuzzleError(f"{word!r} is not a whole number", line=line, column=column) from None
    if value <= 0 or value > 10**6:
        raise PuzzleError(f"{value} is out of range 1..1000000", line=line, column=column)
    return value


class ToySum(Kind):
    """Subset-sum, the smallest kind that exercises every service."""

    name = NAME
    title = "Toy subset-sum"
    puzzle_type = SumPuzzle
    solution_type = SumSolution
    difficulties = ("easy", "hard")
    default_difficulty = "easy"
    default_size = "6"
    options = (
        KindOption("scale", "multiply every number by this", type=int,
                   commands=frozenset({"solve", "check", "explain", "hint", "generate"})),
    )

    def parse(self, text: str | None, scale: int | None = None, **options: Any) -> SumPuzzle:
        numbers: tuple[int, ...] | None = None
        target = None
        hang, crash = 0.0, False
        for no, raw in enumerate((text or "").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            head, *words = line.split()
            if head == "numbers":
                numbers = tuple(_int(w, no, 9) for w in words)
            elif head == "target" and len(words) == 1:
                target = _int(words[0], no, 8)
            elif head == "hang" and len(words) == 1:
                hang = float(words[0])
            elif head == "crash":
                crash = True
            else:
                raise PuzzleError(f"unexpected {head!r}", line=no, column=1)
        if not numbers or target is None:
            raise PuzzleError("need a 'numbers' line and a 'target' line")
        if len(numbers) > 60:
            raise PuzzleError("at most 60 numbers")
        k = scale or 1
        return SumPuzzle(tuple(n * k for n in numbers), target * k, hang, crash)

    def to_text(self, puzzle: SumPuzzle) -> str:
        return (f"numbers {' '.join(map(str, puzzle.numbers))}\ntarget {puzzle.target}\n")

    def find_solutions(self, puzzle: SumPuzzle, limit: int | None,
                       budget: Budget | None) -> Iterator[SumSolution]:
        budget = ensure(budget)
        if puzzle.crash:
            os._exit(13)
        if puzzle.hang:
            time.sleep(puzzle.hang)
        found = 0
        nums = puzzle.numbers
        suffix = [0] * (len(nums) + 1)
        for i in range(len(nums) - 1, -1, -1):
            suffix[i] = suffix[i + 1] + nums[i]
        stack: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
        while stack:
            i, total, chosen = stack.pop()
            budget.tick()
            if total == puzzle.target:
                yield SumSolution(chosen)
                found += 1
                if limit is not None and found >= limit:
                    return
                continue
            if i == len(nums) or total + suffix[i] < puzzle.target:
                continue
            stack.append((i + 1, total, chosen))
            if total + nums[i] <= puzzle.target:
                stack.append((i + 1, total + nums[i], chosen + (i,)))

    def verify(self, puzzle: SumPuzzle, solution: SumSolution) -> bool:
        chosen = solution.chosen
        ok = all(0 <= i < len(puzzle.numbers) for i in chosen) and len(set(chosen)) == len(chosen)
        return ok and sum(puzzle.numbers[i] for i in chosen) == puzzle.target

    def explain(self, puzzle: SumPuzzle, *, search: bool = True, trace: bool = False,
                budget: Budget | None = None) -> Iterator[Step]:
        for sol in self.solutions(puzzle, limit=1, budget=budget):
            picked = " + ".join(str(puzzle.numbers[i]) for i in sol.chosen)
            yield Step(GUESS, f"try {picked}", cells=tuple(f"n{i}" for i in sol.chosen))
            yield Step(SOLVED, f"{picked} = {puzzle.target}", snapshot=picked)
            return
        yield Step(NO_SOLUTION, "no subset adds up to the target")

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 scale: int | None = None, **options: Any) -> Generated:
        budget = ensure(budget)
        n = int(size or self.default_size)
        if not 2 <= n <= 20:
            raise PuzzleError(f"size {n} is out of range 2..20")
        top = 30 if difficulty in (None, "easy") else 300
        for _ in range(10_000):
            budget.tick()
            numbers = tuple(rng.randint(1, top) * (scale or 1) for _ in range(n))
            chosen = tuple(sorted(rng.sample(range(n), rng.randint(1, n))))
            puzzle = SumPuzzle(numbers, sum(numbers[i] for i in chosen))
            sols = list(self.solutions(puzzle, limit=2, budget=budget))
            if len(sols) == 1:
                return Generated(puzzle, sols[0], self.grade(puzzle), self.to_text(puzzle))
        raise GenerationError("no unique puzzle found")

    def grade(self, puzzle: SumPuzzle) -> str:
        return "easy" if max(puzzle.numbers) <= 30 else "hard"

    def render_as(self, puzzle: SumPuzzle, solution: SumSolution | None, fmt: str) -> str:
        if solution is None:
            body = f"{' '.join(map(str, puzzle.numbers))} -> {puzzle.target}"
        else:
            body = " + ".join(str(puzzle.numbers[i]) for i in solution.chosen)
            body += f" = {puzzle.target}"
        return f"`{body}`\n" if fmt == "markdown" else body + "\n"

    def canonical_key(self, puzzle: SumPuzzle) -> str:
        blob = f"{sorted(puzzle.numbers)}|{puzzle.target}"
        return hashlib.sha256(blob.encode()).hexdigest()

    def size_of(self, puzzle: SumPuzzle) -> str:
        return str(len(puzzle.numbers))


KIND = register(ToySum())
