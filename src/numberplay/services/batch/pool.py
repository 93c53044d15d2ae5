"""The process-pool engine of the batch runner.

N worker processes (forked from the batch process where the platform allows,
else `python -m numberplay.services.batch.worker`), each fed one job at a time
as a JSON line through its own pipe (`services.workers.Worker`,
as the web server's workers are), so the parent always knows which job a worker
is running and since when. A job still running at its deadline (`hard_limit`:
its timeout and a grace period, as in the web server) has its worker killed;
the job becomes an error result and a fresh worker takes the dead one's place.
A worker that dies on its own (a crash, the OOM killer) is replaced the same
way (`services.workers.Replacer`). Failures are rendered by
`services.jobs.failure_answer`, as every front end's are.
"""

from __future__ import annotations

import functools
import select
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence

from ..jobs import died, killed
from ..workers import Replacer, Worker, WorkerDied, ended, hard_limit, module_command
from .jobs import Job, Result, error_result, failure_text
from .worker import forked

__all__ = ["ProcessEngine", "hard_limit", "worker_command"]

POLL_SECONDS = 0.1
WORKER_MODULE = "numberplay.services.batch.worker"


def worker_command(plugins: tuple[str, ...] = (), memory_mb: int | None = None,
                   kinds: Sequence[str] = ()) -> list[str]:
    """The command line that starts one batch worker (which imports `kinds`
    before it says it is ready)."""
    memory = [] if memory_mb is None else ["--memory", str(int(memory_mb))]
    names = ["--kinds", ",".join(kinds)] if kinds else []
    return module_command(WORKER_MODULE, *memory, *names, *plugins)


class _Slot:
    """A worker and the job it is running (if any), since when."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.job: Job | None = None
        self.started = 0.0

    def give(self, job: Job) -> None:
        """Send a job (WorkerDied if the process is gone)."""
        self.job, self.started = job, time.monotonic()
        self.worker.send(vars(job))

    def overdue(self, now: float) -> bool:
        """Is the running job past its deadline?"""
        job = self.job
        return (job is not None and job.timeout is not None
                and now - self.started > hard_limit(job.timeout))

    def fileno(self) -> int:
        """The worker's output (for select)."""
        return self.worker.fileno()


class ProcessEngine:
    """Runs jobs on a pool of `workers` processes; results go to `emit` as they finish."""

    name = "processes"

    def __init__(self, workers: int, plugins: tuple[str, ...] = (),
                 memory_mb: int | None = None) -> None:
        """`memory_mb`: cap each worker's address space (None: no cap)."""
        self.workers = max(1, workers)
        self.plugins = plugins
        self.memory_mb = memory_mb
        self.kinds: tuple[str, ...] = ()
        self.replacer = Replacer(self._start)

    def _start(self, wait: bool = True) -> Worker:
        """A fresh worker process; it finds plug-in kinds where this process does."""
        paths = [p for p in sys.path if p] if self.plugins else []
        return Worker(worker_command(self.plugins, self.memory_mb, self.kinds), paths=paths,
                      wait=wait, main=functools.partial(forked, memory_mb=self.memory_mb))

    def run(self, jobs: Sequence[Job], emit: Callable[[Result], None],
            tick: Callable[[], None] = lambda: None) -> None:
        """Run every job and call `emit` once per job, in completion order."""
        pending = deque(jobs)
        self.kinds = tuple(sorted({job.kind for job in jobs}))
        pool = [_Slot(self._start(wait=False)) for _ in range(min(self.workers, len(jobs)))]
        try:
            for slot in pool:       # started side by side
                slot.worker.wait_ready()
            while pending or any(s.job is not None for s in pool):
                self._dispatch(pool, pending)
                busy = [s for s in pool if s.job is not None]
                ready, _, _ = select.select(busy, [], [], POLL_SECONDS)
                for slot in ready:
                    self._collect(slot, emit)
                self._reap_overdue(pool, emit)
                tick()
        finally:
            for slot in pool:
                if slot.job is None:
                    slot.worker.close()
                else:
                    slot.worker.kill()

    def _dispatch(self, pool: list[_Slot], pending: deque[Job]) -> None:
        """Give a job to every idle worker; replace a worker found dead."""
        for slot in pool:
            while slot.job is None and pending:
                job = pending.popleft()
                try:
                    slot.give(job)
                except WorkerDied:
                    pending.appendleft(job)
                    slot.job = None
                    slot.worker = self.replacer.replace(slot.worker)

    def _collect(self, slot: _Slot, emit: Callable[[Result], None]) -> None:
        """Read a finished result, or report the job of a worker that died."""
        job = slot.job
        assert job is not None
        try:
            result = slot.worker.receive()
        except WorkerDied:
            how = ended(slot.worker.returncode(wait=1.0))
            self._replace(slot)
            emit(error_result(job.id, failure_text(died(how))))
            return
        slot.job = None
        emit(dict(result, id=job.id))

    def _reap_overdue(self, pool: list[_Slot], emit: Callable[[Result], None]) -> None:
        """Kill the workers whose job ignored its timeout; the job fails."""
        now = time.monotonic()
        for slot in pool:
            if slot.overdue(now):
                job = slot.job
                assert job is not None and job.timeout is not None
                spent = now - slot.started
                self._replace(slot)
                emit(error_result(job.id, failure_text(killed(spent, job.timeout))))

    def _replace(self, slot: _Slot) -> None:
        """Kill the slot's worker and put a fresh one in its place."""
        slot.job = None
        slot.worker = self.replacer.replace(slot.worker)
