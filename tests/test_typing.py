"""Static checks that run as tests: mypy on the kind interface and the
services, and the doctests in the package's docstrings."""

from __future__ import annotations

import doctest
import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import numberplay

ROOT = Path(__file__).resolve().parent.parent
SRC = Path(numberplay.__file__).parent

# The modules mypy must find clean. The interface, the services and the values
# of every kind are; the rest of src/ (solvers, the CLI) is not yet, and
# joins this list as it becomes clean (see `mypy src/numberplay`).
TYPED = ["kinds.py", "model.py", "budget.py", "errors.py", "registry.py", "api.py",
         "deduce.py", "services", "crossproduct/model.py", "crossset/model.py",
         "crossset/kind.py", "cryptarithm/model.py"]


def test_mypy_clean_on_the_interface_and_services():
    mypy = shutil.which("mypy") or shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy not installed (pip install '.[test]')")
    result = subprocess.run(
        [mypy, "--follow-imports=silent", "--config-file", str(ROOT / "pyproject.toml"),
         *(str(SRC / name) for name in TYPED)],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_is_typed():
    assert (SRC / "py.typed").is_file()


def _modules() -> list[str]:
    names = []
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if ">>>" in text:
            parts = path.relative_to(SRC.parent).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name):
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failed == 0
