"""The crypto-product generator: `X x Y = Z` in colours by difficulty.

Every puzzle returned has exactly one solution, proved by search, and is graded
by its deductions (`Kind.grade`, the kernel's), as every kind. The FEUP
crypto-product report's levels by shape say where each difficulty is looked for:
easy and medium in small spaces (1 x 2 and 2 x 2 factors), enumerated in full and
walked without repeats by each run (the run cache is `formula/runs.py`), keeping
the puzzles of that grade; hard ones in the report's custom shapes, drawn at
random until one grades hard (`--digits AxB` takes any grade).
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

from ..budget import Budget
from ..errors import GenerationError, PuzzleError
from ..formula.puzzle import assignments, to_text
from ..formula.runs import cached_run, run_key
from ..kinds import get_kind
from ..model import Generated
from .model import COLOURS, CryptoProductPuzzle, CryptoProductSolution


def grade(puzzle: CryptoProductPuzzle, budget: Budget | None = None) -> str:
    """The one grade (`Kind.grade`: the kernel's, as explain gives it), bounded by
    the generation's budget."""
    return get_kind(puzzle.kind).grade(puzzle, budget)

MAX_ATTEMPTS = 4000


# The enumerated levels, as the FEUP report defines them by the factors' digits:
# (digits of X, digits of Y, fewest distinct symbols). Easy is 1 x 2 (no 1 x 1
# pattern has exactly one solution), the report's 2 or more symbols; medium 2 x 2
# with 3 or more; the product has whatever length it has.
SHAPES = {"easy": (1, 2, 2), "medium": (2, 2, 3)}


HARD_SHAPE = "4x4"  # the shape of a hard puzzle asked without --digits


def factor_lengths(difficulty: str | None, digits: str | None) -> tuple[int, int, int | None]:
    """(digits of X, digits of Y, fewest symbols for an enumerated level or None)."""
    if difficulty in SHAPES:
        return SHAPES[difficulty]
    a, b = custom_lengths(digits or HARD_SHAPE)
    return a, b, None


def custom_lengths(spec: str) -> tuple[int, int]:
    """The factor lengths of `--digits AxB` (4 to 9 each, the report's custom level)."""
    parts = spec.lower().replace("×", "x").split("x")
    try:
        a, b = int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        raise PuzzleError(f"--digits expects AxB (e.g. 4x6), not {spec!r}") from None
    if len(parts) != 2 or not (4 <= a <= 9 and 4 <= b <= 9):
        raise PuzzleError("--digits: each factor has 4 to 9 digits (the custom level)")
    return a, b


def _pattern(text: str) -> str:
    """The digits renamed by first occurrence: `12|34` and `56|78` are the same shape."""
    names: dict[str, str] = {}
    return "".join(names.setdefault(ch, "abcdefghij"[len(names)]) if ch != "|" else "|"
                   for ch in text)


def product_space(a: int, b: int, symbols: int) -> list[tuple[int, int]]:
    """Every a-digit x b-digit product whose digit pattern has exactly one solution
    and at least `symbols` distinct symbols: one (x, y) per pattern, up to renaming
    and (for a == b) to swapping the factors; in increasing order."""
    counts: dict[str, int] = {}
    first: dict[str, tuple[int, int]] = {}
    for x in range(10 ** (a - 1), 10 ** a):
        for y in range(10 ** (b - 1), 10 ** b):
            p = _pattern(f"{x}|{y}|{x * y}")
            counts[p] = counts.get(p, 0) + 1
            first.setdefault(p, (x, y))
    out, seen = [], set()
    for p, n in counts.items():
        x, y = first[p]
        if n != 1 or len(set(f"{x}{y}{x * y}")) < symbols:
            continue
        if a == b:
            if _pattern(f"{y}|{x}|{x * y}") in seen:
                continue
            seen.add(p)
        out.append((x, y))
    return sorted(out)


_SPACES: dict[tuple[int, int, int], list[tuple[int, int]]] = {}


def _space(a: int, b: int, symbols: int) -> list[tuple[int, int]]:
    if (a, b, symbols) not in _SPACES:
        _SPACES[(a, b, symbols)] = product_space(a, b, symbols)
    return _SPACES[(a, b, symbols)]


def space_sizes() -> dict[str, int]:
    """How many crypto-products each enumerated level has."""
    return {level: len(_space(*shape)) for level, shape in SHAPES.items()}


def _word(n: int, colours: list[str]) -> str:
    return "".join(colours[int(ch)] for ch in str(n))


def _painted(x: int, y: int, colours: list[str], budget: Budget
             ) -> tuple[CryptoProductPuzzle, list[dict[str, int]]]:
    """The puzzle `x * y` painted in `colours` and up to two of its solutions."""
    puzzle = CryptoProductPuzzle.of(f"{_word(x, colours)} x {_word(y, colours)} = "
                                    f"{_word(x * y, colours)}")
    return puzzle, list(islice(assignments(puzzle, budget.child()), 2))


def _generated(puzzle: CryptoProductPuzzle, digits: dict[str, int], label: str,
               level: str) -> Generated:
    """The unique puzzle as returned by the generator, graded `level`."""
    return Generated(puzzle, CryptoProductSolution.of(puzzle, digits), level,
                     to_text(puzzle), extra={"digits": label})


class _ProductRun:
    """One run's walk over an enumerated crypto-product space."""

    def __init__(self, space: list[tuple[int, int]], difficulty: str | None, key: str,
                 label: str) -> None:
        self.difficulty, self.key, self.label = difficulty, key, label
        self.order = list(space)
        random.Random(key).shuffle(self.order)
        self.pos = 0
        self.found: list[Generated] = []

    def get(self, index: int, budget: Budget) -> Generated:
        while len(self.found) <= index and self.pos < len(self.order):
            budget.tick()
            x, y = self.order[self.pos]
            r = random.Random(f"{self.key}:{self.pos}")
            if r.random() < 0.5 and len(str(x)) == len(str(y)):
                x, y = y, x
            puzzle, sols = _painted(x, y, r.sample(COLOURS, 10), budget)
            if len(sols) != 1:      # the enumeration says 1; the solver proves it
                raise GenerationError(f"internal: {puzzle.formula} is not unique")
            level = grade(puzzle, budget)
            self.pos += 1           # only now: a budget stop above replays this one
            if self.difficulty is not None and level != self.difficulty:
                continue
            self.found.append(_generated(puzzle, sols[0], self.label, level))
        if not self.found:
            raise GenerationError(f"no {self.label} crypto-product has exactly one solution")
        return self.found[index % len(self.found)]


def generate_product(rng: random.Random, difficulty: str | None, budget: Budget,
                     digits: str | None = None, sequence: tuple[str, int] | None = None,
                     **_: Any) -> Generated:
    """`X x Y = Z` in colours with exactly one solution (base 10): an enumerated
    level by `difficulty`, or the custom shape `digits` (AxB)."""
    a, b, symbols = factor_lengths(difficulty, digits)
    if symbols is not None:        # a small space: enumerated, walked without repeats
        key, index = run_key(rng, sequence)
        run = cached_run(("product", key, a, b, symbols, difficulty),
                      lambda: _ProductRun(_space(a, b, symbols), difficulty, key, f"{a}x{b}"))
        return run.get(index, budget)
    for _attempt in range(MAX_ATTEMPTS):
        budget.tick()
        x = rng.randrange(10 ** (a - 1), 10 ** a)
        y = rng.randrange(10 ** (b - 1), 10 ** b)
        z = x * y
        if len(set(f"{x}{y}{z}")) < 3:      # at least three colours (the report: 2..6 values)
            continue
        puzzle, sols = _painted(x, y, rng.sample(COLOURS, 10), budget)
        if len(sols) == 1:
            level = grade(puzzle, budget)
            if difficulty is None or level == difficulty:
                return _generated(puzzle, sols[0], f"{a}x{b}", level)
    wanted = f"{difficulty} " if difficulty else ""
    raise GenerationError(f"no unique {wanted}{a}x{b} crypto-product found in {MAX_ATTEMPTS} "
                          "attempts")
