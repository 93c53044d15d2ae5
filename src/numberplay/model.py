"""The values every kind shares: Puzzle, Solution, Step, Generated.

Each kind subclasses `Puzzle` and `Solution` with frozen dataclasses of its own
fields and implements `to_json` / `from_json`. `to_json()` returns plain JSON
values (the `"puzzle"` object and the items of `"solutions"` in the CLI's JSON);
`from_json` on the kind's class reads them back. On the base classes,
`Puzzle.from_json({"kind": ..., "puzzle": {...}})` finds the kind in the registry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .registry import get_kind

JSON = Any


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
            kind = get_kind(data["kind"])
            return kind.puzzle_type.from_json(data["puzzle"])
        raise NotImplementedError

    def envelope(self) -> dict[str, JSON]:
        """`{"kind": ..., "puzzle": ...}`, readable by `Puzzle.from_json`."""
        return {"kind": self.kind, "puzzle": self.to_json()}

    def _repr_markdown_(self) -> str | None:
        """Jupyter shows a puzzle through its kind's Markdown renderer."""
        return Shown(self)._repr_markdown_()


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
    """

    technique: str
    text: str
    cells: tuple[str, ...] = ()
    removed: tuple[tuple[str, int], ...] = ()
    fixed: tuple[tuple[str, int], ...] = ()
    snapshot: str | None = None

    @property
    def is_guess(self) -> bool:
        """True for a step that guesses rather than deduces."""
        return self.technique == "guess"

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
        )


# Conventional technique names for the last step of an explanation.
SOLVED = "solved"
STALLED = "stalled"


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its (proved unique) solution and its grade."""

    puzzle: Puzzle
    solution: Solution
    difficulty: str
    text: str
    seed: JSON = None
    extra: dict[str, JSON] = field(default_factory=dict)

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
        data.update(self.extra)
        return data
