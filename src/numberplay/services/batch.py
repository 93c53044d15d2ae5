"""The batch runner: a JSONL file of jobs in, a JSONL file of results out.

    summary = run_batch("jobs.jsonl", "results.jsonl", workers=2, timeout=10)
    raise SystemExit(summary.exit_code)

Results are appended as jobs finish, one whole line per `write` call, so a run
that is killed loses nothing it finished. Running again skips the ids already
in the results file (a torn last line is repaired first) and runs the rest.
Engines: a process pool (`batch_pool`) or a Dask cluster (`batch_dask`), both
running `batch_jobs.run_job`, so results do not depend on the engine.
Built only on the kind interface: no kind is named here.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import NumberplayError
from ..interrupts import deferred
from ..kinds import get_kind
from .batch_jobs import (
    Entry,
    Job,
    Result,
    error_result,
    id_key,
    read_entries,
    run_job,
)

__all__ = ["BatchError", "BatchSummary", "ResultsFile", "default_workers", "load_jobs",
           "run_batch", "run_job"]


class BatchError(NumberplayError):
    """The batch itself cannot run (missing jobs file, unwritable results...)."""


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
        return text + f", in {self.seconds:.1f} s"


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


# -- the results file ---------------------------------------------------------------

class ResultsFile:
    """The results file: which ids it holds, and appending whole lines to it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.fd: int | None = None
        self.done: dict[str, bool] = {}  # id key -> ok
        self.repaired = 0

    def open(self) -> ResultsFile:
        """Open for appending, lock against a second run, read (and repair) what is
        there; BatchError if we cannot."""
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
            _lock(self.fd, self.path)
            self._load()
        except OSError as exc:
            self.close()
            raise BatchError(f"cannot write results file {str(self.path)!r}: "
                             f"{exc.strerror or exc}") from None
        except BaseException:
            self.close()
            raise
        return self

    def _load(self) -> None:
        """Note the ids already there; drop torn or unreadable lines and repeated ids."""
        assert self.fd is not None
        data = _read_all(self.fd)
        keep: list[bytes] = []
        lines = data.split(b"\n")
        torn = lines.pop()  # b"" when the file ends with a newline
        for raw in lines + ([torn] if torn.strip() else []):
            result = _parse_result(raw)
            if result is None or id_key(result["id"]) in self.done:
                self.repaired += bool(raw.strip())
                continue
            self.done[id_key(result["id"])] = bool(result["ok"])
            keep.append(raw.rstrip(b"\r") + b"\n")
        if not (self.repaired or torn):
            return
        good = b"".join(keep)
        if data.startswith(good):  # only a torn tail to cut: in place
            os.ftruncate(self.fd, len(good))
        elif good == data + b"\n":  # a whole last line without its newline
            os.write(self.fd, b"\n")
        else:  # bad lines in the middle: write the good ones to a new file
            _replace_file(self.path, good)
            os.close(self.fd)
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND, 0o644)
            _lock(self.fd, self.path)

    def write(self, result: Result) -> Result:
        """Append one result as one whole line, at once, and note its id. A result
        that is not plain JSON (a kind's bug) is written as an error; returns what
        was written."""
        assert self.fd is not None
        try:
            text = json.dumps(result, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as exc:
            result = error_result(result["id"], f"internal error: result is not JSON: {exc}")
            text = json.dumps(result, ensure_ascii=False)
        view = memoryview((text + "\n").encode("utf-8"))
        with deferred():  # Ctrl-C never leaves half a line
            while view:
                view = view[os.write(self.fd, view):]
        self.done[id_key(result["id"])] = bool(result["ok"])
        return result

    def close(self) -> None:
        """Close the file."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _read_all(fd: int) -> bytes:
    """The whole content of an open file."""
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _lock(fd: int, path: Path) -> None:
    """Lock the results file for this process (a POSIX lock: worker processes forked
    later do not hold it); BatchError when another batch run holds it."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        return
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise BatchError(f"results file {str(path)!r} is in use by another batch run") from None


def _parse_result(raw: bytes) -> dict[str, Any] | None:
    """A result line as a dict, or None when it is not one."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if isinstance(obj, dict) and "id" in obj and isinstance(obj.get("ok"), bool):
        return obj
    return None


def _replace_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically (temporary file, then rename)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


def make_engine(scheduler: str | None, workers: int, plugins: tuple[str, ...]) -> Any:
    """The process pool, or the Dask engine when a scheduler is given."""
    if scheduler:
        from .batch_dask import DaskEngine
        return DaskEngine(scheduler, workers, plugins)
    from .batch_pool import ProcessEngine
    return ProcessEngine(workers, plugins)


def run_batch(jobs_path: str | os.PathLike[str], results_path: str | os.PathLike[str], *,
              workers: int | None = None, timeout: float | None = None,
              scheduler: str | None = None, store: Any = None,
              progress: Any = None) -> BatchSummary:
    """Run the jobs not yet in the results file; BatchError when the batch cannot run.

    store: a `PuzzleStore` (or None) that receives every generated puzzle,
      before its result line is written, so an interrupted run never has a
      result whose puzzles were not stored.
    progress: an object with `start(total, done, failed)`, `advance(ok)` and
      `refresh()` (see `cli.batch_progress`), or None.
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
        todo = [e for e in entries if id_key(e.id) not in results.done]
        summary.skipped = len(entries) - len(todo)
        summary.failed_before = sum(not results.done[id_key(e.id)] for e in entries
                                    if id_key(e.id) in results.done)
        emit = _emitter(results, summary, store, progress)
        if progress is not None:
            progress.start(summary.total, summary.skipped, summary.failed_before)
        for entry in todo:
            if entry.failed is not None:
                emit(entry.failed)
        jobs = [_with_timeout(e.job, timeout) for e in todo if e.job is not None]
        if jobs:
            engine = make_engine(scheduler, workers or default_workers(), plugin_modules(jobs))
            engine.run(jobs, emit, progress.refresh if progress is not None else _nothing)
    finally:
        results.close()
    summary.seconds = time.perf_counter() - start
    return summary


def _nothing() -> None:
    """No progress display."""


def _with_timeout(job: Job, timeout: float | None) -> Job:
    """The job with the batch's timeout where it has none of its own."""
    return job if job.timeout is not None or timeout is None else replace(job, timeout=timeout)


def _emitter(results: ResultsFile, summary: BatchSummary, store: Any,
             progress: Any) -> Callable[[Result], None]:
    """The callback that stores, writes and counts one finished result."""
    def emit(result: Result) -> None:
        if id_key(result["id"]) in results.done:
            return  # never an id twice
        if store is not None and result["ok"]:
            _store_generated(store, result)
        result = results.write(result)
        summary.ran += 1
        summary.ok += bool(result["ok"])
        summary.failed += not result["ok"]
        if progress is not None:
            progress.advance(bool(result["ok"]))
    return emit


def _store_generated(store: Any, result: Result) -> None:
    """Put the puzzles of a generate result in the store; a store failure only warns."""
    report = result.get("result")
    if not isinstance(report, dict) or "puzzles" not in report:
        return
    try:
        store.add_report(report)
    except Exception as exc:  # the result is still good; say so and go on
        print(f"numberplay: could not store the puzzles of job {result['id']!r}: {exc}",
              file=sys.stderr)
