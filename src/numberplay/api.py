"""The Python API: the functions re-exported from `numberplay`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from .budget import Budget
from .errors import PuzzleError
from .kinds import get_kind
from .model import Generated, Hint, PlayState, Puzzle, Shown, Solution
from .notebook import Explanation, Gallery
from .services import search as _search
from .services.envelopes import read_json_puzzles
from .services.generation import fresh_seed, generate_one
from .services.generation import regenerate as _regenerate
from .services.hints import hint as _hint
from .services.hints import parse_state as _parse_state


def parse(kind: str, text: str | None = None, **options: Any) -> Puzzle:
    """Read a puzzle of `kind` from its text form (or kind options such as rows=...),
    or from the JSON numberplay prints (`generate`/`solve ... --format json`, a store
    or batch line) or the puzzle's own JSON object (`puzzle.to_json()`): whatever
    `numberplay solve KIND -` reads. JSON holding several puzzles is an error here;
    `parse_all` returns them all.

    Raises `PuzzleError` (one line, naming the line, cell or letter) for
    anything malformed in the text or the options, and `TypeError` only when
    `kind` is not a str or `text` is neither a str nor None.
    """
    puzzles = _read(kind, text, options, one=True)
    if len(puzzles) != 1:
        raise PuzzleError(f"the input holds {len(puzzles)} puzzles; numberplay.parse reads "
                          "one (numberplay.parse_all reads them all)")
    return puzzles[0]


def parse_all(kind: str, text: str | None = None, **options: Any) -> list[Puzzle]:
    """Every puzzle in a text of `kind`: a file of several (one formula a line, say),
    or numberplay's JSON with several (`generate --count N --format json`, JSON lines)."""
    return _read(kind, text, options, one=False)


def _read(kind: str, text: str | None, options: dict[str, Any], one: bool) -> list[Puzzle]:
    """The puzzles of `parse` and `parse_all`, with their checks of the arguments."""
    if not isinstance(kind, str):
        raise TypeError(f"kind must be a str (one of numberplay.kind_names()), not "
                        f"{type(kind).__name__}")
    if text is not None and not isinstance(text, str):
        raise TypeError(f"text must be a str or None, not {type(text).__name__}")
    impl = get_kind(kind)
    try:
        found = read_json_puzzles(impl, text, **options) if text else None
        if found is not None:
            return found
        return [impl.parse(text, **options)] if one else impl.parse_all(text, **options)
    except PuzzleError:
        raise
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, LookupError,
            RecursionError, OverflowError) as exc:
        # A kind's parser should raise PuzzleError itself (the fuzz tests check
        # that); this keeps the API's promise if one does not.
        message = " ".join(str(exc).split())[:200]
        raise PuzzleError(f"cannot read this {impl.name} puzzle "
                          f"({type(exc).__name__}: {message})") from None


def solutions(puzzle: Puzzle, limit: int | None = None,
              budget: Budget | None = None) -> Iterator[Solution]:
    """Every solution of `puzzle`, lazily and in a deterministic order (at most `limit`).
    Each knows its puzzle (`solution.puzzle`), so a notebook draws it filled in."""
    found = get_kind(puzzle.kind).solutions(puzzle, limit=limit, budget=budget)
    return (solution.attach(puzzle) for solution in found)


def solve(puzzle: Puzzle, budget: Budget | None = None) -> Solution | None:
    """The first solution, or None when there is none."""
    return next(solutions(puzzle, limit=1, budget=budget), None)


def count(puzzle: Puzzle, limit: int | None = None, budget: Budget | None = None) -> int:
    """The number of solutions, stopping at `limit`."""
    return _search.count(puzzle, limit=limit, budget=budget)


def is_unique(puzzle: Puzzle, budget: Budget | None = None) -> bool:
    """Does the puzzle have exactly one solution?"""
    return _search.is_unique(puzzle, budget=budget)


def explain(puzzle: Puzzle, *, search: bool = True, trace: bool = False,
            budget: Budget | None = None) -> Explanation:
    """The steps a person could follow to solve `puzzle`, lazily: an iterator of
    `Step`s that a notebook shows as a numbered list beside the kind's drawings."""
    impl = get_kind(puzzle.kind)
    return Explanation(puzzle, impl.explain(puzzle, search=search, trace=trace, budget=budget))


def hint(puzzle: Puzzle, state: PlayState | str | None = None, level: int = 3,
         budget: Budget | None = None) -> Hint:
    """The next step from where the player is, at `level` (1: the technique and the
    line or column; 2: the cell or letter; 3: the whole step).

    `state`: the player's position in the kind's state format (`Kind.state_help`:
    a partly filled grid, one line per row, digits and '.'; a candidate grid;
    letters as `A=1,B=2`), or a `PlayState`; None: from the start. Entries that contradict the puzzle come back in `Hint.wrong` and the
    hint is made without them. `Hint.step` is the full step, `Hint.text` the
    hint at that level. In a notebook the hint shows the puzzle with its places
    highlighted."""
    if isinstance(state, str):
        state = _parse_state(puzzle, state)
    return replace(_hint(puzzle, state, level=level, budget=budget), puzzle=puzzle, state=state)


def parse_state(puzzle: Puzzle, text: str) -> PlayState:
    """A player's position in the kind's state format (see `hint`)."""
    return _parse_state(puzzle, text)


def generate(kind: str, size: str | None = None, difficulty: str | None = None,
             seed: int | str | None = None, **options: Any) -> Puzzle:
    """A puzzle of `kind` with exactly one solution; the same seed gives the same puzzle.
    Unknown or invalid parameters are a PuzzleError."""
    return generate_full(kind, size=size, difficulty=difficulty, seed=seed, **options).puzzle


def generate_full(kind: str, size: str | None = None, difficulty: str | None = None,
                  seed: int | str | None = None, index: int = 0,
                  budget: Budget | None = None, **options: Any) -> Generated:
    """Like `generate`, with the solution, grade and text (`Generated`)."""
    if seed is None:
        seed = fresh_seed()
    return generate_one(kind, seed=seed, index=index, size=size, difficulty=difficulty,
                        budget=budget, **options)


def generate_many(kind: str, count: int, size: str | None = None,
                  difficulty: str | None = None, seed: int | str | None = None,
                  budget: Budget | None = None, **options: Any) -> Gallery:
    """`count` puzzles of one run (`generate_full` with index 0..count-1), as a
    list that a notebook shows as a gallery with their grades."""
    if seed is None:
        seed = fresh_seed()
    items = [generate_one(kind, seed=seed, index=i, size=size, difficulty=difficulty,
                          budget=budget, **options) for i in range(count)]
    return Gallery(items)


def regenerate(puzzle_id: str, budget: Budget | None = None) -> Generated:
    """The generated puzzle a puzzle id (`Generated.id`, `KIND:PARAMS#SEED`) names."""
    return _regenerate(puzzle_id, budget=budget)


def grade(puzzle: Puzzle, budget: Budget | None = None) -> str:
    """The puzzle's difficulty: the hardest technique rung its explanation needs (the
    deduction kernel's grade, the label explain and generate give), bounded by
    `budget` alone (BudgetExceeded when it runs out)."""
    return get_kind(puzzle.kind).grade(puzzle, budget)


def render(puzzle: Puzzle, solution: Solution | None = None, fmt: str = "text") -> str:
    """The puzzle (solved when `solution` is given) as text, markdown, html or json
    (or svg, for a kind that draws one); no trailing newline."""
    return get_kind(puzzle.kind).render(puzzle, solution, fmt)


def verify(puzzle: Puzzle, solution: Solution) -> bool:
    """Does `solution` satisfy `puzzle`, checked from the rules?"""
    return get_kind(puzzle.kind).verify(puzzle, solution)


def show(puzzle: Puzzle, solution: Solution | None = None) -> Shown:
    """An object that displays the puzzle (solved when `solution` is given) in
    Jupyter (Markdown/HTML) and as text with print()."""
    return Shown(puzzle, solution)
