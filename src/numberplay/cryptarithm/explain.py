"""Explanations: the column reasoning along the way to the first solution.

The letters are taken in the solver's order (for sums: column by column from
the right). At each letter the conditions known so far (the column's
congruence with its carry, the low digits of a product, the comparisons
whose letters are all known) leave a set of digits; one digit is a deduction,
several are a guess (the explanation guesses right: it follows the path to
the first solution).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..budget import Budget, ensure
from ..model import SOLVED, STALLED, Step
from . import solver as S
from .model import substitute


def _candidates(plan: S.Plan, i: int, env: list[int], used: list[bool], nonzero: list[bool],
                base: int) -> list[int]:
    """The digits the conditions at depth i allow for its letter."""
    li = plan.order[i]
    cand = [d for d in range(1 if nonzero[li] else 0, base) if not used[d]]
    if plan.solvers[i] is not None:
        cand = S._solve(plan.solvers[i], env, li, cand)
    for bound in plan.sums[i]:
        cand = S._sum_filter(bound, env, used, cand, base)
    out = []
    for d in cand:
        env[li] = d
        if all(c(env) for c in plan.checks[i]):
            out.append(d)
    env[li] = 0
    return out


def _column_phrase(comp: S.Compiled, letter: str) -> tuple[int, bool]:
    """(1-based column of the letter's lowest position, is it the carry into a longer word)."""
    words = comp.tree.words()
    low = min(pos for w in words for pos, ch in enumerate(reversed(w)) if ch == letter)
    longest = max(len(w) for w in words)
    others = [len(w) for w in words if w[0] != letter or len(w) < longest]
    carry = any(w[0] == letter and len(w) == longest for w in words) and \
        all(n < longest for n in others) and comp.strategy == "columns"
    return (longest if carry else low + 1), carry


def explain_steps(kind: Any, puzzle: Any, *, search: bool = True, trace: bool = False,
                  budget: Budget | None = None) -> Iterator[Step]:
    """The steps of `CryptarithmKind.explain`."""
    budget = ensure(budget)
    comp = kind._validate(puzzle)
    fixed = dict(puzzle.fixed)
    first = next(iter(S.search(comp, fixed, budget)), None)
    if first is None:
        yield Step("contradiction", f"no assignment of distinct digits makes "
                   f"{puzzle.formula} true (every case was tried)")
        return
    solution = dict(zip(comp.letters, first, strict=False))
    plan = S.make_plan(comp, fixed)
    env = [0] * len(comp.letters)
    used = [False] * comp.base
    known: dict[str, int] = dict(fixed)
    for c, d in fixed.items():
        env[comp.index[c]] = d
        used[d] = True
    nonzero = [c in comp.lead for c in comp.letters]
    sums = comp.strategy == "columns"
    if fixed:
        yield Step("given", "given: " + ", ".join(f"{c} = {d}" for c, d in sorted(fixed.items())),
                   cells=tuple(sorted(fixed)), fixed=tuple(sorted(fixed.items())),
                   snapshot=substitute(puzzle.formula, known) if trace else None)
    for i, li in enumerate(plan.order):
        budget.tick()
        letter = comp.letters[li]
        value = solution[letter]
        cands = _candidates(plan, i, env, used, nonzero, comp.base)
        col, carry = _column_phrase(comp, letter)
        where = f"column {col}" if sums else f"digit {col} from the right"
        if len(cands) == 1:
            if carry and value == 1:
                text = f"{where}: {letter} is the carry, so {letter} = 1"
            elif plan.solvers[i] is not None and sums:
                text = (f"{where}: the digits known so far and the carry force "
                        f"{letter} = {value}")
            elif plan.solvers[i] is not None:
                text = (f"{where}: the last digits of both sides must agree, which forces "
                        f"{letter} = {value}")
            elif sums:
                text = (f"{where}: the largest and smallest totals the other letters can "
                        f"still reach leave only {letter} = {value}")
            else:
                text = f"{where}: with the digits known so far only {letter} = {value} works"
            technique = "column" if sums else "low digits" if comp.strategy == "low digits" \
                else "only digit"
            step = Step(technique, text, cells=(letter,), fixed=((letter, value),))
        else:
            if not search:
                yield Step(STALLED, f"{where}: {letter} could be any of "
                           f"{', '.join(map(str, cands))}; deduction stops here",
                           cells=(letter,), snapshot=substitute(puzzle.formula, known))
                return
            others = [d for d in cands if d != value]
            text = (f"{where}: {letter} could be {', '.join(map(str, cands))}; "
                    f"try {letter} = {value}")
            step = Step("guess", text, cells=(letter,), fixed=((letter, value),),
                        removed=tuple((letter, d) for d in others))
        env[li] = value
        used[value] = True
        known[letter] = value
        if trace:
            step = Step(step.technique, step.text, step.cells, step.removed, step.fixed,
                        substitute(puzzle.formula, known))
        yield step
    text = substitute(puzzle.formula, solution)
    yield Step(SOLVED, f"solved: {text}", cells=tuple(comp.letters),
               fixed=tuple(sorted(solution.items())), snapshot=text)
