"""What the batch runner is handed: an engine that runs jobs, a store that keeps
generated puzzles, a progress display. Each is a Protocol, so the runner names no
front end and a test can pass its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .jobs import Job, Result

Emit = Callable[[Result], None]


class Engine(Protocol):
    """Runs jobs (the process pool, Dask): `emit` once per job, in completion
    order; `tick` now and then so a display can redraw."""

    name: str
    startup: float      # seconds it took to start (set by `run`)

    def run(self, jobs: Sequence[Job], emit: Emit, tick: Callable[[], None]) -> None:
        """Run every job."""


class Store(Protocol):
    """Keeps the puzzles of a generate result (`services.store.PuzzleStore`)."""

    def add_report(self, report: dict[str, Any]) -> object:
        """Store the puzzles of one generate report."""


class Progress(Protocol):
    """A progress display (`cli.batch_progress.BatchProgress`)."""

    def start(self, total: int, done: int, failed: int) -> None:
        """The jobs of the file, and those an earlier run finished (and failed)."""

    def advance(self, ok: bool) -> None:
        """One more job finished."""

    def refresh(self) -> None:
        """Redraw if due."""


class NoProgress:
    """No display."""

    def start(self, total: int, done: int, failed: int) -> None:
        """Nothing to show."""

    def advance(self, ok: bool) -> None:
        """Nothing to show."""

    def refresh(self) -> None:
        """Nothing to show."""
