"""The batch progress bar: done/failed/total and time left, on stderr (Rich)."""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

REFRESH_SECONDS = 0.1


class BatchProgress:
    """A Rich progress bar driven by the batch runner (no background thread:
    the runner calls `refresh` from its loop, so worker processes fork safely)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        from .progress import rich_bar
        self.bar = rich_bar(["batch", "[red]{task.fields[failed]} failed"], eta="ETA",
                            stream=stream, auto_refresh=False, transient=False)
        self.task: Any = None
        self.failed = 0
        self.last = 0.0

    def start(self, total: int, done: int, failed: int) -> None:
        """Show the bar with the jobs already done by an earlier run."""
        self.failed = failed
        self.bar.start()
        self.task = self.bar.add_task("batch", total=total, completed=done, failed=failed)
        self.bar.refresh()

    def advance(self, ok: bool) -> None:
        """One more job finished."""
        self.failed += not ok
        self.bar.update(self.task, advance=1, failed=self.failed)
        self.refresh()

    def refresh(self) -> None:
        """Redraw, at most every REFRESH_SECONDS."""
        now = time.monotonic()
        if now - self.last >= REFRESH_SECONDS:
            self.last = now
            self.bar.refresh()

    def stop(self) -> None:
        """Draw the final state and release the terminal."""
        if self.task is not None:
            self.bar.refresh()
        self.bar.stop()


def make_progress(quiet: bool, stream: TextIO | None = None) -> BatchProgress | None:
    """A progress bar, or None with --quiet or when stderr is not a terminal."""
    stream = stream or sys.stderr
    if quiet or not stream.isatty():
        return None
    return BatchProgress(stream)
