"""The code base stays ruff-clean and never calls eval/exec in src/."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean():
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff not installed")
    folders = [name for name in ("src", "tests", "benchmarks", "examples/plugin-kind")
               if (ROOT / name).is_dir()]
    result = subprocess.run([ruff, "check", *folders], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_eval_or_exec_in_src():
    pattern = re.compile(r"(^|[^_.a-zA-Z])(eval|exec)\(")
    offenders = [f"{path}:{n}" for path in (ROOT / "src").rglob("*.py")
                 for n, line in enumerate(path.read_text().splitlines(), 1)
                 if pattern.search(line) and "# safe:" not in line]
    assert offenders == []
