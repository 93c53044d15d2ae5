"""Run every coverage-guided fuzz target in fuzz/ for a fixed number of iterations.

Skipped (with the reason shown) when atheris is not installed:
`pip install 'numberplay[fuzz]'`. New inputs libFuzzer finds go to a temporary
folder; the committed corpus (a kind's testdata/fuzz/, fuzz/corpus/TARGET/ for
the others) is only read. There is one target per installed kind, and three more.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from numberplay.kinds import kind_names

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "fuzz"))
from fuzz_parsers import GENERIC, corpus  # noqa: E402

TARGETS = [*kind_names(), *GENERIC]
RUNS = 2000


def test_fuzz_targets(tmp_path):
    """All targets at once (one process each, side by side: instrumenting the
    imports is most of the cost)."""
    pytest.importorskip("atheris", reason="atheris is not installed (pip install "
                        "'numberplay[fuzz]'); the coverage-guided fuzz targets did not run")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]))
    procs = {}
    for target in TARGETS:
        seeds = corpus(target)
        assert seeds.is_dir() and any(seeds.iterdir()), f"no committed corpus for {target}"
        found = tmp_path / target
        found.mkdir()
        procs[target] = subprocess.Popen(
            [sys.executable, str(ROOT / "fuzz" / "fuzz_parsers.py"), target, f"-runs={RUNS}",
             "-max_len=4096", "-timeout=10", "-rss_limit_mb=2048", "-seed=1",
             f"-artifact_prefix={found}/", str(found), str(seeds)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    failures = []
    for target, proc in procs.items():
        out, _ = proc.communicate(timeout=600)
        done = re.search(r"Done (\d+) runs", out)
        # libFuzzer may report a run more than -runs (seen: "Done 2001 runs"): at least RUNS
        if proc.returncode != 0 or done is None or int(done.group(1)) < RUNS:
            failures.append(f"--- {target} (exit {proc.returncode}):\n{out[-2000:]}")
    assert not failures, "\n".join(failures)
