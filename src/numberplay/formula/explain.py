"""Explanations of formula puzzles in a player's words.

Built on the formula ladder (`ladder.py`, worded by `narrate.py`) and the
deduction kernel: columns
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
from .columns import assignment
from .ladder import FormulaRules, explanation
from .ladder import grade as ladder_grade
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
            assert isinstance(rules, FormulaRules)
            done = assignment(rules.model, run.position)
            text = substitute(puzzle.formula, done)
            step = Step(SOLVED, f"solved: {text}", tuple(sorted(done)),
                        fixed=tuple(sorted(done.items())), snapshot=text)
        yield step


GRADE_SECONDS = 20.0    # beyond this the explanation is called hard


def grade(puzzle: Any) -> str:
    """The kernel's grade (`deduce.grade`) of the explanation's path: easy (columns,
    product digits, different letters: no trial), medium (one or two single
    trials), hard (three or more trials, a nested trial, a guess, or more than
    GRADE_SECONDS of deducing)."""
    try:
        return ladder_grade(puzzle.formula, puzzle.base, dict(puzzle.fixed),
                            Budget(seconds=GRADE_SECONDS))
    except BudgetExceeded:
        return "hard"
