"""The shared deduction driver behind explain, hint and grade (it knows no kind).

A kind describes its deductions with a `Rules` object; the driver does the rest,
the way Simon Tatham's `latin.c` does:

1. the technique ladder, easiest first; after any progress it starts again
   from the easiest technique;
2. where every technique stalls, a TRIAL: "suppose r3c4 = 5; then ... (the
   steps that follow, each with its reason) ... row 3 has no place for 2; so
   r3c4 ≠ 5". Every candidate is tried, two-candidate places first, and the
   trial with the shortest contradiction is shown. Trials may nest up to
   `trial_depth` deep (a trial inside a trial), and each is bounded in length
   (`max_chain` steps) and number (`max_trials` per stall); the step says so;
3. only when no bounded trial closes, a plainly labelled GUESS that branches;
   when the branch runs into a contradiction the explanation shows the
   BACKTRACK and carries on with the guessed value removed.

No value ever comes from a precomputed solution: every step follows from the
position it is made in.

The interface a kind implements (see `Rules`):

- a *position*: any object holding the kind's state of knowledge (candidate
  masks, letter domains...); `Rules.copy(pos)` returns an independent copy;
- `Rules.techniques`: the ladder, a sequence of `Technique(name, rung, find)`;
  `find(pos)` looks for ONE deduction, applies it to `pos` in place and returns
  its `Step` (technique, cells/letters, removed, fixed, text), or returns None.
  It may raise `Contradiction(text, cells)` when it sees the position is
  impossible;
- `Rules.contradiction(pos)`: a sentence saying what ran out, or None;
- `Rules.solved(pos)`: everything decided (and consistent);
- `Rules.candidates(pos)`: the open places and their values, for trials and
  guesses: `[(place, [value, ...]), ...]` (place as named in steps);
- `Rules.assume(pos, place, value)` / `Rules.exclude(pos, place, value)`: fix
  or remove one value (in place); either may raise `Contradiction`;
- `Rules.snapshot(pos)`: text shown with --trace and at the end (optional);
- `Rules.grades`: optional labels, index = rung (see `grade_label`);
  `Rules.solved_text`: the sentence of the last step.

Entry points: `explain(rules, pos, ...)` (an iterator of `Step`s, ending with
SOLVED, STALLED or NO_SOLUTION) and `Explanation` (the same, remembering the
hardest rung used: the grade). Rungs: a technique's own `rung`; a trial of
depth d counts as `top + d` where `top` is the highest technique rung; a guess
counts as `top + trial_depth + 1`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .budget import Budget, ensure
from .model import (
    BACKTRACK,
    CONTRADICTION,
    GUESS,
    NO_SOLUTION,
    SOLVED,
    STALLED,
    TRIAL,
    Step,
)

Position = Any
Place = str


class Contradiction(Exception):  # noqa: N818 - it is a finding, not an error
    """The position is impossible: `text` says what ran out, `cells` where."""

    def __init__(self, text: str, cells: tuple[str, ...] = ()) -> None:
        super().__init__(text)
        self.text = text
        self.cells = tuple(cells)


@dataclass(frozen=True)
class Technique:
    """One rung of a kind's ladder.

    name: the technique's name (as in `Step.technique`).
    rung: its difficulty, 0 = easiest; several techniques may share a rung.
    find: `find(pos) -> Step | None`, applying the deduction to `pos` in place.
    """

    name: str
    rung: int
    find: Callable[[Position], Step | None]


class Rules:
    """What a kind supplies to the driver. Subclass it and fill in the methods."""

    techniques: Sequence[Technique] = ()
    grades: Sequence[str] = ()
    # The rungs a trial's consequences may use, tried in turn (None: all); see Limits.
    trial_rungs: tuple[int | None, ...] | None = None
    solved_text: str = "Solved: every place is decided and every rule checks."
    # True while the driver searches for a trial: techniques may leave their sentences
    # (and removed/fixed) empty, since only the chosen trial is shown; the driver then
    # follows that trial again with `quiet` off, which gives the same steps with words.
    quiet: bool = False

    def copy(self, pos: Position) -> Position:
        """An independent copy of the position."""
        raise NotImplementedError

    def contradiction(self, pos: Position) -> Contradiction | str | None:
        """What ran out (a sentence or a Contradiction), or None when consistent."""
        raise NotImplementedError

    def solved(self, pos: Position) -> bool:
        """Is every place decided (and the position consistent)?"""
        raise NotImplementedError

    def candidates(self, pos: Position) -> list[tuple[Place, list[Any]]]:
        """The undecided places and their values, in a fixed order."""
        raise NotImplementedError

    def assume(self, pos: Position, place: Place, value: Any) -> None:
        """Fix `place` to `value` in `pos`."""
        raise NotImplementedError

    def exclude(self, pos: Position, place: Place, value: Any) -> None:
        """Remove `value` from `place` in `pos`."""
        raise NotImplementedError

    def snapshot(self, pos: Position) -> str | None:
        """The position as text (for --trace and the last step)."""
        return None

    def quick_trial(self, pos: Position, depth: int, limit: int, limits: Limits,
                    budget: Budget, max_rung: int | None
                    ) -> tuple[()] | tuple[Place, Any, int] | None:
        """`find_trial`'s choice found by the kind's own faster search, the same one
        step for step: (place, value, the step bound its chain closed under), () when
        no trial closes, None when the kind has no such search here (the default)."""
        return None

    def closes(self, pos: Position, place: Place, value: Any,
               max_rung: int | None = None, before: Position | None = None) -> bool:
        """Might the techniques alone (up to `max_rung`) reach a contradiction from
        `pos`, the position after supposing `place` = `value`? A kind that can tell
        quickly that they surely stall (e.g. from a fixpoint at least as strong as its
        techniques) returns False, and that trial is not followed step by step; the
        default follows every trial. `before`: the position the supposition was
        made in (`pos` lies inside it), for a kind that starts from its fixpoint."""
        return True

    # -- derived -------------------------------------------------------------
    @property
    def top_rung(self) -> int:
        """The highest rung of a technique."""
        return max((t.rung for t in self.techniques), default=0)

    def rung_of(self, step: Step) -> int:
        """The rung a step stands on (trials and guesses above every technique)."""
        if step.technique == TRIAL:
            return self.top_rung + trial_depth_of(step)
        if step.technique == GUESS:
            return self.top_rung + 1 + getattr(self, "trial_depth", 1)
        for t in self.techniques:
            if t.name == step.technique:
                return t.rung
        return -1

    def grade_label(self, rung: int) -> str:
        """The label of a rung (`grades[rung]`, the last label beyond them)."""
        if not self.grades:
            return str(max(rung, 0))
        return self.grades[min(max(rung, 0), len(self.grades) - 1)]


def trial_depth_of(step: Step) -> int:
    """1 for a trial whose chain uses techniques only, 2 with a trial inside..."""
    inner = [trial_depth_of(s) for s in getattr(step, "chain", ()) if s.technique == TRIAL]
    return 1 + max(inner, default=0)


@dataclass(frozen=True)
class Limits:
    """Bounds on trials: how deep they nest, how long a chain may run, how many
    are tried at one stall."""

    trial_depth: int = 1
    max_chain: int = 60
    max_trials: int = 400
    # Rungs the consequences of a trial may use, tried in turn: first only the
    # techniques up to the first rung (cheap chains, as players make them), then
    # up to the next (None: the whole ladder). Kinds set their own in Rules.
    trial_rungs: tuple[int | None, ...] = (None,)
    # After this many stalls where no trial closed, stop trying (guess at once):
    # failed trial searches are the expensive part of an explanation.
    max_failed_stalls: int = 2


def _as_contradiction(found: Contradiction | str | None) -> Contradiction | None:
    if found is None or isinstance(found, Contradiction):
        return found
    return Contradiction(str(found))


def _check(rules: Rules, pos: Position) -> Contradiction | None:
    return _as_contradiction(rules.contradiction(pos))


def next_step(rules: Rules, pos: Position, budget: Budget | None = None,
              max_rung: int | None = None) -> Step | None:
    """The easiest technique step available (applied to `pos`), or None; only
    techniques up to `max_rung` when given. Raises Contradiction when a technique
    finds the position impossible."""
    for technique in rules.techniques:
        if max_rung is not None and technique.rung > max_rung:
            break
        if budget is not None:
            budget.tick()
        step = technique.find(pos)
        if step is not None:
            return step
    return None


def _values_text(values: Sequence[Any]) -> str:
    return ", ".join(map(str, values))


# -- trials ------------------------------------------------------------------------


@dataclass
class _Trial:
    place: Place
    value: Any
    chain: list[Step]
    end: Contradiction


def _run_chain(rules: Rules, pos: Position, depth: int, limit: int, limits: Limits,
               budget: Budget, max_rung: int | None = None
               ) -> tuple[list[Step], Contradiction] | None:
    """Deduce in `pos` (a copy) until a contradiction; None if it stalls, solves,
    or runs past `limit` steps. `depth` = nested trials still allowed."""
    chain: list[Step] = []
    while True:
        found = _check(rules, pos)
        if found is not None:
            return chain, found
        if len(chain) >= limit:
            return None
        try:
            step = next_step(rules, pos, budget, max_rung)
        except Contradiction as exc:
            return chain, exc
        if step is None:
            if depth <= 0 or rules.solved(pos):
                return None
            trial = find_trial(rules, pos, depth, limit - len(chain) - 1, limits, budget,
                               max_rung)
            if trial is None:
                return None
            step = trial_step(rules, trial)
            try:
                rules.exclude(pos, trial.place, trial.value)
            except Contradiction as exc:
                chain.append(step)
                return chain, exc
        chain.append(step)


def _chain_len(chain: list[Step]) -> int:
    return sum(1 + _chain_len(list(getattr(s, "chain", ()))) for s in chain)


def find_trial(rules: Rules, pos: Position, depth: int, limit: int, limits: Limits,
               budget: Budget, max_rung: int | None = None) -> _Trial | None:
    """The assumption whose consequences reach a contradiction soonest (at most
    `limit` steps, nested trials `depth - 1` deep), trying places with the fewest
    values first and stopping after the first group that yields one.

    The search runs with `rules.quiet` on (no sentences); the trial it chooses is
    followed once more with words, unless the caller is itself quiet."""
    if limit < 0:
        return None
    quick = rules.quick_trial(pos, depth, limit, limits, budget, max_rung)
    if quick is not None:
        if not quick:
            return None
        place, value, bound = quick
        work = rules.copy(pos)
        try:
            rules.assume(work, place, value)
        except Contradiction as exc:
            return _Trial(place, value, [], exc)
        again = _run_chain(rules, work, depth - 1, bound, limits, budget, max_rung)
        if again is not None:         # followed with steps (and words unless quiet)
            return _Trial(place, value, *again)
    loud = not rules.quiet
    rules.quiet = True
    try:
        found = _search_trial(rules, pos, depth, limit, limits, budget, max_rung)
    finally:
        rules.quiet = not loud
    if found is None:
        return None
    best, bound = found
    if loud:
        work = rules.copy(pos)
        try:
            rules.assume(work, best.place, best.value)
        except Contradiction:
            return best        # no step was taken: nothing was left unsaid
        again = _run_chain(rules, work, depth - 1, bound, limits, budget, max_rung)
        assert again is not None and _chain_len(again[0]) == _chain_len(best.chain), \
            "a trial followed again must give the same steps"
        best = _Trial(best.place, best.value, *again)
    return best


def _search_trial(rules: Rules, pos: Position, depth: int, limit: int, limits: Limits,
                  budget: Budget, max_rung: int | None) -> tuple[_Trial, int] | None:
    """find_trial's search: (the trial, the step bound its chain was found under)."""
    places = sorted(rules.candidates(pos), key=lambda pv: len(pv[1]))
    best: tuple[_Trial, int] | None = None
    tried = 0
    group = None
    for place, values in places:
        if len(values) < 2:
            continue
        if group is not None and len(values) != group and best is not None:
            break
        group = len(values)
        for value in values:
            if tried >= limits.max_trials:
                return best
            tried += 1
            work = rules.copy(pos)
            bound = limit if best is None else min(limit, _chain_len(best[0].chain) - 1)
            if bound < 0:
                return best
            try:
                rules.assume(work, place, value)
            except Contradiction as exc:
                return _Trial(place, value, [], exc), bound
            if depth <= 1 and not rules.closes(work, place, value, max_rung, pos):
                continue       # the techniques surely stall: no chain to follow
            result = _run_chain(rules, work, depth - 1, bound, limits, budget, max_rung)
            if result is None:
                continue
            chain, end = result
            if best is None or _chain_len(chain) < _chain_len(best[0].chain):
                best = _Trial(place, value, chain, end), bound
                if not chain:
                    return best
    return best


def trial_step(rules: Rules, trial: _Trial) -> Step:
    """The TRIAL step: the assumption, its chain, the contradiction, the removal."""
    parts = [f"Suppose {trial.place} = {trial.value}."]
    if trial.chain:
        parts.append("Then " + " ".join(_sentence(s) for s in trial.chain))
    parts.append(f"But {_lower(trial.end.text)}. So {trial.place} ≠ {trial.value}.")
    end = Step(CONTRADICTION, trial.end.text, trial.end.cells)
    return Step(TRIAL, " ".join(parts), (trial.place, *trial.end.cells),
                removed=((trial.place, trial.value),),
                chain=(*trial.chain, end))


def _sentence(step: Step) -> str:
    text = step.text.strip()
    if step.technique == TRIAL:
        text = "(" + text + ")"
    return text if text.endswith((".", ")")) else text + "."


def _lower(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


# -- the driver --------------------------------------------------------------------------


class Explanation:
    """Iterate to get the steps; afterwards `hardest` is the highest rung used
    (-1 if none) and `guesses` counts branching guesses."""

    def __init__(self, rules: Rules, pos: Position, *, search: bool = True,
                 trace: bool = False, budget: Budget | None = None,
                 limits: Limits | None = None, trials: bool = True) -> None:
        self.rules = rules
        self.pos = pos
        self.search = search
        self.trace = trace
        self.budget = ensure(budget)
        self.limits = limits or Limits()
        self.trials = trials
        self.hardest = -1
        self.guesses = 0
        self.trial_count = 0
        self.failed_stalls = 0

    def __iter__(self) -> Iterator[Step]:
        for step in self._run():
            if step.technique not in (SOLVED, STALLED, NO_SOLUTION, CONTRADICTION, BACKTRACK):
                self.hardest = max(self.hardest, self._rung(step))
            yield step

    def _rung(self, step: Step) -> int:
        rules = self.rules
        if step.technique == TRIAL:
            return rules.top_rung + trial_depth_of(step)
        if step.technique == GUESS:
            return rules.top_rung + self.limits.trial_depth + 1
        return rules.rung_of(step)

    @property
    def grade(self) -> str:
        """The label of the hardest rung used."""
        return self.rules.grade_label(self.hardest)

    def _snap(self, step: Step, pos: Position) -> Step:
        return replace(step, snapshot=self.rules.snapshot(pos)) if self.trace else step

    def _run(self) -> Iterator[Step]:
        rules, budget, limits = self.rules, self.budget, self.limits
        pos = self.pos
        stack: list[tuple[Position, Place, Any]] = []   # (position before the guess, place, value)
        pending: Contradiction | None = None   # found while applying a removal
        while True:
            found, pending = pending or _check(rules, pos), None
            step: Step | None = None
            if found is None:
                try:
                    step = next_step(rules, pos, budget)
                except Contradiction as exc:
                    found = exc
            if found is not None:
                if not stack:
                    yield Step(NO_SOLUTION, _no_solution_text(found), found.cells,
                               snapshot=rules.snapshot(pos))
                    return
                yield Step(CONTRADICTION, f"{_upper(found.text)}: the guess fails.",
                           found.cells, snapshot=rules.snapshot(pos) if self.trace else None)
                pos, place, value = stack.pop()
                text = (f"Back to the guess {place} = {value}: it led to a contradiction, "
                        f"so {place} ≠ {value}.")
                pending = self._exclude(pos, place, value)
                yield self._snap(Step(BACKTRACK, text, (place,), removed=((place, value),)), pos)
                continue
            if step is not None:
                yield self._snap(step, pos)
                continue
            if rules.solved(pos):
                yield Step(SOLVED, rules.solved_text,
                           snapshot=rules.snapshot(pos))
                return
            if not self.search:
                yield Step(STALLED, "No technique decides anything more; the candidates "
                           "left are shown.", snapshot=rules.snapshot(pos))
                return
            trial = self._trial(pos)
            if trial is not None:
                self.trial_count += 1
                pending = self._exclude(pos, trial.place, trial.value)
                yield self._snap(trial_step(rules, trial), pos)
                continue
            places = [pv for pv in rules.candidates(pos) if len(pv[1]) > 1]
            place, values = min(places, key=lambda pv: len(pv[1]))
            value = values[0]
            self.guesses += 1
            stack.append((rules.copy(pos), place, value))
            if not self.trials:
                bound = "trials are switched off"
            elif self.failed_stalls > limits.max_failed_stalls:
                bound = (f"trials are no longer tried (none closed at "
                         f"{limits.max_failed_stalls} stalls)")
            else:
                bound = (f"no trial up to {limits.trial_depth} deep and {limits.max_chain} "
                         f"steps long closes")
            if self.trials and self.failed_stalls == limits.max_failed_stalls:
                self.failed_stalls += 1   # said once; later guesses say trials stopped
            text = (f"Guessing: no technique applies and {bound}. {place} can be "
                    f"{_values_text(values)}; guess {place} = {value} and go on (if this "
                    "runs into a contradiction, we come back here).")
            try:
                rules.assume(pos, place, value)
            except Contradiction as exc:
                pending = exc
            yield self._snap(Step(GUESS, text, (place,), fixed=((place, value),)), pos)

    def _exclude(self, pos: Position, place: Place, value: Any) -> Contradiction | None:
        try:
            self.rules.exclude(pos, place, value)
        except Contradiction as exc:
            return exc
        return None

    def _trial(self, pos: Position) -> _Trial | None:
        if not self.trials or self.failed_stalls >= self.limits.max_failed_stalls:
            return None
        found = self._find(pos)
        if found is None:
            self.failed_stalls += 1
        return found

    def _find(self, pos: Position) -> _Trial | None:
        rungs = self.rules.trial_rungs or self.limits.trial_rungs
        # later passes (a longer ladder inside each trial) cost more: try fewer
        later = replace(self.limits, max_trials=max(20, self.limits.max_trials // 10))
        for depth in range(1, self.limits.trial_depth + 1):
            for k, max_rung in enumerate(rungs):
                limits = self.limits if k == 0 else later
                trial = find_trial(self.rules, pos, depth, limits.max_chain, limits,
                                   self.budget, max_rung)
                if trial is not None:
                    return trial
        return None


def _upper(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:]


def _no_solution_text(found: Contradiction) -> str:
    return f"No solution: {_lower(found.text)}."


def explain(rules: Rules, pos: Position, *, search: bool = True, trace: bool = False,
            budget: Budget | None = None, limits: Limits | None = None) -> Iterator[Step]:
    """The steps from `pos`: techniques, trials, guesses; ending with SOLVED,
    STALLED (search=False) or NO_SOLUTION."""
    return iter(Explanation(rules, pos, search=search, trace=trace, budget=budget,
                            limits=limits))


def grade(rules: Rules, pos: Position, *, budget: Budget | None = None,
          limits: Limits | None = None) -> tuple[str, int]:
    """(label, rung) of the hardest rung an explanation from `pos` uses."""
    run = Explanation(rules, pos, budget=budget, limits=limits)
    for _ in run:
        pass
    return run.grade, run.hardest


# -- hints -------------------------------------------------------------------------


_AREA = re.compile(r"\b(row|column|col) (\d+)\b", re.IGNORECASE)
_CELL = re.compile(r"^r(\d+)c(\d+)$")


def first_area(step: Step) -> str | None:
    """The line or column a step works in: the first "row N"/"column N" its text
    names, else the first area among its cells ("row 3"), else the row of its
    first cell."""
    found = _AREA.search(step.text)
    if found:
        word = "column" if found.group(1).lower().startswith("col") else "row"
        return f"{word} {found.group(2)}"
    for cell in step.cells:
        if " " in cell:
            return cell
    for cell in step.cells:
        m = _CELL.match(cell)
        if m:
            return f"row {m.group(1)}"
    return None


def hint_text(step: Step, level: int) -> str:
    """A hint at one of three levels: 1 the technique and where to look, 2 the
    place it decides, 3 the whole step."""
    if level >= 3 or step.technique in (SOLVED, STALLED, NO_SOLUTION):
        return step.text
    area = first_area(step)
    if step.technique == TRIAL:
        place, value = step.removed[0]
        if level == 1:
            return ("No technique applies here: suppose a value for a place with few "
                    "candidates and follow where it leads" + (f" (look at {area})." if area
                                                             else "."))
        return f"Suppose {place} = {value} and follow the consequences: it cannot be."
    if step.technique == GUESS:
        if level == 1:
            return "Nothing is forced from here, even by a trial: you have to guess."
        place, value = step.fixed[0]
        return f"Guess {place} = {value} (and be ready to come back)."
    if level == 1:
        return f"Look at {area}; the technique: {step.technique}." if area else \
            f"Look for this technique: {step.technique}."
    if step.fixed:
        place = step.fixed[-1][0]
        return f"{step.technique.capitalize()}" + (f" in {area}" if area else "") + \
            f" decides {place}."
    places = list(dict.fromkeys(p for p, _ in step.removed))
    shown = ", ".join(places[:4]) + (" ..." if len(places) > 4 else "")
    return f"{step.technique.capitalize()}" + (f" in {area}" if area else "") + \
        f" removes candidates from {shown}."
