"""The command line's building blocks on click: option and argument makers, the
value types (whose messages make the one-line usage errors), and the command
classes (short help never cut).

click, not Typer: Typer builds the same click objects from type hints, but
importing it loads pydantic and rich, several times what a small command costs
(issue 39). Here a command is its click parameters, written once.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

import click

# Help options of every command.
CONTEXT = {"help_option_names": ["-h", "--help"]}


def _shown(value: Any) -> str:
    """`, not 'abc'` for a short text value, else nothing."""
    return f", not {value!r}" if isinstance(value, str) and len(value) <= 30 else ""


def _bound(value: float | int) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


class _Ranged(click.ParamType):
    """A number between optional bounds; messages say what is wrong in a few words."""

    word = "a number"

    def __init__(self, low: float | int | None = None, high: float | int | None = None) -> None:
        self.low, self.high = low, high

    def parse(self, value: Any) -> float | int:
        raise NotImplementedError

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            number = value
        else:
            try:
                number = self.parse(value.strip())
            except ValueError:
                self.fail(f"must be {self.word}{_shown(value)}", param, ctx)
        if self.low is not None and (number < self.low or number != number):
            self.fail(f"must be at least {_bound(self.low)}", param, ctx)
        if self.high is not None and (number > self.high or number != number):
            self.fail(f"must be at most {_bound(self.high)}", param, ctx)
        return number


class Whole(_Ranged):
    """A whole number (`--limit 3`)."""

    name = "integer"
    word = "a whole number"

    def parse(self, value: Any) -> int:
        return int(value)


class Number(_Ranged):
    """A number (`--timeout 2.5`)."""

    name = "float"

    def parse(self, value: Any) -> float:
        return float(value)


class OneOf(click.ParamType):
    """One of an enum's values, in any case; the value is the enum member."""

    name = "choice"

    def __init__(self, enum: type[Enum]) -> None:
        self.enum = enum

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(str(m.value) for m in self.enum) + "]"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, self.enum):
            return value
        for member in self.enum:
            if str(member.value).lower() == str(value).lower():
                return member
        choices = ", ".join(str(m.value) for m in self.enum)
        self.fail(f"must be one of {choices}{_shown(value)}", param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem
        return [CompletionItem(str(m.value)) for m in self.enum
                if str(m.value).startswith(incomplete.lower())]


class PathType(click.ParamType):
    """A file or folder path, a `pathlib.Path` (not checked here: the command says
    what is wrong). pathlib is imported when a path is given."""

    name = "path"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from pathlib import Path
        return value if isinstance(value, Path) else Path(value)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem
        return [CompletionItem(incomplete, type="file")]


PATH = PathType()


def value_type(vtype: Any, low: float | int | None = None,
               high: float | int | None = None) -> click.ParamType:
    """The click type of a Python type (int, float, str or an Enum), or `vtype`
    itself when it is one (PATH)."""
    if isinstance(vtype, click.ParamType):
        return vtype
    if vtype is int:
        return Whole(low, high)
    if vtype is float:
        return Number(low, high)
    if isinstance(vtype, type) and issubclass(vtype, Enum):
        return OneOf(vtype)
    return click.STRING


def option(*decls: str, name: str, default: Any = None, vtype: Any = str,
           help: str | None = None, metavar: str | None = None,
           low: float | int | None = None, high: float | int | None = None,
           multiple: bool = False, required: bool = False) -> click.Option:
    """An option of the value type `vtype`; bool makes a flag (or an on/off pair:
    `--x/--no-x`)."""
    shown = default is not None and default is not False and not multiple
    if vtype is bool:
        return click.Option([*decls, name], is_flag=True, default=default, help=help,
                            show_default=shown and "/" in decls[0])
    return click.Option([*decls, name], type=value_type(vtype, low, high), default=default,
                        help=help, metavar=metavar, multiple=multiple, required=required,
                        show_default=shown)


def argument(name: str, *, help: str | None = None, metavar: str | None = None,
             required: bool = False, vtype: Any = str, nargs: int = 1) -> click.Argument:
    """A positional argument (its help listed under "Positional arguments")."""
    return click.Argument([name], help=help, metavar=metavar, required=required,
                          type=value_type(vtype), nargs=nargs)


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").strip().split("\n\n")[0].split())


class Command(click.Command):
    """A command whose line in its group's list is its first paragraph, never cut."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", CONTEXT)
        super().__init__(*args, **kwargs)

    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or _first_paragraph(self.help)


class Group(click.Group):
    """A group of commands (short help never cut; -h and --help)."""

    command_class = Command

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", CONTEXT)
        super().__init__(*args, **kwargs)

    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or _first_paragraph(self.help)


Group.group_class = Group
