"""The worker-process primitive under the one pool core (`services/pool.py`,
under the batch's `batch/pool.py` and the web server's `web/pool.py`), the one
way to talk to a worker, and the one worker main.

A worker is a `python -m numberplay.services.workers JOBS ...` process
(`Worker`, started by `worker_command`) or a fork of the batch process; it says
"ready" once it has imported what it needs, then reads one message per line on
its stdin, `{"op", "body", "seconds"}` (`message`), and writes one answer per
line on its stdout, `[status, body]` (`serve`, its side of the pipe). JOBS is a
front end's jobs module (`numberplay.services.batch.jobs`, `numberplay.web.jobs`):
its `prepare(memory_mb, kinds, modules)` readies the worker (imports, the memory
cap, the web's sandbox) and its `handle(message)` answers. A job gets one
deadline, `hard_limit(timeout)`: its budget and `GRACE_SECONDS`; a worker still
running it then is killed, one that dies on its own is logged with how it
ended, and either way a fresh worker takes its place (`Replacer`).
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import logging
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Generic, Protocol, TypeVar

log = logging.getLogger("numberplay.workers")

GRACE_SECONDS = 2.0         # how long past its budget a job may run before its worker is killed
STARTUP_SECONDS = 60.0      # how long a worker may take to say "ready"
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
MAX_FD = 1 << 16            # a forked worker closes what it inherited below this


class WorkerDied(Exception):
    """The worker process ended (or answered garbage) while running a job."""


def hard_limit(timeout: float, grace: float | None = None) -> float:
    """Seconds after which a job with this budget is killed: `timeout + grace`
    (`GRACE_SECONDS` by default), for every pool."""
    return timeout + (GRACE_SECONDS if grace is None else grace)


def ended(returncode: int | None) -> str:
    """How a process ended, from its return code: "exit code N" or "signal N"."""
    if returncode is None:
        return "still running"
    return f"signal {-returncode}" if returncode < 0 else f"exit code {returncode}"


def limit_memory(megabytes: int | None) -> None:
    """Cap this process's address space (RLIMIT_AS) at `megabytes`; None: no cap."""
    if not megabytes:
        return
    import resource
    cap = megabytes * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def message(op: str, body: Any, seconds: float | None) -> dict[str, Any]:
    """The one message a worker reads: what to do, on what, within how many seconds."""
    return {"op": op, "body": body, "seconds": seconds}


def worker_command(jobs: str, memory_mb: int | None = None, kinds: Sequence[str] = (),
                   modules: Sequence[str] = ()) -> list[str]:
    """The command line that starts one worker of the front end whose jobs module is
    `jobs`: capped at `memory_mb` (None or 0: no cap), importing `kinds` and the
    `modules` that register run-time kinds (plug-ins) before it says it is ready."""
    memory = ["--memory", str(int(memory_mb))] if memory_mb else []
    names = ["--kinds", ",".join(kinds)] if kinds else []
    return [sys.executable, "-m", __name__, jobs, *memory, *names, *modules]


def can_fork() -> bool:
    """Can a worker be forked from this process (Linux; fork is unsafe on macOS)?"""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


class Forked:
    """A worker forked from this process, with the part of `subprocess.Popen`'s
    interface a `Worker` uses (its pipes, pid, poll, wait, kill)."""

    def __init__(self, main: Callable[[IO[str], IO[str]], None]) -> None:
        to_child, from_parent = os.pipe()[::-1]
        from_child, to_parent = os.pipe()
        self.returncode: int | None = None
        self.pid = os.fork()
        if self.pid == 0:   # the worker: its own pipes only (no other worker's input)
            code = 0
            try:
                gc.freeze()     # the parent's objects are never collected here: no finalizer
                _close_inherited(from_parent, to_parent)   # of its threads' runs in the child
                main(os.fdopen(from_parent, "r"), os.fdopen(to_parent, "w"))
            except BaseException:   # noqa: BLE001 - the worker ends here, whatever happened
                code = 1
            finally:
                os._exit(code)
        os.close(from_parent)
        os.close(to_parent)
        self.stdin: IO[bytes] | None = os.fdopen(to_child, "wb")
        self.stdout: IO[bytes] | None = os.fdopen(from_child, "rb")

    def poll(self) -> int | None:
        """The return code if it has ended, else None."""
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """The return code, waiting up to `timeout` s (subprocess.TimeoutExpired)."""
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() > end:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0.0)
            time.sleep(0.005)
        assert self.returncode is not None
        return self.returncode

    def kill(self) -> None:
        """SIGKILL, unless it has ended."""
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)


def _close_inherited(*keep: int) -> None:
    """In a forked worker: close every file descriptor but stdin, stdout, stderr and
    `keep` (its pipes): no other worker's pipe, and no socket of the process it was
    forked from (a Dask worker's connection to its scheduler must close when that
    process dies, not when this one does)."""
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, MAX_FD)


class Worker:
    """One worker process and the pipes to it; started when made, ready once it
    says so (`wait_ready`, at once unless `wait` is False: several workers then
    start side by side). Started by `command` (`python -m ...`; `paths`: folders
    its imports may come from beside this package's, a plug-in kind's), or, when
    `main` is given and the platform allows, forked from this process to run
    `main(input, output)` (`serve`): it starts at once, with this process's
    imports and run-time kinds; it is spoken to the same way."""

    def __init__(self, command: list[str], paths: Sequence[str] = (), wait: bool = True,
                 main: Callable[[IO[str], IO[str]], None] | None = None) -> None:
        # Buffered pipes: a worker writes one answer line per message, so nothing
        # is ever left in the buffer past the line read, and `select` stays true.
        self.process: subprocess.Popen[bytes] | Forked
        if main is not None and can_fork():
            self.process = Forked(main)
        else:
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (PACKAGE_ROOT, *paths, env.get("PYTHONPATH")) if p)
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, env=env)
        if wait:
            self.wait_ready()

    def wait_ready(self) -> None:
        """Wait until it has imported what it needs (it says "ready"); WorkerDied
        (the process killed) if it does not within `STARTUP_SECONDS`."""
        stdout = self.process.stdout
        assert stdout is not None
        ready, _, _ = select.select([stdout], [], [], STARTUP_SECONDS)
        if not ready or stdout.readline().strip() != b"ready":
            self.kill()
            raise WorkerDied("the worker process did not start")

    def fileno(self) -> int:
        """Its output's file descriptor (readable: an answer, or its end)."""
        assert self.process.stdout is not None
        return self.process.stdout.fileno()

    def send(self, message: Any) -> None:
        """Send one message; WorkerDied if the process is gone."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
            self.process.stdin.flush()
        except (OSError, ValueError) as exc:
            raise WorkerDied(str(exc)) from None

    def receive(self) -> Any:
        """The next answer (waits for it); WorkerDied if the process ended first."""
        assert self.process.stdout is not None
        try:
            line = self.process.stdout.readline()
        except (OSError, ValueError) as exc:
            raise WorkerDied(str(exc)) from None
        if not line:
            raise WorkerDied("the worker closed its output")
        try:
            return json.loads(line)
        except ValueError:  # cut short: the worker died while writing
            raise WorkerDied("the worker's answer was cut short") from None

    @property
    def pid(self) -> int | None:
        """The process id."""
        return self.process.pid

    def returncode(self, wait: float = 0.0) -> int | None:
        """The return code once the process has ended (waiting up to `wait` s), else None."""
        try:
            return self.process.wait(wait) if wait else self.process.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Stop the process now and close its pipes."""
        try:
            self.process.kill()
        except OSError:
            pass
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):   # a message left unsent: nobody reads it
                    pipe.close()

    def close(self) -> None:
        """Close its input so it finishes; kill it if it does not."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def unsendable(message: Any, exc: BaseException) -> list[Any]:
    """The answer when a message could not be read (`message` None) or its answer
    not sent (not plain JSON, or too large to write), by the failure table."""
    from ..errors import INTERNAL, MEMORY, Failure, failure_answer
    if message is None:
        failure = Failure(INTERNAL, "unreadable job", exc)
    elif isinstance(exc, MemoryError | RecursionError):
        failure = Failure(MEMORY, "the answer is too large to send", exc)
    else:
        failure = Failure(INTERNAL, "the result is not JSON", exc)
    return list(failure_answer(failure))


def serve(handle: Callable[[Any], Any], inp: IO[str] | None = None,
          out: IO[str] | None = None) -> None:
    """A worker's side: say "ready", then answer each message line with
    `handle(message)` on one line, until the input closes. An answer that is not
    plain JSON is replaced by `unsendable(message, error)`; a message that cannot
    be read (not JSON, not the shape `handle` takes) by `unsendable(None, error)`."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    out.write("ready\n")  # imports done: the first job's budget is its own
    out.flush()
    for line in inp:
        try:
            message = json.loads(line)
            answer = handle(message)
        except (ValueError, TypeError, LookupError, RecursionError) as exc:
            message, answer = None, unsendable(None, exc)
        try:
            text = json.dumps(answer, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
        except (MemoryError, RecursionError, ValueError, TypeError) as exc:
            text = json.dumps(unsendable(message, exc), ensure_ascii=True)
        try:
            out.write(text + "\n")
            out.flush()
        except OSError:     # whoever asked is gone
            return


def run_worker(jobs: str, memory_mb: int | None = None, kinds: Sequence[str] = (),
               modules: Sequence[str] = (), inp: IO[str] | None = None,
               out: IO[str] | None = None) -> None:
    """The one worker main (started, or forked from the batch process): readied by
    the front end's jobs module, then serving it until its input closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    front = importlib.import_module(jobs)
    front.prepare(memory_mb, kinds, modules)
    serve(front.handle, inp, out)


def main(argv: list[str]) -> None:
    """`python -m numberplay.services.workers JOBS [--memory MB] [--kinds K,...] [MODULE ...]`."""
    jobs, args = argv[0], list(argv[1:])
    memory_mb = None
    if args[:1] == ["--memory"]:
        memory_mb, args = int(args[1]) or None, args[2:]
    kinds = args[1].split(",") if args[:1] == ["--kinds"] else []
    run_worker(jobs, memory_mb, kinds, args[2:] if kinds else args)


class WorkerProcess(Protocol):
    """What the primitive needs of a worker: its pid, whether it runs, how it
    ended, and a way to end it now."""

    @property
    def pid(self) -> int | None:
        """The process id."""

    def returncode(self, wait: float = 0.0) -> int | None:
        """Its return code once it has ended (waiting up to `wait` seconds), else None."""

    def kill(self) -> None:
        """End the process now and release what connects us to it."""


W = TypeVar("W", bound=WorkerProcess)


class Replacer(Generic[W]):
    """Kill and replace: `replace(worker)` ends a worker and starts a fresh one
    with `start`; `died` says the worker ended on its own, which is logged (pid,
    exit code or signal, what it was doing) first."""

    def __init__(self, start: Callable[[], W], logger: logging.Logger = log,
                 death_wait: float = 1.0) -> None:
        self.start = start
        self.logger = logger
        self.death_wait = death_wait
        self.restarts = 0

    def alive(self, worker: W) -> bool:
        """Is the worker's process still running?"""
        return worker.returncode() is None

    def replace(self, worker: W, died: str | None = None) -> W:
        """A fresh worker in place of `worker`, which is killed; the fresh one's
        start may raise (the old one is then dead but still the caller's)."""
        if died is not None:
            code = worker.returncode(self.death_wait)
            self.logger.warning("worker process %s died (%s) %s", worker.pid, ended(code), died)
        worker.kill()
        fresh = self.start()
        self.restarts += 1
        return fresh


if __name__ == "__main__":
    main(sys.argv[1:])
