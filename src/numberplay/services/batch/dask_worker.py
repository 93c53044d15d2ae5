"""What runs inside a Dask worker for the batch's Dask engine (`dask_engine.py`).

A task (`dask_chunk`) hands its jobs, one by one, to its thread's pool of one
worker process (the pool core, `services.pool`, through `pool.run_jobs`):
that pool, forked from the Dask worker the first time and kept from task to
task, enforces each job's deadline, kills a job past it and runs once more,
with what is left of its budget, a job whose process died under it. A Dask
worker thus never dies of a job. `ClosePools`, a Dask worker plugin, closes
those pools when the Dask worker closes (their processes are waited for, and
their CPU time counted as its own). Importing this module imports Dask.
"""

from __future__ import annotations

import threading
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from ..pool import Pool
from .jobs import Result
from .pool import ProcessEngine, Work, run_jobs

PLUGIN = "numberplay-pools"

_LOCAL = threading.local()      # per Dask worker thread: its pool and the plug-ins it imports
_POOLS: set[Pool] = set()       # every thread's pool, closed with the Dask worker
_LOCK = threading.Lock()


def dask_chunk(work: list[Work], plugins: tuple[str, ...],
               kinds: tuple[str, ...] = ()) -> list[Result]:
    """A Dask task: the result lines of a few jobs, run on this thread's pool
    (whose process imports `plugins` and the batch's `kinds` as it starts)."""
    pool = _pool(plugins, kinds)
    results: list[Result] = []
    run_jobs(pool, work, results.append)
    return results


def _pool(plugins: tuple[str, ...], kinds: tuple[str, ...]) -> Pool:
    """This thread's pool of one worker process, started the first time (again
    for another batch's plug-ins or kinds: a worker imports them as it starts)."""
    pool: Pool | None = getattr(_LOCAL, "pool", None)
    if pool is not None and getattr(_LOCAL, "batch", None) == (plugins, kinds):
        return pool
    if pool is not None:
        _close(pool)
    pool = ProcessEngine(1, plugins).open(1, kinds)
    with _LOCK:
        _POOLS.add(pool)
    _LOCAL.pool, _LOCAL.batch = pool, (plugins, kinds)
    return pool


def _close(pool: Pool) -> None:
    with _LOCK:
        _POOLS.discard(pool)
    pool.close()


class ClosePools(WorkerPlugin):
    """Closes the worker's pools when it closes (registered once per cluster)."""

    idempotent = True

    def teardown(self, worker: Any) -> None:
        with _LOCK:
            pools = list(_POOLS)
        for pool in pools:
            _close(pool)
