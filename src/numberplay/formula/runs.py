"""Runs of generated puzzles: puzzle i of a run (`--seed S`) costs one step of
the run's walk when 0..i-1 came before in this process (and a replay from the
start when asked alone). The formula kinds' generators keep their walks here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

_RUNS: dict[tuple, Any] = {}
_MAX_RUNS = 64


def cached_run(key: tuple, make: Callable[[], Any]) -> Any:
    """The state of the run `key` in this process, made by `make()` the first time."""
    run = _RUNS.get(key)
    if run is None:
        if len(_RUNS) >= _MAX_RUNS:
            _RUNS.pop(next(iter(_RUNS)))
        run = _RUNS[key] = make()
    return run


def run_key(rng: random.Random, sequence: tuple[str, int] | None) -> tuple[str, int]:
    """(the run's key, this puzzle's index): from `generate_one`, or one fresh
    run of one puzzle when the caller gave only an rng."""
    if sequence is not None:
        return str(sequence[0]), int(sequence[1])
    return f"rng:{rng.getrandbits(64)}", 0
