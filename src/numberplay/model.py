"""The values every kind shares: Puzzle, Solution, Step, Generated.

Each kind subclasses `Puzzle` and `Solution` with frozen dataclasses of its own
fields and implements `to_json` / `from_json`. `to_json()` returns plain JSON
values (the `"puzzle"` object and the items of `"solutions"` in the CLI's JSON);
`from_json` on the kind's class reads them back. On the base classes,
`Puzzle.from_json({"kind": ..., "puzzle": {...}})` finds the kind in the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

JSON = Any

# The registry's lookup (kind name -> impl), installed by `registry.py` when it
# loads (the package's __init__ loads it): the values find a puzzle's kind
# through it without importing the registry, which stands above them.
_LOOKUP: list[Callable[[str], Any]] = []


def install_lookup(get_kind: Callable[[str], Any]) -> None:
    """Let `Puzzle.from_json` and `Shown` find kinds with `get_kind` (the registry's)."""
    _LOOKUP[:] = [get_kind]


def get_kind(name: str) -> Any:
    """The impl of the kind called `name`, through the installed registry."""
    if not _LOOKUP:
        raise RuntimeError("numberplay.registry is not loaded: import numberplay first")
    return _LOOKUP[0](name)


@dataclass(frozen=True)
class Puzzle:
    """A puzzle of one kind. Subclasses are frozen dataclasses with the kind's fields."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, JSON]:
        """The puzzle as plain JSON values (without the kind name)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Puzzle:
        """Read a puzzle back from `to_json()`; on the base class, from a
        `{"kind": ..., "puzzle": {...}}` envelope."""
        if cls is Puzzle:
            impl = get_kind(data["kind"])
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
        try:
            return get_kind(self.puzzle.kind).render(self.puzzle, self.solution, fmt)
        except (NotImplementedError, ValueError):
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
    """One solution of a puzzle. Subclasses are frozen dataclasses with the kind's fields."""

    kind: ClassVar[str] = ""

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

    technique: short name ("naked single", "column carry", "guess", "solved", "stalled").
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
      state carries candidate notes, such as Cross Set).
    notes: True when the state carries candidate notes, so a step that only
      removes candidates is news to the player; otherwise a hint looks ahead to
      the first step that decides a place.
    """

    entries: tuple[tuple[str, int], ...] = ()
    removed: tuple[tuple[str, int], ...] = ()
    notes: bool = False

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


@dataclass(frozen=True)
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
