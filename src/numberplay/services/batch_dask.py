"""The Dask engine of the batch runner: the same jobs on a Dask distributed cluster.

`--scheduler local` starts a `LocalCluster` of worker processes (one thread
each) and then takes the same path as a remote scheduler address. Every task
is `run_job`, exactly as in the process pool, so results are identical.

Hard timeouts: each task notes in its worker process when it started; the
client polls those ages (`Client.run`) and, for a job far past its timeout,
cancels it, writes its error result and restarts that worker through its nanny.
Dask is optional: it is imported only here, when this engine is used.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import NumberplayError
from .batch_jobs import Job, Result, error_result, one_line, run_job
from .batch_pool import hard_limit

POLL_SECONDS = 0.02
AGE_POLL_SECONDS = 0.5

# In a worker process: task key -> time.monotonic() when the task started.
_RUNNING: dict[str, float] = {}


class DaskMissing(NumberplayError):
    """Dask distributed is not installed."""


def import_distributed() -> Any:
    """The `distributed` module, or DaskMissing with a one-line hint."""
    try:
        import distributed
    except ImportError:
        raise DaskMissing("--scheduler needs Dask: pip install 'numberplay[dask]'") from None
    return distributed


def dask_task(job: Job, key: str, plugins: tuple[str, ...]) -> Result:
    """A Dask task: run one job, noting its start for the client's timeout watch."""
    _RUNNING[key] = time.monotonic()
    try:
        return run_job(job, plugins)
    finally:
        _RUNNING.pop(key, None)


def running_ages() -> dict[str, float]:
    """Run on a worker: seconds each running task has been running."""
    now = time.monotonic()
    return {key: now - start for key, start in list(_RUNNING.items())}


class DaskEngine:
    """Runs jobs on a Dask cluster at `address` ("local" starts one of `workers` processes)."""

    name = "dask"

    def __init__(self, address: str, workers: int, plugins: tuple[str, ...] = (),
                 connect_timeout: float = 20.0) -> None:
        self.distributed = import_distributed()
        self.address = address
        self.connect_timeout = connect_timeout
        self.workers = max(1, workers)
        self.plugins = plugins

    def connect(self) -> tuple[Any, Any]:
        """(client, cluster or None)."""
        distributed = self.distributed
        if self.address == "local":
            cluster = distributed.LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=":0", scheduler_kwargs={"dashboard": False},
                silence_logs=logging.ERROR)
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
        client, cluster = self.connect()
        try:
            self._run(client, jobs, emit, tick)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    def _run(self, client: Any, jobs: Sequence[Job], emit: Callable[[Result], None],
             tick: Callable[[], None]) -> None:
        run = uuid.uuid4().hex[:12]
        keys = [f"numberplay-{run}-{i}" for i in range(len(jobs))]
        futures = client.map(dask_task, jobs, keys, plugins=self.plugins, key=keys, pure=False)
        waiting = {f.key: (f, job) for f, job in zip(futures, jobs, strict=True)}
        done = self.distributed.as_completed(futures)
        watch = any(job.timeout is not None for job in jobs)
        last_watch = time.monotonic()
        while waiting:
            batch = done.next_batch(block=False) if done.has_ready() else []
            for future in batch:
                entry = waiting.pop(future.key, None)
                if entry is not None:
                    emit(_outcome(future, entry[1]))
                    future.release()
            if watch and time.monotonic() - last_watch > AGE_POLL_SECONDS:
                self._reap_overdue(client, waiting, emit)
                last_watch = time.monotonic()
            tick()
            if not batch:
                time.sleep(POLL_SECONDS)

    def _reap_overdue(self, client: Any, waiting: dict[str, tuple[Any, Job]],
                      emit: Callable[[Result], None]) -> None:
        """Fail the jobs far past their timeout and restart the workers running them."""
        try:
            ages = client.run(running_ages)
        except Exception:  # a worker coming or going; try again on the next poll
            return
        for address, running in ages.items():
            for key, age in running.items():
                entry = waiting.get(key)
                if entry is None or entry[1].timeout is None:
                    continue
                future, job = entry
                if age > hard_limit(job.timeout):
                    del waiting[key]
                    future.cancel()
                    emit(error_result(job.id, f"timeout: killed after {age:.1f} s "
                                              f"(limit {job.timeout:g} s)"))
                    try:
                        client.restart_workers([address], raise_for_error=False)
                    except Exception:  # no nanny: the task runs on, its result unused
                        logging.getLogger(__name__).warning("could not restart %s", address)


def _outcome(future: Any, job: Job) -> Result:
    """The result line of a finished, failed or cancelled future."""
    if future.status == "finished":
        try:
            return future.result()
        except Exception as exc:  # lost between finishing and fetching
            return error_result(job.id, f"dask: {type(exc).__name__}: {exc}")
    if future.status == "error":
        exc = future.exception()
        return error_result(job.id, f"dask: {type(exc).__name__}: {exc}")
    return error_result(job.id, f"dask: task {future.status}")
