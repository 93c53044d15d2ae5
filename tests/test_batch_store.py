"""The puzzle store: dedup by canonical key, transactions, stats/list/export, the CLI."""

from __future__ import annotations

import io
import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from batch_helpers import TESTS, cli_env, run_cli, toysum_fixture  # noqa: F401
from numberplay.model import Generated
from numberplay.services.reports import generate_one
from numberplay.services.store import PuzzleStore, StoreError

pytestmark = pytest.mark.usefixtures("toysum")


def made(numbers, target, chosen, difficulty="easy"):
    """A Generated toy puzzle, built by hand."""
    from batch_toykind import SumPuzzle, SumSolution

    puzzle = SumPuzzle(tuple(numbers), target)
    return Generated(puzzle, SumSolution(tuple(chosen)), difficulty,
                     f"numbers {' '.join(map(str, numbers))}\ntarget {target}\n")


def rows(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT kind, puzzle FROM puzzles ORDER BY id").fetchall()


def test_the_same_puzzle_is_stored_once_even_from_two_runs(tmp_path):
    db = tmp_path / "p.db"
    first = [generate_one("toysum", seed=3, index=i) for i in range(5)]
    with PuzzleStore(db) as store:
        assert [store.add(g) for g in first] == [True] * 5
        assert [store.add(g) for g in first] == [False] * 5
    with PuzzleStore(db) as again, PuzzleStore(db) as other:
        assert again.add_many(first, "toysum") == 0
        assert other.add(generate_one("toysum", seed=3, index=5)) is True
        assert again.count() == 6
    assert len(rows(db)) == 6


def test_a_permuted_twin_is_the_same_puzzle_when_the_kind_says_so(tmp_path, toysum):
    original = made([3, 5, 7, 11], 15, [0, 1, 2])
    twin = made([11, 7, 5, 3], 15, [1, 2, 3])
    other = made([3, 5, 7, 12], 15, [0, 1, 2])
    assert toysum.canonical_key(original.puzzle) == toysum.canonical_key(twin.puzzle)
    with PuzzleStore(tmp_path / "p.db") as store:
        assert store.add(original) and not store.add(twin) and store.add(other)
        assert [s.puzzle["numbers"] for s in store.list()] == [[3, 5, 7, 11], [3, 5, 7, 12]]


def test_a_failure_inside_a_transaction_leaves_no_row(tmp_path, monkeypatch, toysum):
    db = tmp_path / "p.db"
    good = [made([1, 2, 4], n, [i for i in range(3) if n >> i & 1]) for n in (1, 2, 3, 5)]
    with PuzzleStore(db) as store:
        store.add(good[0])
        real = type(toysum).canonical_key
        calls = []

        def flaky(self, puzzle):
            calls.append(puzzle)
            if len(calls) == 3:
                raise RuntimeError("disk on fire")
            return real(self, puzzle)

        monkeypatch.setattr(type(toysum), "canonical_key", flaky)
        with pytest.raises(RuntimeError):
            store.add_many(good[1:])
        assert len(calls) == 3
        assert store.count() == 1
        monkeypatch.setattr(type(toysum), "canonical_key", real)
        assert store.add_many(good[1:]) == 3
    assert len(rows(db)) == 4


KILLED_WRITER = """
import sys, time
sys.path.insert(0, sys.argv[2])
import batch_toykind
from numberplay.services.reports import generate_one
from numberplay.services.store import PuzzleStore

store = PuzzleStore(sys.argv[1])
def slowly():
    for i in range(10_000):
        if i == 20:
            print("inside", flush=True)
        time.sleep(0.01)
        yield generate_one("toysum", seed="kill", index=i)
store.add_many(slowly())
"""


def test_a_killed_writer_leaves_no_half_written_rows(tmp_path):
    db = tmp_path / "p.db"
    with PuzzleStore(db) as store:
        store.add(made([1, 2], 3, [0, 1]))
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(db), str(TESTS)],
                            env=cli_env(), stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "inside"
        time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with PuzzleStore(db) as store:
        assert store.count() == 1
        assert store.add(generate_one("toysum", seed="kill", index=0))


def test_stats_list_filters_and_exports(tmp_path, toysum):
    with PuzzleStore(tmp_path / "p.db") as store:
        store.add_many([generate_one("toysum", seed=1, index=i, size=str(4 + i % 2))
                        for i in range(6)])
        store.add_many([generate_one("toysum", seed=2, index=i, size="4", difficulty="hard")
                        for i in range(3)])
        stats = store.stats()
        assert stats["total"] == store.count() == 9
        assert sum(g["count"] for g in stats["groups"]) == 9
        assert store.count(size="4") == len(store.list(size="4")) == 6
        assert all(s.size == "4" and s.kind == "toysum" for s in store.list(size="4"))
        hard = store.list(difficulty="hard")
        assert hard and all(s.difficulty == "hard" for s in hard)
        assert store.list(kind="toysum", limit=2) == store.list()[:2]

        out = io.StringIO()
        assert store.export_jsonl(out, size="5") == 3
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        for line in lines:
            puzzle = toysum.puzzle_type.from_json(line["puzzle"])
            solution = toysum.solution_type.from_json(line["solution"])
            assert toysum.verify(puzzle, solution) and line["size"] == "5"

        sheet = io.StringIO()
        assert store.export_markdown(sheet) == 9
        text = sheet.getvalue()
        puzzles, answers = text.split("# Answers")
        for stored in store.list():
            impl, puzzle, solution = stored.objects()
            assert impl.render(puzzle, fmt="markdown").strip() in puzzles
            assert impl.render(puzzle, solution, fmt="markdown").strip() in answers
        assert puzzles.count("## ") == answers.count("## ") == 9


def test_not_a_store_is_a_store_error(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_text("this is not sqlite" * 100)
    with pytest.raises(StoreError):
        PuzzleStore(junk)
    with pytest.raises(StoreError, match="no puzzle store"):
        PuzzleStore(tmp_path / "missing.db", create=False)


def test_store_commands_and_generate_store(tmp_path):
    db = str(tmp_path / "p.db")
    gen = run_cli("generate", "toysum", "--count", "4", "--seed", "8", "--store", db, "-q")
    assert gen.returncode == 0, gen.stderr
    assert "stored 4 new puzzle(s) of 4" in gen.stderr
    again = run_cli("generate", "toysum", "--count", "5", "--seed", "8", "--store", db, "-q")
    assert "stored 1 new puzzle(s) of 5" in again.stderr
    stats = run_cli("store", "stats", "--db", db, "--format", "json")
    assert json.loads(stats.stdout)["total"] == 5
    listed = run_cli("store", "list", "--db", db, "--size", "6")
    assert len(listed.stdout.splitlines()) == 5
    sheet = tmp_path / "sheet.md"
    export = run_cli("store", "export", "--db", db, "--format", "markdown", "-o", str(sheet))
    assert export.returncode == 0 and "exported 5 puzzle(s)" in export.stderr
    assert sheet.read_text().startswith("# Puzzles")
    jsonl = run_cli("store", "export", "--db", db, "--kind", "toysum")
    assert len(jsonl.stdout.splitlines()) == 5
    missing = run_cli("store", "stats", "--db", str(tmp_path / "none.db"))
    assert missing.returncode == 2 and "no puzzle store" in missing.stderr
    # a write that fails is exit 74 (the README's table), as in book and batch
    nowhere = tmp_path / "no" / "such" / "dir" / "sheet.md"
    unwritable = run_cli("store", "export", "--db", db, "-o", str(nowhere))
    assert unwritable.returncode == 74 and "cannot write" in unwritable.stderr
    assert "Traceback" not in unwritable.stderr


def test_two_runs_at_once_store_each_puzzle_once(tmp_path, toysum):
    from batch_helpers import cli_command

    db = str(tmp_path / "p.db")
    runs = [subprocess.Popen(cli_command("generate", "toysum", "--count", "30", "--seed", "5",
                                         "--store", db, "-q"),
                             env=cli_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    messages = [run.communicate(timeout=120)[1] for run in runs]
    assert all(run.returncode == 0 for run in runs), messages
    with PuzzleStore(db) as store:
        keys = {s.key for s in store.list()}
        expected = {toysum.canonical_key(generate_one("toysum", seed=5, index=i).puzzle)
                    for i in range(30)}
        assert store.count() == len(keys) and keys == expected
