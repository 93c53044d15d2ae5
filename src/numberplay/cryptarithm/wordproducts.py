"""Products from a word list: every `W1 * ... * Wm = V1 * ... * Vk` of distinct
words with exactly one solution (`BETA * PHI = ALPHA * NU`).

The sides are sets of words in list order, each made once with its letters (a
bit mask) and the range of its product (between the product of its words'
smallest and largest values), cut as soon as its letters outnumber the digits;
every pair of sides shares that work. A pair is rejected before any search when
its letters outnumber the digits or its ranges do not meet. An equality is given
once: when both orientations fit the asked numbers of factors, the one whose
left side starts earlier in the list.

What is left is counted to two by a column search (`wordcolumns.py`, one typed
source, compiled by Cython when a compiler was there): the products
of the words' last k+1 digits must agree modulo B^(k+1) (the last digits of a
product depend only on the last digits of its factors). A letter gets its digit
at the first column whose test depends on it (the letters of words
that end alike, as PHI and CHI, cancel in their common columns); past the units
the test is linear in the column's new letters modulo B, so the last of them is
solved rather than tried, and before each column the sides' ranges must meet. A
units letter given 0 strips the trailing zeros of the words ending in it. With
every letter decided, the products are compared exactly in 128 bits: a pair
whose product can pass 128 bits is refused with one line (`ProductTooLarge`),
after everything found before it was given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import _pure
from ..errors import PuzzleError
from ..formula import products as P
from . import wordcolumns as _core
from .wordlist import Tally, WordList

MAX_BITS = 128             # the exact comparison of the column search


@dataclass(frozen=True)
class Equality:
    """An equality of products of words with exactly one solution."""

    left: tuple[str, ...]
    right: tuple[str, ...]
    digits: tuple[tuple[str, int], ...]
    op: str = " * "

    @property
    def addends(self) -> tuple[str, ...]:
        """The left side's words (named as a sum's, for the generators' loop)."""
        return self.left

    @property
    def formula(self) -> str:
        """`BETA * PHI = ALPHA * NU`."""
        return self.op.join(self.left) + " = " + self.op.join(self.right)


Eq = tuple[tuple[str, ...], tuple[str, ...]]   # product of words = product of words


def _value(word: str, digits: dict[str, int], base: int) -> int:
    v = 0
    for ch in word:
        v = v * base + digits[ch]
    return v


def _key(words: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(words).items()))


def _holds(eqs: list[Eq], digits: dict[str, int], base: int) -> bool:
    """Exact integers: does every equation hold?"""
    def product(ws: tuple[str, ...]) -> int:
        out = 1
        for w in ws:
            out *= _value(w, digits, base)
        return out
    return all(product(left) == product(right) for left, right in eqs)


def count_equations(eqs: list[Eq], base: int = 10, limit: int = 2
                    ) -> tuple[int, dict[str, int] | None]:
    """(solutions up to `limit`, the first) of products of words equal, letters
    distinct digits, no word of two or more letters starting with 0."""
    letters: list[str] = []
    for left, right in eqs:
        for w in (*left, *right):
            for ch in w:
                if ch not in letters:
                    letters.append(ch)
    if len(letters) > base:
        return 0, None
    index = {ch: i for i, ch in enumerate(letters)}
    lead = frozenset(w[0] for left, right in eqs for w in (*left, *right) if len(w) > 1)
    polys: list[P.Poly] = []
    for left, right in eqs:
        poly: P.Poly = {_key(left): 1}
        k = _key(right)
        poly[k] = poly.get(k, 0) - 1
        polys.append({m: c for m, c in poly.items() if c})
    prog = P.program_of(polys, letters, index, base, lead)
    if prog is None:
        return _count_slow(eqs, base, limit)
    found, first = 0, None
    for sol in P.search(prog, {}):
        digits = dict(zip(letters, sol, strict=True))
        if not _holds(eqs, digits, base):
            continue
        found += 1
        first = first or digits
        if found >= limit:
            break
    return found, first


def _count_slow(eqs: list[Eq], base: int, limit: int) -> tuple[int, dict[str, int] | None]:
    """The formula solver's count, for equations the compiled search cannot take."""
    from ..formula import puzzle as F
    from .model import CryptarithmPuzzle
    text = " && ".join(" * ".join(left) + " = " + " * ".join(right) for left, right in eqs)
    puzzle = CryptarithmPuzzle.of(text, base)
    first, found = None, 0
    for a in F.assignments(puzzle, None):
        found += 1
        first = first or dict(a)
        if found >= limit:
            break
    return found, first


def count_product(left: tuple[str, ...], right: tuple[str, ...], base: int = 10,
                  limit: int = 2) -> tuple[int, dict[str, int] | None]:
    """(solutions up to `limit`, the first) of `prod(left) = prod(right)`, letters
    distinct digits, no word of two or more letters starting with 0."""
    return count_equations([(left, right)], base, limit)


def _python_core() -> Any:
    """The column search run from its source as Python: the module itself when it is
    not compiled, else a copy of its source (tests and benchmarks compare the two)."""
    global _PY
    if _PY is None:
        _PY = _core if not _pure.compiled(_core) else _pure.as_python(_core)
    return _PY


_PY: Any = None
_search: Any = _core       # the search `count_columns` runs (a test may swap in the Python copy)


def count_columns(words: list[list[int]], nleft: int, base: int = 10, limit: int = 2
                  ) -> tuple[int, tuple[tuple[int, int], ...] | None, int]:
    """(solutions up to `limit`, the first as (letter id, digit) pairs, nodes) of
    prod(words[:nleft]) = prod(words[nleft:]) (letter ids, most significant first)."""
    return _search.word_products(base, limit, words, nleft)


class ProductTooLarge(PuzzleError):
    """A product of words can pass the 128 bits of the column search."""


@dataclass(frozen=True)
class _Side:
    """A set of words of a side, made once: indices, letters, range of its product."""

    words: tuple[int, ...]
    mask: int
    lo: int
    hi: int


def _sides(vocab: WordList, lo: int, hi: int, base: int) -> list[_Side]:
    """Every set of `lo`..`hi` words whose letters fit in the digits, in list order
    (each prefix before its extensions)."""
    masks, lens, n = vocab.masks, vocab.lens, len(vocab)
    out: list[_Side] = []

    def extend(prefix: tuple[int, ...], start: int, mask: int, a: int, z: int) -> None:
        if len(prefix) >= lo:
            out.append(_Side(prefix, mask, a, z))
        if len(prefix) >= hi:
            return
        for j in range(start, n):
            m = mask | masks[j]
            if m.bit_count() <= base:
                extend(prefix + (j,), j + 1, m, a * (base ** (lens[j] - 1) if lens[j] > 1
                                                     else 0), z * (base ** lens[j] - 1))
    extend((), 0, 0, 1, 1)
    return out


def product_equalities(words: list[str], left: tuple[int, int] = (2, 2),
                       right: tuple[int, int] = (1, 1), base: int = 10, *,
                       tally: Tally | None = None,
                       progress: Callable[[Tally], None] | None = None) -> Iterator[Found]:
    """Every equality of a product of `left` distinct words with a product of `right`
    others, with exactly one solution; by the left side in list order."""
    tally = tally if tally is not None else Tally()
    (m_lo, m_hi), (k_lo, k_hi) = left, right
    if len(words) < m_lo + k_lo:
        raise PuzzleError(f"--op x: {m_lo} factor(s) on the left and {k_lo} on the right "
                          f"need {m_lo + k_lo} distinct words; the list has {len(words)}")
    vocab = WordList(words, base)
    ids: dict[str, int] = {}
    letters = [[ids.setdefault(ch, len(ids)) for ch in w] for w in words]
    lefts = _sides(vocab, m_lo, m_hi, base)
    rights = lefts if (k_lo, k_hi) == (m_lo, m_hi) else _sides(vocab, k_lo, k_hi, base)
    limit = 1 << MAX_BITS
    for a in lefts:
        tally.sets += 1
        aw = set(a.words)
        for b in rights:
            tally.pairs += 1
            if m_lo <= len(b.words) <= m_hi and k_lo <= len(a.words) <= k_hi \
                    and b.words[0] < a.words[0]:
                continue          # the other orientation is given
            if (a.mask | b.mask).bit_count() > base or not aw.isdisjoint(b.words):
                tally.letters += 1
                continue
            if b.lo > a.hi or a.lo > b.hi:
                tally.skipped += 1
                continue
            if a.hi >= limit or b.hi >= limit:
                big = a if a.hi >= limit else b
                raise ProductTooLarge(
                    f"--op x: {' * '.join(words[i] for i in big.words)} can be a number "
                    f"of {len(str(big.hi))} digits, past the {MAX_BITS} bits the product "
                    "search takes: use shorter words or fewer factors")
            tally.examined += 1
            count, first, nodes = count_columns(
                [letters[i] for i in a.words] + [letters[j] for j in b.words],
                len(a.words), base)
            tally.nodes += nodes
            if count == 1 and first is not None:
                tally.found += 1
                names = list(ids)
                yield Equality(tuple(words[i] for i in a.words),
                               tuple(words[j] for j in b.words),
                               tuple(sorted((names[i], d) for i, d in first)))
        if progress:
            progress(tally)


Found = Equality
