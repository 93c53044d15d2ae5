"""The whole HTML pages of `solve`, `generate` and `explain --format html`.

Each builds `services.pages.Block`s from the kind's drawing (`Kind.draw`) and
hands them to the shared page frame; no kind is named here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import NumberplayError
from ..kinds import Kind
from ..model import Generated, Puzzle, Solution, Step
from ..services.pages import Block, heading_meta, page


def _drawing(impl: Kind, puzzle: Puzzle, solution: Solution | None = None,
             highlight: Sequence[str] | None = None) -> str:
    """The kind's SVG, or its HTML fragment when it has no drawing."""
    try:
        return impl.draw(puzzle, solution, highlight=highlight)
    except NotImplementedError:
        return impl.render(puzzle, solution, "html")


def _title(impl: Kind) -> str:
    return impl.title or impl.name


def solve_page(impl: Kind, results: Sequence[tuple[Puzzle, list[Solution], str]]) -> str:
    """The puzzles, then their solutions after a page break; `results` holds
    (puzzle, solutions shown, status line) per puzzle."""
    many = len(results) > 1
    blocks, answers = [], []
    for i, (puzzle, solutions, status) in enumerate(results, 1):
        label = f"Puzzle {i}" if many else _title(impl)
        meta = heading_meta(impl.size_of(puzzle))
        blocks.append(Block(label, _drawing(impl, puzzle), meta=meta, note=status))
        for j, solution in enumerate(solutions, 1):
            name = f"Solution {j}" if len(solutions) > 1 else "Solution"
            if many:
                name = f"{name} of puzzle {i}"
            answers.append(Block(name, _drawing(impl, puzzle, solution)))
    return page(f"{_title(impl)}: solved", blocks, answers, answers_title="Solutions")


def generate_page(impl: Kind, generated: Sequence[Generated], answers: bool) -> str:
    """Numbered puzzles, then (unless `answers` is false) the answers after a page break."""
    blocks = [Block(f"Puzzle {i}", _drawing(impl, g.puzzle),
                    meta=heading_meta(impl.size_of(g.puzzle), g.difficulty))
              for i, g in enumerate(generated, 1)]
    answer_blocks = [Block(f"Answer {i}", _drawing(impl, g.puzzle, g.solution))
                     for i, g in enumerate(generated, 1)] if answers else []
    return page(f"{_title(impl)} puzzles", blocks, answer_blocks)


def explain_page(impl: Kind,
                 explained: Sequence[tuple[Puzzle, list[Step], Solution | None]],
                 trace: bool = False, notes: Sequence[str] | None = None) -> str:
    """Each puzzle drawn, then its steps, then its solution drawn. With `trace`,
    each step is drawn too, the places it looks at highlighted (on the state after
    the step when the kind can read its snapshot back, else on the puzzle)."""
    blocks = []
    for i, (puzzle, steps, solution) in enumerate(explained, 1):
        label = f"Puzzle {i}" if len(explained) > 1 else _title(impl)
        rows = []
        for step in steps:
            extra = ""
            if trace and step.cells:
                extra = _drawing(impl, state_of_step(impl, puzzle, step), None, highlight=step.cells)
            elif trace and step.snapshot:
                extra = step.snapshot
            rows.append((step.technique, step.text, extra))
        note = notes[i - 1] if notes and i <= len(notes) else ""
        blocks.append(Block(label, _drawing(impl, puzzle), note=note,
                            meta=heading_meta(impl.size_of(puzzle)), steps=rows))
        last = steps[-1] if steps else None
        if solution is not None:
            blocks.append(Block(f"{label}: solved", _drawing(impl, puzzle, solution)))
        elif last is not None and last.snapshot:
            blocks.append(Block(f"{label}: {last.technique}", pre=last.snapshot))
    return page(f"{_title(impl)}: explained", blocks)


def state_of_step(impl: Kind, puzzle: Puzzle, step: Step) -> Puzzle:
    """The puzzle as the step's snapshot shows it, when the snapshot reads back as a
    puzzle of the same kind and size; otherwise the puzzle itself."""
    if not step.snapshot:
        return puzzle
    try:
        state = impl.parse(step.snapshot)
        return state if impl.size_of(state) == impl.size_of(puzzle) else puzzle
    except (NumberplayError, ValueError, TypeError, KeyError):
        return puzzle


def store_page(rows: Sequence, answers: bool, title: str = "Puzzles") -> str:
    """`store export --format html`: stored puzzles (any kinds), then their answers."""
    blocks, answer_blocks = [], []
    for i, stored in enumerate(rows, 1):
        impl, puzzle, solution = stored.objects()
        meta = heading_meta(stored.size, stored.difficulty)
        blocks.append(Block(f"{i}. {_title(impl)}", _drawing(impl, puzzle), meta=meta))
        if answers:
            answer_blocks.append(Block(f"{i}. {_title(impl)}", _drawing(impl, puzzle, solution)))
    return page(title, blocks, answer_blocks)
