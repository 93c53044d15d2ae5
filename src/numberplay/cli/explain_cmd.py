"""numberplay explain KIND: the deductions a person can follow, step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import EXIT_OK, EXIT_UNDECIDED, BudgetExceeded
from ..kinds import Kind
from ..model import SOLVED, STALLED, Puzzle, Solution, Step
from ..services.operations import CLI, outcome
from ..services.search import search
from .args import Call
from .common import Format, echo, explain_code, multiple, print_json, say, worst
from .html_out import explain_page
from .steps_out import step_text_lines, steps_markdown
from .svg_out import check_draws, explain_svg


def do_explain(impl: Kind, a: Call) -> int:
    """numberplay explain KIND ..."""
    if a.fmt is Format.svg:
        check_draws(impl)
    puzzles = a.puzzles(impl)
    if a.fmt in (Format.html, Format.svg):
        return _explain_drawn(impl, puzzles, a)
    explain_one = RENDERERS[a.fmt]
    codes = []
    for index, puzzle in enumerate(puzzles):
        if index and a.fmt is not Format.json:
            echo()
        codes.append(explain_one(impl, puzzle, a, index == 0))
    return worst(codes)


def _report(puzzle: Puzzle, a: Call, first: bool) -> dict[str, Any]:
    """The JSON explanation of one puzzle, by the operation table."""
    return outcome(a.request, puzzle, a.budget(first), CLI).report


def _steps(report: dict[str, Any]) -> list[Step]:
    return [Step.from_json(s) for s in report["steps"]]


def _report_code(report: dict[str, Any], a: Call) -> int:
    """The exit code of an explain report: 4 when the puzzle has several solutions."""
    last = report["steps"][-1]["technique"] if report["steps"] else None
    code = explain_code(last, report["complete"]) if a.request.max_steps is None else EXIT_OK
    return multiple(code, report.get("verdict") == "multiple")


def _steps_code(last: Step | None, a: Call, several: bool) -> int:
    """The exit code of steps shown as text or Markdown."""
    if a.request.max_steps is not None and last is not None and last.technique not in (SOLVED, STALLED):
        return multiple(EXIT_OK, several)
    return multiple(explain_code(last.technique if last else None, True), several)


def _explain_json(impl: Kind, puzzle: Puzzle, a: Call, first: bool) -> int:
    report = _report(puzzle, a, first)
    print_json(report)
    return _report_code(report, a)


def _explain_markdown(impl: Kind, puzzle: Puzzle, a: Call, first: bool) -> int:
    report = _report(puzzle, a, first)
    title = f"{impl.title or impl.name}: explained"
    steps = _steps(report)
    if not report["complete"]:
        echo(steps_markdown(title, steps, False, report.get("message", "")))
        return EXIT_UNDECIDED
    note = report.get("note")
    echo(steps_markdown(title, steps, a.request.trace, note or ""))
    return _steps_code(steps[-1] if steps else None, a, bool(note))


def _explain_text(impl: Kind, puzzle: Puzzle, a: Call, first: bool) -> int:
    """The difficulty (the grade travels with the explanation), then the steps,
    one or more lines each."""
    last = None
    report = _report(puzzle, a, first)
    note = report.get("note")
    if report.get("difficulty") is not None:
        echo(f"Difficulty: {report['difficulty']}")
    if note:
        echo(note)
    for number, step in enumerate(_steps(report), 1):
        last = step
        for line in step_text_lines(number, step, a.request.trace):
            echo(line)
        if step.snapshot and not a.request.trace and step.technique in (SOLVED, STALLED) \
                and step.snapshot not in step.text:   # (shown once)
            echo(_indent(step.snapshot))
    if not report["complete"]:
        raise BudgetExceeded(report.get("message", "search budget exhausted"))
    if a.request.max_steps is not None and last is not None and last.technique not in (SOLVED, STALLED):
        say(f"stopped after {a.request.max_steps} steps (--max-steps)", "dim")
    return _steps_code(last, a, bool(note))


RENDERERS: dict[Format, Callable[[Kind, Puzzle, Call, bool], int]] = {
    Format.json: _explain_json, Format.markdown: _explain_markdown, Format.text: _explain_text,
}


def _indent(text: str) -> str:
    return "\n".join("       " + line for line in text.splitlines())


def _explain_drawn(impl: Kind, puzzles: list[Puzzle], a: Call) -> int:
    """explain --format html or svg: one page (one SVG document) with every puzzle
    and its steps."""
    explained: list[tuple[Puzzle, list[Step], Solution | None]] = []
    codes: list[int] = []
    notes: list[str] = []
    for puzzle in puzzles:
        report = _report(puzzle, a, not explained)
        steps = _steps(report)
        last = steps[-1].technique if steps else None
        codes.append(_report_code(report, a))
        notes.append(report.get("note", ""))
        solution = None
        if last == SOLVED:       # the solved grid is drawn, so find it (--timeout, --max-nodes)
            found = search(puzzle, limit=1, keep=1, budget=a.budget())
            solution = found.solutions[0] if found.solutions else None
        explained.append((puzzle, steps, solution))
    if a.fmt is Format.svg:
        echo(explain_svg(impl, explained, trace=a.request.trace))
    else:
        echo(explain_page(impl, explained, trace=a.request.trace, notes=notes))
    return worst(codes)
