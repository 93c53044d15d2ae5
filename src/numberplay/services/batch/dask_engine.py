"""The Dask engine of the batch runner: the same jobs on a Dask distributed cluster.

A thin adapter. Supervision is split by what each side knows:

- a job's deadline, the kill of a job that ignores it, the one retry of a job
  whose process died under it and the budget left to that retry are the pool
  core's (`services.pool`), the one policy of every engine: each Dask task
  (`dask_worker.dask_chunk`) hands its jobs to a pool of one worker process kept
  in the Dask worker's thread (`pool.run_jobs`), so a job that hangs or crashes
  costs a fresh pool worker, never the Dask worker, and its line is the one
  the process pool writes;
- a Dask worker that is lost (killed, its machine gone) is Dask's: its
  scheduler runs the worker's tasks again elsewhere (its `allowed-failures`,
  after which the task errs with `KilledWorker`), a nanny starts the worker
  again, results whose holder died are computed again (the future is waited
  for once more, never sent twice), and `as_completed` reports every task
  as it ends. A task that raises is retried `RETRIES` times (`client.submit`'s
  `retries`), then each of its jobs fails as "died", by the failure table.

Tasks are chunks of jobs, large first and smaller towards the end
(`chunk_sizes`: what is left over twice the cluster's threads, at most
MAX_CHUNK jobs: few round trips, and a balanced end), sent with one
`client.map` in that order; results go to
`emit` as each chunk ends. A lost scheduler cancels every future at once:
that is one line (`SchedulerLost`, exit 2); the results written so far are
kept and the same command finishes the rest. `--scheduler local` starts a
`LocalCluster` in this process (its scheduler and one worker of `workers`
threads, each thread's pool process forked from here) and takes the same
path as a remote address; the seconds it took are the engine's `startup`.
Dask is optional: it is imported only here, when this engine is used.
"""

from __future__ import annotations

import logging
import math
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ...errors import NumberplayError
from ..jobs import died
from ..pool import RETRIES
from .jobs import Job, Result, error_result, failure_text, one_line
from .pool import Work, work_of

# At most this many jobs in one task: enough to hide Dask's cost per task (about
# a millisecond), few enough that a lost worker costs little work.
MAX_CHUNK = 16


# A cluster in the batch process keeps its CPU for the jobs: no stack sampling of
# its threads every 10 ms, no stealing between workers (it has one), no memory
# watch (the memory is its pool processes').
LOCAL_CONFIG = {"distributed.worker.profile.enabled": False,
                "distributed.admin.system-monitor.gil.enabled": False,
                "distributed.scheduler.work-stealing": False,
                "distributed.worker.memory.target": False,
                "distributed.worker.memory.spill": False,
                "distributed.worker.memory.pause": False,
                "distributed.worker.memory.terminate": False}


class DaskMissing(NumberplayError):
    """Dask distributed is not installed."""


class SchedulerLost(NumberplayError):
    """The connection to the Dask scheduler was lost in the middle of a batch."""


def import_distributed() -> Any:
    """The `distributed` module, or DaskMissing with a one-line hint."""
    try:
        import distributed
    except ImportError:
        raise DaskMissing("--scheduler needs Dask: pip install 'numberplay[dask]'") from None
    return distributed


def chunk_sizes(jobs: int, threads: int) -> list[int]:
    """Jobs per task, in order ("guided" chunks): each task takes what is left over
    twice the threads (at least 1, at most MAX_CHUNK), so the tasks shrink as the
    batch ends and every thread finishes at about the same time."""
    sizes, left = [], jobs
    while left > 0:
        size = max(1, min(MAX_CHUNK, math.ceil(left / (2 * max(1, threads)))))
        sizes.append(size)
        left -= size
    return sizes


class DaskEngine:
    """Runs jobs on a Dask cluster at `address` ("local" starts one of `workers` processes)."""

    name = "dask"

    def __init__(self, address: str, workers: int, plugins: tuple[str, ...] = (),
                 connect_timeout: float = 20.0) -> None:
        start = time.perf_counter()
        self.distributed = import_distributed()
        self.address = address
        self.connect_timeout = connect_timeout
        self.workers = max(1, workers)
        self.plugins = plugins
        # seconds to import Dask and start the local cluster (or reach the scheduler)
        self.startup = time.perf_counter() - start

    def connect(self) -> tuple[Any, Any]:
        """(client, cluster or None)."""
        distributed = self.distributed
        if self.address == "local":
            # The scheduler and one Dask worker of `workers` threads in this process
            # (no worker process to spawn: it starts in a fraction of a second, where
            # a cluster of worker processes takes seconds); each thread's jobs run
            # in its pool's process, forked from here, as the process pool's do.
            cluster = distributed.LocalCluster(
                n_workers=1, threads_per_worker=self.workers, processes=False,
                dashboard_address=None, silence_logs=logging.ERROR)
            return distributed.Client(cluster), cluster
        try:
            return distributed.Client(self.address, timeout=self.connect_timeout), None
        except (OSError, TimeoutError) as exc:
            raise NumberplayError(f"cannot reach Dask scheduler {self.address}: {one_line(str(exc))}") from None

    def run(self, jobs: Sequence[Job], emit: Callable[[Result], None],
            tick: Callable[[], None] = lambda: None) -> None:
        """Run every job on the cluster and call `emit` once per job, as they finish."""
        if not jobs:
            return
        start = time.perf_counter()
        import dask
        local = self.address == "local"
        with _quiet_client(), dask.config.set(LOCAL_CONFIG if local else {}):
            client, cluster = self.connect()
            self.startup += time.perf_counter() - start
            try:
                self._run(client, jobs, emit, tick)
            finally:
                client.close()
                if cluster is not None:
                    cluster.close()

    def threads(self, client: Any) -> int:
        """The threads of the cluster's workers now (our `workers` if it has none yet)."""
        try:
            info = client.scheduler_info(n_workers=-1).get("workers", {})
        except TypeError:  # an older distributed
            info = client.scheduler_info().get("workers", {})
        return sum(w.get("nthreads", 1) for w in info.values()) or self.workers

    def _run(self, client: Any, jobs: Sequence[Job], emit: Callable[[Result], None],
             tick: Callable[[], None]) -> None:
        """Submit the jobs in chunks with one `map`, and emit each chunk as it ends."""
        from .dask_worker import PLUGIN, ClosePools, dask_chunk
        client.register_plugin(ClosePools(), name=PLUGIN)
        chunks, at = [], 0
        for size in chunk_sizes(len(jobs), self.threads(client)):
            chunks.append([work_of(job) for job in jobs[at:at + size]])
            at += size
        run = uuid.uuid4().hex[:12]
        kinds = tuple(sorted({job.kind for job in jobs}))
        futures = client.map(dask_chunk, chunks, plugins=self.plugins, kinds=kinds, pure=False,
                             retries=RETRIES, key=[f"numberplay-{run}-{i}"
                                                   for i in range(len(chunks))])
        of = {future.key: chunk for future, chunk in zip(futures, chunks, strict=True)}
        done = self.distributed.as_completed(futures)
        for future in done:
            self._finish(future, of[future.key], emit, done)
            tick()

    def _finish(self, future: Any, chunk: list[Work], emit: Callable[[Result], None],
                done: Any) -> None:
        """Emit a chunk's results; wait again for one whose result Dask lost and is
        computing again; fail the jobs of a task that erred."""
        failure: BaseException | None = None
        if future.status == "finished":
            try:
                results = future.result()
            except Exception as exc:  # its worker died before we fetched it: Dask runs it
                failure = exc         # again (the future is no longer finished)
            else:
                future.release()
                for result in results:
                    emit(result)
                return
        if future.status == "cancelled":
            raise SchedulerLost(f"lost the Dask scheduler {self.address} "
                                f"({_reason(future)}): the results so far are kept; "
                                "run the same command again to finish")
        if future.status not in ("error", "finished"):    # lost, pending: Dask runs it again
            done.add(future)
            return
        how = _exception(future) if failure is None else f"{type(failure).__name__}: {failure}"
        message = failure_text(died(f"Dask: {how}"))
        future.release()
        for job_id, _ in chunk:
            emit(error_result(job_id, message))


def _reason(future: Any) -> str:
    """Why a future was cancelled, in a few words."""
    try:
        future.result(timeout=1)
    except Exception as exc:  # FutureCancelledError, with its reason
        return str(getattr(exc, "reason", None) or type(exc).__name__)
    return "cancelled"


def _exception(future: Any) -> str:
    """A failed task's exception, as `Type: message`."""
    try:
        exc = future.exception(timeout=10)
    except Exception as error:  # the exception itself could not be fetched
        exc = error
    return f"{type(exc).__name__}: {exc}"


@contextmanager
def _quiet_client() -> Iterator[None]:
    """Dask's own logging off in this process while the batch runs: a lost scheduler
    is our one line, not the client's tracebacks as it tries to reconnect."""
    loggers = [logging.getLogger(name) for name in ("distributed", "distributed.client",
                                                     "distributed.comm", "tornado")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
