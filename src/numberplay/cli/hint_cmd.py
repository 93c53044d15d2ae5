"""numberplay hint KIND: the next step from where the player is."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import BudgetExceeded
from ..kinds import Kind
from ..model import Hint, PlayState, Puzzle
from ..services.operations import CLI, outcome
from ..text import step_body
from .args import Call
from .common import EXIT_OK, EXIT_UNDECIDED, Format, echo, print_json, read_input
from .steps_out import hint_markdown, hint_page
from .svg_out import check_draws, hint_svg


@dataclass(frozen=True)
class Hinted:
    """One puzzle's hint from the player's position."""

    puzzle: Puzzle
    state: PlayState | None
    report: dict[str, Any]
    hint: Hint | None     # None: the budget ran out before a hint (the report says so)

    def shown(self) -> Hint:
        """The hint, to be shown: BudgetExceeded when there is none."""
        if self.hint is None:
            raise BudgetExceeded(self.report.get("message", "search budget exhausted"))
        return self.hint


def do_hint(impl: Kind, a: Call) -> int:
    """numberplay hint KIND ... [--state STATE] [--level 1|2|3]"""
    if a.fmt is Format.svg:
        check_draws(impl)
    puzzles = a.puzzles(impl)
    state = a.request.state
    a.request = a.request.replace(state=read_input(impl, state, None) if state else state)
    hinted = list(_hinted(puzzles, a))
    RENDERERS[a.fmt](impl, a, hinted)
    return EXIT_UNDECIDED if any(item.hint is None for item in hinted) else EXIT_OK


def _hinted(puzzles: list[Puzzle], a: Call) -> Iterator[Hinted]:
    """Each puzzle's hint in turn, by the operation table (--state: the text of
    the file, '-' or the argument)."""
    for index, puzzle in enumerate(puzzles):
        done = outcome(a.request, puzzle, a.budget(index == 0), CLI)
        hint, state = done.found or (None, None)   # (None: the budget ran out first)
        yield Hinted(puzzle, state, done.report, hint)


def _json(impl: Kind, a: Call, items: Iterable[Hinted]) -> None:
    for item in items:
        print_json(item.report)


def _markdown(impl: Kind, a: Call, items: Iterable[Hinted]) -> None:
    for item in items:
        echo(hint_markdown(impl, item.shown()))


def _drawn(impl: Kind, a: Call, items: Iterable[Hinted]) -> None:
    drawn = [(item.puzzle, item.shown(), item.state) for item in items]
    if drawn:
        echo(hint_svg(impl, drawn) if a.fmt is Format.svg else hint_page(impl, drawn))


def _text(impl: Kind, a: Call, items: Iterable[Hinted]) -> None:
    for item in items:
        hint = item.shown()
        for wrong in hint.wrong:
            echo(f"wrong: {wrong.text}")
        if hint.technique and (a.request.level or 3) >= 3:
            echo(f"[{hint.technique}] {step_body(hint.technique, hint.text)}")
        else:
            echo(hint.text)


RENDERERS: dict[Format, Callable[[Kind, Call, Iterable[Hinted]], None]] = {
    Format.json: _json, Format.markdown: _markdown, Format.html: _drawn, Format.svg: _drawn,
    Format.text: _text,
}
