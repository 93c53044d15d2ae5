"""The JSON objects the CLI prints with --format json; batch results reuse them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..budget import Budget
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import Params, get_kind
from ..model import (
    GUESS,
    NO_SOLUTION,
    SOLVED,
    STALLED,
    TRIAL,
    Generated,
    Hint,
    PlayState,
    Puzzle,
    Step,
    Wrong,
)
from .search import SearchResult, search


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


def explain_report(puzzle: Puzzle, *, search: bool = True, trace: bool = False,
                   budget: Budget | None = None, max_steps: int | None = None,
                   count_solutions: bool = True) -> dict[str, Any]:
    """`{"kind", "puzzle", "steps": [...], "complete", "partial", "verdict", "note"}`.

    verdict: "unique", "multiple", "none" or "unknown" from a count to 2 (made
    before the steps, and only to say so: no step uses it); note: the sentence
    shown before the first step when there are several solutions."""
    steps: list[Step] = []
    complete = True
    message = ""
    verdict = solution_count(puzzle, budget) if count_solutions else None
    try:
        steps = list(explain_steps(puzzle, search=search, trace=trace, budget=budget,
                                   max_steps=max_steps))
    except BudgetExceeded as exc:
        complete, message = False, str(exc)
    report: dict[str, Any] = {
        "kind": puzzle.kind,
        "puzzle": puzzle.to_json(),
        "steps": [s.to_json() for s in steps],
        "complete": complete,
        "partial": bool(steps) and steps[-1].technique == STALLED,
    }
    if verdict is not None:
        report["verdict"] = verdict.verdict
        note = several_text(verdict)
        if note:
            report["note"] = note
    if message:
        report["message"] = message
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


# -- hints from where the player is ---------------------------------------------------

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


def puzzle_seed(seed: int | str | None, index: int) -> str:
    """The seed of puzzle `index` of a run with `seed`: the same on every engine."""
    return f"{seed}:{index}"


def generate_one(kind_name: str, *, seed: int | str | None, index: int = 0,
                 size: str | None = None, difficulty: str | None = None,
                 budget: Budget | None = None, **options: Any) -> Generated:
    """Puzzle `index` of a generation run with `seed`; deterministic (`5` and `"5"`
    are the same seed). Bad parameters are a PuzzleError (`Kind.parse_params`)."""
    impl = get_kind(kind_name)
    params = impl.parse_params(size, difficulty, **options)
    return generate_with(params, puzzle_seed(seed, index), budget)


def generate_with(params: Params, item_seed: str, budget: Budget | None = None) -> Generated:
    """The puzzle of checked parameters and one puzzle's seed; its id says both."""
    impl = get_kind(params.kind)
    rng = random.Random(f"numberplay:{impl.name}:{item_seed}")
    options = dict(params.options)
    if impl.draws_in_sequence:
        seed, _, index = item_seed.rpartition(":")
        if not index.isdigit():
            raise PuzzleError(f"bad puzzle seed {item_seed!r}: expected RUNSEED:INDEX")
        options["sequence"] = (f"numberplay:{impl.name}:{seed}", int(index))
    generated = impl.generate(rng, size=params.size, difficulty=params.difficulty,
                              budget=budget, **options)
    return Generated(generated.puzzle, generated.solution, generated.difficulty,
                     generated.text, seed=item_seed, extra=generated.extra,
                     id=f"{params.encode()}#{item_seed}")


def regenerate(puzzle_id: str, budget: Budget | None = None) -> Generated:
    """The puzzle a generated puzzle's id names (`KIND:PARAMS#SEED`), made again."""
    head, sep, item_seed = puzzle_id.strip().partition("#")
    if not sep:
        raise PuzzleError(f"bad puzzle id {puzzle_id!r}: expected KIND:PARAMS#SEED")
    name, values = Params.decode(head)
    size = values.pop("size", None)
    difficulty = values.pop("difficulty", None)
    params = get_kind(name).parse_params(size, difficulty, **values)
    return generate_with(params, item_seed, budget)


def generate_report(kind_name: str, generated: list[Generated]) -> dict[str, Any]:
    """`{"kind", "puzzles": [{"puzzle", "text", "difficulty", "solution"}]}`."""
    return {"kind": get_kind(kind_name).name, "puzzles": [g.to_json() for g in generated]}
