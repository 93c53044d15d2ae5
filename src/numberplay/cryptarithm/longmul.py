"""Long multiplications from a word list, in the crypto-product layout cryptator
publishes (`long-multiplications/*.db.txt`):

    MU * MU = TAU && NU * '1' + MU * '10' = TAU && MU * M = MU && MU * U = NU

a product `A * B = C` of words of the list, then the sum of the partial products
shifted by their places, then each partial product: A times one letter (digit) of
B equals a word of the list. B has two letters or more; A may be B.

The walk: A, B in list order, then every C whose length fits and for which
`A * B = C` has a solution, then a word per distinct letter of B (left to right),
each choice kept only while the equations so far still have a solution. What is
left is counted to two by the formula core's propagation search (compiled), with
the polynomials built here, and every solution checked again with exact
integers; only formulas with exactly one solution are given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..formula import products as P
from .wordlist import Tally

Eq = tuple[tuple[str, ...], tuple[str, ...]]   # product of words = product of words


@dataclass(frozen=True)
class LongMultiplication:
    """`A * B = C` with its partial products (one word per letter of B, left to
    right), exactly one solution."""

    a: str
    b: str
    c: str
    partials: tuple[str, ...]
    digits: tuple[tuple[str, int], ...]
    base: int = 10

    @property
    def addends(self) -> tuple[str, ...]:
        """The factors (named as a sum's addends, for the generators' loop)."""
        return (self.a, self.b)

    @property
    def formula(self) -> str:
        """The layout of cryptator's files (the place values are decimal quotes)."""
        k = len(self.b)
        shifted = " + ".join(f"{self.partials[k - 1 - i]} * '{self.base ** i}'"
                             for i in range(k))
        rows = " && ".join(f"{self.a} * {ch} = {p}" for ch, p in zip(self.b, self.partials,
                                                                     strict=True))
        return f"{self.a} * {self.b} = {self.c} && {shifted} = {self.c} && {rows}"


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


def _bits(word: str, letter_bit: dict[str, int]) -> int:
    m = 0
    for ch in word:
        m |= letter_bit[ch]
    return m


def long_multiplications(words: list[str], base: int = 10, *, tally: Tally | None = None,
                         progress: Callable[[Tally], None] | None = None
                         ) -> Iterator[LongMultiplication]:
    """Every long multiplication of the list's words with exactly one solution, by
    A then B then C in list order, then the partial words in list order."""
    tally = tally if tally is not None else Tally()
    letter_bit: dict[str, int] = {}
    for w in words:
        for ch in w:
            letter_bit.setdefault(ch, 1 << len(letter_bit))
    masks = [_bits(w, letter_bit) for w in words]
    for a, ma in zip(words, masks, strict=True):
        for b, mb in zip(words, masks, strict=True):
            tally.sets += 1
            if len(b) < 2 or (ma | mb).bit_count() > base:
                continue
            for c, mc in zip(words, masks, strict=True):
                m = ma | mb | mc
                if len(c) not in (len(a) + len(b) - 1, len(a) + len(b)) \
                        or m.bit_count() > base:
                    continue
                tally.examined += 1
                eqs: list[Eq] = [((a, b), (c,))]
                if count_equations(eqs, base, 1)[0] == 0:
                    tally.skipped += 1
                    continue
                yield from _partials(a, b, c, eqs, m, words, masks, base, tally)
                if progress:
                    progress(tally)      # the bound (--timeout) is checked here
            if progress:
                progress(tally)


def _partials(a: str, b: str, c: str, eqs: list[Eq], mask: int, words: list[str],
              masks: list[int], base: int, tally: Tally) -> Iterator[LongMultiplication]:
    """The choices of a partial word per distinct letter of B that keep the
    equations solvable; those with exactly one solution."""
    letters = list(dict.fromkeys(b))
    sizes = (len(a), len(a) + 1) if len(a) > 1 else (1, 2)

    def walk(i: int, eqs: list[Eq], mask: int, chosen: dict[str, str]
             ) -> Iterator[LongMultiplication]:
        if i == len(letters):
            count, first = count_equations(eqs, base, 2)
            if count == 1 and first is not None:
                tally.found += 1
                yield LongMultiplication(a, b, c, tuple(chosen[ch] for ch in b),
                                         tuple(sorted(first.items())), base)
            return
        ch = letters[i]
        for p, mp in zip(words, masks, strict=True):
            m = mask | mp
            if len(p) not in sizes or m.bit_count() > base or \
                    (len(a) > 1 and p in chosen.values()):
                continue
            more = [*eqs, ((a, ch), (p,))]
            if count_equations(more, base, 1)[0] == 0:
                continue
            yield from walk(i + 1, more, m, {**chosen, ch: p})

    yield from walk(0, eqs, mask, {})
