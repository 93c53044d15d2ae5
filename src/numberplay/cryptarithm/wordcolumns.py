# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Equalities of products of words, counted by a column search (wordproducts.py),
typed for Cython.

prod(left words) = prod(right words), letters distinct digits, no word of two
or more letters starting with 0. The leading letters first: the digits each
takes in some assignment of them all under which the sides' ranges meet. Then
column by column from the units: the products of the words' last k+1 digits
must agree modulo B^(k+1) (the last digits of a product depend only on the last
digits of its factors). A letter is given a digit at the first column whose
test depends on it: the difference of the two products is expanded into
monomials of digits (one digit of each word, times B^(sum of their places)),
and a letter whose monomials cancel modulo B^(k+1) is not needed by the test of
column k (two sides ending alike, as PHI and CHI, test nothing in their common
columns). Letters a test needs from lower columns are tried first; the new
letters of the column enter the test linearly modulo B, so the last of them
(the one whose coefficient leaves the fewest digits) is solved, not tried.
Before each column the sides' ranges (each word between its smallest and
largest digits left) must meet. A units letter given 0 makes the words ending
in it multiples of B: they lose their trailing zeros and the search goes on
with the shorter equation (a power of B on the side that had more of them).
With every letter decided, the products are compared exactly.

This file is the one source: setup.py compiles it with Cython (native.toml,
`[[cython]]`; `wordcolumns.pxd` gives the C types, among them 128-bit integers
for the exact comparison: the caller passes only sides whose largest product
fits in 128 bits); the same file runs as Python where nothing was compiled.

  word_products(base, limit, words, nleft) -> (count, ((letter id, digit), ...) | None, nodes)
      words: sequences of letter ids (ints >= 0), most significant first; the
      first nleft are the left side.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    from types import SimpleNamespace
    cython = SimpleNamespace(compiled=False)  # type: ignore[assignment]
COMPILED: bool = cython.compiled

if not cython.compiled:  # compiled, C constants (wordcolumns.pxd: the same values)
    MAXW = 16           # words of an equality
    MAXN = 62           # letters
    MAXB = 62           # base
    MAXL = 64           # places of a word
LEAD_TESTS = 1000   # range tests of the leading letters' walk, at most
MAXT = 4096         # monomials of the expansion, at most
SYMW = 10           # words of a side the expansion takes, at most
INF = 1 << 30
M64 = 0xFFFFFFFFFFFFFFFF
M62 = 1 << 62
TWO64 = 1 << 64

_TABLES: dict = {}


class _Tables:
    """The tables of one base: c*d mod B, the digits solving c*d = r (mod B), B^k
    (0 past 2^62) with its reciprocal for dividing by it."""

    def __init__(self, base: int) -> None:
        c: cython.int
        d: cython.int
        k: cython.int
        v: cython.ulonglong
        one: cython.ulonglong = 1
        self.base = base
        if not COMPILED:        # compiled, the arrays are part of the object, zeroed
            self.solve = [0] * 3844      # [c * MAXB + r]: the digits d with c*d = r (mod B)
            self.nsol = [0] * 62         # solutions of c*d = 0 (mod B)
            self.cd = [0] * 3844         # [c * MAXB + d]: c*d mod B
            self.pw = [0] * 65
            self.inv = [0] * 65
        for c in range(base):
            for d in range(base):
                self.solve[c * MAXB + c * d % base] |= one << d
                self.cd[c * MAXB + d] = c * d % base
        for c in range(base):
            v = self.solve[c * MAXB]
            while v:
                v &= v - 1
                self.nsol[c] += 1
        self.pw[0] = 1
        for k in range(1, MAXL + 1):
            p = self.pw[k - 1]
            p *= base
            self.pw[k] = p if self.pw[k - 1] and p < M62 else 0
        for k in range(1, MAXL + 1):
            p = self.pw[k]
            self.inv[k] = TWO64 // p if p > 1 else 0


def _low(m: cython.ulonglong) -> cython.int:
    """The index of the lowest set bit of m (not 0): compiled, the CPU's instruction
    (wordcolumns.pxd declares `_ctz`)."""
    if cython.compiled:
        return _ctz(m)  # type: ignore[name-defined]  # noqa: F821
    return (m & -m).bit_length() - 1


def _high(m: cython.ulonglong) -> cython.int:
    """The index of the highest set bit of m (not 0)."""
    if cython.compiled:
        return _msb(m)  # type: ignore[name-defined]  # noqa: F821
    return m.bit_length() - 1


def _div(t: _Tables, x: cython.ulonglong, k: cython.int) -> cython.ulonglong:
    """x // B^k for x < 2^64 (Barrett)."""
    m: cython.ulonglong = t.pw[k]
    w = x
    q: cython.ulonglong = (w * t.inv[k]) >> 64
    r: cython.ulonglong = x - q * m
    while r >= m:
        r -= m
        q += 1
    return q


def _tables(base: cython.int) -> _Tables:
    t = _TABLES.get(base)
    if t is None:
        t = _TABLES[base] = _Tables(base)
    return t


class _Cols:
    """One column search: the words (units first), the order of the letters."""

    def __init__(self) -> None:
        self.ready = 0          # 1 built, -1 no such search (a stripped word empty)
        self.ncol = 0
        self.el = 0             # prod(left) * B^el = prod(right) * B^er
        self.er = 0
        self.strip = 0
        self.nord = 0
        if not COMPILED:        # compiled, the arrays are part of the object, zeroed
            self.len = [0] * 16
            self.row = [0] * 1024   # [w * MAXL + j]: the local letter of place j, units first
            self.unit = [0] * 62    # a units letter (strip: 0 makes the search shorter)
            self.order = [0] * 62   # the letters to decide, by group: later[k] =
            self.lat = [0] * 65     # order[lat[k]..fre[k]), fresh[k] = order[fre[k]..lat[k+1]),
            self.fre = [0] * 64     # the rest from lat[ncol]
            self.xs = [0] * 3968    # [k * MAXN + a]: column k's new letters, their
            self.coef = [0] * 3968  # coefficients in the column's test


class _WordEq:
    """The search of one equality of products of words."""

    def __init__(self, base: int, limit: int) -> None:
        self.base = base
        self.limit = limit
        self.nw = 0
        self.n = 0
        self.count = 0
        self.nodes = 0
        self.used = 0
        self.nlead = 0
        self.open = 0
        self.tests = 0
        self.narrow = 1
        if not COMPILED:        # compiled, the arrays are part of the object, zeroed
            self.side = [0] * 16
            self.len = [0] * 16
            self.lt = [0] * 1024    # [w * MAXL + j]: the local letter of place j, units first
            self.lead = [0] * 62
            self.dig = [0] * 62
            self.sol = [0] * 62
            self.dom = [0] * 62     # the digits a letter may take
            self.leads = [0] * 62
            self.place = [0] * 16   # B^(length - 1)
        self.t = _tables(base)
        self.top = _Cols()
        self.sub = [None] * 62  # the shorter search when letter z is 0, made once

    # -- the search ---------------------------------------------------------------------------

    def exact(self) -> cython.void:
        """Every letter has a digit: the products compared exactly."""
        pl = 1
        pr = 1
        w: cython.int
        j: cython.int
        for w in range(self.nw):
            v = 0
            for j in range(self.len[w] - 1, -1, -1):
                v = v * self.base + self.dig[self.lt[w * MAXL + j]]
            if self.side[w] > 0:
                pl *= v
            else:
                pr *= v
        if pl == pr:
            if self.count == 0:
                for j in range(self.n):
                    self.sol[j] = self.dig[j]
            self.count += 1

    def ranges(self) -> cython.bint:
        """The sides' ranges, each word between its smallest and its largest digits
        left: can they meet?"""
        lo0 = 1
        lo1 = 1
        hi0 = 1
        hi1 = 1
        a: cython.ulonglong
        z: cython.ulonglong
        m: cython.ulonglong
        b: cython.ulonglong = self.base
        free: cython.ulonglong = ~self.used
        w: cython.int
        j: cython.int
        x: cython.int
        for w in range(self.nw):
            if self.narrow:                  # every word below 2^64
                a = 0
                z = 0
                for j in range(self.len[w] - 1, -1, -1):
                    x = self.lt[w * MAXL + j]
                    if self.dig[x] >= 0:
                        a = a * b + self.dig[x]
                        z = z * b + self.dig[x]
                    else:
                        m = self.dom[x] & free
                        if not m:
                            return False
                        a = a * b + _low(m)
                        z = z * b + _high(m)
                if self.side[w] > 0:     # 128 bits by 64
                    lo0 *= a
                    hi0 *= z
                else:
                    lo1 *= a
                    hi1 *= z
                continue
            else:
                wa = 0
                wz = 0
                for j in range(self.len[w] - 1, -1, -1):
                    x = self.lt[w * MAXL + j]
                    if self.dig[x] >= 0:
                        wa = wa * b + self.dig[x]
                        wz = wz * b + self.dig[x]
                    else:
                        m = self.dom[x] & free
                        if not m:
                            return False
                        wa = wa * b + _low(m)
                        wz = wz * b + _high(m)
            if self.side[w] > 0:
                lo0 *= wa
                hi0 *= wz
            else:
                lo1 *= wa
                hi1 *= wz
        return lo0 <= hi1 and lo1 <= hi0

    def after(self, q: _Cols, k: cython.int) -> cython.void:
        if k + 1 == q.ncol:
            self.enum(q, q.lat[q.ncol], q.nord, -1)
        else:
            self.enum(q, q.lat[k + 1], q.fre[k + 1], k + 1)

    def units(self, q: _Cols) -> cython.void:
        """The units: the products of the units digits agree mod B."""
        pl: cython.int = 0 if q.el else 1
        pr: cython.int = 0 if q.er else 1
        w: cython.int
        x: cython.int
        d: cython.int
        for w in range(self.nw):
            x = q.row[w * MAXL]
            d = self.dig[x] if self.dig[x] >= 0 else 0
            if self.side[w] > 0:
                pl = self.t.cd[pl * MAXB + d]
            else:
                pr = self.t.cd[pr * MAXB + d]
        if pl == pr:
            self.after(q, 0)

    def letters(self, q: _Cols, k: cython.int, nx: cython.int, i: cython.int, r: cython.int,
                free: cython.bint) -> cython.void:
        """The new letters i, i+1, ... of column k >= 1 with r the residue so far,
        which must end at 0; the last one's digits are those that bring it to 0
        (`solve`), unless `free` (the modulus is past 62 bits: no test)."""
        x: cython.int = q.xs[k * MAXN + i]
        b: cython.int = self.base
        c: cython.int = q.coef[k * MAXN + i]
        d: cython.int
        r2: cython.int
        one: cython.ulonglong = 1
        bit: cython.ulonglong
        m: cython.ulonglong = self.dom[x] & ~self.used
        if i == nx - 1 and not free:
            m &= self.t.solve[c * MAXB + (b - r) % b]
        while m and self.count < self.limit:
            d = _low(m)
            bit = one << d
            m ^= bit
            self.nodes += 1
            self.dig[x] = d
            self.used |= bit
            if i == nx - 1:
                self.after(q, k)
            else:
                r2 = r + self.t.cd[c * MAXB + d]
                self.letters(q, k, nx, i + 1, r2 - b if r2 >= b else r2, free)
            self.used ^= bit
        self.dig[x] = -1

    def column(self, q: _Cols, k: cython.int) -> cython.void:
        """Column k >= 1 (the test of every lower column passed): the words' values
        modulo B^k, the residue, each new letter's coefficient."""
        w: cython.int
        v: cython.int
        j: cython.int
        a: cython.int
        x: cython.int
        c: cython.int
        d: cython.int
        top: cython.int
        best: cython.int
        bn: cython.int
        b: cython.int = self.base
        r: cython.int
        nx: cython.int = q.lat[k + 1] - q.fre[k]
        ucof: cython.int[16]
        if not cython.compiled:     # compiled: each written before it is read
            ucof = [0] * 16
        mod: cython.ulonglong = self.t.pw[k + 1]
        pl: cython.ulonglong
        pr: cython.ulonglong
        low: cython.ulonglong
        diff: cython.ulonglong
        if not self.ranges():
            return
        o: cython.int = k * MAXN
        for a in range(nx):
            q.xs[o + a] = q.order[q.fre[k] + a]
            q.coef[o + a] = 0
        if not mod:
            if nx:
                self.letters(q, k, nx, 0, 0, True)
            else:
                self.after(q, k)
            return
        for w in range(self.nw):
            c = 0 if (q.el if self.side[w] > 0 else q.er) else 1
            for v in range(self.nw):
                if v != w and self.side[v] == self.side[w]:
                    x = q.row[v * MAXL]
                    d = self.dig[x] if self.dig[x] >= 0 else 0
                    c = self.t.cd[c * MAXB + d]
            ucof[w] = c
        pl = 0 if q.el >= k + 1 else self.t.pw[q.el]
        pr = 0 if q.er >= k + 1 else self.t.pw[q.er]
        for w in range(self.nw):
            low = 0
            top = q.len[w] if q.len[w] < k else k
            for j in range(top - 1, -1, -1):
                x = q.row[w * MAXL + j]
                d = self.dig[x] if self.dig[x] >= 0 else 0
                low = low * b + d
            if not mod >> 32:      # pl * low < 2^64
                if self.side[w] > 0:
                    pl = pl * low - _div(self.t, pl * low, k + 1) * mod
                else:
                    pr = pr * low - _div(self.t, pr * low, k + 1) * mod
            else:
                if self.side[w] > 0:
                    wide = pl
                    pl = wide * low % mod
                else:
                    wide = pr
                    pr = wide * low % mod
        diff = pl - pr if pl >= pr else pl + mod - pr
        r = _div(self.t, diff, k)
        for w in range(self.nw):
            if q.len[w] <= k:
                continue
            x = q.row[w * MAXL + k]
            c = ucof[w] if self.side[w] > 0 else (b - ucof[w]) % b
            if self.dig[x] >= 0:
                r += self.t.cd[c * MAXB + self.dig[x]]
                if r >= b:
                    r -= b
            else:
                for a in range(nx):
                    if q.xs[o + a] == x:
                        q.coef[o + a] += c
                        if q.coef[o + a] >= b:
                            q.coef[o + a] -= b
                        break
        if nx == 0:
            if r == 0:
                self.after(q, k)
            return
        best = nx - 1               # the letter solved last: the fewest solutions
        bn = self.t.nsol[q.coef[o + best]]
        for a in range(nx - 2, -1, -1):
            if bn <= 1:
                break
            if self.t.nsol[q.coef[o + a]] < bn:
                best = a
                bn = self.t.nsol[q.coef[o + a]]
        if best != nx - 1:
            x = q.xs[o + best]
            q.xs[o + best] = q.xs[o + nx - 1]
            q.xs[o + nx - 1] = x
            c = q.coef[o + best]
            q.coef[o + best] = q.coef[o + nx - 1]
            q.coef[o + nx - 1] = c
        self.letters(q, k, nx, 0, r, False)

    def enum(self, q: _Cols, i: cython.int, end: cython.int, step: cython.int) -> cython.void:
        """The letters order[i..end) get digits, then the next step: the units (0),
        column `step`, or the exact comparison (-1)."""
        x: cython.int
        d: cython.int
        one: cython.ulonglong = 1
        bit: cython.ulonglong
        m: cython.ulonglong
        if i == end:
            if step == 0:
                self.units(q)
            elif step < 0:
                self.exact()
            else:
                self.column(q, step)
            return
        x = q.order[i]
        m = self.dom[x] & ~self.used
        while m and self.count < self.limit:
            d = _low(m)
            bit = one << d
            m ^= bit
            self.nodes += 1
            self.dig[x] = d
            self.used |= bit
            if d or not q.unit[x] or not self.stripped(x):
                self.enum(q, i + 1, end, step)
            self.used ^= bit
        self.dig[x] = -1

    # -- the order of the letters ---------------------------------------------------------------

    def expand(self, q: _Cols, w: cython.int, s: cython.int, sgn: cython.int, key: list,
               terms: dict, nt: cython.int) -> cython.int:
        """The monomials of one side's product modulo B^ncol, one place of each word:
        terms[letters as a sorted tuple][place] += sgn; the count of monomials."""
        j: cython.int
        if w == self.nw:
            if nt < MAXT:
                cnt = terms.get(tuple(sorted(key)))
                if cnt is None:
                    cnt = terms[tuple(sorted(key))] = [0] * q.ncol
                cnt[s] += sgn
            return nt + 1
        if (self.side[w] > 0) != (sgn > 0):
            return self.expand(q, w + 1, s, sgn, key, terms, nt)
        for j in range(q.len[w]):
            if s + j >= q.ncol or nt > MAXT:
                break
            key.append(q.row[w * MAXL + j])
            nt = self.expand(q, w + 1, s + j, sgn, key, terms, nt)
            key.pop()
        return nt

    def prepare(self, q: _Cols) -> cython.void:
        """The columns, the level of each letter (the first column whose test needs
        it) and the order of the letters not decided yet."""
        t: _Tables = self.t
        col: cython.int[62] = [0] * 62
        level: cython.int[62] = [0] * 62
        inn: cython.int[62] = [0] * 62
        w: cython.int
        j: cython.int
        k: cython.int
        x: cython.int
        at: cython.int
        nt: cython.int = 0
        nl: cython.int = 0
        nr: cython.int = 0
        ci: cython.int
        q.ncol = 0
        for w in range(self.nw):
            if q.len[w] > q.ncol:
                q.ncol = q.len[w]
            if self.side[w] > 0:
                nl += 1
            else:
                nr += 1
        for x in range(self.n):
            col[x] = INF
            level[x] = INF
        for k in range(q.ncol):
            for w in range(self.nw):
                if q.len[w] > k and col[q.row[w * MAXL + k]] == INF:
                    col[q.row[w * MAXL + k]] = k
        terms: dict = {}
        if nl <= SYMW and nr <= SYMW:
            if q.el < q.ncol:
                nt = self.expand(q, 0, q.el, 1, [], terms, nt)
            if q.er < q.ncol:
                nt = self.expand(q, 0, q.er, -1, [], terms, nt)
        if nl > SYMW or nr > SYMW or nt > MAXT:
            for x in range(self.n):
                level[x] = col[x]
        else:
            for key, cnt in terms.items():
                at = INF
                v = 0
                for k in range(q.ncol):
                    if not t.pw[k + 1]:
                        break
                    p = t.pw[k]
                    ci = cnt[k]
                    v += p * ci
                    p = t.pw[k + 1]
                    if v % p:
                        at = k
                        break
                for x in key:
                    if at < level[x]:
                        level[x] = at
            for k in range(q.ncol):     # a modulus past 62 bits: no test, every letter
                if not t.pw[k + 1]:
                    for x in range(self.n):
                        if col[x] <= k < level[x]:
                            level[x] = k
                    break
        q.nord = 0
        for k in range(q.ncol):
            q.lat[k] = q.nord
            for j in range(k):
                for w in range(self.nw):
                    if q.len[w] <= j:
                        continue
                    x = q.row[w * MAXL + j]
                    if level[x] == k and col[x] == j and self.dig[x] < 0 and not inn[x]:
                        inn[x] = 1
                        q.order[q.nord] = x
                        q.nord += 1
            q.fre[k] = q.nord
            for w in range(self.nw):
                if q.len[w] <= k:
                    continue
                x = q.row[w * MAXL + k]
                if col[x] == k and level[x] == k and self.dig[x] < 0 and not inn[x]:
                    inn[x] = 1
                    q.order[q.nord] = x
                    q.nord += 1
        q.lat[q.ncol] = q.nord
        for j in range(q.ncol):
            for w in range(self.nw):
                if q.len[w] <= j:
                    continue
                x = q.row[w * MAXL + j]
                if level[x] == INF and self.dig[x] < 0 and not inn[x]:
                    inn[x] = 1
                    q.order[q.nord] = x
                    q.nord += 1
        for x in range(self.n):
            q.unit[x] = 0
        if q.strip:
            for w in range(self.nw):
                q.unit[q.row[w * MAXL]] = 1
        q.ready = 1

    def stripped(self, z: cython.int) -> cython.bint:
        """Units letter z is 0: the words ending in it lose their trailing zeros, the
        side that had more of them a power of B, and the search goes on there; False
        when that cannot be (a word of zeros only, a power past 62 bits)."""
        q: _Cols = self.sub[z]
        w: cython.int
        j: cython.int
        tz: cython.int
        e: cython.int
        if q is None:
            q = _Cols()
            self.sub[z] = q
            q.ready = 1
            e = 0
            for w in range(self.nw):
                tz = 0
                while tz < self.len[w] and self.lt[w * MAXL + tz] == z:
                    tz += 1
                if tz == self.len[w]:
                    q.ready = -1
                q.len[w] = self.len[w] - tz
                for j in range(tz, self.len[w]):
                    q.row[w * MAXL + j - tz] = self.lt[w * MAXL + j]
                e += tz * self.side[w]
            if q.ready > 0 and (abs(e) > MAXL or not self.t.pw[abs(e)]):
                q.ready = -1
            if q.ready > 0:
                q.el = e if e > 0 else 0
                q.er = -e if e < 0 else 0
                q.strip = 0
                self.prepare(q)
        if q.ready < 0:
            return False
        self.enum(q, q.lat[0], q.lat[1], 0)
        return True

    # -- the leading letters ----------------------------------------------------------------------

    def sides_meet(self) -> cython.bint:
        """The range of each side's product with the leading letters given so far
        (the others anything from 1 to B-1): can the two meet?"""
        lo0 = 1
        lo1 = 1
        hi0 = 1
        hi1 = 1
        w: cython.int
        ln: cython.int
        d: cython.int
        for w in range(self.nw):
            ln = self.len[w]
            d = self.dig[self.lt[w * MAXL + ln - 1]]
            place = self.place[w]
            if d >= 0:
                a = place * d
                z = place * (d + 1) - 1
            else:
                a = place if ln > 1 else 0
                z = place * self.base - 1
            if self.side[w] > 0:
                lo0 *= a
                hi0 *= z
            else:
                lo1 *= a
                hi1 *= z
        return lo0 <= hi1 and lo1 <= hi0

    def walk(self, i: cython.int, seen: list) -> cython.int:
        """Every assignment of the leading letters whose sides can meet: the digits
        each leading letter takes in one of them (`seen`); 0 when there is none."""
        x: cython.int
        d: cython.int
        found: cython.int = 0
        one: cython.ulonglong = 1
        bit: cython.ulonglong
        if i == self.nlead:
            for x in range(self.nlead):
                bit = one << self.dig[self.leads[x]]
                if not seen[x] & bit:
                    seen[x] |= bit
                    if seen[x] == self.dom[self.leads[x]]:
                        self.open -= 1
            return 1
        x = self.leads[i]
        d = 1
        while d < self.base and self.open and self.tests > 0:
            bit = one << d
            if not self.used & bit:
                self.dig[x] = d
                self.used |= bit
                self.tests -= 1
                if self.sides_meet():
                    found += self.walk(i + 1, seen)
                self.used ^= bit
            d += 1
        self.dig[x] = -1
        return found

    def run(self, words: list, nleft: int) -> list:
        """Read the words and search; the letter ids in local order."""
        ids: list = []
        local: dict = {}
        w: cython.int
        j: cython.int
        c: cython.int
        x: cython.int
        m: cython.int
        base: cython.int = self.base
        one: cython.ulonglong = 1
        self.nw = len(words)
        if self.nw > MAXW or self.nw < 2:
            raise ValueError(f"2 to {MAXW} words")
        for w in range(self.nw):
            word = words[w]
            m = len(word)
            if m < 1 or m > MAXL:
                raise ValueError(f"a word of 1 to {MAXL} letters")
            self.len[w] = m
            self.side[w] = 1 if w < nleft else -1
            for j in range(m):
                ident = word[m - 1 - j]
                if ident < 0:
                    raise ValueError("letter ids are >= 0")
                got = local.get(ident)
                if got is None:
                    if len(ids) == MAXN or len(ids) == base:
                        raise ValueError("more letters than digits")
                    got = local[ident] = len(ids)
                    ids.append(ident)
                self.lt[w * MAXL + j] = got
            if m > 1:
                self.lead[self.lt[w * MAXL + m - 1]] = 1
        self.n = len(ids)
        full: cython.ulonglong = (one << base) - 1
        for j in range(self.n):
            self.dig[j] = -1
            self.dom[j] = full & ~one if self.lead[j] else full
        for w in range(self.nw):
            if self.len[w] < 2:
                continue
            x = self.lt[w * MAXL + self.len[w] - 1]
            for c in range(self.nlead):
                if self.leads[c] == x:
                    break
            else:
                self.leads[self.nlead] = x
                self.nlead += 1
        self.narrow = 1
        for w in range(self.nw):
            wide = 1
            self.place[w] = 1
            for _ in range(1, self.len[w]):
                self.place[w] *= base
            for _ in range(self.len[w]):
                wide *= base
                if wide > M64:
                    self.narrow = 0
        self.open = self.nlead
        self.tests = LEAD_TESTS
        seen = [0] * self.nlead
        found = self.walk(0, seen)
        if self.tests > 0 and self.open:     # the walk ended: its digits are all there are
            for j in range(self.nlead):
                self.dom[self.leads[j]] &= seen[j]
        if found or self.tests <= 0 or not self.open:
            q: _Cols = self.top
            for w in range(self.nw):
                q.len[w] = self.len[w]
                for j in range(self.len[w]):
                    q.row[w * MAXL + j] = self.lt[w * MAXL + j]
            q.el = 0
            q.er = 0
            q.strip = 1
            self.prepare(q)
            self.enum(q, q.lat[0], q.lat[1], 0)
        return ids


def word_products(base: int, limit: int, words: list, nleft: int
                  ) -> tuple[int, tuple[tuple[int, int], ...] | None, int]:
    """(solutions up to `limit`, the first as (letter id, digit) pairs, nodes) of
    prod(words[:nleft]) = prod(words[nleft:])."""
    if base < 2 or base > MAXB or limit < 1:
        raise ValueError(f"base 2 to {MAXB}, limit >= 1")
    p = _WordEq(base, limit)
    ids = p.run(list(words), nleft)
    if not p.count:
        return 0, None, p.nodes
    return p.count, tuple((ids[j], p.sol[j]) for j in range(p.n)), p.nodes
