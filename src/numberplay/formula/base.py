"""The formula-puzzle kind: what every kind whose puzzle is a formula of letters shares.

Reading (one formula a line, `base B` and `fix A=1` lines), solving and
counting, checking, the rules the deduction kernel explains and grades by
(`rules`, also from a player's letters), and the plain renderings. A formula
kind subclasses `FormulaKind`, names itself, and adds its own options,
generator and drawing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..budget import Budget
from ..errors import PuzzleError
from ..kinds import Deduction, Kind
from ..model import PlayState
from . import puzzle as F
from . import solver as S
from .clues import formula_clues
from .model import FormulaPuzzle, FormulaSolution
from .state import STATE_HELP, parse_state, with_entries


class FormulaKind(Kind[Any, Any]):
    """A puzzle whose rules are a formula over letters, each a distinct digit
    (abstract: a kind subclass gives the name and the puzzle classes)."""

    puzzle_type: type[FormulaPuzzle] = FormulaPuzzle
    solution_type: type[FormulaSolution] = FormulaSolution
    draws_in_sequence = True   # the generators walk a run without repeats
    state_help = STATE_HELP

    # -- reading ---------------------------------------------------------------------------
    def parse(self, text: str | None, base: int | None = None, fix: Any = None,
              **options: Any) -> FormulaPuzzle:
        puzzles = self.parse_all(text, base=base, fix=fix, **options)
        if len(puzzles) != 1:
            raise PuzzleError(f"expected one formula, found {len(puzzles)}")
        return puzzles[0]

    def parse_all(self, text: str | None, base: int | None = None, fix: Any = None,
                  **options: Any) -> list[FormulaPuzzle]:
        """One puzzle per formula line, with `base B` and `fix A=1,B=2` lines, and
        enigma.py's options when the kind declares them (`options.FORMULA_OPTIONS`:
        digits, invalid, distinct, symbols, extra; see `puzzle.read_formulas`)."""
        return F.read_formulas(text, self.puzzle_type, self.title.lower(), base, fix,
                               self._formula, **formula_options(options))

    def _formula(self, line: str) -> str:
        """The formula text of one input line."""
        return line

    def to_text(self, puzzle: FormulaPuzzle) -> str:
        return F.to_text(puzzle)

    # -- solving ---------------------------------------------------------------------------
    def solution_of(self, puzzle: FormulaPuzzle, assignment: dict[str, int]) -> FormulaSolution:
        """The Solution object for an assignment."""
        return self.solution_type.of(puzzle, assignment)

    def find_solutions(self, puzzle, limit, budget):
        for a in F.assignments(puzzle, budget):
            yield self.solution_of(puzzle, a)

    def count(self, puzzle, limit=None, budget=None):
        return F.count(puzzle, limit, budget)

    def verify(self, puzzle, solution) -> bool:
        return F.verify(puzzle, dict(solution.assignment))

    # -- explaining (the kernel's, on the formula ladder) -----------------------------
    def rules(self, puzzle, budget: Budget | None = None) -> Deduction:
        """The formula ladder for the kernel, after the given and leading letters."""
        from .explain import deduction  # the deductions load on first use
        return deduction(puzzle)

    # -- hints from where the player is ----------------------------------------------
    def parse_state(self, puzzle, text: str) -> PlayState:
        """The letters the player has decided: `A=1,B=2`."""
        return parse_state(set(F.validate(puzzle).letters), puzzle.base, text)

    def rules_from(self, puzzle, state: PlayState, budget: Budget | None = None) -> Deduction:
        """The player's letters fixed too (told as given letters)."""
        return self.rules(with_entries(puzzle, state), budget)

    def solution_places(self, puzzle, solution) -> dict[str, int]:
        """{letter: digit}."""
        return dict(solution.assignment)

    def player_places(self, puzzle) -> frozenset[str]:
        """The letters: steps also decide carries, which a player does not write."""
        return frozenset(F.validate(puzzle).letters)

    # -- the setter's workbench ----------------------------------------------------------
    def place_values(self, puzzle) -> dict[str, tuple[int, ...]]:
        """{letter: every digit of the base} (a fixed letter: its digit)."""
        fixed = dict(puzzle.fixed)
        comp = F.validate(puzzle)
        rules = F.puzzle_rules(puzzle, comp)
        return {c: (fixed[c],) if c in fixed else
                tuple(d for d in range(puzzle.base) if rules.allowed[i] >> d & 1)
                for i, c in enumerate(comp.letters)}

    def with_givens(self, puzzle, givens: dict[str, int]):
        """A given is a fixed letter (`fix A=1`)."""
        return replace(puzzle, fixed=tuple(sorted({**dict(puzzle.fixed), **givens}.items())))

    def clues(self, puzzle) -> tuple[str, ...]:
        """The formula's parts joined by `and` (a sum of words: each of its columns),
        then the fixed letters (`fix A=1`)."""
        return tuple(name for name, _ in formula_clues(puzzle.formula, puzzle.base)) + \
            tuple(f"fix {c}={d}" for c, d in puzzle.fixed)

    def relax(self, puzzle, keep: frozenset[int]):
        """The kept parts joined by `and`; the fixed letters kept that it still has."""
        parts = formula_clues(puzzle.formula, puzzle.base)
        formula = " and ".join(text for k, (_, text) in enumerate(parts) if k in keep)
        if not formula:
            raise PuzzleError("a formula keeps at least one of its parts")
        many = puzzle.distinct is not None
        comp = S.compile_puzzle(formula, puzzle.base, not many, many=many)
        letters = set(comp.letters)
        leads = sorted((F.compiled(puzzle).lead & letters) - comp.lead)
        if leads:  # a word's first letter stays non-zero when only a column keeps it
            formula = " and ".join([formula, *(f"{c} != 0" for c in leads)])
        fixed = tuple((c, d) for k, (c, d) in enumerate(puzzle.fixed, start=len(parts))
                      if k in keep and c in letters)
        return replace(puzzle, formula=formula, fixed=fixed)

    # -- presenting ------------------------------------------------------------------------
    def letter_table(self, solution: FormulaSolution) -> str:
        """`A=1 B=2 ...` lines."""
        return "  ".join(f"{c}={d}" for c, d in solution.assignment)

    def render_as(self, puzzle, solution, fmt) -> str:
        text = solution.text if solution is not None else puzzle.formula
        if fmt == "html":
            import html  # (a page's markup only)
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
            from .options import caption
            notes = [f"base {puzzle.base}"] if puzzle.base != 10 else []
            rules = caption(puzzle.digits, puzzle.invalid, puzzle.distinct)
            notes += [rules] if rules else []
            return text + (f"  ({'; '.join(notes)})" if notes else "")
        return f"{text}\n{self.letter_table(solution)}"

    def size_of(self, puzzle) -> str:
        return str(len(F.compiled(puzzle).letters))


FORMULA_OPTION_NAMES = ("digits", "invalid", "distinct", "symbols", "extra")


def formula_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options of `options.FORMULA_OPTIONS` that are set."""
    return {k: options[k] for k in FORMULA_OPTION_NAMES if options.get(k) is not None}

