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
