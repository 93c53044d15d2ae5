"""The cryptarithm generator: addition puzzles from a word list.

Every puzzle returned has exactly one solution, proved by counting with limit 2.
"""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path
from typing import Any

from ..budget import Budget
from ..errors import GenerationError, PuzzleError
from ..model import Generated

MAX_SUM_ATTEMPTS = 800


def load_words(path: str | None) -> list[str]:
    """Upper-case words of 2 to 8 letters from a file (default: the bundled list)."""
    if path:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise PuzzleError(f"--words: cannot read {path}: {exc.strerror}") from None
    else:
        text = (resources.files("numberplay.cryptarithm") / "data" / "words.txt").read_text(
            encoding="utf-8")
    words = []
    for line in text.splitlines():
        w = line.strip().upper()
        if w and not w.startswith("#") and w.isalpha() and w.isascii() and 2 <= len(w) <= 8 \
                and len(set(w)) <= 10:
            words.append(w)
    words = sorted(set(words))
    if len(words) < 3:
        raise PuzzleError("--words: the list needs at least 3 usable words (2 to 8 letters)")
    return words


def parse_range(text: str | None, default: tuple[int, int]) -> tuple[int, int]:
    """`2`, `2..3` or `2-3` as (lo, hi)."""
    if not text:
        return default
    s = str(text).replace("-", "..")
    lo, _, hi = s.partition("..")
    try:
        a, b = int(lo), int(hi or lo)
    except ValueError:
        raise PuzzleError(f"--addends expects N or N..M, not {text!r}") from None
    if not 2 <= a <= b <= 10:
        raise PuzzleError("--addends must be between 2 and 10")
    return a, b


def generate_sum(kind: Any, rng: random.Random, size: str | None, difficulty: str | None,
                 budget: Budget, words: str | None = None, addends: str | None = None,
                 **_: Any) -> Generated:
    """`WORD + WORD (+ WORD) = WORD` with exactly one solution."""
    vocab = load_words(words)
    lo, hi = parse_range(addends or size, (2, 2))
    if difficulty is not None and difficulty not in kind.difficulties:
        raise PuzzleError(f"unknown difficulty {difficulty!r} (one of "
                          f"{', '.join(kind.difficulties)})")
    for _attempt in range(MAX_SUM_ATTEMPTS):
        k = rng.randint(lo, hi)
        if k >= len(vocab):
            raise PuzzleError("--words: the list is too short for that many addends")
        terms = rng.sample(vocab, k)
        letters = set("".join(terms))
        longest = max(map(len, terms))
        results = [w for w in vocab if w not in terms and longest <= len(w) <= longest + 1
                   and len(letters | set(w)) <= 10]
        rng.shuffle(results)
        for result in results[:30]:
            budget.tick()
            puzzle = kind.parse(" + ".join(terms) + " = " + result)
            sols = list(kind.solutions(puzzle, limit=2, budget=budget.child()))
            if len(sols) != 1:
                continue
            grade = kind.grade(puzzle)
            if difficulty is not None and grade != difficulty:
                continue
            return Generated(puzzle, sols[0], grade, kind.to_text(puzzle))
    raise GenerationError("no unique addition puzzle found in the word list "
                          f"after {MAX_SUM_ATTEMPTS} attempts")
