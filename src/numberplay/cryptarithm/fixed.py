"""Sums with a fixed result: every `W1 + ... + Wk = RESULT` of a word list with
exactly one solution (`--result PLANETS`: `SATURN + URANUS = PLANETS`).

The result's letters are in every candidate, so the walk over sets of addends
starts from them and stops as soon as the letters outnumber the digits, and a
set whose total cannot reach the result's length (or must pass it) is never
extended further when adding words only makes it larger.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator

from ..errors import PuzzleError
from ..text import shorten
from .wordlist import Found, Tally, WordList, read_words


def read_result(text: str) -> str:
    """`--result WORD` as the list's words are read (one word, in capitals)."""
    words = read_words(unicodedata.normalize("NFC", str(text)), "--result")
    if len(words) != 1:
        raise PuzzleError(f"--result expects one word, not {shorten(str(text))!r}")
    return words[0]


def check_result(text: str) -> None:
    """A KindOption check for `--result`."""
    read_result(text)


def fixed_result(words: list[str], result: str, addends: tuple[int, int] = (2, 2),
                 repeat: bool = False, *, base: int = 10, tally: Tally | None = None,
                 progress: Callable[[Tally], None] | None = None,
                 compiled: bool | None = None) -> Iterator[Found]:
    """Every sum of `addends` words of the list (the result left out of it) equal to
    `result` with exactly one solution; by number of addends, then in list order."""
    tally = tally if tally is not None else Tally()
    total_word = read_result(result)
    pool = [w for w in words if w != total_word]
    if not pool:
        raise PuzzleError("--words: the list needs at least 2 words besides the result")
    vocab = WordList([*pool, total_word], base)
    r = len(pool)
    masks, lens = vocab.masks, vocab.lens
    start_mask = masks[r]
    most = base ** lens[r] - 1          # the largest value the result can take
    least = base ** (lens[r] - 1) if lens[r] > 1 else 0
    lo, hi = addends
    found: list[tuple[int, tuple[int, ...], dict[str, int]]] = []

    def walk(combo: tuple[int, ...], start: int, mask: int, smallest: int,
             largest: int) -> None:
        k = len(combo)
        if k >= lo:
            tally.sets += 1
            if largest >= least and max(lens[i] for i in combo) <= lens[r]:
                tally.examined += 1
                ok, undecided, nodes = vocab.decide(combo, [r], compiled=compiled)
                tally.nodes += nodes
                tally.undecided += len(undecided)
                for _, digits in ok:
                    tally.found += 1
                    found.append((k, combo, digits))
        if k >= hi:
            return
        for i in range(start, r):
            m = mask | masks[i]
            low = smallest + (base ** (lens[i] - 1) if lens[i] > 1 else 0)
            if m.bit_count() > base or lens[i] > lens[r] or low > most:
                continue
            walk(combo + (i,), i if repeat else i + 1, m, low,
                 largest + base ** lens[i] - 1)
        if k == 1 and progress:
            progress(tally)

    for first in range(r):
        m = start_mask | masks[first]
        if m.bit_count() <= base and lens[first] <= lens[r]:
            walk((first,), first if repeat else first + 1, m,
                 base ** (lens[first] - 1) if lens[first] > 1 else 0, base ** lens[first] - 1)
    found.sort(key=lambda f: (f[0], f[1]))
    for _, combo, digits in found:
        yield Found(tuple(pool[i] for i in combo), total_word, tuple(sorted(digits.items())))
