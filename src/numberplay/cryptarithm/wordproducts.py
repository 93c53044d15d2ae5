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
compiled; `columns_py` here is its pure-Python twin, node for node): the products
of the words' last k+1 digits must agree modulo B^(k+1) (the last digits of a
product depend only on the last digits of its factors). A letter gets its digit
at the first column whose test depends on it (`_levels`: the letters of words
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

from ..errors import PuzzleError
from ..formula import products as P
from .wordlist import Tally, WordList

try:
    from ..formula import _products as _compiled
except ImportError:        # no C compiler at install time: columns_py below
    _compiled = None  # type: ignore[assignment]

MAX_BITS = 128             # the exact comparison of the column search
LEAD_TESTS = 1000          # range tests of the leading letters' walk (WP_LEAD_TESTS)
MAX_TERMS = 4096           # monomials of a letter-level expansion, at most (WP_MAXT)
SYM_WORDS = 10             # words of a side that expansion takes, at most (WP_SYMW)
MAX_PLACES = 64            # places of a word (WP_MAXL)
INF = 1 << 30


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
    lead = [False] * n
    for r in lt:
        if len(r) > 1:
            lead[r[-1]] = True
    nsol = [sum(1 for d in range(base) if c * d % base == 0) for c in range(base)]
    dig = [-1] * n
    st = {"count": 0, "nodes": 0, "used": 0}
    first: list[int] = []
    dom = [set(range(1 if lead[x] else 0, base)) for x in range(n)]

    def allowed(x: int) -> list[int]:
        used = st["used"]
        return [d for d in sorted(dom[x]) if not used >> d & 1]

    def val(x: int) -> int:
        return dig[x] if dig[x] >= 0 else 0

    # the leading letters first: the digits each takes in some assignment of them
    # all under which the sides' ranges meet (a walk of at most LEAD_TESTS tests)
    leads = list(dict.fromkeys(r[-1] for r in lt if len(r) > 1))
    lens0 = [len(r) for r in lt]
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
                a, z = (place[w] if lens0[w] > 1 else 0), place[w] * base - 1
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

    def ranges() -> bool:
        """Can the sides' ranges meet, each word between its smallest and largest
        digits left?"""
        lo, hi = [1, 1], [1, 1]
        for w in range(nw):
            a = z = 0
            for j in reversed(range(lens0[w])):
                x = lt[w][j]
                ds = [dig[x]] if dig[x] >= 0 else allowed(x)
                if not ds:
                    return False
                a, z = a * base + ds[0], z * base + ds[-1]
            at = 0 if side[w] > 0 else 1
            lo[at] *= a
            hi[at] *= z
        return lo[0] <= hi[1] and lo[1] <= hi[0]

    def exact() -> None:
        pl = pr = 1
        for w in range(nw):
            v = 0
            for j in reversed(range(lens0[w])):
                v = v * base + dig[lt[w][j]]
            if side[w] > 0:
                pl *= v
            else:
                pr *= v
        if pl == pr:
            if st["count"] == 0:
                first[:] = dig
            st["count"] += 1

    def search(rows: list[list[int]], el: int, er: int, strip: bool) -> None:
        """The column search of prod(left rows) * B^el = prod(right rows) * B^er, the
        letters that have a digit kept."""
        lens = [len(r) for r in rows]
        ncol = max(lens)
        pw = [base ** k if base ** k < 1 << 62 else 0 for k in range(ncol + 1)]
        col = [INF] * n                    # the column each letter first occurs in
        for k in range(ncol):
            for w in range(nw):
                if lens[w] > k and col[rows[w][k]] == INF:
                    col[rows[w][k]] = k
        level = _levels(base, rows, side, el, er, ncol, pw, col)
        later: list[list[int]] = []        # letters of level k from lower columns
        fresh: list[list[int]] = []        # letters of level k first met in column k
        for k in range(ncol):
            later.append(list(dict.fromkeys(
                rows[w][j] for j in range(k) for w in range(nw)
                if lens[w] > j and level[rows[w][j]] == k and col[rows[w][j]] == j
                and dig[rows[w][j]] < 0)))
            fresh.append(list(dict.fromkeys(
                rows[w][k] for w in range(nw)
                if lens[w] > k and col[rows[w][k]] == k and level[rows[w][k]] == k
                and dig[rows[w][k]] < 0)))
        rest = list(dict.fromkeys(rows[w][j] for j in range(ncol) for w in range(nw)
                                  if lens[w] > j and level[rows[w][j]] == INF
                                  and dig[rows[w][j]] < 0))
        unit = [False] * n
        if strip:
            for r in rows:
                unit[r[0]] = True
        cl, cr = base ** el, base ** er

        def enum(xs: list[int], i: int, then: Callable[[], None]) -> None:
            if i == len(xs):
                then()
                return
            x = xs[i]
            for d in allowed(x):
                if st["count"] >= limit:
                    break
                st["nodes"] += 1
                dig[x] = d
                st["used"] |= 1 << d
                if d or not unit[x] or not stripped(x):
                    enum(xs, i + 1, then)
                st["used"] &= ~(1 << d)
            dig[x] = -1

        def after(k: int) -> None:
            if k + 1 == ncol:
                enum(rest, 0, exact)
            else:
                enum(later[k + 1], 0, lambda: column(k + 1))

        def units() -> None:
            pl, pr = cl % base, cr % base
            for w in range(nw):
                if side[w] > 0:
                    pl = pl * val(rows[w][0]) % base
                else:
                    pr = pr * val(rows[w][0]) % base
            if pl == pr:
                after(0)

        def letters(k: int, xs: list[int], coef: list[int], i: int, r: int, free: bool
                    ) -> None:
            x = xs[i]
            last = i == len(xs) - 1
            for d in allowed(x):
                if st["count"] >= limit:
                    break
                if last and not free and (r + coef[i] * d) % base:
                    continue
                st["nodes"] += 1
                dig[x] = d
                st["used"] |= 1 << d
                if last:
                    after(k)
                else:
                    letters(k, xs, coef, i + 1, (r + coef[i] * d) % base, free)
                st["used"] &= ~(1 << d)
            dig[x] = -1

        def column(k: int) -> None:
            if not ranges():
                return
            xs = list(fresh[k])
            coef = [0] * len(xs)
            mod = pw[k + 1]
            if not mod:
                if xs:
                    letters(k, xs, coef, 0, 0, True)
                else:
                    after(k)
                return
            ucof = []
            for w in range(nw):
                c = (cl if side[w] > 0 else cr) % base
                for v in range(nw):
                    if v != w and side[v] == side[w]:
                        c = c * val(rows[v][0]) % base
                ucof.append(c)
            pl, pr = cl % mod, cr % mod
            for w in range(nw):
                low = sum(val(rows[w][j]) * pw[j] for j in range(min(k, lens[w])))
                if side[w] > 0:
                    pl = pl * low % mod
                else:
                    pr = pr * low % mod
            r = (pl - pr) % mod // pw[k]
            for w in range(nw):
                if lens[w] <= k:
                    continue
                x = rows[w][k]
                c = ucof[w] if side[w] > 0 else (base - ucof[w]) % base
                if dig[x] >= 0:
                    r = (r + c * dig[x]) % base
                elif x in xs:
                    a = xs.index(x)
                    coef[a] = (coef[a] + c) % base
            if not xs:
                if r == 0:
                    after(k)
                return
            last = len(xs) - 1             # solved last: the fewest solutions
            best = last
            for a in range(last - 1, -1, -1):
                if nsol[coef[best]] <= 1:
                    break
                if nsol[coef[a]] < nsol[coef[best]]:
                    best = a
            xs[best], xs[last] = xs[last], xs[best]
            coef[best], coef[last] = coef[last], coef[best]
            letters(k, xs, coef, 0, r, False)

        enum(later[0] + fresh[0], 0, units)

    def stripped(z: int) -> bool:
        """Units letter z is 0: the words ending in it lose their trailing zeros, the
        side that had more of them a power of B, and the search goes on there; False
        when that cannot be (a word of zeros only, a power past 62 bits)."""
        rows, e = [], 0
        for w in range(nw):
            t = 0
            while t < lens0[w] and lt[w][t] == z:
                t += 1
            if t == lens0[w]:
                return False
            rows.append(lt[w][t:])
            e += t * side[w]
        if abs(e) > MAX_PLACES or base ** abs(e) >= 1 << 62:
            return False
        search(rows, max(e, 0), max(-e, 0), False)
        return True

    found = lead_walk(0)
    if walk["tests"] > 0 and walk["open"]:
        for j, x in enumerate(leads):
            dom[x] &= lead_seen[j]
    if found or walk["tests"] <= 0 or not walk["open"]:
        search(lt, 0, 0, True)
    if not st["count"]:
        return 0, None, st["nodes"]
    return st["count"], tuple((ids[i], first[i]) for i in range(n)), st["nodes"]


def _levels(base: int, rows: list[list[int]], side: list[int], el: int, er: int, ncol: int,
            pw: list[int], col: list[int]) -> list[int]:
    """The level of each letter of `rows`: the first column k whose test (the products
    equal modulo B^(k+1)) depends on it, INF for none. The difference of the products
    expanded into monomials (one digit of each word, times B^(sum of their places),
    the places below ncol); a letter is needed at k when one of its monomials has a
    coefficient that is not 0 modulo B^(k+1). Past MAX_TERMS monomials or SYM_WORDS
    words on a side: the column the letter first occurs in."""
    n, nw = len(col), len(rows)
    terms: dict[tuple[int, ...], list[int]] = {}
    count = [0]

    def expand(w: int, s: int, key: list[int], sgn: int) -> None:
        if w == nw:
            if count[0] <= MAX_TERMS:
                terms.setdefault(tuple(sorted(key)), [0] * ncol)[s] += sgn
            count[0] += 1
            return
        if (side[w] > 0) != (sgn > 0):
            expand(w + 1, s, key, sgn)
            return
        for j in range(len(rows[w])):
            if s + j >= ncol or count[0] > MAX_TERMS:
                break
            expand(w + 1, s + j, [*key, rows[w][j]], sgn)

    nl = sum(1 for s in side if s > 0)
    if nl > SYM_WORDS or nw - nl > SYM_WORDS:
        return list(col)
    for sgn, e in ((1, el), (-1, er)):
        if e < ncol:
            expand(0, e, [], sgn)
    if count[0] > MAX_TERMS:
        return list(col)
    level = [INF] * n
    for key, cnt in terms.items():
        at, v = INF, 0
        for k in range(ncol):
            if not pw[k + 1]:
                break
            v += cnt[k] * pw[k]
            if v % pw[k + 1]:
                at = k
                break
        for x in key:
            level[x] = min(level[x], at)
    for k in range(ncol):                  # a modulus past 62 bits: no test, every letter
        if not pw[k + 1]:
            for x in range(n):
                if col[x] <= k < level[x]:
                    level[x] = k
            break
    return level


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
