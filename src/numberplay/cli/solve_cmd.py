"""numberplay solve KIND: the first solution (unique or not), every one, the count,
or (--no-search) how far deductions go."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..errors import EXIT_NONE, EXIT_OK, EXIT_PARTIAL, EXIT_UNDECIDED, PuzzleError
from ..kinds import Kind
from ..model import Puzzle
from ..services.operations import CLI, outcome
from ..services.search import SearchResult
from .args import Call
from .common import Format, echo, explain_code, print_json, say, solve_code, worst

# (The HTML and SVG writers are imported by the formats that use them.)


class Solved:
    """One puzzle searched: the JSON report and the search's result. (A plain
    class: a dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("index", "mode", "puzzle", "report", "result", "several")

    def __init__(self, puzzle: Puzzle, report: dict[str, Any], result: SearchResult,
                 mode: str, index: int, several: bool) -> None:
        self.puzzle, self.report, self.result = puzzle, report, result
        self.mode = mode            # "first", "all" or "count"
        self.index = index
        self.several = several      # more than one puzzle in the input


def do_solve(impl: Kind, a: Call) -> int:
    """numberplay solve KIND ..."""
    r = a.request
    if a.fmt is Format.svg:
        from .svg_out import check_draws
        check_draws(impl)
        if not r.search or r.exact:
            raise PuzzleError(f"{'--count' if r.search else '--no-search'} prints no "
                              "drawing: leave out --format svg (or use --format html)")
    puzzles = a.puzzles(impl)
    if not r.search:
        deduce = DEDUCED.get(a.fmt, _deduced_text)
        return worst([deduce(impl, p, a, _deduced(p, a, i == 0))
                      for i, p in enumerate(puzzles)])
    codes: list[int] = []
    render = RENDERERS[a.fmt]
    if r.exact:
        render = _count_text if a.fmt in (Format.text, Format.markdown) else render
    render(impl, a, _solved(puzzles, a, codes))
    return worst(codes)


def _solved(puzzles: list[Puzzle], a: Call, codes: list[int]) -> Iterator[Solved]:
    """Each puzzle searched in turn (its exit code appended to `codes`)."""
    mode = "count" if a.request.exact else "all" if a.request.all else "first"
    for index, puzzle in enumerate(puzzles):
        done = outcome(a.request, puzzle, a.budget(index == 0), CLI)
        result = done.found
        codes.append(EXIT_UNDECIDED if mode == "count" and result.stopped == "budget"
                     else solve_code(result))
        yield Solved(puzzle, done.report, result, mode, index, len(puzzles) > 1)


def _status(result: SearchResult, mode: str) -> str:
    """What the search found, in a few words."""
    if result.stopped == "budget":
        return f"{result.count} solution(s) found; {result.message}"
    if result.count == 0:
        return "no solution"
    if mode == "first":
        if result.complete and result.count == 1:
            return "unique solution"
        if not result.complete and result.count >= 2:
            return ("more than one solution (showing the first; --all lists them, "
                    "--count counts them)")
    if result.complete:
        return f"{result.count} solution{'s' if result.count != 1 else ''}"
    return f"{result.count} solution{'s' if result.count != 1 else ''} shown; {result.message}"


def _json(impl: Kind, a: Call, items: Iterable[Solved]) -> None:
    for item in items:
        print_json(item.report)


def _drawn(impl: Kind, a: Call, items: Iterable[Solved]) -> None:
    """One HTML page (or SVG document) with every puzzle and its solutions."""
    pages = []
    for item in items:
        result = item.result
        status = (f"{result.count}{'' if result.complete else '+'} solution(s)"
                  if item.mode == "count" else _status(result, item.mode))
        pages.append((item.puzzle, list(result.solutions), item.report.get("reason") or status))
        if a.fmt is Format.svg:
            say(pages[-1][2], "dim" if result.count else "yellow")
    if pages:
        from .html_out import solve_page
        from .svg_out import solve_svg
        echo(solve_svg(impl, pages) if a.fmt is Format.svg else solve_page(impl, pages))


def _count_text(impl: Kind, a: Call, items: Iterable[Solved]) -> None:
    """--count: the number, after the puzzle's text when there are several."""
    for item in items:
        result = item.result
        label = f"{impl.to_text(item.puzzle)}: " if item.several else ""
        echo(f"{label}{result.count}" if result.complete else f"{label}at least {result.count}")
        if not result.complete:
            say(f"at least {result.count} solution(s): {result.message}", "yellow")


def _text(impl: Kind, a: Call, items: Iterable[Solved]) -> None:
    """The solutions as the kind renders them (text, markdown or its own format),
    the status on stderr."""
    fmt = a.own_format or a.fmt.value
    for item in items:
        result = item.result
        if item.several and item.index:
            echo()
        for i, solution in enumerate(result.solutions):
            if i:
                echo()
            if len(result.solutions) > 1 and a.fmt is Format.text:
                echo(f"solution {i + 1}:")
            echo(impl.render(item.puzzle, solution, fmt))
        if not result.solutions and a.fmt is Format.text and result.stopped != "budget":
            # (not after a budget ran out: rendering a big grid would overrun it)
            echo(impl.render(item.puzzle, None, "text"))
        status = _status(result, item.mode)
        reason = item.report.get("reason")
        if reason:
            status = reason if reason.lower().startswith("no solution") else f"{status}: {reason}"
        say(status, "dim" if result.count else "yellow")


RENDERERS: dict[Format, Callable[[Kind, Call, Iterable[Solved]], None]] = {
    Format.json: _json, Format.html: _drawn, Format.svg: _drawn,
    Format.markdown: _text, Format.text: _text,
}


# --- --no-search: deductions only ----------------------------------------------------


def _deduced(puzzle: Puzzle, a: Call, first: bool) -> tuple[dict[str, Any], int]:
    """The explanation without search and its exit code."""
    report = outcome(a.request, puzzle, a.budget(first), CLI).report
    last = report["steps"][-1] if report["steps"] else None
    return report, explain_code(last["technique"] if last else None, report["complete"])


def _last(report: dict[str, Any]) -> dict[str, Any] | None:
    return report["steps"][-1] if report["steps"] else None


Deduced = tuple[dict[str, Any], int]   # the report and its exit code


def _deduced_json(impl: Kind, puzzle: Puzzle, a: Call, deduced: Deduced) -> int:
    report, code = deduced
    print_json(report)
    return code


def _deduced_markdown(impl: Kind, puzzle: Puzzle, a: Call, deduced: Deduced) -> int:
    report, code = deduced
    last = _last(report)
    status = {EXIT_OK: "solved by deduction", EXIT_PARTIAL: "deductions stall here",
              EXIT_NONE: "no solution"}.get(code, report.get("message", "stopped"))
    echo(f"## {impl.title or impl.name}: {status}\n")
    if last is not None and last.get("snapshot"):
        echo("```\n" + last["snapshot"] + "\n```")
    return code


def _deduced_html(impl: Kind, puzzle: Puzzle, a: Call, deduced: Deduced) -> int:
    report, code = deduced
    last = _last(report)
    status = {EXIT_OK: "solved by deduction", EXIT_PARTIAL: "deductions stall here",
              EXIT_NONE: f"no solution: {last['text'] if last else ''}"}.get(
                  code, str(report.get("message", "stopped")))
    from .steps_out import text_page
    echo(text_page(impl, "deductions only",
                   [(puzzle, status, (last or {}).get("snapshot") or "")]))
    return code


def _deduced_text(impl: Kind, puzzle: Puzzle, a: Call, deduced: Deduced) -> int:
    report, code = deduced
    last = _last(report)
    if last is not None and last.get("snapshot"):
        echo(last["snapshot"])
    if code == EXIT_PARTIAL:
        say(f"partial: deductions stall here ({len(report['steps']) - 1} steps); "
            "run without --no-search to finish by search", "yellow")
    elif code == EXIT_NONE and last is not None:
        say(f"no solution: {last['text']}", "yellow")
    elif code == EXIT_UNDECIDED:
        say(report.get("message", "stopped"), "yellow")
    return code


DEDUCED: dict[Format, Callable[[Kind, Puzzle, Call, Deduced], int]] = {
    Format.json: _deduced_json, Format.markdown: _deduced_markdown,
    Format.html: _deduced_html, Format.text: _deduced_text,
}
