"""Small helpers the kinds share to draw their puzzles as SVG.

Each kind draws its own puzzle in its subpackage (`<kind>/svg.py`); this module
only holds what every drawing needs: an SVG builder that escapes its text, the
fonts and greys of the house style, and the reading of `highlight` places
("r2c3", "row 4", "col 2", "M") as the explanation steps name them.

An SVG made here is a whole document (`xmlns`, `width`, `height`, `viewBox`)
that a browser, Typst and a notebook all accept; every cell of the puzzle is one
shape with `class="cell"` and a `data-place` attribute.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


def escape(text: str) -> str:
    """`&`, `<` and `>` as entities (what xml.sax.saxutils.escape does; that module
    imports urllib.request, the web client, which a drawing does not need)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """An attribute value with its quotes, escaped (as xml.sax.saxutils.quoteattr)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"{}"'.format(text.replace('"', "&quot;"))

FONT = "DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif"
INK = "#111111"
GRID = "#444444"
FAINT = "#9a9a9a"
STRIKE = "#c0392b"         # the stroke through a candidate an explanation step rules out
HIGHLIGHT = "#ffe08a"      # a pale yellow: a light grey in grey-scale print
HIGHLIGHT_LINE = "#fff3c4"
PLAYER_INK = "#1d4f91"     # a player's own entries (hint pages): blue, not bold

_CELL = re.compile(r"^r(\d+)\s*c(\d+)$")
_LINE = re.compile(r"^(row|col|column)\s*(\d+)$")


def _num(value: float) -> str:
    """A coordinate without needless decimals."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


@dataclass
class Svg:
    """An SVG document built shape by shape; `str()` gives the markup."""

    width: float
    height: float
    css_class: str = ""
    title: str = ""
    parts: list[str] = field(default_factory=list)

    def add(self, markup: str) -> None:
        """Raw markup (already escaped)."""
        self.parts.append(markup)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none",
             stroke: str | None = None, width: float = 1.0, cls: str = "",
             place: str = "", rx: float = 0) -> None:
        """A rectangle; `place` names the cell it draws (data-place)."""
        attrs = [f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"',
                 f'fill="{fill}"']
        if stroke:
            attrs.append(f'stroke="{stroke}" stroke-width="{_num(width)}"')
        if rx:
            attrs.append(f'rx="{_num(rx)}"')
        if cls:
            attrs.append(f'class="{cls}"')
        if place:
            attrs.append(f"data-place={quoteattr(place)}")
        self.parts.append(f"<rect {' '.join(attrs)}/>")

    def circle(self, cx: float, cy: float, r: float, *, fill: str, stroke: str = INK,
               width: float = 1.5, cls: str = "", place: str = "", title: str = "") -> None:
        """A circle (with a tooltip when `title` is given)."""
        attrs = (f'cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{_num(width)}"')
        if cls:
            attrs += f' class="{cls}"'
        if place:
            attrs += f" data-place={quoteattr(place)}"
        if title:
            self.parts.append(f"<circle {attrs}><title>{escape(title)}</title></circle>")
        else:
            self.parts.append(f"<circle {attrs}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = GRID,
             width: float = 1.0) -> None:
        """A straight line."""
        self.parts.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" '
                          f'y2="{_num(y2)}" stroke="{stroke}" stroke-width="{_num(width)}" '
                          'stroke-linecap="square"/>')

    def text(self, x: float, y: float, content: str, *, size: float = 16,
             anchor: str = "middle", weight: str = "normal", fill: str = INK,
             cls: str = "", rotate: float = 0, italic: bool = False) -> None:
        """Text whose baseline is placed so that it is centred on y (digits and capitals)."""
        base = y + size * 0.36
        attrs = [f'x="{_num(x)}" y="{_num(base)}" font-size="{_num(size)}"',
                 f'text-anchor="{anchor}"', f'fill="{fill}"']
        if weight != "normal":
            attrs.append(f'font-weight="{weight}"')
        if italic:
            attrs.append('font-style="italic"')
        if cls:
            attrs.append(f'class="{cls}"')
        if rotate:
            attrs.append(f'transform="rotate({_num(rotate)} {_num(x)} {_num(y)})"')
        self.parts.append(f"<text {' '.join(attrs)}>{escape(content)}</text>")

    def __str__(self) -> str:
        w, h = _num(self.width), _num(self.height)
        cls = f' class="numberplay {self.css_class}"' if self.css_class else ' class="numberplay"'
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}"{cls} font-family="{FONT}">')
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return head + title + "".join(self.parts) + "</svg>"


_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')


def svg_size(svg: str) -> tuple[float, float] | None:
    """The width and height (SVG units) of a drawing made here, or None."""
    m = _SIZE.search(svg[:2000])
    return (float(m.group(1)), float(m.group(2))) if m else None


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of `text` at `size` (DejaVu Sans digits are
    0.64 em wide, 0.70 em in bold)."""
    wide = sum(1 for ch in text if ch.isupper() or ch in "MW×=+")
    narrow = 0.70 if bold else 0.64
    return size * (narrow * (len(text) - wide) + 0.78 * wide)


@dataclass(frozen=True)
class Places:
    """Highlighted places read from strings: cells (row, col) 1-based, whole rows,
    whole columns and names (letters)."""

    cells: frozenset[tuple[int, int]] = frozenset()
    rows: frozenset[int] = frozenset()
    cols: frozenset[int] = frozenset()
    names: frozenset[str] = frozenset()

    def cell(self, r: int, c: int) -> bool:
        """Is cell (r, c) (1-based) highlighted, alone or through its line?"""
        return (r, c) in self.cells or r in self.rows or c in self.cols

    def fill(self, r: int, c: int) -> str:
        """The fill of cell (r, c) (1-based): highlighted itself, on a highlighted line, or white."""
        if (r, c) in self.cells:
            return HIGHLIGHT
        return HIGHLIGHT_LINE if self.cell(r, c) else "#ffffff"


def read_places(highlight: Iterable[str] | str | None) -> Places:
    """`["r2c3", "row 4", "col 2", "M"]` as Places (unknown strings count as names)."""
    if highlight is None:
        return Places()
    if isinstance(highlight, str):
        highlight = [highlight]
    cells: set[tuple[int, int]] = set()
    rows: set[int] = set()
    cols: set[int] = set()
    names: set[str] = set()
    for item in highlight:
        text = str(item).strip()
        low = text.lower()
        if m := _CELL.match(low):
            cells.add((int(m.group(1)), int(m.group(2))))
        elif m := _LINE.match(low):
            (rows if m.group(1) == "row" else cols).add(int(m.group(2)))
        elif text:
            names.add(text)
    return Places(frozenset(cells), frozenset(rows), frozenset(cols), frozenset(names))


SHEET_MARGIN = 16
SHEET_WIDTH = 520          # the least width of a sheet, so captions have room
CAPTION_SIZE = 14


def sheet(items: Sequence[tuple[str, str]], title: str = "") -> str:
    """Several drawings in one SVG document, one under the other, each after its
    caption: `items` holds (caption, drawing) pairs; a caption may run over
    several lines (wrapped here) and a drawing may be "" (a caption alone)."""
    sizes = [svg_size(drawing) or (0.0, 0.0) if drawing else (0.0, 0.0)
             for _, drawing in items]
    width = max([SHEET_WIDTH, *(w for w, _ in sizes)]) + 2 * SHEET_MARGIN
    chars = max(20, int((width - 2 * SHEET_MARGIN) / (CAPTION_SIZE * 0.6)))
    parts: list[str] = []
    y: float = SHEET_MARGIN
    for (caption, drawing), (_, h) in zip(items, sizes, strict=True):
        import textwrap
        for line in textwrap.wrap(caption, chars) if caption else []:
            y += CAPTION_SIZE * 1.4
            parts.append(f'<text x="{_num(SHEET_MARGIN)}" y="{_num(y)}" '
                         f'font-size="{CAPTION_SIZE}" fill="{INK}">{escape(line)}</text>')
        if drawing:
            y += 6
            parts.append(f'<g transform="translate({_num(SHEET_MARGIN)} {_num(y)})">'
                         f"{drawing}</g>")
            y += h
        y += 12
    out = Svg(width, y + SHEET_MARGIN, "sheet", title=title)
    out.parts.extend(parts)
    return str(out)
