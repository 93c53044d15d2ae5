"""Run every coverage-guided fuzz target in fuzz/ for a fixed number of iterations.

Skipped (with the reason shown) when atheris is not installed:
`pip install 'numberplay[fuzz]'`. New inputs libFuzzer finds go to a temporary
folder; the committed corpus (fuzz/corpus/TARGET/) is only read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ["crossproduct", "cryptarithm", "cryptoproduct", "crossset", "keen", "options", "json",
           "size"]
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
        corpus = ROOT / "fuzz" / "corpus" / target
        assert corpus.is_dir() and any(corpus.iterdir()), f"no committed corpus for {target}"
        found = tmp_path / target
        found.mkdir()
        procs[target] = subprocess.Popen(
            [sys.executable, str(ROOT / "fuzz" / "fuzz_parsers.py"), target, f"-runs={RUNS}",
             "-max_len=4096", "-timeout=10", "-rss_limit_mb=2048", "-seed=1",
             f"-artifact_prefix={found}/", str(found), str(corpus)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    failures = []
    for target, proc in procs.items():
        out, _ = proc.communicate(timeout=600)
        if proc.returncode != 0 or f"Done {RUNS} runs" not in out:
            failures.append(f"--- {target} (exit {proc.returncode}):\n{out[-2000:]}")
    assert not failures, "\n".join(failures)
