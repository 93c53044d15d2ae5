"""A small pool of worker processes that run API jobs under a time budget.

Each worker is a separate Python process (`python -m numberplay.web.worker`)
fed one JSON line per job through a pipe (`services.workers.Worker`, as the
batch's workers are). A job that outlives its deadline (`hard_limit`: its budget
and a grace period, as in the batch) gets its worker killed and replaced, the
request failing as a batch job does (`timeout: killed after ...`, 503); a worker that dies (a
crash, out of memory, killed from outside) is logged and replaced too, and the
request it was running is run again on the fresh worker (every request is
idempotent); only a request that kills that worker too fails (500). A worker
found dead before a request is replaced first, so it costs the request nothing.
Killing and replacing is `services.workers.Replacer`, as in the batch's pool.

Overload is shed, not queued: at most `max_waiting` requests wait for a worker,
each at most `max_wait` seconds; past either bound the answer is at once a 503
(`"stopped": "busy"`, which the app sends with `Retry-After`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..services.jobs import died, killed
from ..services.workers import (
    GRACE_SECONDS,
    Replacer,
    Worker,
    WorkerDied,
    ended,
    hard_limit,
    module_command,
)
from .jobs import Answer, error, failure_answer

__all__ = ["GRACE_SECONDS", "MAX_WAIT_SECONDS", "RETRY_AFTER_SECONDS", "WorkerPool", "busy",
           "worker_command"]

MAX_WAIT_SECONDS = 0.5      # how long a request may wait for a free worker
WAITING_PER_WORKER = 32     # how many may wait, per worker
RETRY_AFTER_SECONDS = 1
MIN_RETRY_SECONDS = 0.5     # the least budget a request run again is given
DEATH_SECONDS = 1.0         # how long a worker that closed its pipes is given to exit

log = logging.getLogger("numberplay.web")


def worker_command(memory_mb: int | None = None) -> list[str]:
    """The command line that starts one worker (capped at `memory_mb`, 0: no cap)."""
    extra = [] if memory_mb is None else [str(int(memory_mb))]
    return module_command("numberplay.web.worker", *extra)


def busy(reason: str) -> Answer:
    """The answer to a request shed because every worker is taken."""
    return error(f"server busy: {reason}; try again in {RETRY_AFTER_SECONDS} s", 503,
                 stopped="busy")


class WorkerPool:
    """`await pool.run(op, body, seconds)`: the answer of one job, from a worker."""

    def __init__(self, size: int | None = None, max_waiting: int | None = None,
                 command: list[str] | None = None, grace: float = GRACE_SECONDS,
                 max_wait: float = MAX_WAIT_SECONDS) -> None:
        """`command`: how to start a worker (tests pass one that misbehaves);
        `grace`: how long past its budget a job may run before its worker is killed;
        `max_waiting`, `max_wait`: how many requests may wait for a worker, how long."""
        self.grace = grace
        self._command = command
        self.size = max(1, size or min(os.cpu_count() or 2, 8))
        self.max_waiting = WAITING_PER_WORKER * self.size if max_waiting is None else max_waiting
        self.max_wait = max_wait
        self.shed = 0
        self._threads = ThreadPoolExecutor(max_workers=self.size + 2,
                                           thread_name_prefix="numberplay-web")
        self._idle: asyncio.Queue[Worker] | None = None
        self._all: set[Worker] = set()
        self._waiting = 0
        self._replacer = Replacer(self._start, logger=log, death_wait=DEATH_SECONDS)

    def _start(self) -> Worker:
        """A fresh worker process (WorkerDied if it will not start)."""
        return Worker(self._command or worker_command())

    @property
    def restarts(self) -> int:
        """How many workers were replaced."""
        return self._replacer.restarts

    async def start(self) -> None:
        """Start the worker processes."""
        loop = asyncio.get_running_loop()
        self._idle = asyncio.Queue()
        workers = await asyncio.gather(*[loop.run_in_executor(self._threads, self._start)
                                         for _ in range(self.size)])
        for worker in workers:
            self._all.add(worker)
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        """Stop every worker."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*[loop.run_in_executor(self._threads, w.close)
                               for w in list(self._all)])
        self._all.clear()
        self._threads.shutdown(wait=False)

    async def run(self, op: str, body: Any, seconds: float) -> Answer:
        """Run a job; the job goes on (and its worker comes back) even if the
        client stops waiting."""
        assert self._idle is not None, "WorkerPool.start() was not called"
        if self._waiting >= self.max_waiting:
            self.shed += 1
            return busy(f"{self._waiting} requests are waiting already")
        self._waiting += 1
        try:
            worker = await self._take()
        finally:
            self._waiting -= 1
        if worker is None:
            self.shed += 1
            return busy(f"no worker was free within {self.max_wait:g} s")
        task = asyncio.ensure_future(self._run(worker, op, body, seconds))
        return await asyncio.shield(task)

    async def _take(self) -> Worker | None:
        """An idle worker within `max_wait` seconds, or None. A worker taken just as
        the client went away goes back to the queue (none is ever lost)."""
        assert self._idle is not None
        getter = asyncio.ensure_future(self._idle.get())
        try:
            await asyncio.wait({getter}, timeout=self.max_wait)
        except BaseException:
            if getter.done() and not getter.cancelled():
                self._idle.put_nowait(getter.result())
            getter.cancel()
            raise
        if getter.done():
            return getter.result()
        getter.cancel()  # not resumed yet: the queue keeps its item
        return None

    async def _run(self, worker: Worker, op: str, body: Any, seconds: float) -> Answer:
        """The answer of one job; a worker that died is logged and replaced, and the
        job run once more on the fresh one."""
        assert self._idle is not None
        loop = asyncio.get_running_loop()
        start = time.monotonic()
        try:
            if not self._replacer.alive(worker):   # died while idle: costs this request nothing
                worker = await loop.run_in_executor(self._threads, self._replace, worker,
                                                    "while idle")
            for attempt in (1, 2):
                left = seconds if attempt == 1 else max(seconds - (time.monotonic() - start),
                                                         MIN_RETRY_SECONDS)
                try:
                    status, found = await loop.run_in_executor(
                        self._threads, worker.call, (op, body, left), hard_limit(left, self.grace))
                    return status, found
                except TimeoutError:
                    answer = failure_answer(killed(time.monotonic() - start, seconds))
                    break
                except WorkerDied:
                    how = ended(await loop.run_in_executor(self._threads, worker.returncode,
                                                           DEATH_SECONDS))
                    answer = failure_answer(died(how, "this request, twice"))
                    if attempt == 1:
                        worker = await loop.run_in_executor(
                            self._threads, self._replace, worker,
                            f"while running a {op} request (running it again)")
                        continue
                    worker = await loop.run_in_executor(
                        self._threads, self._replace, worker, f"while running a {op} request")
                    return answer
            worker = await loop.run_in_executor(self._threads, self._replace, worker)
            return answer
        except WorkerDied:                 # no fresh worker would start
            return busy("a worker process could not be restarted")
        finally:
            self._idle.put_nowait(worker)

    def _replace(self, worker: Worker, died: str | None = None) -> Worker:
        """A fresh worker in place of `worker` (killed); WorkerDied if it will not
        start, `worker` then staying in the pool to be replaced next time. `died`:
        the worker died on its own (when: "while idle", ...), which is logged."""
        fresh = self._replacer.replace(worker, died)
        self._all.discard(worker)
        self._all.add(fresh)
        return fresh
