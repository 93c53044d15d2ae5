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

The search runs compiled (`_products.c`) when the program's values fit in 120 bits,
node for node the same as `search_py` here, the pure-Python twin and reference.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ..budget import Budget, ensure
from .lang import BinOp, Compare, Const, Node, Sum, Unary, Word

try:
    from . import _products as _compiled
except ImportError:        # no C compiler at install time: search_py below
    _compiled = None  # type: ignore[assignment]

MAX_MONOMIALS = 64        # an equation with more products after expansion is left to the solver
MAX_TERMS = 4096          # ... or with more terms in all (words to the first power included)
MAX_EXPONENT = 12
MAX_FACTORS = 8           # words in one monomial
C_BITS = 120              # magnitudes the compiled search evaluates exactly
MOD_BITS = 62             # largest modulus B^k of a column check
LOW60 = (1 << 60) - 1      # big weights go to C as (w >> 60, w & LOW60)
STRIDE = 2048             # nodes per call of the compiled search (budget ticks between)

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


# -- the search: pure-Python twin --------------------------------------------------------------

class _Twin:
    """The propagation search in Python, step for step what `_products.c` does."""

    def __init__(self, prog: Program) -> None:
        self.p = prog
        self.eqs_of = prog.eqs_of()
        self.nodes = 0

    def word_bounds(self, w: int, li: int, d: int, dom: list[int]) -> tuple[int, int]:
        """Smallest and largest value of word w with letter li = d."""
        b = self.p.base
        lo = hi = 0
        for c in self.p.words[w]:
            if c == li:
                a = z = d
            else:
                m = dom[c]
                a, z = (m & -m).bit_length() - 1, m.bit_length() - 1
            lo, hi = lo * b + a, hi * b + z
        return lo, hi

    def value(self, w: int, li: int, d: int, dom: list[int], k: int = 0) -> int:
        """The word's value (its last k digits when k > 0); letters decided."""
        b = self.p.base
        letters = self.p.words[w]
        if k:
            letters = letters[-k:]
        v = 0
        for c in letters:
            v = v * b + (d if c == li else dom[c].bit_length() - 1)
        return v

    @staticmethod
    def digit(c: int, li: int, d: int, dom: list[int]) -> int:
        """The digit of a decided letter (li = d)."""
        return d if c == li else dom[c].bit_length() - 1

    def exact(self, e: int, li: int, d: int, dom: list[int]) -> bool:
        """Does equation e hold (every letter decided, li = d)?"""
        eq = self.p.equations[e]
        total = eq.const + sum(w * self.digit(c, li, d, dom) for c, w in eq.linear)
        for coef, factors in eq.monomials:
            t = coef
            for w, x in factors:
                t *= self.value(w, li, d, dom) ** x
            total += t
        return total == 0

    def residue_ok(self, e: int, k: int, li: int, d: int, dom: list[int]) -> bool:
        """Does equation e hold modulo B^k?"""
        m = self.p.base ** k
        eq = self.p.equations[e]
        total = eq.const % m
        for c, w in eq.linear:
            total += w % m * self.digit(c, li, d, dom)
        for coef, factors in eq.monomials:
            t = coef % m
            for w, x in factors:
                t = t * pow(self.value(w, li, d, dom, k), x, m) % m
            total += t
        return total % m == 0

    def bounds_ok(self, e: int, li: int, d: int, dom: list[int]) -> bool:
        """Can equation e's interval still contain 0?"""
        eq = self.p.equations[e]
        lo = hi = eq.const
        for c, w in eq.linear:
            if c == li:
                a = z = d
            else:
                m = dom[c]
                a, z = (m & -m).bit_length() - 1, m.bit_length() - 1
            lo, hi = (lo + w * a, hi + w * z) if w > 0 else (lo + w * z, hi + w * a)
        for coef, factors in eq.monomials:
            a = z = 1
            for w, x in factors:
                wl, wh = self.word_bounds(w, li, d, dom)
                a, z = a * wl ** x, z * wh ** x
            if coef > 0:
                lo, hi = lo + coef * a, hi + coef * z
            else:
                lo, hi = lo + coef * z, hi + coef * a
        return lo <= 0 <= hi

    def consistent(self, li: int, d: int, dom: list[int], com: int) -> bool:
        """Is li = d consistent with every equation of li, the decided letters given?"""
        known = com | 1 << li
        for e in self.eqs_of[li]:
            eq = self.p.equations[e]
            if not eq.mask & ~known:
                if not self.exact(e, li, d, dom):
                    return False
                continue
            for mask, k in reversed(eq.levels):
                if not mask & ~known:
                    if mask >> li & 1 and not self.residue_ok(e, k, li, d, dom):
                        return False
                    break
            if not self.bounds_ok(e, li, d, dom):
                return False
        return True

    def propagate(self, dom: list[int], com: int) -> int | None:
        """Narrow the masks in place to the fixpoint; the decided letters, or None."""
        n = self.p.n
        while True:
            changed = False
            used = 0
            for li in range(n):          # all different: the decided digits
                if com >> li & 1:
                    if dom[li] & used:
                        return None
                    used |= dom[li]
            for li in range(n):
                if not com >> li & 1:
                    dom[li] &= ~used
            for li in range(n):
                if com >> li & 1:
                    continue
                nd = 0
                m = dom[li]
                while m:
                    bit = m & -m
                    m ^= bit
                    if self.consistent(li, bit.bit_length() - 1, dom, com):
                        nd |= bit
                if not nd:
                    return None
                if nd != dom[li]:
                    dom[li] = nd
                    changed = True
                if not nd & (nd - 1):
                    com |= 1 << li
                    changed = True
            if not changed:
                return com

    def leaf_ok(self, dom: list[int]) -> bool:
        """Every equation exact (every letter decided)."""
        return all(self.exact(e, -1, 0, dom) for e in range(len(self.p.equations)))

    def branch(self, dom: list[int], com: int) -> int:
        """The letter to branch on: fewest digits, then rank."""
        best, key = -1, (99, 99)
        for li in range(self.p.n):
            if not com >> li & 1:
                k = (bin(dom[li]).count("1"), self.p.rank[li])
                if k < key:
                    best, key = li, k
        return best

    def run(self, dom: list[int], com: int) -> Iterator[list[int]]:
        """Every solution below this node (digits by letter index)."""
        full = (1 << self.p.n) - 1
        if com == full:
            if self.leaf_ok(dom):
                yield [m.bit_length() - 1 for m in dom]
            return
        li = self.branch(dom, com)
        m = dom[li]
        while m:
            bit = m & -m
            m ^= bit
            self.nodes += 1
            child = list(dom)
            child[li] = bit
            c = self.propagate(child, com | 1 << li)
            if c is not None:
                yield from self.run(child, c)


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


def search_py(prog: Program, fixed: dict[int, int], stats: dict[str, int] | None = None,
              budget: Budget | None = None, domains: list[int] | None = None
              ) -> Iterator[list[int]]:
    """Every solution (digits by letter index) in the search's order, in Python."""
    twin = _Twin(prog)
    dom, com = start(prog, fixed, domains)
    tick = ensure(budget).tick
    seen = 0
    c = twin.propagate(dom, com)
    if c is not None:
        for sol in twin.run(dom, c):
            tick(twin.nodes - seen)
            seen = twin.nodes
            yield sol
    tick(twin.nodes - seen)
    if stats is not None:
        stats["nodes"] = twin.nodes


def fits(prog: Program) -> bool:
    """Can the compiled search run this program (values within its 120 bits, its
    sizes)? Programs that do not fit are left to the solver's own search, with or
    without the compiled core, so a puzzle is searched the same way on both."""
    return (prog.bits <= C_BITS and prog.n <= 62 and prog.base <= 62
            and len(prog.words) <= 512 and all(len(w) <= 64 for w in prog.words)
            and len(prog.equations) <= 64
            and all(len(eq.monomials) <= MAX_MONOMIALS and len(eq.levels) <= 64
                    and all(abs(c) < 2 ** 62 for c, _ in eq.monomials)
                    for eq in prog.equations))


def compiled_ok(prog: Program) -> bool:
    """Is the compiled search there for this program?"""
    return _compiled is not None and fits(prog)


def search_c(prog: Program, fixed: dict[int, int], stats: dict[str, int] | None = None,
             budget: Budget | None = None, domains: list[int] | None = None
             ) -> Iterator[list[int]]:
    """`search_py`, compiled (the caller checks `compiled_ok`)."""
    dom, com = start(prog, fixed, domains)
    eqs = [(list(eq.monomials), eq.mask, list(eq.levels),
            [(c, w >> 60, w & LOW60) for c, w in eq.linear], eq.const >> 60, eq.const & LOW60)
           for eq in prog.equations]
    state = _compiled.new(prog.n, prog.base, list(prog.rank), [list(w) for w in prog.words],
                          eqs, dom, com)
    budget = ensure(budget)
    total = 0
    while True:
        status, digits, nodes = _compiled.run(state, STRIDE)
        total += nodes
        budget.tick(nodes)
        if status == 1 and digits is not None:
            yield list(digits)
        elif status < 0:
            break
    if stats is not None:
        stats["nodes"] = total


def search(prog: Program, fixed: dict[int, int], budget: Budget | None = None,
           stats: dict[str, int] | None = None, domains: list[int] | None = None
           ) -> Iterator[list[int]]:
    """Every solution of the program, compiled when possible; `domains`: the digits
    each letter may take (a mask per letter), when not every digit (every letter
    still distinct from every other)."""
    if compiled_ok(prog):
        return search_c(prog, fixed, stats, budget, domains)
    return search_py(prog, fixed, stats, budget, domains)


def describe(prog: Program) -> dict[str, Any]:
    """A summary for tests and benchmarks."""
    return {"equations": len(prog.equations), "words": len(prog.words), "bits": prog.bits,
            "compiled": compiled_ok(prog)}
