"""The batch runner on a local Dask cluster: the same results as the process pool."""

from __future__ import annotations

import pytest

from batch_helpers import (  # noqa: F401
    by_id,
    puzzle_text,
    read_results,
    run_cli,
    toysum_fixture,
    write_jobs,
)
from numberplay.services.batch import run_batch

pytest.importorskip("distributed")
pytestmark = pytest.mark.usefixtures("toysum")


def jobs():
    good = puzzle_text([1, 2, 3, 4], 5)
    return [
        *({"id": f"g{i}", "kind": "toysum", "op": "generate", "seed": i, "count": 2}
          for i in range(6)),
        *({"id": f"c{i}", "kind": "toysum", "op": "count", "input": puzzle_text(
            list(range(1, 6 + i)), 7 + i)} for i in range(6)),
        {"id": "explain", "kind": "toysum", "op": "explain", "input": good},
        {"id": "bad", "kind": "toysum", "op": "solve", "input": "numbers x"},
        {"id": "nokind", "kind": "nosuch", "op": "solve", "input": good},
        "not json",
        {"id": "ticks", "kind": "toysum", "op": "count", "input": puzzle_text([1] * 40, 20),
         "timeout": 0.3},
        {"id": "hangs", "kind": "toysum", "op": "solve", "input": good + "hang 60",
         "timeout": 0.3},
        {"id": "after", "kind": "toysum", "op": "check", "input": good},
        *({"id": f"n{i}", "kind": "toysum", "op": "solve", "input": puzzle_text(
            [i % 7 + 1, 2, 3, 5], 5)} for i in range(50)),
    ]


def test_local_cluster_gives_the_process_pool_results(tmp_path):
    """69 jobs on 2 workers run in chunks (16 jobs first, then fewer): the hung job's
    pool process is killed at its deadline, and the rest of its chunk goes on on a
    fresh one."""
    path = write_jobs(tmp_path / "jobs.jsonl", jobs())
    dask_out, pool_out = tmp_path / "dask.jsonl", tmp_path / "pool.jsonl"
    summary = run_batch(path, dask_out, workers=2, scheduler="local")
    run_batch(path, pool_out, workers=2)
    on_dask, on_pool = by_id(read_results(dask_out)), by_id(read_results(pool_out))
    failed = {k: r["error"] for k, r in on_dask.items() if not r["ok"]}
    assert len(on_dask) == 69 and summary.exit_code == 1
    assert set(failed) == {"bad", "nokind", "line-16", "hangs"}, failed
    assert on_dask["hangs"]["error"].startswith("timeout: killed after")
    for ticked in (on_dask["ticks"]["result"], on_pool["ticks"]["result"]):   # a partial answer
        assert (ticked["complete"], ticked["stopped"]) == (False, "budget"), ticked
    for key in on_dask:
        if key not in ("hangs", "ticks"):  # killed, or counted, for a time that varies
            assert on_dask[key] == on_pool[key], key


def test_scheduler_option_on_the_command_line(tmp_path):
    path = write_jobs(tmp_path / "jobs.jsonl", jobs()[:8])
    out = tmp_path / "r.jsonl"
    done = run_cli("batch", str(path), "-o", str(out), "--scheduler", "local", "-w", "2")
    results = by_id(read_results(out))
    assert done.returncode == 0, (done.stderr, [r for r in results.values() if not r["ok"]])
    assert len(results) == 8


def test_an_unreachable_scheduler_is_a_one_line_error():
    from numberplay.errors import NumberplayError
    from numberplay.services.batch.dask_engine import DaskEngine

    engine = DaskEngine("tcp://127.0.0.1:9", 1, connect_timeout=1)
    with pytest.raises(NumberplayError, match="cannot reach Dask scheduler tcp://127.0.0.1:9"):
        engine.connect()


def test_missing_dask_is_a_one_line_error(monkeypatch):
    import builtins

    from numberplay.services.batch.dask_engine import DaskMissing, import_distributed

    real_import = builtins.__import__

    def no_dask(name, *args, **kwargs):
        if name.split(".")[0] in ("distributed", "dask"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    with pytest.raises(DaskMissing, match=r"pip install 'numberplay\[dask\]'"):
        import_distributed()


def test_a_job_that_kills_its_worker_fails_alone(tmp_path):
    """64 jobs run in chunks; the crashing job kills its pool's process, not
    its Dask worker: it runs once more, then fails with the process pool's line."""
    good = puzzle_text([1, 2, 3], 3)
    path = write_jobs(tmp_path / "jobs.jsonl", [
        *({"id": i, "kind": "toysum", "op": "count", "input": good} for i in range(63)),
        {"id": "crash", "kind": "toysum", "op": "solve", "input": good + "crash"}])
    summary = run_batch(path, tmp_path / "r.jsonl", workers=2, scheduler="local")
    run_batch(path, tmp_path / "pool.jsonl", workers=2)
    results = by_id(read_results(tmp_path / "r.jsonl"))
    assert summary.failed == 1 and summary.engine == "dask" and summary.startup > 0
    assert results["crash"] == by_id(read_results(tmp_path / "pool.jsonl"))["crash"]
    assert results["crash"]["error"].endswith("while running job 'crash', twice"), results
    assert all(results[i]["result"]["count"] == 2 for i in range(63))


def test_chunks_shrink_as_the_batch_ends():
    from numberplay.services.batch.dask_engine import MAX_CHUNK, chunk_sizes

    for jobs, threads in ((1, 16), (16, 2), (120, 2), (128, 16), (512, 16), (5000, 3)):
        sizes = chunk_sizes(jobs, threads)
        assert sum(sizes) == jobs and sizes == sorted(sizes, reverse=True), sizes
        assert sizes[0] <= MAX_CHUNK and sizes[-1] == 1, sizes
    assert chunk_sizes(120, 2)[:4] == [MAX_CHUNK] * 4 and chunk_sizes(16, 2) == [4, 3, 3, 2, 1, 1, 1, 1]
    assert chunk_sizes(0, 0) == []
