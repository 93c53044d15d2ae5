"""`numberplay batch JOBS.jsonl -o RESULTS.jsonl`: run many jobs on all cores or on Dask."""

from __future__ import annotations

import contextlib
from pathlib import Path

import typer
from rich.markup import escape

from ..services.batch import run_batch
from .batch_progress import make_progress
from .common import err, guard

EXIT_INTERRUPTED = 130


def register(app: typer.Typer) -> None:
    """Add the `batch` command."""
    app.command("batch")(batch)


def batch(
    jobs: Path = typer.Argument(..., metavar="JOBS.jsonl", help="One JSON job per line."),
    output: Path = typer.Option(..., "--output", "-o", metavar="RESULTS.jsonl",
                                help="Results, one JSON line per job, appended as jobs finish."),
    workers: int | None = typer.Option(None, "--workers", "-w", min=1,
                                       help="Worker processes (default: every core)."),
    timeout: float | None = typer.Option(None, "--timeout", min=0.001,
                                         help="Seconds per job; a job over it fails."),
    scheduler: str | None = typer.Option(
        None, "--scheduler", metavar="ADDRESS",
        help="Run on a Dask cluster (tcp://host:8786), or 'local' to start one here."),
    store: Path | None = typer.Option(None, "--store", metavar="DB",
                                      help="Keep every generated puzzle in this SQLite store."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar, no summary."),
) -> None:
    """Run a file of jobs (solve, count, check, explain, hint, generate) in parallel.

    Each result line is {"id", "ok": true, "result": <the CLI's --format json>}
    or {"id", "ok": false, "error": "..."}. Running the same command again skips
    the ids already in RESULTS and finishes the rest. Exit 0 when every job
    succeeded, 1 when some failed, 2 when the batch cannot run.
    """
    with guard():
        code = _run(jobs, output, workers, timeout, scheduler, store, quiet)
    raise typer.Exit(code)


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
                                warn=lambda text: err.print(f"numberplay: {escape(text)}"))
        except KeyboardInterrupt:
            err.print(f"interrupted: the finished results are in {output}; "
                      "run the same command again to finish")
            return EXIT_INTERRUPTED
    if not quiet:
        if summary.repaired:
            err.print(f"repaired {output}: dropped {summary.repaired} unreadable line(s)")
        err.print(f"batch: {summary.line()}", style="red" if summary.exit_code else "dim")
    return summary.exit_code
