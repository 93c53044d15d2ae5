"""Helpers shared by the batch and store tests (fixtures, job files, an oracle)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
SRC = TESTS.parent / "src"
RUNNER = TESTS / "batch_cli_runner.py"


@pytest.fixture(name="toysum")
def toysum_fixture():
    """The toy subset-sum kind, registered for the duration of a test."""
    import batch_toykind
    from numberplay.kinds import register, unregister

    register(batch_toykind.KIND)
    yield batch_toykind.KIND
    unregister(batch_toykind.NAME)


def subset_count(numbers: list[int], target: int) -> int:
    """Brute force: how many subsets (by position) add up to target."""
    return sum(1 for r in range(len(numbers) + 1)
               for combo in itertools.combinations(numbers, r) if sum(combo) == target)


def puzzle_text(numbers: list[int], target: int, extra: str = "") -> str:
    """The toy kind's text for a puzzle."""
    return f"numbers {' '.join(map(str, numbers))}\ntarget {target}\n{extra}"


def write_jobs(path: Path, jobs: list[Any]) -> Path:
    """A JSONL file: dicts become JSON lines, strings are written as they are."""
    lines = [job if isinstance(job, str) else json.dumps(job) for job in jobs]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read_results(path: Path) -> list[dict[str, Any]]:
    """Every result line of a results file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def by_id(results: list[dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    """Results keyed by id; fails on a repeated id."""
    table: dict[Any, dict[str, Any]] = {}
    for result in results:
        assert result["id"] not in table, f"id {result['id']!r} twice"
        table[result["id"]] = result
    return table


def cli_env() -> dict[str, str]:
    """The environment for a CLI subprocess: our src and tests first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), str(TESTS), env.get("PYTHONPATH", "")])
    return env


def cli_command(*args: str) -> list[str]:
    """The command line running the CLI with the toy kind registered."""
    return [sys.executable, str(RUNNER), *args]


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the CLI (toy kind registered) and wait for it."""
    return subprocess.run(cli_command(*args), env=cli_env(), capture_output=True, text=True,
                          timeout=timeout)
