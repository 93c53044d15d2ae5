"""Progress bars on stderr (Rich), shown only when stderr is a terminal (Rich is
imported only then)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def progress_iter(items: Iterable[T], *, total: int, label: str,
                  enabled: bool = True) -> Iterator[T]:
    """Yield `items`, drawing a progress bar on stderr when it is a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield from items
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total)
        for item in items:
            yield item
            progress.advance(task)


@contextlib.contextmanager
def progress_status(label: str, *, enabled: bool = True
                    ) -> Iterator[Callable[[int, int, str], None]]:
    """A bar on stderr (when it is a terminal) moved by `update(done, total, text)`."""
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total, text: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[status]}"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=None, status="")

        def update(done: int, total: int, text: str) -> None:
            progress.update(task, completed=done, total=total, status=text)

        yield update
