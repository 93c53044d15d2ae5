"""Drawing of a crypto-product: a long multiplication of coloured circles.

Each circle holds its letter (the FEUP crypto-product report's colours), so a
grey-scale print still reads: the letter names the colour.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..drawing import INK, Svg, read_places
from ..formula.svg import MARGIN, digit_char, legend

STEP = 42          # the distance between circle centres
RADIUS = 18
RING = "#c98a00"   # the ring around a highlighted circle


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
                svg.text(cx, cy - 3, digit_char(digits[ch]), size=19, weight="bold", fill=ink,
                         cls="entry" if ch in player else "digit")
                svg.text(cx, cy + 11, ch, size=8, fill=ink, cls="letter")
            else:
                svg.text(cx, cy, ch, size=19, weight="bold", fill=ink, cls="letter")
    rule_y = MARGIN + 2 * STEP + 5
    svg.line(MARGIN + 2, rule_y, MARGIN + width * STEP - 2, rule_y, stroke=INK, width=2)
    if solved:
        legend(svg, digits, colours)
    return str(svg)
