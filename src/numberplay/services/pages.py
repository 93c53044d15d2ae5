"""The standalone HTML page every `--format html` prints: one frame, any kind.

A page is a title, a list of blocks (a heading, the kind's SVG drawing, and
optional text or a list of steps), and an optional answers section that starts
on a new printed page. The CSS draws the blocks as cards on screen and, in
print, keeps each block whole in its own region of the page (two to a page).
Nothing here knows a kind: the drawings come from `Kind.draw`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..drawing import svg_size
from ..text import step_body

CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Helvetica, Arial, sans-serif;
       color: #111; background: #f4f4f1; margin: 0; padding: 1.5rem; line-height: 1.4; }
main { max-width: 60rem; margin: 0 auto; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 .6rem; }
h2 .meta { font-weight: normal; color: #555; font-size: .95rem; }
.blocks { display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr));
          gap: 1rem; }
.block { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 1rem;
         break-inside: avoid; page-break-inside: avoid; }
.drawing { text-align: center; }
.drawing svg { max-width: 100%; height: auto; max-height: 70vh;
               print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.block.long { grid-column: 1 / -1; }
.block pre { background: #f7f7f7; padding: .5rem; overflow-x: auto; font-size: .85rem; }
.block p.note { color: #444; margin: .4rem 0 0; }
ol.steps { padding-left: 1.6rem; margin: .5rem 0 0; }
ol.steps li { margin: .25rem 0; }
ol.steps .technique { font-weight: bold; }
.answers { margin-top: 2rem; }
.answers .blocks { grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.answers .block { padding: .6rem; }
.answers h2 { font-size: .95rem; }
.answers .drawing svg { max-height: 40vh; }
footer { color: #777; font-size: .8rem; margin-top: 2rem; text-align: center; }
@media print {
  @page { margin: 12mm; }
  h1 { font-size: 1.3rem; margin-bottom: 4mm; }
  body { background: #fff; padding: 0; }
  main { max-width: none; }
  .blocks { display: block; }
  .block { border: none; border-radius: 0; padding: 0 0 6mm; margin: 0;
           height: 112mm; overflow: hidden; break-inside: avoid; page-break-inside: avoid; }
  .block .drawing svg { width: var(--print-w, auto); height: var(--print-h, auto);
                        max-width: 100%; }
  .block.long { height: auto; }
  .answers { break-before: page; page-break-before: always; margin-top: 0; }
  .answers .blocks { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; }
  .answers .block { height: 54mm; padding: 0; }
  .answers .block h2 { font-size: .8rem; margin-bottom: .2rem; }

  footer { display: none; }
}
"""


@dataclass(frozen=True)
class Block:
    """One region of a page: a heading, a drawing, and optional text or steps."""

    heading: str
    drawing: str = ""                  # an SVG document (trusted: made by a kind)
    meta: str = ""                     # after the heading, lighter: "6x6, hard"
    note: str = ""                     # a line under the drawing ("unique solution")
    pre: str = ""                      # preformatted text (a puzzle's text form)
    steps: Sequence[tuple[str, str, str]] = field(default_factory=tuple)
    # (technique, text, drawing-or-snapshot) per step; the third may be "".
    long: bool = False                 # may run over several printed pages


def _print_size(svg: str, width: float, height: float, cap: float) -> str:
    """An inline style giving the drawing its printed size in mm: as large as the
    region allows, at most `cap` mm per SVG unit (so every kind prints alike)."""
    size = svg_size(svg)
    if size is None:
        return ""
    w, h = size
    scale = min(width / w, height / h, cap)
    return f' style="--print-w: {w * scale:.1f}mm; --print-h: {h * scale:.1f}mm"'


def _block(block: Block, answer: bool = False) -> str:
    cls = "block long" if block.long or block.steps else "block"
    out = [f'<section class="{cls}">']
    meta = f' <span class="meta">{html.escape(block.meta)}</span>' if block.meta else ""
    out.append(f"<h2>{html.escape(block.heading)}{meta}</h2>")
    if block.drawing:
        size = (_print_size(block.drawing, 56, 44, 0.2) if answer
                else _print_size(block.drawing, 180, 90, 0.3))
        out.append(f'<div class="drawing"{size}>{block.drawing}</div>')
    if block.pre:
        out.append(f"<pre>{html.escape(block.pre)}</pre>")
    if block.note:
        out.append(f'<p class="note">{html.escape(block.note)}</p>')
    if block.steps:
        out.append('<ol class="steps">')
        for technique, text, extra in block.steps:
            # A step's text often opens with its technique: the bold label says it.
            text = step_body(technique, text)
            item = (f'<span class="technique">{html.escape(technique)}</span>: '
                    f"{html.escape(text)}")
            if extra.lstrip().startswith("<svg"):
                item += f'<div class="drawing">{extra}</div>'
            elif extra:
                item += f"<pre>{html.escape(extra)}</pre>"
            out.append(f"<li>{item}</li>")
        out.append("</ol>")
    out.append("</section>")
    return "\n".join(out)


def page(title: str, blocks: Iterable[Block], answers: Iterable[Block] = (),
         answers_title: str = "Answers") -> str:
    """A whole HTML document: the blocks, then (after a page break) the answers."""
    body = [f"<h1>{html.escape(title)}</h1>", '<div class="blocks">']
    body += [_block(b) for b in blocks]
    body.append("</div>")
    answer_blocks = [_block(b, answer=True) for b in answers]
    if answer_blocks:
        body += ['<section class="answers">', f"<h1>{html.escape(answers_title)}</h1>",
                 '<div class="blocks">', *answer_blocks, "</div>", "</section>"]
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="generator" content="numberplay">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        *body,
        "<footer>made with numberplay</footer>",
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n"


def heading_meta(size: str = "", difficulty: str = "") -> str:
    """"size 6x6, hard" for the lighter part of a heading."""
    parts = []
    if size:
        parts.append(f"size {size}")
    if difficulty:
        parts.append(difficulty)
    return ", ".join(parts)
