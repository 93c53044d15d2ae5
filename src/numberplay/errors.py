"""Errors numberplay raises.

Anything a user can cause by typing a bad puzzle is a `PuzzleError`: the CLI
prints its message on one line and exits 2. Running out of a search budget is
`BudgetExceeded`, which is not the user's fault and is reported, not hidden.
"""

from __future__ import annotations


class NumberplayError(Exception):
    """Base class of every error numberplay raises on purpose."""


class PuzzleError(NumberplayError, ValueError):
    """The puzzle text or options are malformed; the message says what and where."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 where: str | None = None) -> None:
        self.reason = message
        self.line = line
        self.column = column
        self.where = where
        prefix = []
        if line is not None:
            prefix.append(f"line {line}")
        if column is not None:
            prefix.append(f"column {column}")
        if where:
            prefix.append(where)
        super().__init__(f"{', '.join(prefix)}: {message}" if prefix else message)


class UnknownKind(PuzzleError):
    """The kind name is not registered."""


class BudgetExceeded(NumberplayError):
    """A search ran out of its node or time budget before it finished."""

    def __init__(self, message: str = "search budget exhausted", *, nodes: int = 0,
                 seconds: float = 0.0) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.found = 0  # solutions counted before the budget ran out, where known
        super().__init__(message)


class OutputError(NumberplayError):
    """An output file could not be written (the disk is full, a quota, an I/O
    error): the user's to fix, not a bug. The message names the file; the CLI
    prints it on one line and exits 74."""


class GenerationError(NumberplayError):
    """A generator could not produce a puzzle that meets the request within its budget."""
