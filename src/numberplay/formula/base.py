"""The formula-puzzle kind: what every kind whose puzzle is a formula of letters shares.

Reading (one formula a line, `base B` and `fix A=1` lines), solving and
counting, checking, explaining, hints from a player's letters, and the plain
renderings. A formula kind subclasses `FormulaKind`, names itself, and adds
its own options, generator, grade and drawing.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

from ..budget import Budget, check_active
from ..errors import PuzzleError
from ..kinds import Kind
from ..model import PlayState, Solution, Step
from ..text import content_lines, shorten
from . import solver as S
from .model import FormulaPuzzle, FormulaSolution, parse_fixed, substitute


def _base(base: Any) -> int:
    """The --base value as an int (10 when not given); PuzzleError otherwise."""
    if base is None:
        return 10
    if isinstance(base, str) and base.strip().isascii() and base.strip().isdigit() \
            and len(base.strip()) <= 3:
        return int(base.strip())
    if isinstance(base, bool) or not isinstance(base, int):
        shown = shorten(base)
        raise PuzzleError(f"--base must be a whole number 2 to 36, not {shown!r}")
    if not 2 <= base <= 36:
        raise PuzzleError(f"--base must be 2 to 36, not {base}")
    return base


class FormulaKind(Kind[Any, Any]):
    """A puzzle whose rules are a formula over letters, each a distinct digit
    (abstract: a kind subclass gives the name and the puzzle classes)."""

    puzzle_type: type[FormulaPuzzle] = FormulaPuzzle
    solution_type: type[FormulaSolution] = FormulaSolution
    draws_in_sequence = True   # the generators walk a run without repeats

    # -- reading ---------------------------------------------------------------------------
    def _make(self, formula: str, base: int, fixed: dict[str, int]) -> FormulaPuzzle:
        """The kind's puzzle for a formula, a base and fixed letters (not validated)."""
        return self.puzzle_type(formula, base, tuple(sorted(fixed.items())))

    def _validate(self, puzzle: FormulaPuzzle) -> S.Compiled:
        comp = S.compile_puzzle(puzzle.formula, puzzle.base)
        seen: dict[int, str] = {}
        for c, d in puzzle.fixed:
            if c not in comp.index:
                raise PuzzleError(f"--fix: letter {c} is not in the formula")
            if not 0 <= d < puzzle.base:
                raise PuzzleError(f"--fix: {c}={d} is not a digit in base {puzzle.base}")
            if d in seen:
                raise PuzzleError(f"--fix: {seen[d]} and {c} cannot both be {d}")
            seen[d] = c
        return comp

    def parse(self, text: str | None, base: int | None = None, fix: Any = None,
              **options: Any) -> FormulaPuzzle:
        puzzles = self.parse_all(text, base=base, fix=fix, **options)
        if len(puzzles) != 1:
            raise PuzzleError(f"expected one formula, found {len(puzzles)}")
        return puzzles[0]

    def parse_all(self, text: str | None, base: int | None = None, fix: Any = None,
                  **_: Any) -> list[FormulaPuzzle]:
        """One puzzle per formula line. A line `base B` or `fix A=1,B=2` sets the
        base or the fixed letters of the formulas after it (what `to_text`
        writes); the `base` and `fix` options override them."""
        if text is None:
            raise PuzzleError("no formula given")
        if not isinstance(text, str):
            raise PuzzleError(f"a {self.title.lower()} is text: one formula per line")
        if base is not None:
            base = _base(base)
        fixed = parse_fixed(fix) if fix else None
        text_base, text_fixed = 10, {}
        out = []
        for number, _raw, line in content_lines(text):
            check_active()  # a file of many formulas: parsing counts against --timeout
            try:
                directive, _sep, value = line.partition(" ")
                if directive == "base":
                    text_base = _base(value.strip())
                    continue
                if directive == "fix":
                    text_fixed = parse_fixed(value.strip())
                    continue
                puzzle = self._make(self._formula(line), text_base if base is None else base,
                                    text_fixed if fixed is None else fixed)
                self._validate(puzzle)
            except PuzzleError as exc:
                raise PuzzleError(exc.reason, line=number, column=exc.column,
                                  where=exc.where) from None
            out.append(puzzle)
        if not out:
            raise PuzzleError("no formula given (only blank or comment lines)")
        return out

    def _formula(self, line: str) -> str:
        """The formula text of one input line."""
        return line

    def to_text(self, puzzle: FormulaPuzzle) -> str:
        """The formula, after a `base B` line and a `fix A=1` line when needed."""
        lines = [f"base {puzzle.base}"] if puzzle.base != 10 else []
        if puzzle.fixed:
            lines.append("fix " + ",".join(f"{c}={d}" for c, d in puzzle.fixed))
        return "\n".join([*lines, puzzle.formula])

    # -- solving ---------------------------------------------------------------------------
    def _assignments(self, puzzle: FormulaPuzzle,
                     budget: Budget | None) -> Iterator[dict[str, int]]:
        comp = self._validate(puzzle)
        for env in S.search(comp, dict(puzzle.fixed), budget):
            yield dict(zip(comp.letters, env, strict=False))

    def solution_of(self, puzzle: FormulaPuzzle, assignment: dict[str, int]) -> Solution:
        """The Solution object for an assignment."""
        return self.solution_type(tuple(sorted(assignment.items())),
                                  substitute(puzzle.formula, assignment))

    def find_solutions(self, puzzle, limit, budget):
        for a in self._assignments(puzzle, budget):
            yield self.solution_of(puzzle, a)

    def count(self, puzzle, limit=None, budget=None):
        comp = self._validate(puzzle)
        return S.count(comp, dict(puzzle.fixed), limit, budget)

    def verify(self, puzzle, solution) -> bool:
        comp = S.compile_puzzle(puzzle.formula, puzzle.base)
        a = dict(solution.assignment)
        if set(a) != set(comp.letters) or len(set(a.values())) != len(a):
            return False
        if any(not 0 <= d < puzzle.base for d in a.values()):
            return False
        if any(a[c] != d for c, d in puzzle.fixed):
            return False
        if any(a[c] == 0 for c in comp.lead):
            return False
        return comp.holds([a[c] for c in comp.letters])

    # -- explaining ------------------------------------------------------------------------
    def explain(self, puzzle, *, search=True, trace=False, budget=None) -> Iterator[Step]:
        from .explain import explain_steps
        yield from explain_steps(self, puzzle, search=search, trace=trace, budget=budget)

    # -- hints from where the player is ----------------------------------------------
    @property
    def state_help(self) -> str:  # type: ignore[override]
        """The `hint --state` format."""
        from .state import STATE_HELP
        return STATE_HELP

    def parse_state(self, puzzle, text: str) -> PlayState:
        """The letters the player has decided: `A=1,B=2`."""
        from .state import parse_state
        comp = self._validate(puzzle)
        return parse_state(set(comp.letters), puzzle.base, text)

    def explain_from(self, puzzle, state: PlayState, *, search: bool = True,
                     trace: bool = False, budget: Budget | None = None) -> Iterator[Step]:
        """The explanation with the player's letters fixed too."""
        from .state import explain_from
        return explain_from(self, puzzle, state, search=search, trace=trace, budget=budget)

    def solution_places(self, puzzle, solution) -> dict[str, int]:
        """{letter: digit}."""
        return dict(solution.assignment)

    def player_places(self, puzzle) -> frozenset[str]:
        """The letters: steps also decide carries, which a player does not write."""
        return frozenset(self._validate(puzzle).letters)

    # -- presenting ------------------------------------------------------------------------
    def letter_table(self, solution: FormulaSolution) -> str:
        """`A=1 B=2 ...` lines."""
        return "  ".join(f"{c}={d}" for c, d in solution.assignment)

    def render_as(self, puzzle, solution, fmt) -> str:
        text = solution.text if solution is not None else puzzle.formula
        if fmt == "html":
            body = f"<p><code>{html.escape(text)}</code></p>"
            if solution is not None:
                cells = "".join(f"<td>{html.escape(c)}</td><td>{d}</td>"
                                for c, d in solution.assignment)
                body += f"<table><tr>{cells}</tr></table>"
            return body
        if fmt == "markdown":
            out = f"`{text}`"
            if solution is not None:
                out += "\n\n| " + " | ".join(c for c, _ in solution.assignment) + " |\n|" + \
                    "---|" * len(solution.assignment) + "\n| " + \
                    " | ".join(str(d) for _, d in solution.assignment) + " |"
            return out
        if solution is None:
            extra = f"  (base {puzzle.base})" if puzzle.base != 10 else ""
            return text + extra
        return f"{text}\n{self.letter_table(solution)}"

    def size_of(self, puzzle) -> str:
        return str(len(S.compile_puzzle(puzzle.formula, puzzle.base).letters))

