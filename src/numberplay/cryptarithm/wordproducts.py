"""Products from a word list: every `W1 * ... * Wm = V1 * ... * Vk` of distinct
words with exactly one solution (`BETA * PHI = ALPHA * NU`).

The sides are sets of words in list order, each made once with its letters (a
bit mask) and the range of its product (between the product of its words'
smallest and largest values), cut as soon as its letters outnumber the digits;
every pair of sides shares that work. A pair is rejected before any search when
its letters outnumber the digits or its ranges do not meet. An equality is given
once: when both orientations fit the asked numbers of factors, the one whose
left side starts earlier in the list.

What is left is counted to two by a column search (`_products.word_products`,
compiled; `columns_py` here is its pure-Python twin, node for node): the letters
that first occur in column k (from the units) get digits, and the products of
the words' last k+1 digits must agree modulo B^(k+1) (the last digits of a
product depend only on the last digits of its factors). Past the units that
test is linear in the column's new digits modulo B, so the last of them is
solved rather than tried. With every letter decided, the products are compared
exactly in 128 bits: a pair whose product can pass 128 bits is refused with one
line (`ProductTooLarge`), after everything found before it was given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import PuzzleError
from ..formula import products as P
from .wordlist import Tally, WordList

try:
    from ..formula import _products as _compiled
except ImportError:        # no C compiler at install time: columns_py below
    _compiled = None  # type: ignore[assignment]

MAX_BITS = 128             # the exact comparison of the column search
LEAD_TESTS = 1000          # range tests of the leading letters' walk (WP_LEAD_TESTS)


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


def columns_py(base: int, limit: int, words: list[list[int]], nleft: int
               ) -> tuple[int, tuple[tuple[int, int], ...] | None, int]:
    """(solutions up to `limit`, the first as (letter id, digit) pairs, nodes) of
    prod(words[:nleft]) = prod(words[nleft:]) (letter ids, most significant first;
    distinct digits; no word of two or more letters starting with 0): the column
    search of `_products.word_products`, in Python, step for step."""
    ids: list[int] = []
    lt: list[list[int]] = []          # local letter of each place, units first
    for word in words:
        row = []
        for c in reversed(word):
            if c not in ids:
                ids.append(c)
            row.append(ids.index(c))
        lt.append(row)
    n, nw = len(ids), len(words)
    if n > base:
        raise ValueError("more letters than digits")
    side = [1 if w < nleft else -1 for w in range(nw)]
    lens = [len(r) for r in lt]
    lead = [False] * n
    for r in lt:
        if len(r) > 1:
            lead[r[-1]] = True
    ncol = max(lens)
    newl: list[list[int]] = []
    seen: set[int] = set()
    for k in range(ncol):
        col = []
        for w in range(nw):
            if lens[w] > k and lt[w][k] not in seen:
                seen.add(lt[w][k])
                col.append(lt[w][k])
        newl.append(col)
    pw = [base ** k if base ** k < 1 << 62 else 0 for k in range(ncol + 1)]
    nsol = [sum(1 for d in range(base) if c * d % base == 0) for c in range(base)]
    dig = [-1] * n
    low = [[0] * nw for _ in range(ncol + 1)]
    ucof = [0] * nw
    coef: list[list[int]] = [[] for _ in range(ncol)]
    st = {"count": 0, "nodes": 0, "used": 0}
    first: list[int] = []

    dom = [set(range(1 if lead[x] else 0, base)) for x in range(n)]

    def allowed(x: int) -> list[int]:
        used = st["used"]
        return [d for d in sorted(dom[x]) if not used >> d & 1]

    # the leading letters first: the digits each takes in some assignment of them
    # all under which the sides' ranges meet (a walk of at most LEAD_TESTS tests)
    leads = list(dict.fromkeys(r[-1] for r in lt if len(r) > 1))
    place = [base ** (len(r) - 1) for r in lt]
    lead_seen: list[set[int]] = [set() for _ in leads]
    walk = {"open": len(leads), "tests": LEAD_TESTS}

    def meet() -> bool:
        lo, hi = [1, 1], [1, 1]
        for w in range(nw):
            at, d = (0 if side[w] > 0 else 1), dig[lt[w][-1]]
            if d >= 0:
                a, z = d * place[w], (d + 1) * place[w] - 1
            else:
                a, z = (place[w] if lens[w] > 1 else 0), place[w] * base - 1
            lo[at] *= a
            hi[at] *= z
        return lo[0] <= hi[1] and lo[1] <= hi[0]

    def lead_walk(i: int) -> int:
        if i == len(leads):
            for j, x in enumerate(leads):
                if dig[x] not in lead_seen[j]:
                    lead_seen[j].add(dig[x])
                    if lead_seen[j] == dom[x]:
                        walk["open"] -= 1
            return 1
        x, found = leads[i], 0
        for d in range(1, base):
            if not walk["open"] or walk["tests"] <= 0:
                break
            if st["used"] >> d & 1:
                continue
            dig[x] = d
            st["used"] |= 1 << d
            walk["tests"] -= 1
            if meet():
                found += lead_walk(i + 1)
            st["used"] &= ~(1 << d)
        dig[x] = -1
        return found

    def exact() -> None:
        pl = pr = 1
        for w in range(nw):
            v = 0
            for j in reversed(range(lens[w])):
                v = v * base + dig[lt[w][j]]
            if side[w] > 0:
                pl *= v
            else:
                pr *= v
        if pl == pr:
            if st["count"] == 0:
                first[:] = dig
            st["count"] += 1

    def after(k: int) -> None:
        if k == 0:
            for w in range(nw):
                c = 1
                for v in range(nw):
                    if v != w and side[v] == side[w]:
                        c = c * dig[lt[v][0]] % base
                ucof[w] = c
        if k + 1 == ncol:
            exact()
        else:
            column(k + 1)

    def units(i: int) -> None:
        if i == len(newl[0]):
            pl = pr = 1
            for w in range(nw):
                if side[w] > 0:
                    pl = pl * dig[lt[w][0]] % base
                else:
                    pr = pr * dig[lt[w][0]] % base
            if pl == pr:
                after(0)
            return
        x = newl[0][i]
        for d in allowed(x):
            if st["count"] >= limit:
                break
            st["nodes"] += 1
            dig[x] = d
            st["used"] |= 1 << d
            units(i + 1)
            st["used"] &= ~(1 << d)
        dig[x] = -1

    def letters(k: int, i: int, r: int, free: bool) -> None:
        x = newl[k][i]
        last = i == len(newl[k]) - 1
        for d in allowed(x):
            if st["count"] >= limit:
                break
            if last and not free and (r + coef[k][i] * d) % base:
                continue
            st["nodes"] += 1
            dig[x] = d
            st["used"] |= 1 << d
            if last:
                after(k)
            else:
                letters(k, i + 1, (r + coef[k][i] * d) % base, free)
            st["used"] &= ~(1 << d)
        dig[x] = -1

    def column(k: int) -> None:
        for w in range(nw):
            low[k][w] = low[k - 1][w] + (dig[lt[w][k - 1]] * pw[k - 1] if lens[w] > k - 1
                                         else 0)
        mod = pw[k + 1] if k + 1 < len(pw) else 0
        if not mod:
            if newl[k]:
                coef[k] = [0] * len(newl[k])
                letters(k, 0, 0, True)
            else:
                after(k)
            return
        pl = pr = 1
        for w in range(nw):
            if side[w] > 0:
                pl = pl * low[k][w] % mod
            else:
                pr = pr * low[k][w] % mod
        r = (pl - pr) % mod // pw[k]
        coef[k] = [0] * len(newl[k])
        for w in range(nw):
            if lens[w] <= k:
                continue
            x = lt[w][k]
            c = ucof[w] if side[w] > 0 else (base - ucof[w]) % base
            if dig[x] >= 0:
                r = (r + c * dig[x]) % base
            else:
                a = newl[k].index(x)
                coef[k][a] = (coef[k][a] + c) % base
        if not newl[k]:
            if r == 0:
                after(k)
            return
        last = len(newl[k]) - 1          # solved last: the fewest solutions
        best = last
        for a in range(last - 1, -1, -1):
            if nsol[coef[k][best]] <= 1:
                break
            if nsol[coef[k][a]] < nsol[coef[k][best]]:
                best = a
        if best != last:
            newl[k][best], newl[k][last] = newl[k][last], newl[k][best]
            coef[k][best], coef[k][last] = coef[k][last], coef[k][best]
        letters(k, 0, r, False)

    found = lead_walk(0)
    if walk["tests"] > 0 and walk["open"]:
        for j, x in enumerate(leads):
            dom[x] &= lead_seen[j]
    if found or walk["tests"] <= 0 or not walk["open"]:
        units(0)
    if not st["count"]:
        return 0, None, st["nodes"]
    return st["count"], tuple((ids[i], first[i]) for i in range(n)), st["nodes"]


def count_columns(words: list[list[int]], nleft: int, base: int = 10, limit: int = 2
                  ) -> tuple[int, tuple[tuple[int, int], ...] | None, int]:
    """`columns_py`, compiled when the core is there."""
    if _compiled is not None and base <= 62:
        return _compiled.word_products(base, limit, words, nleft)
    return columns_py(base, limit, words, nleft)


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
