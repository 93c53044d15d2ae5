"""Static checks that run as tests: mypy on the source tree (all of it but
the files in UNTYPED), and the doctests in the package's docstrings."""

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

# mypy must find all of src/ clean but these files (relative to the package),
# which are being changed elsewhere; when this is empty, the whole tree is checked.
UNTYPED: set[str] = set()


def test_mypy_clean_on_the_source_tree():
    mypy = shutil.which("mypy") or shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy not installed (pip install '.[test]')")
    # The source tree, not the installed copy: mypy run on files inside
    # site-packages takes that folder for a source root and trips over its neighbours.
    tree = ROOT / "src" / "numberplay"
    tree = tree if tree.is_dir() else SRC
    if UNTYPED:
        files = sorted(str(path) for path in tree.rglob("*.py*")
                       if path.suffix in (".py", ".pyi")
                       and path.relative_to(tree).as_posix() not in UNTYPED)
    else:
        files = [str(tree)]
    result = subprocess.run(
        [mypy, "--follow-imports=silent", "--config-file", str(ROOT / "pyproject.toml"), *files],
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
