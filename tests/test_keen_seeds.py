"""The same Keen puzzles from the same seeds and ids, compiled and uncompiled.

tests/data/keen_seeds.tsv holds, for every order 4-9 and every level, two puzzles made
by main at 74dbb01 (its compiled generator and NUMBERPLAY_PURE=1 made the same):
the puzzle id and Tatham's game id of the puzzle. A change to the generator (its
cutting, dealing, random draws, grading order) that makes another puzzle from a
seed fails here, in the compiled build and in the pure-Python one alike."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import numberplay
from numberplay.services.generation import regenerate

DATA = Path(__file__).parent / "data" / "keen_seeds.tsv"
ROWS = [tuple(line.split("\t")) for line in DATA.read_text().splitlines()
        if line and not line.startswith("#")]
IMPORTED = Path(importlib.import_module("numberplay").__file__ or "").parent.parent


def _seed_of(puzzle_id: str) -> tuple[str, str, str, int]:
    """(size, level, run seed, index) of a Keen puzzle id."""
    head, _, item = puzzle_id.partition("#")
    params = dict(p.split("=") for p in head.partition(":")[2].split(","))
    seed, _, index = item.rpartition(":")
    return params["size"], params["difficulty"], seed, int(index)


def test_the_table_covers_every_order_and_level() -> None:
    from numberplay.kinds import get_kind
    keen = get_kind("keen")
    have = {(_seed_of(i)[0], _seed_of(i)[1]) for i, _ in ROWS}
    assert have == {(str(n), d) for n in range(4, 10) for d in keen.difficulties_at(str(n))}


def test_the_same_puzzles_by_seed_and_by_id() -> None:
    for puzzle_id, tatham in ROWS:
        size, level, seed, index = _seed_of(puzzle_id)
        made = numberplay.generate_full("keen", size=size, difficulty=level, seed=seed,
                                        index=index)
        assert (made.id, made.extra["tatham"]) == (puzzle_id, tatham)
        assert regenerate(puzzle_id).extra["tatham"] == tatham, puzzle_id


SCRIPT = """
import sys
from numberplay.services.generation import regenerate
for line in sys.stdin:
    print(regenerate(line.strip()).extra["tatham"])
"""


def test_the_same_puzzles_uncompiled() -> None:
    env = {**os.environ, "PYTHONPATH": str(IMPORTED), "NUMBERPLAY_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", SCRIPT], input="\n".join(i for i, _ in ROWS),
                         capture_output=True, text=True, env=env, timeout=600, check=True)
    assert out.stdout.split("\n")[:-1] == [t for _, t in ROWS]


WITHOUT_LATIN_CORE = """
from numberplay.latin import scans
scans.LINE_FILTER = None    # the capsule of the compiled Régin filter, off for this test
from numberplay.services.generation import regenerate
import sys
print(scans.LINE_FILTER is None)
for line in sys.stdin:
    print(regenerate(line.strip()).extra["tatham"])
"""


def test_the_compiled_tries_without_the_latin_core() -> None:
    """Without the compiled Régin filter's capsule (`scans.LINE_FILTER`), the compiled
    tries leave the hard rung to Python: the same puzzles (hard, where a try
    reaches that rung)."""
    rows = [(i, t) for i, t in ROWS if "difficulty=hard#" in i]
    env = {**os.environ, "PYTHONPATH": str(IMPORTED)}
    env.pop("NUMBERPLAY_PURE", None)
    out = subprocess.run([sys.executable, "-c", WITHOUT_LATIN_CORE],
                         input="\n".join(i for i, _ in rows), capture_output=True, text=True,
                         env=env, timeout=600, check=True)
    off, *made = out.stdout.split("\n")[:-1]
    assert off == "True"
    assert made == [t for _, t in rows]
