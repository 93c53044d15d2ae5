"""The batch runner and the store on every real kind in the registry (skipped when none).

Generic over kinds: a small generation batch gives the same results on 1 and
2 workers, equal to what `numberplay generate --format json` prints, and the
store keeps each puzzle once (twins by the kind's canonical key).
"""

from __future__ import annotations

import json

import pytest

from batch_helpers import by_id, read_results, write_jobs
from numberplay.kinds import get_kind, kind_names
from numberplay.services.batch import run_batch
from numberplay.services.store import PuzzleStore

REAL = [name for name in kind_names() if name not in ("toy", "toysum")]
CROSSPRODUCT_TWINS = ("rows 210 144 54 135 4 49\ncols 6615 15552 420",
                      "rows 144 210 54 135 49 4\ncols 15552 6615 420")

pytestmark = pytest.mark.skipif(not REAL, reason="no real kind registered yet")


@pytest.mark.parametrize("name", REAL)
def test_generation_batch_is_deterministic_and_stored_once(tmp_path, name):
    from click.testing import CliRunner

    from numberplay.cli import build_app

    impl = get_kind(name)
    jobs = write_jobs(tmp_path / "jobs.jsonl", [
        {"id": f"g{i}", "kind": name, "op": "generate", "seed": i, "count": 2, "timeout": 60}
        for i in range(3)])
    with PuzzleStore(tmp_path / "p.db") as store:
        run_batch(jobs, tmp_path / "one.jsonl", workers=1, store=store)
        run_batch(jobs, tmp_path / "two.jsonl", workers=2, store=store)
        one, two = by_id(read_results(tmp_path / "one.jsonl")), by_id(read_results(tmp_path / "two.jsonl"))
        assert one == two
        assert all(r["ok"] for r in one.values()), one
        items = [item for r in one.values() for item in r["result"]["puzzles"]]
        keys = {impl.canonical_key(impl.puzzle_type.from_json(item["puzzle"])) for item in items}
        assert store.count(kind=name) == len(keys)
    printed = CliRunner().invoke(build_app(), ["generate", name, "--seed", "1", "--count", "2",
                                               "--format", "json", "--quiet"])
    assert printed.exit_code == 0, printed.output
    assert json.loads(printed.stdout.strip().splitlines()[-1]) == one["g1"]["result"]


@pytest.mark.skipif("crossproduct" not in kind_names(), reason="crossproduct not registered")
def test_a_permuted_crossproduct_grid_is_stored_as_the_kind_says(tmp_path):
    from numberplay.model import Generated

    impl = get_kind("crossproduct")
    first, twin = (impl.parse(text) for text in CROSSPRODUCT_TWINS)
    solutions = [next(iter(impl.solutions(p, limit=1))) for p in (first, twin)]
    same = impl.canonical_key(first) == impl.canonical_key(twin)
    with PuzzleStore(tmp_path / "p.db") as store:
        assert store.add(Generated(first, solutions[0], "", impl.to_text(first)))
        assert store.add(Generated(twin, solutions[1], "", impl.to_text(twin))) is not same
