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

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .wordlist import Tally
from .wordproducts import Eq, count_equations


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
