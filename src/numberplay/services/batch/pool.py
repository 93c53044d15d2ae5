"""The process-pool engine of the batch runner: the one pool core
(`services.pool.Pool`, as under the web server) run until the batch is done.

N worker processes (forked from the batch process where the platform allows,
else started as `services.workers.worker_command` says), each given one job at
a time as the workers' one message (`jobs.message_of`), so the pool always
knows which job a worker runs and since when. A job still running at its
deadline (`hard_limit`: its timeout and a grace period) has its worker killed
and replaced, and becomes an error result; a job whose worker died under it
runs once more on a fresh worker, and fails only if that one dies too (the
pool's one retry policy). Failures are rendered by
`services.jobs.failure_answer`, as every front end's are.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence

from ..jobs import Failure
from ..pool import Outcome, Pool, Task
from ..workers import Worker, hard_limit, run_worker, worker_command
from .jobs import JOBS, Job, Result, error_result, failure_text, message_of, result_line

__all__ = ["ProcessEngine", "hard_limit"]

POLL_SECONDS = 0.1


class ProcessEngine:
    """Runs jobs on a pool of `workers` processes; results go to `emit` as they finish."""

    name = "processes"

    def __init__(self, workers: int, plugins: tuple[str, ...] = ()) -> None:
        self.workers = max(1, workers)
        self.plugins = plugins
        self.kinds: tuple[str, ...] = ()
        self.restarts = 0

    def _start(self, wait: bool = True) -> Worker:
        """A fresh worker process; it finds plug-in kinds where this process does."""
        paths = [p for p in sys.path if p] if self.plugins else []
        command = worker_command(JOBS, None, self.kinds, self.plugins)
        main = functools.partial(run_worker, JOBS, None, self.kinds, self.plugins)
        return Worker(command, paths=paths, wait=wait, main=main)

    def run(self, jobs: Sequence[Job], emit: Callable[[Result], None],
            tick: Callable[[], None] = lambda: None) -> None:
        """Run every job and call `emit` once per job, in completion order."""
        self.kinds = tuple(sorted({job.kind for job in jobs}))
        pool = Pool(min(self.workers, len(jobs)), self._start)
        for job in jobs:
            pool.submit(Task(message_of(job), functools.partial(_finish, job, emit),
                             label=f"job {job.id!r}"))
        try:
            pool.start()
            while pool.busy:
                pool.step(POLL_SECONDS)
                tick()
        finally:
            self.restarts += pool.restarts
            pool.close()


def _finish(job: Job, emit: Callable[[Result], None], outcome: Outcome) -> None:
    """Emit the result line of a job from what the pool made of it."""
    if isinstance(outcome, Failure):
        emit(error_result(job.id, failure_text(outcome)))
    else:
        emit(result_line(job.id, outcome))
