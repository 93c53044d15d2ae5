"""The batch runner on the process pool: mixed batches, resuming, timeouts, determinism."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import time

import pytest

from batch_helpers import (  # noqa: F401
    by_id,
    cli_command,
    cli_env,
    puzzle_text,
    read_results,
    run_cli,
    subset_count,
    toysum_fixture,
    write_jobs,
)
from numberplay.cli.batch_progress import BatchProgress, make_progress
from numberplay.services.batch import BatchError, ResultsFile, run_batch

pytestmark = pytest.mark.usefixtures("toysum")

PUZZLES = [([3, 5, 7, 11], 15), ([1, 2, 3, 4, 5, 6], 6), ([2, 4, 6], 5), ([9, 8, 7, 1], 16)]


def mixed_jobs():
    """Good jobs of every op, and every kind of bad line."""
    jobs = []
    for i, (numbers, target) in enumerate(PUZZLES):
        text = puzzle_text(numbers, target)
        jobs.append({"id": f"count-{i}", "kind": "toysum", "op": "count", "input": text})
        jobs.append({"id": f"solve-{i}", "kind": "toysum", "op": "solve", "input": text})
    jobs += [
        {"id": "gen", "kind": "toysum", "op": "generate", "seed": 5, "count": 3},
        {"id": "explain", "kind": "toysum", "op": "explain", "input": puzzle_text([4, 2], 6)},
        '{"id": "torn", "kind": "toysum"',
        {"id": "nokind", "kind": "sudoku", "op": "solve", "input": "x"},
        {"id": "badpuzzle", "kind": "toysum", "op": "solve", "input": "numbers 1 two\ntarget 3"},
        {"id": "count-0", "kind": "toysum", "op": "count", "input": "numbers 1\ntarget 1"},
        {"kind": "toysum", "op": "check", "input": puzzle_text([1, 1], 1)},
    ]
    return jobs


def check_mixed(results):
    """The results of `mixed_jobs`, checked against brute force."""
    table = by_id(results)
    assert len(table) == 15
    for i, (numbers, target) in enumerate(PUZZLES):
        expected = subset_count(numbers, target)
        assert table[f"count-{i}"]["result"]["count"] == expected
        solve = table[f"solve-{i}"]["result"]
        assert solve["verdict"] == {0: "none", 1: "unique"}.get(expected, "multiple")
        for chosen in solve["solutions"]:
            assert sum(numbers[k] for k in chosen) == target
    assert len(table["gen"]["result"]["puzzles"]) == 3
    assert table["explain"]["result"]["steps"][-1]["technique"] == "solved"
    assert table["line-11"]["error"].startswith("line 11: malformed JSON")
    assert "unknown puzzle kind 'sudoku'" in table["nokind"]["error"]
    assert "'two' is not a whole number" in table["badpuzzle"]["error"]
    assert "duplicate id 'count-0'" in table["line-14"]["error"]
    assert table["line-15"]["result"]["count"] == 2
    failed = {k for k, r in table.items() if not r["ok"]}
    assert failed == {"line-11", "nokind", "badpuzzle", "line-14"}


def test_mixed_batch_on_the_command_line(tmp_path):
    jobs = write_jobs(tmp_path / "jobs.jsonl", mixed_jobs())
    out = tmp_path / "results.jsonl"
    done = run_cli("batch", str(jobs), "-o", str(out), "--workers", "2")
    assert done.returncode == 1, done.stderr
    assert "15 job(s): 15 run (11 ok, 4 failed)" in done.stderr
    assert "Traceback" not in done.stderr
    check_mixed(read_results(out))
    again = run_cli("batch", str(jobs), "-o", str(out), "--quiet")
    assert again.returncode == 1 and again.stderr == ""
    assert len(read_results(out)) == 15


def test_all_ok_exits_0_the_batch_failing_exits_2_and_an_unwritable_result_74(tmp_path):
    jobs = write_jobs(tmp_path / "jobs.jsonl",
                      [{"id": 1, "kind": "toysum", "op": "count", "input": puzzle_text([1], 1)}])
    assert run_cli("batch", str(jobs), "-o", str(tmp_path / "r.jsonl"), "-q").returncode == 0
    missing = run_cli("batch", str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "r2.jsonl"))
    assert missing.returncode == 2 and "not found" in missing.stderr
    unwritable = run_cli("batch", str(jobs), "-o", str(tmp_path / "no" / "dir" / "r.jsonl"))
    assert unwritable.returncode == 74 and "cannot write results file" in unwritable.stderr
    assert "Traceback" not in missing.stderr + unwritable.stderr


def test_a_torn_last_line_is_repaired_and_the_rest_completed(tmp_path):
    jobs = write_jobs(tmp_path / "jobs.jsonl", mixed_jobs())
    full = tmp_path / "full.jsonl"
    run_batch(jobs, full, workers=2)
    lines = full.read_text().splitlines(keepends=True)
    partial = tmp_path / "partial.jsonl"
    partial.write_text("".join(lines[:6]) + lines[6][: len(lines[6]) // 2])
    summary = run_batch(jobs, partial, workers=2)
    assert summary.skipped == 6 and summary.ran == 9 and summary.repaired == 1
    assert by_id(read_results(partial)) == by_id(read_results(full))


def test_results_file_repair_keeps_good_lines_and_drops_repeats(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"id": "a", "ok": true, "result": 1}\nnot json\n'
                    '{"id": "a", "ok": false, "error": "x"}\n{"id": "b", "ok": false, "error": "y"}')
    results = ResultsFile(path).open()
    results.close()
    assert results.repaired == 2
    assert results.done == {'"a"': True, '"b"': False}
    assert path.read_text() == ('{"id": "a", "ok": true, "result": 1}\n'
                                '{"id": "b", "ok": false, "error": "y"}\n')


def test_a_killed_run_resumes_with_no_loss_and_no_duplicate(tmp_path):
    slow = [{"id": f"s{i}", "kind": "toysum", "op": "count",
             "input": puzzle_text([i % 5 + 1, 2, 3], 5, "hang 0.15")} for i in range(24)]
    jobs = write_jobs(tmp_path / "jobs.jsonl", slow)
    out = tmp_path / "results.jsonl"
    proc = subprocess.Popen(cli_command("batch", str(jobs), "-o", str(out), "-w", "2", "-q"),
                            env=cli_env(), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().count("\n") >= 5:
                break
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    before = read_results(out)
    assert 5 <= len(before) < 24
    finished = run_cli("batch", str(jobs), "-o", str(out), "-w", "2")
    assert finished.returncode == 0, finished.stderr
    after = read_results(out)
    assert after[: len(before)] == before
    table = by_id(after)
    assert set(table) == {job["id"] for job in slow}
    for i in range(24):
        assert table[f"s{i}"]["result"]["count"] == subset_count([i % 5 + 1, 2, 3], 5)


def test_timeouts_fail_the_job_and_the_pool_recovers(tmp_path):
    good = puzzle_text([1, 2, 3], 3)
    jobs = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": "ticks", "kind": "toysum", "op": "count", "input": puzzle_text([1] * 40, 20)},
        {"id": "hangs", "kind": "toysum", "op": "solve", "input": good + "hang 60"},
        {"id": "crashes", "kind": "toysum", "op": "solve", "input": good + "crash"},
        {"id": "own", "kind": "toysum", "op": "solve", "input": good + "hang 0.3", "timeout": 5},
        *({"id": f"ok{i}", "kind": "toysum", "op": "count", "input": good} for i in range(6)),
    ])
    out = tmp_path / "results.jsonl"
    start = time.monotonic()
    summary = run_batch(jobs, out, workers=2, timeout=0.3)
    assert time.monotonic() - start < 30
    table = by_id(read_results(out))
    assert summary.exit_code == 1 and summary.failed == 2
    ticked = table["ticks"]["result"]      # the budget ran out: a partial answer (issue 45)
    assert (ticked["complete"], ticked["stopped"]) == (False, "budget")
    assert ticked["message"].startswith("search stopped after 0.3 s")
    assert table["hangs"]["error"].startswith("timeout: killed after")
    assert table["crashes"]["error"].startswith("worker process died")
    assert table["own"]["ok"]
    assert all(table[f"ok{i}"]["result"]["count"] == 2 for i in range(6))


def generation_jobs(n=12):
    jobs = [{"id": f"g{i}", "kind": "toysum", "op": "generate", "seed": i, "count": 2,
             "size": str(4 + i % 5)} for i in range(n)]
    jobs += [{"id": f"c{i}", "kind": "toysum", "op": "count",
              "input": puzzle_text(list(range(1, 8 + i % 4)), 10 + i)} for i in range(n)]
    return jobs


def test_results_do_not_depend_on_the_worker_count(tmp_path):
    jobs = write_jobs(tmp_path / "jobs.jsonl", generation_jobs())
    run_batch(jobs, tmp_path / "one.jsonl", workers=1)
    run_batch(jobs, tmp_path / "two.jsonl", workers=2)
    one, two = by_id(read_results(tmp_path / "one.jsonl")), by_id(read_results(tmp_path / "two.jsonl"))
    assert one == two and all(r["ok"] for r in one.values())


def test_progress_bar_only_on_a_terminal(tmp_path):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    assert make_progress(False, io.StringIO()) is None
    assert make_progress(True, Tty()) is None
    stream = Tty()
    bar = make_progress(False, stream)
    assert isinstance(bar, BatchProgress)
    jobs = write_jobs(tmp_path / "jobs.jsonl", generation_jobs(3) + ["bad line"])
    run_batch(jobs, tmp_path / "r.jsonl", workers=2, progress=bar)
    bar.stop()
    text = stream.getvalue()
    assert "7/7" in text and "1 failed" in text


def test_store_option_keeps_generated_puzzles_once(tmp_path, toysum):
    from numberplay.services.store import PuzzleStore

    jobs = write_jobs(tmp_path / "jobs.jsonl", generation_jobs(4))
    db = tmp_path / "p.db"
    with PuzzleStore(db) as store:
        run_batch(jobs, tmp_path / "r1.jsonl", workers=2, store=store)
        first = store.count()
        run_batch(jobs, tmp_path / "r2.jsonl", workers=2, store=store)
        assert store.count() == first
    results = read_results(tmp_path / "r1.jsonl")
    made = {toysum.canonical_key(toysum.puzzle_type.from_json(p["puzzle"]))
            for r in results if r["id"].startswith("g") for p in r["result"]["puzzles"]}
    assert first == len(made) > 0


def test_a_result_that_is_not_json_becomes_an_error(tmp_path, monkeypatch, toysum):
    """In a worker, the answer that cannot be sent is an error result (the
    worker's side, run here); in the runner, a result line that is not JSON too."""
    from numberplay.services.batch import jobs as batch_jobs
    from numberplay.services.batch.jobs import job_from_json
    from numberplay.services.workers import serve

    monkeypatch.setattr(toysum.puzzle_type, "to_json", lambda self: {"bad": float("nan")})
    job = job_from_json({"kind": "toysum", "op": "count", "input": puzzle_text([1], 1)}, "nan")
    out = io.StringIO()
    serve(batch_jobs.handle, io.StringIO(json.dumps(batch_jobs.message_of(job))
                                         + "\n{not json\n"), out)
    ready, sent, unreadable = out.getvalue().splitlines()
    assert ready == "ready"
    (status, sent), (_, unreadable) = json.loads(sent), json.loads(unreadable)
    assert status == 500 and "result is not JSON" in sent["error"]
    assert "unreadable job" in unreadable["error"]
    assert batch_jobs.result_line("nan", [status, sent]) == {
        "id": "nan", "ok": False, "error": sent["error"]}
    from numberplay.services.batch.jobs import run_job
    results = ResultsFile(tmp_path / "r.jsonl").open()
    try:
        written = results.write(run_job(job))
    finally:
        results.close()
    assert not written["ok"] and "result is not JSON" in written["error"]
    (result,) = read_results(tmp_path / "r.jsonl")
    assert result == written


def test_started_workers_import_run_time_kinds(tmp_path, monkeypatch):
    """Where a worker cannot be forked, it is started (`python -m`) and finds a
    run-time registered kind by importing its module; it talks as a forked one."""
    from numberplay.services import workers
    from numberplay.services.batch import plugin_modules
    from numberplay.services.batch.jobs import job_from_json

    monkeypatch.setattr(workers, "can_fork", lambda: False)

    job = job_from_json({"kind": "toysum", "op": "count", "input": puzzle_text([1, 2, 3], 3)}, 1)
    assert plugin_modules([job]) == ("batch_toykind",)
    jobs = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": i, "kind": "toysum", "op": "count", "input": puzzle_text([1, 2, 3], 3)}
        for i in range(4)])
    summary = run_batch(jobs, tmp_path / "r.jsonl", workers=2)
    assert summary.exit_code == 0
    assert [r["result"]["count"] for r in read_results(tmp_path / "r.jsonl")] == [2] * 4


HOLDER = """
import sys, time
from numberplay.services.batch import ResultsFile
ResultsFile(sys.argv[1]).open()
print("locked", flush=True)
time.sleep(30)
"""


def test_a_second_run_on_the_same_results_file_is_refused(tmp_path):
    import sys

    out = tmp_path / "r.jsonl"
    jobs = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": 1, "kind": "toysum", "op": "count", "input": puzzle_text([1], 1)}])
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(out)], env=cli_env(),
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(BatchError, match="in use by another batch run"):
            run_batch(jobs, out, workers=1)
    finally:
        holder.kill()
        holder.wait()
    assert run_batch(jobs, out, workers=1).exit_code == 0


def _processes_running(marker: str) -> list[int]:
    """Pids of processes whose command line mentions `marker` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if marker.encode() in handle.read():
                        found.append(int(entry))
            except OSError:
                continue
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_workers_of_a_killed_run_exit_on_their_own(tmp_path):
    jobs = write_jobs(tmp_path / "orphans.jsonl", [
        {"id": i, "kind": "toysum", "op": "count", "input": puzzle_text([1], 1, "hang 0.2")}
        for i in range(30)])
    out = tmp_path / "r.jsonl"
    proc = subprocess.Popen(cli_command("batch", str(jobs), "-o", str(out), "-w", "2", "-q"),
                            env=cli_env())
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (out.exists() and out.read_text()):
            time.sleep(0.05)
    finally:
        proc.kill()  # the batch process only, not its workers
        proc.wait()
    deadline = time.monotonic() + 10
    while _processes_running(str(jobs)) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _processes_running(str(jobs))
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_a_full_disk_is_one_line_exit_74_and_the_results_are_kept(tmp_path):
    """The results file fills the disk (a file-size limit stands in for it, so the
    write fails with the disk's own error after writing part of a line): one plain
    line naming the file, exit 74, no "internal error"; the results written are
    kept and the same command, once there is room, finishes (issue #33, defect 3)."""
    import resource
    jobs = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": f"job-{i}", "kind": "toysum", "op": "count",
         "puzzle": puzzle_text([1, 2, 3, 4, 5][: 2 + i % 4], 3 + i)} for i in range(8)])
    full = tmp_path / "full.jsonl"
    assert run_cli("batch", str(jobs), "-o", str(full), "-q").returncode == 0
    room = full.stat().st_size // 2

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

    out = tmp_path / "results.jsonl"
    cut = subprocess.run(cli_command("batch", str(jobs), "-o", str(out), "-q"), env=cli_env(),
                         capture_output=True, text=True, timeout=120, preexec_fn=small_disk)
    assert cut.returncode == 74, cut.stderr
    assert cut.stderr.count("\n") == 1 and str(out.name) in cut.stderr, cut.stderr
    assert "internal error" not in cut.stderr and "Traceback" not in cut.stderr
    written = out.read_bytes()
    assert len(written) == room and not written.endswith(b"\n")   # a line cut short
    kept = written.split(b"\n")[:-1]
    assert kept and len(kept) < 8
    again = run_cli("batch", str(jobs), "-o", str(out), "-q")
    assert again.returncode == 0, again.stderr
    assert by_id(read_results(out)) == by_id(read_results(full))
    assert out.read_bytes().startswith(b"\n".join(kept) + b"\n")
