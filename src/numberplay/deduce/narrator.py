"""The narrator: the path the kernel took, replayed into the `Step`s users read.

Each event of a `kernel.Run` becomes one step: a technique's move is worded by
the kind (`Rules.narrate(move, before)`), trials, guesses, backtracks and the
end by the sentences here. `--trace` adds the position after each step
(`Rules.snapshot`). `Explanation` is the iterator explain and hint use; it also
keeps the tally (`hardest`, `trial_count`, `guesses`) and the final `position`.
A step as a hint (for services.hints): where to look (`first_area`) and the
words at each of three levels (`hint_text`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from ..budget import Budget
from ..model import (
    BACKTRACK,
    CONTRADICTION,
    GUESS,
    NO_SOLUTION,
    SOLVED,
    STALLED,
    TRIAL,
    Step,
)
from .kernel import (
    Backtrack,
    Contradiction,
    End,
    Event,
    Failed,
    Guess,
    Limits,
    Played,
    Position,
    Rules,
    Run,
    Trial,
    final_label,
    grade_stop,
)


def _values_text(values: tuple[Any, ...]) -> str:
    return ", ".join(map(str, values))


def _lower(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _upper(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:]


def _sentence(step: Step) -> str:
    text = step.text.strip()
    if step.technique == TRIAL:
        text = "(" + text + ")"
    return text if text.endswith((".", ")")) else text + "."


def played_step(rules: Rules, played: Played) -> Step:
    """The step of one technique's move."""
    return rules.narrate(played.move, played.before)  # type: ignore[no-any-return]


def chain_steps(rules: Rules, trial: Trial) -> list[Step]:
    """The steps of a trial's chain (nested trials as trial steps)."""
    return [played_step(rules, x) if isinstance(x, Played) else trial_step(rules, x)
            for x in trial.chain]


def trial_step(rules: Rules, trial: Trial) -> Step:
    """The TRIAL step: the assumption, its chain, the contradiction, the removal."""
    chain = chain_steps(rules, trial)
    said = getattr(rules, "place_words", None)   # a kind may name places in words
    place = said(trial.place) if said is not None else trial.place
    parts = [f"Suppose {place} = {trial.value}."]
    if chain:
        parts.append("Then " + " ".join(_sentence(s) for s in chain))
    parts.append(f"But {_lower(trial.end.text)}. So {place} ≠ {trial.value}.")
    end = Step(CONTRADICTION, trial.end.text, trial.end.cells)
    return Step(TRIAL, " ".join(parts), (trial.place, *trial.end.cells),
                removed=((trial.place, trial.value),),
                chain=(*chain, end))


def guess_step(guess: Guess, limits: Limits) -> Step:
    """The GUESS step, saying why no trial was made."""
    if guess.why == "off":
        bound = "trials are switched off"
    elif guess.why == "stopped":
        bound = (f"trials are no longer tried (none closed at "
                 f"{limits.max_failed_stalls} stalls)")
    else:
        bound = (f"no trial up to {limits.trial_depth} deep and {limits.max_chain} "
                 f"steps long closes")
    place, value = guess.place, guess.value
    text = (f"Guessing: no technique applies and {bound}. {place} can be "
            f"{_values_text(guess.values)}; guess {place} = {value} and go on (if this "
            "runs into a contradiction, we come back here).")
    return Step(GUESS, text, (place,), fixed=((place, value),))


def no_solution_text(found: Contradiction) -> str:
    """The sentence of a NO_SOLUTION step."""
    return f"No solution: {_lower(found.text)}."


def narrate(rules: Rules, run: Run, trace: bool = False,
            events: Iterable[Event] | None = None) -> Iterator[Step]:
    """The steps of a run, as it goes (the run's position is read at each event);
    `events`: the run's events already under way (`iter(run)`), else a new pass."""
    def snap(step: Step) -> Step:
        return replace(step, snapshot=rules.snapshot(run.position)) if trace else step

    for event in (run if events is None else events):
        pos = run.position
        if isinstance(event, Played):
            yield snap(played_step(rules, event))
        elif isinstance(event, Trial):
            yield snap(trial_step(rules, event))
        elif isinstance(event, Guess):
            yield snap(guess_step(event, run.limits))
        elif isinstance(event, Failed):
            found = event.contradiction
            yield Step(CONTRADICTION, f"{_upper(found.text)}: the guess fails.",
                       found.cells, snapshot=rules.snapshot(pos) if trace else None)
        elif isinstance(event, Backtrack):
            place, value = event.place, event.value
            text = (f"Back to the guess {place} = {value}: it led to a contradiction, "
                    f"so {place} ≠ {value}.")
            yield snap(Step(BACKTRACK, text, (place,), removed=((place, value),)))
        elif isinstance(event, End):
            if event.status == "solved":
                yield Step(SOLVED, rules.solved_text, snapshot=rules.snapshot(pos))
            elif event.status == "stalled":
                yield Step(STALLED, "No technique decides anything more; the candidates "
                           "left are shown.", snapshot=rules.snapshot(pos))
            else:
                assert event.contradiction is not None
                found = event.contradiction
                yield Step(NO_SOLUTION, no_solution_text(found), found.cells,
                           snapshot=rules.snapshot(pos))


class Explanation(Iterator[Step]):
    """The steps from a position (an iterator); afterwards `hardest` is the highest
    rung used (-1 if none), `trial_count` and `guesses` count trials and guesses,
    `position` is the final position and `grade` the kind's label of the path:
    once the steps have run to SOLVED or NO_SOLUTION with trials on, the puzzle's
    grade (`kernel.grade`), so the grade travels with the explanation."""

    def __init__(self, rules: Rules, pos: Position, *, search: bool = True,
                 trace: bool = False, budget: Budget | None = None,
                 limits: Limits | None = None, trials: bool = True) -> None:
        self.rules = rules
        self.trace = trace
        self.run = Run(rules, pos, search=search, budget=budget, limits=limits,
                       trials=trials)
        self._events: Iterator[Event] = iter(self.run)
        self._steps: Iterator[Step] | None = None

    def __iter__(self) -> Explanation:
        return self

    def __next__(self) -> Step:
        if self._steps is None:
            self._steps = narrate(self.rules, self.run, self.trace, self._events)
        return next(self._steps)

    @property
    def finished(self) -> bool:
        """Did the path run to its end (SOLVED, NO_SOLUTION or STALLED)?"""
        return bool(self.run.tally.end)

    @property
    def hardest(self) -> int:
        """The highest rung used so far (-1: none)."""
        return self.run.tally.rung

    @property
    def trial_count(self) -> int:
        """Trials made so far."""
        return self.run.tally.trials

    @property
    def guesses(self) -> int:
        """Guesses made so far."""
        return self.run.tally.guesses

    @property
    def position(self) -> Position:
        """The position now (at the end: the final one)."""
        return self.run.position

    @property
    def limits(self) -> Limits:
        """The bounds on trials."""
        return self.run.limits

    @property
    def grade(self) -> str:
        """The kind's label of the path so far."""
        return self.rules.label(self.run.tally)

    def whole_grade(self) -> str:
        """The puzzle's grade, `kernel.grade`'s label, from this very path: the
        events not yet taken (steps not asked for, or past the stall of an
        explanation without search) are run on by the kernel without words and
        with the grade's early stop, from where the steps stopped; never a second
        grade from scratch. Charged to the explanation's budget."""
        rules, run = self.rules, self.run
        if not run.tally.end:               # paused (or not started): go on quietly
            run.record = False
            run.stop = grade_stop(rules)
            for _ in self._events:
                pass
        tally = run.tally
        if tally.end == "stalled" and not run.search and run.trials:
            rest = Run(rules, rules.copy(run.position), budget=run.budget,
                       limits=run.limits, record=False, stop=grade_stop(rules))
            rest.tally = replace(tally, end="")
            for _ in rest:
                pass
            tally = rest.tally
        return final_label(rules, tally)


def explain(rules: Rules, pos: Position, *, search: bool = True, trace: bool = False,
            budget: Budget | None = None, limits: Limits | None = None) -> Iterator[Step]:
    """The steps from `pos`: techniques, trials, guesses; ending with SOLVED,
    STALLED (search=False) or NO_SOLUTION (an `Explanation`: its `grade` once run)."""
    return Explanation(rules, pos, search=search, trace=trace, budget=budget, limits=limits)


# -- a step as a hint ----------------------------------------------------------------
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
