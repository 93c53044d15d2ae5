"""The values every kind shares: Puzzle, Solution, Step, Generated.

Each kind subclasses `Puzzle` and `Solution` with frozen dataclasses of its own
fields and implements `to_json` / `from_json`. `to_json()` returns plain JSON
values (the `"puzzle"` object and the items of `"solutions"` in the CLI's JSON);
`from_json` on the kind's class reads them back. On the base classes,
`Puzzle.from_json({"kind": ..., "puzzle": {...}})` finds the kind in the registry.

This module imports no kind; a value finds its kind through the registry
(`kind_of`, imported when first needed) to read an envelope or to draw itself in
a notebook (`_repr_html_`, laid out by `display.py`, also imported when first
needed: a command line that only solves never loads the notebook's display).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from . import display

JSON = Any


class KindView(Protocol):
    """What a value needs of its kind (a `kinds.Kind` is one)."""

    name: str
    title: str

    @property
    def puzzle_type(self) -> type[Puzzle]: ...

    def render(self, puzzle: Any, solution: Any = None, fmt: str = "text") -> str: ...

    def draw(self, puzzle: Any, solution: Any = None, highlight: Any = None,
             state: Any = None) -> str: ...

    def size_of(self, puzzle: Any) -> str: ...


def kind_of(name: str) -> KindView:
    """The kind called `name` (UnknownKind from the registry if there is none)."""
    from .registry import get_kind
    found: KindView = get_kind(name)
    return found


def _display() -> Any:
    """The notebook display module (HTML layout), imported on first use."""
    from . import display
    return display


def drawing_of(puzzle: Puzzle, solution: Solution | None = None, highlight: Any = None,
               state: PlayState | None = None) -> str:
    """The kind's SVG drawing, or its HTML render when the kind does not draw;
    "" when it has neither."""
    impl = kind_of(puzzle.kind)
    try:
        return impl.draw(puzzle, solution, highlight=highlight, state=state)
    except NotImplementedError:
        pass
    try:
        return impl.render(puzzle, solution, "html")
    except (NotImplementedError, ValueError):
        return ""


def title_of(puzzle: Puzzle) -> str:
    """The kind's title, and the puzzle's size when it has one ("Sudoku (9x9)")."""
    impl = kind_of(puzzle.kind)
    size = impl.size_of(puzzle)
    return f"{impl.title or impl.name} ({size})" if size else (impl.title or impl.name)


def _field_repr(value: Any) -> str:
    """`Cls(a=1, b=2)`: what a dataclass's own repr says."""
    args = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in fields(value) if f.repr)
    return f"{type(value).__qualname__}({args})"


@dataclass(frozen=True)
class Puzzle:
    """A puzzle of one kind. Subclasses are frozen dataclasses with the kind's fields."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a kind's puzzle class the repr below (the dataclass decorator, run
        after this, keeps a `__repr__` the class already has)."""
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Puzzle.__repr__  # type: ignore[method-assign]

    def __repr__(self) -> str:
        """The puzzle as its kind writes it in a terminal, under its title."""
        try:
            return f"{title_of(self)}:\n{kind_of(self.kind).render(self, None, 'text')}"
        except Exception:   # a repr never raises: the fields, as a dataclass says them
            return _field_repr(self)

    def to_json(self) -> dict[str, JSON]:
        """The puzzle as plain JSON values (without the kind name)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Puzzle:
        """Read a puzzle back from `to_json()`; on the base class, from a
        `{"kind": ..., "puzzle": {...}}` envelope."""
        if cls is Puzzle:
            impl = kind_of(data["kind"])
            return impl.puzzle_type.from_json(data["puzzle"])
        raise NotImplementedError

    def envelope(self) -> dict[str, JSON]:
        """`{"kind": ..., "puzzle": ...}`, readable by `Puzzle.from_json`."""
        return {"kind": self.kind, "puzzle": self.to_json()}

    def _repr_markdown_(self) -> str | None:
        """Jupyter shows a puzzle through its kind's Markdown renderer..."""
        return Shown(self)._repr_markdown_()

    def _repr_html_(self) -> str | None:
        """...or, where the kind draws, through its SVG drawing (preferred)."""
        return Shown(self)._repr_html_()


@dataclass(frozen=True)
class Shown:
    """A puzzle, solved or not, that displays itself in a notebook and a terminal.

    `numberplay.show(puzzle, solution)` returns one.
    """

    puzzle: Puzzle
    solution: Solution | None = None

    def _render(self, fmt: str) -> str | None:
        """The kind's rendering in `fmt`, or None when it has none (or fails: a
        display never raises)."""
        try:
            return kind_of(self.puzzle.kind).render(self.puzzle, self.solution, fmt)
        except Exception:
            return None

    def _repr_markdown_(self) -> str | None:
        return self._render("markdown")

    def _repr_html_(self) -> str | None:
        return self._render("svg") or self._render("html")

    def _repr_svg_(self) -> str | None:
        return self._render("svg")

    def __str__(self) -> str:
        return self._render("text") or repr(self.puzzle)


@dataclass(frozen=True)
class Solution:
    """One solution of a puzzle. Subclasses are frozen dataclasses with the kind's fields.

    The API's solutions know their puzzle (`solution.puzzle`, not a field: equality
    and JSON are the fields alone), so a notebook draws them filled in and a
    terminal prints them as the kind writes a solved puzzle.
    """

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a kind's solution class the repr below (the dataclass decorator, run
        after this, keeps a `__repr__` the class already has)."""
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Solution.__repr__  # type: ignore[method-assign]

    @property
    def puzzle(self) -> Puzzle | None:
        """The puzzle this solution solves, when the API found it (else None)."""
        found = self.__dict__.get("_puzzle")
        return found if isinstance(found, Puzzle) else None

    def attach(self, puzzle: Puzzle) -> Solution:
        """Remember the puzzle this solves (for display only); returns self."""
        object.__setattr__(self, "_puzzle", puzzle)
        return self

    def _render(self, fmt: str) -> str | None:
        puzzle = self.puzzle
        return Shown(puzzle, self)._render(fmt) if puzzle is not None else None

    def _repr_html_(self) -> str | None:
        """The puzzle drawn filled in (with its puzzle known)."""
        puzzle = self.puzzle
        if puzzle is None:
            return None
        return _display().figure(drawing_of(puzzle, self), f"{title_of(puzzle)}: solved")

    def _repr_svg_(self) -> str | None:
        return self._render("svg")

    def _repr_markdown_(self) -> str | None:
        return self._render("markdown")

    def __repr__(self) -> str:
        """The solved puzzle as its kind writes it (the fields, without a puzzle)."""
        puzzle = self.puzzle
        try:
            if puzzle is not None:
                text = kind_of(puzzle.kind).render(puzzle, self, "text")
                return f"{title_of(puzzle)}, solved:\n{text}"
        except Exception:   # a repr never raises
            pass
        return _field_repr(self)

    def to_json(self) -> JSON:
        """The solution as plain JSON values, as the CLI prints it in `"solutions"`."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: JSON) -> Solution:
        """Read a solution back from `to_json()`."""
        raise NotImplementedError


@dataclass(frozen=True)
class Step:
    """One deduction a person can follow.

    technique: short name ("cage digits", "column carry", "guess", "solved", "stalled").
    text: the sentence a person reads.
    cells: the cells, letters or lines the step looks at ("r2c3", "M", "row 4").
    removed: (place, value) pairs the step rules out.
    fixed: (place, value) pairs the step decides.
    snapshot: optional rendering of the state after the step (for --trace, and
      for the last step: the solved or stalled grid).
    chain: for a "trial" step, the steps that follow from the assumption, the
      last one the "contradiction" that refutes it (empty otherwise).
    """

    technique: str
    text: str
    cells: tuple[str, ...] = ()
    removed: tuple[tuple[str, int], ...] = ()
    fixed: tuple[tuple[str, int], ...] = ()
    snapshot: str | None = None
    chain: tuple[Step, ...] = ()

    @property
    def is_guess(self) -> bool:
        """True for a step that guesses rather than deduces."""
        return self.technique == GUESS

    def to_json(self) -> dict[str, JSON]:
        """The step as plain JSON values."""
        data: dict[str, JSON] = {
            "technique": self.technique,
            "text": self.text,
            "cells": list(self.cells),
            "removed": [[p, v] for p, v in self.removed],
            "fixed": [[p, v] for p, v in self.fixed],
        }
        if self.snapshot is not None:
            data["snapshot"] = self.snapshot
        if self.chain:
            data["chain"] = [s.to_json() for s in self.chain]
        return data

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Step:
        """Read a step back from `to_json()`."""
        return cls(
            technique=data["technique"],
            text=data["text"],
            cells=tuple(data.get("cells", ())),
            removed=tuple((p, v) for p, v in data.get("removed", ())),
            fixed=tuple((p, v) for p, v in data.get("fixed", ())),
            snapshot=data.get("snapshot"),
            chain=tuple(cls.from_json(s) for s in data.get("chain", ())),
        )


# Conventional technique names for the last step of an explanation.
SOLVED = "solved"
STALLED = "stalled"
# Technique names the deduction driver (deduce.py) uses.
NO_SOLUTION = "no solution"      # last step: the puzzle has no solution
GUESS = "guess"                  # a branching guess (not a deduction)
TRIAL = "trial"                  # "suppose X = v; then ...; contradiction; so X != v"
CONTRADICTION = "contradiction"  # what ran out (inside a trial, or under a guess)
BACKTRACK = "backtrack"          # back to the last guess, its value removed


@dataclass(frozen=True)
class PlayState:
    """Where a player is: what they have decided and what they have crossed out.

    entries: (place, value) the player has filled in ("r2c3", 4) / ("A", 1).
    removed: (place, value) candidates the player has crossed out (kinds whose
      state carries candidate notes).
    notes: True when the state carries candidate notes, so a step that only
      removes candidates is news to the player; otherwise a hint looks ahead to
      the first step that decides a place.
    struck: (place, value) candidates just ruled out, which a drawing that shows
      candidates draws struck through instead of leaving out (an explanation
      step's or a hint's removals; for drawing only, not in the JSON).
    """

    entries: tuple[tuple[str, int], ...] = ()
    removed: tuple[tuple[str, int], ...] = ()
    notes: bool = False
    struck: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, JSON]:
        """`{"entries": {...}, "removed": [[place, value], ...]}`."""
        return {"entries": dict(self.entries), "removed": [[p, v] for p, v in self.removed]}


@dataclass(frozen=True)
class Wrong:
    """A player's entry (or crossing-out) that contradicts the puzzle."""

    place: str
    value: int
    text: str
    removed: bool = False   # True: the player crossed out a value the puzzle needs

    def to_json(self) -> dict[str, JSON]:
        """`{"place", "value", "text", "removed"}`."""
        return {"place": self.place, "value": self.value, "text": self.text,
                "removed": self.removed}


@dataclass(frozen=True)
class Hint:
    """What `hint` says: the wrong entries first, then the next step at a level.

    level: 1 names the technique and the line or column, 2 the cell or letter,
      3 the whole step.
    text: the hint at that level ("" when there is none).
    step: the full next step (None when solved, or nothing to say); `before`:
      the steps between the player's position and `step` when the hint looked
      ahead to the first step that decides a place.
    wrong: entries that contradict the puzzle (the hint is made without them).
    """

    level: int
    text: str
    step: Step | None = None
    wrong: tuple[Wrong, ...] = ()
    before: tuple[Step, ...] = ()
    area: str | None = None
    # the puzzle and the player's position the hint is about (for display only)
    puzzle: Puzzle | None = field(default=None, compare=False, repr=False)
    state: PlayState | None = field(default=None, compare=False, repr=False)

    @property
    def technique(self) -> str | None:
        """The technique of the next step."""
        return self.step.technique if self.step else None

    def to_json(self) -> dict[str, JSON]:
        """`{"level", "text", "technique", "area", "wrong": [...], "step"?}`; the
        step (cells, removals, fixes) only at level 2 (cells) and 3 (all)."""
        data: dict[str, JSON] = {
            "level": self.level,
            "text": self.text,
            "technique": self.technique,
            "area": self.area,
            "wrong": [w.to_json() for w in self.wrong],
        }
        if self.step is not None and self.level >= 2:
            data["cells"] = list(self.step.cells)
        if self.step is not None and self.level >= 3:
            data["step"] = self.step.to_json()
            data["before"] = [s.to_json() for s in self.before]
        return data

    @property
    def places(self) -> tuple[str, ...]:
        """What the hint points at: the area at level 1, the step's places above."""
        if self.step is None:
            return ()
        if self.level == 1:
            return (self.area,) if self.area else ()
        return self.step.cells

    def _drawing(self) -> str:
        """The player's position, the hint's places highlighted; at level 3 the
        candidates the step rules out are struck through."""
        if self.puzzle is None:
            return ""
        state = self.state
        if self.level >= 3 and self.step is not None and self.step.removed:
            state = replace(state or PlayState(), struck=self.step.removed)
        return drawing_of(self.puzzle, None, highlight=self.places or None, state=state)

    def _repr_html_(self) -> str:
        """The text beside the puzzle drawn with the hint's places highlighted."""
        return _display().hint_html(self.text, self._drawing(), [w.text for w in self.wrong])

    def _repr_markdown_(self) -> str:
        lines = [f"- ✗ {w.text}" for w in self.wrong]
        return "\n".join([*lines, f"**Hint** ({self.technique or 'none'}): {self.text}"])

    def __repr__(self) -> str:
        lines = [f"  wrong: {w.text}" for w in self.wrong]
        head = f"Hint, level {self.level}" + (f", {self.technique}" if self.technique else "")
        return "\n".join([f"{head}: {self.text}", *lines])


@dataclass(frozen=True, repr=False)
class Generated:
    """A generated puzzle with its (proved unique) solution and its grade.

    seed: the seed of this one puzzle (`RUNSEED:INDEX`).
    id: `KIND:PARAMS#SEED` (Tatham's `params#seed`), enough on its own to
      generate the same puzzle again (`numberplay.regenerate(id)`).
    """

    puzzle: Puzzle
    solution: Solution
    difficulty: str
    text: str
    seed: JSON = None
    extra: dict[str, JSON] = field(default_factory=dict)
    id: str | None = None

    def __post_init__(self) -> None:
        """The solution knows its puzzle (for display)."""
        if isinstance(self.solution, Solution) and self.solution.puzzle is None:
            self.solution.attach(self.puzzle)

    def card(self) -> display.Card:
        """The puzzle as a gallery card: drawn, with its grade, size and id."""
        impl = kind_of(self.puzzle.kind)
        size = impl.size_of(self.puzzle)
        caption = " · ".join(x for x in (self.difficulty, size and f"size {size}") if x)
        return _display().Card(impl.title or impl.name, drawing_of(self.puzzle), caption,
                            drawing_of(self.puzzle, self.solution),
                            (f"id {self.id}",) if self.id else ())

    def _repr_html_(self) -> str:
        """The puzzle drawn, its grade under it, the answer folded."""
        return _display().gallery_html("", [self.card()], width=None)

    def _repr_markdown_(self) -> str | None:
        md = Shown(self.puzzle)._repr_markdown_()
        return None if md is None else f"{md}\n\n*{self.difficulty}*"

    def __repr__(self) -> str:
        ident = f", id {self.id}" if self.id else ""
        return f"{title_of(self.puzzle)} puzzle ({self.difficulty}{ident}):\n{self.text}"

    def to_json(self) -> dict[str, JSON]:
        """The item of `"puzzles"` in `generate --format json`."""
        data: dict[str, JSON] = {
            "puzzle": self.puzzle.to_json(),
            "text": self.text,
            "difficulty": self.difficulty,
            "solution": self.solution.to_json(),
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.id is not None:
            data["id"] = self.id
        data.update(self.extra)
        return data
