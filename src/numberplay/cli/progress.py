"""Progress bars on stderr (Rich), shown only when stderr is a terminal (Rich is
imported only then)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO, TypeVar

T = TypeVar("T")


def rich_bar(middle: list[str], *, eta: str = "eta", stream: TextIO | None = None,
             **options: Any) -> Any:
    """A Rich progress bar: the text columns `middle` (a format each) between the
    bar with its count and the elapsed time, then the time left (after `eta`,
    "": none), on `stream` (stderr by default)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    first, *rest = middle
    left = [TimeRemainingColumn()] if eta else []
    return Progress(TextColumn(first), BarColumn(), MofNCompleteColumn(),
                    *(TextColumn(text) for text in rest), TimeElapsedColumn(),
                    *([TextColumn(eta)] if eta else []), *left,
                    console=Console(file=stream or sys.stderr), **options)


def progress_iter(items: Iterable[T], *, total: int, label: str,
                  enabled: bool = True) -> Iterator[T]:
    """Yield `items`, drawing a progress bar on stderr when it is a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield from items
        return
    with rich_bar(["{task.description}"], transient=True) as progress:
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
    with rich_bar(["{task.description}", "{task.fields[status]}"], eta="",
                  transient=True) as progress:
        task = progress.add_task(label, total=None, status="")

        def update(done: int, total: int, text: str) -> None:
            progress.update(task, completed=done, total=total, status=text)

        yield update
