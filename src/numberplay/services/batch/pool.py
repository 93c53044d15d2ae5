"""The process-pool engine of the batch runner: the one pool core
(`services.pool.Pool`, as under the web server) run until the batch is done.

N worker processes (forked from the batch process where the platform allows,
else started as `services.workers.worker_command` says), each given one job at
a time as the workers' one message (`jobs.message_of`), so the pool always
knows which job a worker runs and since when. The supervision policy is the
pool core's, the one of every engine (the Dask engine runs a pool like this
one in each of its workers, `run_jobs`): a job still running at its deadline
(`hard_limit`: its timeout and a grace period) has its worker killed and
replaced, and becomes an error result; a job whose worker died under it runs
once more on a fresh worker with what is left of its budget (`Task.left`),
and fails only if that one dies too. Failures are rendered by
`services.jobs.failure_answer`, as every front end's are.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Sequence

from ..jobs import Failure
from ..pool import Outcome, Pool, Task
from ..workers import Worker, hard_limit, run_worker, worker_command
from .jobs import JOBS, Job, JobId, Result, error_result, failure_text, message_of, result_line

__all__ = ["ProcessEngine", "Work", "hard_limit", "run_jobs", "work_of"]

POLL_SECONDS = 0.1

# What a pool worker is given for one job: its id and its message (`message_of`);
# a Dask task carries a list of these, not the jobs themselves.
Work = tuple[JobId, dict]


def work_of(job: Job) -> Work:
    """The id and the worker's message of a job."""
    return job.id, message_of(job)


class ProcessEngine:
    """Runs jobs on a pool of `workers` processes; results go to `emit` as they finish."""

    name = "processes"

    def __init__(self, workers: int, plugins: tuple[str, ...] = ()) -> None:
        self.workers = max(1, workers)
        self.plugins = plugins
        self.kinds: tuple[str, ...] = ()
        self.restarts = 0
        self.startup = 0.0      # seconds until every worker was ready

    def _start(self, wait: bool = True) -> Worker:
        """A fresh worker process; it finds plug-in kinds where this process does."""
        paths = [p for p in sys.path if p] if self.plugins else []
        command = worker_command(JOBS, None, self.kinds, self.plugins)
        main = functools.partial(run_worker, JOBS, None, self.kinds, self.plugins)
        return Worker(command, paths=paths, wait=wait, main=main)

    def open(self, size: int, kinds: Sequence[str] = ()) -> Pool:
        """A started pool of `size` workers that import `kinds` before they say ready."""
        self.kinds = tuple(sorted(set(kinds)))
        start = time.perf_counter()
        pool = Pool(size, self._start)
        pool.start()
        self.startup = time.perf_counter() - start
        return pool

    def run(self, jobs: Sequence[Job], emit: Callable[[Result], None],
            tick: Callable[[], None] = lambda: None) -> None:
        """Run every job and call `emit` once per job, in completion order."""
        pool = self.open(min(self.workers, len(jobs)), [job.kind for job in jobs])
        try:
            run_jobs(pool, [work_of(job) for job in jobs], emit, tick)
        finally:
            self.restarts += pool.restarts
            pool.close()


def run_jobs(pool: Pool, work: Sequence[Work], emit: Callable[[Result], None],
             tick: Callable[[], None] = lambda: None) -> None:
    """Give every job to a started pool and step it until each is answered (the
    pool's supervision: deadlines, the one retry, its budget); `emit` gets each
    result line as its job finishes."""
    for job_id, sent in work:
        pool.submit(Task(sent, functools.partial(_finish, job_id, emit), label=f"job {job_id!r}"))
    while pool.busy:
        pool.step(POLL_SECONDS)
        tick()


def _finish(job_id: JobId, emit: Callable[[Result], None], outcome: Outcome) -> None:
    """Emit the result line of a job from what the pool made of it."""
    if isinstance(outcome, Failure):
        emit(error_result(job_id, failure_text(outcome)))
    else:
        emit(result_line(job_id, outcome))
