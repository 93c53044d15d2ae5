"""The batch runner on a Dask cluster started as users start one: `dask scheduler`
and two `dask worker` processes, apart, on the loopback address, reached by
address from `numberplay batch --scheduler tcp://127.0.0.1:PORT`.

A worker killed mid-batch (once results have come back and both workers have
run a task): every job answered once, the lines the process pool writes. The
scheduler killed mid-batch: one line, exit 2 (the README's table: the batch
cannot run), the results so far kept; the same command, once a scheduler is
back on that address, finishes them. Every process started here is killed at
the end, whatever happens (each in a session of its own)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from batch_helpers import (  # noqa: F401
    RUNNER,
    SRC,
    TESTS,
    puzzle_text,
    toysum_fixture,
    write_jobs,
)
from numberplay.services.batch import run_batch

pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")
pytestmark = pytest.mark.usefixtures("toysum")

WAIT_SECONDS = 60.0     # the longest any step may take on a loaded machine


def wait_for(what: str, ready, seconds: float = WAIT_SECONDS, proc=None):
    """Poll `ready()` until it is true (its value); fail after `seconds`, or at once
    when `proc` (the batch) ended first."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = ready()
        if value:
            return value
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"the batch ended (exit {proc.returncode}) before {what}: "
                        f"{proc.stderr.read() if proc.stderr else ''}")
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


class Cluster:
    """A scheduler and workers, each its own `dask` process in a session of its own."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.procs: list[subprocess.Popen] = []
        self.scheduler: subprocess.Popen | None = None
        self.address = ""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), str(SRC),
                                                        env.get("PYTHONPATH")) if p)
        env["DASK_LOGGING__DISTRIBUTED"] = "error"
        self.env = env

    def _start(self, name: str, args: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "ab")  # noqa: SIM115 - the process holds it
        proc = subprocess.Popen([sys.executable, "-m", *args], env=self.env,
                                stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        log.close()
        self.procs.append(proc)
        return proc

    def start_scheduler(self, port: int = 0) -> str:
        """A scheduler on 127.0.0.1 (`port` 0: a free one); its address."""
        info = self.tmp / f"scheduler-{len(self.procs)}.json"
        self.scheduler = self._start("scheduler", [
            "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
            "--no-dashboard", "--scheduler-file", str(info)])
        wait_for("the scheduler's address", info.exists)
        self.address = wait_for("the scheduler's address", lambda: _address(info))
        return self.address

    def start_worker(self, name: str) -> subprocess.Popen:
        """A worker of one thread (with its nanny) on 127.0.0.1."""
        return self._start(name, [
            "distributed.cli.dask_worker", self.address, "--nthreads", "1", "--nworkers", "1",
            "--host", "127.0.0.1", "--no-dashboard", "--name", name, "--death-timeout", "30"])

    def wait_workers(self, count: int) -> None:
        """Until the scheduler has `count` workers."""
        from distributed import Client

        with Client(self.address, timeout=WAIT_SECONDS) as client:
            client.wait_for_workers(count, timeout=WAIT_SECONDS)

    @staticmethod
    def kill(proc: subprocess.Popen) -> None:
        """SIGKILL a `dask` process and everything it started (its session)."""
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def close(self) -> None:
        for proc in self.procs:
            self.kill(proc)


def _address(info: Path) -> str | None:
    try:
        return json.loads(info.read_text())["address"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.fixture(name="cluster")
def cluster_fixture(tmp_path):
    cluster = Cluster(tmp_path)
    yield cluster
    cluster.close()


def ran_a_task(worker: subprocess.Popen) -> bool:
    """Has this `dask worker` run a task (its pool's process is forked under it)?"""
    try:
        return len(psutil.Process(worker.pid).children(recursive=True)) >= 2
    except psutil.NoSuchProcess:
        return False


def lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def batch(jobs: Path, out: Path, address: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(RUNNER), "batch", str(jobs), "-o", str(out),
                             "--scheduler", address], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_real_cluster_loses_a_worker_then_its_scheduler(tmp_path, cluster):
    # 80 jobs of about 0.07 s (mostly sleeping: kind to a loaded machine), in 8 tasks
    path = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": f"j{i}", "kind": "toysum", "op": "count",
         "input": puzzle_text(list(range(1, 13)), 20 + i, "hang 0.06")} for i in range(80)])
    address = cluster.start_scheduler()
    workers = [cluster.start_worker("w1"), cluster.start_worker("w2")]
    pool_out = tmp_path / "pool.jsonl"
    assert run_batch(path, pool_out, workers=2).exit_code == 0
    expected = sorted(pool_out.read_text().splitlines())
    assert len(expected) == 80
    cluster.wait_workers(2)

    # a worker killed once both run tasks and results have come back
    out = tmp_path / "dask.jsonl"
    proc = batch(path, out, address)
    wait_for("both workers at work", lambda: all(map(ran_a_task, workers)), proc=proc)
    wait_for("a first result", lambda: lines(out) >= 1, proc=proc)
    cluster.kill(workers[0])
    _, err = proc.communicate(timeout=WAIT_SECONDS)
    assert proc.returncode == 0, err
    got = out.read_text().splitlines()
    assert len(got) == len(set(got)) == 80
    assert sorted(got) == expected

    # the scheduler killed mid-batch: one line, exit 2, the results so far kept
    out2 = tmp_path / "again.jsonl"
    proc = batch(path, out2, address)
    wait_for("a first result", lambda: lines(out2) >= 1, proc=proc)
    cluster.kill(cluster.scheduler)
    _, err = proc.communicate(timeout=WAIT_SECONDS)
    assert proc.returncode == 2, err
    assert len(err.strip().splitlines()) == 1 and "lost the Dask scheduler" in err, err
    kept = out2.read_text().splitlines()
    assert 0 < len(kept) < 80 and set(kept) <= set(expected)

    # the same command finishes them on a scheduler back at the same address
    cluster.kill(workers[1])
    cluster.start_scheduler(int(address.rsplit(":", 1)[1]))
    cluster.start_worker("w3")
    cluster.start_worker("w4")
    cluster.wait_workers(2)
    proc = batch(path, out2, address)
    _, err = proc.communicate(timeout=WAIT_SECONDS)
    assert proc.returncode == 0, err
    assert sorted(out2.read_text().splitlines()) == expected
