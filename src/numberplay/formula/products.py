# cython: cdivision=True
# ruff: noqa: F821 - calloc, free and the bit scans come from products.pxd (compiled only)
"""Products, quotients, powers and systems of equations, propagated over letter domains.

A formula that is a conjunction of equalities whose sides are polynomials or ratios
of polynomials in the words (`HUMOR * NICE = HONOR * HOPE`, `NORTH / SOUTH = EAST /
WEST` cross-multiplied, `AYH^2 + BEE^2 = SEE^2`, cryptator's crossword systems
`CC + A = CL and ON + D = GO and ...`, long multiplications) becomes a `Program`:
every equation a sum of monomials `coef * W1^e1 * W2^e2 ...` equal to 0.

The search keeps a set of digits (a bit mask) for every letter and, after every
choice, removes every digit that fails, with the letter alone added to those decided:

* the last k digits: once the letters of the k lowest columns of every word of an
  equation are decided, the equation holds modulo B^k (products included: the last
  k digits of a product depend only on the last k digits of its factors; parity and
  divisibility by 5 are the case k = 1);
* magnitudes: each word lies between the number its letters' smallest digits make
  and the one their largest make (a leading letter is never 0), so each side of an
  equation lies in an interval; an equation whose interval excludes 0 is refuted.
  The intervals shrink as letters are decided (leading digits first of all);
* all different: a decided digit is taken from every other letter.

A letter left with one digit is decided; the letter with the fewest digits is
branched on next (ties: the lowest columns of the equations first). Every complete
assignment is checked exactly, and the caller confirms it with the exact evaluator
(a `/` must divide, a denominator must not be 0).

A program is searched only when its values fit in 120 bits (`fits`; else the
solver's own strategies apply). This file is the one source of the search:
setup.py compiles it with Cython (native.toml, `[[cython]]`; `products.pxd` gives
the C types, 128-bit integers among them, and the arrays), and the same file runs
as Python where nothing was compiled, node for node the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ..budget import Budget, ensure
from .lang import BinOp, Compare, Const, Node, Sum, Unary, Word

try:
    import cython
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    from types import SimpleNamespace
    cython = SimpleNamespace(compiled=False)  # type: ignore[assignment]
COMPILED: bool = cython.compiled

MAX_MONOMIALS = 64        # an equation with more products after expansion is left to the solver
MAX_TERMS = 4096          # ... or with more terms in all (words to the first power included)
MAX_EXPONENT = 12
MAX_FACTORS = 8           # words in one monomial
C_BITS = 120              # magnitudes the compiled search evaluates exactly
MOD_BITS = 62             # largest modulus B^k of a column check
LOW60 = (1 << 60) - 1      # a value goes to a C 128-bit integer as (v >> 60, v & LOW60)
TWO60 = 1 << 60
M62 = 1 << 62
STRIDE = 2048             # nodes per call of `_Search.run` (budget ticks between)

Poly = dict[tuple[tuple[str, int], ...], int]     # monomial (word, exponent)... -> coefficient
Monomial = tuple[int, tuple[tuple[int, int], ...]]  # (coef, ((word index, exponent), ...))


class NotPolynomial(Exception):
    """A part of the formula this module does not turn into a polynomial."""


# -- shape analysis: polynomials in the words ---------------------------------------------

def _pmul(a: Poly, b: Poly) -> Poly:
    if b == ONE:
        return a
    if a == ONE:
        return b
    out: Poly = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            exps: dict[str, int] = dict(ma)
            for w, e in mb:
                exps[w] = exps.get(w, 0) + e
            key = tuple(sorted(exps.items()))
            out[key] = out.get(key, 0) + ca * cb
    return _checked({k: v for k, v in out.items() if v})


def _checked(out: Poly) -> Poly:
    """out, unless it has too many terms (NotPolynomial)."""
    if len(out) > MAX_TERMS or sum(1 for k in out if len(k) > 1 or (k and k[0][1] > 1)) \
            > MAX_MONOMIALS:
        raise NotPolynomial
    return out


def _padd(a: Poly, b: Poly, sign: int = 1) -> Poly:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + sign * v
    return _checked({k: v for k, v in out.items() if v})


ONE: Poly = {(): 1}


def ratio(node: Node) -> tuple[Poly, Poly]:
    """(numerator, denominator) of an expression as polynomials in its words;
    NotPolynomial for anything else (comparisons, calls, roots, `%`, `//`)."""
    if isinstance(node, Const):
        v = node.value
        if type(v) in (int, bool):
            return ({(): int(v)} if v else {}), ONE
        if type(v) is Fraction:
            return {(): v.numerator}, {(): v.denominator}
        raise NotPolynomial
    if isinstance(node, Word):
        return {((node.text, 1),): 1}, ONE
    if isinstance(node, Unary) and node.op in "+-":
        n, d = ratio(node.operand)
        return (n if node.op == "+" else {k: -v for k, v in n.items()}), d
    if isinstance(node, Sum):
        num: Poly = {}
        den: Poly = ONE
        for sign, term in node.terms:
            n, d = ratio(term)
            num = _padd(_pmul(num, d), _pmul(n, den), sign)
            den = _pmul(den, d)
        return num, den
    if isinstance(node, BinOp):
        if node.op == "**":
            r = node.right
            if not (isinstance(r, Const) and type(r.value) is int
                    and 0 <= r.value <= MAX_EXPONENT):
                raise NotPolynomial
            n, d = ratio(node.left)
            pn, pd = ONE, ONE
            for _ in range(r.value):
                pn, pd = _pmul(pn, n), _pmul(pd, d)
            return pn, pd
        a, b = ratio(node.left), ratio(node.right)
        if node.op == "*":
            return _pmul(a[0], b[0]), _pmul(a[1], b[1])
        if node.op == "/":
            return _pmul(a[0], b[1]), _pmul(a[1], b[0])
    raise NotPolynomial


def _root(node: Node) -> tuple[Node, int, int] | None:
    """(Y, p, q) when node is `Y ^ (p/q)` with a fraction p/q > 0 of small terms."""
    if (isinstance(node, BinOp) and node.op == "**" and isinstance(node.right, Const)
            and type(node.right.value) is Fraction):
        e = node.right.value
        if 0 < e.numerator <= MAX_EXPONENT and e.denominator <= MAX_EXPONENT:
            return node.left, e.numerator, e.denominator
    return None


def _power(r: tuple[Poly, Poly], e: int) -> tuple[Poly, Poly]:
    n, d = ONE, ONE
    for _ in range(e):
        n, d = _pmul(n, r[0]), _pmul(d, r[1])
    return n, d


def equation(check: Node) -> Poly:
    """`lhs == rhs` as one polynomial equal to 0 (ratios cross-multiplied; a root
    `X = Y ^ (p/q)` as its necessary condition `X ^ q = Y ^ p`, the exact evaluator
    deciding the rest)."""
    if not (isinstance(check, Compare) and check.ops == ["=="]):
        raise NotPolynomial
    a, b = check.operands
    root = _root(b) or _root(a)
    if root is not None:
        other = a if _root(b) else b
        (ln, ld), (rn, rd) = _power(ratio(other), root[2]), _power(ratio(root[0]), root[1])
    else:
        (ln, ld), (rn, rd) = ratio(a), ratio(b)
    return _padd(_pmul(ln, rd), _pmul(rn, ld), -1)


# -- the program -------------------------------------------------------------------------------

class Equation:
    """One equation: `const + sum(weight * letter) + monomials = 0`, the words that
    occur only to the first power as letter weights (so that letters cancel: a sum
    is read column by column), the other terms as monomials over word indices; its
    letters; its column checks (letters decided -> modulus B^k), lowest first.
    (Plain classes: a dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("const", "levels", "linear", "mask", "monomials")

    def __init__(self, monomials: tuple[Monomial, ...], mask: int,
                 levels: tuple[tuple[int, int], ...], linear: tuple[tuple[int, int], ...] = (),
                 const: int = 0) -> None:
        self.monomials, self.mask = monomials, mask
        self.levels = levels        # (letter mask, k)
        self.linear = linear        # (letter index, weight)
        self.const = const


class Program:
    """What the propagation search needs: letters by index, words, equations."""

    __slots__ = ("base", "bits", "equations", "lead", "n", "rank", "words")

    def __init__(self, n: int, base: int, lead: tuple[bool, ...],
                 words: tuple[tuple[int, ...], ...], equations: tuple[Equation, ...],
                 rank: tuple[int, ...], bits: int) -> None:
        self.n, self.base, self.lead = n, base, lead
        self.words = words          # letter indices, most significant first
        self.equations = equations
        self.rank = rank            # tie-break of the branching letter (low first)
        self.bits = bits            # bound on the bits of any value evaluated

    def eqs_of(self) -> list[list[int]]:
        """For each letter, the equations it occurs in."""
        return [[e for e, eq in enumerate(self.equations) if eq.mask >> li & 1]
                for li in range(self.n)]


def program(checks: list[Node], letters: list[str], index: dict[str, int], base: int,
            lead: frozenset[str]) -> Program | None:
    """The program of a conjunction of equalities, or None when a check is not a
    polynomial equality (the solver's own strategies then apply)."""
    try:
        polys = [equation(c) for c in checks]
    except NotPolynomial:
        return None
    return program_of(polys, letters, index, base, lead)


def program_of(polys: list[Poly], letters: list[str], index: dict[str, int], base: int,
               lead: frozenset[str]) -> Program | None:
    """The program of equations given as polynomials (each equal to 0), or None when
    the compiled search cannot take them (a generator's hook: no formula to read)."""
    words: dict[str, int] = {}
    texts: set[str] = set()
    eqs = []
    bits = 0
    for poly in polys:
        if not poly:
            continue           # 0 = 0: always true (the exact evaluator still decides)
        weights: dict[str, int] = {}
        const = 0
        monos = []
        size = 0
        for key, coef in sorted(poly.items()):
            texts.update(w for w, _ in key)
            if not key:
                const += coef
            elif len(key) == 1 and key[0][1] == 1:
                for pos, c in enumerate(reversed(key[0][0])):
                    weights[c] = weights.get(c, 0) + coef * base ** pos
            elif len(key) > MAX_FACTORS:
                return None
            else:
                factors = tuple((words.setdefault(w, len(words)), e) for w, e in key)
                monos.append((coef, factors))
                size += abs(coef) * base ** sum(len(w) * e for w, e in key)
        lin = tuple(sorted((index[c], w) for c, w in weights.items() if w))
        size += abs(const) + sum(abs(w) for _, w in lin) * base
        bits = max(bits, size.bit_length())
        eqs.append(_equation(tuple(monos), lin, const, words, index, base))
    if not eqs:
        return None
    wl = sorted(words, key=words.__getitem__)
    word_idx = tuple(tuple(index[c] for c in w) for w in wl)
    rank = _rank(sorted(texts), letters, index)
    prog = Program(len(letters), base, tuple(c in lead for c in letters), word_idx,
                   tuple(eqs), rank, bits)
    return prog if fits(prog) else None


def _equation(monos: tuple[Monomial, ...], lin: tuple[tuple[int, int], ...], const: int,
              words: dict[str, int], index: dict[str, int], base: int) -> Equation:
    """The equation's letters and column checks: level k holds the letters of the
    last k places of its monomials' words and the letters whose weight is not a
    multiple of B^k."""
    texts = sorted({w for w, i in words.items()
                    if any(f[0] == i for _, fs in monos for f in fs)})
    mask = 0
    for t in texts:
        for c in t:
            mask |= 1 << index[c]
    for li, _ in lin:
        mask |= 1 << li
    levels: list[tuple[int, int]] = []
    longest = max([len(t) for t in texts] + [_places(w, base) for _, w in lin] + [0])
    for k in range(1, longest + 1):
        if base ** k >= 2 ** MOD_BITS:
            break
        m = 0
        for t in texts:
            for c in t[-k:]:
                m |= 1 << index[c]
        for li, w in lin:
            if w % base ** k:
                m |= 1 << li
        if levels and levels[-1][0] == m:
            levels[-1] = (m, k)          # the same letters: the higher modulus says more
        else:
            levels.append((m, k))
    return Equation(monos, mask, tuple(levels), lin, const)


def _places(w: int, base: int) -> int:
    """How many digits |w| has in the base."""
    w, k = abs(w), 0
    while w:
        w //= base
        k += 1
    return k


def _rank(words: list[str], letters: list[str], index: dict[str, int]) -> tuple[int, ...]:
    """Tie-break of the branching letter: its lowest column over the words (units
    first), then its highest place from the left (leading letters first)."""
    low: dict[str, int] = {}
    high: dict[str, int] = {}
    for w in words:
        for pos, c in enumerate(reversed(w)):
            low[c] = min(low.get(c, 99), pos)
            high[c] = min(high.get(c, 99), len(w) - 1 - pos)
    order = sorted(letters, key=lambda c: (low.get(c, 99), high.get(c, 99), c))
    rank = [0] * len(letters)
    for r, c in enumerate(order):
        rank[index[c]] = r
    return tuple(rank)


# -- the search (typed: compiled by Cython with products.pxd, or run as Python) ---------------

def _low(m: cython.ulonglong) -> cython.int:
    """The index of the lowest set bit of m (not 0): compiled, the CPU's instruction."""
    if cython.compiled:
        return _ctz(m)
    return (m & -m).bit_length() - 1


def _high(m: cython.ulonglong) -> cython.int:
    """The index of the highest set bit of m (not 0)."""
    if cython.compiled:
        return _msb(m)
    return m.bit_length() - 1


def _count(m: cython.ulonglong) -> cython.int:
    """The number of set bits of m."""
    if cython.compiled:
        return _popcount(m)
    return m.bit_count()


def _wide(v):  # type: ignore[no-untyped-def]  # compiled: object -> __int128 (products.pxd)
    """A Python integer below 2^120 as a C 128-bit one (compiled: in two parts)."""
    hi = v >> 60
    lo = v & LOW60
    hi *= TWO60
    return hi + lo


class _Search:
    """The propagation search of one program: the program read into flat arrays
    (compiled, C arrays: 128-bit values, the `fits` bounds), then `run` from node
    to node, a stack of frames (the masks, the decided letters, the branching
    letter and its digits left) in place of recursion, so that the search stops
    after a number of nodes and goes on where it stopped (the budget's ticks)."""

    def __init__(self, prog: Program, dom: list[int], com: int) -> None:
        n: cython.int = prog.n
        base: cython.int = prog.base
        p: u128
        place: i128
        mod: i128
        r: i128
        nw: cython.int = len(prog.words)
        ne: cython.int = len(prog.equations)
        w: cython.int
        j: cython.int
        k: cython.int
        e: cython.int
        c: cython.int
        t: cython.int
        one: cython.ulonglong = 1
        self.n = n
        self.base = base
        self.nw = nw
        self.ne = ne
        self.nodes = 0
        if not cython.compiled:     # compiled, the arrays are part of the object
            self.rank = [0] * 62
            self.sol = [0] * 62
            self.pw = [0] * 65
            self.neo = [0] * 62
            self.eq_nm = [0] * 64
            self.eq_m0 = [0] * 64
            self.eq_nlv = [0] * 64
            self.eq_v0 = [0] * 64
            self.eq_nl = [0] * 64
            self.eq_l0 = [0] * 64
            self.eq_mask = [0] * 64
            self.eq_cst = [0] * 64
            self.elo = [0] * 64
            self.ehi = [0] * 64
            self.fcom = [0] * 64
            self.fli = [0] * 64
            self.fent = [0] * 64
            self.ftodo = [0] * 64
        for j in range(n):
            self.rank[j] = prog.rank[j]
        self.pw[0] = 1
        for k in range(1, 65):          # B^k, 0 marking a modulus past 62 bits
            p = self.pw[k - 1]
            p *= base
            self.pw[k] = p if self.pw[k - 1] and p < M62 else 0
        # the words: letters (most significant first), distinct letters, place values
        total: cython.int = 0
        for w in range(nw):
            total += len(prog.words[w])
        nm: cython.int = 0
        nf: cython.int = 0
        nlv: cython.int = 0
        nl: cython.int = 0
        nwm: cython.int = 0
        for eq in prog.equations:
            nm += len(eq.monomials)
            for _, factors in eq.monomials:
                nf += len(factors)
            nlv += len(eq.levels)
            nl += len(eq.linear)
            nwm += len(eq.levels) * len(eq.linear)
        self._alloc(total, nm, nf, nlv, nl, nwm)
        at: cython.int = 0
        for w in range(nw):
            word = prog.words[w]
            self.wst[w] = at
            self.wlen[w] = len(word)
            self.wnd[w] = 0
            self.wmask[w] = 0
            for j in range(len(word)):
                c = word[j]
                self.wl[at + j] = c
                self.wmask[w] |= one << c
            place = 1
            for j in range(len(word) - 1, -1, -1):
                c = self.wl[at + j]
                k = 0
                while k < self.wnd[w] and self.wdl[at + k] != c:
                    k += 1
                if k == self.wnd[w]:
                    self.wdl[at + k] = c
                    self.wdp[at + k] = 0
                    self.wnd[w] += 1
                self.wdp[at + k] += place
                place *= base
            at += len(word)
        # the equations: monomials and factors, levels, linear part (weights modulo
        # each level's B^k)
        nm = 0
        nf = 0
        nlv = 0
        nl = 0
        nwm = 0
        for e in range(ne):
            eq = prog.equations[e]
            self.eq_mask[e] = eq.mask
            self.eq_cst[e] = _wide(eq.const)
            self.eq_m0[e] = nm
            self.eq_nm[e] = len(eq.monomials)
            for coef, factors in eq.monomials:
                self.mcoef[nm] = coef
                self.mf0[nm] = nf
                self.mnf[nm] = len(factors)
                for w, x in factors:
                    self.fw[nf] = w
                    self.fx[nf] = x
                    nf += 1
                nm += 1
            self.eq_l0[e] = nl
            self.eq_nl[e] = len(eq.linear)
            for c, wt in eq.linear:
                self.ll[nl] = c
                self.lw[nl] = _wide(wt)
                self.lwof[e * n + c] = self.lw[nl]
                nl += 1
            self.eq_v0[e] = nlv
            self.eq_nlv[e] = len(eq.levels)
            for mask, k in eq.levels:
                self.lvmask[nlv] = mask
                self.lvk[nlv] = k
                mod = self.pw[k]
                self.lwm0[nlv] = nwm
                for t in range(self.eq_nl[e]):
                    r = self.lw[self.eq_l0[e] + t] % mod
                    self.lwm[nwm] = r + mod if r < 0 else r
                    nwm += 1
                r = self.eq_cst[e] % mod
                self.cstm[nlv] = r + mod if r < 0 else r
                nlv += 1
        for c in range(n):              # the equations of each letter
            self.neo[c] = 0
            for e in range(ne):
                if self.eq_mask[e] >> c & 1:
                    self.eo[c * ne + self.neo[c]] = e
                    self.neo[c] += 1
        self.full = (one << n) - 1
        for c in range(n):
            self.fdom[c] = dom[c]
        self.fcom[0] = com
        self.fent[0] = 0
        self.depth = 0 if self.propagate(0) else -1

    def _alloc(self, total: cython.int, nm: cython.int, nf: cython.int, nlv: cython.int,
               nl: cython.int, nwm: cython.int) -> cython.void:
        """The arrays sized by the program (compiled, zeroed C memory)."""
        n: cython.int = self.n
        nw: cython.int = self.nw
        if not cython.compiled:
            self.wlen, self.wst, self.wnd = [0] * nw, [0] * nw, [0] * nw
            self.wl, self.wdl, self.wdp = [0] * total, [0] * total, [0] * total
            self.wmask, self.wlo, self.whi = [0] * nw, [0] * nw, [0] * nw
            self.mcoef, self.mnf, self.mf0 = [0] * nm, [0] * nm, [0] * nm
            self.fw, self.fx = [0] * nf, [0] * nf
            self.lvmask, self.lvk, self.cstm, self.lwm0 = [0] * nlv, [0] * nlv, [0] * nlv, \
                [0] * nlv
            self.lwm = [0] * nwm
            self.ll, self.lw = [0] * nl, [0] * nl
            self.lwof, self.eo = [0] * (self.ne * n), [0] * (self.ne * n)
            self.fdom = [0] * ((n + 2) * n)
            return
        self.wlen = cython.cast(cython.p_int, calloc(nw + 1, 4))
        self.wst = cython.cast(cython.p_int, calloc(nw + 1, 4))
        self.wnd = cython.cast(cython.p_int, calloc(nw + 1, 4))
        self.wl = cython.cast(cython.p_uchar, calloc(total + 1, 1))
        self.wdl = cython.cast(cython.p_uchar, calloc(total + 1, 1))
        self.wdp = cython.cast(cython.pointer[i128], calloc(total + 1, 16))
        self.wmask = cython.cast(cython.p_ulonglong, calloc(nw + 1, 8))
        self.wlo = cython.cast(cython.pointer[i128], calloc(nw + 1, 16))
        self.whi = cython.cast(cython.pointer[i128], calloc(nw + 1, 16))
        self.mcoef = cython.cast(cython.p_longlong, calloc(nm + 1, 8))
        self.mnf = cython.cast(cython.p_int, calloc(nm + 1, 4))
        self.mf0 = cython.cast(cython.p_int, calloc(nm + 1, 4))
        self.fw = cython.cast(cython.p_int, calloc(nf + 1, 4))
        self.fx = cython.cast(cython.p_int, calloc(nf + 1, 4))
        self.lvmask = cython.cast(cython.p_ulonglong, calloc(nlv + 1, 8))
        self.lvk = cython.cast(cython.p_int, calloc(nlv + 1, 4))
        self.cstm = cython.cast(cython.p_ulonglong, calloc(nlv + 1, 8))
        self.lwm0 = cython.cast(cython.p_int, calloc(nlv + 1, 4))
        self.lwm = cython.cast(cython.p_ulonglong, calloc(nwm + 1, 8))
        self.ll = cython.cast(cython.p_int, calloc(nl + 1, 4))
        self.lw = cython.cast(cython.pointer[i128], calloc(nl + 1, 16))
        self.lwof = cython.cast(cython.pointer[i128], calloc(self.ne * n + 1, 16))
        self.eo = cython.cast(cython.p_int, calloc(self.ne * n + 1, 4))
        self.fdom = cython.cast(cython.p_ulonglong, calloc((n + 2) * n + 1, 8))
        if (not self.wlen or not self.wst or not self.wnd or not self.wl or not self.wdl
                or not self.wdp or not self.wmask or not self.wlo or not self.whi
                or not self.mcoef or not self.mnf or not self.mf0 or not self.fw
                or not self.fx or not self.lvmask or not self.lvk or not self.cstm
                or not self.lwm0 or not self.lwm or not self.ll or not self.lw
                or not self.lwof or not self.eo or not self.fdom):
            raise MemoryError

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.wlen)
            free(self.wst)
            free(self.wnd)
            free(self.wl)
            free(self.wdl)
            free(self.wdp)
            free(self.wmask)
            free(self.wlo)
            free(self.whi)
            free(self.mcoef)
            free(self.mnf)
            free(self.mf0)
            free(self.fw)
            free(self.fx)
            free(self.lvmask)
            free(self.lvk)
            free(self.cstm)
            free(self.lwm0)
            free(self.lwm)
            free(self.ll)
            free(self.lw)
            free(self.lwof)
            free(self.eo)
            free(self.fdom)

    # -- the tests of one digit ---------------------------------------------------------------

    def exact_ok(self, e: cython.int, o: cython.int, li: cython.int, d: cython.int
                 ) -> cython.bint:
        """Does equation e hold (every letter decided, li = d; o: the frame's masks)?"""
        total: i128 = self.eq_cst[e]
        t: i128
        v: i128
        a: cython.int
        f: cython.int
        _x: cython.int
        j: cython.int
        c: cython.int
        w: cython.int
        b: cython.int = self.base
        for a in range(self.eq_l0[e], self.eq_l0[e] + self.eq_nl[e]):
            c = self.ll[a]
            total += self.lw[a] * (d if c == li else _low(self.fdom[o + c]))
        for a in range(self.eq_m0[e], self.eq_m0[e] + self.eq_nm[e]):
            t = self.mcoef[a]
            for f in range(self.mf0[a], self.mf0[a] + self.mnf[a]):
                w = self.fw[f]
                v = 0
                for j in range(self.wst[w], self.wst[w] + self.wlen[w]):
                    c = self.wl[j]
                    v = v * b + (d if c == li else _low(self.fdom[o + c]))
                for _x in range(self.fx[f]):
                    t *= v
            total += t
        return total == 0

    def residue_ok(self, e: cython.int, lv: cython.int, o: cython.int, li: cython.int,
                   d: cython.int) -> cython.bint:
        """Does equation e hold modulo B^k, k its level lv's?"""
        k: cython.int = self.lvk[lv]
        m: cython.ulonglong = self.pw[k]
        ms: cython.longlong = m
        total: cython.ulonglong = self.cstm[lv]
        wide: u128
        t: cython.ulonglong
        val: cython.ulonglong
        cf: cython.longlong
        wm: cython.int = self.lwm0[lv]
        l0: cython.int = self.eq_l0[e]
        a: cython.int
        f: cython.int
        _x: cython.int
        j: cython.int
        c: cython.int
        w: cython.int
        start: cython.int
        b: cython.ulonglong = self.base
        for a in range(self.eq_nl[e]):
            if self.lwm[wm + a]:
                c = self.ll[l0 + a]
                wide = self.lwm[wm + a]
                wide = wide * (d if c == li else _low(self.fdom[o + c])) % m
                total = (total + wide) % m
        for a in range(self.eq_m0[e], self.eq_m0[e] + self.eq_nm[e]):
            cf = self.mcoef[a] % ms
            t = cf + ms if cf < 0 else cf
            for f in range(self.mf0[a], self.mf0[a] + self.mnf[a]):
                if not t:
                    break
                w = self.fw[f]
                start = self.wst[w] + self.wlen[w] - k if self.wlen[w] > k else self.wst[w]
                val = 0
                for j in range(start, self.wst[w] + self.wlen[w]):
                    c = self.wl[j]
                    val = val * b + (d if c == li else _low(self.fdom[o + c]))
                for _x in range(self.fx[f]):
                    wide = t
                    t = wide * val % m
            total = (total + t) % m
        return total == 0

    def cache_bounds(self, o: cython.int) -> cython.void:
        """The bounds of every word and of every equation's linear part under the
        masks of frame o (before a letter's digits are tested)."""
        w: cython.int
        j: cython.int
        e: cython.int
        a: cython.int
        lo: i128
        hi: i128
        wt: i128
        m: cython.ulonglong
        b: cython.int = self.base
        at: cython.int = 0
        for w in range(self.nw):
            lo = 0
            hi = 0
            for j in range(at, at + self.wlen[w]):
                m = self.fdom[o + self.wl[j]]
                lo = lo * b + _low(m)
                hi = hi * b + _high(m)
            at += self.wlen[w]
            self.wlo[w] = lo
            self.whi[w] = hi
        for e in range(self.ne):
            lo = self.eq_cst[e]
            hi = lo
            for a in range(self.eq_l0[e], self.eq_l0[e] + self.eq_nl[e]):
                wt = self.lw[a]
                m = self.fdom[o + self.ll[a]]
                if wt > 0:
                    lo += wt * _low(m)
                    hi += wt * _high(m)
                else:
                    lo += wt * _high(m)
                    hi += wt * _low(m)
            self.elo[e] = lo
            self.ehi[e] = hi

    def bounds_ok(self, e: cython.int, o: cython.int, li: cython.int, d: cython.int
                  ) -> cython.bint:
        """Can equation e's interval still contain 0 (li = d)?"""
        lo: i128 = self.elo[e]
        hi: i128 = self.ehi[e]
        wt: i128 = self.lwof[e * self.n + li]
        pl: i128
        ph: i128
        wl: i128
        wh: i128
        pv: i128
        cf: cython.longlong
        a: cython.int
        f: cython.int
        _x: cython.int
        j: cython.int
        w: cython.int
        dl: cython.int = d - _low(self.fdom[o + li])
        dh: cython.int = d - _high(self.fdom[o + li])
        if wt > 0:
            lo += wt * dl
            hi += wt * dh
        elif wt < 0:
            lo += wt * dh
            hi += wt * dl
        for a in range(self.eq_m0[e], self.eq_m0[e] + self.eq_nm[e]):
            pl = 1
            ph = 1
            for f in range(self.mf0[a], self.mf0[a] + self.mnf[a]):
                w = self.fw[f]
                wl = self.wlo[w]
                wh = self.whi[w]
                if self.wmask[w] >> li & 1:
                    pv = 0
                    for j in range(self.wst[w], self.wst[w] + self.wnd[w]):
                        if self.wdl[j] == li:
                            pv = self.wdp[j]
                            break
                    wl += dl * pv
                    wh += dh * pv
                for _x in range(self.fx[f]):
                    pl *= wl
                    ph *= wh
            cf = self.mcoef[a]
            if cf > 0:
                lo += cf * pl
                hi += cf * ph
            else:
                lo += cf * ph
                hi += cf * pl
        return lo <= 0 <= hi

    def consistent(self, li: cython.int, d: cython.int, o: cython.int,
                   com: cython.ulonglong) -> cython.bint:
        """Is li = d consistent with every equation of li, the decided letters given?"""
        one: cython.ulonglong = 1
        known: cython.ulonglong = com | one << li
        i: cython.int
        e: cython.int
        v: cython.int
        for i in range(self.neo[li]):
            e = self.eo[li * self.ne + i]
            if not self.eq_mask[e] & ~known:
                if not self.exact_ok(e, o, li, d):
                    return False
                continue
            for v in range(self.eq_v0[e] + self.eq_nlv[e] - 1, self.eq_v0[e] - 1, -1):
                if not self.lvmask[v] & ~known:
                    if self.lvmask[v] >> li & 1 and not self.residue_ok(e, v, o, li, d):
                        return False
                    break
            if not self.bounds_ok(e, o, li, d):
                return False
        return True

    def propagate(self, depth: cython.int) -> cython.bint:
        """Narrow frame depth's masks to the fixpoint (its decided letters with them);
        False on a contradiction."""
        n: cython.int = self.n
        o: cython.int = depth * n
        com: cython.ulonglong = self.fcom[depth]
        one: cython.ulonglong = 1
        used: cython.ulonglong
        m: cython.ulonglong
        nd: cython.ulonglong
        bit: cython.ulonglong
        li: cython.int
        changed: cython.bint
        stale: cython.bint
        while True:
            changed = False
            stale = True        # the bounds are those of the masks (none moved since)
            used = 0
            for li in range(n):          # all different: the decided digits
                if com >> li & 1:
                    if self.fdom[o + li] & used:
                        return False
                    used |= self.fdom[o + li]
            for li in range(n):
                if not com >> li & 1:
                    self.fdom[o + li] &= ~used
            for li in range(n):
                if com >> li & 1:
                    continue
                if stale:
                    self.cache_bounds(o)
                    stale = False
                nd = 0
                m = self.fdom[o + li]
                while m:
                    bit = m & (~m + 1)
                    m ^= bit
                    if self.consistent(li, _low(bit), o, com):
                        nd |= bit
                if not nd:
                    return False
                if nd != self.fdom[o + li]:
                    self.fdom[o + li] = nd
                    changed = True
                    stale = True
                if not nd & (nd - 1):
                    com |= one << li
                    changed = True
            if not changed:
                break
        self.fcom[depth] = com
        return True

    def leaf_ok(self, o: cython.int) -> cython.bint:
        """Every equation exact (every letter decided)."""
        e: cython.int
        for e in range(self.ne):
            if not self.exact_ok(e, o, -1, 0):
                return False
        return True

    def branch(self, o: cython.int, com: cython.ulonglong) -> cython.int:
        """The letter to branch on: fewest digits, then rank."""
        li: cython.int
        k: cython.int
        best: cython.int = -1
        bk: cython.int = 99
        br: cython.int = 1 << 30
        for li in range(self.n):
            if not com >> li & 1:
                k = _count(self.fdom[o + li])
                if k < bk or (k == bk and self.rank[li] < br):
                    best = li
                    bk = k
                    br = self.rank[li]
        return best

    def run(self, max_nodes: cython.longlong) -> cython.int:
        """Go on with the search: 1, a solution (in `sol`); 0, max_nodes spent; -1, no
        more. `nodes` counts the nodes of this call."""
        n: cython.int = self.n
        one: cython.ulonglong = 1
        bit: cython.ulonglong
        todo: cython.ulonglong
        li: cython.int
        o: cython.int
        c: cython.int
        dp: cython.int
        self.nodes = 0
        while self.depth >= 0:
            dp = self.depth
            o = dp * n
            if not self.fent[dp]:
                self.fent[dp] = 1
                if self.fcom[dp] == self.full:
                    self.depth -= 1
                    if self.leaf_ok(o):
                        for li in range(n):
                            self.sol[li] = _low(self.fdom[o + li])
                        return 1
                    continue
                li = self.branch(o, self.fcom[dp])
                self.fli[dp] = li
                self.ftodo[dp] = self.fdom[o + li]
            todo = self.ftodo[dp]
            if not todo:
                self.depth -= 1
                continue
            if self.nodes >= max_nodes:
                return 0
            bit = todo & (~todo + 1)
            self.ftodo[dp] = todo ^ bit
            self.nodes += 1
            for c in range(n):
                self.fdom[o + n + c] = self.fdom[o + c]
            li = self.fli[dp]
            self.fdom[o + n + li] = bit
            self.fcom[dp + 1] = self.fcom[dp] | one << li
            if self.propagate(dp + 1):
                self.fent[dp + 1] = 0
                self.depth = dp + 1
        return -1

    def digits(self) -> list:
        """The solution `run` found (digits by letter index)."""
        return [self.sol[j] for j in range(self.n)]


def start(prog: Program, fixed: dict[int, int], domains: list[int] | None = None
          ) -> tuple[list[int], int]:
    """The masks before the search: every digit (not 0 for a leading letter), or the
    `domains` given (a mask per letter: `options.Rules.allowed`), the fixed letters
    decided."""
    full = (1 << prog.base) - 1
    dom = list(domains) if domains is not None else \
        [full & ~1 if prog.lead[li] else full for li in range(prog.n)]
    com = 0
    for li, d in fixed.items():
        dom[li] = 1 << d
        com |= 1 << li
    return dom, com


def fits(prog: Program) -> bool:
    """Can the search run this program (values within 120 bits, its sizes)? Programs
    that do not fit are left to the solver's own search, compiled or not, so a
    puzzle is searched the same way on both."""
    return (prog.bits <= C_BITS and prog.n <= 62 and prog.base <= 62
            and len(prog.words) <= 512 and all(len(w) <= 64 for w in prog.words)
            and len(prog.equations) <= 64
            and all(len(eq.monomials) <= MAX_MONOMIALS and len(eq.levels) <= 64
                    and all(abs(c) < 2 ** 62 for c, _ in eq.monomials)
                    for eq in prog.equations))


def search(prog: Program, fixed: dict[int, int], budget: Budget | None = None,
           stats: dict[str, int] | None = None, domains: list[int] | None = None
           ) -> Iterator[list[int]]:
    """Every solution of the program (digits by letter index) in the search's order;
    `domains`: the digits each letter may take (a mask per letter), when not every
    digit (every letter still distinct from every other). The budget ticks every
    STRIDE nodes; `stats["nodes"]`: the nodes, once the search is over."""
    dom, com = start(prog, fixed, domains)
    s = _Search(prog, dom, com)
    tick = ensure(budget).tick
    total = 0
    while True:
        status = s.run(STRIDE)
        total += s.nodes
        tick(s.nodes)
        if status == 1:
            yield s.digits()
        elif status < 0:
            break
    if stats is not None:
        stats["nodes"] = total


def describe(prog: Program) -> dict[str, Any]:
    """A summary for tests and benchmarks."""
    return {"equations": len(prog.equations), "words": len(prog.words), "bits": prog.bits,
            "compiled": COMPILED}
