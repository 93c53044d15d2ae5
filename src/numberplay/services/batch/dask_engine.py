"""The Dask engine of the batch runner: the same jobs on a Dask distributed cluster.

`--scheduler local` starts a `LocalCluster` of worker processes (one thread
each) and then takes the same path as a remote scheduler address. Every job
of a task runs the job function of the process pool's workers
(`jobs.handle` on `jobs.message_of(job)`, through `run_job`), so results are
identical; a lone job whose task failed is retried as the pool retries a job
whose worker died (`services.pool.RETRIES`).

A task runs a small chunk of jobs (at most MAX_CHUNK, fewer for small
batches) to hide Dask's cost per task. Hard timeouts: each task notes in its
worker process which job runs since when; the client polls those ages
(`Client.run`) and, for a job far past its timeout, cancels the task, writes
the job's error result, sends the chunk's other jobs again and restarts that
worker through its nanny. A chunk that fails (its worker died) is retried job
by job, so only the job at fault fails. The loop never waits forever: a task
whose result was lost is sent again; when the cluster has no worker, ours is
scaled back up, and after NO_WORKERS_SECONDS without any the jobs still out
fail with an error result.
Dask is optional: it is imported only here, when this engine is used.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import NumberplayError
from ..jobs import died, killed
from ..pool import RETRIES
from ..workers import hard_limit
from .jobs import Job, Result, error_result, failure_text, id_key, one_line, run_job

POLL_SECONDS = 0.02
AGE_POLL_SECONDS = 0.5
# How often to look for tasks that ended but were never handed over by as_completed.
SWEEP_SECONDS = 1.0
MAX_CHUNK = 8
# More tries for a lone job whose task failed in Dask: the pool's (`services.pool.RETRIES`).
# Even KilledWorker: Dask blames every task queued on a dying worker, so an innocent job
# next to a crashing one can get it; the crashing one gets it again.
# A task whose result was lost (its worker died after running it) did not fail:
# it is sent again, up to this many times, without counting as a retry.
LOST_RETRIES = 10
# How often to ask the scheduler how many workers it has.
HEALTH_SECONDS = 2.0
# With no worker at all for this long, the jobs still out fail (the loop's deadline).
NO_WORKERS_SECONDS = 60.0

# In a worker process: task key -> (index of the running job in its chunk, its start).
_RUNNING: dict[str, tuple[int, float]] = {}


class DaskMissing(NumberplayError):
    """Dask distributed is not installed."""


def import_distributed() -> Any:
    """The `distributed` module, or DaskMissing with a one-line hint."""
    try:
        import distributed
    except ImportError:
        raise DaskMissing("--scheduler needs Dask: pip install 'numberplay[dask]'") from None
    return distributed


def dask_chunk(jobs: list[Job], key: str, plugins: tuple[str, ...]) -> list[Result]:
    """A Dask task: run a few jobs in turn, noting which one runs since when."""
    results = []
    try:
        for index, job in enumerate(jobs):
            _RUNNING[key] = (index, time.monotonic())
            results.append(run_job(job, plugins))
    finally:
        _RUNNING.pop(key, None)
    return results


def running_ages() -> dict[str, tuple[int, float]]:
    """Run on a worker: for each running task, (job index in its chunk, seconds running)."""
    now = time.monotonic()
    return {key: (index, now - start) for key, (index, start) in list(_RUNNING.items())}


def chunk_size(jobs: int, workers: int) -> int:
    """Jobs per task: enough to hide Dask's per-task cost, few enough to balance the load."""
    return max(1, min(MAX_CHUNK, jobs // (16 * max(1, workers))))


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
            # worker processes the nannies start again later read their log level here
            os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "error")
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
            self._run(client, jobs, emit, tick, cluster=cluster)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    def _run(self, client: Any, jobs: Sequence[Job], emit: Callable[[Result], None],
             tick: Callable[[], None], cluster: Any = None) -> None:
        """Submit the jobs in chunks and collect them."""
        tasks = _Tasks(client, self.distributed, self.plugins, cluster, self.workers)
        size = chunk_size(len(jobs), self.workers)
        for i in range(0, len(jobs), size):
            tasks.submit(list(jobs[i:i + size]))
        watch = any(job.timeout is not None for job in jobs)
        try:
            self._loop(tasks, watch, emit, tick)
        finally:
            tasks.join()

    def _loop(self, tasks: _Tasks, watch: bool, emit: Callable[[Result], None],
              tick: Callable[[], None]) -> None:
        """Collect results until every task is accounted for."""
        last_watch = last_sweep = last_health = time.monotonic()
        while tasks.pending():
            tasks.next_retry()
            batch = tasks.done.next_batch(block=False) if tasks.done.has_ready() else []
            for future, value in batch:
                chunk = tasks.waiting.pop(future.key, None)
                if chunk is not None:
                    tasks.finish(future, value, chunk, emit)
            if watch and time.monotonic() - last_watch > AGE_POLL_SECONDS:
                tasks.reap_overdue(emit)
                last_watch = time.monotonic()
            if time.monotonic() - last_sweep > SWEEP_SECONDS:
                tasks.sweep(emit)
                last_sweep = time.monotonic()
            if time.monotonic() - last_health > HEALTH_SECONDS:
                tasks.check_workers(emit)
                last_health = time.monotonic()
            tick()
            if not batch:
                time.sleep(POLL_SECONDS)


class _Tasks:
    """The chunks submitted to the cluster and not yet accounted for."""

    def __init__(self, client: Any, distributed: Any, plugins: tuple[str, ...],
                 cluster: Any = None, workers: int = 1) -> None:
        self.client = client
        self.cluster = cluster
        self.own_cluster = cluster is not None
        self.workers = workers
        self.no_workers_since: float | None = None
        self.plugins = plugins
        self.run = uuid.uuid4().hex[:12]
        self.count = 0
        self.waiting: dict[str, list[Job]] = {}
        self.futures: dict[str, Any] = {}
        self.done = distributed.as_completed([], with_results=True, raise_errors=False)
        self.restarts: list[threading.Thread] = []
        self.retried: dict[str, int] = {}
        self.lost: dict[str, int] = {}
        # Lone jobs to try again, one at a time: a job that kills its worker cannot
        # then take an innocent retry down with it.
        self.retry_queue: list[list[Job]] = []
        self.retry_key: str | None = None

    def pending(self) -> bool:
        """Tasks out on the cluster or retries still queued?"""
        return bool(self.waiting or self.retry_queue)

    def next_retry(self) -> None:
        """Send the next queued retry once the previous one is accounted for."""
        if self.retry_queue and (self.retry_key is None or self.retry_key not in self.waiting):
            chunk = self.retry_queue.pop(0)
            self.retry_key = f"numberplay-{self.run}-{self.count}"
            self.submit(chunk)

    def submit(self, chunk: list[Job]) -> None:
        """Send one chunk of jobs as one task."""
        key = f"numberplay-{self.run}-{self.count}"
        self.count += 1
        future = self.client.submit(dask_chunk, chunk, key, self.plugins, key=key, pure=False)
        self.waiting[key] = chunk
        self.futures[key] = future
        self.done.add(future)

    def finish(self, future: Any, value: Any, chunk: list[Job],
               emit: Callable[[Result], None]) -> None:
        """Emit a finished chunk's results. A chunk that failed in Dask (a worker died, a
        connection dropped, a task cancelled by a starved scheduler: `run_job` itself never
        raises) is retried job by job, and a lone job up to RETRIES more times, so only a
        job that keeps killing its worker fails."""
        self.futures.pop(future.key, None)
        if future.status == "finished" and isinstance(value, list):
            future.release()
            for result in value:
                emit(result)
            return
        lost = future.status == "lost"
        value = _exception(future, value)
        future.release()
        if lost and self.lost.get(id_key(chunk[0].id), 0) < LOST_RETRIES:
            self.lost[id_key(chunk[0].id)] = self.lost.get(id_key(chunk[0].id), 0) + 1
            self.submit(chunk)
        elif len(chunk) > 1:
            for job in chunk:
                self.submit([job])
        elif self.retried.get(id_key(chunk[0].id), 0) < RETRIES:
            self.retried[id_key(chunk[0].id)] = self.retried.get(id_key(chunk[0].id), 0) + 1
            logging.getLogger(__name__).warning("retrying job %r after %s", chunk[0].id,
                                                _failure(future, value, chunk[0])["error"])
            self.retry_queue.append(chunk)
        else:
            emit(_failure(future, value, chunk[0]))

    def sweep(self, emit: Callable[[Result], None]) -> None:
        """Finish the tasks that ended without `as_completed` handing them over: when a
        worker dies, its callback can raise KilledWorker and drop the future for good."""
        for key, future in list(self.futures.items()):
            if key not in self.waiting or future.status not in ("error", "cancelled", "finished",
                                                                 "lost"):
                continue
            value = None
            if future.status == "finished":
                try:
                    value = future.result(timeout=10)
                except Exception as exc:  # the result could not be fetched: retry the chunk
                    value = exc
            self.finish(future, value, self.waiting.pop(key), emit)

    def check_workers(self, emit: Callable[[Result], None]) -> None:
        """Keep the cluster staffed: our own cluster drops a worker that takes too long
        to come back after a crash, so scale it up again; with no worker at all for
        NO_WORKERS_SECONDS, fail the jobs still out rather than wait forever."""
        try:
            count = len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # the scheduler is busy or going: ask again later
            return
        if self.cluster is not None and count < self.workers:
            try:
                self.cluster.scale(self.workers)
            except Exception:  # closing
                logging.getLogger(__name__).warning("could not scale the Dask cluster")
        now = time.monotonic()
        if count:
            self.no_workers_since = None
            return
        if self.no_workers_since is None:
            self.no_workers_since = now
        if now - self.no_workers_since < NO_WORKERS_SECONDS:
            return
        message = failure_text(died(f"no worker left on the Dask cluster for "
                                    f"{NO_WORKERS_SECONDS:g} s"))
        for key, chunk in list(self.waiting.items()):
            future = self.futures.pop(key, None)
            if future is not None:
                future.release()
            for job in chunk:
                emit(error_result(job.id, message))
        self.waiting.clear()
        for chunk in self.retry_queue:
            for job in chunk:
                emit(error_result(job.id, message))
        self.retry_queue.clear()

    def reap_overdue(self, emit: Callable[[Result], None]) -> None:
        """Fail the jobs far past their timeout, restart the workers running them, and
        send again the other jobs of their chunks."""
        try:
            ages = self.client.run(running_ages)
        except Exception:  # a worker coming or going; try again on the next poll
            return
        for address, running in ages.items():
            for key, (index, age) in running.items():
                chunk = self.waiting.get(key)
                if chunk is None or chunk[index].timeout is None:
                    continue
                job = chunk[index]
                if age > hard_limit(job.timeout):
                    del self.waiting[key]
                    self.futures.pop(key).cancel()
                    emit(error_result(job.id, failure_text(killed(age, job.timeout))))
                    rest = chunk[:index] + chunk[index + 1:]
                    if rest:
                        self.submit(rest)
                    if self.own_cluster and not self.waiting:
                        continue  # our own cluster closes now: no need to restart it
                    restart = threading.Thread(target=self._restart, args=(address,),
                                               daemon=True)
                    restart.start()
                    self.restarts.append(restart)

    def join(self) -> None:
        """Wait for the worker restarts still under way."""
        for restart in self.restarts:
            restart.join(60)

    def _restart(self, address: str) -> None:
        """Restart a worker through its nanny (a job ignoring its budget is still running);
        runs in a thread of its own so that results keep flowing meanwhile."""
        try:
            self.client.restart_workers([address], raise_for_error=False)
        except Exception:  # no nanny: the task runs on, its result unused
            logging.getLogger(__name__).warning("could not restart Dask worker %s", address)


def _exception(future: Any, value: Any) -> Any:
    """The exception of a failed future (as_completed may not hand it over)."""
    if isinstance(value, BaseException) or future.status != "error":
        return value
    try:
        return future.exception(timeout=10)
    except Exception as exc:  # the exception itself could not be fetched
        return exc


def _failure(future: Any, value: Any, job: Job) -> Result:
    """The error result of a task that did not finish (`value`: its exception, if
    any), by the failure table: its worker died under it."""
    how = f"{type(value).__name__}: {value}" if isinstance(value, BaseException) \
        else f"task {future.status}"
    return error_result(job.id, failure_text(died(f"Dask: {how}")))
