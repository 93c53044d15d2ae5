"""The web server's worker processes: the one pool core (`services.pool.Pool`, as
under the batch runner) in a thread of its own, fed from the event loop.

Each worker is a separate Python process (`services.workers.worker_command` of
`web.jobs`, confined by `web/sandbox.py` before its first job) given one job
at a time as the workers' one message. What the core does for every front end:
a job that outlives its deadline (`hard_limit`: its budget and a grace period)
gets its worker killed and replaced, the request failing as a batch job does
(`timeout: killed after ...`, 503); a worker that dies (a crash, out of memory,
killed from outside) is logged and replaced, and the request it was running is
run again on the fresh worker (every request is idempotent); only a request
that kills that worker too fails (500). A worker found dead before a request is
replaced first, so it costs the request nothing.

Overload is shed, not queued: at most `max_waiting` requests wait for a worker,
each at most `max_wait` seconds; past either bound the answer is at once a 503
(`"stopped": "busy"`, which the app sends with `Retry-After`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

from ..services import jobs
from ..services.jobs import BUSY, Failure
from ..services.pool import Outcome, Pool, Task
from ..services.workers import GRACE_SECONDS, Worker, message
from ..services.workers import worker_command as command_of
from .jobs import JOBS, Answer

__all__ = ["DEFAULT_MEMORY_MB", "GRACE_SECONDS", "MAX_WAIT_SECONDS", "RETRY_AFTER_SECONDS",
           "WorkerPool", "busy", "worker_command"]

MAX_WAIT_SECONDS = 0.5      # how long a request may wait for a free worker
WAITING_PER_WORKER = 32     # how many may wait, per worker
RETRY_AFTER_SECONDS = 1
DEFAULT_MEMORY_MB = 1024    # each worker's address space, unless told (0: no cap)
STEP_SECONDS = 0.5          # the core's longest wait when nothing happens

log = logging.getLogger("numberplay.web")


def worker_command(memory_mb: int | None = None) -> list[str]:
    """The command line that starts one web worker, capped at `memory_mb`
    (None: DEFAULT_MEMORY_MB; 0: no cap)."""
    return command_of(JOBS, DEFAULT_MEMORY_MB if memory_mb is None else memory_mb)


def busy(reason: str) -> Answer:
    """The answer to a request shed because every worker is taken (the failure
    table's "busy", and when to try again)."""
    status, body = jobs.failure_answer(jobs.busy(reason))
    return status, dict(body, error=f"{body['error']}; try again in {RETRY_AFTER_SECONDS} s")


def answer_of(outcome: Outcome) -> Answer:
    """The status and body of a request from what the pool made of it."""
    if isinstance(outcome, Failure):
        if outcome.reason == BUSY:
            return busy(outcome.message)
        return jobs.failure_answer(outcome, private=True)
    status, body = outcome
    return status, body


class WorkerPool:
    """`await pool.run(op, body, seconds)`: the answer of one job, from a worker."""

    def __init__(self, size: int | None = None, max_waiting: int | None = None,
                 command: list[str] | None = None, grace: float = GRACE_SECONDS,
                 max_wait: float = MAX_WAIT_SECONDS) -> None:
        """`command`: how to start a worker (tests pass one that misbehaves);
        `grace`: how long past its budget a job may run before its worker is killed;
        `max_waiting`, `max_wait`: how many requests may wait for a worker, how long."""
        self._command = command or worker_command()
        self.size = max(1, size or min(os.cpu_count() or 2, 8))
        self.max_waiting = WAITING_PER_WORKER * self.size if max_waiting is None else max_waiting
        self.max_wait = max_wait
        self.shed = 0
        self.core = Pool(self.size, self._start, grace=grace, logger=log, threaded=True)
        self._thread: threading.Thread | None = None
        self._stop = False

    def _start(self, wait: bool = True) -> Worker:
        """A fresh worker process (WorkerDied if it will not start)."""
        return Worker(self._command, wait=wait)

    @property
    def restarts(self) -> int:
        """How many workers were replaced."""
        return self.core.restarts

    @property
    def _all(self) -> set[Worker]:
        """The live worker processes."""
        return set(self.core.workers())

    async def start(self) -> None:
        """Start the worker processes (ready when this returns) and the core's thread."""
        await asyncio.get_running_loop().run_in_executor(None, self.core.start)
        self._thread = threading.Thread(target=self._loop, name="numberplay-web-pool",
                                        daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop:
            self.core.step(STEP_SECONDS)

    async def close(self) -> None:
        """Stop every worker."""
        self._stop = True
        self.core.wake()
        if self._thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._thread.join)
        self.core.close()

    async def run(self, op: str, body: Any, seconds: float) -> Answer:
        """Run a job; the job goes on (and its worker comes back) even if the
        client stops waiting."""
        assert self._thread is not None, "WorkerPool.start() was not called"
        if self.core.waiting >= self.max_waiting:
            self.shed += 1
            return busy(f"{self.core.waiting} requests are waiting already")
        loop = asyncio.get_running_loop()
        found: asyncio.Future[Outcome] = loop.create_future()

        def done(outcome: Outcome) -> None:     # in the core's thread
            try:
                loop.call_soon_threadsafe(_settle, found, outcome)
            except RuntimeError:    # the event loop is gone: nobody waits
                pass

        self.core.submit(Task(message(op, body, seconds), done, label=f"a {op} request",
                              max_wait=self.max_wait))
        outcome = await asyncio.shield(found)
        if isinstance(outcome, Failure) and outcome.reason == BUSY:
            self.shed += 1
        return answer_of(outcome)


def _settle(found: asyncio.Future[Outcome], outcome: Outcome) -> None:
    if not found.done():
        found.set_result(outcome)
