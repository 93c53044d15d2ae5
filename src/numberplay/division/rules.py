"""Explaining a skeleton division without guessing: the layout read as a person does.

Every digit of the printed division is a place ("slot"): the dividend's digits
`a1..`, the divisor's `b1..`, the quotient's `c1..`, and the digits of each
subtraction's Y (`y2.1`: subtraction 2, digit 1) and Z (`z2.1`). An X is not a
place of its own: it is the Z above it with the dividend's digits brought down
(the layout says which), and a letter's digits are one place, named by the letter.
A position is one digit mask per place.

The techniques, one row each of `TECHNIQUES` (`deduce.Entry`), easiest first:

- "distinct letters": a letter decided takes its digit from the others;
- "product length": Y has as many digits as its place gives it, so the quotient
  digit and the divisor are bounded (Y = divisor × digit);
- "last digit": the last digit of Y is the last digit of the divisor times the
  quotient digit, and the last digits of a subtraction agree (X - Y = Z at the
  units column);
- "product": Y = divisor × digit, column by column with the carries;
- "subtraction": X - Y = Z column by column with the borrows, the digits brought
  down included (a Z of 0 at the end: X and Y are the same number).

Where they stall the kernel tries suppositions (trials); the grades follow the
hardest rung a path needs.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from typing import Any

from ..deduce import Contradiction, Entry, Move, Rules, Tally, Technique, table_of
from ..model import Step
from .model import ANY, DivisionPuzzle, is_letter, layout_of

Masks = list[int]
ALL = (1 << 10) - 1


def _mask(digits) -> int:
    out = 0
    for d in digits:
        out |= 1 << d
    return out


def digits_of(mask: int) -> list[int]:
    return [d for d in range(10) if mask >> d & 1]


def shown(mask: int) -> str:
    """A place's digits in words: one digit, a range, the digits left out, or a list."""
    ds = digits_of(mask)
    if not ds:
        return "has no digit"
    if len(ds) == 1:
        return f"= {ds[0]}"
    if len(ds) > 2 and ds == list(range(ds[0], ds[-1] + 1)):
        return f"is {ds[0]} to {ds[-1]}"
    if len(ds) >= 6:
        out = [d for d in range(10) if d not in ds]
        return "is not " + _listed(out)
    return "is " + _listed(ds)


def _listed(ds: list[int]) -> str:
    words = [str(d) for d in ds]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Product:
    """Y = divisor × quotient digit, for subtraction k (1-based in names)."""

    k: int
    q: int                 # the quotient digit's slot
    ys: list[int]          # Y's slots, left to right


@dataclass
class Subtraction:
    """X - Y = Z of subtraction k; X's slots are the Z above and the digits brought down."""

    k: int
    xs: list[int]
    ys: list[int]
    zs: list[int]          # empty when Z is 0 (the division comes out exactly)
    down: int              # how many of X's digits are brought down


@dataclass
class Model:
    """The places of one puzzle and its constraints."""

    puzzle: DivisionPuzzle
    names: list[str] = field(default_factory=list)
    start: Masks = field(default_factory=list)
    letter: list[str | None] = field(default_factory=list)
    bs: list[int] = field(default_factory=list)
    products: list[Product] = field(default_factory=list)
    subtractions: list[Subtraction] = field(default_factory=list)
    differ: list[tuple[int, int]] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    opening: list[str] = field(default_factory=list)
    slots_of_a: list[int] = field(default_factory=list)
    slots_of_c: list[int] = field(default_factory=list)
    letter_slot: dict[str, int] = field(default_factory=dict)
    said: list[str] = field(default_factory=list)    # each place in words, as printed
    line: dict[int, int] = field(default_factory=dict)   # subtraction k -> printed line
    apart: dict[int, tuple[int, ...]] = field(default_factory=dict)   # letters that differ
    watch: list[int] = field(default_factory=list)   # the places the divisor rule reads
    memo: dict[tuple, Any] = field(default_factory=dict)


def build(puzzle: DivisionPuzzle) -> Model:
    """The places, their masks before any step, and the constraints."""
    lay = layout_of(puzzle)
    parent: dict[tuple, tuple] = {}

    def find(c: tuple) -> tuple:
        while parent.setdefault(c, c) != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def union(c: tuple, d: tuple) -> None:
        rc, rd = find(c), find(d)
        if rc != rd:
            parent[max(rc, rd)] = min(rc, rd)

    chars: dict[tuple, list[str]] = {}
    order: list[tuple] = []

    def cell(c: tuple, ch: str) -> tuple:
        if c not in chars:
            chars[c] = []
            order.append(c)
            find(c)
        chars[c].append(ch)
        return c

    a_cells = [cell((0, i), ch) for i, ch in enumerate(puzzle.dividend)]
    b_cells = [cell((1, i), ch) for i, ch in enumerate(puzzle.divisor)]
    c_cells = [cell((2, i), ch) for i, ch in enumerate(puzzle.quotient)]
    leads = {a_cells[0], b_cells[0], c_cells[0]}
    raw: list[tuple[int, list[tuple], list[tuple], list[tuple], int]] = []
    prev_z: list[tuple] = []
    for st in lay.steps:
        k = st.k + 1
        xs = prev_z + [a_cells[col] for col in st.down]
        for j, ch in enumerate(st.x):
            cell(xs[j], ch)
        ys = [cell((3, k, i), ch) for i, ch in enumerate(st.y)]
        zs = [] if st.exact else [cell((4, k, i), ch) for i, ch in enumerate(st.z)]
        leads.update({xs[0], ys[0], *zs[:1]})
        raw.append((k, xs, ys, zs, len(st.down)))
        prev_z = zs
    # one letter's cells are one place
    first: dict[str, tuple] = {}
    for c in order:
        for ch in chars[c]:
            if is_letter(ch):
                if ch in first:
                    union(first[ch], c)
                else:
                    first[ch] = c
    m = Model(puzzle)
    slot: dict[tuple, int] = {}
    fixed = dict(puzzle.fixed)
    invalid: dict[str, int] = {}
    for d, names in puzzle.invalid:
        for ch in names:
            invalid[ch] = invalid.get(ch, 0) | 1 << d
    letter_mask = ALL if puzzle.digits is None else sum(1 << d for d in puzzle.digits)
    for c in order:
        r = find(c)
        if r not in slot:
            slot[r] = len(m.names)
            m.names.append("")
            m.start.append(ALL)
            m.letter.append(None)
        s = slot[r]
        for ch in chars[c]:
            if "0" <= ch <= "9":
                m.start[s] &= 1 << int(ch)
            elif ch == ANY:
                m.start[s] &= letter_mask
            elif is_letter(ch):
                m.start[s] &= letter_mask & ~invalid.get(ch, 0)
                if ch in fixed:
                    m.start[s] &= 1 << fixed[ch]
                if m.letter[s] is None:
                    m.letter[s] = ch
        if c in leads:
            m.start[s] &= ~1
    m.line = {k: i + 1 for i, (k, *_rest) in enumerate(raw)}
    m.said = [""] * len(m.names)
    for c in order:   # names: the letter, else the first cell's
        s = slot[find(c)]
        if not m.names[s]:
            m.names[s] = m.letter[s] or _cell_name(c)
            m.said[s] = f"letter {m.letter[s]}" if m.letter[s] else _cell_words(c, m.line)
    m.index = {name: i for i, name in enumerate(m.names)}
    m.letter_slot = {ch: slot[find(c)] for ch, c in first.items()}
    for ch, s in m.letter_slot.items():   # a letter met on another letter's digit
        m.index.setdefault(ch, s)
    m.bs = [slot[find(c)] for c in b_cells]
    m.slots_of_a = [slot[find(c)] for c in a_cells]
    m.slots_of_c = [slot[find(c)] for c in c_cells]
    for k, xs, ys, zs, down in raw:
        q = slot[find(c_cells[k - 1])]
        m.start[q] &= ~1
        m.products.append(Product(k, q, [slot[find(c)] for c in ys]))
        m.subtractions.append(Subtraction(k, [slot[find(c)] for c in xs],
                                          [slot[find(c)] for c in ys],
                                          [slot[find(c)] for c in zs], down))
    for k, sub in enumerate(puzzle.subs):
        if sub is None:
            m.start[slot[find(c_cells[k])]] &= 1
    # letters that differ, as pairs of places
    letters = list(puzzle.letters())
    groups = [letters] if puzzle.distinct is None else [list(g) for g in puzzle.distinct]
    pairs: set[tuple[int, int]] = set()
    for g in groups:
        ss = sorted({slot[find(first[ch])] for ch in g if ch in first})
        for i, x in enumerate(ss):
            for y in ss[i + 1:]:
                pairs.add((x, y))
    for g in groups:   # two letters that differ on one digit of the layout: impossible
        gl = [ch for ch in g if ch in first]
        for i, lx in enumerate(gl):
            for ly in gl[i + 1:]:
                if lx != ly and slot[find(first[lx])] == slot[find(first[ly])]:
                    m.start[slot[find(first[lx])]] = 0
    m.differ = sorted(pairs)
    apart: dict[int, list[int]] = {}
    for x, y in pairs:
        apart.setdefault(x, []).append(y)
        apart.setdefault(y, []).append(x)
    m.apart = {x: tuple(v) for x, v in apart.items()}
    m.watch = sorted({*m.bs, *(pr.q for pr in m.products), *(t for pr in m.products
                                                            for t in pr.ys),
                      *(t for sb in m.subtractions for t in (*sb.xs, *sb.zs))})
    return m


def _cell_words(c: tuple, line: dict[int, int]) -> str:
    """A place as the printed division shows it: "the quotient's 2nd digit"."""
    if c[0] < 3:
        return f"the {('dividend', 'divisor', 'quotient')[c[0]]}'s {ordinal(c[1] + 1)} digit"
    what = ("product", "difference")[c[0] - 3]
    return f"the {ordinal(line[c[1]])} {what}'s {ordinal(c[2] + 1)} digit"


def _cell_name(c: tuple) -> str:
    if c[0] == 0:
        return f"a{c[1] + 1}"
    if c[0] == 1:
        return f"b{c[1] + 1}"
    if c[0] == 2:
        return f"c{c[1] + 1}"
    return f"{'yz'[c[0] - 3]}{c[1]}.{c[2] + 1}"


# -- the constraints' filters (each narrows the masks it reads; full support) --------------
def _product_support(m: Model, pos: Masks, pr: Product) -> dict[int, int] | None:
    """Per place of the product, the digits some y = b × q within the masks gives it
    (None when there is none)."""
    bs, ys = m.bs, pr.ys
    lb, ly = len(bs), len(ys)
    bcols = [pos[s] for s in reversed(bs)]
    ycols = [pos[s] for s in reversed(ys)]
    bsup = [0] * lb
    ysup = [0] * ly
    qsup = 0
    for q in digits_of(pos[pr.q]):
        # forward: the carries reachable into each column
        fwd = [{0}]
        for i in range(ly):
            nxt: set[int] = set()
            for c in fwd[-1]:
                if i < lb:
                    for d in digits_of(bcols[i]):
                        v = d * q + c
                        if ycols[i] >> (v % 10) & 1:
                            nxt.add(v // 10)
                elif ycols[i] >> c & 1 and c < 10:
                    nxt.add(0)
            fwd.append(nxt)
        if 0 not in fwd[-1]:
            continue
        # backward: the carries out of each column that still end at 0
        back: list[set[int]] = [set() for _ in range(ly + 1)]
        back[ly] = {0}
        for i in range(ly - 1, -1, -1):
            for c in fwd[i]:
                if i < lb:
                    for d in digits_of(bcols[i]):
                        v = d * q + c
                        if ycols[i] >> (v % 10) & 1 and v // 10 in back[i + 1]:
                            back[i].add(c)
                            bsup[i] |= 1 << d
                            ysup[i] |= 1 << (v % 10)
                elif ycols[i] >> c & 1 and 0 in back[i + 1]:
                    back[i].add(c)
                    ysup[i] |= 1 << c
        qsup |= 1 << q
    if not qsup:
        return None
    out: dict[int, int] = {pr.q: qsup}
    for i, s in enumerate(reversed(bs)):
        out[s] = out.get(s, ALL) & bsup[i]
    for i, s in enumerate(reversed(ys)):
        out[s] = out.get(s, ALL) & ysup[i]
    return out


def _subtraction_support(pos: Masks, sb: Subtraction) -> dict[int, int] | None:
    """Per place of X - Y = Z, the digits some filling within the masks gives it."""
    xs, ys, zs = sb.xs, sb.ys, sb.zs
    lx = len(xs)
    cols = []
    for i in range(lx):   # from the units column: (x, y, z) masks, 1 for an absent digit
        x = pos[xs[lx - 1 - i]]
        y = pos[ys[len(ys) - 1 - i]] if i < len(ys) else 1
        z = pos[zs[len(zs) - 1 - i]] if i < len(zs) else 1
        cols.append((x, y, z))
    # y + z + carry = x + 10 carry'
    fwd = [{0}]
    for x, y, z in cols:
        nxt: set[int] = set()
        for c in fwd[-1]:
            for dy in digits_of(y):
                for dz in digits_of(z):
                    v = dy + dz + c
                    if x >> (v % 10) & 1:
                        nxt.add(v // 10)
        fwd.append(nxt)
    if 0 not in fwd[-1]:
        return None
    back: list[set[int]] = [set() for _ in range(lx + 1)]
    back[lx] = {0}
    sup = [[0, 0, 0] for _ in range(lx)]
    for i in range(lx - 1, -1, -1):
        x, y, z = cols[i]
        for c in fwd[i]:
            for dy in digits_of(y):
                for dz in digits_of(z):
                    v = dy + dz + c
                    if x >> (v % 10) & 1 and v // 10 in back[i + 1]:
                        back[i].add(c)
                        sup[i][0] |= 1 << (v % 10)
                        sup[i][1] |= 1 << dy
                        sup[i][2] |= 1 << dz
    out: dict[int, int] = {}
    for i in range(lx):
        places = [(xs[lx - 1 - i], 0)]
        if i < len(ys):
            places.append((ys[len(ys) - 1 - i], 1))
        if i < len(zs):
            places.append((zs[len(zs) - 1 - i], 2))
        for s, j in places:
            out[s] = out.get(s, ALL) & sup[i][j]
    return out


def _chain_support(pos: Masks, cols: list[tuple[list[int], Any]], step, carries0: int,
                   apart: dict[int, tuple[int, ...]], bound: dict[int, int] | None = None
                   ) -> dict[int, int] | None:
    """Exact support of a column-by-column relation whose places may repeat (a
    letter met twice in one line): a dynamic programme over the columns (units
    first) whose state is the carry and the digits of the repeated places bound so
    far. `cols`: per column its places and its test; `step(test, first, rest,
    carry)` yields each (digits of the places, carry out) the column allows (the
    first place's mask `first`, the others' digits `rest`); the last carry must be
    `carries0` (0). None when nothing fits."""
    count: dict[int, int] = {}
    for places, _t in cols:
        for t in places:
            count[t] = count.get(t, 0) + 1
    rep = sorted(t for t, c in count.items() if c > 1)
    ri = {t: i for i, t in enumerate(rep)}
    start = tuple((bound or {}).get(t, -1) for t in rep)
    layers: list[dict[tuple, list]] = [{(0, start): []}]
    for places, test in cols:
        nxt: dict[tuple, list] = {}
        masks = [pos[t] for t in places]
        rest = [digits_of(v) for v in masks[1:]]
        for (carry, vals), _back in layers[-1].items():
            for found in step(test, masks[0], rest, carry):
                digits, out = found[:-1], found[-1]
                v2 = list(vals)
                ok = True
                local: dict[int, int] = {}
                for t, d in zip(places, digits, strict=True):
                    if local.setdefault(t, d) != d:
                        ok = False
                        break
                    i = ri.get(t)
                    if i is not None:
                        if v2[i] == -1:
                            if any(o in ri and v2[ri[o]] == d for o in apart.get(t, ())):
                                ok = False
                                break
                            v2[i] = d
                        elif v2[i] != d:
                            ok = False
                            break
                if not ok:
                    continue
                nxt.setdefault((out, tuple(v2)), []).append((carry, vals, digits))
        if not nxt:
            return None
        layers.append(nxt)
    ends = [key for key in layers[-1] if key[0] == carries0]
    if not ends:
        return None
    live = set(ends)
    sup: dict[int, int] = {}
    for i in range(len(cols) - 1, -1, -1):
        places = cols[i][0]
        prev: set[tuple] = set()
        for key in live:
            for carry, vals, digits in layers[i + 1][key]:
                prev.add((carry, vals))
                for t, d in zip(places, digits, strict=True):
                    sup[t] = sup.get(t, 0) | 1 << d
        live = prev
    return sup


def _sub_step(test, first: int, rest: list[list[int]], carry: int):
    """A subtraction's column, read as y + z + carry = x + 10 carry': each
    (x, y, z digits present, carry') whose x the mask `first` allows."""
    has_y, has_z = test
    ys = rest[0] if has_y else [0]
    zs = rest[has_y] if has_z else [0]
    for y in ys:
        for z in zs:
            v = y + z + carry
            if first >> (v % 10) & 1:
                yield (v % 10, *((y,) if has_y else ()), *((z,) if has_z else ()), v // 10)


def _lettered_subtraction(m: Model, pos: Masks, sb: Subtraction) -> dict[int, int] | None:
    lx, ly, lz = len(sb.xs), len(sb.ys), len(sb.zs)
    cols = []
    for i in range(lx):
        places = [sb.xs[lx - 1 - i]]
        if i < ly:
            places.append(sb.ys[ly - 1 - i])
        if i < lz:
            places.append(sb.zs[lz - 1 - i])
        cols.append((places, (i < ly, i < lz)))
    return _chain_support(pos, cols, _sub_step, 0, m.apart)


def _prod_step(test, first: int, rest: list[list[int]], carry: int):
    """A product's column: q × b digit + carry gives the y digit and carry'."""
    q, has_b = test
    for d in (rest[0] if has_b else [0]):
        v = q * d + carry
        if first >> (v % 10) & 1:
            yield (v % 10, d, v // 10) if has_b else (v % 10, v // 10)


def _lettered_product(m: Model, pos: Masks, pr: Product) -> dict[int, int] | None:
    lb, ly = len(m.bs), len(pr.ys)
    sup: dict[int, int] = {}
    for q in digits_of(pos[pr.q]):
        cols = []
        for i in range(ly):
            places = [pr.ys[ly - 1 - i]]
            if i < lb:
                places.append(m.bs[lb - 1 - i])
            cols.append((places, (q, i < lb)))
        one = _chain_support(pos, cols, _prod_step, 0, m.apart, {pr.q: q})
        if one is None or (pr.q in one and not one[pr.q] >> q & 1):
            continue
        for t, v in one.items():
            sup[t] = sup.get(t, 0) | v
        sup[pr.q] = sup.get(pr.q, 0) | 1 << q
    return sup or None


def _repeats(slots: list[int]) -> bool:
    return len(set(slots)) < len(slots)


def _narrow(m: Model, pos: Masks, name: str, where: object, support: dict[int, int] | None,
            what: str) -> Move | None:
    """Narrow the places to their support: the move, None when nothing changes;
    Contradiction when a place has nothing left."""
    if support is None:
        raise Contradiction(f"no digits fit {what}", ())
    changed = {s: pos[s] & v for s, v in support.items() if pos[s] & v != pos[s]}
    if not changed:
        return None
    for s, v in changed.items():
        if not v:
            raise Contradiction(f"{what} leaves no digit for {m.said[s]}", (m.names[s],))
    for s, v in changed.items():
        pos[s] = v
    return Move(name, where, changed)


# -- the finders ------------------------------------------------------------------------------
def distinct(m: Model, pos: Masks) -> Move | None:
    """A decided letter's digit is no other letter's (of its group)."""
    for s in range(len(pos)):
        v = pos[s]
        if m.letter[s] is None or v & (v - 1):
            continue
        others = {b if a == s else a for a, b in m.differ if s in (a, b)}
        support = {o: ALL & ~v for o in others if pos[o] & v}
        if support:
            return _narrow(m, pos, "distinct letters", s, support,
                           f"{m.names[s]} = {digits_of(v)[0]}")
    return None


def _number_range(pos: Masks, slots: list[int]) -> tuple[int, int]:
    lo = hi = 0
    for s in slots:
        ds = digits_of(pos[s])
        lo, hi = lo * 10 + ds[0], hi * 10 + ds[-1]
    return lo, hi


def product_length(m: Model, pos: Masks) -> Move | None:
    """Y has its length: the quotient digit times the divisor's smallest (largest)
    value must reach (not pass) Y's range; the divisor's first digit likewise."""
    for pr in m.products:
        if any(not pos[s] for s in (*m.bs, *pr.ys, pr.q)):
            continue
        blo, bhi = _number_range(pos, m.bs)
        ylo, yhi = _number_range(pos, pr.ys)
        qs = [q for q in digits_of(pos[pr.q]) if q * bhi >= ylo and q * blo <= yhi]
        support = {pr.q: sum(1 << q for q in qs)}
        if qs:
            lo = -(-ylo // qs[-1])
            hi = yhi // qs[0]
            scale = 10 ** (len(m.bs) - 1)
            support[m.bs[0]] = sum(1 << d for d in digits_of(pos[m.bs[0]])
                                   if d * scale <= hi and (d + 1) * scale - 1 >= lo)
        move = _narrow(m, pos, "product length", ("length", pr.k), support,
                       f"{_line(m, pr.k)} product's length")
        if move is not None:
            return move
    return None


def _divisor_support(m: Model, pos: Masks) -> tuple[dict[int, int], list[int]] | None:
    """Every divisor the masks allow, kept when each product line has a quotient
    digit that makes it: Y = divisor × digit with Y's length and digits, inside
    what X - Y = Z leaves it (X's and Z's ranges), the letters agreeing and the
    letters that differ differing. The support of the divisor's, the quotient's
    and the products' places, and the divisors kept (None: too many to list)."""
    opts = [digits_of(pos[s]) for s in m.bs]
    size = 1
    for o in opts:
        size *= len(o)
    if size > 1000 or not size:
        return None
    key = (0, *[pos[s] for s in m.watch])
    hit = m.memo.get(key)
    if hit is not None:
        return hit
    lines = []
    for pr, sb in zip(m.products, m.subtractions, strict=True):
        ly = len(pr.ys)
        xlo, xhi = _number_range(pos, sb.xs)
        zlo, zhi = _number_range(pos, sb.zs) if sb.zs else (0, 0)
        xm = [pos[t] for t in reversed(sb.xs)]
        zm = [pos[t] for t in reversed(sb.zs)] + [1] * (len(sb.xs) - len(sb.zs))
        lines.append((pr, max(10 ** (ly - 1), xlo - zhi), min(10 ** ly - 1, xhi - zlo),
                      xm, [digits_of(z) for z in zm]))
    # the most constrained product lines first: a divisor most lines refuse is left soonest
    lines.sort(key=lambda line: (line[2] - line[1],
                                 sum(bin(pos[t]).count("1") for t in line[0].ys)))
    apart = m.apart
    sup: dict[int, int] = {}
    kept: list[int] = []
    for digits in itertools.product(*opts):
        env: dict[int, int] = {}
        if not _agree(env, m.bs, digits, apart):
            continue
        b = 0
        for d in digits:
            b = b * 10 + d
        local: dict[int, int] = {s: 1 << env[s] for s in env}
        for pr, lo, hi, xm, zd in lines:
            found: dict[int, int] = {}
            for q in digits_of(pos[pr.q]):
                y = b * q
                if y < lo or y > hi or not _leaves(y, xm, zd):
                    continue
                e2 = dict(env)
                if not _agree(e2, [pr.q, *pr.ys], [q, *map(int, str(y))], apart, pos):
                    continue
                found[pr.q] = found.get(pr.q, 0) | 1 << q
                for t, ch in zip(pr.ys, str(y), strict=True):
                    found[t] = found.get(t, 0) | 1 << (ord(ch) - 48)
            if not found:
                break
            for t, v in found.items():
                local[t] = local.get(t, ALL) & v
                if not local[t]:
                    break
            else:
                continue
            break
        else:
            kept.append(b)
            for t, v in local.items():
                sup[t] = sup.get(t, 0) | v
    out = (sup, kept)
    if len(m.memo) > 50_000:
        m.memo.clear()
    m.memo[key] = out
    return out


def _leaves(y: int, xm: list[int], zd: list[list[int]]) -> bool:
    """Can X - y = Z hold, column by column with the borrows (X's masks and Z's
    digits from the units; a column beyond Z's digits takes 0)?"""
    carries = 1     # a mask of the carries reachable (0 and 1)
    for i, x in enumerate(xm):
        yd = y % 10
        y //= 10
        nxt = 0
        for c in (0, 1):
            if carries >> c & 1:
                for dz in zd[i]:
                    v = yd + dz + c
                    if x >> (v % 10) & 1:
                        nxt |= 1 << (v // 10)
        carries = nxt
        if not carries:
            return False
    return carries & 1 == 1 and y == 0


def _agree(env: dict[int, int], slots: list[int], digits, apart: dict[int, tuple[int, ...]],
           pos: Masks | None = None) -> bool:
    """Bind the places to the digits (in place): False where a place has another
    digit already, a mask refuses it, or a letter that differs has it."""
    for s, d in zip(slots, digits, strict=True):
        if pos is not None and not pos[s] >> d & 1:
            return False
        old = env.get(s)
        if old is None:
            for o in apart.get(s, ()):
                if env.get(o) == d:
                    return False
            env[s] = d
        elif old != d:
            return False
    return True


def divisor(m: Model, pos: Masks) -> Move | None:
    """The divisor as a setter bounds it: each product line's length (and what
    its subtraction leaves) says which divisors and quotient digits can make it."""
    if not m.products:
        return None
    found = _divisor_support(m, pos)
    if found is None:
        return None
    sup, kept = found
    if not kept:
        raise Contradiction("no divisor makes every product line", ())
    return _narrow(m, pos, "divisor", tuple(kept), sup, "the divisor")


def last_digit(m: Model, pos: Masks) -> Move | None:
    """The units: y = b × q ends in the last digit of b × q; x - y = z ends in agreement."""
    for pr in m.products:
        b, y = m.bs[-1], pr.ys[-1]
        ok = [(d, q) for d in digits_of(pos[b]) for q in digits_of(pos[pr.q])
              if pos[y] >> (d * q % 10) & 1]
        support = {b: _mask(d for d, _ in ok)}
        support[pr.q] = support.get(pr.q, ALL) & _mask(q for _, q in ok)
        support[y] = support.get(y, ALL) & _mask(d * q % 10 for d, q in ok)
        if b == pr.q:
            support[b] = _mask(d for d, q in ok if d == q)
        move = _narrow(m, pos, "last digit", ("product", pr.k), support or None,
                       f"{_line(m, pr.k)} product's last digit")
        if move is not None:
            return move
    for sb in m.subtractions:
        x, y = sb.xs[-1], sb.ys[-1]
        z = sb.zs[-1] if sb.zs else None
        zmask = pos[z] if z is not None else 1
        ok = [(dx, dy) for dx in digits_of(pos[x]) for dy in digits_of(pos[y])
              if zmask >> ((dx - dy) % 10) & 1]
        support = {x: _mask(dx for dx, _ in ok)}
        support[y] = support.get(y, ALL) & _mask(dy for _, dy in ok)
        if z is not None:
            support[z] = support.get(z, ALL) & _mask((dx - dy) % 10 for dx, dy in ok)
        move = _narrow(m, pos, "last digit", ("subtraction", sb.k), support,
                       f"{_line(m, sb.k)} subtraction's last digits")
        if move is not None:
            return move
    return None


def product(m: Model, pos: Masks) -> Move | None:
    """Y = divisor × quotient digit, column by column with the carries."""
    for pr in m.products:
        found = _lettered_product(m, pos, pr) if _repeats([*m.bs, pr.q, *pr.ys]) \
            else _product_support(m, pos, pr)
        move = _narrow(m, pos, "product", pr.k, found,
                       f"{_line(m, pr.k)} product")
        if move is not None:
            return move
    return None


def subtraction(m: Model, pos: Masks) -> Move | None:
    """X - Y = Z column by column with the borrows."""
    for sb in m.subtractions:
        found = _lettered_subtraction(m, pos, sb) if _repeats([*sb.xs, *sb.ys, *sb.zs]) \
            else _subtraction_support(pos, sb)
        move = _narrow(m, pos, "subtraction", sb.k, found,
                       f"{_line(m, sb.k)} subtraction")
        if move is not None:
            return move
    return None


def extra(m: Model, pos: Masks) -> Move | None:
    """The --extra condition: its letters keep the digits some filling that makes it
    true gives them (listed when there are at most 4,000 fillings); a contradiction
    when none does."""
    p = m.puzzle
    if not p.extra:
        return None
    import itertools

    from .model import extra_holds
    names = _extra_letters(p)
    slots = [m.letter_slot[ch] for ch in names]
    options = [digits_of(pos[s]) for s in slots]
    size = 1
    for o in options:
        size *= len(o)
    if size > 4000:
        return None
    support: dict[int, int] = {}
    for values in itertools.product(*options):
        if any(values[i] != values[j] for i, a in enumerate(slots)
               for j, b in enumerate(slots) if a == b):
            continue
        if extra_holds(p, dict(zip(names, values, strict=True))):
            for s, v in zip(slots, values, strict=True):
                support[s] = support.get(s, 0) | 1 << v
    if not support:
        raise Contradiction(f"no digits of {', '.join(names)} make {p.extra} true",
                            tuple(names))
    return _narrow(m, pos, "extra condition", None, support, "the extra condition")


def _extra_letters(p: DivisionPuzzle) -> list[str]:
    from .model import extra_condition
    return list(extra_condition(p).letters)


# -- the words ---------------------------------------------------------------------------------
def _kept(m: Model, move: Move) -> str:
    return "; ".join(f"{m.said[s]} {shown(v)}" for s, v in sorted(move.after.items()))


def _line(m: Model, k: int) -> str:
    return f"the {ordinal(m.line[k])}"


def _words_distinct(m: Model, move: Move, before: Masks) -> str:
    s = move.where
    d = digits_of(before[s])[0]
    return f"{m.names[s]} = {d}, and the letters differ: {_kept(m, move)}"


def _words_length(m: Model, move: Move, before: Masks) -> str:
    _, k = move.where
    pr = next(p for p in m.products if p.k == k)
    return (f"{_line(m, k)} product has {len(pr.ys)} digits and is the divisor "
            f"({len(m.bs)} digits) times the quotient's {ordinal(k)} digit: {_kept(m, move)}")


def _words_divisor(m: Model, move: Move, before: Masks) -> str:
    kept = list(move.where)
    told = (", ".join(map(str, kept[:-1])) + " or " + str(kept[-1]) if 1 < len(kept) <= 6
            else str(kept[0]) if len(kept) == 1
            else f"{len(kept)} numbers from {kept[0]} to {kept[-1]}")
    return ("the divisor times a quotient digit makes each product, with its length "
            "and digits, and no more than its subtraction leaves room for: the divisor is "
            f"{told}: {_kept(m, move)}")


def _words_last(m: Model, move: Move, before: Masks) -> str:
    what, k = move.where
    if what == "product":
        return (f"the last digit of {_line(m, k)} product is that of the divisor's last "
                f"digit times the quotient's {ordinal(k)} digit: {_kept(m, move)}")
    return f"the last digits of {_line(m, k)} subtraction agree: {_kept(m, move)}"


def _words_product(m: Model, move: Move, before: Masks) -> str:
    k = move.where
    return (f"{_line(m, k)} product is the divisor times the quotient's {ordinal(k)} digit, "
            f"column by column with the carries: {_kept(m, move)}")


def _words_subtraction(m: Model, move: Move, before: Masks) -> str:
    k = move.where
    sb = next(s for s in m.subtractions if s.k == k)
    down = (f" (with {sb.down} digit{'s' if sb.down > 1 else ''} of the dividend brought "
            "down)" if m.line[k] > 1 else "")
    exact = ", which leaves 0" if not sb.zs else ""
    return (f"{_line(m, k)} subtraction{down}{exact}, column by column with the borrows: "
            f"{_kept(m, move)}")


TECHNIQUES: tuple[Entry, ...] = (
    Entry("distinct letters", 0, distinct, _words_distinct),
    Entry("product length", 0, product_length, _words_length),
    Entry("last digit", 0, last_digit, _words_last),
    Entry("divisor", 0, divisor, _words_divisor),
    Entry("product", 1, product, _words_product),
    Entry("subtraction", 1, subtraction, _words_subtraction),
    Entry("extra condition", 1, extra, lambda m, move, before:
          f"{m.puzzle.extra}: {_kept(m, move)}"),
)

GRADES = ("easy", "medium", "hard", "fiendish")


class DivisionRules(Rules):
    """The division's rules for the deduction kernel."""

    grades = GRADES

    def __init__(self, model: Model, table: tuple[Entry, ...] = TECHNIQUES) -> None:
        self.model = model
        self.table = table_of(table)
        self.techniques = tuple(Technique(e.name, e.rung or 0, functools.partial(e.finder, model))
                                for e in sorted(table, key=lambda e: e.rung or 0))

    def copy(self, pos: Masks) -> Masks:
        return list(pos)

    def label(self, tally: Tally) -> str:
        """easy: the setter's first techniques alone (lengths, last digits, the
        divisor); medium: the columns of products and subtractions too; hard: one
        or two trials; fiendish: three trials or more, a trial inside a trial, a
        guess."""
        if (tally.end and tally.end != "solved") or tally.guesses or \
                tally.rung >= self.top_rung + 2 or tally.trials >= 3:
            return GRADES[3]
        if tally.trials or tally.rung > self.top_rung:
            return GRADES[2]
        return GRADES[max(0, min(tally.rung, 1))]

    def place_words(self, place: str) -> str:
        """A place as the printed division shows it ("the quotient's 2nd digit")."""
        s = self.model.index.get(place)
        return place if s is None or self.model.letter[s] else self.model.said[s]

    def contradiction(self, pos: Masks) -> str | None:
        for s, v in enumerate(pos):
            if not v:
                return f"no digit is left for {self.model.said[s]}"
        return None

    def solved(self, pos: Masks) -> bool:
        if any(v & (v - 1) or not v for v in pos):
            return False
        return check(self.model, [v.bit_length() - 1 for v in pos])

    def candidates(self, pos: Masks) -> list[tuple[str, list[int]]]:
        return [(self.model.names[s], digits_of(v)) for s, v in enumerate(pos)
                if v & (v - 1)]

    def assume(self, pos: Masks, place: str, value: int) -> None:
        pos[self.model.index[place]] &= 1 << value

    def exclude(self, pos: Masks, place: str, value: int) -> None:
        pos[self.model.index[place]] &= ~(1 << value)

    def narrate(self, move: Move, before: Masks) -> Step:
        m = self.model
        words = self.table[move.technique].words(m, move, before)
        changed = sorted(move.after)
        return Step(move.technique, words, tuple(m.names[s] for s in changed),
                    removed=tuple((m.names[s], d) for s in changed
                                  for d in digits_of(before[s] & ~move.after[s])),
                    fixed=tuple((m.names[s], move.after[s].bit_length() - 1) for s in changed
                                if move.after[s] and not move.after[s] & (move.after[s] - 1)))

    def snapshot(self, pos: Masks) -> str:
        return layout_text(self.model, pos)


def check(m: Model, values: list[int]) -> bool:
    """Do decided places satisfy every constraint?"""
    def num(slots: list[int]) -> int:
        v = 0
        for s in slots:
            v = v * 10 + values[s]
        return v
    b = num(m.bs)
    for pr in m.products:
        if b * values[pr.q] != num(pr.ys):
            return False
    for sb in m.subtractions:
        if num(sb.xs) - num(sb.ys) != (num(sb.zs) if sb.zs else 0):
            return False
    if not all(values[a] != values[b] for a, b in m.differ):
        return False
    if m.puzzle.extra:
        from .model import extra_holds
        return extra_holds(m.puzzle, {ch: values[m.letter_slot[ch]]
                                      for ch in _extra_letters(m.puzzle)})
    return True


def layout_text(m: Model, pos: Masks) -> str:
    """The division with each decided place's digit, a letter's place still open
    as its letter, and `?` elsewhere."""
    def ch(s: int) -> str:
        v = pos[s]
        return str(v.bit_length() - 1) if v and not v & (v - 1) else (m.letter[s] or ANY)
    a = "".join(ch(s) for s in m.slots_of_a)
    b = "".join(ch(s) for s in m.bs)
    c = "".join(ch(s) for s in m.slots_of_c)
    parts = [f"{a} / {b} = {c}"]
    subs = iter(zip(m.products, m.subtractions, strict=True))
    for s in m.puzzle.subs:
        if s is None:
            parts.append("")
            continue
        pr, sb = next(subs)
        z = "".join(ch(t) for t in sb.zs) or "0"
        parts.append(f"{''.join(ch(t) for t in sb.xs)} - {''.join(ch(t) for t in pr.ys)} = {z}")
    return " ; ".join(parts).replace(" ;  ;", " ; ;").rstrip()


def opening_steps(m: Model) -> list[Step]:
    """What the layout says before any deduction."""
    p = m.puzzle
    steps = []
    if p.fixed:
        steps.append(Step("given", "given: " + ", ".join(f"{c} = {d}" for c, d in p.fixed),
                          tuple(c for c, _ in p.fixed), fixed=tuple(p.fixed)))
    zeros = [k + 1 for k, s in enumerate(p.subs) if s is None]
    text = ("no number of the division starts with 0, so no first digit (and no lone "
            "digit but a remainder of 0) is 0")
    if zeros:
        text += "; an empty subtraction is a 0 in the quotient: " + \
            ", ".join(f"the quotient's {ordinal(k)} digit = 0" for k in zeros)
    steps.append(Step("layout", text, snapshot=layout_text(m, m.start)))
    return steps


@functools.lru_cache(maxsize=64)
def model_of(puzzle: DivisionPuzzle) -> Model:
    return build(puzzle)
