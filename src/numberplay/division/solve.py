"""The search of a skeleton long division.

It follows the written layout, as a person works a long division: the divisor
first (its pattern), then each quotient digit left to right. A digit q makes
Y = divisor × q, which must fit Y's pattern; Z = X - Y must have Z's length,
which bounds the dividend's digits brought down into X to one interval; those
digits are filled in digit by digit within that interval, each checked against
the dividend's pattern and X's. The remainder is the last Z with the dividend's
remaining digits brought down. Letters are bound as they are met (and unbound
on the way back), so a letter seen twice is checked where it is seen again.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..budget import Budget
from .model import ANY, DivisionPuzzle, DivisionSolution, Layout, layout_of

Cell = tuple[str, ...]    # the pattern characters that one digit must match


class Letters:
    """The letters' digits while searching: each letter's allowed digits (a bit
    mask), the letters it must differ from, and the digits bound so far."""

    __slots__ = ("allowed", "env", "full", "others")

    def __init__(self, puzzle: DivisionPuzzle) -> None:
        letters = puzzle.letters()
        full = (1 << 10) - 1 if puzzle.digits is None else sum(1 << d for d in puzzle.digits)
        self.full = full      # what a `?` may be
        self.allowed = dict.fromkeys(letters, full)
        for d, names in puzzle.invalid:
            for name in names:
                if name in self.allowed:
                    self.allowed[name] &= ~(1 << d)
        for name, d in puzzle.fixed:
            self.allowed[name] &= 1 << d
        groups = [letters] if puzzle.distinct is None else \
            [tuple(g) for g in puzzle.distinct]
        others: dict[str, set[str]] = {c: set() for c in letters}
        for g in groups:
            for c in g:
                if c in others:
                    others[c].update(o for o in g if o != c and o in others)
        self.others = {c: tuple(sorted(o)) for c, o in others.items()}
        self.env: dict[str, int] = {}

    def bind(self, chars: str | Cell, digits: str) -> list[str] | None:
        """Match each character to its digit (as text); the letters newly bound, or
        None (nothing bound) when one does not match."""
        env = self.env
        new: list[str] = []
        for ch, dc in zip(chars, digits, strict=True):
            if ch == ANY:
                if self.full != 1023 and not self.full >> (ord(dc) - 48) & 1:
                    break
                continue
            if "0" <= ch <= "9":
                if ch != dc:
                    break
                continue
            d = ord(dc) - 48
            v = env.get(ch)
            if v is None:
                if not self.allowed[ch] >> d & 1 or \
                        any(env.get(o) == d for o in self.others[ch]):
                    break
                env[ch] = d
                new.append(ch)
            elif v != d:
                break
        else:
            return new
        for ch in new:
            del env[ch]
        return None

    def bind_cell(self, cell: Cell, d: int) -> list[str] | None:
        """Every character of a cell matched to one digit."""
        return self.bind(cell, str(d) * len(cell))

    def unbind(self, names: list[str]) -> None:
        for ch in names:
            del self.env[ch]


class Search:
    """The solutions of one puzzle, in order of divisor, then quotient digits, then
    the dividend's digits.

    Each subtraction is filled in one of two ways, chosen once from the patterns:
    by the dividend's digits brought down into X (then Z = X - Y), or by Z's digits
    (then X = Y + Z), whichever has fewer fillings to try. Z's cells carry the
    characters of the X below it too (the same digits), so a Z that the next X
    cannot start with is never followed. A state that led nowhere (the step, the
    difference so far, the letters' digits) is not followed twice for one divisor.
    """

    def __init__(self, puzzle: DivisionPuzzle, budget: Budget | None = None) -> None:
        self.puzzle = puzzle
        self.layout: Layout = layout_of(puzzle)
        self.letters = Letters(puzzle)
        self.names = tuple(self.letters.allowed)
        self.budget = budget
        a = puzzle.dividend
        steps = self.layout.steps
        self.down: list[list[Cell]] = []    # per step: the cells of X's brought-down digits
        self.zcells: list[list[Cell]] = []  # per step: Z's cells, with the next X's head
        self.by_z: list[bool] = []
        for i, st in enumerate(steps):
            self.down.append([(a[col], st.x[st.head + j]) for j, col in enumerate(st.down)])
            nxt = steps[i + 1].x if i + 1 < len(steps) else ""
            zc: list[Cell] = [] if st.exact else [(ch, nxt[j]) if j < len(nxt) and not st.last else (ch,)
                                      for j, ch in enumerate(st.z)]
            self.zcells.append(zc)
            self.by_z.append(bool(zc) and _choices(zc) < _choices(self.down[-1]))
        self.trailing: list[Cell] = [(a[col],) for col in self.layout.trailing]
        # the given digits of each X (its own, the dividend's brought down, the Z
        # above's) and of each Y and Z, as (power of ten, digit)
        self.x_given: list[list[tuple[int, int]]] = []
        self.x_tab: list[bytearray | None] = []
        self.y_given: list[list[tuple[int, int]]] = []
        self.z_given: list[list[tuple[int, int]]] = []
        prev: list[Cell] = []
        for i, st in enumerate(steps):
            xc = [*((*c, st.x[j]) for j, c in enumerate(prev)), *self.down[i]]
            self.x_given.append(_given(xc))
            self.x_tab.append(_given_table(xc))
            self.y_given.append(_given([(ch,) for ch in st.y]))
            self.z_given.append(_given(self.zcells[i]))
            prev = self.zcells[i]
        # cells without letters: a table of the numbers they allow (up to 4 digits)
        full = self.letters.full
        self.down_ok = [_table(c, full) for c in self.down]
        self.z_ok = [_table(c, full) if c else None for c in self.zcells]
        self.reach: list[set[int] | None] = [None] * len(steps)
        self.q_letter = [puzzle.quotient[st.k].isalpha() for st in steps]
        self.y_letters = [any(ch.isalpha() for ch in st.y) for st in steps]
        self.qy: list[list[tuple[int, int, str]]] = []
        self.last_z: set[int] | None = None
        self.dead: set[tuple] = set()
        self.found = 0

    def fill(self, cells: list[Cell], lo: int, hi: int, pos: int = 0,
             prefix: int = 0) -> Iterator[int]:
        """The numbers v in [lo, hi] whose digits (len(cells) of them, leading zeros
        written) match the cells, each with its letters bound while it is yielded."""
        rest = len(cells) - pos - 1
        p10 = 10 ** rest
        if self.budget is not None:
            self.budget.tick()
        start = max(0, lo // p10 - prefix * 10)
        for d in range(start, 10):
            base = (prefix * 10 + d) * p10
            if base > hi:
                break
            new = self.letters.bind_cell(cells[pos], d)
            if new is None:
                continue
            if rest == 0:
                yield base
            else:
                yield from self.fill(cells, lo, hi, pos + 1, prefix * 10 + d)
            self.letters.unbind(new)

    def bind_cells(self, cells: list[Cell], value: int) -> list[str] | None:
        """Every cell matched to its digit of `value` (written with leading zeros)."""
        text = str(value).zfill(len(cells))
        new: list[str] = []
        for cell, ch in zip(cells, text, strict=True):
            got = self.letters.bind(cell, ch * len(cell))
            if got is None:
                self.letters.unbind(new)
                return None
            new += got
        return new

    def solutions(self) -> Iterator[DivisionSolution]:
        p = self.puzzle
        lb = len(p.divisor)
        cells: list[Cell] = [(ch,) for ch in p.divisor]
        for b in self.fill(cells, 10 ** (lb - 1) if lb > 1 else 1, 10 ** lb - 1):
            self.qy = [self._products(b, i) for i in range(len(self.layout.steps))]
            if not all(self.qy):
                continue
            self.dead.clear()
            if self._reachable(b):
                yield from self._digit(b, 0, 0, 0, 0)

    def _products(self, b: int, i: int) -> list[tuple[int, int, str]]:
        """The (q, y, y's text) of step i for divisor b: y = b × q has Y's length and
        given digits, q is not refused by the quotient's digit (letters are checked
        when met)."""
        st = self.layout.steps[i]
        ly = len(st.y)
        qch = self.puzzle.quotient[st.k]
        out = []
        for q in range(1, 10):
            y = b * q
            if y >= 10 ** ly:
                break
            if y < 10 ** (ly - 1) or not _fits(y, self.y_given[i]):
                continue
            if "0" <= qch <= "9" and int(qch) != q:
                continue
            full = self.letters.full
            if qch == ANY and not full >> q & 1:
                continue
            ys = str(y)
            if full != 1023 and any(ch == ANY and not full >> (ord(dc) - 48) & 1
                                    for ch, dc in zip(st.y, ys, strict=True)):
                continue
            out.append((q, y, ys))
        return out

    def _digit(self, b: int, k: int, si: int, z: int, c: int) -> Iterator[DivisionSolution]:
        """Quotient digit k onwards (step si next), after the difference z and the
        quotient's digits c so far."""
        p = self.puzzle
        letters = self.letters
        if k == len(p.quotient):
            yield from self._remainder(b, z, c)
            return
        if p.subs[k] is None:
            new = letters.bind(p.quotient[k], "0")
            if new is not None:
                yield from self._digit(b, k + 1, si, z, c * 10)
                letters.unbind(new)
            return
        env = letters.env
        key = (si, z, tuple([env.get(n, -1) for n in self.names]))
        if key in self.dead:
            return
        found = self.found
        st = self.layout.steps[si]
        t = len(st.down)
        base = z * 10 ** t
        lz = len(st.z)
        zlo, zhi = (0, 0) if st.exact else ((10 ** (lz - 1) if lz > 1 else 1), 10 ** lz - 1)
        dmin = 10 ** (t - 1) if si == 0 and t > 1 else (1 if si == 0 else 0)
        dmax = 10 ** t - 1
        down, zcells, by_z = self.down[si], self.zcells[si], self.by_z[si]
        down_ok, z_ok = self.down_ok[si], self.z_ok[si]
        reach = self.reach[si]
        qlet, ylet = self.q_letter[si], self.y_letters[si]
        last = k + 1 == len(p.quotient) and not self.trailing
        for q, y, ys in self.qy[si]:
            newq = letters.bind(p.quotient[k], str(q)) if qlet else []
            if newq is None:
                continue
            newy = letters.bind(st.y, ys) if ylet else []
            if newy is not None:
                if by_z:
                    lo = max(zlo, base + dmin - y)
                    hi = min(zhi, base + dmax - y)
                    if lo <= hi:
                        if reach is not None:
                            zs: Iterator[int] | list[int] | range = \
                                sorted(v for v in reach if lo <= v <= hi)
                        elif z_ok is None:
                            zs = self.fill(zcells, lo, hi)    # binds Z's letters
                        else:
                            zs = range(lo, hi + 1)
                        filled = reach is None and z_ok is None
                        for zz in zs:
                            if z_ok is not None:
                                if not z_ok[zz]:
                                    continue
                                newz = None
                            elif filled:
                                newz = None
                            else:
                                newz = self.bind_cells(zcells, zz)
                                if newz is None:
                                    continue
                            d = y + zz - base
                            if down_ok is not None:
                                if down_ok[d]:
                                    if last:
                                        yield self._solution(b, c * 10 + q, zz)
                                    else:
                                        yield from self._digit(b, k + 1, si + 1, zz, c * 10 + q)
                            else:
                                newd = self.bind_cells(down, d)
                                if newd is not None:
                                    yield from self._digit(b, k + 1, si + 1, zz, c * 10 + q)
                                    letters.unbind(newd)
                            if newz:
                                letters.unbind(newz)
                else:
                    lo = max(y + zlo - base, dmin)
                    hi = min(y + zhi - base, dmax)
                    if lo <= hi:
                        ds = (d for d in range(lo, hi + 1) if down_ok[d]) \
                            if down_ok is not None else self.fill(down, lo, hi)
                        for d in ds:
                            zz = base + d - y
                            if reach is not None and zz not in reach:
                                continue
                            if z_ok is not None:
                                if z_ok[zz]:
                                    if last:
                                        yield self._solution(b, c * 10 + q, zz)
                                    else:
                                        yield from self._digit(b, k + 1, si + 1, zz,
                                                               c * 10 + q)
                                continue
                            newz = self.bind_cells(zcells, zz) if zcells else []
                            if newz is not None:
                                yield from self._digit(b, k + 1, si + 1, zz, c * 10 + q)
                                letters.unbind(newz)
                letters.unbind(newy)
            letters.unbind(newq)
        if self.found == found:
            self.dead.add(key)

    def _reachable(self, b: int, cap: int = 5000) -> bool:
        """For divisor b, the differences each subtraction may leave and still end
        (working back from the remainder, given digits only; `self.reach`, None
        where the set would pass `cap`); False when none can."""
        steps = self.layout.steps
        reach = self.reach
        for i in range(len(steps)):
            reach[i] = None
        st = steps[-1]
        if st.exact:
            after: set[int] | None = {0}
        else:
            lz = len(st.z)
            lo = 10 ** (lz - 1) if lz > 1 else 1
            if (10 ** lz - lo) > cap:
                return True
            if self.last_z is None:
                self.last_z = {v for v in range(lo, 10 ** lz) if _fits(v, self.z_given[-1])}
            after = self.last_z
        for i in range(len(steps) - 1, -1, -1):
            st = steps[i]
            if after is None or len(after) > cap:
                return True
            reach[i] = after
            if not after:
                return False
            t = len(st.down)
            lx = len(st.x)
            xlo, xhi = 10 ** (lx - 1), 10 ** lx
            xg = self.x_given[i]
            xt = self.x_tab[i]
            p10 = 10 ** t
            before: set[int] = set()
            for _q, y, _ys in self.qy[i]:
                if xt is not None:
                    before.update([(y + z) // p10 for z in after if xt[y + z]])
                    continue
                for z in after:
                    x = y + z
                    if xlo <= x < xhi and _fits(x, xg):
                        before.add(x // p10)
            if i == 0:
                return 0 in before
            after = before
        return True

    def _remainder(self, b: int, z: int, c: int) -> Iterator[DivisionSolution]:
        t = len(self.trailing)
        if t == 0:
            yield self._solution(b, c, z)
            return
        for d in self.fill(self.trailing, 0, 10 ** t - 1):
            yield self._solution(b, c, z * 10 ** t + d)

    def _solution(self, b: int, c: int, r: int) -> DivisionSolution:
        self.found += 1
        return DivisionSolution(b * c + r, b, c, r, tuple(sorted(self.letters.env.items())))


def _with_extra(puzzle: DivisionPuzzle, found: Iterator[DivisionSolution]
                ) -> Iterator[DivisionSolution]:
    from .model import extra_holds
    for s in found:
        if extra_holds(puzzle, dict(s.letters)):
            yield s


def _given(cells: list[Cell]) -> list[tuple[int, int]]:
    """(power of ten, digit) for each cell that holds a given digit (cells left to right)."""
    out = []
    for j, cell in enumerate(cells):
        for ch in cell:
            if "0" <= ch <= "9":
                out.append((10 ** (len(cells) - 1 - j), ord(ch) - 48))
                break
    return out


def _fits(v: int, given: list[tuple[int, int]]) -> bool:
    """Does v have the given digits (v // power % 10)?"""
    for power, d in given:
        if v // power % 10 != d:
            return False
    return True


def _table(cells: list[Cell], full: int) -> bytearray | None:
    """ok[v] for every v of len(cells) digits (leading zeros written) that the cells
    allow, when they hold no letter and are at most 4; else None."""
    if not cells or len(cells) > 4 or any(ch.isalpha() for cell in cells for ch in cell):
        return None
    masks = []
    for cell in cells:
        m = 1023          # each character narrows it: a given digit to itself, `?` to --digits
        for ch in cell:
            if "0" <= ch <= "9":
                m &= 1 << (ord(ch) - 48)
            elif ch == ANY:
                m &= full
        masks.append(m)
    ok = [1]
    for m in masks:
        ok = [v and (m >> d & 1) for v in ok for d in range(10)]
    return bytearray(ok)


def _given_table(cells: list[Cell]) -> bytearray | None:
    """ok[v] for v below twice 10**len(cells): v has exactly len(cells) digits and the
    given ones (letters are not read); None beyond 5 digits."""
    if len(cells) > 5:
        return None
    masks = []
    for j, cell in enumerate(cells):
        m = 1022 if j == 0 else 1023
        for ch in cell:
            if "0" <= ch <= "9":
                m &= 1 << (ord(ch) - 48)
        masks.append(m)
    ok = [1]
    for m in masks:
        ok = [v and (m >> d & 1) for v in ok for d in range(10)]
    return bytearray(ok) + bytearray(len(ok))


def _choices(cells: list[Cell]) -> int:
    """How many fillings the cells allow at most (a given digit: one; else ten)."""
    n = 1
    for cell in cells:
        n *= 1 if any("0" <= ch <= "9" for ch in cell) else 10
    return n


def solutions(puzzle: DivisionPuzzle, budget: Budget | None = None) -> Iterator[DivisionSolution]:
    """Every solution, lazily, in a fixed order."""
    found = Search(puzzle, budget).solutions()
    return _with_extra(puzzle, found) if puzzle.extra else found


def verify(puzzle: DivisionPuzzle, s: DivisionSolution) -> bool:
    """Whether `s` solves the puzzle, from the rules alone: the division worked out
    from its numbers matches every pattern, with the letters' digits as given."""
    from .model import work
    lay = layout_of(puzzle)
    if s.divisor * s.quotient + s.remainder != s.dividend or s.divisor <= 0:
        return False
    worked = work(lay, s.dividend, s.divisor, s.quotient)
    if worked is None or worked.remainder != s.remainder:
        return False
    letters = Letters(puzzle)
    pairs = [(puzzle.dividend, s.dividend), (puzzle.divisor, s.divisor),
             (puzzle.quotient, s.quotient)]
    for st in lay.steps:
        row = worked.rows[st.k]
        assert row is not None
        x, y, z, _end = row
        pairs += [(st.x, x), (st.y, y), (st.z, z)]
    for pattern, value in pairs:
        text = str(value)
        if len(text) != len(pattern) or (value == 0 and pattern != "0"):
            return False
        if letters.bind(pattern, text) is None:
            return False
    from .model import extra_holds
    return letters.env == dict(s.letters) and extra_holds(puzzle, letters.env)
