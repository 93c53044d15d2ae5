"""The kind interface every puzzle family implements, and the registry.

A kind is an instance of a `Kind` subclass living in its own subpackage. The
services (counting, reports, batch, store) and the front ends (CLI, API) use
only this interface, so adding a family means one subpackage and one line in
`registry._REGISTRY`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .budget import Budget, count_all
from .model import Generated, PlayState, Puzzle, Solution, Step
from .registry import all_kinds, get_kind, kind_names, register, unregister

__all__ = ["GENERATE_COMMANDS", "PUZZLE_COMMANDS", "Kind", "KindOption", "all_kinds", "get_kind",
           "kind_names", "register", "unregister"]

@dataclass(frozen=True)
class KindOption:
    """A command-line option that only one kind understands (e.g. `--base`).

    name: the keyword passed to `Kind.parse` or `Kind.generate` (e.g. "base").
    flag: the CLI flag (e.g. "--base"); defaults to `--` + name with `_` as `-`.
    type: str, int, float or bool (a bool option is an on/off flag).
    commands: the CLI commands that accept it; parse-time options go to every
      command that reads a puzzle ("solve", "check", "explain", "hint"),
      generation options to "generate".
    """

    name: str
    help: str
    type: type = str
    commands: frozenset[str] = frozenset({"solve", "check", "explain", "hint"})
    default: Any = None
    flag: str | None = None
    metavar: str | None = None

    @property
    def cli_flag(self) -> str:
        """The flag as typed on the command line."""
        return self.flag or "--" + self.name.replace("_", "-")


PUZZLE_COMMANDS = frozenset({"solve", "check", "explain", "hint"})
GENERATE_COMMANDS = frozenset({"generate"})


class Kind:
    """Base class of a puzzle family. Subclasses set the class attributes and
    implement the methods marked "must"; the others have working defaults."""

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    summary: str = ""
    input_help: str = ""
    puzzle_type: type[Puzzle] = Puzzle
    solution_type: type[Solution] = Solution
    difficulties: tuple[str, ...] = ()
    default_difficulty: str | None = None
    default_size: str | None = None
    size_help: str = ""
    options: tuple[KindOption, ...] = ()
    # Command lines shown under "Examples" in the kind's --help.
    cli_examples: tuple[str, ...] = ()
    # True when `generate` walks its space without repeats: `generate_one` then
    # passes `sequence=(run key, index)` so puzzle i of a run differs from 0..i-1.
    draws_in_sequence: bool = False

    # -- reading and writing ------------------------------------------------
    def parse(self, text: str | None, **options: Any) -> Puzzle:
        """Must: read one puzzle from text (and kind options); raise PuzzleError
        naming the line, column or cell for anything malformed."""
        raise NotImplementedError

    def parse_all(self, text: str | None, **options: Any) -> list[Puzzle]:
        """All puzzles in a text (kinds whose files hold several override this)."""
        return [self.parse(text, **options)]

    def to_text(self, puzzle: Puzzle) -> str:
        """Must: the puzzle in the kind's input format; `parse(to_text(p)) == p`."""
        raise NotImplementedError

    # -- solving --------------------------------------------------------------
    def solutions(self, puzzle: Puzzle, limit: int | None = None,
                  budget: Budget | None = None) -> Iterator[Solution]:
        """Must: every solution, lazily, in a deterministic order; at most `limit`.
        Raises BudgetExceeded when the budget runs out."""
        raise NotImplementedError

    def count(self, puzzle: Puzzle, limit: int | None = None,
              budget: Budget | None = None) -> int:
        """The number of solutions, stopping at `limit`. A BudgetExceeded carries
        the count so far in `found`."""
        return count_all(self.solutions(puzzle, limit=limit, budget=budget))

    def verify(self, puzzle: Puzzle, solution: Solution) -> bool:
        """Must: does `solution` satisfy `puzzle`? Checked directly from the
        rules, independently of the solver."""
        raise NotImplementedError

    # -- explaining -----------------------------------------------------------
    def explain(self, puzzle: Puzzle, *, search: bool = True, trace: bool = False,
                budget: Budget | None = None) -> Iterator[Step]:
        """Must: the deductions a person could follow. With `search=False`, stop
        where deduction stalls with a final "stalled" step whose snapshot is the
        partial state; otherwise guess (a "guess" step) and go on. The last step
        is "solved" (snapshot: the solution) or "stalled"; a puzzle with no
        solution ends with a step saying what ran out. `trace=True` asks for a
        snapshot on every step."""
        raise NotImplementedError

    # -- hints from where the player is --------------------------------------------
    state_help: str = ""

    def parse_state(self, puzzle: Puzzle, text: str) -> PlayState:
        """A player's position in the kind's state format (`hint --state`);
        PuzzleError naming the line, cell or letter for anything malformed.
        Kinds that take no state keep this default."""
        raise NotImplementedError

    def explain_from(self, puzzle: Puzzle, state: PlayState, *, search: bool = True,
                     trace: bool = False, budget: Budget | None = None) -> Iterator[Step]:
        """The explanation from the player's position (their entries fixed, their
        crossings-out removed) instead of from the start."""
        raise NotImplementedError

    def solution_places(self, puzzle: Puzzle, solution: Solution) -> dict[str, int]:
        """{place: value} of a solution, in the names steps and states use; used
        to check a player's entries against the puzzle."""
        raise NotImplementedError

    # -- generating and grading -------------------------------------------------
    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        """Must: a puzzle with exactly one solution (proved by search), of the
        asked size and difficulty."""
        raise NotImplementedError

    def grade(self, puzzle: Puzzle) -> str:
        """The puzzle's difficulty, one of `difficulties`."""
        raise NotImplementedError

    def enumerates(self, options: dict[str, Any]) -> bool:
        """True when these generate options ask for every puzzle of a family (a
        word list's `--all`) rather than random ones; `generate_all` then runs."""
        return False

    def generate_all(self, *, difficulty: str | None = None, budget: Budget | None = None,
                     limit: int | None = None,
                     progress: Callable[[int, int, str], None] | None = None,
                     graded: bool = True, **options: Any) -> Iterator[Generated]:
        """Every puzzle the options describe, lazily, each with exactly one solution;
        at most `limit`. `progress(done, total, status)` is called as the work goes;
        `graded=False` lets a kind skip grading when no one reads the grade."""
        raise NotImplementedError

    # -- presenting -------------------------------------------------------------
    def render(self, puzzle: Puzzle, solution: Solution | None = None,
               fmt: str = "text") -> str:
        """Must: the puzzle (solved when `solution` is given) as "text",
        "markdown", "html", "json" or "svg" (the drawing, see `draw`)."""
        raise NotImplementedError

    def draw(self, puzzle: Puzzle, solution: Solution | None = None,
             highlight: Any = None) -> str:
        """The puzzle (solved when `solution` is given) drawn as an SVG document;
        `render(fmt="svg")` returns the same. `highlight`: places to emphasise, as
        explanation steps name them ("r2c3", "row 4", "M")."""
        raise NotImplementedError

    def canonical_key(self, puzzle: Puzzle) -> str:
        """A key equal for puzzles the kind considers the same (row/column
        permutations, renamings...). Default: the exact JSON."""
        blob = json.dumps(puzzle.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def size_of(self, puzzle: Puzzle) -> str:
        """The size label of a puzzle as `generate --size` would write it."""
        return ""
