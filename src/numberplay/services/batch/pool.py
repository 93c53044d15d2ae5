"""The process-pool engine of the batch runner.

N worker processes, each fed one job at a time through its own pipe, so the
parent always knows which job a worker is running and since when. A job still
running well after its timeout (`hard_limit`) has its worker killed; the job
becomes an error result and a fresh worker takes the dead one's place. A worker
that dies on its own (a crash, the OOM killer) is replaced the same way
(`services.workers`: the kill-and-replace primitive the web server's pool uses too).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from ..workers import Replacer, ended, hard_limit, limit_memory
from .jobs import Job, Result, error_result, import_plugins, run_job

__all__ = ["ProcessEngine", "hard_limit", "start_method"]

POLL_SECONDS = 0.1
PARENT_CHECK_SECONDS = 1.0


def start_method() -> str:
    """"fork" on Linux (cheap; run-time registered kinds are inherited), else "spawn"
    (fork is unsafe on macOS; spawned workers import the plug-in kinds' modules)."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


def _worker_main(conn: Connection, plugins: tuple[str, ...],
                 memory_mb: int | None = None) -> None:
    """A worker process: run the jobs it is sent until it is sent None, or until the
    batch process is gone (killed: its pipes may stay open in the other workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    limit_memory(memory_mb)
    parent = os.getppid()
    import_plugins(plugins)
    while True:
        try:
            if not conn.poll(PARENT_CHECK_SECONDS):
                if os.getppid() != parent:
                    return
                continue
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        result = run_job(job, plugins)
        try:
            conn.send(result)
        except OSError:  # the parent is gone
            return


class _Worker:
    """One worker process, its pipe, and the job it is running (if any)."""

    def __init__(self, ctx: Any, plugins: tuple[str, ...], memory_mb: int | None = None) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker_main, args=(child, plugins, memory_mb),
                                daemon=True, name="numberplay-batch-worker")
        self.proc.start()
        child.close()
        self.job: Job | None = None
        self.started = 0.0

    def give(self, job: Job) -> None:
        """Send a job (BrokenPipeError/OSError if the process is gone)."""
        self.job, self.started = job, time.monotonic()
        self.conn.send(job)

    def overdue(self, now: float) -> bool:
        """Is the running job past the hard limit of its timeout?"""
        job = self.job
        return (job is not None and job.timeout is not None
                and now - self.started > hard_limit(job.timeout))

    @property
    def pid(self) -> int | None:
        """The process id."""
        return self.proc.pid

    def returncode(self, wait: float = 0.0) -> int | None:
        """The exit code once the process has ended (waiting up to `wait` s), else None."""
        if wait:
            self.proc.join(wait)
        return self.proc.exitcode

    def kill(self) -> None:
        """Kill the process at once and release its pipe."""
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)
        self.conn.close()

    def stop(self) -> None:
        """Ask the process to finish, killing it if it does not."""
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(1)
        self.kill()


class ProcessEngine:
    """Runs jobs on a pool of `workers` processes; results go to `emit` as they finish."""

    name = "processes"

    def __init__(self, workers: int, plugins: tuple[str, ...] = (),
                 memory_mb: int | None = None) -> None:
        """`memory_mb`: cap each worker's address space (None: no cap)."""
        self.workers = max(1, workers)
        self.plugins = plugins
        self.memory_mb = memory_mb
        self.ctx = multiprocessing.get_context(start_method())
        self.replacer = Replacer(self._start)

    def _start(self) -> _Worker:
        """A fresh worker process."""
        return _Worker(self.ctx, self.plugins, self.memory_mb)

    def run(self, jobs: Sequence[Job], emit: Callable[[Result], None],
            tick: Callable[[], None] = lambda: None) -> None:
        """Run every job and call `emit` once per job, in completion order."""
        pending = deque(jobs)
        pool = [self._start() for _ in range(min(self.workers, len(jobs)))]
        try:
            while pending or any(w.job is not None for w in pool):
                self._dispatch(pool, pending)
                busy = {w.conn: w for w in pool if w.job is not None}
                for conn in wait(list(busy), timeout=POLL_SECONDS):
                    self._collect(pool, busy[conn], emit)
                self._reap_overdue(pool, emit)
                tick()
        finally:
            for worker in pool:
                if worker.job is None:
                    worker.stop()
                else:
                    worker.kill()

    def _dispatch(self, pool: list[_Worker], pending: deque[Job]) -> None:
        """Give a job to every idle worker; replace a worker found dead."""
        for i, worker in enumerate(pool):
            while worker.job is None and pending:
                job = pending.popleft()
                try:
                    worker.give(job)
                except OSError:
                    pending.appendleft(job)
                    worker = pool[i] = self.replacer.replace(worker)

    def _collect(self, pool: list[_Worker], worker: _Worker, emit: Callable[[Result], None]) -> None:
        """Read a finished result, or report the job of a worker that died."""
        job = worker.job
        assert job is not None
        try:
            result = worker.conn.recv()
        except (EOFError, OSError):
            how = ended(worker.returncode(wait=1.0))
            self._replace(pool, worker)
            emit(error_result(job.id, f"worker process died ({how}) while running the job"))
            return
        worker.job = None
        emit(result)

    def _reap_overdue(self, pool: list[_Worker], emit: Callable[[Result], None]) -> None:
        """Kill the workers whose job ignored its timeout; the job fails."""
        now = time.monotonic()
        for worker in list(pool):
            if worker.overdue(now):
                job = worker.job
                assert job is not None and job.timeout is not None
                spent = now - worker.started
                self._replace(pool, worker)
                emit(error_result(job.id, f"timeout: killed after {spent:.1f} s "
                                          f"(limit {job.timeout:g} s)"))

    def _replace(self, pool: list[_Worker], worker: _Worker) -> None:
        """Kill `worker` and put a fresh one in its place."""
        pool[pool.index(worker)] = self.replacer.replace(worker)
