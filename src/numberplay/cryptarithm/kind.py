"""The `cryptarithm` kind (alias `alphametic`): a formula kind with a word-list generator."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..budget import Budget, ensure
from ..formula.base import FormulaKind
from ..formula.options import FORMULA_OPTIONS
from ..kinds import GENERATE_COMMANDS, PUZZLE_COMMANDS, KindOption
from ..model import Generated
from .model import CryptarithmPuzzle, CryptarithmSolution

if TYPE_CHECKING:
    import random

__all__ = ["KIND", "CryptarithmKind", "CryptarithmPuzzle", "CryptarithmSolution"]

def _check_addends(value: str) -> None:
    from .wordlist import parse_addends  # (the word-list counter: generate only)
    parse_addends(value)


def _check_doubly_true(value: str) -> None:
    from .numbers import check_doubly_true
    check_doubly_true(value)


def _check_numbers(value: str) -> None:
    from .numbers import parse_numbers
    parse_numbers(value)


def _check_result(value: str) -> None:
    from .fixed import check_result
    check_result(value)


def _check_op(value: str) -> None:
    from .generate import parse_op
    parse_op(value)


def _check_terms(value: str) -> None:
    from .generate import parse_terms
    parse_terms(value)


def _check_crossword(value: int) -> None:
    from .crossword import check_crossword
    check_crossword(value)


class CryptarithmKind(FormulaKind):
    """Alphametics and the whole formula language of Norvig's notebook."""

    name = "cryptarithm"
    aliases = ("alphametic", "alphametics")
    title = "Cryptarithm"
    summary = "Give each letter a distinct digit so that a formula holds: SEND + MORE = MONEY."
    input_help = ("One formula per line, e.g. 'SEND + MORE = MONEY', 'YOU = ME ^ 2', "
                  "'sum(range(AA)) = BB', 'texas + nevada = alaska'. Every letter (any script, any case) is "
                  "its own letter; a digit in a word is itself; && is and; ? is any digit "
                  "(not necessarily different; enigma.py's options: --digits, --invalid, "
                  "--distinct, --symbols, --extra).")
    puzzle_type = CryptarithmPuzzle
    solution_type = CryptarithmSolution
    difficulties = ("easy", "medium", "hard")
    default_difficulty: str | None = None  # any grade, unless one is asked
    options: tuple[KindOption, ...] = (
        KindOption("base", "Number base, 2 to 36 (default 10).", type=int, metavar="B",
                   commands=PUZZLE_COMMANDS | GENERATE_COMMANDS),
        KindOption("fix", "Fix letters in advance: A=1,B=2.", type=str, metavar="A=1,B=2"),
        *FORMULA_OPTIONS,
        KindOption("digits_as_symbols", "Read a digit inside a word as a symbol of its own, "
                   "as cryptator does (tekken3: the 3 is an unknown like a letter, written "
                   "tekken_3); a number standing alone is still a number. For generate: the "
                   "word list may have digits inside words, read so.", type=bool,
                   default=False, commands=PUZZLE_COMMANDS | GENERATE_COMMANDS),
        KindOption("words", "Word list for generate: words separated by any whitespace, "
                   "'#' starts a comment, case ignored (default: the bundled list).",
                   type=str, commands=GENERATE_COMMANDS, metavar="FILE", file=True),
        KindOption("addends", "Number of addends for generate, e.g. 2 or 2..3.", type=str,
                   commands=GENERATE_COMMANDS, metavar="N..M", check=_check_addends),
        KindOption("all", "Every sum of words of the list with exactly one solution, one a "
                   "line with its solution (--count N stops after N; --timeout bounds the "
                   "whole run).", type=bool,
                   default=False, commands=GENERATE_COMMANDS),
        KindOption("repeat", "With --all: an addend may be used more than once (with "
                   "--doubly-true, any number).", type=bool,
                   default=False, commands=GENERATE_COMMANDS),
        KindOption("doubly_true", "Sums of number names true as numbers too (SIX + SEVEN + "
                   "SEVEN = TWENTY): a language code (en, fr, de, es, it, pt, nl, el, ru, tr, "
                   "hi, ...) or a file of NUMBER WORD lines ('#' starts a comment); "
                   "--addends defaults to 2..5.",
                   type=str, commands=GENERATE_COMMANDS, metavar="LANG|FILE", file=True,
                   check=_check_doubly_true),
        KindOption("numbers", "With --doubly-true: the numbers used, A..B (a language's "
                   "default 0..100).", type=str, commands=GENERATE_COMMANDS, metavar="A..B",
                   check=_check_numbers),
        KindOption("result", "With --words: only sums equal to this word (not in the list).",
                   type=str, commands=GENERATE_COMMANDS, metavar="WORD", check=_check_result),
        KindOption("op", "With --words: + (sums, the default), x (equalities of products "
                   "of distinct words, --addends factors on the left) or long (long "
                   "multiplications A * B = C with each partial product, A times a letter "
                   "of B, all words of the list, as cryptator writes them).", type=str,
                   commands=GENERATE_COMMANDS, metavar="+|x", check=_check_op),
        KindOption("result_terms", "With --op x: words on the right, K..L (default 1).",
                   type=str, commands=GENERATE_COMMANDS, metavar="K..L", check=_check_terms),
        KindOption("crossword", "With --words: 3x3 grids of nine words whose rows and columns "
                   "are equations (+, or x with --op x), printed as six equations joined by "
                   "'and'.", type=int, commands=GENERATE_COMMANDS, metavar="3",
                   check=_check_crossword),
    )
    cli_examples: tuple[str, ...] = ("numberplay solve cryptarithm 'SEND + MORE = MONEY'",
                    "numberplay generate cryptarithm --all --words planets.txt --addends 2..3",
                    "numberplay generate cryptarithm --all --doubly-true en --addends 2..",
                    "numberplay generate cryptarithm --all --words planets.txt --result PLANETS",
                    "numberplay generate cryptarithm --all --words greek.txt --op x "
                    "--addends 2..3 --result-terms 1..3",
                    "numberplay generate cryptarithm --all --words greek.txt --op long",
                    "numberplay solve cryptarithm 'NUM + BER = PLAY' --count",
                    "numberplay explain cryptarithm 'SEND + MORE = MONEY'")

    def parse_all(self, text: str | None, base: int | None = None, fix: Any = None,
                  digits_as_symbols: bool = False, **options: Any) -> list[Any]:
        """One puzzle per formula line; with `digits_as_symbols`, each digit inside a
        word is a symbol of its own (written `_3` in the puzzle, `lang.digits_as_symbols`)."""
        if not digits_as_symbols:
            return super().parse_all(text, base=base, fix=fix, **options)
        from ..formula.base import formula_options
        from ..formula.lang import digits_as_symbols as rewrite
        from ..formula.puzzle import read_formulas
        return read_formulas(text, self.puzzle_type, self.title.lower(), base, fix,
                             lambda line: rewrite(self._formula(line)),
                             **formula_options(options))

    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        from .generate import generate_listed, generate_sum
        options.pop("all", None)
        if any(options.get(name) is not None for name in
               ("doubly_true", "result", "op", "result_terms", "crossword")):
            return generate_listed(rng, difficulty, ensure(budget), size=size, **options)
        if options.get("numbers") is not None:
            from ..errors import PuzzleError
            raise PuzzleError("--numbers goes with --doubly-true")
        return generate_sum(rng, size, difficulty, ensure(budget), **options)

    def enumerates(self, options: dict[str, Any]) -> bool:
        return bool(options.get("all"))

    def generate_all(self, *, difficulty=None, budget=None, limit=None, progress=None,
                     graded=True, **options: Any) -> Iterator[Generated]:
        from .generate import generate_all_sums
        options.pop("all", None)
        return generate_all_sums(difficulty=difficulty, budget=budget, limit=limit,
                                 progress=progress, graded=graded, **options)

    def draw(self, puzzle, solution=None, highlight=None, state=None) -> str:
        """A column sum for sums of words, else the formula on one line (`svg.py`);
        a player's letters (`state`) are drawn in the player's ink; the options'
        rules (`--digits` ...) written under it."""
        from ..formula.options import caption
        from .svg import draw_formula
        digits = dict(solution.assignment) if solution is not None else None
        return draw_formula(puzzle.formula, digits, highlight, base=puzzle.base,
                            entries=dict(state.entries) if state else None,
                            note=caption(puzzle.digits, puzzle.invalid, puzzle.distinct))


KIND = CryptarithmKind()
