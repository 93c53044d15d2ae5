"""The shape of a formula as a player sees it: columns with carries, products, conditions.

A sum (any linear equality of words, with integer multiples and constants,
`SEND + MORE = MONEY`, `2 * TWO = FOUR`, `WELL - DO + YOU = PUNK`) is written
column by column from the right: column k says

    (sum of the letters in column k, with their signs and multiples)
        + constant digit + carry in = base * carry out

with carry in = 0 in the units column and carry out = 0 in the top column.
The sum holds exactly when integer carries exist that make every column hold
(the columns telescope to the whole sum), so the columns lose nothing.

A product `X x Y = Z` of three words keeps its words for the product
techniques (last digits, lengths, casting out nines). Every other condition
(and a product too) is kept as an exact test on its letters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import solver as S
from .filters import bits
from .lang import BinOp, Compare, Node, Word

PLACES = ("units", "tens", "hundreds", "thousands", "ten-thousands", "hundred-thousands",
          "millions", "ten-millions", "hundred-millions", "billions")


@dataclass(frozen=True)
class Column:
    """Column k (0-based from the right) of sum number `eq`."""

    eq: int
    k: int
    coef: tuple[tuple[str, int], ...]       # letter, signed multiple (non-zero)
    const: int                              # the constant's digit here (signed)
    cin: str | None                         # carry into the column (None: 0)
    cout: str | None                        # carry out of the column (None: must be 0)
    label: str                              # "column 2 (tens)"

    @cached_property
    def letters(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.coef)

    @cached_property
    def weights(self) -> tuple[int, ...]:
        """The multiples of the letters, in the order of `letters`."""
        return tuple(v for _, v in self.coef)


@dataclass(frozen=True)
class Product:
    """X x Y = Z with three words."""

    x: str
    y: str
    z: str

    @property
    def text(self) -> str:
        return f"{self.x} x {self.y} = {self.z}"


@dataclass(frozen=True)
class Condition:
    """A condition tested exactly once its letters are known."""

    label: str
    letters: tuple[str, ...]
    test: Callable[[list[int]], bool]


class Unit:
    """A column (`cols` = (k,)), or two neighbouring columns read as one equation
    (`cols` = (k, k + 1)), as its filter sees it: `vars` the indices of its letters
    (the first `nl`), then of its carry in and out where it has them."""

    def __init__(self, cols: tuple[int, ...], weights: tuple[int, ...], const: int,
                 letters: tuple[int, ...], cin: int | None, cout: int | None) -> None:
        self.cols = cols
        self.pair = len(cols) == 2
        self.weights = weights
        self.const = const
        self.vars = letters + tuple(v for v in (cin, cout) if v is not None)
        self.nl = len(letters)
        self.cin = cin
        self.cout = cout
        # filter results by the unit's masks: the ladder's, the exact one's
        self.cache: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        self.strong: dict[tuple[int, ...], tuple[int, ...] | None] = {}


@dataclass
class Model:
    """Everything the deduction looks at, built from the formula alone."""

    formula: str
    base: int
    letters: list[str]
    index: dict[str, int]
    lead: frozenset[str]
    columns: list[Column] = field(default_factory=list)
    carry_range: dict[str, tuple[int, int]] = field(default_factory=dict)
    products: list[Product] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    sums: int = 0
    holds: Callable[[list[int]], bool] | None = None
    cache: dict[Any, Any] = field(default_factory=dict)
    # the position's layout (`layout`): every letter, then every carry; a carry's
    # mask has bit k for the value lo + k
    names: list[str] = field(default_factory=list)
    place: dict[str, int] = field(default_factory=dict)
    lo: list[int] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)     # the columns, then the pairs
    ncols: int = 0
    fast: Any = None          # the units' compiled filters, when settle.Settle has them

    @property
    def nl(self) -> int:
        """How many letters (the first masks of a position)."""
        return len(self.letters)


def _by_place(text: str) -> dict[tuple[int, str], int]:
    """A word's terms by place: (place from the right, letter) -> 1."""
    return {(pos, ch): 1 for pos, ch in enumerate(reversed(text))}


def _rows(lhs: Node, rhs: Node) -> tuple[dict[int, dict[str, int]], int] | None:
    """(place -> letter -> multiple, constant) of lhs - rhs when both sides are
    linear combinations of words (`solver.combination`), else None."""
    left, right = S.combination(lhs, _by_place), S.combination(rhs, _by_place)
    if left is None or right is None:
        return None
    rows: dict[int, dict[str, int]] = {}
    for sign, (terms, _) in ((1, left), (-1, right)):
        for (pos, ch), v in terms.items():
            row = rows.setdefault(pos, {})
            row[ch] = row.get(ch, 0) + sign * v
    return rows, left[1] - right[1]


def place(k: int, base: int) -> str:
    """'column 2 (tens)'."""
    if base == 10 and k < len(PLACES):
        return f"column {k + 1} ({PLACES[k]})"
    return f"column {k + 1}"


def _sum_columns(model: Model, eq: int, rows: dict[int, dict[str, int]], const: int,
                 many: bool) -> None:
    """Append the columns of one sum and the bounds of its carries."""
    base = model.base
    digits: list[int] = []
    sign = 1 if const >= 0 else -1
    c = abs(const)
    while c:
        digits.append(sign * (c % base))
        c //= base
    top = max([p for p, row in rows.items() if any(row.values())] + [len(digits) - 1, 0])
    prefix = f"sum {eq + 1}, " if many else ""
    def name(k):
        return (f"c{k + 1}" + (f"/{eq + 1}" if many else ""))
    lo_in = hi_in = 0
    for k in range(top + 1):
        coef = tuple(sorted(((ch, v) for ch, v in rows.get(k, {}).items() if v),
                            key=lambda t: (-abs(t[1]), t[0])))
        cd = digits[k] if k < len(digits) else 0
        cin = name(k - 1) if k > 0 else None
        cout = name(k) if k < top else None
        model.columns.append(Column(eq, k, coef, cd, cin, cout, prefix + place(k, base)))
        if cout is not None:
            lo = cd + lo_in + sum(v * (0 if v > 0 else base - 1) for _, v in coef)
            hi = cd + hi_in + sum(v * (base - 1 if v > 0 else 0) for _, v in coef)
            lo_out, hi_out = -((-lo) // base), hi // base
            model.carry_range[cout] = (lo_out, hi_out)
            lo_in, hi_in = lo_out, hi_out


def _product(check: Node) -> Product | None:
    if not isinstance(check, Compare) or check.ops != ["=="]:
        return None
    a, b = check.operands
    for p, z in ((a, b), (b, a)):
        if (isinstance(p, BinOp) and p.op == "*" and isinstance(p.left, Word)
                and isinstance(p.right, Word) and isinstance(z, Word)):
            return Product(p.left.text, p.right.text, z.text)
    return None


def build(formula: str, base: int) -> Model:
    """The model of a formula (the formula is compiled with the solver's parser)."""
    comp = S.compile_puzzle(formula, base)
    model = Model(formula, base, list(comp.letters), dict(comp.index), comp.lead,
                  holds=comp.holds)
    checks = S.split_checks(S.simplify(comp.tree, comp.index, base))
    linear: list[tuple[dict[int, dict[str, int]], int]] = []
    for n, check in enumerate(checks):
        if isinstance(check, Compare) and check.ops == ["=="]:
            terms = _rows(*check.operands)
            if terms is not None:
                linear.append(terms)
                continue
        prod = _product(check)
        if prod is not None:
            model.products.append(prod)
        label = "the formula" if len(checks) == 1 else f"condition {n + 1} of the formula"
        letters = tuple(sorted(check.letters()))
        model.conditions.append(Condition(label, letters, S._truthy(check.compile(comp.index,
                                                                                  base))))
    model.sums = len(linear)
    for eq, (rows, const) in enumerate(linear):
        _sum_columns(model, eq, rows, const, len(linear) > 1)
    model.names = list(model.letters) + list(model.carry_range)
    model.place = {v: i for i, v in enumerate(model.names)}
    model.lo = [0] * len(model.letters) + [lo for lo, _ in model.carry_range.values()]
    _units(model)
    return model


def _units(model: Model) -> None:
    """The model's units: every column, then every two neighbouring columns."""
    ix = model.place

    def add(cols: tuple[int, ...], coef: tuple[tuple[str, int], ...], const: int,
            cin: str | None, cout: str | None) -> None:
        model.units.append(Unit(cols, tuple(v for _, v in coef), const,
                                tuple(ix[c] for c, _ in coef),
                                None if cin is None else ix[cin],
                                None if cout is None else ix[cout]))
    for k, col in enumerate(model.columns):
        add((k,), col.coef, col.const, col.cin, col.cout)
    model.ncols = len(model.columns)
    for k in range(len(model.columns) - 1):
        pair = pair_at(model, k)
        if pair is not None:
            a, b = pair
            add((k, k + 1), merged_coef(model, a, b), a.const + model.base * b.const,
                a.cin, b.cout)


# -- positions: flat masks ---------------------------------------------------------------------
Masks = list[int]


def values(model: Model, m: Masks, v: int) -> tuple[int, ...]:
    """The values of variable v (a letter's digits, a carry's values) in masks m."""
    if v < len(model.letters):
        return bits(m[v])
    lo = model.lo[v]
    return tuple(lo + b for b in bits(m[v]))


def value(model: Model, m: Masks, v: int) -> int | None:
    """The value of variable v when it has only one left."""
    x = m[v]
    if not x or x & (x - 1):
        return None
    return x.bit_length() - 1 + model.lo[v]


def assignment(model: Model, m: Masks) -> dict[str, int]:
    """The decided letters and their digits."""
    return {c: x.bit_length() - 1 for c, x in zip(model.letters, m, strict=False)
            if x and not x & (x - 1)}


def first_masks(model: Model, fixed: dict[str, int] | None = None) -> Masks:
    """Every digit for every letter (no 0 for leading letters), every carry its bounds."""
    full = (1 << model.base) - 1
    m = [full & ~1 if c in model.lead else full for c in model.letters]
    for c, d in (fixed or {}).items():
        m[model.index[c]] &= 1 << d
    m += [(1 << (hi - lo + 1)) - 1 for lo, hi in model.carry_range.values()]
    return m


def clear_decided(model: Model, m: Masks) -> str | None:
    """Remove the digit of every decided letter from the other letters (in place):
    None, or what ran out (the first letter or carry `clear_decided_slowly` finds
    empty, and why)."""
    nl = len(model.letters)
    if 0 in m:
        return clear_decided_slowly(model, m)
    orig = m[:nl]
    done = 0                # the decided letters' digits cleared from the others
    while True:
        singles = 0
        for x in m[:nl]:
            if not x & (x - 1):
                if singles & x:             # two letters with one digit
                    m[:nl] = orig
                    return clear_decided_slowly(model, m)
                singles |= x
        if singles == done:
            return None
        for i in range(nl):
            x = m[i]
            if x & (x - 1) and x & singles:
                x &= ~singles
                if not x:
                    m[:nl] = orig
                    return clear_decided_slowly(model, m)
                m[i] = x
        done = singles


def clear_decided_slowly(model: Model, m: Masks) -> str | None:
    """`clear_decided` letter by letter, naming what ran out as a player finds it:
    the first empty letter, or the letter a decided letter took the last digit
    of."""
    nl = len(model.letters)
    changed = True
    while changed:
        changed = False
        for i in range(nl):
            x = m[i]
            if not x:
                return f"{model.names[i]} has no digit left"
            if not x & (x - 1):
                for j in range(nl):
                    if j != i and m[j] & x:
                        m[j] &= ~x
                        changed = True
                        if not m[j]:
                            return (f"{model.names[j]} has no digit left "
                                    f"({model.names[i]} = {x.bit_length() - 1} took the last one)")
    for i in range(nl, len(m)):
        if not m[i]:
            return f"the carry {model.names[i]} has no value left"
    return None


def pair_at(model: Model, i: int) -> tuple[Column, Column] | None:
    """Columns i and i + 1 when they are neighbours in one sum."""
    if i + 1 >= len(model.columns):
        return None
    a, b = model.columns[i], model.columns[i + 1]
    return (a, b) if a.eq == b.eq and a.cout is not None and a.cout == b.cin else None


def merged_coef(model: Model, a: Column, b: Column) -> tuple[tuple[str, int], ...]:
    """The letters and multiples of columns a and b read as one equation (b's count
    `base` times), largest multiple first."""
    key = ("merged", a.eq, a.k)
    got = model.cache.get(key)
    if got is None:
        base = model.base
        merged: dict[str, int] = {}
        for ch, v in a.coef:
            merged[ch] = merged.get(ch, 0) + v
        for ch, v in b.coef:
            merged[ch] = merged.get(ch, 0) + base * v
        got = model.cache[key] = tuple(sorted(((c, v) for c, v in merged.items() if v),
                                              key=lambda t: (-abs(t[1]), t[0])))
    return got
