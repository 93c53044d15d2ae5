"""Holding Ctrl-C back while something must be written whole."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Run the block without being interrupted by SIGINT; a Ctrl-C that arrives
    meanwhile is raised as KeyboardInterrupt when the block ends. (Only in the
    main thread, where Python delivers signals; elsewhere a plain block.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[Any] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda *args: caught.append(args))
    except (ValueError, OSError):  # not allowed here: nothing to defer
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
