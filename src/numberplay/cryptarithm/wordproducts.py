"""Products from a word list: every `W1 * ... * Wm = V1 * ... * Vk` of distinct
words with exactly one solution (`BETA * PHI = ALPHA * NU`).

The sides are walked as sets of words in list order, cut as soon as their
letters outnumber the digits; a pair of sides whose products cannot meet (each
side lies between the product of its words' smallest and largest values) is
never searched. An equality is given once: when both orientations fit the
asked numbers of factors, the one whose left side starts earlier in the list.
What is left is decided by the formula core's propagation search (its column
checks modulo B^k and magnitude intervals, compiled), with the polynomial built
here directly, and every solution it gives checked again with exact integers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import prod

from ..formula import products as P
from .wordlist import Tally, WordList


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


def _range(lens: list[int], side: tuple[int, ...], base: int) -> tuple[int, int]:
    """The smallest and largest product the words of a side can make."""
    lo = prod(base ** (lens[i] - 1) if lens[i] > 1 else 0 for i in side)
    hi = prod(base ** lens[i] - 1 for i in side)
    return lo, hi


def product_equalities(words: list[str], left: tuple[int, int] = (2, 2),
                       right: tuple[int, int] = (1, 1), base: int = 10, *,
                       tally: Tally | None = None,
                       progress: Callable[[Tally], None] | None = None) -> Iterator[Found]:
    """Every equality of a product of `left` distinct words with a product of `right`
    others, with exactly one solution; by the left side in list order."""
    tally = tally if tally is not None else Tally()
    vocab = WordList(words, base)
    masks, lens, n = vocab.masks, vocab.lens, len(words)
    (m_lo, m_hi), (k_lo, k_hi) = left, right

    def sides(lo: int, hi: int, start_mask: int, banned: frozenset[int]
              ) -> Iterator[tuple[tuple[int, ...], int]]:
        def extend(prefix: tuple[int, ...], start: int, mask: int
                   ) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(prefix) >= lo:
                yield prefix, mask
            if len(prefix) >= hi:
                return
            for j in range(start, n):
                if j in banned:
                    continue
                m = mask | masks[j]
                if m.bit_count() <= base:
                    yield from extend(prefix + (j,), j + 1, m)
        yield from extend((), 0, start_mask)

    for a, mask_a in sides(m_lo, m_hi, 0, frozenset()):
        tally.sets += 1
        a_lo, a_hi = _range(lens, a, base)
        for b, _ in sides(k_lo, k_hi, mask_a, frozenset(a)):
            if m_lo <= len(b) <= m_hi and k_lo <= len(a) <= k_hi and b[0] < a[0]:
                continue          # the other orientation is given
            b_lo, b_hi = _range(lens, b, base)
            if b_lo > a_hi or a_lo > b_hi:
                tally.skipped += 1
                continue
            tally.examined += 1
            lw, rw = tuple(words[i] for i in a), tuple(words[j] for j in b)
            count, first = count_product(lw, rw, base)
            if count == 1 and first is not None:
                tally.found += 1
                yield Equality(lw, rw, tuple(sorted(first.items())))
        if progress:
            progress(tally)


Found = Equality
