"""The `division` kind: skeleton long divisions with letters, `?` and given digits.

Text form (enigma.py's, on one line): `A / B = C ; X - Y = Z ; ... ` with an empty
part for each 0 of the quotient; see `model.py`. Options: `--fix A=1`,
`--distinct` (groups of letters that differ; "" for none), `--digits` (the digits
the letters may take), `--invalid D,LETTERS` (digit D is none of them), each also
a line before the division (`fix A=1`, `distinct ABC`, `digits 0-8`,
`invalid 5,X`), which `to_text` writes.
"""

from __future__ import annotations

import random
from typing import Any

from ..budget import Budget, ensure
from ..errors import PuzzleError
from ..formula.options import FORMULA_OPTION
from ..kinds import Deduction, Kind, KindOption
from ..model import SOLVED, Generated, PlayState, Step
from ..text import content_lines
from .model import DivisionPuzzle, DivisionSolution, division_text, parse_division, solution_text

_DIRECTIVES = ("fix", "distinct", "digits", "invalid", "extra")


class DivisionKind(Kind[DivisionPuzzle, DivisionSolution]):
    """Skeleton long divisions (enigma.py's SubstitutedDivision)."""

    name = "division"
    aliases = ("longdivision", "skeleton-division")
    title = "Skeleton division"
    summary = ("A long division written with letters (distinct digits), ? (any digit) "
               "and given digits.")
    input_help = ("'A / B = C ; X - Y = Z ; ...' on one line: the division, then one "
                  "subtraction per quotient digit (empty for a 0), e.g. "
                  "'7????? / ?? = ????? ; 7? - ?? = ?? ; ??? - ?? = ? ; ; ??? - ?? = ?? ; "
                  "??? - ??7 = 0'")
    puzzle_type = DivisionPuzzle
    solution_type = DivisionSolution
    difficulties = ("easy", "medium", "hard", "fiendish")
    default_difficulty = None
    default_size = None
    size_help = "NxM: the dividend's digits and the divisor's, e.g. 6x2 (N up to 9, M 1 to 3)"
    options = (
        KindOption("fix", "Fix letters in advance: A=1,B=2.", type=str, metavar="A=1,B=2"),
        *(FORMULA_OPTION[name] for name in ("digits", "invalid", "distinct", "extra")),
    )
    cli_examples = (
        "numberplay solve division '7????? / ?? = ????? ; 7? - ?? = ?? ; ??? - ?? = ? ; ; "
        "??? - ?? = ?? ; ??? - ??7 = 0'",
        "numberplay generate division --size 6x2 --seed 1",
    )

    # -- reading -------------------------------------------------------------------
    def parse(self, text: str | None, **options: Any) -> DivisionPuzzle:
        puzzles = self.parse_all(text, **options)
        if len(puzzles) != 1:
            raise PuzzleError(f"expected one division, found {len(puzzles)}")
        return puzzles[0]

    def parse_all(self, text: str | None, fix: Any = None, distinct: Any = None,
                  digits: Any = None, invalid: Any = None, extra: Any = None,
                  **_: Any) -> list[DivisionPuzzle]:
        """One division per line; `fix`, `distinct`, `digits`, `invalid` and `extra`
        lines set those options for the divisions after them (the options override
        them; `invalid` lines add up)."""
        if text is None:
            raise PuzzleError("no division given")
        if not isinstance(text, str):
            raise PuzzleError("a division is text: 'A / B = C ; X - Y = Z ; ...'")
        given = {"fix": fix, "distinct": distinct, "digits": digits, "invalid": invalid,
                 "extra": extra}
        lines: dict[str, Any] = {}
        out = []
        for number, _raw, line in content_lines(text):
            word, _sep, value = line.partition(" ")
            if word in _DIRECTIVES and "/" not in line:
                value = value.strip()
                value = "" if value in ('""', "''") else value
                if word == "invalid" and lines.get("invalid"):
                    value = f"{lines['invalid']};{value}"
                lines[word] = value
                continue
            opts = {k: (given[k] if given[k] is not None else lines.get(k))
                    for k in _DIRECTIVES}
            try:
                out.append(parse_division(line, **opts))
            except PuzzleError as exc:
                raise PuzzleError(exc.reason, line=number, column=exc.column,
                                  where=exc.where) from None
        if not out:
            raise PuzzleError("no division given (only blank or comment lines)")
        return out

    def to_text(self, puzzle: DivisionPuzzle) -> str:
        lines = []
        if puzzle.fixed:
            lines.append("fix " + ",".join(f"{c}={d}" for c, d in puzzle.fixed))
        from ..formula.options import describe
        lines += describe(puzzle.digits or (), puzzle.invalid, puzzle.distinct)
        if puzzle.extra:
            lines.append(f"extra {puzzle.extra}")
        return "\n".join([*lines, division_text(puzzle)])

    # -- solving -----------------------------------------------------------------------
    def find_solutions(self, puzzle, limit, budget):
        from .solve import solutions
        for s in solutions(puzzle, budget):
            s.attach(puzzle)
            yield s

    def verify(self, puzzle, solution) -> bool:
        from .solve import verify
        return verify(puzzle, solution)

    # -- explaining --------------------------------------------------------------------
    def rules(self, puzzle, budget: Budget | None = None) -> Deduction:
        from ..deduce import Limits
        from .rules import DivisionRules, layout_text, model_of, opening_steps
        m = model_of(puzzle)

        def solved(pos: list[int]) -> Step:
            text = layout_text(m, pos)
            letters = {m.names[s]: v.bit_length() - 1 for s, v in enumerate(pos)
                       if m.letter[s] is not None}
            return Step(SOLVED, f"solved: {text}", tuple(sorted(letters)),
                        fixed=tuple(sorted(letters.items())), snapshot=text)
        return Deduction(DivisionRules(m), list(m.start), Limits(trial_depth=2),
                         lambda: opening_steps(m), solved)

    def rules_from(self, puzzle, state: PlayState, budget: Budget | None = None) -> Deduction:
        found = self.rules(puzzle, budget)
        from .rules import model_of
        m = model_of(puzzle)
        for place, value in state.entries:
            if place in m.index:
                found.position[m.index[place]] &= 1 << value
        return found

    def parse_state(self, puzzle, text: str) -> PlayState:
        """The places the player has decided: `A=1,a3=7` (letters, or places named
        as the steps name them)."""
        from .rules import model_of
        m = model_of(puzzle)
        entries = []
        for part in text.replace(";", ",").split(","):
            if not part.strip():
                continue
            name, sep, value = part.partition("=")
            name, value = name.strip(), value.strip()
            if not sep or name not in m.index or not (value.isdigit() and len(value) == 1):
                raise PuzzleError(f"a state is PLACE=DIGIT,... with places of the division, "
                                  f"not {part.strip()[:20]!r}")
            entries.append((name, int(value)))
        return PlayState(tuple(entries))

    def solution_places(self, puzzle, solution) -> dict[str, int]:
        """Every place of the division (letters by name) and its digit."""
        from .model import layout_of, work
        from .rules import model_of
        m = model_of(puzzle)
        w = work(layout_of(puzzle), solution.dividend, solution.divisor, solution.quotient)
        assert w is not None
        values: dict[int, int] = {}
        for s, ch in zip(m.slots_of_a, str(solution.dividend), strict=True):
            values[s] = int(ch)
        for s, ch in zip(m.bs, str(solution.divisor), strict=True):
            values[s] = int(ch)
        for s, ch in zip(m.slots_of_c, str(solution.quotient), strict=True):
            values[s] = int(ch)
        for pr, sb in zip(m.products, m.subtractions, strict=True):
            row = w.rows[pr.k - 1]
            assert row is not None
            for s, ch in zip(pr.ys, str(row[1]), strict=True):
                values[s] = int(ch)
            for s, ch in zip(sb.zs, str(row[2]) if sb.zs else "", strict=True):
                values[s] = int(ch)
        return {m.names[s]: v for s, v in values.items()}

    def player_places(self, puzzle) -> frozenset[str]:
        from .rules import model_of
        return frozenset(model_of(puzzle).names)

    # -- the setter's workbench -----------------------------------------------------
    def place_values(self, puzzle) -> dict[str, tuple[int, ...]]:
        """The letters and their digits before any deduction (a fixed letter: its digit)."""
        from .rules import digits_of, model_of
        m = model_of(puzzle)
        out = {m.names[s]: tuple(digits_of(m.start[s])) for s in range(len(m.names))
               if m.letter[s] is not None}
        if not out:   # a division without letters has no place a given could name
            raise NotImplementedError
        return out

    def with_givens(self, puzzle, givens: dict[str, int]) -> DivisionPuzzle:
        """A given is a fixed letter (`--fix A=1`)."""
        from dataclasses import replace
        return replace(puzzle, fixed=tuple(sorted({**dict(puzzle.fixed), **givens}.items())))

    # -- generating --------------------------------------------------------------------
    def check_size(self, size: str) -> str:
        from .generate import read_size
        n, m = read_size(size)
        return f"{n}x{m}"

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        from .generate import generate_division
        return generate_division(self, rng, size, difficulty, ensure(budget))

    def size_of(self, puzzle) -> str:
        return f"{len(puzzle.dividend)}x{len(puzzle.divisor)}"

    # -- presenting -------------------------------------------------------------------
    def render_as(self, puzzle, solution, fmt: str) -> str:
        from .printed import as_text, printed
        drawing = as_text(printed(puzzle, solution))
        letters = "  ".join(f"{c}={d}" for c, d in solution.letters) if solution else ""
        if fmt == "html":
            import html
            body = f"<pre class=\"division\">{html.escape(drawing)}</pre>"
            if letters:
                body += f"<p>{html.escape(letters)}</p>"
            return body
        if fmt == "markdown":
            out = f"```\n{drawing}\n```"
            if solution is not None:
                out += f"\n\n`{solution_text(puzzle, solution)}`"
                if letters:
                    out += f"\n\n{letters}"
            return out
        text = drawing
        if solution is not None:
            text += "\n" + solution_text(puzzle, solution)
            if letters:
                text += "\n" + letters
        else:
            text += "\n" + division_text(puzzle)
        return text

    def draw(self, puzzle, solution=None, highlight: Any = None,
             state: PlayState | None = None) -> str:
        from .printed import as_svg, printed
        letters = {c: str(d) for c, d in solution.letters} if solution else None
        return as_svg(printed(puzzle, solution), highlight, letters)


KIND = DivisionKind()
