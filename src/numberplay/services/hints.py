"""Hints from where the player is: their wrong entries first, then the next step."""

from __future__ import annotations

from typing import Any

from ..budget import Budget
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import get_kind
from ..model import GUESS, NO_SOLUTION, SOLVED, STALLED, TRIAL, Hint, PlayState, Puzzle, Step, Wrong

HINT_LOOKAHEAD = 500   # steps a hint may look ahead for the first one that decides a place
CHECK_SOLUTIONS = 200  # solutions enumerated to check a player's entries


def check_entries(puzzle: Puzzle, state: PlayState, budget: Budget | None = None
                  ) -> tuple[tuple[Wrong, ...], bool]:
    """(the player's entries and crossings-out that contradict the puzzle, whether
    the check was complete). An entry is wrong when no solution has it; a
    crossing-out when every solution has it. The solutions come from the solver:
    this checks the player, it never feeds a step."""
    if not state.entries and not state.removed:
        return (), True
    impl = get_kind(puzzle.kind)
    sub = budget.child() if budget is not None else Budget(seconds=20.0)
    places: list[dict[str, int]] = []
    try:
        for sol in impl.solutions(puzzle, limit=CHECK_SOLUTIONS + 1, budget=sub):
            places.append(impl.solution_places(puzzle, sol))
    except BudgetExceeded:
        return (), False
    if len(places) > CHECK_SOLUTIONS:
        return (), False
    wrong: list[Wrong] = []
    for place, value in state.entries:
        if not any(p.get(place) == value for p in places):
            why = "the puzzle has no solution" if not places else "no solution has it"
            wrong.append(Wrong(place, value, f"{place} = {value} is wrong ({why})."))
    for place, value in state.removed:
        if places and all(p.get(place) == value for p in places):
            wrong.append(Wrong(place, value, f"{value} was crossed out of {place}, but "
                               f"{place} = {value} in the solution.", removed=True))
    return tuple(wrong), True


def _without(state: PlayState, wrong: tuple[Wrong, ...]) -> PlayState:
    bad = {(w.place, w.value) for w in wrong if not w.removed}
    bad_removed = {(w.place, w.value) for w in wrong if w.removed}
    return PlayState(tuple(e for e in state.entries if e not in bad),
                     tuple(r for r in state.removed if r not in bad_removed), state.notes)


def _is_news(step: Step, state: PlayState | None, known: set[str],
             mine: frozenset[str] | None) -> bool:
    """Does `step` tell the player something: a place of theirs (`mine`; None: any
    place) they have not filled, or a candidate where they keep notes?"""
    if step.technique in (SOLVED, STALLED, NO_SOLUTION, TRIAL, GUESS):
        return True
    if state is None or state.notes:
        return True
    return any(place not in known and (mine is None or place in mine)
               for place, _ in step.fixed)


def hint(puzzle: Puzzle, state: PlayState | str | None = None, level: int = 3,
         budget: Budget | None = None) -> Hint:
    """The wrong entries of the player's `state` (a PlayState or the kind's state
    text), then the next step from there at `level` (1 technique and line, 2 the
    place, 3 the whole step)."""
    from ..deduce import first_area, hint_text
    impl = get_kind(puzzle.kind)
    if level not in (1, 2, 3):
        raise PuzzleError(f"hint level must be 1, 2 or 3, not {level}")
    if isinstance(state, str):
        state = parse_state(puzzle, state)
    wrong: tuple[Wrong, ...] = ()
    if state is not None:
        wrong, _ = check_entries(puzzle, state, budget)
        good = _without(state, wrong)
        steps = impl.explain_from(puzzle, good, budget=budget)
        known = {p for p, _ in good.entries}
    else:
        good, known = None, set()
        steps = impl.explain(puzzle, budget=budget)
    mine = impl.player_places(puzzle)
    before: list[Step] = []
    chosen: Step | None = None
    for step in steps:
        if _is_news(step, good, known, mine):
            chosen = step
            break
        if step.removed or any(p not in known for p, _ in step.fixed):
            before.append(step)
        if len(before) >= HINT_LOOKAHEAD:
            break
    if chosen is None:
        return Hint(level, "No hint: nothing more can be deduced.", None, wrong)
    if chosen.technique == SOLVED and not before:
        text = "Nothing left to do: everything is decided." if not wrong else \
            "Everything is filled in, but not all of it is right."
        return Hint(level, text, chosen, wrong, area=None)
    text = hint_text(chosen, level)
    if level >= 3 and before:
        counts: dict[str, int] = {}
        for s in before:
            counts[s.technique] = counts.get(s.technique, 0) + 1
        done = ", ".join(f"{t} ×{k}" if k > 1 else t for t, k in counts.items())
        text = (f"{text} (First narrow the candidates with {len(before)} earlier "
                f"step{'s' if len(before) > 1 else ''}: {done}.)")
    return Hint(level, text, chosen, wrong, tuple(before), first_area(chosen))


def parse_state(puzzle: Puzzle, text: str) -> PlayState:
    """The kind's reading of a player's state; a PuzzleError if the kind takes none."""
    impl = get_kind(puzzle.kind)
    try:
        return impl.parse_state(puzzle, text)
    except NotImplementedError:
        raise PuzzleError(f"{impl.name} does not take a player's state (--state)") from None


def hint_report(puzzle: Puzzle, state: PlayState | None, level: int = 3,
                budget: Budget | None = None) -> tuple[dict[str, Any], Hint]:
    """`{"kind", "puzzle", "state", "level", "wrong", "hint"}` (hint: technique,
    text, area; cells at level 2; the step at level 3; null when nothing to say)."""
    h = hint(puzzle, state, level=level, budget=budget)
    data = h.to_json()
    report: dict[str, Any] = {
        "kind": puzzle.kind,
        "puzzle": puzzle.to_json(),
        "state": state.to_json() if state is not None else None,
        "level": level,
        "wrong": data.pop("wrong"),
        "hint": data if h.step is not None else None,
        "text": h.text,
    }
    return report, h
