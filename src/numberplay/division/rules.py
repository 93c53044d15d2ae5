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
from dataclasses import dataclass, field

from ..deduce import Contradiction, Entry, Move, Rules, Technique, table_of
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
    ds = digits_of(mask)
    if len(ds) == 1:
        return f"= {ds[0]}"
    if len(ds) > 2 and ds == list(range(ds[0], ds[-1] + 1)):
        return f"is {ds[0]} to {ds[-1]}"
    return "is " + " or ".join(map(str, ds)) if ds else "has no digit"


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
    for c in order:   # names: the letter, else the first cell's
        s = slot[find(c)]
        if not m.names[s]:
            m.names[s] = m.letter[s] or _cell_name(c)
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
    return m


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


def _narrow(m: Model, pos: Masks, name: str, where: object, support: dict[int, int] | None,
            what: str) -> Move | None:
    """Narrow the places to their support: the move, None when nothing changes;
    Contradiction when a place has nothing left."""
    if support is None:
        raise Contradiction(f"{what}: no digits fit", ())
    changed = {s: pos[s] & v for s, v in support.items() if pos[s] & v != pos[s]}
    if not changed:
        return None
    for s, v in changed.items():
        if not v:
            raise Contradiction(f"{what}: {m.names[s]} has no digit left", (m.names[s],))
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
            return _narrow(m, pos, "distinct letters", s, support, m.names[s])
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
                       f"Y{pr.k}")
        if move is not None:
            return move
    return None


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
        move = _narrow(m, pos, "last digit", ("product", pr.k), support or None, f"Y{pr.k}")
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
        move = _narrow(m, pos, "last digit", ("subtraction", sb.k), support, f"X{sb.k} - Y{sb.k}")
        if move is not None:
            return move
    return None


def product(m: Model, pos: Masks) -> Move | None:
    """Y = divisor × quotient digit, column by column with the carries."""
    for pr in m.products:
        move = _narrow(m, pos, "product", pr.k, _product_support(m, pos, pr), f"Y{pr.k}")
        if move is not None:
            return move
    return None


def subtraction(m: Model, pos: Masks) -> Move | None:
    """X - Y = Z column by column with the borrows."""
    for sb in m.subtractions:
        move = _narrow(m, pos, "subtraction", sb.k, _subtraction_support(pos, sb),
                       f"X{sb.k} - Y{sb.k} = Z{sb.k}")
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
    return ", ".join(f"{m.names[s]} {shown(v)}" for s, v in sorted(move.after.items()))


def _words_distinct(m: Model, move: Move, before: Masks) -> str:
    s = move.where
    d = digits_of(before[s])[0]
    return f"{m.names[s]} = {d}, and the letters differ: {_kept(m, move)}"


def _words_length(m: Model, move: Move, before: Masks) -> str:
    _, k = move.where
    pr = next(p for p in m.products if p.k == k)
    return (f"Y{k} has {len(pr.ys)} digits and is the divisor ({len(m.bs)} digits) times "
            f"c{k}: {_kept(m, move)}")


def _words_last(m: Model, move: Move, before: Masks) -> str:
    what, k = move.where
    if what == "product":
        return f"the last digit of Y{k} is that of {m.names[m.bs[-1]]} × c{k}: {_kept(m, move)}"
    return f"the last digits of X{k} - Y{k} = Z{k} agree: {_kept(m, move)}"


def _words_product(m: Model, move: Move, before: Masks) -> str:
    k = move.where
    return f"Y{k} = divisor × c{k}, column by column: {_kept(m, move)}"


def _words_subtraction(m: Model, move: Move, before: Masks) -> str:
    k = move.where
    sb = next(s for s in m.subtractions if s.k == k)
    down = f" ({sb.down} digit{'s' if sb.down > 1 else ''} brought down)" if k > 1 else ""
    exact = ", which leaves 0" if not sb.zs else ""
    return f"X{k}{down} - Y{k} = Z{k}{exact}, column by column: {_kept(m, move)}"


TECHNIQUES: tuple[Entry, ...] = (
    Entry("distinct letters", 0, distinct, _words_distinct),
    Entry("product length", 0, product_length, _words_length),
    Entry("last digit", 1, last_digit, _words_last),
    Entry("product", 2, product, _words_product),
    Entry("subtraction", 2, subtraction, _words_subtraction),
    Entry("extra condition", 2, extra, lambda m, move, before:
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

    def contradiction(self, pos: Masks) -> str | None:
        for s, v in enumerate(pos):
            if not v:
                return f"{self.model.names[s]} has no digit left"
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
            ", ".join(f"c{k} = 0" for k in zeros)
    steps.append(Step("layout", text, snapshot=layout_text(m, m.start)))
    return steps


@functools.lru_cache(maxsize=64)
def model_of(puzzle: DivisionPuzzle) -> Model:
    return build(puzzle)
