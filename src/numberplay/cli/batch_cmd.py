"""`numberplay batch JOBS.jsonl -o RESULTS.jsonl`: run many jobs on all cores or on Dask."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click

from ..services.batch import run_batch
from .batch_progress import make_progress
from .common import guard, say
from .params import PATH, Command, argument, option

EXIT_INTERRUPTED = 130


def _batch(jobs: Path, output: Path, workers: int | None, timeout: float | None,
           scheduler: str | None, store: Path | None, quiet: bool) -> None:
    with guard():
        code = _run(jobs, output, workers, timeout, scheduler, store, quiet)
    raise click.exceptions.Exit(code)


batch = Command("batch", callback=_batch, params=[
    argument("jobs", vtype=PATH, metavar="JOBS.jsonl", required=True,
             help="One JSON job per line."),
    option("--output", "-o", name="output", vtype=PATH, metavar="RESULTS.jsonl", required=True,
           help="Results, one JSON line per job, appended as jobs finish."),
    option("--workers", "-w", name="workers", vtype=int, low=1,
           help="Worker processes (default: every core)."),
    option("--timeout", name="timeout", vtype=float, low=0.001,
           help="Seconds per job; a job over it fails."),
    option("--scheduler", name="scheduler", metavar="ADDRESS",
           help="Run on a Dask cluster (tcp://host:8786), or 'local' to start one here."),
    option("--store", name="store", vtype=PATH, metavar="DB",
           help="Keep every generated puzzle in this SQLite store."),
    option("--quiet", "-q", name="quiet", default=False, vtype=bool,
           help="No progress bar, no summary."),
], help="""Run a file of jobs (solve, count, check, explain, hint, generate) in parallel.

    Each result line is {"id", "ok": true, "result": <the CLI's --format json>}
    or {"id", "ok": false, "error": "..."}. Running the same command again skips
    the ids already in RESULTS and finishes the rest. Exit 0 when every job
    succeeded, 1 when some failed, 2 when the batch cannot run, 74 when the
    results cannot be written.
    """)


def _run(jobs: Path, output: Path, workers: int | None, timeout: float | None,
         scheduler: str | None, store_path: Path | None, quiet: bool) -> int:
    """Run the batch; the exit code."""
    with contextlib.ExitStack() as stack:
        store = None
        if store_path is not None:
            from ..services.store import PuzzleStore
            store = stack.enter_context(PuzzleStore(store_path))
        progress = make_progress(quiet)
        if progress is not None:
            stack.callback(progress.stop)
        try:
            summary = run_batch(jobs, output, workers=workers, timeout=timeout,
                                scheduler=scheduler, store=store, progress=progress,
                                warn=lambda text: say(f"numberplay: {text}"))
        except KeyboardInterrupt:
            say(f"interrupted: the finished results are in {output}; "
                "run the same command again to finish")
            return EXIT_INTERRUPTED
    if not quiet:
        if summary.repaired:
            say(f"repaired {output}: dropped {summary.repaired} unreadable line(s)")
        say(f"batch: {summary.line()}", "red" if summary.exit_code else "dim")
    return summary.exit_code
