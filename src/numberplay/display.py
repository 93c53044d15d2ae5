"""How values lay themselves out in a notebook: HTML, Markdown and terminal text.

This module knows no value class and no kind: it arranges what it is given
(SVG drawings made by a kind's `draw`, step texts, removed candidates, grades)
into the small HTML fragments Jupyter shows, their Markdown fallbacks and the
plain text of a `repr`. The values in `model.py` and `notebook.py` call it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from .drawing import FAINT, svg_size
from .text import step_body

STEP_WIDTH = 300      # px: the widest a step's drawing is shown
CARD_WIDTH = 420      # px: the widest a gallery card's drawing is shown
_SIZE_ATTRS = re.compile(r'(<svg[^>]*?\s)width="[\d.]+"(\s[^>]*?)height="[\d.]+"')


@dataclass(frozen=True)
class StepView:
    """One step as shown: its number, technique, text, the candidates it removes
    ("r2c3", 4), a drawing (SVG or HTML, may be empty) and the steps of a trial."""

    number: str
    technique: str
    text: str
    removed: tuple[tuple[str, int], ...] = ()
    drawing: str = ""
    chain: tuple[StepView, ...] = ()


@dataclass(frozen=True)
class Card:
    """One puzzle of a gallery: its drawing, a caption and the answer drawn."""

    title: str
    drawing: str
    caption: str = ""
    answer: str = ""
    notes: tuple[str, ...] = ()


def scaled(svg: str, width: float) -> str:
    """An SVG made by `drawing.Svg` shown at most `width` px wide (its viewBox keeps
    the proportions); anything else unchanged."""
    size = svg_size(svg)
    if not size or size[0] <= width:
        return svg
    w, h = size
    return _SIZE_ATTRS.sub(lambda m: f'{m.group(1)}width="{width:g}"{m.group(2)}'
                           f'height="{h * width / w:.1f}"', svg, count=1)


def removed_html(removed: Sequence[tuple[str, int]]) -> str:
    """`r2c3: ~~4~~ ~~7~~; r5c1: ~~2~~`, struck out with <del>, grouped by place."""
    if not removed:
        return ""
    parts = [f"{escape(place)}: " + " ".join(f"<del>{escape(str(v))}</del>" for v in values)
             for place, values in _by_place(removed).items()]
    return "; ".join(parts)


def removed_markdown(removed: Sequence[tuple[str, int]]) -> str:
    """The same as `removed_html`, struck out with Markdown's `~~`."""
    return "; ".join(f"{place}: " + " ".join(f"~~{v}~~" for v in values)
                     for place, values in _by_place(removed).items())


def removed_text(removed: Sequence[tuple[str, int]]) -> str:
    """`r2c3 ≠ 4, 7; r5c1 ≠ 2` for a terminal."""
    return "; ".join(f"{place} ≠ {', '.join(map(str, values))}"
                     for place, values in _by_place(removed).items())


def _by_place(removed: Iterable[tuple[str, int]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for place, value in removed:
        out.setdefault(str(place), []).append(value)
    return out


def figure(drawing: str, caption: str = "", width: float | None = None) -> str:
    """A drawing with an optional caption under it."""
    body = scaled(drawing, width) if width else drawing
    cap = (f'<figcaption style="color:#555;font-size:90%">{escape(caption)}</figcaption>'
           if caption else "")
    return f'<figure style="margin:0.3em 0;display:inline-block">{body}{cap}</figure>'


def steps_html(title: str, steps: Sequence[StepView], note: str = "") -> str:
    """An ordered list of steps, each beside its drawing; trial chains folded."""
    head = f"<p><b>{escape(title)}</b>"
    head += f" — {escape(note)}</p>" if note else "</p>"
    return f'<div class="numberplay-explanation">{head}{_steps_list(steps)}</div>'


def _steps_list(steps: Sequence[StepView]) -> str:
    items = "".join(_step_item(s) for s in steps)
    return f'<ol style="list-style:none;padding-left:0.5em">{items}</ol>'


def _step_item(step: StepView) -> str:
    body = step_body(step.technique, step.text)
    text = f"<b>{escape(step.number)}. {escape(step.technique)}</b><br>{escape(body)}"
    if step.removed:
        text += (f'<br><span style="color:{FAINT};font-size:90%">removes '
                 f"{removed_html(step.removed)}</span>")
    if step.chain:
        text += (f"<details><summary>the trial, {len(step.chain)} "
                 f"step{'s' if len(step.chain) != 1 else ''}</summary>"
                 f"{_steps_list(step.chain)}</details>")
    picture = (f'<div style="flex:0 0 auto">{scaled(step.drawing, STEP_WIDTH)}</div>'
               if step.drawing else "")
    return ('<li style="margin:0.5em 0">'
            '<div style="display:flex;gap:1em;align-items:flex-start">'
            f'{picture}<div style="max-width:46em">{text}</div></div></li>')


def steps_markdown(title: str, steps: Sequence[StepView], note: str = "") -> str:
    """The steps as a numbered Markdown list (trial chains indented)."""
    lines = [f"**{title}**" + (f" — {note}" if note else ""), ""]
    lines += _md_items(steps, "")
    return "\n".join(lines)


def _md_items(steps: Sequence[StepView], indent: str) -> list[str]:
    lines = []
    for s in steps:
        line = f"{indent}{s.number}. **{s.technique}**: {step_body(s.technique, s.text)}"
        if s.removed:
            line += f" (removes {removed_markdown(s.removed)})"
        lines.append(line)
        lines += _md_items(s.chain, indent + "    ")
    return lines


def steps_text(title: str, steps: Sequence[StepView], note: str = "",
               limit: int = 40) -> str:
    """The steps one a line for a terminal, at most `limit` of them."""
    lines = [title + (f" ({note})" if note else "")]
    for s in steps[:limit]:
        lines.append(f"{s.number:>4}. [{s.technique}] {s.text}")
    if len(steps) > limit:
        lines.append(f"      … {len(steps) - limit} more steps")
    return "\n".join(lines)


def gallery_html(title: str, cards: Sequence[Card], width: float | None = CARD_WIDTH) -> str:
    """Puzzles side by side with their captions, each drawing at most `width` px wide
    (None: as drawn); each answer folded under its puzzle."""
    items = []
    for card in cards:
        answer = (f"<details><summary>answer</summary>{_fit(card.answer, width)}"
                  "</details>" if card.answer else "")
        notes = "".join(f'<div style="color:#555;font-size:90%">{escape(n)}</div>'
                        for n in card.notes)
        items.append('<div style="border:1px solid #ddd;border-radius:6px;padding:0.5em;'
                     'display:inline-block;vertical-align:top;margin:0.3em">'
                     f"<div><b>{escape(card.title)}</b></div>"
                     f"{_fit(card.drawing, width)}"
                     f'<div style="font-size:90%">{escape(card.caption)}</div>'
                     f"{notes}{answer}</div>")
    head = f"<p><b>{escape(title)}</b></p>" if title else ""
    return f'<div class="numberplay-gallery">{head}{"".join(items)}</div>'


def _fit(drawing: str, width: float | None) -> str:
    return scaled(drawing, width) if width else drawing


def hint_html(text: str, drawing: str, wrong: Sequence[str] = ()) -> str:
    """A hint: its text beside the drawing with the places it names highlighted,
    and the player's wrong entries first."""
    warn = "".join(f'<div style="color:#a40000">✗ {escape(w)}</div>' for w in wrong)
    picture = f'<div style="flex:0 0 auto">{drawing}</div>' if drawing else ""
    return ('<div class="numberplay-hint" style="display:flex;gap:1em;'
            f'align-items:flex-start">{picture}<div>{warn}'
            f"<b>Hint</b><br>{escape(text)}</div></div>")
