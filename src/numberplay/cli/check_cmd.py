"""numberplay check KIND: unique, multiple solutions or none (or the count)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import PuzzleError
from ..kinds import Kind
from ..model import Puzzle
from ..services.operations import CLI, outcome
from .args import Call
from .common import (
    EXIT_MULTIPLE,
    EXIT_NONE,
    EXIT_OK,
    EXIT_UNDECIDED,
    Format,
    echo,
    print_json,
    worst,
)


@dataclass(frozen=True)
class Checked:
    """One puzzle checked: its JSON report (the verdict in `report["text"]`)."""

    puzzle: Puzzle
    report: dict[str, Any]
    several: bool   # more than one puzzle in the input


def _json(impl: Kind, a: Call, items: Iterable[Checked]) -> None:
    for item in items:
        print_json(item.report)


def _html(impl: Kind, a: Call, items: Iterable[Checked]) -> None:
    pages = [(item.puzzle, item.report["text"], "") for item in items]
    if pages:
        from .steps_out import text_page
        echo(text_page(impl, "check", pages))


def _markdown(impl: Kind, a: Call, items: Iterable[Checked]) -> None:
    for item in items:
        echo(f"## {impl.title or impl.name}\n\n```\n{impl.to_text(item.puzzle)}\n```\n\n"
             f"**{item.report['text']}**\n")


def _text(impl: Kind, a: Call, items: Iterable[Checked]) -> None:
    from ..services.workbench import why_text
    for item in items:
        label = f"{impl.to_text(item.puzzle)}: " if item.several else ""
        echo(label + item.report["text"])
        for line in why_text(item.report):
            echo(line)


RENDERERS: dict[Format, Callable[[Kind, Call, Iterable[Checked]], None]] = {
    Format.json: _json, Format.html: _html, Format.markdown: _markdown, Format.text: _text,
}


def do_check(impl: Kind, a: Call) -> int:
    """numberplay check KIND ..."""
    if a.fmt is Format.svg:
        raise PuzzleError("check prints a verdict, not a drawing: leave out --format svg "
                          "(solve, generate, explain and hint draw)")
    puzzles = a.puzzles(impl)
    codes: list[int] = []
    RENDERERS[a.fmt](impl, a, _checked(puzzles, a, codes))
    return worst(codes)


def _checked(puzzles: list[Puzzle], a: Call, codes: list[int]) -> Iterator[Checked]:
    """Each puzzle checked in turn by the operation table (its exit code appended
    to `codes`)."""
    for index, puzzle in enumerate(puzzles):
        report = outcome(a.request, puzzle, a.budget(index == 0), CLI).report
        count, complete = report["count"], report["complete"]
        if count >= 2:
            codes.append(EXIT_MULTIPLE)
        elif count == 1 and complete:
            codes.append(EXIT_OK)
        else:
            codes.append((EXIT_NONE if complete else EXIT_UNDECIDED) if count == 0
                         else EXIT_UNDECIDED)
        yield Checked(puzzle, report, len(puzzles) > 1)
