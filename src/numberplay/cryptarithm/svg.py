"""Drawings of cryptarithms and crypto-products.

A sum of words (`SEND + MORE = MONEY`) is set as a column sum, the addends
stacked and right-aligned above a rule and the result, one box per letter.
Any other formula is one line with a box per letter. A crypto-product is set
as a long multiplication of coloured circles with the letter inside (as the FEUP crypto-product report draws them),
so a grey-scale print still reads: the letter names the colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..drawing import FAINT, GRID, HIGHLIGHT, INK, PLAYER_INK, Svg, read_places, text_width

MARGIN = 8
BOX = 34           # a letter box in a cryptarithm
STEP = 42          # the distance between circle centres in a crypto-product
RADIUS = 18
RING = "#c98a00"   # the ring around a highlighted circle

_WORD = re.compile(r"^[A-Z0-9]+$")
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
    if all(_WORD.match(w) for w in [*addends, result]):
        return addends, result
    return None


def _digit(value: int) -> str:
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value]


def _letter_box(svg: Svg, x: float, y: float, ch: str, digits: dict[str, int],
                lit: bool, place: str, player: frozenset[str] = frozenset()) -> None:
    """One box: the letter, or its digit with the letter small in the corner (a
    player's digit, from `player`, in the player's ink)."""
    if not ch.isupper():
        svg.text(x + BOX / 2, y + BOX / 2, ch, size=20)
        return
    svg.rect(x + 1, y + 1, BOX - 2, BOX - 2, fill=HIGHLIGHT if lit else "#ffffff",
             stroke=GRID, width=1, cls="cell", place=place, rx=3)
    if ch in digits:
        mine = ch in player
        svg.text(x + BOX / 2 + 2, y + BOX / 2 + 1, _digit(digits[ch]), size=20,
                 fill=PLAYER_INK if mine else INK, cls="entry" if mine else "digit")
        svg.text(x + 7, y + 9, ch, size=9, fill=FAINT, cls="letter")
    else:
        svg.text(x + BOX / 2, y + BOX / 2, ch, size=20, weight="bold", cls="letter")


def draw_formula(formula: str, digits: dict[str, int] | None = None,
                 highlight: Iterable[str] | str | None = None, base: int = 10,
                 entries: dict[str, int] | None = None) -> str:
    """A cryptarithm: a column sum when it is a sum of words, else one line of boxes.

    `digits`: a solution's letters (with a legend); `entries`: a player's letters,
    drawn in the player's ink where no solution digit is shown."""
    digits = digits or {}
    player = frozenset(entries or {}) - frozenset(digits)
    shown = {**(entries or {}), **digits}
    lit = read_places(highlight).names
    shape = sum_shape(formula)
    svg = (_column_sum(shape, shown, lit, player) if shape
           else _line(formula, shown, lit, player))
    if base != 10:
        svg.height += 18
        svg.text(MARGIN, svg.height - 12, f"base {base}", size=12, anchor="start",
                 italic=True)
    if digits:
        _legend(svg, digits)
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
    for ch in " ".join(formula.split()):
        if ch.isupper():
            items.append((ch, BOX))
        elif ch == " ":
            items.append((ch, 6))
        else:
            items.append((ch, text_width(ch, 20) + 2))
    svg = Svg(2 * MARGIN + sum(w for _, w in items), 2 * MARGIN + BOX, "cryptarithm")
    x: float = MARGIN
    for n, (ch, w) in enumerate(items):
        if ch.isupper():
            _letter_box(svg, x, MARGIN, ch, digits, ch in lit, f"{ch}@{n + 1}", player)
        elif ch != " ":
            svg.text(x + w / 2, MARGIN + BOX / 2, ch, size=20)
        x += w
    return svg


def _legend(svg: Svg, digits: dict[str, int], colours: dict[str, str] | None = None) -> None:
    """A line `D=7 E=5 ...` under the drawing (wrapped to its width)."""
    entries = [f"{ch}={_digit(d)}" for ch, d in sorted(digits.items())]
    per_line = max(1, int((svg.width - 2 * MARGIN) // 46))
    lines = [entries[i:i + per_line] for i in range(0, len(entries), per_line)]
    for line in lines:
        svg.height += 20
        x = MARGIN
        for entry in line:
            if colours is not None:
                svg.circle(x + 6, svg.height - 12, 6, fill=colours.get(entry[0], "#888888"),
                           width=1)
                x += 14
            svg.text(x, svg.height - 12, entry, size=13, anchor="start", cls="legend")
            x += 46 if colours is None else 40
    svg.height += 4


def _ink_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (#rrggbb)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def draw_product(words: tuple[str, str, str], digits: dict[str, int] | None = None,
                 highlight: Iterable[str] | str | None = None,
                 colours: dict[str, str] | None = None,
                 names: dict[str, str] | None = None,
                 entries: dict[str, int] | None = None) -> str:
    """A crypto-product `X x Y = Z` as a long multiplication of coloured circles.

    `digits`: a solution's colours (with a legend); `entries`: a player's colours,
    their digit written in the circle (class "entry") where no solution is shown."""
    solved = bool(digits)
    player = frozenset(entries or {}) - frozenset(digits or {})
    digits = {**(entries or {}), **(digits or {})}
    colours = colours or {}
    names = names or {}
    lit = read_places(highlight).names
    x, y, z = words
    width = max(len(x), len(y) + 1, len(z))
    rows = [("", x), ("×", y), ("", z)]
    svg = Svg(2 * MARGIN + width * STEP, 2 * MARGIN + 3 * STEP + 10, "cryptoproduct")
    for i, (sign, word) in enumerate(rows):
        cy = MARGIN + STEP / 2 + i * STEP + (10 if i == 2 else 0)
        if sign:
            svg.text(MARGIN + (width - len(word) - 0.5) * STEP, cy, sign, size=24,
                     weight="bold")
        for j, ch in enumerate(word):
            cx = MARGIN + (width - len(word) + j + 0.5) * STEP
            fill = colours.get(ch, "#888888")
            if ch in lit:
                svg.circle(cx, cy, RADIUS + 3.5, fill="none", stroke=RING, width=3.5)
            svg.circle(cx, cy, RADIUS, fill=fill, stroke=INK, width=1.5, cls="cell",
                       place=f"{ch}@{i + 1}.{j + 1}", title=names.get(ch, ch))
            ink = _ink_on(fill) if fill.startswith("#") and len(fill) == 7 else INK
            if ch in digits:
                svg.text(cx, cy - 3, _digit(digits[ch]), size=19, weight="bold", fill=ink,
                         cls="entry" if ch in player else "digit")
                svg.text(cx, cy + 11, ch, size=8, fill=ink, cls="letter")
            else:
                svg.text(cx, cy, ch, size=19, weight="bold", fill=ink, cls="letter")
    rule_y = MARGIN + 2 * STEP + 5
    svg.line(MARGIN + 2, rule_y, MARGIN + width * STEP - 2, rule_y, stroke=INK, width=2)
    if solved:
        _legend(svg, digits, colours)
    return str(svg)
