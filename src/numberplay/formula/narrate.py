"""The words of the formula ladder: a move (`ladder.Move`) and the position it was
made in, as the step a player reads.

The rungs find and narrow and build no sentence; the kernel's narrator asks for
the words of the moves on the path it keeps (`FormulaRules.narrate`), and a rung
asks for the words of a contradiction it raises (`words` with no position
after). Everything here is read from the two positions and the move's record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import Step
from .columns import Column, Masks, Model, clear_decided, value, values
from .filters import bits


def fmt_values(vals: tuple[int, ...] | list[int]) -> str:
    """'2, 3 or 5', '2–9', '0 or 1'; 'no digit' when none is left."""
    vals = sorted(vals)
    if not vals:
        return "no digit"
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


def changes(model: Model, old: Masks, new: Masks) -> list[str]:
    """'M = 1', 'E ≠ 0, 1', 'c3 is 0 or 1' for every letter and carry that changed."""
    out = []
    for v, name in enumerate(model.names):
        if old[v] == new[v]:
            continue
        before, after = values(model, old, v), values(model, new, v)
        if not after:
            out.append(f"{name} has no value left")
        elif len(after) == 1:
            out.append(f"{name} = {after[0]}")
        else:
            gone = [x for x in before if x not in after]
            out.append(f"{name} ≠ {', '.join(map(str, gone))}" if len(gone) <= len(after)
                       else f"{name} is {fmt_values(after)}")
    return out


def diff(model: Model, old: Masks, new: Masks
         ) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(removed, fixed) pairs from old to new, carries first, then letters (hints
    name the letters)."""
    removed, fixed = [], []
    nl = model.nl
    for v in list(range(nl, len(model.names))) + list(range(nl)):
        if old[v] == new[v]:
            continue
        name = model.names[v]
        before, after = values(model, old, v), values(model, new, v)
        removed += [(name, x) for x in before if x not in after]
        if len(after) == 1 and len(before) > 1:
            fixed.append((name, after[0]))
    return removed, fixed


def _changed(model: Model, names: Any, old: Masks, new: Masks | None) -> tuple[str, ...]:
    """The names among `names` whose values differ (every one when there is no new)."""
    if new is None:
        return tuple(names)
    return tuple(c for c in names if old[model.place[c]] != new[model.place[c]])


# -- columns ------------------------------------------------------------------------------------
def column_vars(col: Column) -> list[str]:
    """A column's letters, then its carries."""
    return list(col.letters) + [c for c in (col.cin, col.cout) if c]


def _terms(col: Column, base: int, known: Callable[[str], int | None]) -> tuple[str, str]:
    """The two sides of a column's equation, known values written in."""
    left: list[str] = []
    right: list[str] = []
    for ch, v in col.coef:
        side = left if v > 0 else right
        x = known(ch)
        name = ch if x is None else str(x)
        m = abs(v)
        side += [name] * m if m <= 3 else [f"{m}·{name}"]
    if col.const > 0:
        left.append(str(col.const))
    elif col.const < 0:
        right.append(str(-col.const))
    x = known(col.cin) if col.cin else 0
    if col.cin and x != 0:
        left.append(col.cin if x is None else str(x))
    if col.cout and known(col.cout) != 0:
        out = known(col.cout)
        right.append(f"{base}·{col.cout}" if out is None else str(base * out))
    return " + ".join(left) or "0", " + ".join(right) or "0"


def _known(model: Model, m: Masks) -> Callable[[str], int | None]:
    return lambda name: value(model, m, model.place[name])


def _vals(model: Model, m: Masks, name: str) -> tuple[int, ...]:
    return values(model, m, model.place[name])


def column_text(model: Model, col: Column, old: Masks, new: Masks | None) -> str:
    """A player's sentence for one column step."""
    key = ("equation", col.eq, col.k)
    eq = model.cache.get(key)
    if eq is None:
        lhs, rhs = _terms(col, model.base, lambda v: None)
        eq = model.cache[key] = f"{lhs} = {rhs}"
    known = _known(model, old)
    if (new is not None and not col.cout and col.cin and col.const == 0
            and len(col.coef) == 1 and col.coef[0][1] == -1):
        letter = col.letters[0]
        if value(model, new, model.place[letter]) == 1 and max(_vals(model, old, col.cin)) == 1:
            return (f"{col.label}: {eq}: the sum is one digit longer than the numbers "
                    f"added, so {letter} is the carry {col.cin}: at most 1, and not 0 since "
                    f"{letter} begins a word, so {letter} = 1")
    decided = {v for v in column_vars(col) if known(v) is not None}
    slhs, srhs = _terms(col, model.base, known)
    text = f"{col.label}: {eq}"
    if decided:
        text += f", here {slhs} = {srhs}"
    unknown = [v for v in column_vars(col) if v not in decided]
    if unknown and new is not None:
        text += " where " + ", ".join(f"{v} is {fmt_values(_vals(model, old, v))}"
                                      for v in unknown)
    if new is None:
        return text + ": no digits fit"
    return text + ": so " + ", ".join(changes(model, old, new))


def column_words(model: Model, k: int, old: Masks, new: Masks | None) -> tuple[str, tuple[str, ...]]:
    col = model.columns[k]
    return (column_text(model, col, old, new),
            (col.label,) + _changed(model, column_vars(col), old, new))


def two_columns_words(model: Model, u: int, old: Masks, new: Masks | None
                 ) -> tuple[str, tuple[str, ...]]:
    a, b = (model.columns[k] for k in model.units[u].cols)
    known = _known(model, old)
    eqs = []
    for col in (a, b):
        lhs, rhs = _terms(col, model.base, known)
        eqs.append(f"{lhs} = {rhs}")
    vars_ = list(dict.fromkeys(column_vars(a) + column_vars(b)))
    unknown = [v for v in vars_ if known(v) is None and v != a.cout]
    label = f"{a.label} and {b.label.split(', ')[-1]}"
    text = (f"{label} read together (the carry {a.cout} links them): "
            f"{eqs[0]} and {eqs[1]}")
    if new is None:
        return text + ": no digits fit", (label,)
    if unknown:
        text += " where " + ", ".join(f"{v} is {fmt_values(_vals(model, old, v))}"
                                      for v in unknown)
    return (text + ": so " + ", ".join(changes(model, old, new)),
            (label,) + _changed(model, vars_, old, new))


# -- products and conditions ----------------------------------------------------------------
def last_digits_words(model: Model, where: tuple[int, int, tuple[str, ...]], old: Masks,
                 new: Masks | None) -> tuple[str, tuple[str, ...]]:
    p, k, letters = where
    prod = model.products[p]
    x, y, z = (w[-k:] for w in (prod.x, prod.y, prod.z))
    what = "last digit" if k == 1 else f"last {k} digits"
    head = (f"{what}: {x} x {y} must end in {z[-k:]}" if k <= len(z) else
            f"{what}: {x} x {y} must end in {z}")
    if new is None:
        return head + ": no digits fit", (what,) + letters
    return (head + ": so " + ", ".join(changes(model, old, new)),
            (what,) + _changed(model, letters, old, new))


def product_length_words(model: Model, where: tuple[int, tuple[str, ...], tuple[str, ...]],
                    old: Masks, new: Masks | None) -> tuple[str, tuple[str, ...]]:
    p, letters, notes = where
    prod = model.products[p]
    base = model.base
    n = len(prod.z)
    head = (f"product length: {prod.z} has {n} digit{'s' if n > 1 else ''}, so "
            f"{prod.x} x {prod.y} is between {base ** (n - 1) if n > 1 else 0} and "
            f"{base ** n - 1}")
    shown = list(notes) if len(notes) <= 3 else \
        list(notes[:2]) + [f"… ({len(notes) - 2} more)"]
    if new is None:
        return head + "; " + "; ".join(shown) + ": no digits fit", ("product length",)
    return (head + "; " + "; ".join(shown) + ": so " + ", ".join(changes(model, old, new)),
            ("product length",) + _changed(model, letters, old, new))


def nines_words(model: Model, where: tuple[int, tuple[str, ...]], old: Masks, new: Masks | None
           ) -> tuple[str, tuple[str, ...]]:
    p, letters = where
    prod = model.products[p]
    m = model.base - 1
    head = (f"casting out {m}s: the digit sums of {prod.x} and {prod.y} multiplied "
            f"leave the same remainder when divided by {m} as the digit sum of {prod.z}")
    if new is None:
        return head + ": no digits fit", ("casting out nines",)
    return (head + ": so " + ", ".join(changes(model, old, new)),
            ("casting out nines",) + _changed(model, letters, old, new))


def condition_words(model: Model, c: int, old: Masks, new: Masks | None
               ) -> tuple[str, tuple[str, ...]]:
    cond = model.conditions[c]
    unknown = [x for x in cond.letters if value(model, old, model.place[x]) is None]
    if new is None:
        return (f"{cond.label}: no digits left for {', '.join(unknown) or 'its letters'} "
                "make it true", (cond.label,))
    return (f"{cond.label}: trying the digits still possible for {', '.join(unknown)}, "
            "only these make it true: so " + ", ".join(changes(model, old, new)),
            (cond.label,) + _changed(model, cond.letters, old, new))


# -- letters take different digits ------------------------------------------------------------
def _names(group: tuple[str, ...]) -> str:
    return ", ".join(group[:-1]) + " and " + group[-1]


def different_words(model: Model, where: tuple[Any, ...], old: Masks, new: Masks | None
               ) -> tuple[str, tuple[str, ...]]:
    how = where[0]
    base = model.base
    if how == "every":              # ("every", digit): no letter can take it
        return (f"all {base} digits are used, but no letter can be {where[1]}",
                ("different letters",))
    if how == "single":             # ("single", letter, digit)
        c, d = where[1], where[2]
        return (f"all {base} digits are used and only {c} can be {d}: so {c} = {d}",
                ("different letters", c))
    group, union = where[1], where[2]     # ("group", letters, their digits)
    if new is None:
        return (f"{_names(group)} need {len(group)} different digits but have only "
                f"{fmt_values(bits(union))} between them", ("different letters",) + group)
    others = _changed(model, model.letters, old, new)
    return (f"{_names(group)} take {fmt_values(bits(union))} between them, so no other "
            "letter can: so " + ", ".join(changes(model, old, new)),
            ("different letters",) + group + others)


def then_text(model: Model, after: Masks, text: str) -> tuple[str, Masks, str | None]:
    """The move's sentence with what clearing the decided letters' digits then
    decided: (the text, the masks after it, what ran out or None)."""
    settled = list(after)
    ran_out = clear_decided(model, settled)
    if ran_out is not None:
        return f"{text}; then {ran_out}", settled, ran_out
    nl = model.nl
    extra = [f"{model.names[i]} = {settled[i].bit_length() - 1}" for i in range(nl)
             if after[i] & (after[i] - 1) and not settled[i] & (settled[i] - 1)]
    return text + (f" (then {', '.join(extra)}: the only digit left)" if extra else ""), \
        settled, None


def step(model: Model, move: Any, before: Masks, said: tuple[str, tuple[str, ...]]) -> Step:
    """The step a player reads for a move made in `before`, its row's words `said`."""
    text, cells = said
    text, settled, _ = then_text(model, move.after, text)
    removed, fixed = diff(model, before, settled)
    return Step(move.technique, text, cells, tuple(removed), tuple(fixed))
