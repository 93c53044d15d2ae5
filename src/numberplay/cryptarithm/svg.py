"""Drawings of cryptarithms.

A sum of words (`SEND + MORE = MONEY`) is set as a column sum, the addends
stacked and right-aligned above a rule and the result, one box per letter.
Any other formula is one line with a box per letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..drawing import FAINT, GRID, HIGHLIGHT, INK, PLAYER_INK, Svg, read_places, text_width
from ..formula.lang import is_symbol, word_spans
from ..formula.svg import MARGIN, digit_char, legend

BOX = 34           # a letter box

_EQ = re.compile(r"(?<![<>!=])==?(?!=)")


def sum_shape(formula: str) -> tuple[list[str], str] | None:
    """(addends, result) when the formula is a sum of words equal to a word."""
    sides = _EQ.split(formula)
    if len(sides) != 2:
        return None
    left = [t.strip() for t in sides[0].split("+")]
    right = [t.strip() for t in sides[1].split("+")]
    if len(right) == 1 and len(left) >= 2:
        addends, result = left, right[0]
    elif len(left) == 1 and len(right) >= 2:
        addends, result = right, left[0]
    else:
        return None
    if all(_is_word(w) for w in [*addends, result]):
        return addends, result
    return None


_AND = re.compile(r"\s+and\s+|\s*&&\s*")


def grid_shape(formula: str) -> tuple[list[str], str] | None:
    """(nine words row by row, the operator) when the formula is a 3x3 crossword
    grid: rows `a op b = c`, then columns, joined by `and` (crossword.py's form)."""
    parts = _AND.split(formula.strip())
    if len(parts) != 6:
        return None
    eqs = []
    for part in parts:
        sides = _EQ.split(part)
        if len(sides) != 2:
            return None
        for op in ("+", "*"):
            left = [t.strip() for t in sides[0].split(op)]
            if len(left) == 2:
                break
        else:
            return None
        eqs.append((left[0], left[1], sides[1].strip(), op))
    ops = {e[3] for e in eqs}
    cells = [w for e in eqs[:3] for w in e[:3]]
    cols = [(cells[c], cells[3 + c], cells[6 + c]) for c in range(3)]
    if len(ops) != 1 or [e[:3] for e in eqs[3:]] != cols or not all(map(_is_word, cells)):
        return None
    return cells, ops.pop()


def _grid(cells: list[str], op: str, digits: dict[str, int], lit: frozenset[str],
          player: frozenset[str] = frozenset()) -> Svg:
    """A crossword grid: three rows of `a op b = c`, the operators and `=` between
    the rows too; each word right-aligned in its column."""
    widths = [max(len(cells[3 * r + c]) for r in range(3)) for c in range(3)]
    sign = 30                                        # the gap holding an operator
    xs = [MARGIN + sum(widths[:c]) * BOX + c * sign for c in range(3)]
    ys = [MARGIN + r * (BOX + sign) for r in range(3)]
    svg = Svg(xs[2] + widths[2] * BOX + MARGIN, ys[2] + BOX + MARGIN, "cryptarithm")
    shown = "×" if op == "*" else "+"
    for r in range(3):
        for c in range(3):
            word = cells[3 * r + c]
            x0 = xs[c] + (widths[c] - len(word)) * BOX
            for j, ch in enumerate(word):
                _letter_box(svg, x0 + j * BOX, ys[r], ch, digits, ch in lit,
                            f"{ch}@{r + 1}.{c + 1}.{j + 1}", player)
        for c, mark in ((0, shown), (1, "=")):
            svg.text(xs[c] + widths[c] * BOX + sign / 2, ys[r] + BOX / 2, mark, size=20)
    for c in range(3):
        x = xs[c] + widths[c] * BOX - BOX / 2
        svg.text(x, ys[0] + BOX + sign / 2, shown, size=20)
        svg.text(x, ys[1] + BOX + sign / 2, "=", size=20)
    return svg


def _is_word(text: str) -> bool:
    """A word of the formula: letters of any script or case (`is_symbol`) and digits."""
    return bool(text) and is_symbol(text[0]) and all(
        is_symbol(c) or "0" <= c <= "9" for c in text) and word_spans(text) == [(0, len(text))]


def _letter_box(svg: Svg, x: float, y: float, ch: str, digits: dict[str, int],
                lit: bool, place: str, player: frozenset[str] = frozenset()) -> None:
    """One box: the letter, or its digit with the letter small in the corner (a
    player's digit, from `player`, in the player's ink)."""
    if not is_symbol(ch):
        svg.text(x + BOX / 2, y + BOX / 2, ch, size=20)
        return
    svg.rect(x + 1, y + 1, BOX - 2, BOX - 2, fill=HIGHLIGHT if lit else "#ffffff",
             stroke=GRID, width=1, cls="cell", place=place, rx=3)
    if ch in digits:
        mine = ch in player
        svg.text(x + BOX / 2 + 2, y + BOX / 2 + 1, digit_char(digits[ch]), size=20,
                 fill=PLAYER_INK if mine else INK, cls="entry" if mine else "digit")
        svg.text(x + 7, y + 9, ch, size=9, fill=FAINT, cls="letter")
    else:
        svg.text(x + BOX / 2, y + BOX / 2, ch, size=20, weight="bold", cls="letter")


def draw_formula(formula: str, digits: dict[str, int] | None = None,
                 highlight: Iterable[str] | str | None = None, base: int = 10,
                 entries: dict[str, int] | None = None, note: str = "") -> str:
    """A cryptarithm: a column sum when it is a sum of words, else one line of boxes.

    `digits`: a solution's letters (with a legend); `entries`: a player's letters,
    drawn in the player's ink where no solution digit is shown; `note`: a line
    under it (the options' rules, `options.caption`)."""
    digits = digits or {}
    player = frozenset(entries or {}) - frozenset(digits)
    shown = {**(entries or {}), **digits}
    lit = read_places(highlight).names
    shape = sum_shape(formula)
    grid = grid_shape(formula)
    svg = (_column_sum(shape, shown, lit, player) if shape
           else _grid(grid[0], grid[1], shown, lit, player) if grid
           else _line(formula, shown, lit, player))
    if base != 10:
        svg.height += 18
        svg.text(MARGIN, svg.height - 12, f"base {base}", size=12, anchor="start",
                 italic=True)
    if note:
        svg.height += 18
        svg.width = max(svg.width, 2 * MARGIN + 7 * len(note))
        svg.text(MARGIN, svg.height - 12, note, size=12, anchor="start", italic=True)
    if digits:
        legend(svg, digits)
    return str(svg)


def _column_sum(shape: tuple[list[str], str], digits: dict[str, int],
                lit: frozenset[str], player: frozenset[str] = frozenset()) -> Svg:
    addends, result = shape
    width = max(len(w) for w in [*addends, result]) + 1   # one column for the + sign
    rows = len(addends) + 1
    svg = Svg(2 * MARGIN + width * BOX, 2 * MARGIN + rows * BOX + 10, "cryptarithm")
    for i, word in enumerate([*addends, result]):
        y = MARGIN + i * BOX + (10 if i == len(addends) else 0)
        start = width - len(word)
        for j, ch in enumerate(word):
            _letter_box(svg, MARGIN + (start + j) * BOX, y, ch, digits, ch in lit,
                        f"{ch}@{i + 1}.{j + 1}", player)
    plus_y = MARGIN + (len(addends) - 1) * BOX + BOX / 2
    svg.text(MARGIN + BOX / 2, plus_y, "+", size=22, weight="bold")
    rule_y = MARGIN + len(addends) * BOX + 5
    svg.line(MARGIN + 4, rule_y, MARGIN + width * BOX - 2, rule_y, stroke=INK, width=2)
    return svg


def _line(formula: str, digits: dict[str, int], lit: frozenset[str],
          player: frozenset[str] = frozenset()) -> Svg:
    """Any formula on one line: a box per letter, the rest as text."""
    items: list[tuple[str, float]] = []
    flat = " ".join(formula.split())
    boxed = {k for a, b in word_spans(flat) for k in range(a, b) if is_symbol(flat[k])}
    for k, ch in enumerate(flat):
        if k in boxed:
            items.append((ch, BOX))
        elif ch == " ":
            items.append((ch, 6))
        else:
            items.append((ch, text_width(ch, 20) + 2))
    svg = Svg(2 * MARGIN + sum(w for _, w in items), 2 * MARGIN + BOX, "cryptarithm")
    x: float = MARGIN
    for n, (ch, w) in enumerate(items):
        if n in boxed:
            _letter_box(svg, x, MARGIN, ch, digits, ch in lit, f"{ch}@{n + 1}", player)
        elif ch != " ":
            svg.text(x + w / 2, MARGIN + BOX / 2, ch, size=20)
        x += w
    return svg
