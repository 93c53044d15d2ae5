"""The puzzle commands: solve, check, explain, hint, generate — one subcommand per kind.

This module builds the Typer signatures; each handler lives in `<command>_cmd.py`
and reads a typed dataclass of its arguments (`args.py`).

Nothing here knows a kind by name: the subcommands and their kind-specific
flags are built from the registry (`Kind.options`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from ..kinds import Kind, KindOption, all_kinds
from .args import CheckArgs, CommandArgs, ExplainArgs, GenerateArgs, HintArgs, SolveArgs
from .check_cmd import do_check
from .common import Format, guard
from .explain_cmd import do_explain
from .generate_cmd import do_generate
from .hint_cmd import do_hint
from .solve_cmd import do_solve

Handler = Callable[[Kind, Any], int]

# Each command: the dataclass of its arguments and its handler (in <command>_cmd.py).
COMMANDS: dict[str, tuple[type[CommandArgs], Handler]] = {
    "solve": (SolveArgs, do_solve),
    "check": (CheckArgs, do_check),
    "explain": (ExplainArgs, do_explain),
    "hint": (HintArgs, do_hint),
    "generate": (GenerateArgs, do_generate),
}

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
        _param("why", bool, typer.Option(
            False, "--why", help="Say why: the difficulty and techniques (unique); two "
            "solutions, the true candidates and the fewest givens that mend it (multiple); "
            "a smallest set of clues without solution (none).")),
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


def _command(command: str, impl: Kind) -> Callable[..., None]:
    """The Typer function of one command for one kind: its signature from COMMON,
    the kind's own formats and options; it calls the handler with typed arguments."""
    args_type, handler = COMMANDS[command]
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
            code = handler(impl, args_type.from_values(common, kind_values))
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


def register(app: typer.Typer, impls: list[Kind] | None = None, only: str | None = None) -> None:
    """Add solve/check/explain/hint/generate with one subcommand per registered kind
    (or per kind of `impls`; only the command `only` when given)."""
    if impls is None:
        impls = all_kinds()
    for command in [only] if only else list(COMMANDS):
        sub = typer.Typer(help=HELP[command] + " Give the kind of puzzle first.",
                          no_args_is_help=True, rich_markup_mode="rich")
        for impl in impls:
            fn = _command(command, impl)
            sub.command(impl.name, help=fn.__doc__)(fn)
            for alias in impl.aliases:
                sub.command(alias, hidden=True, help=fn.__doc__)(fn)
        app.add_typer(sub, name=command)
