"""The `cryptoproduct` kind: `GR x RG = RBR`, each colour a distinct digit.

A crypto-product is a formula puzzle `X x Y = Z` of three words; the symbols are
colour initials (R G B W O Y P C M T) but any capital letters work. The FEUP crypto-product
report's Prolog form `puzzle(6,[G,R],[R,G],[R,B,R]).` is read too.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..budget import Budget, ensure
from ..errors import PuzzleError
from ..formula.base import FormulaKind
from ..formula.model import DIGITS, FormulaPuzzle, FormulaSolution
from ..kinds import GENERATE_COMMANDS, PUZZLE_COMMANDS, KindOption, Params
from ..model import Generated, PlayState
from .model import (
    ANSI_BG,
    COLOUR_NAMES,
    HEX,
    CryptoProductPuzzle,
    CryptoProductSolution,
    product_formula,
)


class CryptoProductKind(FormulaKind):
    """Crypto-product puzzles: multiplications written in colours."""

    name = "cryptoproduct"
    aliases = ("crypto-product", "crypto_product")
    title = "Crypto-product"
    summary = "A multiplication in colours, GR x RG = RBR: each colour is a distinct digit."
    input_help = ("'X x Y = Z' with words of capital letters (colours R G B W O Y P C M T), "
                  "e.g. 'GR x RG = RBR', one per line; or the Prolog form puzzle(1,[R],[G,R],[B,G]).")
    puzzle_type = CryptoProductPuzzle
    solution_type = CryptoProductSolution
    # Graded by the digits written: easy up to 5 (1 x 2 = 2), medium up to 8
    # (2 x 2 = 4), hard beyond (the FEUP report's custom shapes, asked with --digits).
    difficulties = ("easy", "medium", "hard")
    default_difficulty = "easy"
    options = (
        KindOption("base", "Number base, 2 to 36 (default 10).", type=int, metavar="B"),
        KindOption("fix", "Fix colours in advance: R=1,G=2.", type=str, metavar="R=1,G=2"),
        KindOption("color", "Paint each symbol as a coloured block in text output.",
                   type=bool, default=False, commands=PUZZLE_COMMANDS),
        KindOption("digits", "A custom shape: the factors' lengths, e.g. 4x6 (4 to 9 each); "
                   "the difficulty follows from it.",
                   type=str, commands=GENERATE_COMMANDS, metavar="AxB"),
    )
    cli_examples = ("numberplay solve cryptoproduct 'GR x RG = RBR'",
                    "numberplay generate cryptoproduct --digits 4x5 --seed 1")

    def parse_all(self, text: str | None, base: int | None = None, fix: Any = None,
                  color: bool = False, **_: Any) -> list[FormulaPuzzle]:
        """As the formula kinds read; a `color` line (what `to_text` writes for a
        coloured puzzle) or the `color` option paints the puzzles of the text."""
        if isinstance(text, str):
            text, marked = _color_lines(text)
            color = color or marked
        out: list[FormulaPuzzle] = []
        for p in super().parse_all(text, base=base, fix=fix):
            assert isinstance(p, CryptoProductPuzzle)  # the kind's puzzle_type
            out.append(replace(p, color=bool(color)))
        return out

    def to_text(self, puzzle: FormulaPuzzle) -> str:
        """The formula text, after a `color` line when the puzzle is painted."""
        text = super().to_text(puzzle)
        return f"{COLOR_LINE}\n{text}" if getattr(puzzle, "color", False) else text

    def _formula(self, line: str) -> str:
        return product_formula(line)

    def parse_params(self, size: str | int | None = None, difficulty: str | None = None,
                     **options: Any) -> Params:
        """As `Kind.parse_params`; `--digits AxB` is the custom mode (the FEUP report's),
        which sets the shape, so it takes no other --difficulty. `--difficulty custom`,
        the report's name for that mode, is still read as `--digits` (default shape
        when none is given); the puzzles it makes grade by their deductions, as any other."""
        if difficulty is not None and str(difficulty).strip().lower() == "custom":
            from .generate import HARD_SHAPE
            difficulty = None
            options = {**options, "digits": options.get("digits") or HARD_SHAPE}
        params = super().parse_params(size, difficulty, **options)
        digits = params.options.get("digits")
        if digits is None:
            return params
        if difficulty is not None:
            raise PuzzleError("--digits sets the shape and the difficulty follows from it: "
                              "leave out --difficulty")
        from .generate import custom_lengths
        a, b = custom_lengths(digits)
        return replace(params, difficulty=None, options={**params.options, "digits": f"{a}x{b}"})

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        from .generate import generate_product
        if options.get("digits") is None:
            difficulty = difficulty or self.default_difficulty
        return generate_product(rng, difficulty, ensure(budget), **options)

    def size_of(self, puzzle) -> str:
        x, y, _ = puzzle.words()
        return f"{len(x)}x{len(y)}"

    # -- presenting ------------------------------------------------------------------------
    def render_as(self, puzzle, solution: FormulaSolution | None, fmt: str) -> str:
        if fmt == "html":  # the drawing is also the HTML form
            return self.draw(puzzle, solution)
        if fmt == "text" and puzzle.color:
            return self.ansi(puzzle, solution)
        return super().render_as(puzzle, solution, fmt)

    def ansi(self, puzzle, solution: FormulaSolution | None) -> str:
        """Each symbol as a coloured block (ANSI escapes, via rich)."""
        from rich.console import Console
        from rich.markup import escape
        digits = dict(solution.assignment) if solution is not None else {}
        parts = []
        for ch in puzzle.formula:
            if ch.isupper():
                label = f" {DIGITS[digits[ch]]} " if ch in digits else f" {ch} "
                style = ANSI_BG.get(ch, "on grey50")
                fg = "black" if ch in "WYC" else "white"
                parts.append(f"[bold {fg} {style}]{escape(label)}[/]")
            elif ch == "x":
                parts.append(" × ")
            elif ch != " ":
                parts.append(f" {escape(ch)} ")
        console = Console(force_terminal=True, color_system="standard", width=200,
                          record=False)
        with console.capture() as cap:
            console.print("".join(parts), end="")
        out = cap.get()
        if solution is not None:
            out += "\n" + "  ".join(f"{COLOUR_NAMES.get(c, c)}={d}" for c, d in
                                   solution.assignment)
        return out

    def svg(self, puzzle, solution: FormulaSolution | None = None) -> str:
        """The product as a long multiplication of coloured circles (see `draw`)."""
        return self.draw(puzzle, solution)

    def play_data(self) -> dict[str, Any]:
        """The colours of the drawings and their names, for the web page's play module."""
        return {"colours": dict(HEX), "colour_names": dict(COLOUR_NAMES)}

    def draw(self, puzzle, solution: FormulaSolution | None = None,
             highlight: Any = None, state: PlayState | None = None) -> str:
        """Coloured circles with the letter inside, digits too when solved (`svg.py`);
        a player's colours (`state`) show their digits, underlined."""
        from .svg import draw_product
        digits = dict(solution.assignment) if solution is not None else None
        return draw_product(puzzle.words(), digits, highlight, HEX, COLOUR_NAMES,
                            entries=dict(state.entries) if state else None)


COLOR_LINE = "color"


def _color_lines(text: str) -> tuple[str, bool]:
    """The text with its `color` lines blanked (so errors keep their line numbers),
    and whether it had one."""
    lines = text.splitlines()
    marked = [i for i, line in enumerate(lines) if line.strip().lower() == COLOR_LINE]
    for i in marked:
        lines[i] = ""
    return ("\n".join(lines) if marked else text), bool(marked)


KIND = CryptoProductKind()
