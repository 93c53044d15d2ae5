"""The worker-process primitive under both pools (the batch's `batch/pool.py` and
the web server's `web/pool.py`): a job runs in a worker process; one that outlives
its budget well (`hard_limit`) is killed, one that dies on its own is logged with
how it ended, and either way a fresh worker takes its place (`Replacer`). A
worker may cap its own memory (`limit_memory`); the web's also confines itself
(`web/sandbox.py`). The pools differ only in how they talk to their workers
(pickles over a pipe to forked processes; JSON lines to `python -m` processes).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

log = logging.getLogger("numberplay.workers")


def hard_limit(timeout: float, grace: float | None = None) -> float:
    """Seconds after which a job with this budget is killed: `timeout + grace`, or
    by default well after it (a quarter more and a second)."""
    return timeout + grace if grace is not None else timeout * 1.25 + 1.0


def ended(returncode: int | None) -> str:
    """How a process ended, from its return code: "exit code N" or "signal N"."""
    if returncode is None:
        return "still running"
    return f"signal {-returncode}" if returncode < 0 else f"exit code {returncode}"


def limit_memory(megabytes: int | None) -> None:
    """Cap this process's address space (RLIMIT_AS) at `megabytes`; None: no cap."""
    if not megabytes:
        return
    import resource
    cap = megabytes * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


class WorkerProcess(Protocol):
    """What the primitive needs of a worker: its pid, whether it runs, how it
    ended, and a way to end it now."""

    @property
    def pid(self) -> int | None:
        """The process id."""

    def returncode(self, wait: float = 0.0) -> int | None:
        """Its return code once it has ended (waiting up to `wait` seconds), else None."""

    def kill(self) -> None:
        """End the process now and release what connects us to it."""


W = TypeVar("W", bound=WorkerProcess)


class Replacer(Generic[W]):
    """Kill and replace: `replace(worker)` ends a worker and starts a fresh one
    with `start`; `died` says the worker ended on its own, which is logged (pid,
    exit code or signal, what it was doing) first."""

    def __init__(self, start: Callable[[], W], logger: logging.Logger = log,
                 death_wait: float = 1.0) -> None:
        self.start = start
        self.logger = logger
        self.death_wait = death_wait
        self.restarts = 0

    def alive(self, worker: W) -> bool:
        """Is the worker's process still running?"""
        return worker.returncode() is None

    def replace(self, worker: W, died: str | None = None) -> W:
        """A fresh worker in place of `worker`, which is killed; the fresh one's
        start may raise (the old one is then dead but still the caller's)."""
        if died is not None:
            code = worker.returncode(self.death_wait)
            self.logger.warning("worker process %s died (%s) %s", worker.pid, ended(code), died)
        worker.kill()
        fresh = self.start()
        self.restarts += 1
        return fresh
