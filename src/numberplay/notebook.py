"""Values the API returns that show themselves in a notebook: an explanation and
a gallery of puzzles.

`Explanation` is what `numberplay.explain` returns: still a lazy iterator of
steps, which in Jupyter lists every step beside the kind's drawing of the
position after it. `Gallery` is a list of generated puzzles (or puzzles) shown
side by side with their grades. Both draw through the kind (`Kind.draw`), so
they name no kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from . import display
from .errors import NumberplayError
from .model import (
    BACKTRACK,
    GUESS,
    Generated,
    PlayState,
    Puzzle,
    Shown,
    Solution,
    Step,
    drawing_of,
    kind_of,
    title_of,
)

MAX_DRAWN = 200   # steps drawn in one explanation; later ones are listed without a drawing


class Explanation(Iterator[Step]):
    """The steps of `explain(puzzle)`, lazily, as an iterator; shown in a notebook as a
    numbered list, each step beside the position after it (its places highlighted,
    the candidates it removes struck out), trial chains folded.

    Displaying it (or `.steps`) reads the remaining steps without moving the
    iterator: `next()` still gives the steps in order from where it stood.
    """

    def __init__(self, puzzle: Puzzle, steps: Iterable[Step]) -> None:
        self.puzzle = puzzle
        self._source = iter(steps)
        self._seen: list[Step] = []
        self._next = 0
        self._done = False
        self.stopped: str | None = None   # why the explanation stopped early, if it did

    def __iter__(self) -> Explanation:
        return self

    def __next__(self) -> Step:
        if self._next >= len(self._seen) and not self._pull():
            raise StopIteration
        self._next += 1
        return self._seen[self._next - 1]

    def _pull(self) -> bool:
        """Read one more step from the source; False at its end."""
        if self._done:
            return False
        try:
            self._seen.append(next(self._source))
            return True
        except StopIteration:
            self._done = True
            return False

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step (read to the end; a budget that runs out while displaying is
        noted in `stopped` instead of raised)."""
        try:
            while self._pull():
                pass
        except NumberplayError as exc:
            self._done = True
            self.stopped = str(exc)
        return tuple(self._seen)

    def views(self) -> list[display.StepView]:
        """The steps as shown: numbered, each with the drawing of the position after it."""
        steps = self.steps
        out = []
        for i, (step, state) in enumerate(zip(steps, positions(steps), strict=True), 1):
            drawing = ""
            if i <= MAX_DRAWN:
                drawing = drawing_of(self.puzzle, None, highlight=step.cells or None,
                                     state=state)
            out.append(display.StepView(str(i), step.technique, step.text, step.removed,
                                        drawing, _chain(step.chain)))
        return out

    def _note(self) -> str:
        steps = self.steps
        counts = Counter(s.technique for s in steps)
        parts = ", ".join(f"{n} {t}" for t, n in counts.most_common())
        note = f"{len(steps)} step{'s' if len(steps) != 1 else ''}: {parts}"
        return note + (f" (stopped: {self.stopped})" if self.stopped else "")

    def _repr_html_(self) -> str:
        title = f"{title_of(self.puzzle)}, explained"
        start = display.figure(drawing_of(self.puzzle), "the puzzle")
        return start + display.steps_html(title, self.views(), self._note())

    def _repr_markdown_(self) -> str:
        views = [display.StepView(str(i), s.technique, s.text, s.removed, "", _chain(s.chain))
                 for i, s in enumerate(self.steps, 1)]
        return display.steps_markdown(f"{title_of(self.puzzle)}, explained", views,
                                      self._note())

    def __repr__(self) -> str:
        views = [display.StepView(str(i), s.technique, s.text) for i, s in
                 enumerate(self.steps, 1)]
        return display.steps_text(f"{title_of(self.puzzle)}, explained", views, self._note())


def _chain(chain: Iterable[Step]) -> tuple[display.StepView, ...]:
    """A trial's steps, numbered from 1, without drawings."""
    return tuple(display.StepView(str(i), s.technique, s.text, s.removed, "",
                                  _chain(s.chain)) for i, s in enumerate(chain, 1))


def positions(steps: Iterable[Step]) -> list[PlayState]:
    """The position after each step: what is decided and what is ruled out so far
    (the step's own removals also as `struck`, for the drawing).

    A GUESS's consequences are undone at its BACKTRACK (back to the position
    before the guess, then the guessed value removed); a trial's chain is only
    supposed, so only the trial's own conclusion counts.
    """
    entries: dict[str, int] = {}
    removed: set[tuple[str, int]] = set()
    saved: list[tuple[dict[str, int], set[tuple[str, int]]]] = []
    out = []
    for step in steps:
        if step.technique == GUESS:
            saved.append((dict(entries), set(removed)))
        elif step.technique == BACKTRACK and saved:
            entries, removed = saved.pop()
        removed.update(step.removed)
        entries.update(step.fixed)
        out.append(PlayState(tuple(entries.items()), tuple(sorted(removed)), notes=True,
                             struck=step.removed))
    return out


class Gallery(list[Any]):
    """Generated puzzles, shown side by side with their grades, each answer folded
    under its puzzle (`numberplay.generate_many` returns one); plain puzzles and
    solutions (from the API, which know their puzzle) are shown drawn."""

    def __init__(self, items: Iterable[Generated | Puzzle | Solution] = (),
                 title: str = "") -> None:
        super().__init__(items)
        self.title = title

    def _cards(self) -> list[display.Card]:
        cards = []
        for i, item in enumerate(self, 1):
            if isinstance(item, Generated):
                card = item.card()
            elif isinstance(item, Solution) and item.puzzle is not None:
                card = display.Card(title_of(item.puzzle), drawing_of(item.puzzle, item),
                                    "solved")
            else:
                puzzle, _ = _parts(item)
                impl = kind_of(puzzle.kind)
                size = impl.size_of(puzzle)
                card = display.Card(impl.title or impl.name, drawing_of(puzzle),
                                    f"size {size}" if size else "")
            cards.append(display.Card(f"{i}. {card.title}", card.drawing, card.caption,
                                      card.answer, card.notes))
        return cards

    def _repr_html_(self) -> str:
        return display.gallery_html(self.title, self._cards())

    def _repr_markdown_(self) -> str:
        parts = [f"**{self.title}**"] if self.title else []
        for i, item in enumerate(self, 1):
            puzzle, solution = _parts(item)
            grade = f" ({item.difficulty})" if isinstance(item, Generated) else ""
            md = Shown(puzzle, solution)._repr_markdown_() or ""
            parts.append(f"{i}. **{title_of(puzzle)}**{grade}\n\n{md}")
        return "\n\n".join(parts)

    def __repr__(self) -> str:
        lines = [self.title] if self.title else []
        for i, item in enumerate(self, 1):
            if isinstance(item, Generated):
                ident = f"  {item.id}" if item.id else ""
                lines.append(f"{i:>3}. {title_of(item.puzzle)}, {item.difficulty}{ident}")
            else:
                puzzle, solution = _parts(item)
                text = Shown(puzzle, solution)._render("text") or ""
                lines.append(f"{i:>3}. {title_of(puzzle)}" + (", solved" if solution else "")
                             + "".join(f"\n     {line}" for line in text.splitlines()))
        return "\n".join(lines) or "Gallery([])"


def _parts(item: Generated | Puzzle | Solution) -> tuple[Puzzle, Solution | None]:
    """(puzzle, solution or None) of a gallery item."""
    if isinstance(item, Generated):
        return item.puzzle, None
    if isinstance(item, Solution) and item.puzzle is not None:
        return item.puzzle, item
    if isinstance(item, Puzzle):
        return item, None
    raise TypeError(f"a Gallery shows puzzles, solutions from the API and generated "
                    f"puzzles, not {type(item).__name__}")
