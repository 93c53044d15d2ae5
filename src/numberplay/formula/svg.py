"""Drawing pieces the formula kinds share: the margin and the legend of digits."""

from __future__ import annotations

from ..drawing import Svg
from .model import DIGITS

MARGIN = 8


def digit_char(value: int) -> str:
    """A digit as written in bases up to 36 (0-9, then A-Z)."""
    return DIGITS[value]


def legend(svg: Svg, digits: dict[str, int], colours: dict[str, str] | None = None) -> None:
    """A line `D=7 E=5 ...` under the drawing (wrapped to its width)."""
    entries = [f"{ch}={digit_char(d)}" for ch, d in sorted(digits.items())]
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
