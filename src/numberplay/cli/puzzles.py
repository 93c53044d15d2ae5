"""The puzzle commands: solve, check, explain, hint, generate — one subcommand per kind.

This module builds the click commands, their options made of the operation
table's field spec (`operations.FIELDS`); each handler lives in
`<command>_cmd.py` (imported when the command runs) and gets the command's
`args.Call`: the request read from the click values as every front end reads
one (`operations.read_request`), and the output options. A command's group
makes the subcommand of a kind when it is called, so `numberplay solve KIND`
imports that kind only.

Nothing here knows a kind by name: the subcommands and their kind-specific
flags are built from the registry (`Kind.options`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

import click

from ..errors import UnknownKind
from ..kinds import Kind, KindOption, all_kinds, get_kind
from ..services.operations import CLI, FIELDS, MAX_NODES, TIMEOUT, Field
from .common import Format, guard
from .params import PATH, Command, Group, argument, option

Handler = Callable[[Kind, Any], int]

# The commands. Each lives in `<command>_cmd.py`, imported when the command runs:
# its handler `do_<command>(impl, call)`.
COMMANDS = ("solve", "check", "explain", "hint", "generate")


def handler(command: str) -> Handler:
    """`do_<command>` of `<command>_cmd.py`."""
    name = f"do_{command}"
    return getattr(__import__(f"{command}_cmd", globals(), None, [name], 1), name)

# --- parameters ---------------------------------------------------------------


def _source() -> click.Parameter:
    return argument("source", metavar="[PUZZLE]",
                    help="A file, '-' for standard input, or the puzzle text itself.")


def _example() -> click.Parameter:
    return option("--example", "-e", name="example",
                  help="Use a bundled example (see 'numberplay examples').")


def _budget_params(default_timeout: float | None, help: str | None = None,
                   nodes_help: str | None = None) -> list[click.Parameter]:
    return [field_option(TIMEOUT, default=default_timeout, help=help),
            field_option(MAX_NODES, help=nodes_help)]


def _format(choices: type[StrEnum] = Format) -> click.Parameter:
    return option("--format", "-f", name="fmt", default=choices("text"), vtype=choices,
                  help="Output format.")


def _flag(*decls: str, name: str, help: str) -> click.Parameter:
    return option(*decls, name=name, default=False, vtype=bool, help=help)


def field_option(field: Field, *, default: Any = None, help: str | None = None) -> click.Parameter:
    """The click option of a request field (`services.operations.FIELDS`): click
    reads the text as the field's type; its bounds are checked with the request
    (`operations.read_request`), in the words of every front end."""
    if field.type is bool:
        return _flag(*field.flags, name=field.cli_name, help=help or field.help)
    vtype = field.type if isinstance(field.type, type) else str
    return option(*field.flags, name=field.cli_name, vtype=vtype,
                  default=field.default if default is None else default,
                  help=help or field.help, metavar=field.metavar)


def _kind_param(opt: KindOption) -> click.Parameter:
    if opt.type is bool:
        return option(opt.cli_flag, name="kind__" + opt.name, default=bool(opt.default),
                      vtype=bool, help=opt.help)
    return option(opt.cli_flag, name="kind__" + opt.name, default=opt.default, vtype=opt.type,
                  help=opt.help, metavar=opt.metavar or opt.type.__name__.upper(),
                  multiple=opt.repeat)


def _puzzle_params(op: str) -> list[click.Parameter]:
    """A puzzle command's parameters: the puzzle, its request fields, the format
    and the budget."""
    return [_source(), _example(), *(field_option(f) for f in FIELDS[op]), _format(),
            *_budget_params(CLI.seconds)]


COMMON: dict[str, Callable[[], list[click.Parameter]]] = {
    "solve": lambda: _puzzle_params("solve"),
    "check": lambda: _puzzle_params("check"),
    "explain": lambda: _puzzle_params("explain"),
    "hint": lambda: _puzzle_params("hint"),
    "generate": lambda: [
        *(field_option(f) for f in FIELDS["generate"]),
        option("--solution/--no-solution", name="solution", vtype=bool,
               help="Print the answers (after the puzzles) or not, in every format. "
                    "Default: no in text and svg, yes in markdown, html and json."),
        _flag("--quiet", "-q", name="quiet", help="No progress bar."),
        _format(),
        *_budget_params(CLI.generate_seconds, "Give up on one puzzle after this many seconds.",
                        "Give up on one puzzle after this many search nodes."),
        option("--store", name="store", vtype=PATH, metavar="DB",
               help="Also keep the puzzles in this SQLite store (see 'numberplay store')."),
    ],
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


def _command(command: str, impl: Kind, name: str | None = None) -> click.Command:
    """The click command of one command for one kind: its parameters from COMMON,
    the kind's own formats and options; it calls the handler with typed arguments."""
    params = COMMON[command]()
    own = _own_formats(command, impl)
    if own:   # --format widened to the kind's own formats
        choices = StrEnum(f"Format_{impl.name}",  # type: ignore[misc]
                          {f: f for f in [*Format.__members__, *own]})
        params = [_format(choices) if p.name == "fmt" else p for p in params]
    kind_options = [o for o in impl.options if command in o.commands]
    params += [_kind_param(o) for o in kind_options]

    def run(**values: Any) -> None:
        kind_values = {k[len("kind__"):]: v for k, v in values.items() if k.startswith("kind__")}
        for o in kind_options:    # a repeated flag: its values joined by ';'
            if o.repeat:
                kind_values[o.name] = ";".join(kind_values[o.name]) \
                    if kind_values.get(o.name) else None
        common = {k: v for k, v in values.items() if not k.startswith("kind__")}
        fmt = common.get("fmt")
        if fmt is not None and not isinstance(fmt, Format):   # a widened --format
            value = str(fmt.value)
            common["fmt"] = Format(value) if value in Format.__members__ else Format.text
            common["own_format"] = None if value in Format.__members__ else value
        with guard():
            from .args import Call, request_of
            call = Call(impl, request_of(impl, command, common, kind_values), common)
            code = handler(command)(impl, call)
        raise click.exceptions.Exit(code)

    return Command(name or impl.name, params=params, callback=run, help=_doc(command, impl))


def _doc(command: str, impl: Kind) -> str:
    lines = [f"{HELP[command]} — {impl.title or impl.name}.", ""]
    if impl.summary:
        lines += [impl.summary, ""]
    if command == "generate":
        if impl.size_help:
            lines += [f"Size: {impl.size_help}", ""]
        if impl.difficulties:
            lines += [f"Difficulties: {', '.join(impl.difficulties)}.", ""]
        if impl.offers:
            lines += ["Difficulties by size:", "", "\b"] + [
                f"    {row.label}: {', '.join(row.difficulties)}" for row in impl.offers] + [""]
    elif impl.input_help:
        lines += [f"Input: {impl.input_help}", ""]
    if command == "hint" and impl.state_help:
        lines += [f"State (--state): {impl.state_help}", ""]
    examples = [e for e in impl.cli_examples if f" {command} " in f" {e} "]
    if examples:
        # ("\b": click keeps the lines of the next paragraph as they are)
        lines += ["Examples:", "", "\b"] + [f"    {e}" for e in examples] + [""]
    return "\n\n".join(part for part in "\n".join(lines).split("\n\n") if part.strip()) + "\n"


class KindGroup(Group):
    """`numberplay COMMAND KIND`: a subcommand per kind, made when it is called (which
    imports that kind alone) or listed (--help, shell completion: every kind)."""

    def __init__(self, command: str) -> None:
        super().__init__(command, help=HELP[command] + " Give the kind of puzzle first.",
                         no_args_is_help=True)
        self.verb = command   # solve, check, ... (not `command`: a click.Group method)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [impl.name for impl in all_kinds()]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            try:
                impl = get_kind(cmd_name)
            except UnknownKind:
                return None
            made = _command(self.verb, impl, cmd_name)
            made.hidden = cmd_name != impl.name   # an alias
            self.commands[cmd_name] = made
        return self.commands[cmd_name]


def group(command: str) -> click.Group:
    """The group of one puzzle command (solve, check, explain, hint, generate)."""
    return KindGroup(command)
