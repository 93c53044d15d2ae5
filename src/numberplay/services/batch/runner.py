"""The batch runner: a JSONL file of jobs in, a JSONL file of results out.

    summary = run_batch("jobs.jsonl", "results.jsonl", workers=2, timeout=10)
    raise SystemExit(summary.exit_code)

Results are appended as jobs finish, one whole line per `write` call, so a run
that is killed loses nothing it finished. Running again skips the ids already
in the results file (a torn last line is repaired first) and runs the rest.
Engines: a process pool (`pool.py`) or a Dask cluster (`dask_engine.py`), both
running `jobs.run_job`, so results do not depend on the engine; the results
file is `results.py`; what the runner is handed is typed in `protocols.py`.
Built only on the kind interface: no kind is named here.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import NumberplayError
from ...kinds import get_kind
from .jobs import Entry, Job, Result, id_key, read_entries
from .protocols import Emit, Engine, NoProgress, Progress, Store
from .results import BatchError, ResultsFile


@dataclass
class BatchSummary:
    """What a run did: jobs in the file, run now, failed (now and before), skipped."""

    total: int = 0
    ran: int = 0
    ok: int = 0
    failed: int = 0
    skipped: int = 0
    failed_before: int = 0
    seconds: float = 0.0
    repaired: int = 0
    startup: float = 0.0    # seconds the engine took to start (a Dask cluster's start)
    engine: str = ""
    warnings: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 when every job of the file has an ok result, else 1."""
        return 1 if self.failed or self.failed_before else 0

    def line(self) -> str:
        """A one-line report for stderr."""
        text = (f"{self.total} job(s): {self.ran} run ({self.ok} ok, {self.failed} failed)"
                f", {self.skipped} already done")
        if self.failed_before:
            text += f" ({self.failed_before} of them failed)"
        text += f", in {self.seconds:.1f} s"
        if self.startup >= 0.1:
            what = "the Dask cluster" if self.engine == "dask" else "the workers"
            text += f" ({self.startup:.1f} s of it starting {what})"
        return text


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# -- the jobs file ----------------------------------------------------------------

def load_jobs(path: str | os.PathLike[str]) -> list[Entry]:
    """Every entry of a jobs file; BatchError when it cannot be read at all."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise BatchError(f"jobs file {str(path)!r} not found") from None
    except OSError as exc:
        raise BatchError(f"cannot read jobs file {str(path)!r}: {exc.strerror or exc}") from None
    return list(read_entries(data.split(b"\n")))


# -- running ---------------------------------------------------------------------

def plugin_modules(jobs: Sequence[Job]) -> tuple[str, ...]:
    """Modules to import in fresh workers so run-time registered kinds exist there.

    Kinds in the registry are found by name; a kind registered at run time
    (a plug-in, a test) is found by importing the module that defines it.
    """
    modules: set[str] = set()
    for name in {job.kind for job in jobs}:
        try:
            module = type(get_kind(name)).__module__
        except NumberplayError:
            continue  # the job fails with the same error in the worker
        if module != "__main__" and not module.startswith("numberplay."):
            modules.add(module)
    return tuple(sorted(modules))


def make_engine(scheduler: str | None, workers: int, plugins: tuple[str, ...]) -> Engine:
    """The process pool, or the Dask engine when a scheduler is given."""
    if scheduler:
        from .dask_engine import DaskEngine
        return DaskEngine(scheduler, workers, plugins)
    from .pool import ProcessEngine
    return ProcessEngine(workers, plugins)


def run_batch(jobs_path: str | os.PathLike[str], results_path: str | os.PathLike[str], *,
              workers: int | None = None, timeout: float | None = None,
              scheduler: str | None = None, store: Store | None = None,
              progress: Progress | None = None,
              warn: Callable[[str], None] | None = None) -> BatchSummary:
    """Run the jobs not yet in the results file; BatchError when the batch cannot run.

    store: a `PuzzleStore` (or None) that receives every generated puzzle,
      before its result line is written, so an interrupted run never has a
      result whose puzzles were not stored.
    progress: a display of the jobs done (`protocols.Progress`), or None.
    warn: called with a line for what went wrong beside a job (a store that
      refused a puzzle); by default the lines are kept in `summary.warnings`.
    """
    start = time.perf_counter()
    if timeout is not None and not timeout > 0:
        raise BatchError("--timeout must be a positive number of seconds")
    entries = load_jobs(jobs_path)
    if Path(results_path).exists() and Path(results_path).samefile(jobs_path):
        raise BatchError("the results file must not be the jobs file")
    results = ResultsFile(results_path).open()
    try:
        summary = BatchSummary(total=len(entries), repaired=results.repaired)
        shown = progress if progress is not None else NoProgress()
        todo = [e for e in entries if id_key(e.id) not in results.done]
        summary.skipped = len(entries) - len(todo)
        summary.failed_before = sum(not results.done[id_key(e.id)] for e in entries
                                    if id_key(e.id) in results.done)
        emit = _emitter(results, summary, store, shown, warn or summary.warnings.append)
        shown.start(summary.total, summary.skipped, summary.failed_before)
        for entry in todo:
            if entry.failed is not None:
                emit(entry.failed)
        jobs = [_with_timeout(e.job, timeout) for e in todo if e.job is not None]
        if jobs:
            engine = make_engine(scheduler, workers or default_workers(), plugin_modules(jobs))
            summary.engine = engine.name
            try:
                engine.run(jobs, emit, shown.refresh)
            finally:
                summary.startup = engine.startup
    finally:
        results.close()
    summary.seconds = time.perf_counter() - start
    return summary


def _with_timeout(job: Job, timeout: float | None) -> Job:
    """The job with the batch's timeout where it has none of its own."""
    return job if job.timeout is not None or timeout is None else job.replace(timeout=timeout)


def _emitter(results: ResultsFile, summary: BatchSummary, store: Store | None,
             progress: Progress, warn: Callable[[str], None]) -> Emit:
    """The callback that stores, writes and counts one finished result."""
    def emit(result: Result) -> None:
        if id_key(result["id"]) in results.done:
            return  # never an id twice
        if store is not None and result["ok"]:
            _store_generated(store, result, warn)
        result = results.write(result)
        summary.ran += 1
        summary.ok += bool(result["ok"])
        summary.failed += not result["ok"]
        progress.advance(bool(result["ok"]))
    return emit


def _store_generated(store: Store, result: Result, warn: Callable[[str], None]) -> None:
    """Put the puzzles of a generate result in the store; a store failure only warns."""
    report = result.get("result")
    if not isinstance(report, dict) or "puzzles" not in report:
        return
    try:
        store.add_report(report)
    except Exception as exc:  # the result is still good; say so and go on
        warn(f"could not store the puzzles of job {result['id']!r}: {exc}")
