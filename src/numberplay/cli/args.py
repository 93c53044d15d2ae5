"""The typed arguments of the puzzle commands (solve, check, explain, hint, generate):
what they share.

`puzzles` builds each subcommand's click parameters and hands the handler a
record of them: the common options (here), the command's own (its subclass,
`ARGS` in `<command>_cmd.py`, so that a command defines no other's), and the
kind's options (`opts`, checked by the kind when the puzzle is parsed or
generated).
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..budget import Budget, active
from ..errors import PuzzleError
from ..kinds import Kind
from ..model import Puzzle
from ..services.envelopes import read_json_puzzles
from .common import Format, check_timeout, command_started, read_input


class CommandArgs:
    """What every puzzle command takes: the output format (a kind's own format,
    such as a game ID, in `own_format`) and the kind's options.

    A plain record, not a dataclass (creating dataclasses is a good part of a
    plain solve's start-up, docs/architecture.md): its fields are the annotated
    class attributes of the class and its bases, whose values are the defaults;
    the constructor takes them by keyword, and a record is read-only."""

    fmt: Format = Format.text
    own_format: str | None = None
    timeout: float | None = 60.0
    opts: dict[str, Any]

    def __init__(self, *, opts: dict[str, Any] | None = None, **values: Any) -> None:
        unknown = set(values) - self.names()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        self.__dict__.update(values, opts=dict(opts or {}))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in sorted(self.names()))
        return f"{type(self).__name__}({shown})"

    @classmethod
    def names(cls) -> set[str]:
        """The names of the fields."""
        return {n for c in cls.__mro__ for n in c.__dict__.get("__annotations__", ())}

    @classmethod
    def from_values(cls: type[A], values: dict[str, Any], opts: dict[str, Any]) -> A:
        """The arguments from the values click parsed (unknown names are ignored)."""
        names = cls.names()
        return cls(opts=opts, **{k: v for k, v in values.items() if k in names})


A = TypeVar("A", bound=CommandArgs)


class PuzzleArgs(CommandArgs):
    """A command that reads puzzles: the input, and the search budget of each."""

    source: str | None = None
    example: str | None = None
    max_nodes: int | None = None

    def budget(self, first: bool = False) -> Budget:
        """The budget of one puzzle. The first puzzle's --timeout counts from the
        start of the command, so reading and parsing the input count too."""
        return Budget(nodes=self.max_nodes, seconds=check_timeout(self.timeout),
                      start=command_started() if first else None)

    def puzzles(self, impl: Kind) -> list[Puzzle]:
        """The puzzles of the input: numberplay's own JSON or the kind's text."""
        with active(self.budget(first=True)):
            text = read_input(impl, self.source, self.example)
            found = read_json_puzzles(impl, text, **self.opts) if text else None
            puzzles = found if found is not None else impl.parse_all(text, **self.opts)
        if not puzzles:
            raise PuzzleError("the input holds no puzzle")
        return puzzles
