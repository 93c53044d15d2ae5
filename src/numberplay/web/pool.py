"""A small pool of worker processes that run API jobs under a time budget.

Each worker is a separate Python process (`python -m numberplay.web.worker`)
fed one JSON line per job through a pipe. A job that outlives its budget (plus
a grace period) gets its worker killed and replaced; a worker that dies (a
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
import json
import logging
import os
import select
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..services.workers import Replacer
from .jobs import Answer, error

GRACE_SECONDS = 2.0
STARTUP_SECONDS = 60.0
MAX_WAIT_SECONDS = 0.5      # how long a request may wait for a free worker
WAITING_PER_WORKER = 32     # how many may wait, per worker
RETRY_AFTER_SECONDS = 1
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
MIN_RETRY_SECONDS = 0.5     # the least budget a request run again is given
DEATH_SECONDS = 1.0         # how long a worker that closed its pipes is given to exit

log = logging.getLogger("numberplay.web")


def worker_command(memory_mb: int | None = None) -> list[str]:
    """The command line that starts one worker (capped at `memory_mb`, 0: no cap)."""
    extra = [] if memory_mb is None else [str(int(memory_mb))]
    return [sys.executable, "-m", "numberplay.web.worker", *extra]


def busy(reason: str) -> Answer:
    """The answer to a request shed because every worker is taken."""
    return error(f"server busy: {reason}; try again in {RETRY_AFTER_SECONDS} s", 503,
                 stopped="busy")


class WorkerDied(Exception):
    """The worker process ended while running a job."""


class Worker:
    """One worker process and the pipes to it."""

    def __init__(self, command: list[str] | None = None) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(command or worker_command(), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=env, bufsize=0)
        # Wait until it has imported everything (it says "ready").
        stdout = self.process.stdout
        assert stdout is not None
        ready, _, _ = select.select([stdout], [], [], STARTUP_SECONDS)
        if not ready or stdout.readline().strip() != b"ready":
            self.kill()
            raise WorkerDied("the worker process did not start")

    def call(self, message: tuple[str, Any, float], timeout: float) -> Answer:
        """Send a job and wait for its answer; TimeoutError or WorkerDied."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write((json.dumps(message) + "\n").encode())
            ready, _, _ = select.select([stdout], [], [], timeout)
            line = stdout.readline() if ready else None
        except (OSError, ValueError) as exc:
            raise WorkerDied(str(exc)) from None
        if line is None:
            raise TimeoutError
        if not line:
            raise WorkerDied("the worker closed its output")
        try:
            status, answer = json.loads(line)
        except ValueError:  # cut short: the worker died while writing
            raise WorkerDied("the worker's answer was cut short") from None
        return status, answer

    @property
    def pid(self) -> int | None:
        """The process id."""
        return self.process.pid

    def returncode(self, wait: float = 0.0) -> int | None:
        """The return code once the process has ended (waiting up to `wait` s), else None."""
        try:
            return self.process.wait(wait) if wait else self.process.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Stop the process now."""
        try:
            self.process.kill()
        except OSError:
            pass
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()

    def close(self) -> None:
        """Close its input so it finishes; kill it if it does not."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


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
        self._replacer = Replacer(lambda: Worker(self._command), logger=log,
                                  death_wait=DEATH_SECONDS)

    @property
    def restarts(self) -> int:
        """How many workers were replaced."""
        return self._replacer.restarts

    async def start(self) -> None:
        """Start the worker processes."""
        loop = asyncio.get_running_loop()
        self._idle = asyncio.Queue()
        workers = await asyncio.gather(*[loop.run_in_executor(self._threads, Worker, self._command)
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
                    return await loop.run_in_executor(self._threads, worker.call,
                                                      (op, body, left), left + self.grace)
                except TimeoutError:
                    answer = error(f"stopped: no answer within the {seconds:g} s budget", 503,
                                   stopped="budget")
                    break
                except WorkerDied:
                    answer = error("internal error: the worker process died on this request "
                                   "twice", 500)
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
