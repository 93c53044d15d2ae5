"""`--format svg` of `solve`, `generate`, `explain` and `hint`: SVG documents.

One puzzle drawn is the kind's own drawing (`Kind.draw`); several (puzzles,
solutions, steps, answers) are one document with the drawings one under the
other, each after its caption (`drawing.sheet`). No kind is named here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..drawing import sheet
from ..errors import PuzzleError
from ..kinds import Kind
from ..model import Generated, Hint, PlayState, Puzzle, Solution, Step
from .html_out import state_of_step


def check_draws(impl: Kind) -> None:
    """PuzzleError unless the kind draws its puzzles."""
    if "svg" not in impl.formats:
        raise PuzzleError(f"{impl.name} puzzles have no drawing, so no --format svg "
                          f"(formats: {', '.join(impl.formats)})")


def _title(impl: Kind) -> str:
    return impl.title or impl.name


def _one_or_sheet(items: list[tuple[str, str]], title: str) -> str:
    """The drawing alone when there is one and nothing to say about it, else a sheet."""
    if len(items) == 1 and not items[0][0]:
        return items[0][1]
    return sheet(items, title)


def solve_svg(impl: Kind, results: Sequence[tuple[Puzzle, list[Solution], str]]) -> str:
    """Each puzzle's solutions drawn (the puzzle itself when it has none)."""
    many = len(results) > 1
    items: list[tuple[str, str]] = []
    for i, (puzzle, solutions, status) in enumerate(results, 1):
        label = f"Puzzle {i}: " if many else ""
        if not solutions:
            items.append((f"{label}{status}", impl.draw(puzzle)))
        for j, solution in enumerate(solutions, 1):
            name = f"solution {j} of {len(solutions)}" if len(solutions) > 1 else ""
            caption = f"{label}{name}".rstrip(": ") if many or name else ""
            items.append((caption, impl.draw(puzzle, solution)))
    return _one_or_sheet(items, f"{_title(impl)}: solved")


def generate_svg(impl: Kind, generated: Sequence[Generated], answers: bool) -> str:
    """The puzzles drawn, then (with `answers`) their answers."""
    items = [(f"Puzzle {i} ({g.difficulty})" if len(generated) > 1 or answers else "",
              impl.draw(g.puzzle)) for i, g in enumerate(generated, 1)]
    if answers:
        items += [(f"Answer {i}", impl.draw(g.puzzle, g.solution))
                  for i, g in enumerate(generated, 1)]
    return _one_or_sheet(items, f"{_title(impl)} puzzles")


def explain_svg(impl: Kind, explained: Sequence[tuple[Puzzle, list[Step], Solution | None]],
                trace: bool = False) -> str:
    """Each puzzle drawn, its steps (each drawn with its places highlighted under
    --trace, else one caption each), then its solution drawn."""
    items: list[tuple[str, str]] = []
    for i, (puzzle, steps, solution) in enumerate(explained, 1):
        label = f"Puzzle {i}" if len(explained) > 1 else _title(impl)
        items.append((label, impl.draw(puzzle)))
        for number, step in enumerate(steps, 1):
            caption = f"{number}. {step.text}"
            drawing = impl.draw(state_of_step(impl, puzzle, step), None,
                                highlight=step.cells) if trace and step.cells else ""
            items.append((caption, drawing))
        if solution is not None:
            items.append((f"{label}: solved", impl.draw(puzzle, solution)))
    return sheet(items, f"{_title(impl)}: explained")


def hint_svg(impl: Kind, items: Sequence[tuple[Puzzle, Hint, PlayState | None]]) -> str:
    """Each puzzle drawn from the player's position with the hint's places
    highlighted (its line at level 1, its cells at 2 and 3), after the hint."""
    out: list[tuple[str, str]] = []
    for i, (puzzle, hint, state) in enumerate(items, 1):
        places: list[str] = [w.place for w in hint.wrong]
        if hint.step is not None:
            places += list(hint.step.cells) if hint.level >= 2 else \
                [hint.area] if hint.area else []
        caption = " ".join([w.text for w in hint.wrong] + [hint.text])
        label = f"Hint {i}: " if len(items) > 1 else ""
        drawing = impl.draw(puzzle, None, highlight=places or None, state=state) \
            if state is not None else impl.draw(puzzle, None, highlight=places or None)
        out.append((label + caption, drawing))
    return sheet(out, f"{_title(impl)}: hint")
