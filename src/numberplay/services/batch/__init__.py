"""The batch runner (`numberplay batch`): a JSONL file of jobs in, results out.

- `jobs.py`: a job line read and checked (a request of `services.operations`
  and its id), its message to a worker and the job function a worker (or a
  Dask task) runs on it (`handle`, never raises);
- `results.py`: the results file (whole lines, repair, lock);
- `pool.py` (the pool core of `services.pool`), `dask_engine.py`: the engines
  that run jobs in parallel (`dask_worker.py`: what a Dask worker runs, the
  same pool core);
- `protocols.py`: the engine, store and progress display the runner is handed;
- `runner.py`: `run_batch`, which ties them together.
"""

from __future__ import annotations

from .jobs import run_job
from .results import BatchError, ResultsFile
from .runner import BatchSummary, default_workers, load_jobs, plugin_modules, run_batch

__all__ = ["BatchError", "BatchSummary", "ResultsFile", "default_workers", "load_jobs",
           "plugin_modules", "run_batch", "run_job"]
