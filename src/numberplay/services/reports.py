"""The JSON objects the CLI prints with --format json; batch results reuse them.

The hint engine lives in `hints.py` and generation by seed or id in
`generation.py`; their names stay importable from here (imported on first use:
a solve needs neither).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..budget import Budget
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import KindExplanation, get_kind
from ..model import NO_SOLUTION, SOLVED, STALLED, Generated, Puzzle, Step
from .search import SearchResult, search

if TYPE_CHECKING:
    from .generation import generate_one, generate_with, puzzle_seed, regenerate
    from .hints import (
        CHECK_SOLUTIONS,
        HINT_LOOKAHEAD,
        check_entries,
        hint,
        hint_report,
        parse_state,
    )

# The names kept importable from here, and their modules.
_ELSEWHERE = {**dict.fromkeys(("generate_one", "generate_with", "puzzle_seed", "regenerate"),
                              "generation"),
              **dict.fromkeys(("CHECK_SOLUTIONS", "HINT_LOOKAHEAD", "check_entries", "hint",
                               "hint_report", "parse_state"), "hints")}


def __getattr__(name: str) -> Any:
    """A name of `generation.py` or `hints.py`, imported on first use."""
    where = _ELSEWHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(__import__(where, globals(), None, [name], 1), name)
    globals()[name] = value
    return value

__all__ = [
    "CHECK_SOLUTIONS", "HINT_LOOKAHEAD", "Explained", "check_entries", "check_report",
    "explain_report", "explain_steps", "explained", "generate_one", "generate_report", "generate_with", "hint", "hint_report",
    "parse_state", "puzzle_seed", "regenerate", "several_text", "solution_count",
    "solve_plan", "solve_report", "verdict_text",
]


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
        reason = get_kind(puzzle.kind).no_solution_reason(puzzle, budget)
        if reason:
            report["reason"] = reason
    return report, result


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
    impl = get_kind(puzzle.kind)
    for i, step in enumerate(impl.explain(puzzle, search=search, trace=trace, budget=budget)):
        if max_steps is not None and i >= max_steps:
            return
        yield step


class Explained:
    """An explanation run: its steps (those made before the budget ran out, if it
    did), whether it ran to its end within the budget (`complete`; else `message`
    says what ran out) and the puzzle's difficulty,
    the label `generate` prints for it (None when no grade could be had). (A
    plain class: a dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("complete", "difficulty", "message", "steps")

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.complete = True
        self.message = ""
        self.difficulty: str | None = None


def explained(puzzle: Puzzle, *, search: bool = True, trace: bool = False,
              budget: Budget | None = None, max_steps: int | None = None,
              grade: bool = True) -> Explained:
    """The explanation and the grade that travels with it: the deduction kernel's,
    from the explanation's own path (`KindExplanation.whole_grade`: where the steps
    stopped short, at `max_steps` or at the stall of an explanation without
    search, the kernel runs the path on without words; not asked for then when
    `grade` is False), so explain, check --why and generate give one label. Only
    a kind that writes its own `explain` (a plug-in off the kernel) is graded by
    its `grade`."""
    impl = get_kind(puzzle.kind)
    out = Explained()
    run = impl.explain(puzzle, search=search, trace=trace, budget=budget)
    try:
        for i, step in enumerate(run):
            if max_steps is not None and i >= max_steps:
                break
            out.steps.append(step)
    except BudgetExceeded as exc:
        out.complete, out.message = False, str(exc)
        return out
    last = out.steps[-1].technique if out.steps else None
    kernel = run if isinstance(run, KindExplanation) else None
    ended = kernel is not None and kernel.finished and last in (SOLVED, NO_SOLUTION)
    if not (ended or grade):
        return out
    try:
        out.difficulty = kernel.whole_grade() if kernel is not None else impl.grade(puzzle)
    except (BudgetExceeded, PuzzleError):
        out.difficulty = None
    return out


def explain_report(puzzle: Puzzle, *, search: bool = True, trace: bool = False,
                   budget: Budget | None = None, max_steps: int | None = None,
                   count_solutions: bool = True, grade: bool = True) -> dict[str, Any]:
    """`{"kind", "puzzle", "difficulty", "steps": [...], "complete", "partial",
    "verdict", "note"}`.

    difficulty: the label `generate` prints for the puzzle (null if no grade
    could be had); verdict: "unique", "multiple", "none" or "unknown" from a
    count to 2 (made before the steps, and only to say so: no step uses it);
    note: the sentence shown before the first step when there are several
    solutions. `grade=False`: no grade beyond the explanation's own (solve
    --no-search, whose report this is too)."""
    verdict = solution_count(puzzle, budget) if count_solutions else None
    run = explained(puzzle, search=search, trace=trace, budget=budget, max_steps=max_steps,
                    grade=grade)
    steps = run.steps
    report: dict[str, Any] = {
        "kind": puzzle.kind,
        "puzzle": puzzle.to_json(),
        "difficulty": run.difficulty,
        "steps": [s.to_json() for s in steps],   # those made before a budget ran out too
        "complete": run.complete,
        "partial": bool(steps) and steps[-1].technique == STALLED,
    }
    if verdict is not None:
        report["verdict"] = verdict.verdict
        note = several_text(verdict)
        if note:
            report["note"] = note
    if run.message:
        report["message"] = run.message
    return report


def solution_count(puzzle: Puzzle, budget: Budget | None = None) -> SearchResult:
    """How many solutions (0, 1, or 2 meaning "several"), for explain's opening
    line; only counts, never hands a value to the explanation."""
    if budget is None:
        return search(puzzle, limit=2, keep=0, budget=Budget(seconds=15.0))
    # The caller's node cap (what is left of it) and a quarter of its remaining
    # time, so that --timeout and --max-nodes bound explain as a whole.
    left = budget.remaining
    nodes = None if budget.max_nodes is None else max(1, budget.max_nodes - budget.used)
    seconds = 15.0 if left is None else max(0.05, left / 4)
    return search(puzzle, limit=2, keep=0, budget=Budget(nodes=nodes, seconds=seconds))


def several_text(result: SearchResult) -> str | None:
    """The line explain prints before its first step when the puzzle has more than
    one solution (None otherwise)."""
    if result.count >= 2:
        return ("This puzzle has more than one solution, so no explanation can decide "
                "everything: where the deductions run out it must guess.")
    return None


def generate_report(kind_name: str, generated: list[Generated]) -> dict[str, Any]:
    """`{"kind", "puzzles": [{"puzzle", "text", "difficulty", "solution"}]}`."""
    return {"kind": get_kind(kind_name).name, "puzzles": [g.to_json() for g in generated]}
