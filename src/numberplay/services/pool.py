"""The one pool core under the batch runner and the web server.

A few worker processes (`workers.Worker`), each given one task at a time. A
`Task` is one message in the workers' one shape (`{"op", "body", "seconds"}`,
see `workers.message`), its budget, and what to call with its outcome: the
worker's answer (`[status, body]`), or a `Failure` (`killed` at its deadline,
`died` twice under it, `busy`: no worker took it within its `max_wait`, or
none would start; the failure table's reasons, `errors.FAILURES`). `Pool.step(timeout)` does one round: it gives waiting tasks
to idle workers, waits up to `timeout` for answers, collects them, kills the
workers past their deadline and answers the tasks that waited too long. The
batch runs it in a loop until its jobs are done (`batch/pool.py`); the web
server runs it in a thread of its own and submits from its event loop
(`web/pool.py`).

The one retry policy: a task whose worker died under it (a crash, the OOM
killer, killed from outside) runs once more on a fresh worker, with what is
left of its budget (at least `MIN_RETRY_SECONDS`); only if that one dies too
does the task fail. A worker found dead while idle is replaced before it is
given a task, at no cost to the task. A task still running at its deadline
(`hard_limit`: its budget and a grace) fails and is not run again: it would
only run out of time again. Every replacement is `workers.Replacer`'s (a death
logged with its exit code or signal), and a fresh worker starts while the
others go on working.
"""

from __future__ import annotations

import logging
import os
import select
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from .jobs import Failure, busy, died, killed
from .workers import (
    GRACE_SECONDS,
    STARTUP_SECONDS,
    Replacer,
    Worker,
    WorkerDied,
    ended,
    hard_limit,
)

MIN_RETRY_SECONDS = 0.5     # the least budget a task run again is given
DEATH_SECONDS = 1.0         # how long a worker that closed its pipes is given to exit
RETRIES = 1                 # more runs of a task whose worker died under it


Outcome = Any   # the worker's answer, or a Failure


class Task:
    """One message for a worker and what to do with its outcome. `seconds`: the
    budget (None: none; the message's "seconds" is set to what is left of it on
    a retry); `label`: what it is, for the log ("a solve request", "job 'x'");
    `max_wait`: how long it may wait for a worker (None: as long as it takes)."""

    __slots__ = ("attempts", "born", "done", "first", "label", "max_wait", "message", "seconds")

    def __init__(self, message: dict[str, Any], done: Callable[[Outcome], None],
                 label: str = "a job", max_wait: float | None = None) -> None:
        self.message = message
        self.seconds: float | None = message.get("seconds")
        self.done = done
        self.label = label
        self.max_wait = max_wait
        self.born = 0.0 if max_wait is None else time.monotonic()
        self.first: float | None = None     # when it was first given to a worker
        self.attempts = 0

    def left(self, now: float) -> float | None:
        """Its budget for the next run: what is left, at least MIN_RETRY_SECONDS."""
        if self.seconds is None or self.first is None:
            return self.seconds
        return max(self.seconds - (now - self.first), MIN_RETRY_SECONDS)


class _Slot:
    """A worker, whether it has said it is ready, and the task it runs since when."""

    __slots__ = ("deadline", "ready", "since", "task", "worker")

    def __init__(self, worker: Worker | None) -> None:
        self.worker = worker            # None: no worker would start here
        self.ready = False
        self.since = time.monotonic()   # started, or given its task
        self.task: Task | None = None
        self.deadline: float | None = None

    def fileno(self) -> int:
        """The worker's output (for select)."""
        assert self.worker is not None
        return self.worker.fileno()


class Pool:
    """`size` workers made by `start(wait)` (a `Worker`); tasks go in with `submit`,
    outcomes come out through each task's `done`, from `step`. `grace`: how
    long past its budget a task may run; `logger`: where deaths are logged;
    `threaded`: `submit` may be called from another thread than `step`'s (it
    then wakes the step up)."""

    def __init__(self, size: int, start: Callable[[bool], Worker], *,
                 grace: float = GRACE_SECONDS, logger: logging.Logger | None = None,
                 threaded: bool = False) -> None:
        self.size = max(1, size)
        self.grace = grace
        self._start = start
        self.replacer: Replacer[Worker] = Replacer(lambda: start(False), death_wait=DEATH_SECONDS,
                                                   **({"logger": logger} if logger else {}))
        self.slots: list[_Slot] = []
        self.pending: deque[Task] = deque()
        self._incoming: deque[Task] = deque()
        self._lock = threading.Lock()
        self._queued = 0
        self._timed = False     # has a task a max_wait? (else no waiting task expires)
        self._fresh = False     # tasks submitted since the last dispatch?
        self._wake = os.pipe() if threaded else None

    # --- the outside -----------------------------------------------------------------

    def start(self) -> None:
        """Start the workers side by side and wait until they are ready."""
        for _ in range(self.size):
            self.slots.append(_Slot(self._try_start()))
        for slot in self.slots:
            if slot.worker is not None:
                self._await_ready(slot)

    def submit(self, task: Task) -> None:
        """Queue a task (from any thread when the pool is `threaded`)."""
        self._timed = self._timed or task.max_wait is not None
        if self._wake is None:
            self._queued += 1
            self.pending.append(task)
            self._fresh = True
            return
        with self._lock:
            self._queued += 1
        self._incoming.append(task)
        self.wake()

    @property
    def waiting(self) -> int:
        """How many tasks wait for a worker."""
        return self._queued

    @property
    def busy(self) -> bool:
        """Are tasks waiting or running?"""
        return bool(self._incoming or self.pending or any(s.task is not None for s in self.slots))

    @property
    def restarts(self) -> int:
        """How many workers were replaced."""
        return self.replacer.restarts

    def workers(self) -> list[Worker]:
        """The live workers."""
        return [s.worker for s in self.slots if s.worker is not None]

    def close(self) -> None:
        """Stop every worker: an idle one finishes, a busy one is killed."""
        for slot in self.slots:
            if slot.worker is not None:
                (slot.worker.close if slot.task is None else slot.worker.kill)()
        self.slots.clear()
        if self._wake is not None:
            for fd in self._wake:
                os.close(fd)
            self._wake = None

    def wake(self) -> None:
        """Make a `step` waiting in another thread return now."""
        if self._wake is not None:
            os.write(self._wake[1], b".")

    def step(self, timeout: float) -> None:
        """One round: dispatch, wait up to `timeout` s for answers (or a wake-up),
        collect them, reap the overdue and the tasks that waited too long."""
        if self._incoming or self._fresh:   # (else the last round's end dispatched all)
            while self._incoming:
                self.pending.append(self._incoming.popleft())
            self._fresh = False
            self._dispatch()
        watched: list[Any] = [s for s in self.slots
                              if s.worker is not None and (s.task or not s.ready)]
        if self._wake is not None:
            watched.append(self._wake[0])
        ready, _, _ = select.select(watched, [], [], self._wait(timeout))
        for item in ready:
            if isinstance(item, _Slot):
                self._collect(item)
            else:
                os.read(item, 4096)     # a wake-up: what was submitted is taken next round
        self._reap(time.monotonic())
        self._dispatch()    # to the workers just freed or ready, before any task expires
        self._expire(time.monotonic())

    # --- one round ---------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Give the oldest waiting task to every idle worker; start again where no
        worker would start."""
        for slot in self.slots:
            if slot.worker is None:
                self._restart(slot)
            while self.pending and slot.ready and slot.task is None:
                self._give(slot, self.pending[0])
        if self.pending and not any(s.worker is not None for s in self.slots):
            self._fail_waiting(busy("a worker process could not be restarted"))

    def _give(self, slot: _Slot, task: Task) -> None:
        """Send the first waiting task to an idle worker. A worker found dead (its
        pipe broken) died while idle: it is replaced and the task waits on."""
        now = time.monotonic()
        left = task.left(now)
        assert slot.worker is not None
        try:
            slot.worker.send(task.message if left == task.seconds else
                             {**task.message, "seconds": left})
        except WorkerDied:
            self._replace(slot, "while idle")
            return
        self.pending.popleft()
        if task.attempts == 0:
            self._uncount()
        task.first = now if task.first is None else task.first
        task.attempts += 1
        slot.task, slot.since = task, now
        slot.deadline = None if left is None else now + hard_limit(left, self.grace)

    def _collect(self, slot: _Slot) -> None:
        """A worker's answer (or its end); a starting one's "ready"."""
        assert slot.worker is not None
        if not slot.ready:
            self._await_ready(slot)
            return
        task = slot.task
        if task is None:     # an idle worker's output closed: it died; found at dispatch
            return
        try:
            answer = slot.worker.receive()
        except WorkerDied:
            self._died(slot)
            return
        slot.task = None
        task.done(answer)

    def _died(self, slot: _Slot) -> None:
        """The worker died under its task: replace it; run the task again or fail it."""
        task = slot.task
        assert task is not None and slot.worker is not None
        slot.task = None
        again = task.attempts <= RETRIES
        how = ended(slot.worker.returncode(DEATH_SECONDS))
        self._replace(slot, f"while running {task.label}" + (" (running it again)" if again
                                                            else ""))
        if again:
            self.pending.appendleft(task)
        else:
            task.done(died(how, f"{task.label}, twice"))

    def _reap(self, now: float) -> None:
        """Kill the workers whose task is past its deadline (the task fails), and
        those that did not say they are ready in time."""
        for slot in self.slots:
            if slot.worker is not None and not slot.ready and \
                    now - slot.since > STARTUP_SECONDS:
                slot.worker.kill()
                slot.worker = None
            task = slot.task
            if task is not None and slot.deadline is not None and now > slot.deadline:
                slot.task = None
                self._replace(slot)
                assert task.first is not None and task.seconds is not None
                task.done(killed(now - task.first, task.seconds))

    def _expire(self, now: float) -> None:
        """Answer the tasks that waited longer than they may (not while a fresh
        worker starts: it is theirs as soon as it is ready)."""
        if not self._timed or not self.pending or self._starting():
            return
        kept: deque[Task] = deque()
        for task in self.pending:
            if task.attempts == 0 and task.max_wait is not None and \
                    now - task.born > task.max_wait:
                self._uncount()
                task.done(busy(f"no worker was free within {task.max_wait:g} s"))
            else:
                kept.append(task)
        self.pending = kept

    def _wait(self, timeout: float) -> float:
        """How long select may wait: `timeout`, or less to the next deadline or expiry."""
        now, until = time.monotonic(), timeout
        for slot in self.slots:
            if slot.task is not None and slot.deadline is not None:
                until = min(until, slot.deadline - now)
            elif not slot.ready and slot.worker is not None:
                until = min(until, slot.since + STARTUP_SECONDS - now)
        for task in self.pending if self._timed else ():
            if task.max_wait is not None and task.attempts == 0:
                until = min(until, task.born + task.max_wait - now)
        return max(0.0, until)

    def _uncount(self) -> None:
        """One task fewer waits for its first worker."""
        if self._wake is None:
            self._queued -= 1
            return
        with self._lock:
            self._queued -= 1

    def _starting(self) -> bool:
        """Is a fresh worker starting?"""
        return any(s.worker is not None and not s.ready for s in self.slots)

    def _fail_waiting(self, outcome: Failure) -> None:
        """Answer every waiting task with `outcome`."""
        while self.pending:
            task = self.pending.popleft()
            if task.attempts == 0:
                self._uncount()
            task.done(outcome)

    # --- workers -----------------------------------------------------------------------

    def _try_start(self) -> Worker | None:
        """A fresh worker, not yet ready; None if it will not even start."""
        try:
            return self._start(False)
        except (OSError, WorkerDied):
            return None

    def _await_ready(self, slot: _Slot) -> None:
        """Read a starting worker's "ready" (waiting for it); a worker that does not
        say it is given up (the slot starts again at the next dispatch)."""
        assert slot.worker is not None
        try:
            slot.worker.wait_ready()
        except WorkerDied:
            slot.worker = None
            return
        slot.ready, slot.since = True, time.monotonic()

    def _replace(self, slot: _Slot, died: str | None = None) -> None:
        """Kill the slot's worker (logged when it `died` on its own) and start a
        fresh one, which works once it says it is ready."""
        assert slot.worker is not None
        try:
            slot.worker = self.replacer.replace(slot.worker, died)
        except (OSError, WorkerDied):
            slot.worker = None
        slot.ready, slot.task, slot.since = False, None, time.monotonic()

    def _restart(self, slot: _Slot) -> None:
        """Try again to start a worker where none would start (at most once a second)."""
        if time.monotonic() - slot.since >= 1.0:
            slot.worker, slot.ready, slot.since = self._try_start(), False, time.monotonic()
