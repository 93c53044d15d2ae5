"""The JSON objects the CLI prints with --format json; batch results reuse them."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any

from ..budget import Budget
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import get_kind
from ..model import SOLVED, STALLED, Generated, Puzzle, Step
from .search import SearchResult, search


def solve_plan(mode: str, limit: int | None) -> tuple[int | None, int | None]:
    """(search limit, solutions to keep) for a solve mode: "first", "all" or "count".

    "first" looks for two solutions to tell whether the first is unique,
    unless `limit` says otherwise; `limit` caps every mode.
    """
    if mode == "all":
        return limit, limit
    if mode == "count":
        return limit, 0
    return (2 if limit is None else limit), (1 if limit is None else limit)


def solve_report(puzzle: Puzzle, *, mode: str = "first", limit: int | None = None,
                 budget: Budget | None = None) -> tuple[dict[str, Any], SearchResult]:
    """`{"kind", "puzzle", "solutions", "count", "complete", ...}` for one puzzle."""
    search_limit, keep = solve_plan(mode, limit)
    result = search(puzzle, limit=search_limit, keep=keep, budget=budget)
    report = {
        "kind": puzzle.kind,
        "puzzle": puzzle.to_json(),
        "solutions": [s.to_json() for s in result.solutions],
        "count": result.count,
        "complete": result.complete,
        "verdict": result.verdict,
        "stopped": result.stopped,
    }
    if result.message:
        report["message"] = result.message
    if result.count == 0 and result.complete:
        left = None if budget is None else budget.remaining
        reason = no_solution_reason(puzzle, 2.0 if left is None else min(2.0, left))
        if reason:
            report["reason"] = reason
    return report, result


def no_solution_reason(puzzle: Puzzle, seconds: float = 2.0) -> str | None:
    """Why a puzzle has no solution, in the kind's own words: the last step of its
    deductions (without search), when they end in a contradiction within `seconds`."""
    try:
        steps = explain_steps(puzzle, search=False, budget=Budget(seconds=seconds))
        last = deque(steps, maxlen=1).pop()
    except (BudgetExceeded, IndexError):
        return None
    if last is None or last.technique in (SOLVED, STALLED):
        return None
    return last.text


def check_report(puzzle: Puzzle, *, limit: int | None = None,
                 budget: Budget | None = None,
                 decide: bool = False) -> tuple[dict[str, Any], SearchResult]:
    """`{"kind", "puzzle", "count", "complete", "verdict", "text"}`: how many solutions.

    With `decide`, the search stops at the second solution: the verdict is
    unique, multiple or none, and `count` is at most 2 (`limit` is ignored).
    """
    if decide:
        result = search(puzzle, limit=1, keep=0, budget=budget)
        if result.stopped == "limit":
            result.count = 2
            result.message = "stopped at the second solution"
    else:
        result = search(puzzle, limit=limit, keep=0, budget=budget)
    report = {
        "kind": puzzle.kind,
        "puzzle": puzzle.to_json(),
        "count": result.count,
        "complete": result.complete,
        "verdict": result.verdict,
        "text": verdict_text(result, decide=decide),
        "stopped": result.stopped,
    }
    if result.message:
        report["message"] = result.message
    return report, result


def verdict_text(result: SearchResult, decide: bool = False) -> str:
    """"unique", "N solutions", "no solution", or "at least N solutions (...)";
    with `decide`, "multiple solutions" instead of a number."""
    if decide and result.count >= 2:
        return "multiple solutions"
    if result.complete:
        if result.count == 0:
            return "no solution"
        if result.count == 1:
            return "unique"
        return f"{result.count} solutions"
    if result.count == 0:
        return f"undecided: {result.message}"
    return f"at least {result.count} solution{'s' if result.count != 1 else ''} ({result.message})"


def explain_steps(puzzle: Puzzle, *, search: bool = True, trace: bool = False,
                  budget: Budget | None = None, max_steps: int | None = None) -> Iterator[Step]:
    """The kind's explanation, cut at `max_steps` steps."""
    kind = get_kind(puzzle.kind)
    for i, step in enumerate(kind.explain(puzzle, search=search, trace=trace, budget=budget)):
        if max_steps is not None and i >= max_steps:
            return
        yield step


def explain_report(puzzle: Puzzle, *, search: bool = True, trace: bool = False,
                   budget: Budget | None = None,
                   max_steps: int | None = None) -> dict[str, Any]:
    """`{"kind", "puzzle", "steps": [...], "complete", "partial"}`."""
    steps: list[Step] = []
    complete = True
    message = ""
    try:
        steps = list(explain_steps(puzzle, search=search, trace=trace, budget=budget,
                                   max_steps=max_steps))
    except BudgetExceeded as exc:
        complete, message = False, str(exc)
    report: dict[str, Any] = {
        "kind": puzzle.kind,
        "puzzle": puzzle.to_json(),
        "steps": [s.to_json() for s in steps],
        "complete": complete,
        "partial": bool(steps) and steps[-1].technique == STALLED,
    }
    if message:
        report["message"] = message
    return report


def puzzle_seed(seed: int | str | None, index: int) -> str:
    """The seed of puzzle `index` of a run with `seed`: the same on every engine."""
    return f"{seed}:{index}"


def generate_one(kind_name: str, *, seed: int | str | None, index: int = 0,
                 size: str | None = None, difficulty: str | None = None,
                 budget: Budget | None = None, **options: Any) -> Generated:
    """Puzzle `index` of a generation run with `seed`; deterministic (`5` and `"5"`
    are the same seed). An unknown difficulty is a PuzzleError."""
    kind = get_kind(kind_name)
    if difficulty is not None and kind.difficulties and difficulty not in kind.difficulties:
        raise PuzzleError(f"unknown difficulty {difficulty!r} for {kind.name} "
                          f"(choose from {', '.join(kind.difficulties)})")
    item_seed = puzzle_seed(seed, index)
    rng = random.Random(f"numberplay:{kind.name}:{item_seed}")
    if kind.draws_in_sequence:
        options = {**options, "sequence": (f"numberplay:{kind.name}:{seed}", index)}
    generated = kind.generate(rng, size=size, difficulty=difficulty, budget=budget, **options)
    return Generated(generated.puzzle, generated.solution, generated.difficulty,
                     generated.text, seed=item_seed, extra=generated.extra)


def generate_report(kind_name: str, generated: list[Generated]) -> dict[str, Any]:
    """`{"kind", "puzzles": [{"puzzle", "text", "difficulty", "solution"}]}`."""
    return {"kind": get_kind(kind_name).name, "puzzles": [g.to_json() for g in generated]}
