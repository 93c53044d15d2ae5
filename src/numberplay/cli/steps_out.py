"""Explanation steps and hints as text, Markdown and HTML (any kind).

A trial step is shown with its chain indented under it ("suppose ...", each
consequence with its reason, the contradiction, the removal); `--trace` adds
the position after the step and what the step changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kinds import Kind
from ..model import TRIAL, Hint, PlayState, Puzzle, Step
from ..services.pages import Block, heading_meta, page
from ..text import step_body


def changed_text(step: Step) -> str:
    """"changed: r1c2 = 4; r1c3 −4 −5" (what --trace marks), or ""."""
    parts = [f"{p} = {v}" for p, v in step.fixed]
    fixed = {p for p, _ in step.fixed}
    removed: dict[str, list[int]] = {}
    for p, v in step.removed:
        if p not in fixed:
            removed.setdefault(p, []).append(v)
    parts += [f"{p} " + " ".join(f"−{v}" for v in vs) for p, vs in removed.items()]
    return ("changed: " + "; ".join(parts)) if parts else ""


def _trial_parts(step: Step) -> tuple[str, list[Step], str]:
    """(the supposition, the chain before the contradiction, the conclusion)."""
    (place, value), = step.removed[:1] or ((step.cells[0] if step.cells else "?", "?"),)
    said = f"Suppose {place} = {value}"
    if step.text.startswith("Suppose ") and ". " in step.text:
        said = step.text.split(". ", 1)[0]    # the place in the kind's words
    head = f"{said}:"
    chain = list(step.chain)
    tail = f"so {said[len('Suppose '):].replace(' = ', ' ≠ ', 1)}."
    return head, chain, tail


def step_text_lines(number: int | None, step: Step, trace: bool, indent: str = "") -> list[str]:
    """One step as text lines (a trial's chain indented under it)."""
    label = f"{number:>3}. " if number is not None else "- "
    if step.technique == TRIAL and step.chain:
        head, chain, tail = _trial_parts(step)
        lines = [f"{indent}{label}[{TRIAL}] {head}"]
        sub = indent + " " * len(label) + "  "
        for inner in chain:
            lines += step_text_lines(None, inner, False, sub)
        lines.append(f"{sub}{tail}")
    else:
        lines = [f"{indent}{label}[{step.technique}] {step_body(step.technique, step.text)}"]
    if trace:
        change = changed_text(step)
        pad = indent + " " * len(label)
        if change:
            lines.append(pad + change)
        if step.snapshot:
            lines += [pad + line for line in step.snapshot.splitlines()]
    return lines


def steps_markdown(title: str, steps: Sequence[Step], trace: bool, note: str = "") -> str:
    """A Markdown section: the title, an optional note, the numbered steps."""
    out = [f"## {title}", ""]
    if note:
        out += [f"> {note}", ""]
    for number, step in enumerate(steps, 1):
        out += _md_step(f"{number}.", step, trace, "")
    last = steps[-1] if steps else None
    if last is not None and last.snapshot and not trace:
        out += ["", "```", last.snapshot, "```"]
    return "\n".join(out) + "\n"


def _md_step(label: str, step: Step, trace: bool, indent: str) -> list[str]:
    if step.technique == TRIAL and step.chain:
        head, chain, tail = _trial_parts(step)
        lines = [f"{indent}{label} **{TRIAL}**: {head}"]
        for inner in chain:
            lines += _md_step("-", inner, False, indent + "   ")
        lines.append(f"{indent}   - {tail}")
    else:
        lines = [f"{indent}{label} **{step.technique}**: "
                 f"{step_body(step.technique, step.text)}"]
    if trace:
        change = changed_text(step)
        if change:
            lines.append(f"{indent}   *{change}*")
        if step.snapshot:
            lines += ["", f"{indent}   ```"] + [f"{indent}   {s}" for s in step.snapshot.splitlines()] \
                + [f"{indent}   ```", ""]
    return lines


def _drawing(impl: Kind, puzzle: Puzzle, highlight: Sequence[str] | None = None,
             state: PlayState | None = None) -> str:
    try:
        if state is not None:
            return impl.draw(puzzle, None, highlight=highlight, state=state)
        return impl.draw(puzzle, None, highlight=highlight)
    except (NotImplementedError, AttributeError):
        return impl.render(puzzle, None, "html")


def hint_markdown(impl: Kind, hint: Hint) -> str:
    """A hint as Markdown: the wrong entries, then the hint."""
    out = [f"## Hint ({impl.title or impl.name}, level {hint.level})", ""]
    for w in hint.wrong:
        out.append(f"- **wrong**: {w.text}")
    if hint.wrong:
        out.append("")
    if hint.technique and hint.level >= 3:
        out.append(f"**{hint.technique}**: {step_body(hint.technique, hint.text)}")
    else:
        out.append(hint.text)
    return "\n".join(out) + "\n"


def hint_page(impl: Kind, items: Sequence[tuple[Puzzle, Hint, PlayState | None]]) -> str:
    """A whole HTML page: each puzzle drawn from the player's position (their
    entries in their own ink) with the hint's places highlighted (level 1: its
    line; level 2 and 3: its cells), the wrong entries, the hint."""
    blocks = []
    for i, (puzzle, hint, state) in enumerate(items, 1):
        places: list[str] = [w.place for w in hint.wrong]
        if hint.step is not None:
            if hint.level >= 2:
                places += list(hint.step.cells)
            elif hint.area:
                places.append(hint.area)
        lines = [w.text for w in hint.wrong] + [hint.text]
        blocks.append(Block(f"Hint {i}" if len(items) > 1 else f"Hint (level {hint.level})",
                            _drawing(impl, puzzle, places or None, state),
                            meta=heading_meta(impl.size_of(puzzle)),
                            note=" ".join(lines)))
    return page(f"{impl.title or impl.name}: hint", blocks)


def text_page(impl: Kind, title: str, items: Sequence[tuple[Puzzle, str, str]]) -> str:
    """A whole HTML page of (puzzle, note, preformatted text) blocks (check, solve
    --no-search)."""
    blocks = [Block(f"Puzzle {i}" if len(items) > 1 else (impl.title or impl.name),
                    _drawing(impl, puzzle), meta=heading_meta(impl.size_of(puzzle)),
                    note=note, pre=pre)
              for i, (puzzle, note, pre) in enumerate(items, 1)]
    return page(f"{impl.title or impl.name}: {title}", blocks)
