"""The formula ladder: deduction for cryptarithms from the formula alone (never
from a solution), as rungs of the deduction kernel (`numberplay.deduce`).

A *position* is flat integer masks (`columns.Masks`): every letter's candidate
digits, then every carry's candidate values (bit k = the carry's lowest value
+ k). Every technique is one row of `FORMULA` (name, rung, finder, words): a
finder looks for one deduction and returns a `Move` (what it found, where, and
the masks it left; no masks: nothing fits) without applying it; `apply` plays
it for the kernel (raising the kernel's `Contradiction` when nothing is left);
its words come from `narrate.py`, for the path the kernel keeps. Rungs, easiest
first (a rung's number in brackets):

1. `column sum` [0]: one column of a sum (`D + E = Y + 10·c1`), its letters and its
   two carries filtered to full arc consistency by enumerating the column's
   tuples (letters of one column distinct), a column too wide to enumerate by
   bounds (`filters.column_filter`, the filter the search shares);
2. for products `X x Y = Z`: `last digits` [0] (the last k digits of the
   product come from the last k digits of the factors), `product length` [0]
   (how many digits the product can have bounds the leading digits), `casting
   out nines` [1] (digit sums agree modulo base - 1);
3. `condition` [1]: any other condition with few candidate tuples left, tested exactly;
4. `different letters` [1]: letters take distinct digits (a group of k letters
   that share k digits between them keeps those digits to itself: Hall's
   condition, the same filtering as Régin's all-different);
5. `two columns` [2]: two neighbouring columns read as one equation, the carry
   between them eliminated (`N + R + c1 = E + 10` with `E + 1 = N`).

After every move the digit of a decided letter is removed from the others
(`columns.clear_decided`). Where the rungs stall, the kernel makes trials
("suppose E = 4: ... contradiction, so E ≠ 4", nested at most two deep) and
only then a plainly labelled guess with its backtrack; `settle.py` tells it
quickly which suppositions cannot close. The grade (`FormulaRules.label`):
easy (techniques only), medium (one or two single trials), hard (three trials,
a nested trial or a guess): the rungs order the ladder, the trials grade it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import combinations
from typing import Any, Literal

from .. import deduce as D
from ..budget import Budget, ensure
from ..model import Step
from . import narrate
from .columns import (
    Masks,
    Model,
    Product,
    assignment,
    build,
    clear_decided,
    first_masks,
    values,
)
from .filters import COMPILED, bits, hall, unit_filter
from .model import substitute
from .settle import Settle

ENUM_LIMIT = 20_000       # candidate tuples a product or condition technique may enumerate
SUBSET_MAX = 6            # largest group the different-letters rule looks at beyond 12 letters
HARD_TRIALS = 3           # this many single trials (or any nested trial, or a guess) is hard

Contradiction = D.Contradiction


# One rung's deduction (the one move type, `deduce.Move`): `technique`, `where` it
# looked (a column's index, a product's...: what `narrate` needs), and the masks it
# left (`after`, before the decided letters' digits are cleared; None: nothing fits).
Move = D.Move


class Unsaid(Contradiction):
    """A rung's Contradiction whose sentence is made when it is first read: the
    trial search meets thousands and words only the path it keeps. `move` made in
    `before` found nothing fits (or, with `after`, left a letter no digit once the
    decided letters' digits were cleared)."""

    def __init__(self, model: Model, move: Move, before: Masks,
                 after: Masks | None = None) -> None:
        Exception.__init__(self)
        self._made = (model, move, list(before), after)
        self._said: tuple[str, tuple[str, ...]] | None = None

    def _say(self) -> tuple[str, tuple[str, ...]]:
        if self._said is None:
            model, move, before, after = self._made
            text, cells = words(model, move, before)
            if after is not None:
                text = narrate.then_text(model, after, text)[0]
            self._said = (text, tuple(cells))
        return self._said

    @property
    def text(self) -> str:  # type: ignore[override]
        return self._say()[0]

    @property
    def cells(self) -> tuple[str, ...]:  # type: ignore[override]
        return self._say()[1]

    def __str__(self) -> str:
        return self.text


def found(technique: str, where: Any, new: Masks | None) -> Move:
    """The move a finder returns: it narrows the position to `new` (None: nothing
    fits)."""
    return Move(technique, where, None if new is None else tuple(new))


def apply(model: Model, m: Masks, move: Move) -> Move:
    """Play a finder's move on `m` (in place, with the decided letters' digits
    cleared after it); a Contradiction when nothing fits or nothing is left."""
    if move.after is None:
        raise Unsaid(model, move, m)
    settled = list(move.after)
    if clear_decided(model, settled) is not None:
        raise Unsaid(model, move, m, move.after)
    m[:] = settled
    return move


# -- columns ----------------------------------------------------------------------------------
def _unit(model: Model, u: int, m: Masks, technique: str) -> Move | None:
    unit = model.units[u]
    key = tuple([m[v] for v in unit.vars])
    res = unit_filter(unit, key, model.base, model.lo)
    if res == key:
        return None
    new = None
    if res is not None:
        new = list(m)
        for v, x in zip(unit.vars, res, strict=True):
            new[v] = x
    return found(technique, unit.cols[0] if technique == "column sum" else u, new)


def _units(model: Model, m: Masks, first: int, last: int, technique: str) -> Move | None:
    """The first unit of first..last-1 that narrows something (compiled where
    `settle.Settle` gave the model its compiled filters, the same filters)."""
    if model.fast is not None:
        got = model.fast.narrow(m, first, last)
        if got is None:
            return None
        if got != -1:
            u, res = got
            unit = model.units[u]
            new = None
            if res is not None:
                new = list(m)
                for v, x in zip(unit.vars, res, strict=True):
                    new[v] = x
            return found(technique, unit.cols[0] if technique == "column sum" else u, new)
    for u in range(first, last):
        move = _unit(model, u, m, technique)
        if move is not None:
            return move
    return None


def column_sum(model: Model, m: Masks) -> Move | None:
    """The first column from the right that narrows something."""
    return _units(model, m, 0, model.ncols, "column sum")


def two_columns(model: Model, m: Masks) -> Move | None:
    """Two neighbouring columns read together, the carry between them eliminated."""
    return _units(model, m, model.ncols, len(model.units), "two columns")


# -- enumeration of a few letters -------------------------------------------------------------
def enum_filter(model: Model, letters: list[str], m: Masks, test: Callable[[list[int]], bool],
                limit: int = ENUM_LIMIT) -> list[int] | None | Literal[False]:
    """Supported digits of `letters` under `test` (values in letter order, distinct),
    as masks in letter order. None: no tuple fits; False: too many tuples to
    enumerate."""
    doms = [m[model.index[c]] for c in letters]
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
        return [] if test(path) else None
    return supp


def _narrowed(model: Model, m: Masks, letters: list[str], supp: list[int]) -> Masks | None:
    """m with the letters' masks replaced (None when nothing changed)."""
    if all(m[model.index[c]] == x for c, x in zip(letters, supp, strict=True)):
        return None
    new = list(m)
    for c, x in zip(letters, supp, strict=True):
        new[model.index[c]] = x
    return new


# -- products -----------------------------------------------------------------------------------
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


def last_digit(model: Model, m: Masks) -> Move | None:
    """The last digit of X x Y comes from the last digits of X and Y."""
    return last_digits(model, m, 1, 1)


def last_digits(model: Model, m: Masks, first: int = 2, last: int = 99) -> Move | None:
    """The last k digits of X x Y decide the last k digits of Z."""
    base = model.base
    for p, prod in enumerate(model.products):
        longest = max(len(prod.x), len(prod.y), len(prod.z))
        for k in range(first, min(longest, last) + 1):
            letters, test = _low(prod, k, base)
            supp = enum_filter(model, letters, m, test)
            if supp is False:
                break
            where = (p, k, tuple(letters))
            if supp is None:
                return found("last digits", where, None)
            new = _narrowed(model, m, letters, supp)
            if new is not None:
                return found("last digits", where, new)
    return None


def _word_range(model: Model, word: str, m: Masks, letter: str, v: int) -> tuple[int, int]:
    lo = hi = 0
    base = model.base
    for ch in word:
        vals = (v,) if ch == letter else bits(m[model.index[ch]])
        lo = lo * base + vals[0]
        hi = hi * base + vals[-1]
    return lo, hi


def product_length(model: Model, m: Masks) -> Move | None:
    """How large X x Y can be against how large Z can be, letter by letter."""
    for p, prod in enumerate(model.products):
        letters = sorted(set(prod.x + prod.y + prod.z))
        new = None
        notes = []
        for c in letters:
            keep = 0
            i = model.index[c]
            for v in bits(m[i]):
                xl, xh = _word_range(model, prod.x, m, c, v)
                yl, yh = _word_range(model, prod.y, m, c, v)
                zl, zh = _word_range(model, prod.z, m, c, v)
                if xl * yl > zh:
                    notes.append(f"{c} = {v} makes {prod.x} x {prod.y} at least {xl * yl}, "
                                 f"more than {prod.z} can be ({zh})")
                elif xh * yh < zl:
                    notes.append(f"{c} = {v} makes {prod.x} x {prod.y} at most {xh * yh}, "
                                 f"less than {prod.z} can be ({zl})")
                else:
                    keep |= 1 << v
            if keep != m[i]:
                new = new or list(m)
                new[i] = keep
        if new is not None:
            where = (p, tuple(letters), tuple(notes))
            return found("product length", where,
                        None if not all(new[:model.nl]) else new)
    return None


def nines(model: Model, m: Masks) -> Move | None:
    """Casting out nines (base - 1): digit sums multiply like the numbers."""
    mod = model.base - 1
    if mod < 2:
        return None
    for p, prod in enumerate(model.products):
        letters = sorted(set(prod.x + prod.y + prod.z))

        def test(path: list[int], letters: list[str] = letters, prod: Product = prod) -> bool:
            vals = dict(zip(letters, path, strict=True))
            sx = sum(vals[c] for c in prod.x)
            sy = sum(vals[c] for c in prod.y)
            sz = sum(vals[c] for c in prod.z)
            return (sx * sy - sz) % mod == 0
        supp = enum_filter(model, letters, m, test)
        if supp is False:
            continue
        where = (p, tuple(letters))
        if supp is None:
            return found("casting out nines", where, None)
        new = _narrowed(model, m, letters, supp)
        if new is not None:
            return found("casting out nines", where, new)
    return None


def condition(model: Model, m: Masks) -> Move | None:
    """A condition whose remaining candidate tuples are few enough to test one by one."""
    for k, cond in enumerate(model.conditions):
        letters = list(cond.letters)
        env = [0] * len(model.letters)
        idx = [model.index[c] for c in letters]

        def test(path: list[int], env: list[int] = env, idx: list[int] = idx,
                 t: Callable = cond.test) -> bool:
            for i, v in zip(idx, path, strict=True):
                env[i] = v
            return t(env)
        supp = enum_filter(model, letters, m, test)
        if supp is False:
            continue
        if supp is None:
            return found("condition", k, None)
        new = _narrowed(model, m, letters, supp)
        if new is not None:
            return found("condition", k, new)
    return None


# -- letters take different digits ------------------------------------------------------------
def different(model: Model, m: Masks) -> Move | None:
    """A group of k letters sharing k digits keeps them; fewer digits is a contradiction."""
    nl, base = model.nl, model.base
    if COMPILED:     # nothing to find when the compiled filter changes nothing
        masks = tuple(m[:nl])
        if hall(masks, base, nl == base) == masks:
            return None
    letters = model.letters
    open_ = [i for i in range(nl) if m[i].bit_count() != 1]
    if nl == base:      # every digit is used: a digit with one place
        for d in range(base):
            who = [i for i in range(nl) if m[i] >> d & 1]
            if not who:
                return found("different letters", ("every", d), None)
            if len(who) == 1 and m[who[0]].bit_count() != 1:
                new = list(m)
                new[who[0]] &= 1 << d
                return found("different letters", ("single", letters[who[0]], d),
                            new)
    top = len(open_) if len(open_) <= 12 else SUBSET_MAX
    for size in range(2, top + 1):
        # a group of `size` letters sharing `size` digits has no letter with more
        small = [i for i in open_ if m[i].bit_count() <= size]
        for group in combinations(small, size):
            union = 0
            for i in group:
                union |= m[i]
            k = union.bit_count()
            if k < size:
                return found("different letters",
                            ("group", tuple(letters[i] for i in group), union), None)
            if k > size:
                continue
            others = [i for i in open_ if i not in group and m[i] & union]
            if not others:
                continue
            new = list(m)
            for i in others:
                new[i] &= ~union
            return found("different letters",
                        ("group", tuple(letters[i] for i in group), union), new)
    return None


def different_fixpoint(model: Model, m: Masks) -> Masks | None:
    """`different letters` (and the decided letters' digits cleared) until it finds
    nothing more, in place; None on a contradiction."""
    while True:
        if clear_decided(model, m) is not None:
            return None
        try:
            move = different(model, m)
            if move is None:
                return m
            apply(model, m, move)
        except Contradiction:
            return None


# -- the ladder on the kernel -------------------------------------------------------------
def _check_solved(model: Model, m: Masks) -> str | None:
    """What is wrong when every letter is decided but the formula is false."""
    nl = model.nl
    for x in m[:nl]:
        if x & (x - 1):
            return None
    if not all(m[:nl]):
        return "a letter has no digit left"
    if model.holds is not None and not model.holds([x.bit_length() - 1 for x in m[:nl]]):
        return "every letter has a digit, but the formula is false"
    return None


# Every formula technique, once, in the order the ladder tries them: its name (a
# move's `technique`), its rung, its finder `(model, masks) -> Move | None` (it
# does not apply the move: `apply` does) and its words `(model, where, before,
# after) -> (sentence, places)`, `after` None for a move that finds nothing fits.
# Rungs: 0 what one column, or one product's digits, says alone; 1 what needs the
# letters together (distinct digits, casting out nines, a condition's tuples);
# 2 two columns read as one; a trial of depth d counts top rung + d.
# (`last digits` has two rows: the last digit before `product length`, more
# digits after it.)
FORMULA: tuple[D.Entry, ...] = (
    D.Entry("column sum", 0, column_sum, narrate.column_words),
    D.Entry("last digits", 0, last_digit, narrate.last_digits_words),
    D.Entry("product length", 0, product_length, narrate.product_length_words),
    D.Entry("last digits", 0, last_digits, narrate.last_digits_words),
    D.Entry("casting out nines", 1, nines, narrate.nines_words),
    D.Entry("condition", 1, condition, narrate.condition_words),
    D.Entry("different letters", 1, different, narrate.different_words),
    D.Entry("two columns", 2, two_columns, narrate.two_columns_words),
)
WORDS = {e.name: e.words for e in FORMULA}


def words(model: Model, move: Move, before: Masks) -> tuple[str, tuple[str, ...]]:
    """(the sentence, the places it names) of a move made in `before` (its row's
    words); a move without `after` is the technique finding that nothing fits."""
    return WORDS[move.technique](model, move.where, before, move.after)  # type: ignore[no-any-return]


def _played(model: Model, finder: Callable[[Model, Masks], Move | None], m: Masks
            ) -> Move | None:
    """The kernel's technique: the finder's move, applied to `m`."""
    move = finder(model, m)
    return None if move is None else apply(model, m, move)


class FormulaRules(D.Rules):
    """The formula ladder for one formula (the model belongs to the puzzle)."""

    grades = ("easy", "medium", "hard", "hard")
    solved_text = "Solved: every letter has its digit and the formula holds."

    def __init__(self, model: Model) -> None:
        self.model = model
        self.fast = Settle(model, lambda m: different_fixpoint(model, m))
        # a rung with nothing to look at in this model is left out (it would find nothing)
        idle = set()
        if not model.products:
            idle |= {last_digit, product_length, last_digits, nines}
        if not model.conditions:
            idle.add(condition)
        if not model.units:
            idle |= {column_sum, two_columns}
        self.techniques = tuple(D.Technique(e.name, e.rung, partial(_played, model, e.finder))
                                for e in FORMULA if e.rung is not None and e.finder not in idle)

    def copy(self, pos: Masks) -> Masks:
        return list(pos)

    def label(self, tally: D.Tally) -> str:
        """Hard for a nested trial, a guess or HARD_TRIALS trials; medium for fewer
        trials; easy for techniques only."""
        if tally.rung >= self.top_rung + 2 or tally.guesses or tally.trials >= HARD_TRIALS:
            return "hard"
        return "medium" if tally.trials else "easy"

    def contradiction(self, pos: Masks) -> str | None:
        model = self.model
        if 0 not in pos:
            return _check_solved(model, pos)
        for v, x in enumerate(pos):
            if not x:
                return (f"{model.names[v]} has no digit left" if v < model.nl else
                        f"the carry {model.names[v]} has no value left")
        return _check_solved(model, pos)

    def solved(self, pos: Masks) -> bool:
        return all(not x & (x - 1) for x in pos[:self.model.nl]) and \
            _check_solved(self.model, pos) is None

    def candidates(self, pos: Masks) -> list[tuple[str, list[int]]]:
        model = self.model
        nl = model.nl
        out = [(model.names[v], list(bits(pos[v]))) for v in range(nl)
               if pos[v].bit_count() != 1]
        return out + [(model.names[v], list(values(model, pos, v)))
                      for v in range(nl, len(pos)) if pos[v].bit_count() > 1]

    def _keep(self, pos: Masks, place: str, mask: int) -> None:
        v = self.model.place[place]
        pos[v] &= mask
        ran_out = clear_decided(self.model, pos)
        if ran_out is not None:
            raise Contradiction(ran_out)

    def assume(self, pos: Masks, place: str, value: int) -> None:
        v = self.model.place[place]
        self._keep(pos, place, 1 << (value - self.model.lo[v]))

    def exclude(self, pos: Masks, place: str, value: int) -> None:
        v = self.model.place[place]
        self._keep(pos, place, ~(1 << (value - self.model.lo[v])))

    def narrate(self, move: Move, before: Masks) -> Step:
        return narrate.step(self.model, move, before, words(self.model, move, before))

    def closes(self, pos: Masks, place: str, value: int,
               max_rung: int | None = None, before: Masks | None = None) -> bool:
        """False when the techniques' fixpoint from `pos` is no contradiction: they
        surely stall there (see settle.py)."""
        return not self.fast.enabled or self.fast.closes(place, value, pos)

    def snapshot(self, pos: Masks) -> str:
        model = self.model
        known = assignment(model, pos)
        text = substitute(model.formula, known)
        open_ = [f"{c}: {narrate.fmt_values(bits(pos[i]))}"
                 for i, c in enumerate(model.letters) if c not in known]
        return text + ("\n" + "  ".join(open_) if open_ else "")


LIMITS = D.Limits(trial_depth=2, max_chain=60, max_trials=400)
SHALLOW = D.Limits(trial_depth=1, max_chain=60, max_trials=400)


def first_position(model: Model, fixed: dict[str, int] | None = None) -> Masks:
    """The position before any technique: leading letters not 0, fixed letters set,
    the decided letters' digits cleared (a Contradiction when that runs out)."""
    m = first_masks(model, fixed)
    ran_out = clear_decided(model, m)
    if ran_out is not None:
        raise Contradiction(ran_out)
    return m


def setup(formula: str, base: int = 10, fixed: dict[str, int] | None = None
          ) -> tuple[FormulaRules, Masks, D.Limits]:
    """The rules, the first position and the trials' bounds for a formula: nested
    trials only where the techniques bite (sums, products)."""
    model = build(formula, base)
    try:
        pos = first_position(model, fixed)
    except Contradiction:
        pos = first_masks(model, fixed)       # the kernel reports what ran out
    limits = LIMITS if model.columns or model.products else SHALLOW
    return FormulaRules(model), pos, limits


def explanation(formula: str, base: int = 10, fixed: dict[str, int] | None = None, *,
                search: bool = True, trace: bool = False, budget: Budget | None = None,
                limits: D.Limits | None = None) -> D.Explanation:
    """The kernel's explanation of a formula from the formula alone (iterate it for
    the steps; afterwards `.grade` is the label of its path, `.position` the last
    position)."""
    rules, pos, default = setup(formula, base, fixed)
    return D.Explanation(rules, pos, search=search, trace=trace, budget=ensure(budget),
                         limits=limits or default)
