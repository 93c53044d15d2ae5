"""A puzzle command's call (solve, check, explain, hint, generate): its request,
read from the click values by the operation table as a job line or an API body
is (`operations.read_request`: the same fields, checks and words), and what only
the command line has — where the input comes from and how to show the answer.

Nothing here restates a field: the request's fields are `operations.FIELDS`
(their click options are made of it, `puzzles.py`), their checks
`read_request`'s, the default budgets the CLI's `Limits`.
"""

from __future__ import annotations

from typing import Any

from ..budget import Budget, active
from ..errors import PuzzleError
from ..kinds import Kind
from ..model import Puzzle
from ..services.operations import CLI, SPEC, Request, kind_options, read_puzzles, read_request
from .common import Format, command_started, read_input


def request_of(impl: Kind, op: str, values: dict[str, Any],
               kind_values: dict[str, Any]) -> Request:
    """The request the click values stand for, read as every front end reads one."""
    obj: dict[str, Any] = {"kind": impl.name, "op": op, "options": kind_values}
    for name, field in SPEC[op].items():
        value = values.get(field.cli_name)
        if field.inverted:
            value = False if value else None
        if value is not None:
            obj[name] = value
    return read_request(obj, CLI)


class Call:
    """One puzzle command: its request and the command line's own values (the
    output format, a kind's own format such as a game ID in `own_format`, the
    input, generate's --solution/--quiet/--store). A plain class: a dataclass
    costs start-up (docs/architecture.md)."""

    __slots__ = ("example", "fmt", "kind_opts", "own_format", "quiet", "request", "solution",
                 "source", "store")

    def __init__(self, impl: Kind, request: Request, values: dict[str, Any]) -> None:
        self.request = request
        self.fmt: Format = values.get("fmt") or Format.text
        self.own_format: str | None = values.get("own_format")
        self.source, self.example = values.get("source"), values.get("example")
        self.solution: bool | None = values.get("solution")
        self.quiet: bool = bool(values.get("quiet"))
        self.store = values.get("store")
        self.kind_opts = kind_options(request, CLI)[1]

    def budget(self, first: bool = False) -> Budget:
        """The budget of one puzzle (--timeout, --max-nodes; the CLI's defaults).
        The first puzzle's --timeout counts from the start of the command, so
        reading and parsing the input count too."""
        r = self.request
        seconds = r.timeout if r.timeout is not None else (
            CLI.generate_seconds if r.op == "generate" else CLI.seconds)
        return Budget(nodes=r.max_nodes, seconds=seconds,
                      start=command_started() if first else None)

    def puzzles(self, impl: Kind) -> list[Puzzle]:
        """The puzzles of the input (a file, '-', the text, --example), read as a
        request's "puzzle" is (`operations.read_puzzles`)."""
        with active(self.budget(first=True)):
            text = read_input(impl, self.source, self.example)
            if text:
                return read_puzzles(impl, text, self.kind_opts)
            puzzles = impl.parse_all(text, **self.kind_opts)    # a puzzle of options alone
        if not puzzles:
            raise PuzzleError("the input holds no puzzle")
        return puzzles
