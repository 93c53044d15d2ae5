"""Solving cryptarithms: one search engine, fed by the shape of the formula.

The formula is split into necessary conditions ("checks"): the parts of an
`and`, the links of a chained comparison. Each equality is then analysed:

* linear (sums and differences of words with integer multiples and
  constants): it becomes one weighted sum `c + sum(w_L * L) = 0`. Its last k
  digits fix it modulo B^k (the column-by-column carry reasoning), and the
  letter that completes a column is computed from the congruence rather than
  tried. A single sum is searched by decreasing weight, and each letter keeps
  only the digits for which the letters still to come can cancel the sum
  (largest weights paired with the largest free digits: `candidates.sum_filter`,
  the filter the explanation's column techniques share);
* polynomial or rational (products, integer powers, divisions: `X * Y = Z`,
  `YOU = ME ^ 2`, `NORTH / SOUTH = EAST / WEST` cross-multiplied,
  `X = Y ^ (1/2)` squared): the last k digits of Z depend only on the last k
  digits of X and Y, so the equation is checked modulo B^k as soon as those
  digits are known (low digits first); a letter that enters linearly modulo
  B^k is computed, not tried; interval bounds of both sides prune too;
* anything else: checked exactly as soon as all its letters are assigned;
  comparisons are bounded by interval arithmetic (refuted branches are cut,
  entailed ones counted without enumeration).

Letters are ordered greedily so that the smallest pending check completes
first. Every complete assignment is confirmed with the exact evaluator.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from ..budget import Budget, ensure
from ..errors import PuzzleError
from . import products
from .bounds import Unbounded, compare_fn, interval_fn, linear_compare_fn
from .filters import split_weights, sum_filter
from .lang import (
    BinOp,
    BoolOp,
    Collection,
    Compare,
    Const,
    Env,
    Node,
    NoValue,
    Sum,
    Unary,
    Word,
    check_statement,
    compile_formula,
    parse_formula,
)

MAX_POLY_EXPONENT = 64
EXACT_BOUND_REST = 5   # letters still to come from which the bound also removes the digit
                       # (candidates.sum_filter's `exact`)
WIDE_COLUMN = 1
SPLIT_DOMAIN = 2   # a letter the bounds leave at most this many digits is fixed first
HIGH_FIRST = 3     # a modular level adding this many letters takes the leading ones first
SPLIT_FIXED = 4    # ... while fewer letters than this are fixed   # units-column letters from which a single sum is ordered by weight

Key = TypeVar("Key")   # a term of a linear combination: a letter, or (place, letter)

class Pseudo:
    """A condition that can be tested once its letters are assigned. (Plain
    classes here and below: a dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("factors", "fn", "letters", "level", "linear", "linear_letters", "mode",
                 "modulus", "positions", "seq")

    def __init__(self, letters: frozenset[str], seq: int, mode: str, modulus: int = 0,
                 level: int = 0, fn: Callable[[Env], Any] | None = None, linear: bool = False,
                 positions: dict[str, int] | None = None,
                 linear_letters: frozenset[str] = frozenset(),
                 factors: tuple[str, str] | None = None) -> None:
        self.letters, self.seq = letters, seq
        self.mode = mode                    # "mod", "exact", "full" or "order"
        self.modulus = modulus              # for "mod": B^k
        self.level = level                  # k
        self.fn = fn                        # the residue function, or the full check
        self.linear = linear
        self.positions = {} if positions is None else positions  # min position of each letter < k
        self.linear_letters = linear_letters    # letters the residue is linear in
        self.factors = factors                  # X, Y of a product X * Y = Z

    def func(self) -> Callable[[Env], Any]:
        """The residue function (or the full check); only an "order" hint has none."""
        if self.fn is None:
            raise ValueError(f"a {self.mode!r} pseudo-check has no function")
        return self.fn


class Compiled:
    """Everything the search needs for one formula in one base."""

    __slots__ = ("base", "conjunctive", "holds", "ichecks", "index", "lead", "letters",
                 "linears", "program", "pseudos", "strategy", "tree")

    def __init__(self, tree: Node, letters: list[str], index: dict[str, int], base: int,
                 lead: frozenset[str], holds: Callable[[Env], bool], pseudos: list[Pseudo],
                 strategy: str, ichecks: dict[int, Callable] | None = None,
                 conjunctive: bool = False,
                 linears: dict[int, tuple[list[int], Callable[[Env], int]]] | None = None,
                 program: Any = None) -> None:
        self.tree, self.letters, self.index, self.base = tree, letters, index, base
        self.lead, self.holds, self.pseudos, self.strategy = lead, holds, pseudos, strategy
        self.ichecks = {} if ichecks is None else ichecks
        self.conjunctive = conjunctive
        self.linears = {} if linears is None else linears
        self.program = program      # the propagation program (products.py), if it applies


def split_checks(node: Node) -> list[Node]:
    """Necessary conditions: the parts of an `and`, the links of a comparison chain."""
    if isinstance(node, BoolOp) and node.op == "and":
        return [c for v in node.values for c in split_checks(v)]
    if isinstance(node, Compare) and len(node.ops) > 1:
        return [Compare([op], [a, b], node.col)
                for op, a, b in zip(node.ops, node.operands, node.operands[1:], strict=False)]
    return [node]


def combination(node: Node, word: Callable[[str], dict[Key, int]]
                ) -> tuple[dict[Key, int], int] | None:
    """(term -> multiple, constant) when node is a linear integer combination of
    words, None otherwise; `word(text)` gives one word's terms and multiples. The
    one walk over sums, signs and whole-number factors that `linear` (letter
    weights) and the explanation's columns (letters by place) both read."""
    if isinstance(node, Const):
        return ({}, int(node.value)) if type(node.value) in (int, bool) else None
    if isinstance(node, Word):
        return word(node.text), 0
    if isinstance(node, Unary) and node.op in "+-":
        inner = combination(node.operand, word)
        return inner if inner is None or node.op == "+" else _scaled(inner, -1)
    if isinstance(node, Sum):
        total: dict[Key, int] = {}
        const = 0
        for sign, term in node.terms:
            part = combination(term, word)
            if part is None:
                return None
            for k, v in part[0].items():
                total[k] = total.get(k, 0) + sign * v
            const += sign * part[1]
        return total, const
    if isinstance(node, BinOp) and node.op == "*":
        for a, b in ((node.left, node.right), (node.right, node.left)):
            if isinstance(a, Const) and type(a.value) in (int, bool):
                part = combination(b, word)
                return None if part is None else _scaled(part, int(a.value))
    return None


def _scaled(part: tuple[dict[Key, int], int], m: int) -> tuple[dict[Key, int], int]:
    return {k: v * m for k, v in part[0].items()}, part[1] * m


def linear(node: Node, base: int) -> tuple[dict[str, int], int] | None:
    """(letter -> weight, constant) when node is a linear integer combination of words."""
    def weights(text: str) -> dict[str, int]:
        w: dict[str, int] = {}
        for pos, ch in enumerate(reversed(text)):
            w[ch] = w.get(ch, 0) + base ** pos
        return w
    return combination(node, weights)


ONE = Const(1)


def _mul(a: Node, b: Node) -> Node:
    if a is ONE:
        return b
    if b is ONE:
        return a
    return BinOp("*", a, b)


def rational(node: Node) -> tuple[Node, Node] | None:
    """(numerator, denominator) as integer polynomials in the words, or None."""
    if isinstance(node, Const):
        v = node.value
        if type(v) in (int, bool):
            return Const(int(v)), ONE
        if hasattr(v, "denominator") and not isinstance(v, (range, frozenset, tuple, list)):
            return Const(v.numerator), Const(v.denominator)
        return None
    if isinstance(node, Word):
        return node, ONE
    if isinstance(node, Unary) and node.op in "+-":
        inner = rational(node.operand)
        if inner is None or node.op == "+":
            return inner
        return Sum([(-1, inner[0])]), inner[1]
    if isinstance(node, Sum):
        parts: list[tuple[int, tuple[Node, Node]]] = []
        for s, t in node.terms:
            r = rational(t)
            if r is None:
                return None
            parts.append((s, r))
        num, den = parts[0][1]
        if parts[0][0] < 0:
            num = Sum([(-1, num)])
        for s, (n2, d2) in parts[1:]:
            num = Sum([(1, _mul(num, d2)), (s, _mul(n2, den))])
            den = _mul(den, d2)
        return num, den
    if isinstance(node, BinOp):
        a, b = rational(node.left), rational(node.right)
        if node.op == "*" and a and b:
            return _mul(a[0], b[0]), _mul(a[1], b[1])
        if node.op == "/" and a and b:
            return _mul(a[0], b[1]), _mul(a[1], b[0])
        if (node.op == "**" and a and isinstance(node.right, Const)
                and type(node.right.value) is int and 0 <= node.right.value <= MAX_POLY_EXPONENT):
            e = Const(node.right.value)
            den = ONE if a[1] is ONE else BinOp("**", a[1], e)
            return BinOp("**", a[0], e), den
    return None


def _positions(words: list[str] | list[tuple[str, int]]) -> list[dict[str, int]]:
    """For each position k from the right, the letters at position k (min over words);
    a word may come with its place (`_placed_words`: `ZE` of `ZE7AB` is 3 up)."""
    out: list[dict[str, int]] = []
    for item in words:
        w, shift = (item, 0) if isinstance(item, str) else item
        for pos, ch in enumerate(reversed(w), start=shift):
            while len(out) <= pos:
                out.append({})
            out[pos].setdefault(ch, pos)
    return out


def _placed_words(node: Node, base: int) -> list[tuple[str, int]]:
    """The words below node with their places: a run of letters of a word with
    digits (`HALO` of `HALO2`, `AB` of `AB7C`) stands `k` places up, as the parser
    writes it (`word * base ** k`); any other word at place 0."""
    if isinstance(node, Word):
        return [(node.text, 0)]
    if isinstance(node, BinOp) and node.op == "*" and isinstance(node.left, Word) \
            and isinstance(node.right, Const) and type(node.right.value) is int:
        k, v = 0, node.right.value
        while v > 1 and v % base == 0:
            k, v = k + 1, v // base
        if v == 1:
            return [(node.left.text, k)]
    return [w for c in node.children() for w in _placed_words(c, base)]


def linear_letters(sides: list[Node]) -> frozenset[str]:
    """Letters that occur only in words in a linear position (sums, constant multiples)."""
    lin: set[str] = set()
    nonlin: set[str] = set()

    def walk(node: Node, linear_ctx: bool) -> None:
        if isinstance(node, Word):
            (lin if linear_ctx else nonlin).update(node.text)
        elif isinstance(node, Sum):
            for _, t in node.terms:
                walk(t, linear_ctx)
        elif isinstance(node, Unary) and node.op in "+-":
            walk(node.operand, linear_ctx)
        elif isinstance(node, BinOp) and node.op == "*":
            # a product is linear in a letter that occurs in one factor only
            nonlin.update(node.left.letters() & node.right.letters())
            walk(node.left, linear_ctx)
            walk(node.right, linear_ctx)
        else:
            for c in node.children():
                walk(c, False)
    for side in sides:
        walk(side, True)
    return frozenset(lin - nonlin)


def _level_pseudos(check: Node, fn: Callable[[Env], Any], linear_ok: bool, base: int,
                   seq: int, final: Pseudo, lin: frozenset[str] = frozenset()) -> list[Pseudo]:
    """The modular conditions of an equality, one per digit position, then `final`."""
    cols = _positions(_placed_words(check, base))
    out: list[Pseudo] = []
    seen: dict[str, int] = {}
    for k in range(1, len(cols)):
        for ch, pos in cols[k - 1].items():
            seen.setdefault(ch, pos)
        out.append(Pseudo(frozenset(seen), seq, "mod", base ** k, k, fn, linear_ok, dict(seen),
                          lin))
    out.append(final)
    return out


def _safe(fn: Callable[[Env], Any]) -> Callable[[Env], Any]:
    """fn, with NoValue turned into None."""
    def g(env: Env) -> Any:
        try:
            return fn(env)
        except NoValue:
            return None
    return g


def _truthy(fn: Callable[[Env], Any]) -> Callable[[Env], bool]:
    def g(env: Env) -> bool:
        try:
            return bool(fn(env))
        except NoValue:
            return False
    return g


def simplify(node: Node, index: dict[str, int], base: int) -> Node:
    """Drop `or`/`and` parts decided by the operand's bounds (`2 * BE or X` is `2 * BE`)."""
    if isinstance(node, BoolOp):
        values = [simplify(v, index, base) for v in node.values]
        while len(values) > 1:
            truth = _static_truth(values[0], index, base)
            if truth is None:
                break
            if (node.op == "or") == truth:
                return values[0]
            values = values[1:]
        return values[0] if len(values) == 1 else BoolOp(node.op, values, node.col)
    if isinstance(node, Compare):
        return Compare(node.ops, [simplify(o, index, base) for o in node.operands], node.col)
    return node


def _static_truth(node: Node, index: dict[str, int], base: int) -> bool | None:
    """True when a numeric part can never be 0 (so it is truthy), else None."""
    try:
        fn = interval_fn(node, index, base)
    except Unbounded:
        return None
    r = fn([0] * len(index), [False] * len(index), 0, base - 1)
    if r is not None and (r[0] > 0 or r[1] < 0):
        return True
    return None


def _root_rewrite(lhs: Node, rhs: Node) -> tuple[Compare, list[Node]] | None:
    """`X = Y ^ (p/q)` implies `X ^ q = Y ^ p`: a polynomial necessary condition;
    with it the sides (not single words) that must be non-negative, X and Y."""
    from fractions import Fraction
    for a, b in ((lhs, rhs), (rhs, lhs)):
        if (isinstance(b, BinOp) and b.op == "**" and isinstance(b.right, Const)
                and type(b.right.value) is Fraction and 0 < b.right.value.numerator
                and b.right.value.denominator <= 8 and b.right.value.numerator <= 8):
            e = b.right.value
            out = Compare(["=="], [BinOp("**", a, Const(e.denominator)),
                                   BinOp("**", b.left, Const(e.numerator))])
            return out, [x for x in (a, b.left) if x.words() and not isinstance(x, Word)]
    return None


def analyse_checks(tree: Node, index: dict[str, int], base: int
                   ) -> tuple[list[Pseudo], str, dict[int, Callable], bool, dict]:
    """The pseudo-checks of a formula, the strategy name, the interval tests by
    check number, and whether the formula is exactly the conjunction of its checks."""
    pseudos: list[Pseudo] = []
    shapes: list[str] = []
    ichecks: dict[int, Callable] = {}
    linears: dict[int, tuple[list[int], Callable[[Env], int]]] = {}
    n = len(index)
    checks = split_checks(simplify(tree, index, base))
    conjunctive = all(isinstance(c, Compare) for c in checks) and _is_conjunction(tree)
    n_checks = len(checks)
    for seq, check in enumerate(checks):
        letters = check.letters()
        full = Pseudo(letters, seq, "full", fn=_truthy(check.compile(index, base)))
        if isinstance(check, Compare) and check.ops != ["=="]:
            try:
                ichecks[seq] = _linear_bounds(check, index, base) or \
                    compare_fn(check, index, base)
                if seq < n_checks:   # the bounds added for a root do not choose the order
                    pseudos.append(Pseudo(_decider(check), seq, "order"))
            except Unbounded:
                pass
        if isinstance(check, Compare) and check.ops == ["=="]:
            lhs, rhs = check.operands
            lin_l, lin_r = linear(lhs, base), linear(rhs, base)
            if lin_l is not None and lin_r is not None:
                weights = [0] * n
                for k, v in lin_l[0].items():
                    weights[index[k]] += v
                for k, v in lin_r[0].items():
                    weights[index[k]] -= v
                const = lin_l[1] - lin_r[1]

                def fn(env: Env, w: list[int] = weights, c: int = const) -> int:
                    return c + sum(map(operator.mul, w, env))
                exact = Pseudo(letters, seq, "exact", 0, 0, fn, True)
                linears[seq] = (weights, fn)
                pseudos += _level_pseudos(check, fn, True, base, seq, exact)
                shapes.append("linear")
                continue
            derived = _root_rewrite(lhs, rhs)
            if derived is not None:
                lhs, rhs = derived[0].operands
                # X = Y ^ (p/q) also needs X >= 0 and Y >= 0 (a root is of a
                # non-negative number and is non-negative): bounds of their own
                checks += [Compare([">="], [side, Const(0)]) for side in derived[1]]
            rl, rr = rational(lhs), rational(rhs)
            if rl is not None and rr is not None and (rl[1] is not ONE or rr[1] is not ONE) \
                    and _units_say_nothing(check, rl, rr, index, base):
                try:   # a ratio whose last digits say nothing: bound it from the high digits
                    cross = Sum([(1, _mul(rl[0], rr[1])), (-1, _mul(rr[0], rl[1]))])
                    ichecks[seq] = _prune_only(compare_fn(Compare(["=="], [cross, Const(0)]),
                                                          index, base))
                    pseudos.append(Pseudo(_decider(check), seq, "order"))
                    pseudos.append(full)
                    shapes.append("general")
                    continue
                except Unbounded:
                    pass
            if rl is not None and rr is not None and check.words():
                p = Sum([(1, _mul(rl[0], rr[1])), (-1, _mul(rr[0], rl[1]))])
                levels = _level_pseudos(check, _safe(p.compile(index, base)), False, base,
                                        seq, full, linear_letters([lhs, rhs]))
                levels = [q for q in levels if q.mode != "mod" or _says_something(q, index, base)]
                factors = _factors(check)
                for q in levels:
                    q.factors = factors
                try:   # also bound both sides from the high digits
                    ichecks[seq] = _prune_only(compare_fn(Compare(["=="], [lhs, rhs]),
                                                          index, base))
                except Unbounded:
                    pass
                pseudos += levels
                shapes.append("product" if _is_product(check) else "polynomial")
                continue
        pseudos.append(full)
        shapes.append("bound" if seq in ichecks and seq >= n_checks else "general")
    shapes = [k for k in shapes if k != "bound"]
    if all(k == "linear" for k in shapes):
        strategy = "columns"
    elif all(k in ("product", "polynomial", "linear") for k in shapes):
        strategy = "low digits"
    else:
        strategy = "general"
    return pseudos, strategy, ichecks, conjunctive, linears


def _units_say_nothing(check: Compare, rl: tuple[Node, Node], rr: tuple[Node, Node],
                       index: dict[str, int], base: int) -> bool:
    """Does the cross-multiplied equation hold modulo B for every choice of the last
    digits (e.g. NORTH * WEST - EAST * SOUTH)? Then low-digits-first is useless."""
    import random
    p = _safe(Sum([(1, _mul(rl[0], rr[1])), (-1, _mul(rr[0], rl[1]))]).compile(index, base))
    units = sorted({w[-1] for w in check.words()})
    rng = random.Random(0)
    for _ in range(12):
        env = [0] * len(index)
        for c, d in zip(units, rng.sample(range(base), len(units)), strict=True):
            env[index[c]] = d
        v = p(env)
        if v is not None and v % base:
            return False
    return True


def _says_something(p: Pseudo, index: dict[str, int], base: int) -> bool:
    """Can the residue of a modular level be non-zero? (AYH^2 + BEE^2 - SEE^2 is always
    0 modulo 100 once the units column holds: that level would only delay the
    high-digit letters.) Random distinct digits that pass the level below; a level
    never seen non-zero there is dropped, which only gives up pruning."""
    import random
    if p.level < 2 or len(index) > base:
        return True
    rng = random.Random(p.level)
    lower = p.modulus // base
    fn = p.func()
    seen = 0
    for _ in range(150):
        v = fn(rng.sample(range(base), len(index)))
        if v is None or v % lower:
            continue
        if v % p.modulus:
            return True
        seen += 1
    return seen < 8   # too few samples pass the level below to tell


def _linear_bounds(check: Compare, index: dict[str, int], base: int) -> Callable | None:
    """The interval test of a comparison of two linear sides, or None."""
    if len(check.ops) != 1 or check.ops[0] in ("in", "not in"):
        return None
    a, b = linear(check.operands[0], base), linear(check.operands[1], base)
    if a is None or b is None:
        return None
    weights = [0] * len(index)
    for k, v in a[0].items():
        weights[index[k]] += v
    for k, v in b[0].items():
        weights[index[k]] -= v
    lead = [False] * len(index)
    for w in check.words():
        if len(w) > 1:
            lead[index[w[0]]] = True
    return linear_compare_fn(check.ops[0], weights, a[1] - b[1], lead)


def _prune_only(fn: Callable) -> Callable:
    """An interval test that may refute but never entails (a necessary condition)."""
    def g(*args: Any) -> bool | None:
        return False if fn(*args) is False else None
    return g


def _decider(check: Compare) -> frozenset[str]:
    """The letters that most likely decide a comparison: the leading letters, up to
    the first place where two words of the same length differ."""
    a, b = check.operands
    if isinstance(a, Word) and isinstance(b, Word) and len(a.text) == len(b.text):
        for j, (x, y) in enumerate(zip(a.text, b.text, strict=False)):
            if x != y:
                return frozenset(a.text[:j + 1] + b.text[:j + 1])
    return frozenset(w[0] for w in check.words())


def _is_conjunction(node: Node) -> bool:
    """Is the formula a comparison or an `and` of comparisons (so it is bool-valued)?"""
    if isinstance(node, BoolOp):
        return node.op == "and" and all(_is_conjunction(v) for v in node.values)
    return isinstance(node, Compare)


def _factors(check: Compare) -> tuple[str, str] | None:
    """(X, Y) when the check is X * Y = Z (either side) with words."""
    a, b = check.operands
    for p, z in ((a, b), (b, a)):
        if (isinstance(p, BinOp) and p.op == "*" and isinstance(p.left, Word)
                and isinstance(p.right, Word) and isinstance(z, Word)):
            return p.left.text, p.right.text
    return None


def _is_product(check: Compare) -> bool:
    """X * Y = Z (either side) with words."""
    a, b = check.operands
    for p, z in ((a, b), (b, a)):
        if (isinstance(p, BinOp) and p.op == "*" and isinstance(p.left, Word)
                and isinstance(p.right, Word) and isinstance(z, Word)):
            return True
    return False


@lru_cache(maxsize=256)
def compile_puzzle(formula: str, base: int, propagation: bool = True,
                   many: bool = False) -> Compiled:
    """Parse and analyse a formula (cached); `propagation=False` leaves out the
    propagation search of `products.py` (the solver's own strategies, for comparison
    and for the rules of `options.py`); `many` allows more letters than digits (when
    not every letter must differ)."""
    tree = parse_formula(formula, base)
    check_statement(tree, formula)
    letters = sorted(tree.letters())
    if len(letters) > base and not many:
        raise PuzzleError(f"{len(letters)} distinct letters but base {base} has only "
                          f"{base} digits")
    if not letters:
        raise PuzzleError("the formula has no letters")
    index = {c: i for i, c in enumerate(letters)}
    lead = tree.leading_letters()
    holds = compile_formula(tree, index, base)
    prog = _program(tree, letters, index, base, lead) if propagation else None
    if prog is not None:      # the propagation search needs no other analysis
        return Compiled(tree, letters, index, base, lead, holds, [], "propagation",
                        program=prog)
    pseudos, strategy, ichecks, conj, lins = analyse_checks(tree, index, base)
    return Compiled(tree, letters, index, base, lead, holds, pseudos, strategy, ichecks, conj,
                    lins)


def _program(tree: Node, letters: list[str], index: dict[str, int], base: int,
             lead: frozenset[str]) -> Any:
    """The propagation program (`products.py`) of a conjunction of polynomial
    equalities (sums included), or None."""
    if not _is_conjunction(tree):
        return None
    return products.program(split_checks(tree), letters, index, base, lead)


def letter_order(comp: Compiled, fixed: dict[str, int]) -> list[str]:
    """Greedy order: complete the pending check with the fewest unknown letters first."""
    rank: dict[str, tuple[int, int]] = {}
    high: dict[str, tuple[int, int]] = {}
    for i, w in enumerate(comp.tree.words()):
        for pos, ch in enumerate(reversed(w)):
            old = rank.get(ch)
            key = (pos, i)
            if old is None or key < old:
                rank[ch] = key
            left = len(w) - 1 - pos
            if ch not in high or (left, i) < high[ch]:
                high[ch] = (left, i)
    assigned = set(fixed)
    if len(comp.linears) == 1 and len(comp.pseudos) > 1 and \
            len(comp.pseudos[0].letters) >= WIDE_COLUMN:
        weights = next(iter(comp.linears.values()))[0]
        return sorted((c for c in comp.letters if c not in assigned),
                      key=lambda c: (-abs(weights[comp.index[c]]), c))
    order: list[str] = []
    pending = [p for p in comp.pseudos if not p.letters <= assigned]
    while pending:
        best = min(pending, key=lambda p: (len(p.letters - assigned), p.seq, p.level))
        new_letters = best.letters - assigned
        table = high if best.seq in comp.ichecks and (best.mode in ("full", "order") or (
            best.mode == "mod" and len(new_letters) >= HIGH_FIRST)) else rank
        new = sorted(new_letters, key=lambda c: table.get(c, (99, 0)))
        order += new
        assigned.update(new)
        pending = [p for p in pending if not p.letters <= assigned]
    order += [c for c in comp.letters if c not in assigned]
    return order


# An interval test of a check: (env, known, dlo, dhi) -> True (entailed), False
# (refuted) or None (undecided); a plan pairs it with the check's sequence number.
IntervalTest = Callable[[Env, list[bool], int, int], bool | None]
Bound = tuple[int, IntervalTest]


class SumBound(NamedTuple):
    """One weighted sum at one depth: its function, the weight of the letter placed
    there, the positive (descending) and negative (ascending) weights still to come,
    and whether to bound each candidate without its own digit (`candidates.sum_filter`)."""

    fn: Callable[[Env], int]
    weight: int
    pos: list[int]
    neg: list[int]
    exact: bool


class Depth(NamedTuple):
    """What the search does at one depth: the letter it places there and what it
    tests after each digit (the plan is one of these per depth)."""

    letter: int                                          # index of the letter
    solver: tuple[int, Callable[[Env], Any]] | None      # (modulus, residue) solved for it
    checks: list[Callable[[Env], bool]]                  # pseudo-checks complete here
    bounds: list[Bound]                                  # interval tests of open checks
    tail: list[Bound] | None     # when counting: the tests whose entailment ends the branch
    sums: list[SumBound]                                 # weighted sums bounded here


class Plan:
    """The search plan: one `Depth` per letter in search order, and the checks
    that hold no free letter (tested once, before the search)."""

    __slots__ = ("depths", "root_checks")

    def __init__(self, depths: list[Depth], root_checks: list[Callable[[Env], bool]]) -> None:
        self.depths, self.root_checks = depths, root_checks


def _as_check(p: Pseudo) -> Callable[[Env], bool]:
    """A pseudo-check as env -> bool."""
    fn = p.func()
    if p.mode == "full":
        return fn
    if p.mode == "exact":
        return lambda env: fn(env) == 0
    m = p.modulus

    def g(env: Env) -> bool:
        v = fn(env)
        return v is None or v % m == 0
    return g


def make_plan(comp: Compiled, fixed: dict[str, int]) -> Plan:
    """Attach every pseudo-check to the letter after which it can be tested."""
    order = letter_order(comp, fixed)
    depth = {c: i for i, c in enumerate(order)}
    n = len(order)
    by_depth: list[list[Pseudo]] = [[] for _ in range(n)]
    root: list[Pseudo] = []
    for p in comp.pseudos:
        if p.mode == "order":
            continue
        ds = [depth[c] for c in p.letters if c in depth]
        (by_depth[max(ds)] if ds else root).append(p)
    solvers: list[tuple[int, Callable[[Env], Any]] | None] = []
    checks: list[list[Callable[[Env], bool]]] = []
    for i, group in enumerate(by_depth):
        group = _strongest(group)
        solver = None
        for p in sorted(group, key=lambda p: (p.mode != "exact", -p.modulus)):
            if p.mode == "exact" or (p.mode == "mod" and _solvable(p, order[i])):
                solver = p
                break
        solvers.append(None if solver is None else (solver.modulus, solver.func()))
        checks.append([_as_check(p) for p in group if p is not solver])
    bounds, tails = _bound_plan(comp, order, depth)
    depths = [Depth(comp.index[c], *per) for c, *per in zip(
        order, solvers, checks, bounds, tails, _sum_bounds(comp, order), strict=True)]
    return Plan(depths, [_as_check(p) for p in root])


def _sum_bounds(comp: Compiled, order: list[str]) -> list[list[SumBound]]:
    """For each weighted sum and each depth: (sum, weight of the letter, positive and
    negative weights still to come). The search keeps a digit only if the letters
    still to come can cancel the sum (`candidates.sum_filter`: the rearrangement
    bound over the free digits, tight and sound)."""
    out: list[list[SumBound]] = [[] for _ in order]
    for weights, fn in comp.linears.values():
        idx = [comp.index[c] for c in order]
        for i in range(len(order) - 1):
            pos, neg = split_weights([weights[j] for j in idx[i + 1:]])
            out[i].append(SumBound(fn, weights[idx[i]], pos, neg,
                                   len(pos) + len(neg) >= EXACT_BOUND_REST))
    return out


def _bound_plan(comp: Compiled, order: list[str], depth: dict[str, int]
                ) -> tuple[list[list[Bound]], list[list[Bound] | None]]:
    """Per depth: the interval tests of partly assigned checks, and (when every
    later check has one) the tests whose entailment lets a count skip the rest."""
    n = len(order)
    trigger: dict[int, int] = {}
    first: dict[int, int] = {}
    for p in comp.pseudos:
        if p.mode == "order":
            continue
        ds = [depth[c] for c in p.letters if c in depth] or [-1]
        trigger[p.seq] = max(trigger.get(p.seq, -1), max(ds))
        first[p.seq] = min(first.get(p.seq, n), min(ds))
    bounds: list[list[Bound]] = []
    tails: list[list[Bound] | None] = []
    for i in range(n):
        later = [q for q, t in trigger.items() if t > i]
        bounds.append([(q, comp.ichecks[q]) for q in later if q in comp.ichecks
                       and first[q] <= i])
        ok = comp.conjunctive and all(q in comp.ichecks for q in later)
        tails.append([(q, comp.ichecks[q]) for q in later] if ok else None)
    return bounds, tails


def _strongest(group: list[Pseudo]) -> list[Pseudo]:
    """Drop the modular levels implied by a higher level (or the exact sum) of the same check."""
    best_mod: dict[int, Pseudo] = {}
    keep: list[Pseudo] = []
    exact = {p.seq for p in group if p.mode == "exact"}
    for p in group:
        if p.mode != "mod":
            keep.append(p)
        elif p.seq not in exact:
            old = best_mod.get(p.seq)
            if old is None or p.modulus > old.modulus:
                best_mod[p.seq] = p
    return keep + list(best_mod.values())


def _solvable(p: Pseudo, letter: str) -> bool:
    """Is the residue linear in `letter` modulo B^k (so it can be solved for)?"""
    if p.linear or letter in p.linear_letters:
        return True
    if p.factors is not None:
        # X * Y - Z is linear in L modulo B^k unless L sits in both factors at
        # positions jx, jy (from the right) with jx + jy < k.
        x, y = p.factors
        jx = [j for j, c in enumerate(reversed(x)) if c == letter and j < p.level]
        jy = [j for j, c in enumerate(reversed(y)) if c == letter and j < p.level]
        return not jx or not jy or min(jx) + min(jy) >= p.level
    pos = p.positions.get(letter)
    return pos is not None and 2 * pos >= p.level


def search(comp: Compiled, fixed: dict[str, int], budget: Budget | None = None,
           counting: bool = False, rules: Any = None) -> Iterator[Any]:
    """Every assignment (letter values by index) that makes the formula true; with
    `counting`, yields numbers of solutions instead (whole subtrees at once when the
    interval bounds prove every completion a solution). `rules` (`options.Rules`,
    with a formula compiled without the propagation program): the digits each
    letter may take and the groups of letters that differ, instead of every letter
    distinct and no leading 0."""
    budget = ensure(budget)
    if comp.program is not None:
        yield from _program_search(comp, fixed, budget, counting, rules)
        return
    base, n = comp.base, len(comp.letters)
    env = [0] * n
    known = [False] * n
    used = [0] * base                  # per digit: the groups (bits) a letter holds it in
    groups = [1] * n if rules is None else list(rules.groups)
    partial = rules is not None and not rules.all_distinct
    for c, d in fixed.items():
        env[comp.index[c]] = d
        known[comp.index[c]] = True
        used[d] |= groups[comp.index[c]]
    if rules is None:
        if any(fixed[c] == 0 for c in comp.lead if c in fixed):
            return
    elif any(not rules.allowed[comp.index[c]] >> d & 1 for c, d in fixed.items()):
        return
    bounded = rules is None or not rules.lead_zero    # the bounds take leading letters >= 1
    doms = _root_domains(comp, fixed, env, known, used, rules) if bounded else None
    if doms:
        if any(not d for d in doms.values()):
            return
        c = min(doms, key=lambda c: (len(doms[c]), c))
        if len(doms[c]) <= SPLIT_DOMAIN and len(fixed) < SPLIT_FIXED:
            for d in doms[c]:   # a letter the high digits pin: fix it, bound again
                yield from search(comp, {**fixed, c: d}, budget, counting, rules)
            return
    plan = make_plan(comp, fixed)
    if not all(c(env) for c in plan.root_checks):
        return
    nonzero = [rules is None and c in comp.lead for c in comp.letters]
    depths, holds, tick = plan.depths, comp.holds, budget.tick
    order = [depth.letter for depth in depths]
    done = [False] * (1 + max((p.seq for p in comp.pseudos), default=0))
    depth_max = len(depths)
    allowed = None
    if rules is not None:
        allowed = [[bool(m >> d & 1) for d in range(base)] for m in rules.allowed]
    if doms:
        allowed = allowed or [[True] * base for _ in range(n)]
        for c, ds in doms.items():
            allowed[comp.index[c]] = [d in ds for d in range(base)]
    every = [d for d in range(base) if any(m >> d & 1 for m in rules.allowed)] \
        if partial else []     # the digits a letter may share: bounds over all of them

    def rec(i: int) -> Iterator[Any]:
        if i == depth_max:
            if holds(env):
                yield 1 if counting else list(env)
            return
        li, solver, cks, bds, tail, sums = depths[i]
        g = groups[li]
        cand = [d for d in range(1 if nonzero[li] else 0, base) if not used[d] & g]
        if allowed is not None:
            cand = [d for d in cand if allowed[li][d]]
        if solver is not None:
            cand = _solve(solver, env, li, cand)
        if sums and not partial:
            free = [e for e in range(base) if not used[e]]
            for fn, w, pos, neg, exact in sums:
                cand = sum_filter(fn(env), w, pos, neg, free, cand, exact)
        if not counting or rules is not None:
            tail = None
        if not bounded:
            bds = []
        known[li] = True
        for d in cand:
            tick()
            env[li] = d
            for c in cks:
                if not c(env):
                    break
            else:
                used[d] |= g
                if bds or tail is not None:
                    free = every or [e for e in range(base) if not used[e]]
                    dlo, dhi = (free[0], free[-1]) if free else (0, 0)
                    refuted = False
                    newly = []
                    for q, b in bds:
                        if done[q]:
                            continue
                        verdict = b(env, known, dlo, dhi)
                        if verdict is False:
                            refuted = True
                            break
                        if verdict is True:
                            done[q] = True
                            newly.append(q)
                    if not refuted:
                        if tail is not None and all(done[q] or t(env, known, dlo, dhi) is True
                                                    for q, t in tail):
                            yield _tail_count(order[i + 1:], nonzero, used, base)
                        else:
                            yield from rec(i + 1)
                    for q in newly:
                        done[q] = False
                    used[d] ^= g
                    continue
                yield from rec(i + 1)
                used[d] ^= g
        known[li] = False
        env[li] = 0

    yield from rec(0)


def _program_search(comp: Compiled, fixed: dict[str, int], budget: Budget,
                    counting: bool, rules: Any = None) -> Iterator[Any]:
    """The propagation search of products and systems (`products.py`), each solution
    confirmed by the exact evaluator; `rules` (every letter distinct, no leading 0:
    `puzzle.compiled` sees to it) give the digits each letter starts with."""
    if any(fixed[c] == 0 for c in comp.lead if c in fixed):
        return
    domains = None
    if rules is not None:
        if any(not rules.allowed[comp.index[c]] >> d & 1 for c, d in fixed.items()):
            return
        domains = list(rules.allowed)
    holds = comp.holds
    for env in products.search(comp.program, {comp.index[c]: d for c, d in fixed.items()},
                               budget, domains=domains):
        if holds(env):
            yield 1 if counting else env


def _root_domains(comp: Compiled, fixed: dict[str, int], env: Env, known: list[bool],
                  used: list[int], rules: Any = None) -> dict[str, list[int]] | None:
    """For each free letter, the digits its interval tests do not refute when it is
    the only letter assigned beyond `fixed` (e.g. HIP * HIP = HURRAY in base 36 pins
    H to 34 or 35), or None when the formula has no interval test. (`rules`: as
    `search` takes them.)"""
    tests = list(comp.ichecks.values())
    if not tests or comp.strategy == "columns":
        return None
    base = comp.base
    out: dict[str, list[int]] = {}
    shared = rules is not None and not rules.all_distinct   # digits may repeat
    if shared:
        free = [e for e in range(base) if any(m >> e & 1 for m in rules.allowed)]
    else:
        free = [e for e in range(base) if not used[e]]
    for c in comp.letters:
        if c in fixed:
            continue
        li = comp.index[c]
        keep = []
        known[li] = True
        g = 1 if rules is None else rules.groups[li]
        for d in range(1 if rules is None and c in comp.lead else 0, base):
            if used[d] & g or rules is not None and not rules.allowed[li] >> d & 1:
                continue
            env[li] = d
            rest = [e for e in free[:2] + free[-2:] if e != d or shared]  # the free digits but d
            dlo, dhi = (rest[0], rest[-1]) if rest else (0, 0)
            if all(t(env, known, dlo, dhi) is not False for t in tests):
                keep.append(d)
        known[li] = False
        env[li] = 0
        out[c] = keep
    return out


def _tail_count(rest: list[int], nonzero: list[bool], used: list[int] | list[bool],
                base: int) -> int:
    """Injective assignments of the remaining letters to unused digits (no leading 0)."""
    return _injections(len(rest), sum(1 for li in rest if nonzero[li]), used.count(False),
                       not used[0])


def _injections(k: int, lead: int, avail: int, zero_free: bool) -> int:
    """Ways to give k letters (`lead` of them not 0) distinct digits out of `avail`
    unused ones (0 among them when `zero_free`)."""
    def perm(a: int, m: int) -> int:
        out = 1
        for j in range(m):
            out *= max(0, a - j)
        return out
    if not zero_free:
        return perm(avail, k)
    return perm(avail - 1, k) + (k - lead) * perm(avail - 1, k - 1)


def _solve(solver: tuple[int, Callable[[Env], Any]], env: Env, li: int,
           cand: list[int]) -> list[int]:
    """The candidates that satisfy a residue linear in letter li."""
    m, fn = solver
    env[li] = 0
    p0 = fn(env)
    env[li] = 1
    p1 = fn(env)
    env[li] = 0
    if p0 is None or p1 is None:
        return cand
    delta = p1 - p0
    if m:
        return [d for d in cand if (p0 + delta * d) % m == 0]
    return [d for d in cand if p0 + delta * d == 0]


def free_assignments(comp: Compiled, fixed: dict[str, int]) -> int:
    """How many assignments of the free letters respect distinctness and leading zeros."""
    free = [c for c in comp.letters if c not in fixed]
    return _injections(len(free), sum(1 for c in free if c in comp.lead),
                       comp.base - len(set(fixed.values())), 0 not in fixed.values())


def _complement(comp: Compiled) -> Compiled | None:
    """For `X != Y` (or `is not`, `not in {Y}`) with always-defined sides: `X == Y`."""
    tree = comp.tree
    if not (isinstance(tree, Compare) and len(tree.ops) == 1):
        return None
    a, b = tree.operands
    op = tree.ops[0]
    if op == "not in" and isinstance(b, Collection) and len(b.items) == 1:
        b, op = b.items[0], "!="
    if op not in ("!=", "is not"):
        return None
    if linear(a, comp.base) is None or linear(b, comp.base) is None:
        return None
    eq = Compare(["=="], [a, b])
    index, base = comp.index, comp.base
    pseudos, strategy, ichecks, conj, lins = analyse_checks(eq, index, base)
    return Compiled(eq, comp.letters, index, base, comp.lead,
                    compile_formula(eq, index, base), pseudos, strategy, ichecks, conj, lins)


def count(comp: Compiled, fixed: dict[str, int], limit: int | None = None,
          budget: Budget | None = None, rules: Any = None) -> int:
    """The number of solutions (at most `limit`); `X != Y` counts as all minus `X == Y`
    (default rules only)."""
    if limit is None and rules is None:
        other = _complement(comp)
        if other is not None:
            return free_assignments(comp, fixed) - count(other, fixed, None, budget)
    n = 0
    if limit is None:
        return sum(search(comp, fixed, budget, counting=True, rules=rules))
    for _ in search(comp, fixed, budget, rules=rules):
        n += 1
        if n >= limit:
            break
    return n
