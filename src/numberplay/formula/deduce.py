"""Deduction for cryptarithms, from the formula alone (never from a solution).

A *position* gives every letter its candidate digits (a bit mask) and every
carry of a sum its candidate values. Techniques, easiest first (the ladder):

1. `column sum`: one column of a sum (`D + E = Y + 10·c1`), its letters and its
   two carries filtered to full arc consistency by enumerating the column's
   tuples (letters of one column distinct; memoised per position of the column),
   a column too wide to enumerate by bounds (`candidates.column_filter`, the
   filter the search shares);
2. for products `X x Y = Z`: `last digits` (the last k digits of the product
   come from the last k digits of the factors), `product length` (how many
   digits the product can have bounds the leading digits), `casting out nines`
   (digit sums agree modulo base - 1);
3. `condition`: any other condition with few candidate tuples left, tested exactly;
4. `different letters`: letters take distinct digits (a group of k letters
   that share k digits between them keeps those digits to itself: Hall's
   condition, the same filtering as Régin's all-different);
5. `two columns`: two neighbouring columns read as one equation, the carry
   between them eliminated (`N + R + c1 = E + 10` with `E + 1 = N`).

Where they stall, the shared driver (`numberplay.deduce`) makes trials
("suppose E = 4: ... contradiction, so E ≠ 4", nested at most two deep) and
only then a plainly labelled guess with its backtrack.
The grade is the hardest rung used: easy (techniques only), medium (single
trials), hard (nested trials or a guess).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal

from .. import deduce as D
from ..budget import Budget, ensure
from ..model import Step
from .candidates import (
    PAIR_NODES,
    Support,
    TooWide,
    _compiled,
    bits,
    column_filter,
    column_support,
    is_wide,
)
from .columns import Column, Model, Product, build, merged_coef, pair_at
from .fixpoint import Fixpoint
from .model import substitute
from .trials import Trials

ENUM_LIMIT = 20_000       # candidate tuples a product or condition technique may enumerate
SUBSET_MAX = 6            # largest group the different-letters rule looks at beyond 12 letters
HARD_TRIALS = 3           # this many single trials (or any nested trial, or a guess) is hard



class Contradiction(Exception):
    """The position has no completion; the message says why."""


@dataclass
class Position:
    """Candidate digits of every letter, candidate values of every carry."""

    dom: dict[str, int]
    carry: dict[str, frozenset[int]] = field(default_factory=dict)

    def copy(self) -> Position:
        return Position(dict(self.dom), dict(self.carry))

    def value(self, var: str) -> int | None:
        """The value of a letter or carry when it has only one candidate."""
        if var in self.dom:
            b = bits(self.dom[var])
            return b[0] if len(b) == 1 else None
        c = self.carry[var]
        return next(iter(c)) if len(c) == 1 else None

    def values(self, var: str) -> tuple[int, ...]:
        if var in self.dom:
            return bits(self.dom[var])
        return tuple(sorted(self.carry[var]))

    def solved(self) -> bool:
        return all(m & (m - 1) == 0 for m in self.dom.values())

    def assignment(self) -> dict[str, int]:
        return {c: bits(m)[0] for c, m in self.dom.items() if m and m & (m - 1) == 0}

    def restrict(self, var: str, keep: tuple[int, ...] | list[int] | frozenset[int]) -> Position:
        """A copy with `var` restricted to `keep`."""
        p = self.copy()
        if var in p.dom:
            m = 0
            for v in keep:
                m |= 1 << v
            p.dom[var] &= m
        else:
            p.carry[var] = p.carry[var] & frozenset(keep)
        return p

    def key(self) -> tuple:
        return tuple(sorted(self.dom.items())), tuple(sorted(self.carry.items()))


@dataclass
class Found:
    """What one technique found: a new position (or a contradiction) and why."""

    technique: str
    text: str
    cells: tuple[str, ...]
    pos: Position | None           # None: contradiction
    inner: list[Found] = field(default_factory=list)


# -- text -------------------------------------------------------------------------------------
def fmt_values(vals: tuple[int, ...] | list[int]) -> str:
    """'2, 3 or 5', '2–9', '0 or 1'."""
    vals = sorted(vals)
    parts: list[str] = []
    i = 0
    while i < len(vals):
        j = i
        while j + 1 < len(vals) and vals[j + 1] == vals[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{vals[i]}–{vals[j]}")
        else:
            parts += [str(v) for v in vals[i:j + 1]]
        i = j + 1
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def changes(old: Position, new: Position) -> list[str]:
    """'M = 1', 'E ≠ 0, 1', 'c3 is 0 or 1' for every letter and carry that changed."""
    out = []
    od, nd, oc, nc = old.dom, new.dom, old.carry, new.carry
    for var in list(od) + list(oc):
        if (od[var] == nd[var]) if var in od else (oc[var] == nc[var]):
            continue
        before, after = old.values(var), new.values(var)
        if before == after:
            continue
        if not after:
            out.append(f"{var} has no value left")
        elif len(after) == 1:
            out.append(f"{var} = {after[0]}")
        else:
            gone = [v for v in before if v not in after]
            out.append(f"{var} ≠ {', '.join(map(str, gone))}" if len(gone) <= len(after)
                       else f"{var} is {fmt_values(after)}")
    return out


def diff(old: Position, new: Position) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(removed, fixed) pairs from old to new, letters and carries."""
    removed, fixed = [], []
    od, nd, oc, nc = old.dom, new.dom, old.carry, new.carry
    for var in list(oc) + list(od):      # letters last: hints name them
        if (od[var] == nd[var]) if var in od else (oc[var] == nc[var]):
            continue
        before, after = old.values(var), new.values(var)
        removed += [(var, v) for v in before if v not in after]
        if len(after) == 1 and len(before) > 1:
            fixed.append((var, after[0]))
    return removed, fixed


# -- the position from the formula ------------------------------------------------------------
def start(model: Model, fixed: dict[str, int] | None = None) -> Position:
    """Every digit for every letter (no 0 for leading letters), every carry its bounds."""
    full = (1 << model.base) - 1
    dom = {c: full & ~1 if c in model.lead else full for c in model.letters}
    for c, d in (fixed or {}).items():
        dom[c] &= 1 << d
    carry = {c: frozenset(range(lo, hi + 1)) for c, (lo, hi) in model.carry_range.items()}
    return Position(dom, carry)


def settle(model: Model, pos: Position) -> Position:
    """Remove the digit of every decided letter from the other letters (in place)."""
    dom = pos.dom
    changed = True
    while changed:
        changed = False
        for c, m in dom.items():
            if m == 0:
                raise Contradiction(f"{c} has no digit left")
            if m & (m - 1) == 0:
                for o, mo in dom.items():
                    if o != c and mo & m:
                        dom[o] = mo & ~m
                        changed = True
                        if dom[o] == 0:
                            raise Contradiction(f"{o} has no digit left "
                                                f"({c} = {bits(m)[0]} took the last one)")
    for c, vals in pos.carry.items():
        if not vals:
            raise Contradiction(f"the carry {c} has no value left")
    return pos


# -- columns ----------------------------------------------------------------------------------
def _column_vars(col: Column) -> list[str]:
    return list(col.letters) + [c for c in (col.cin, col.cout) if c]


def apply_column(model: Model, col: Column, pos: Position) -> Position | None:
    """The position after filtering one column (None: contradiction)."""
    doms = tuple(pos.dom[c] for c in col.letters)
    cin = pos.carry[col.cin] if col.cin else frozenset((0,))
    cout = pos.carry[col.cout] if col.cout else frozenset((0,))
    key = (col.eq, col.k, doms, cin, cout)
    cache = model.cache
    if key in cache:
        res = cache[key]
    else:
        res = column_filter(col.weights, col.const, doms, cin, cout, model.base, model.base)
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = res
    return _narrowed(pos, res, col.letters, col.cin, col.cout)


def _terms(col: Column, base: int, value: Callable[[str], int | None]) -> tuple[str, str]:
    """The two sides of a column's equation, known values written in."""
    left: list[str] = []
    right: list[str] = []
    for ch, v in col.coef:
        side = left if v > 0 else right
        name = ch if value(ch) is None else str(value(ch))
        m = abs(v)
        side += [name] * m if m <= 3 else [f"{m}·{name}"]
    if col.const > 0:
        left.append(str(col.const))
    elif col.const < 0:
        right.append(str(-col.const))
    if col.cin and value(col.cin) != 0:
        left.append(col.cin if value(col.cin) is None else str(value(col.cin)))
    if col.cout and value(col.cout) != 0:
        out = value(col.cout)
        right.append(f"{base}·{col.cout}" if out is None else str(base * out))
    return " + ".join(left) or "0", " + ".join(right) or "0"


def column_text(model: Model, col: Column, old: Position, new: Position | None) -> str:
    """A player's sentence for one column step."""
    lhs, rhs = _terms(col, model.base, lambda v: None)
    eq = f"{lhs} = {rhs}"
    if (new is not None and not col.cout and col.cin and col.const == 0
            and len(col.coef) == 1 and col.coef[0][1] == -1):
        letter = col.letters[0]
        if new.value(letter) == 1 and max(old.carry[col.cin]) == 1:
            return (f"{col.label}: {eq}: the sum is one digit longer than the numbers "
                    f"added, so {letter} is the carry {col.cin}: at most 1, and not 0 since "
                    f"{letter} begins a word, so {letter} = 1")
    known = {v for v in _column_vars(col) if old.value(v) is not None}
    slhs, srhs = _terms(col, model.base, old.value)
    text = f"{col.label}: {eq}"
    if known:
        text += f", here {slhs} = {srhs}"
    unknown = [v for v in _column_vars(col) if v not in known]
    if unknown and new is not None:
        text += " where " + ", ".join(f"{v} is {fmt_values(old.values(v))}" for v in unknown)
    if new is None:
        return text + ": no digits fit"
    return text + ": so " + ", ".join(changes(old, new))


def tech_column(model: Model, pos: Position) -> Found | None:
    """The first column from the right that narrows something."""
    for col in model.columns:
        new = apply_column(model, col, pos)
        if new is pos:
            continue
        if model.quiet:
            return Found("column sum", "", (), new)
        cells = (col.label,) + tuple(v for v in _column_vars(col)
                                     if new is None or pos.values(v) != new.values(v))
        return Found("column sum", column_text(model, col, pos, new), cells, new)
    return None


def apply_pair(model: Model, a: Column, b: Column, pos: Position) -> Position | None:
    """Two neighbouring columns read as one equation (the carry between them eliminated)."""
    base = model.base
    coef = merged_coef(model, a, b)
    letters = tuple(c for c, _ in coef)
    doms = tuple(pos.dom[c] for c in letters)
    cin = pos.carry[a.cin] if a.cin else frozenset((0,))
    cout = pos.carry[b.cout] if b.cout else frozenset((0,))
    key = ("pair", a.eq, a.k, doms, cin, cout)
    cache = model.cache
    if key in cache:
        res = cache[key]
    else:
        # exact or nothing: on a pair too wide to enumerate, bounds cost more than they
        # find (measured: 6% of the slowest explanation, no puzzle explained sooner)
        weights = tuple(v for _, v in coef)
        res = (doms, cin, cout)
        if not is_wide(weights, cin, cout):
            try:
                res = column_support(weights, a.const + base * b.const, doms, cin, cout, base,
                                     base * base, PAIR_NODES)
            except TooWide:
                pass
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = res
    return _narrowed(pos, res, letters, a.cin, b.cout)


def tech_two_columns(model: Model, pos: Position) -> Found | None:
    """Two neighbouring columns read together, the carry between them eliminated."""
    for i in range(len(model.columns) - 1):
        pair = pair_at(model, i)
        if pair is None:
            continue
        a, b = pair
        new = apply_pair(model, a, b, pos)
        if new is pos:
            continue
        if model.quiet:
            return Found("two columns", "", (), new)
        eqs = []
        for col in (a, b):
            lhs, rhs = _terms(col, model.base, pos.value)
            eqs.append(f"{lhs} = {rhs}")
        vars_ = list(dict.fromkeys(_column_vars(a) + _column_vars(b)))
        unknown = [v for v in vars_ if pos.value(v) is None and v != a.cout]
        label = f"{a.label} and {b.label.split(', ')[-1]}"
        text = (f"{label} read together (the carry {a.cout} links them): "
                f"{eqs[0]} and {eqs[1]}")
        if new is None:
            return Found("two columns", text + ": no digits fit", (label,), None)
        if unknown:
            text += " where " + ", ".join(f"{v} is {fmt_values(pos.values(v))}"
                                          for v in unknown)
        return Found("two columns", text + ": so " + ", ".join(changes(pos, new)),
                     (label,) + tuple(v for v in vars_ if pos.values(v) != new.values(v)), new)
    return None


# -- enumeration of a few letters -------------------------------------------------------------
def enum_filter(letters: list[str], pos: Position, test: Callable[[list[int]], bool],
                limit: int = ENUM_LIMIT) -> dict[str, int] | None | Literal[False]:
    """Supported digits of `letters` under `test` (values in letter order, distinct).

    None: no tuple fits; False: too many tuples to enumerate."""
    doms = [pos.dom[c] for c in letters]
    size = 1
    for d in doms:
        size *= len(bits(d))
        if size > limit:
            return False
    n = len(letters)
    vals = [bits(d) for d in doms]
    supp = [0] * n
    path = [0] * n
    need = sum(len(v) for v in vals)
    got = [0]

    def dfs(i: int, used: int) -> bool:
        if i == n:
            if test(path):
                for j in range(n):
                    b = 1 << path[j]
                    if not supp[j] & b:
                        supp[j] |= b
                        got[0] += 1
                return got[0] >= need
            return False
        for x in vals[i]:
            if not used >> x & 1:
                path[i] = x
                if dfs(i + 1, used | 1 << x):
                    return True
        return False

    dfs(0, 0)
    if not any(supp) and n:
        return None
    if n == 0:
        return {} if test(path) else None
    return dict(zip(letters, supp, strict=True))


def _narrow(pos: Position, supp: dict[str, int]) -> Position:
    if all(pos.dom[c] == m for c, m in supp.items()):
        return pos
    p = pos.copy()
    p.dom.update(supp)
    return p


def _word_value(word: str, vals: dict[str, int], base: int) -> int:
    v = 0
    for ch in word:
        v = v * base + vals[ch]
    return v


def _low(product: Product, k: int, base: int) -> tuple[list[str], Callable[[list[int]], bool]]:
    x, y, z = (w[-k:] for w in (product.x, product.y, product.z))
    letters = sorted(set(x + y + z))
    mod = base ** k

    def test(path: list[int]) -> bool:
        vals = dict(zip(letters, path, strict=True))
        return (_word_value(x, vals, base) * _word_value(y, vals, base)
                - _word_value(z, vals, base)) % mod == 0
    return letters, test


def tech_last_digit(model: Model, pos: Position) -> Found | None:
    """The last digit of X x Y comes from the last digits of X and Y."""
    return tech_last_digits(model, pos, 1, 1)


def tech_last_digits(model: Model, pos: Position, first: int = 2, last: int = 99
                     ) -> Found | None:
    """The last k digits of X x Y decide the last k digits of Z."""
    base = model.base
    for prod in model.products:
        longest = max(len(prod.x), len(prod.y), len(prod.z))
        for k in range(first, min(longest, last) + 1):
            letters, test = _low(prod, k, base)
            supp = enum_filter(letters, pos, test)
            if supp is False:
                break
            x, y, z = (w[-k:] for w in (prod.x, prod.y, prod.z))
            what = "last digit" if k == 1 else f"last {k} digits"
            head = (f"{what}: {x} x {y} must end in {z[-k:]}" if k <= len(z) else
                    f"{what}: {x} x {y} must end in {z}")
            if supp is None:
                return Found("last digits", head + ": no digits fit", (what,) + tuple(letters),
                             None)
            new = _narrow(pos, supp)
            if new is not pos:
                return Found("last digits", head + ": so " + ", ".join(changes(pos, new)),
                             (what,) + tuple(c for c in letters if pos.dom[c] != new.dom[c]),
                             new)
    return None


def _word_range(word: str, pos: Position, base: int, letter: str, v: int) -> tuple[int, int]:
    lo = hi = 0
    for ch in word:
        vals = (v,) if ch == letter else bits(pos.dom[ch])
        lo = lo * base + vals[0]
        hi = hi * base + vals[-1]
    return lo, hi


def tech_product_length(model: Model, pos: Position) -> Found | None:
    """How large X x Y can be against how large Z can be, letter by letter."""
    base = model.base
    for prod in model.products:
        letters = sorted(set(prod.x + prod.y + prod.z))
        new = pos
        notes = []
        for c in letters:
            keep = []
            for v in bits(pos.dom[c]):
                xl, xh = _word_range(prod.x, pos, base, c, v)
                yl, yh = _word_range(prod.y, pos, base, c, v)
                zl, zh = _word_range(prod.z, pos, base, c, v)
                if xl * yl > zh:
                    notes.append(f"{c} = {v} makes {prod.x} x {prod.y} at least {xl * yl}, "
                                 f"more than {prod.z} can be ({zh})")
                elif xh * yh < zl:
                    notes.append(f"{c} = {v} makes {prod.x} x {prod.y} at most {xh * yh}, "
                                 f"less than {prod.z} can be ({zl})")
                else:
                    keep.append(v)
            if len(keep) < len(bits(pos.dom[c])):
                new = new.restrict(c, keep)
        if new is not pos:
            n = len(prod.z)
            head = (f"product length: {prod.z} has {n} digit{'s' if n > 1 else ''}, so "
                    f"{prod.x} x {prod.y} is between {base ** (n - 1) if n > 1 else 0} and "
                    f"{base ** n - 1}")
            shown = notes if len(notes) <= 3 else notes[:2] + [f"… ({len(notes) - 2} more)"]
            if any(not m for m in new.dom.values()):
                return Found("product length", head + "; " + "; ".join(shown) +
                             ": no digits fit", ("product length",), None)
            return Found("product length", head + "; " + "; ".join(shown) + ": so " +
                         ", ".join(changes(pos, new)), ("product length",) + tuple(
                             c for c in letters if pos.dom[c] != new.dom[c]), new)
    return None


def tech_nines(model: Model, pos: Position) -> Found | None:
    """Casting out nines (base - 1): digit sums multiply like the numbers."""
    base = model.base
    m = base - 1
    if m < 2:
        return None
    for prod in model.products:
        letters = sorted(set(prod.x + prod.y + prod.z))

        def test(path: list[int], letters: list[str] = letters, prod: Product = prod) -> bool:
            vals = dict(zip(letters, path, strict=True))
            sx = sum(vals[c] for c in prod.x)
            sy = sum(vals[c] for c in prod.y)
            sz = sum(vals[c] for c in prod.z)
            return (sx * sy - sz) % m == 0
        supp = enum_filter(letters, pos, test)
        if supp is False:
            continue
        head = (f"casting out {m}s: the digit sums of {prod.x} and {prod.y} multiplied "
                f"leave the same remainder on division by {m} as the digit sum of {prod.z}")
        if supp is None:
            return Found("casting out nines", head + ": no digits fit", ("casting out nines",),
                         None)
        new = _narrow(pos, supp)
        if new is not pos:
            return Found("casting out nines", head + ": so " + ", ".join(changes(pos, new)),
                         ("casting out nines",) + tuple(c for c in letters
                                                        if pos.dom[c] != new.dom[c]), new)
    return None


def tech_condition(model: Model, pos: Position) -> Found | None:
    """A condition whose remaining candidate tuples are few enough to test one by one."""
    for cond in model.conditions:
        letters = list(cond.letters)
        env = [0] * len(model.letters)
        idx = [model.index[c] for c in letters]

        def test(path: list[int], env: list[int] = env, idx: list[int] = idx,
                 t: Callable = cond.test) -> bool:
            for i, v in zip(idx, path, strict=True):
                env[i] = v
            return t(env)
        supp = enum_filter(letters, pos, test)
        if supp is False:
            continue
        unknown = [c for c in letters if pos.value(c) is None]
        if supp is None:
            return Found("condition", f"{cond.label}: no digits left for "
                         f"{', '.join(unknown) or 'its letters'} make it true",
                         (cond.label,), None)
        new = _narrow(pos, supp)
        if new is not pos:
            return Found("condition", f"{cond.label}: trying the digits still possible for "
                         f"{', '.join(unknown)}, only these make it true: so " +
                         ", ".join(changes(pos, new)),
                         (cond.label,) + tuple(c for c in letters if pos.dom[c] != new.dom[c]),
                         new)
    return None


def tech_different(model: Model, pos: Position) -> Found | None:
    """A group of k letters sharing k digits keeps them; fewer digits is a contradiction."""
    if _compiled is not None:     # nothing to find when the compiled fixpoint changes nothing
        masks = tuple(pos.dom[c] for c in model.letters)
        if _compiled.hall(masks, model.base, len(masks) == model.base) == masks:
            return None
    open_ = [c for c in model.letters if pos.value(c) is None]
    if len(model.letters) == model.base:      # every digit is used: a digit with one place
        for d in range(model.base):
            who = [c for c in model.letters if pos.dom[c] >> d & 1]
            if not who:
                return Found("different letters", f"all {model.base} digits are used, but "
                             f"no letter can be {d}", ("different letters",), None)
            if len(who) == 1 and pos.value(who[0]) is None:
                new = pos.restrict(who[0], (d,))
                return Found("different letters", f"all {model.base} digits are used and only "
                             f"{who[0]} can be {d}: so {who[0]} = {d}", ("different letters",
                                                                         who[0]), new)
    top = len(open_) if len(open_) <= 12 else SUBSET_MAX
    for size in range(2, top + 1):
        # a group of `size` letters sharing `size` digits has no letter with more
        small = [c for c in open_ if pos.dom[c].bit_count() <= size]
        for group in combinations(small, size):
            union = 0
            for c in group:
                union |= pos.dom[c]
            k = union.bit_count()
            names = ", ".join(group[:-1]) + " and " + group[-1]
            if k < size:
                return Found("different letters", f"{names} need {size} different digits "
                             f"but have only {fmt_values(bits(union))} between them",
                             ("different letters",) + group, None)
            if k > size:
                continue
            others = [c for c in open_ if c not in group and pos.dom[c] & union]
            if not others:
                continue
            new = pos.copy()
            for c in others:
                new.dom[c] &= ~union
            return Found("different letters", f"{names} take {fmt_values(bits(union))} "
                         f"between them, so no other letter can: so " +
                         ", ".join(changes(pos, new)), ("different letters",) + group +
                         tuple(others), new)
    return None


def different_once(model: Model, pos: Position) -> Position | None | bool:
    """`different letters` once: the new position, None on a contradiction, False
    when it finds nothing."""
    f = tech_different(model, pos)
    if f is None:
        return False
    return f.pos


def different_fixpoint(model: Model, pos: Position) -> Position | None:
    """`different letters` (and the decided letters' digits) until it finds nothing
    more; None on a contradiction."""
    while True:
        try:
            settle(model, pos)
        except Contradiction:
            return None
        f = tech_different(model, pos)
        if f is None:
            return pos
        if f.pos is None:
            return None
        pos = f.pos


# -- the ladder on the shared driver ---------------------------------------------------------
def _check_solved(model: Model, pos: Position) -> str | None:
    """What is wrong when every letter is decided but the formula is false."""
    if pos.solved():
        values = [pos.value(c) for c in model.letters]
        env = [v for v in values if v is not None]
        if len(env) != len(values):  # pos.solved() lets an empty domain through
            return "a letter has no digit left"
        if model.holds is not None and not model.holds(env):
            return "every letter has a digit, but the formula is false"
    return None


def _settled(model: Model, f: Found) -> Found:
    """The finding with the decided letters' digits removed from the others."""
    assert f.pos is not None
    if model.quiet:
        try:
            return Found(f.technique, "", (), settle(model, f.pos.copy()), f.inner)
        except Contradiction:
            return Found(f.technique, "", (), None, f.inner)
    before = {c for c, m in f.pos.dom.items() if m and not m & (m - 1)}
    try:
        p = settle(model, f.pos.copy())
    except Contradiction as exc:
        return Found(f.technique, f"{f.text}; then {exc}", f.cells, None, f.inner)
    extra = [f"{c} = {p.value(c)}" for c in model.letters
             if c not in before and p.value(c) is not None]
    text = f.text + (f" (then {', '.join(extra)}: the only digit left)" if extra else "")
    return Found(f.technique, text, f.cells, p, f.inner)


def _technique(rules: D.Rules, model: Model, name: str, rung: int,
               find: Callable[[Model, Position], Found | None]) -> D.Technique:
    """A driver technique: apply `find` in place and describe it as a Step (without
    words while `rules.quiet`)."""
    def run(pos: Position) -> Step | None:
        model.quiet = rules.quiet
        f = find(model, pos)
        if f is None:
            return None
        if f.pos is not None:
            f = _settled(model, f)
        if f.pos is None:
            raise D.Contradiction(f.text, f.cells)
        if model.quiet:          # a trial being searched: only the position counts
            pos.dom, pos.carry = f.pos.dom, f.pos.carry
            return Step(f.technique, "")
        removed, fixed = diff(pos, f.pos)
        pos.dom, pos.carry = f.pos.dom, f.pos.carry
        return Step(f.technique, f.text, f.cells, tuple(removed), tuple(fixed))
    return D.Technique(name, rung, run)


class CryptarithmRules(D.Rules):
    """The formula ladder for one formula (the model belongs to the puzzle)."""

    grades = ("easy", "medium", "hard", "hard")
    solved_text = "Solved: every letter has its digit and the formula holds."

    def __init__(self, model: Model) -> None:
        self.model = model
        self.last_solved: Position | None = None
        self.fixpoint = Fixpoint(model, Position, lambda pos: different_fixpoint(model, pos))
        self.trials = Trials(self.fixpoint, lambda pos: different_once(model, pos))
        self.techniques = tuple(_technique(self, model, name, 0, fn) for name, fn in (
            ("column sum", tech_column), ("last digits", tech_last_digit),
            ("product length", tech_product_length), ("last digits", tech_last_digits),
            ("casting out nines", tech_nines), ("condition", tech_condition),
            ("different letters", tech_different), ("two columns", tech_two_columns)))

    def copy(self, pos: Position) -> Position:
        return pos.copy()

    def label(self, tally: D.Tally) -> str:
        """The kernel's grade of a path, as `explain.grade_label` says: hard for a
        nested trial, a guess or HARD_TRIALS trials; medium for fewer trials."""
        if tally.rung >= 2 or tally.guesses or tally.trials >= HARD_TRIALS:
            return "hard"
        return "medium" if tally.trials else "easy"

    def contradiction(self, pos: Position) -> str | None:
        for c, m in pos.dom.items():
            if not m:
                return f"{c} has no digit left"
        for c, v in pos.carry.items():
            if not v:
                return f"the carry {c} has no value left"
        return _check_solved(self.model, pos)

    def solved(self, pos: Position) -> bool:
        done = pos.solved() and _check_solved(self.model, pos) is None
        if done:
            self.last_solved = pos      # the driver asks just before its SOLVED step
        return done

    def candidates(self, pos: Position) -> list[tuple[str, list[int]]]:
        out = [(c, list(bits(pos.dom[c]))) for c in self.model.letters
               if pos.value(c) is None]
        return out + [(c, sorted(v)) for c, v in pos.carry.items() if len(v) > 1]

    def _set(self, pos: Position, new: Position) -> None:
        try:
            settle(self.model, new)
        except Contradiction as exc:
            raise D.Contradiction(str(exc)) from None
        pos.dom, pos.carry = new.dom, new.carry

    def assume(self, pos: Position, place: str, value: int) -> None:
        self._set(pos, pos.restrict(place, (value,)))

    def exclude(self, pos: Position, place: str, value: int) -> None:
        self._set(pos, pos.restrict(place, [v for v in pos.values(place) if v != value]))

    def quick_trial(self, pos: Position, depth: int, limit: int, limits: D.Limits,
                    budget: Budget, max_rung: int | None
                    ) -> tuple[()] | tuple[str, int, int] | None:
        """The driver's trial search on masks, for sums (see trials.py)."""
        if not self.fixpoint.enabled or max_rung is not None:
            return None
        found = self.trials.find(pos, depth, limit, limits.max_trials, budget)
        return () if found is None else (found[0], found[1], found[3])

    def closes(self, pos: Position, place: str, value: int,
               max_rung: int | None = None, before: Position | None = None) -> bool:
        """False when the techniques' fixpoint from `pos` is no contradiction: they
        surely stall there (see fixpoint.py)."""
        return not self.fixpoint.enabled or self.fixpoint.closes((place, value), pos)

    def snapshot(self, pos: Position) -> str:
        known = pos.assignment()
        text = substitute(self.model.formula, known)
        open_ = [f"{c}: {fmt_values(bits(m))}" for c, m in pos.dom.items() if c not in known]
        return text + ("\n" + "  ".join(open_) if open_ else "")


LIMITS = D.Limits(trial_depth=2, max_chain=60, max_trials=400)
SHALLOW = D.Limits(trial_depth=1, max_chain=60, max_trials=400)


def first_position(model: Model, fixed: dict[str, int] | None = None) -> Position:
    """The position before any technique: leading letters not 0, fixed letters set."""
    return settle(model, start(model, fixed))


def explanation(formula: str, base: int = 10, fixed: dict[str, int] | None = None, *,
                search: bool = True, trace: bool = False, budget: Budget | None = None,
                limits: D.Limits | None = None) -> D.Explanation:
    """The driver's explanation of a formula from the formula alone (iterate it for the
    steps; afterwards `.grade` is the hardest rung used)."""
    model = build(formula, base)
    rules = CryptarithmRules(model)
    try:
        pos = first_position(model, fixed)
    except Contradiction:
        pos = start(model, fixed)       # the driver reports what ran out
    if limits is None:      # nested trials only where the techniques bite (sums, products)
        limits = LIMITS if model.columns or model.products else SHALLOW
    return D.Explanation(rules, pos, search=search, trace=trace, budget=ensure(budget),
                         limits=limits)


def quick_grade(formula: str, base: int = 10, fixed: dict[str, int] | None = None,
                budget: Budget | None = None) -> tuple[int, int, int, bool] | None:
    """(hardest rung, trials, guesses, stopped) of the explanation's path, found by the
    compiled core without a step or a sentence; `stopped`: it stopped as soon as the
    grade could only be hard (`explain.grade_py` is its reference); None where the core
    does not cover the formula."""
    model = build(formula, base)
    rules = CryptarithmRules(model)
    native = rules.fixpoint.native
    if native is None:
        return None
    try:
        pos = first_position(model, fixed)
    except Contradiction:
        return None
    limits = LIMITS
    got = native.grade(rules.fixpoint.masks(pos), limits.trial_depth, limits.max_chain,
                       limits.max_trials, limits.max_failed_stalls, HARD_TRIALS,
                       None if budget is None else budget.tick)
    if got == -1:
        return None
    return got[0], got[1], got[2], got[3] == 0


def _narrowed(pos: Position, res: Support | None, letters: Sequence[str], cin: str | None,
              cout: str | None) -> Position | None:
    """The position with a column filter's result `(domains, carry in, carry out)`
    applied: None on a wipe-out, `pos` itself when nothing changed."""
    if res is None:
        return None
    nd, nin, nout = res
    none = frozenset((0,))
    if nd == tuple(pos.dom[c] for c in letters) and \
            nin == (pos.carry[cin] if cin else none) and \
            nout == (pos.carry[cout] if cout else none):
        return pos
    p = pos.copy()
    for c, m in zip(letters, nd, strict=True):
        p.dom[c] = m
    if cin:
        p.carry[cin] = nin
    if cout:
        p.carry[cout] = nout
    return p
