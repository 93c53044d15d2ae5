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

from ..errors import PuzzleError
from ..kinds import Deduction
from ..model import SOLVED, Step
from .columns import Masks, assignment, clear_decided
from .filters import bits
from .ladder import FormulaRules, setup
from .model import substitute
from .puzzle import puzzle_rules, validate


def _leading_step(puzzle: Any, zero_ok: frozenset[str] = frozenset()) -> Step | None:
    """The leading letters not fixed are not 0 (None when there are none); `zero_ok`:
    those that may be 0 (`--invalid 0,...` names the letters that may not)."""
    lead = sorted(validate(puzzle).lead - {c for c, _ in puzzle.fixed} - zero_ok)
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
    comp = validate(puzzle)
    fixed = dict(puzzle.fixed)
    rules, pos, limits = setup(puzzle.formula, puzzle.base, fixed)
    told, zero_ok = _options(puzzle, comp, pos, rules.model, fixed)
    if comp.letters and not any(pos[rules.model.index[c]] for c in comp.letters):
        rules = _NoneFound(rules.model)

    def opening() -> list[Step]:
        snap = substitute(puzzle.formula, fixed)
        steps = []
        if fixed:
            steps.append(Step("given", "given: " + ", ".join(f"{c} = {d}"
                                                           for c, d in sorted(fixed.items())),
                              cells=tuple(sorted(fixed)), fixed=tuple(sorted(fixed.items())),
                              snapshot=snap))
        lead = _leading_step(puzzle, zero_ok)
        if lead is not None:
            steps.append(replace(lead, snapshot=snap))
        return steps + [replace(step, snapshot=snap) for step in told]

    def solved(pos: Masks) -> Step:
        done = assignment(rules.model, pos)
        text = substitute(puzzle.formula, done)
        return Step(SOLVED, f"solved: {text}", tuple(sorted(done)),
                    fixed=tuple(sorted(done.items())), snapshot=text)
    return Deduction(rules, pos, limits, opening, solved)


class _NoneFound(FormulaRules):
    """A puzzle whose letters need not all differ (`--distinct`, `?`), which the
    ladder's columns cannot read, and which a bounded search proved has no
    solution: said so in one step."""

    def contradiction(self, pos: Masks) -> str | None:
        return ("no digits the letters may take (not all of them must differ) make the "
                "formula hold: the search through every one finds none")


def _none(puzzle: Any) -> bool:
    """Does a bounded search prove the puzzle has no solution?"""
    from ..budget import Budget
    from ..errors import BudgetExceeded
    from .puzzle import count
    try:
        return count(puzzle, 1, Budget(nodes=2_000_000)) == 0
    except BudgetExceeded:
        return False


def _options(puzzle: Any, comp: Any, pos: Masks, model: Any,
             fixed: dict[str, int]) -> tuple[list[Step], frozenset[str]]:
    """The digits `--digits` and `--invalid` take from each letter, removed from the
    first position (in place) and told as one step; the leading letters those
    options let be 0. PuzzleError when not every letter must differ: the ladder's
    columns and its `different letters` assume they all do."""
    if puzzle.plain:
        return [], frozenset()
    r = puzzle_rules(puzzle, comp)
    if not r.all_distinct:
        if _none(puzzle):
            # no solution is said as such under any option (exit 1), not refused
            for v in model.index.values():
                pos[v] = 0
            return [], frozenset()
        raise PuzzleError("explain and hint take every letter distinct: --distinct and '?' "
                          "are for solve, check and count")
    # naming digit 0 in --invalid replaces the leading rule: its letters are told here
    zero_ok = frozenset(comp.lead - set(fixed)) if 0 in dict(puzzle.invalid) else frozenset()
    removed = []
    for i, c in enumerate(comp.letters):
        v = model.index[c]
        if c in fixed:          # a given leading 0 the options allow
            pos[v] = 1 << fixed[c] if r.allowed[i] >> fixed[c] & 1 else 0
            continue
        if c in zero_ok and 0 not in fixed.values():
            pos[v] |= 1
        gone = pos[v] & ~r.allowed[i]
        if gone and c not in fixed:
            pos[v] &= r.allowed[i]
            removed += [(c, d) for d in bits(gone)]
    clear_decided(model, pos)       # (an empty letter: the kernel reports it)
    if not removed:
        return [], zero_ok
    rules_text = []
    if puzzle.digits:
        rules_text.append("the letters take only the digits " + ", ".join(map(str, puzzle.digits)))
    if puzzle.invalid:
        rules_text += [f"the digit {d} stands for none of "
                       f"{', '.join(sorted(set(ls) & set(comp.letters)))}"
                       for d, ls in puzzle.invalid if set(ls) & set(comp.letters)]
    shown = ", ".join(f"{c} ≠ {d}" for c, d in removed[:12]) + (", ..." if len(removed) > 12
                                                                   else "")
    step = Step("given", "given: " + "; ".join(rules_text) + f": so {shown}",
                cells=tuple(sorted({c for c, _ in removed})), removed=tuple(removed))
    return [step], zero_ok

