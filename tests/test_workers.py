"""The worker-process primitive both pools stand on (services/workers.py)."""

from __future__ import annotations

import logging
import sys

from numberplay.services.workers import Replacer, Worker, ended, hard_limit


class Sleeper(Worker):
    """A worker process that waits to be killed (or exits with `code`); never
    ready, never spoken to: only its pid, return code and kill are used."""

    def __init__(self, code: int | None = None) -> None:
        script = "import time; time.sleep(60)" if code is None else f"raise SystemExit({code})"
        super().__init__([sys.executable, "-c", script], wait=False)


def test_a_dead_worker_is_logged_with_how_it_ended_and_replaced(caplog):
    caplog.set_level(logging.WARNING, logger="numberplay.workers")
    replacer: Replacer[Sleeper] = Replacer(Sleeper, death_wait=30)
    dying = Sleeper(code=7)
    fresh = replacer.replace(dying, "while running a test job")
    try:
        assert replacer.restarts == 1 and replacer.alive(fresh) and not replacer.alive(dying)
        assert [r.getMessage() for r in caplog.records] == [
            f"worker process {dying.pid} died (exit code 7) while running a test job"]
        again = replacer.replace(fresh)          # killed on purpose: not logged
        assert fresh.returncode() == -9 and len(caplog.records) == 1
        again.kill()
    finally:
        fresh.kill()


def test_how_a_process_ended_and_the_hard_limit():
    assert ended(None) == "still running" and ended(0) == "exit code 0"
    assert ended(-9) == "signal 9"
    assert hard_limit(10) == 12 and hard_limit(10, grace=0.5) == 10.5   # one deadline


# --- the one pool core (services/pool.py) ------------------------------------------

SCRIPTED = r"""
import json, os, sys, time
print("ready", flush=True)
for line in sys.stdin:
    body = json.loads(line)["body"]
    if body.get("die_once") and not os.path.exists(body["die_once"]):
        open(body["die_once"], "w").close()
        os._exit(3)
    if body.get("die"):
        os._exit(3)
    time.sleep(body.get("sleep", 0))
    print(json.dumps([200, body]), flush=True)
"""


def scripted_pool(size: int = 1, **options):
    """A pool of workers that answer `[200, body]`, or die, or sleep, as the body says."""
    from numberplay.services.pool import Pool

    pool = Pool(size, lambda wait: Worker([sys.executable, "-c", SCRIPTED], wait=wait),
                **options)
    pool.start()
    return pool


def run_tasks(pool, bodies, seconds=None, max_wait=None, timeout=30.0):
    """Submit one task per body and step until every one has its outcome."""
    import time

    from numberplay.services.pool import Task
    from numberplay.services.workers import message

    outcomes: dict[int, object] = {}
    for i, body in enumerate(bodies):
        pool.submit(Task(message("test", body, seconds), lambda got, i=i: outcomes.__setitem__(i, got),
                         label=f"task {i}", max_wait=max_wait))
    end = time.monotonic() + timeout
    while len(outcomes) < len(bodies) and time.monotonic() < end:
        pool.step(0.05)
    return [outcomes.get(i) for i in range(len(bodies))]


def test_a_task_whose_worker_died_runs_once_more_and_only_then_fails(tmp_path, caplog):
    from numberplay.services.jobs import DIED, Failure

    caplog.set_level(logging.WARNING, logger="numberplay.workers")
    pool = scripted_pool(1)
    try:
        once, always, after = run_tasks(pool, [{"die_once": str(tmp_path / "died")},
                                               {"die": True}, {"n": 3}])
        assert once == [200, {"die_once": str(tmp_path / "died")}]
        assert isinstance(always, Failure) and always.reason == DIED
        assert always.message == "worker process died (exit code 3) while running task 1, twice"
        assert after == [200, {"n": 3}] and pool.restarts == 3
    finally:
        pool.close()
    said = [r.getMessage() for r in caplog.records]
    assert sum("while running task 0 (running it again)" in m for m in said) == 1
    assert sum("while running task 1" in m for m in said) == 2


def test_a_task_past_its_deadline_is_killed_and_the_pool_goes_on():
    from numberplay.services.jobs import KILLED, Failure

    pool = scripted_pool(1, grace=0.2)
    try:
        hung, fine = run_tasks(pool, [{"sleep": 60}, {"n": 1}], seconds=0.3)
        assert isinstance(hung, Failure) and hung.reason == KILLED
        assert hung.message.startswith("killed after") and fine == [200, {"n": 1}]
        assert pool.restarts == 1
    finally:
        pool.close()


def test_a_task_no_worker_takes_in_time_is_busy_and_a_dead_idle_worker_costs_nothing():
    import os
    import signal

    from numberplay.services.jobs import BUSY, Failure

    pool = scripted_pool(1)
    try:
        slow, shed = run_tasks(pool, [{"sleep": 1.0}, {"n": 2}], max_wait=0.2)
        assert slow == [200, {"sleep": 1.0}]
        assert isinstance(shed, Failure) and shed.reason == BUSY
        (worker,) = pool.workers()
        os.kill(worker.pid, signal.SIGKILL)
        worker.returncode(wait=5)
        assert run_tasks(pool, [{"n": 4}]) == [[200, {"n": 4}]] and pool.restarts == 1
    finally:
        pool.close()
