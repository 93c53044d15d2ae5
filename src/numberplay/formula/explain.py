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
from ..deduce import Explanation
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


class FormulaExplanation(Iterator[Step]):
    """The steps of `FormulaKind.explain`: the given letters, the leading letters,
    then the kernel's explanation (`ladder.explanation`), its SOLVED step showing
    the formula with its digits. Like the kernel's `Explanation` it tells whether
    it ran to its end (`finished`) and gives the puzzle's grade from this very
    path (`whole_grade`), so explain and check --why take the kernel's grade
    without grading again."""

    def __init__(self, puzzle: Any, *, search: bool = True, trace: bool = False,
                 budget: Budget | None = None) -> None:
        self.puzzle = puzzle
        self.search, self.trace, self.budget = search, trace, budget
        self.run: Explanation | None = None
        self._steps: Iterator[Step] | None = None

    def __iter__(self) -> FormulaExplanation:
        return self

    def __next__(self) -> Step:
        if self._steps is None:
            self._steps = self._all()
        return next(self._steps)

    def _all(self) -> Iterator[Step]:
        puzzle = self.puzzle
        validate(puzzle)
        fixed = dict(puzzle.fixed)
        snap = substitute(puzzle.formula, fixed) if self.trace else None
        if fixed:
            yield Step("given", "given: " + ", ".join(f"{c} = {d}"
                                                      for c, d in sorted(fixed.items())),
                       cells=tuple(sorted(fixed)), fixed=tuple(sorted(fixed.items())),
                       snapshot=snap)
        lead = _leading_step(puzzle)
        if lead is not None:
            yield replace(lead, snapshot=snap)
        run = self._explanation()
        for step in run:
            if step.technique == SOLVED:
                rules = run.rules
                assert isinstance(rules, FormulaRules)
                done = assignment(rules.model, run.position)
                text = substitute(puzzle.formula, done)
                step = Step(SOLVED, f"solved: {text}", tuple(sorted(done)),
                            fixed=tuple(sorted(done.items())), snapshot=text)
            yield step

    def _explanation(self) -> Explanation:
        if self.run is None:
            puzzle = self.puzzle
            self.run = explanation(puzzle.formula, puzzle.base, dict(puzzle.fixed),
                                   search=self.search, trace=self.trace, budget=self.budget)
        return self.run

    @property
    def finished(self) -> bool:
        """Did the path run to its end?"""
        return self.run is not None and self.run.finished

    @property
    def grade(self) -> str:
        """The kind's label of the path so far."""
        return self._explanation().grade

    def whole_grade(self) -> str:
        """The puzzle's grade (`deduce.grade`'s label) from this very path
        (`Explanation.whole_grade`)."""
        validate(self.puzzle)
        return self._explanation().whole_grade()


def explain_steps(puzzle: Any, *, search: bool = True, trace: bool = False,
                  budget: Budget | None = None) -> FormulaExplanation:
    """The steps of `FormulaKind.explain` (a `FormulaExplanation`)."""
    return FormulaExplanation(puzzle, search=search, trace=trace, budget=budget)


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
