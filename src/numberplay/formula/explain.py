"""Explanations of formula puzzles in a player's words.

Built on the formula ladder (`ladder.py`, worded by `narrate.py`) and the
deduction kernel: columns
with named carries for sums, last digits, lengths and casting out nines for
products, exact tests for any other condition, then trials and, only when no
bounded trial closes, a labelled guess. Nothing is read from a solution: the
solver is not called.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..kinds import Deduction
from ..model import SOLVED, Step
from .columns import Masks, assignment
from .ladder import setup
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


def deduction(puzzle: Any) -> Deduction:
    """What `FormulaKind.rules` gives the kernel: the formula ladder (`ladder.setup`),
    told after the given letters and the leading letters, its SOLVED step showing
    the formula with its digits."""
    validate(puzzle)
    fixed = dict(puzzle.fixed)
    rules, pos, limits = setup(puzzle.formula, puzzle.base, fixed)

    def opening() -> list[Step]:
        snap = substitute(puzzle.formula, fixed)
        steps = []
        if fixed:
            steps.append(Step("given", "given: " + ", ".join(f"{c} = {d}"
                                                           for c, d in sorted(fixed.items())),
                              cells=tuple(sorted(fixed)), fixed=tuple(sorted(fixed.items())),
                              snapshot=snap))
        lead = _leading_step(puzzle)
        if lead is not None:
            steps.append(replace(lead, snapshot=snap))
        return steps

    def solved(pos: Masks) -> Step:
        done = assignment(rules.model, pos)
        text = substitute(puzzle.formula, done)
        return Step(SOLVED, f"solved: {text}", tuple(sorted(done)),
                    fixed=tuple(sorted(done.items())), snapshot=text)
    return Deduction(rules, pos, limits, opening, solved)
