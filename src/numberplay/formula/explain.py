"""Explanations of formula puzzles in a player's words.

Built on the formula ladder (`deduce.py`) and the shared driver: columns
with named carries for sums, last digits, lengths and casting out nines for
products, exact tests for any other condition, then trials and, only when no
bounded trial closes, a labelled guess. Nothing is read from a solution: the
solver is not called.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..budget import Budget
from ..errors import BudgetExceeded
from ..model import SOLVED, Step
from .deduce import HARD_TRIALS, CryptarithmRules, explanation, quick_grade
from .model import substitute
from .puzzle import validate


def _leading_step(puzzle: Any) -> Step | None:
    """The leading letters not fixed are not 0 (None when there are none)."""
    lead = sorted(validate(puzzle).lead - {c for c, _ in puzzle.fixed})
    if not lead:
        return None
    names = ", ".join(lead[:-1]) + " and " + lead[-1] if len(lead) > 1 else lead[0]
    verb = "begin words; a word does not start with 0" if len(lead) > 1 else \
        "begins a word; a word does not start with 0"
    return Step("leading digit", f"{names} {verb}: so {', '.join(f'{c} ≠ 0' for c in lead)}",
                tuple(lead), tuple((c, 0) for c in lead))


def explain_steps(puzzle: Any, *, search: bool = True, trace: bool = False,
                  budget: Budget | None = None) -> Iterator[Step]:
    """The steps of `FormulaKind.explain`."""
    validate(puzzle)
    fixed = dict(puzzle.fixed)
    snap = substitute(puzzle.formula, fixed) if trace else None
    if fixed:
        yield Step("given", "given: " + ", ".join(f"{c} = {d}" for c, d in sorted(fixed.items())),
                   cells=tuple(sorted(fixed)), fixed=tuple(sorted(fixed.items())), snapshot=snap)
    lead = _leading_step(puzzle)
    if lead is not None:
        yield replace(lead, snapshot=snap)
    run = explanation(puzzle.formula, puzzle.base, fixed, search=search, trace=trace,
                      budget=budget)
    for step in run:
        if step.technique == SOLVED:
            rules = run.rules
            assert isinstance(rules, CryptarithmRules) and rules.last_solved is not None
            done = rules.last_solved.assignment()
            text = substitute(puzzle.formula, done)
            step = Step(SOLVED, f"solved: {text}", tuple(sorted(done)),
                        fixed=tuple(sorted(done.items())), snapshot=text)
        yield step


GRADE_SECONDS = 20.0    # beyond this the explanation is called hard


def grade(puzzle: Any) -> str:
    """By the hardest technique the explanation needs: easy (columns, product digits,
    different letters: no trial), medium (one or two single trials), hard (three or
    more trials, a nested trial, a guess, or more than GRADE_SECONDS of explaining)."""
    try:
        return grade_of(puzzle, Budget(seconds=GRADE_SECONDS))
    except BudgetExceeded:
        return "hard"


def grade_of(puzzle: Any, budget: Budget | None = None) -> str:
    """easy: techniques only; medium: one or two single trials; hard: three or more
    trials, a nested trial or a guess. In the compiled core where it covers the formula
    (`deduce.quick_grade`, the same path without steps)."""
    quick = quick_grade(puzzle.formula, puzzle.base, dict(puzzle.fixed), budget)
    if quick is not None:
        hardest, trials, guesses, stopped = quick
        return "hard" if stopped else grade_label(hardest, trials, guesses)
    return grade_py(puzzle, budget)


def grade_py(puzzle: Any, budget: Budget | None = None) -> str:
    """`grade_of` by following the explanation (the reference of `quick_grade`)."""
    run = explanation(puzzle.formula, puzzle.base, dict(puzzle.fixed), budget=budget)
    run.rules.quiet = True      # the grade needs the rungs, not the sentences
    for _ in run:
        if grade_label(run.hardest, run.trial_count, run.guesses) == "hard":
            break               # hard stays hard: the rest cannot change the grade
    return grade_label(run.hardest, run.trial_count, run.guesses)


def grade_label(hardest: int, trials: int, guesses: int) -> str:
    """The difficulty from the hardest rung (0 techniques, 1 single trial, 2 nested trial,
    3 guess) and the number of trials."""
    if hardest >= 2 or guesses or trials >= HARD_TRIALS:
        return "hard"
    return "medium" if trials else "easy"
