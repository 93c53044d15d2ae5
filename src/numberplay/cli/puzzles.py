"""The puzzle commands: solve, check, explain, hint, generate — one subcommand per kind.

Nothing here knows a kind by name: the subcommands and their kind-specific
flags are built from the registry (`Kind.options`).
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import typer
from rich.markup import escape

from ..budget import Budget, active
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import Kind, KindOption, all_kinds
from ..model import SOLVED, STALLED, Generated, Puzzle, Solution, Step
from ..services.envelopes import read_json_puzzles
from ..services.generation import generate_one, regenerate
from ..services.hints import hint_report, parse_state
from ..services.reports import (
    check_report,
    explain_report,
    explain_steps,
    explained,
    generate_report,
    several_text,
    solution_count,
    solve_report,
)
from ..services.search import SearchResult, search
from .common import (
    EXIT_BAD_INPUT,
    EXIT_MULTIPLE,
    EXIT_NONE,
    EXIT_OK,
    EXIT_PARTIAL,
    EXIT_UNDECIDED,
    Format,
    check_timeout,
    command_started,
    echo,
    err,
    guard,
    print_json,
    read_input,
)
from .html_out import explain_page, generate_page, solve_page
from .progress import progress_iter, progress_status
from .steps_out import hint_markdown, hint_page, step_text_lines, steps_markdown, text_page
from .svg_out import check_draws, explain_svg, generate_svg, hint_svg, solve_svg

PAGE_BREAK = '<div style="page-break-after: always"></div>'

Handler = Callable[[Kind, dict[str, Any], dict[str, Any]], int]

# --- parameters ---------------------------------------------------------------


def _param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=annotation)


def _source() -> inspect.Parameter:
    return _param("source", str | None, typer.Argument(
        None, metavar="[PUZZLE]",
        help="A file, '-' for standard input, or the puzzle text itself."))


def _example() -> inspect.Parameter:
    return _param("example", str | None, typer.Option(
        None, "--example", "-e", help="Use a bundled example (see 'numberplay examples')."))


def _budget_params(default_timeout: float | None) -> list[inspect.Parameter]:
    return [
        _param("timeout", float | None, typer.Option(
            default_timeout, "--timeout", min=0.0, help="Stop searching after this many seconds.")),
        _param("max_nodes", int | None, typer.Option(
            None, "--max-nodes", min=1, help="Stop searching after this many search nodes.")),
    ]


def _format(default: Format = Format.text) -> inspect.Parameter:
    return _param("fmt", Format, typer.Option(default, "--format", "-f",
                                               help="Output format.", case_sensitive=False))


def _kind_param(option: KindOption) -> inspect.Parameter:
    if option.type is bool:
        default = typer.Option(bool(option.default), option.cli_flag, help=option.help)
        return _param("kind__" + option.name, bool, default)
    default = typer.Option(option.default, option.cli_flag, help=option.help,
                           metavar=option.metavar or option.type.__name__.upper())
    return _param("kind__" + option.name, option.type | None, default)


COMMON: dict[str, Callable[[], list[inspect.Parameter]]] = {
    "solve": lambda: [
        _source(), _example(),
        _param("all", bool, typer.Option(False, "--all", "-a", help="Show every solution.")),
        _param("count", bool, typer.Option(False, "--count", "-c",
                                           help="Print only the number of solutions.")),
        _param("limit", int | None, typer.Option(
            None, "--limit", "-l", min=1, help="Stop after N solutions (and show up to N).")),
        _param("no_search", bool, typer.Option(
            False, "--no-search", help="Use deductions only; print the partial grid where they stall.")),
        _format(), *_budget_params(60.0)],
    "check": lambda: [
        _source(), _example(),
        _param("count", bool, typer.Option(
            False, "--count", "-c",
            help="Count every solution (check alone stops at the second).")),
        _param("limit", int | None, typer.Option(
            None, "--limit", "-l", min=1, help="With --count: stop counting after N solutions.")),
        _format(), *_budget_params(60.0)],
    "explain": lambda: [
        _source(), _example(),
        _param("trace", bool, typer.Option(False, "--trace", help="Show the grid after each step.")),
        _param("no_search", bool, typer.Option(
            False, "--no-search", help="Stop where deductions stall instead of guessing.")),
        _param("max_steps", int | None, typer.Option(None, "--max-steps", min=1,
                                                         help="Show at most N steps.")),
        _format(), *_budget_params(60.0)],
    "hint": lambda: [
        _source(), _example(),
        _param("state", str | None, typer.Option(
            None, "--state", metavar="STATE",
            help="Where you are: a file, '-' for standard input, or the text itself "
                 "(the kind's state format; see the kind's --help). Without it, the "
                 "hint is from the start.")),
        _param("level", int, typer.Option(
            3, "--level", min=1, max=3,
            help="1: the technique and the line or column; 2: the cell or letter; "
                 "3: the whole step.")),
        _format(), *_budget_params(60.0)],
    "generate": lambda: [
        _param("size", str | None, typer.Option(None, "--size", "-s", help="Puzzle size.")),
        _param("difficulty", str | None, typer.Option(None, "--difficulty", "-d",
                                                         help="Difficulty level.")),
        _param("count", int | None, typer.Option(
            None, "--count", "-n", min=1, max=100_000,
            help="How many puzzles (default 1; with a kind's enumerating option: all).")),
        _param("seed", str | None, typer.Option(
            None, "--seed", help="Random seed; the same seed gives the same puzzles.")),
        _param("id", str | None, typer.Option(
            None, "--id", metavar="ID",
            help="Make again the one puzzle with this id (printed with every generated puzzle).")),
        _param("solution", bool | None, typer.Option(
            None, "--solution/--no-solution",
            help="Print the answers (after the puzzles) or not, in every format. "
                 "Default: no in text and svg, yes in markdown, html and json.")),
        _param("quiet", bool, typer.Option(False, "--quiet", "-q", help="No progress bar.")),
        _format(),
        _param("timeout", float | None, typer.Option(
            300.0, "--timeout", min=0.0, help="Give up on one puzzle after this many seconds.")),
        _param("store", Path | None, typer.Option(
            None, "--store", metavar="DB",
            help="Also keep the puzzles in this SQLite store (see 'numberplay store')."))],
}

HELP = {
    "solve": "Solve a puzzle: the first solution (and whether it is unique), every solution, or the count.",
    "check": "Say 'unique', 'multiple solutions' or 'no solution' (stops at the second "
             "solution); --count gives the number.",
    "explain": "The deductions a person can follow, step by step.",
    "hint": "The next step from where you are (--state), at --level 1, 2 or 3; "
            "entries that contradict the puzzle are reported first.",
    "generate": "Generate puzzles with exactly one solution (proved by search).",
}


# Commands where a kind's own formats (`Kind.formats` beyond the shared ones and svg,
# such as a game ID) may be asked for with --format: the puzzle written that way.
OWN_FORMAT_COMMANDS = ("solve", "generate")


def _own_formats(command: str, impl: Kind) -> list[str]:
    """The kind's own output formats that this command offers."""
    if command not in OWN_FORMAT_COMMANDS:
        return []
    return [f for f in impl.formats if f not in Format.__members__ and f != "svg"]


def _with_own_formats(params: list[inspect.Parameter], impl: Kind,
                      own: list[str]) -> list[inspect.Parameter]:
    """The --format parameter widened to the kind's own formats."""
    choices = StrEnum(f"Format_{impl.name}",  # type: ignore[misc]
                      {name: name for name in [*Format.__members__, *own]})
    return [_param("fmt", choices, typer.Option(choices("text"), "--format", "-f",
                                                help="Output format.", case_sensitive=False))
            if p.name == "fmt" else p for p in params]


def _command(command: str, impl: Kind, handler: Handler) -> Callable[..., None]:
    params = COMMON[command]()
    own = _own_formats(command, impl)
    if own:
        params = _with_own_formats(params, impl, own)
    kind_options = [o for o in impl.options if command in o.commands]
    params += [_kind_param(o) for o in kind_options]

    def run(**values: Any) -> None:
        kind_values = {k[len("kind__"):]: v for k, v in values.items() if k.startswith("kind__")}
        common = {k: v for k, v in values.items() if not k.startswith("kind__")}
        fmt = common.get("fmt")
        if fmt is not None and not isinstance(fmt, Format):   # a widened --format
            value = str(fmt.value)
            common["fmt"] = Format(value) if value in Format.__members__ else Format.text
            common["own_format"] = None if value in Format.__members__ else value
        with guard():
            code = handler(impl, common, kind_values)
        raise typer.Exit(code)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__name__ = f"{command}_{impl.name}"
    run.__doc__ = _doc(command, impl)
    return run


def _doc(command: str, impl: Kind) -> str:
    lines = [f"{HELP[command]} — {impl.title or impl.name}.", ""]
    if impl.summary:
        lines += [impl.summary, ""]
    if command == "generate":
        if impl.size_help:
            lines += [f"Size: {impl.size_help}", ""]
        if impl.difficulties:
            lines += [f"Difficulties: {', '.join(impl.difficulties)}.", ""]
    elif impl.input_help:
        lines += [f"Input: {impl.input_help}", ""]
    if command == "hint" and impl.state_help:
        lines += [f"State (--state): {impl.state_help}", ""]
    examples = [e for e in impl.cli_examples if f" {command} " in f" {e} "]
    if examples:
        lines += ["Examples:", ""] + [f"    {e}" for e in examples] + [""]
    return "\n\n".join(part for part in "\n".join(lines).split("\n\n") if part.strip()) + "\n"


def register(app: typer.Typer) -> None:
    """Add solve/check/explain/hint/generate with one subcommand per registered kind."""
    handlers: dict[str, Handler] = {
        "solve": do_solve, "check": do_check, "explain": do_explain, "hint": do_hint,
        "generate": do_generate,
    }
    impls = all_kinds()
    for command, handler in handlers.items():
        sub = typer.Typer(help=HELP[command] + " Give the kind of puzzle first.",
                          no_args_is_help=True, rich_markup_mode="rich")
        for impl in impls:
            fn = _command(command, impl, handler)
            sub.command(impl.name, help=fn.__doc__)(fn)
            for alias in impl.aliases:
                sub.command(alias, hidden=True, help=fn.__doc__)(fn)
        app.add_typer(sub, name=command)


# --- handlers -----------------------------------------------------------------


def _puzzles(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> list[Puzzle]:
    # Reading and parsing count against the first puzzle's --timeout.
    with active(_budget(a, first=True)):
        text = read_input(impl, a.get("source"), a.get("example"))
        # JSON that numberplay printed (generate, solve, explain...) or the puzzle object
        found = read_json_puzzles(impl, text, **opts) if text else None
        puzzles = found if found is not None else impl.parse_all(text, **opts)
    if not puzzles:
        raise PuzzleError("the input holds no puzzle")
    return puzzles


def _budget(a: dict[str, Any], first: bool = False) -> Budget:
    """The budget of one puzzle. The first puzzle's --timeout counts from the
    start of the command, so reading and parsing the input count too."""
    timeout = check_timeout(a.get("timeout"))
    return Budget(nodes=a.get("max_nodes"), seconds=timeout,
                  start=command_started() if first else None)


def _solve_code(result: SearchResult) -> int:
    if result.count > 0:
        return EXIT_OK
    return EXIT_NONE if result.complete else EXIT_UNDECIDED


def _worst(codes: list[int]) -> int:
    for code in (EXIT_BAD_INPUT, EXIT_UNDECIDED, EXIT_PARTIAL, EXIT_NONE, EXIT_MULTIPLE):
        if code in codes:
            return code
    return EXIT_OK


def do_solve(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> int:
    """numberplay solve KIND ..."""
    fmt: Format = a["fmt"]
    if fmt is Format.svg:
        check_draws(impl)
        if a["no_search"] or a["count"]:
            raise PuzzleError(f"{'--no-search' if a['no_search'] else '--count'} prints no "
                              "drawing: leave out --format svg (or use --format html)")
    puzzles = _puzzles(impl, a, opts)
    if a["no_search"]:
        return _worst([_deduce_only(impl, p, a, i == 0) for i, p in enumerate(puzzles)])
    mode = "count" if a["count"] else "all" if a["all"] else "first"
    codes = []
    pages = []
    for index, puzzle in enumerate(puzzles):
        report, result = solve_report(puzzle, mode=mode, limit=a["limit"],
                                      budget=_budget(a, index == 0))
        codes.append(EXIT_UNDECIDED if mode == "count" and result.stopped == "budget"
                     else _solve_code(result))
        if fmt is Format.json:
            print_json(report)
            continue
        if fmt in (Format.html, Format.svg):
            status = (f"{result.count}{'' if result.complete else '+'} solution(s)"
                      if mode == "count" else _status(result, mode))
            pages.append((puzzle, list(result.solutions), report.get("reason") or status))
            if fmt is Format.svg:
                err.print(escape(pages[-1][2]), style="dim" if result.count else "yellow")
            continue
        if len(puzzles) > 1 and mode != "count" and index:
            echo()
        if mode == "count":
            label = f"{impl.to_text(puzzle)}: " if len(puzzles) > 1 else ""
            echo(f"{label}{result.count}" if result.complete
                 else f"{label}at least {result.count}")
            if not result.complete:
                err.print(f"[yellow]at least {result.count} solution(s): "
                          f"{escape(result.message)}[/]")
            continue
        for i, solution in enumerate(result.solutions):
            if i:
                echo()
            if len(result.solutions) > 1 and fmt is Format.text:
                echo(f"solution {i + 1}:")
            echo(impl.render(puzzle, solution, a.get("own_format") or fmt.value))
        if not result.solutions:
            if fmt is Format.text and result.stopped != "budget":
                # (not after a budget ran out: rendering a big grid would overrun it)
                echo(impl.render(puzzle, None, "text"))
        status = _status(result, mode)
        reason = report.get("reason")
        if reason:
            status = reason if reason.lower().startswith("no solution") else f"{status}: {reason}"
        err.print(escape(status), style="dim" if result.count else "yellow")
    if pages:
        echo(solve_svg(impl, pages) if fmt is Format.svg else solve_page(impl, pages))
    return _worst(codes)


def _status(result: SearchResult, mode: str) -> str:
    if result.stopped == "budget":
        return f"{result.count} solution(s) found; {result.message}"
    if result.count == 0:
        return "no solution"
    if mode == "first":
        if result.complete:
            return "unique solution"
        return "more than one solution (showing the first; --all lists them, --count counts them)"
    if result.complete:
        return f"{result.count} solution{'s' if result.count != 1 else ''}"
    return f"{result.count} solutions shown; {result.message}"


def _deduce_only(impl: Kind, puzzle: Puzzle, a: dict[str, Any], first: bool = False) -> int:
    report = explain_report(puzzle, search=False, budget=_budget(a, first))
    steps = report["steps"]
    last = steps[-1] if steps else None
    code = _explain_code(last["technique"] if last else None, report["complete"])
    if a["fmt"] is Format.json:
        print_json(report)
        return code
    if a["fmt"] is Format.markdown:
        status = {EXIT_OK: "solved by deduction", EXIT_PARTIAL: "deductions stall here",
                  EXIT_NONE: "no solution"}.get(code, report.get("message", "stopped"))
        echo(f"## {impl.title or impl.name}: {status}\n")
        if last is not None and last.get("snapshot"):
            echo("```\n" + last["snapshot"] + "\n```")
        return code
    if a["fmt"] is Format.html:
        status = {EXIT_OK: "solved by deduction", EXIT_PARTIAL: "deductions stall here",
                  EXIT_NONE: f"no solution: {last['text'] if last else ''}"}.get(
                      code, report.get("message", "stopped"))
        echo(text_page(impl, "deductions only",
                       [(puzzle, status, (last or {}).get("snapshot") or "")]))
        return code
    if last is not None and last.get("snapshot"):
        echo(last["snapshot"])
    if code == EXIT_PARTIAL:
        err.print(f"[yellow]partial: deductions stall here ({len(steps) - 1} steps); "
                  "run without --no-search to finish by search[/]")
    elif code == EXIT_NONE and last is not None:
        err.print(f"[yellow]no solution: {escape(last['text'])}[/]")
    elif code == EXIT_UNDECIDED:
        err.print(f"[yellow]{escape(report.get('message', 'stopped'))}[/]")
    return code


def _explain_code(technique: str | None, complete: bool) -> int:
    if not complete:
        return EXIT_UNDECIDED
    if technique == SOLVED:
        return EXIT_OK
    if technique == STALLED:
        return EXIT_PARTIAL
    return EXIT_NONE


def do_check(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> int:
    """numberplay check KIND ..."""
    if a["fmt"] is Format.svg:
        raise PuzzleError("check prints a verdict, not a drawing: leave out --format svg "
                          "(solve, generate, explain and hint draw)")
    puzzles = _puzzles(impl, a, opts)
    counting = a.get("count") or a.get("limit") is not None
    codes = []
    pages: list[tuple[Puzzle, str, str]] = []
    for index, puzzle in enumerate(puzzles):
        report, result = check_report(puzzle, limit=a["limit"], budget=_budget(a, index == 0),
                                      decide=not counting)
        if result.count >= 2:
            codes.append(EXIT_MULTIPLE)
        elif result.count == 1 and result.complete:
            codes.append(EXIT_OK)
        else:
            codes.append(_solve_code(result) if result.count == 0 else EXIT_UNDECIDED)
        if a["fmt"] is Format.json:
            print_json(report)
        elif a["fmt"] is Format.html:
            pages.append((puzzle, report["text"], ""))
        elif a["fmt"] is Format.markdown:
            echo(f"## {impl.title or impl.name}\n\n```\n{impl.to_text(puzzle)}\n```\n\n"
                 f"**{report['text']}**\n")
        else:
            label = f"{impl.to_text(puzzle)}: " if len(puzzles) > 1 else ""
            echo(label + report["text"])
    if pages:
        echo(text_page(impl, "check", pages))
    return _worst(codes)


def do_explain(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> int:
    """numberplay explain KIND ..."""
    if a["fmt"] is Format.svg:
        check_draws(impl)
    puzzles = _puzzles(impl, a, opts)
    codes = []
    if a["fmt"] in (Format.html, Format.svg):
        return _explain_drawn(impl, puzzles, a)
    for index, puzzle in enumerate(puzzles):
        if a["fmt"] is Format.json:
            report = explain_report(puzzle, search=not a["no_search"], trace=a["trace"],
                                    budget=_budget(a, index == 0), max_steps=a["max_steps"])
            codes.append(_report_code(report, a))
            print_json(report)
            continue
        if index:
            echo()
        if a["fmt"] is Format.markdown:
            codes.append(_explain_markdown(impl, puzzle, a, index == 0))
        else:
            codes.append(_explain_text(puzzle, a, index == 0))
    return _worst(codes)


def _report_code(report: dict[str, Any], a: dict[str, Any]) -> int:
    """The exit code of an explain report: 4 when the puzzle has several solutions."""
    last = report["steps"][-1]["technique"] if report["steps"] else None
    code = _explain_code(last, report["complete"]) if a["max_steps"] is None else EXIT_OK
    return _multiple(code, report.get("verdict") == "multiple")


def _multiple(code: int, several: bool) -> int:
    """Exit 4 for a puzzle with several solutions, as check does (unless deductions
    stalled under --no-search, 5, or a budget ran out, 3)."""
    return EXIT_MULTIPLE if several and code in (EXIT_OK, EXIT_NONE) else code


def _explain_drawn(impl: Kind, puzzles: list[Puzzle], a: dict[str, Any]) -> int:
    """explain --format html or svg: one page (one SVG document) with every puzzle
    and its steps."""
    explained: list[tuple[Puzzle, list[Step], Solution | None]] = []
    codes: list[int] = []
    notes: list[str] = []
    for puzzle in puzzles:
        report = explain_report(puzzle, search=not a["no_search"], trace=a["trace"],
                                budget=_budget(a, not explained), max_steps=a["max_steps"])
        steps = [Step.from_json(s) for s in report["steps"]]
        last = steps[-1].technique if steps else None
        codes.append(_report_code(report, a))
        notes.append(report.get("note", ""))
        solution = None
        if last == SOLVED:       # the solved grid is drawn, so find it (bounded)
            found = search(puzzle, limit=1, keep=1, budget=Budget(seconds=10))
            solution = found.solutions[0] if found.solutions else None
        explained.append((puzzle, steps, solution))
    if a["fmt"] is Format.svg:
        echo(explain_svg(impl, explained, trace=a["trace"]))
    else:
        echo(explain_page(impl, explained, trace=a["trace"], notes=notes))
    return _worst(codes)


def _several(puzzle: Puzzle, a: dict[str, Any]) -> str | None:
    """The opening line for a puzzle with several solutions (counted to 2 only)."""
    return several_text(solution_count(puzzle, _budget(a)))


def _explain_markdown(impl: Kind, puzzle: Puzzle, a: dict[str, Any],
                      first: bool = False) -> int:
    note = _several(puzzle, a)
    try:
        steps = list(explain_steps(puzzle, search=not a["no_search"], trace=a["trace"],
                                   budget=_budget(a, first), max_steps=a["max_steps"]))
    except BudgetExceeded as exc:
        echo(steps_markdown(f"{impl.title or impl.name}: explained", [], False, str(exc)))
        return EXIT_UNDECIDED
    echo(steps_markdown(f"{impl.title or impl.name}: explained", steps, a["trace"], note or ""))
    last = steps[-1] if steps else None
    if a["max_steps"] is not None and last is not None and last.technique not in (SOLVED, STALLED):
        return _multiple(EXIT_OK, bool(note))
    return _multiple(_explain_code(last.technique if last else None, True), bool(note))


def _explain_text(puzzle: Puzzle, a: dict[str, Any], first: bool = False) -> int:
    last = None
    note = _several(puzzle, a)
    run = explained(puzzle, search=not a["no_search"], trace=a["trace"],
                    budget=_budget(a, first), max_steps=a["max_steps"])
    if run.difficulty is not None:
        echo(f"Difficulty: {run.difficulty}")
    if note:
        echo(note)
    for number, step in enumerate(run.steps, 1):
        last = step
        for line in step_text_lines(number, step, a["trace"]):
            echo(line)
        if step.snapshot and not a["trace"] and step.technique in (SOLVED, STALLED):
            echo(_indent(step.snapshot))
    if not run.complete:
        raise BudgetExceeded(run.message)
    if a["max_steps"] is not None and last is not None and last.technique not in (SOLVED, STALLED):
        err.print(f"[dim]stopped after {a['max_steps']} steps (--max-steps)[/]")
        return _multiple(EXIT_OK, bool(note))
    return _multiple(_explain_code(last.technique if last else None, True), bool(note))


def _indent(text: str) -> str:
    return "\n".join("       " + line for line in text.splitlines())


def do_hint(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> int:
    """numberplay hint KIND ... [--state STATE] [--level 1|2|3]"""
    if a["fmt"] is Format.svg:
        check_draws(impl)
    puzzles = _puzzles(impl, a, opts)
    state_text = None
    if a.get("state") is not None:
        state_text = read_input(impl, a["state"], None)
    fmt: Format = a["fmt"]
    items = []
    for index, puzzle in enumerate(puzzles):
        state = parse_state(puzzle, state_text) if state_text is not None else None
        report, h = hint_report(puzzle, state, level=a["level"], budget=_budget(a, index == 0))
        if fmt is Format.json:
            print_json(report)
        elif fmt is Format.markdown:
            echo(hint_markdown(impl, h))
        elif fmt in (Format.html, Format.svg):
            items.append((puzzle, h, state))
        else:
            for w in h.wrong:
                echo(f"wrong: {w.text}")
            tech = f"[{h.technique}] " if h.technique and a["level"] >= 3 else ""
            echo(tech + h.text)
    if items:
        echo(hint_svg(impl, items) if fmt is Format.svg else hint_page(impl, items))
    return EXIT_OK


def do_generate(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> int:
    """numberplay generate KIND ..."""
    if a["fmt"] is Format.svg:
        check_draws(impl)
    if a.get("id"):
        if a["size"] is not None or a["difficulty"] is not None or a["seed"] is not None \
                or a["count"] not in (None, 1):
            raise PuzzleError("--id names one puzzle: leave out --size, --difficulty, --seed "
                              "and --count")
        one = regenerate(a["id"], budget=Budget(seconds=a["timeout"]))
        if one.puzzle.kind != impl.name:
            raise PuzzleError(f"the id {a['id']!r} names a {one.puzzle.kind} puzzle, "
                              f"not {impl.name}")
        _after_generate(impl, [one], a)
        _print_generated(impl, [one], a)
        return EXIT_OK
    if impl.enumerates(opts):
        return _generate_all(impl, a, opts)
    difficulty = a["difficulty"]
    impl.parse_params(a["size"], difficulty, **opts)  # bad parameters: one line, nothing else
    seed = a["seed"]
    announce = seed is None
    if seed is None:
        seed = str(random.SystemRandom().randrange(10**9))
    count = a["count"] or 1

    def make(index: int) -> Generated:
        return generate_one(impl.name, seed=seed, index=index, size=a["size"],
                            difficulty=difficulty, budget=Budget(seconds=a["timeout"]), **opts)

    try:
        generated = [make(i) for i in progress_iter(range(count), total=count,
                                                     label=f"generating {impl.name}",
                                                     enabled=not a["quiet"] and count > 1)]
    except PuzzleError:
        raise  # bad input: one line, no seed
    except BudgetExceeded as exc:
        if announce:
            err.print(f"[dim]seed {seed} (pass --seed {seed} to get these puzzles again)[/]")
        asked = ", ".join(f"{k} {v}" for k, v in (("size", a["size"]),
                                                  ("difficulty", difficulty)) if v)
        raise BudgetExceeded(f"{exc} before a puzzle{' of ' + asked if asked else ''} was "
                             "found; a longer --timeout, a smaller --size or an easier "
                             "--difficulty may help", nodes=exc.nodes,
                             seconds=exc.seconds) from None
    except BaseException:
        if announce:
            err.print(f"[dim]seed {seed} (pass --seed {seed} to get these puzzles again)[/]")
        raise
    if announce:
        err.print(f"[dim]seed {seed} (pass --seed {seed} to get these puzzles again)[/]")
    _after_generate(impl, generated, a)
    _print_generated(impl, generated, a)
    return EXIT_OK


@runtime_checkable
class _OneLineSolution(Protocol):
    """A solution that carries its own one-line text (a filled-in formula)."""

    text: str


def _solution_line(impl: Kind, g: Generated) -> str:
    """The solution of a generated puzzle on one line: its own text when it has one,
    else its places and digits."""
    if isinstance(g.solution, _OneLineSolution):
        return g.solution.text
    places = impl.solution_places(g.puzzle, g.solution)
    return " ".join(f"{place}={digit}" for place, digit in places.items())


def _generate_all(impl: Kind, a: dict[str, Any], opts: dict[str, Any]) -> int:
    """Every puzzle the kind's options describe (e.g. a word list's `--all`): text
    output streams one puzzle a line with its solution, JSON and --store get them
    all (graded); the progress bar shows what was examined and found."""
    impl.parse_params(a["size"], a["difficulty"], **opts)  # bad parameters: one line
    fmt: Format = a["fmt"]
    graded = fmt is not Format.text or a.get("store") is not None
    budget = Budget(seconds=a["timeout"])
    generated: list[Generated] = []
    code = EXIT_OK
    with progress_status(f"{impl.name}: every puzzle",
                         enabled=not a["quiet"]) as update:
        status = ""

        def progress(done: int, total: int, text: str) -> None:
            nonlocal status
            status = text
            update(done, total, text)

        try:
            for g in impl.generate_all(difficulty=a["difficulty"], budget=budget,
                                       limit=a["count"], progress=progress, graded=graded,
                                       **opts):
                generated.append(g)
                if fmt is Format.text:
                    echo(f"{g.text}  ({_solution_line(impl, g)})")
        except BudgetExceeded as exc:
            status, code = str(exc), EXIT_UNDECIDED
    if status:
        err.print(f"[{'yellow' if code else 'dim'}]{status}[/]")
    if fmt is not Format.text:
        _print_generated(impl, generated, a)
    _after_generate(impl, generated, a)
    return code


def _after_generate(impl: Kind, generated: list[Generated], a: dict[str, Any]) -> None:
    """Hook for options that act on generated puzzles: --store keeps them."""
    if a.get("store") is not None:
        from ..services.store import PuzzleStore
        with PuzzleStore(a["store"]) as store:
            new = store.add_many(generated, impl)
        err.print(f"[dim]stored {new} new puzzle(s) of {len(generated)} in {escape(str(a['store']))}[/]")


def _print_generated(impl: Kind, generated: list[Generated], a: dict[str, Any]) -> None:
    fmt: Format = a["fmt"]
    answers = a["solution"] if a["solution"] is not None \
        else fmt not in (Format.text, Format.svg)
    if fmt is Format.json:
        report = generate_report(impl.name, generated)
        if not answers:
            for item in report["puzzles"]:
                item.pop("solution", None)
        print_json(report)
        return
    if fmt is Format.html:
        echo(generate_page(impl, generated, answers), nl=False)
        return
    if fmt is Format.svg:
        echo(generate_svg(impl, generated, answers))
        return
    if fmt is Format.markdown:
        for i, g in enumerate(generated, 1):
            echo(f"## Puzzle {i} ({g.difficulty})\n")
            echo(impl.render(g.puzzle, None, fmt.value).rstrip() + "\n")
        if answers:
            echo(f"{PAGE_BREAK}\n\n## Answers\n")
            for i, g in enumerate(generated, 1):
                echo(f"### Answer {i}\n")
                echo(impl.render(g.puzzle, g.solution, fmt.value).rstrip() + "\n")
        return
    own = a.get("own_format")
    if own:   # the kind's own format: one puzzle as the kind writes it, answers after
        for g in generated:
            echo(impl.render(g.puzzle, None, own))
        for i, g in enumerate(generated, 1) if answers else ():
            echo(f"# answer {i}")
            echo(impl.render(g.puzzle, g.solution, "text"))
        return
    for i, g in enumerate(generated, 1):
        if i > 1:
            echo()
        where = f"id {g.id}" if g.id else f"seed {g.seed}"
        echo(f"# {impl.title or impl.name} {i} of {len(generated)}: {g.difficulty}, {where}")
        echo(g.text)
        if answers:
            echo("# answer")
            echo(impl.render(g.puzzle, g.solution, "text"))
