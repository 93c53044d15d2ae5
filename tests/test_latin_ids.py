"""Puzzle ids made before the Latin search was written once make the same puzzles.

`data/latin_puzzle_ids.json` holds ids of every kind on the Latin search (Cross
Set sizes 4-16 at every level, Keen 4-9 at every level, CrossProduct) and a
digest of the text main made for each at 74dbb01, with the hand C core
`_latin.c` (its pure-Python engine made the same). The generator keeps the
solutions in the order the search finds them and its budgets see its node
counts, so the digests hold the search's tree: here compiled (when built), and
from source (NUMBERPLAY_PURE=1, in a child process) for the quick ones."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from numberplay.services.generation import regenerate

DATA = json.loads((Path(__file__).parent / "data" / "latin_puzzle_ids.json").read_text())
IDS: dict[str, str] = DATA["ids"]
# the ids by kind and size: one test each, short enough for a loaded machine
GROUPS = sorted({pid.partition(",")[0] for pid in IDS})


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("group", GROUPS)
def test_recorded_ids_make_the_same_puzzles(group: str) -> None:
    wrong = [pid for pid in sorted(IDS) if pid.partition(",")[0] == group
             and digest(regenerate(pid).text) != IDS[pid]]
    assert wrong == []


SOURCE_CHUNKS = 6      # child processes, each on a sixth of the quick ids


@pytest.mark.parametrize("chunk", range(SOURCE_CHUNKS))
def test_recorded_ids_make_the_same_puzzles_from_source(chunk: int) -> None:
    ids = DATA["from_source"][chunk::SOURCE_CHUNKS]
    code = ("import hashlib, sys\n"
            "from numberplay.services.generation import regenerate\n"
            "for pid in sys.argv[1:]:\n"
            "    print(pid, hashlib.sha256(regenerate(pid).text.encode()).hexdigest()[:16])\n")
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "NUMBERPLAY_PURE": "1",
           "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code, *ids], env=env,
                         capture_output=True, text=True, check=True).stdout
    got = dict(line.split() for line in out.splitlines())
    assert len(got) == len(ids) > 20
    assert [pid for pid in got if got[pid] != IDS[pid]] == []
