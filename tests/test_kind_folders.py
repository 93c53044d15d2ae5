"""Everything about a kind lives in its own folder.

A kind folder is a folder of `src/numberplay/` holding a `kind.py`. No other
file under `src/numberplay/` (Python, JavaScript, C, CSS, HTML) names the kind
as a whole word, in any case, docstrings and comments included: generic code
learns the kinds from the registry. The generic tests and fuzz targets listed
in GENERIC name no kind either. Every kind folder is declared as an entry point
in `pyproject.toml`.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "numberplay"
SUFFIXES = {".py", ".js", ".c", ".css", ".html"}
# Tests and fuzz targets that must work for any kind, so name none.
GENERIC = ["tests/test_layers.py", "tests/test_hostile_atheris.py", "tests/test_kind_contract.py",
           "tests/test_kind_folders.py", "tests/test_plugins.py", "fuzz/fuzz_parsers.py"]


def kind_folders() -> list[str]:
    """The names of the folders of src/numberplay that hold a kind.py."""
    return sorted(p.parent.name for p in SRC.glob("*/kind.py"))


def naming(name: str, files: list[Path]) -> list[str]:
    """The files (relative to the repository) whose text names `name` as a whole word."""
    word = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", re.IGNORECASE)
    return [str(f.relative_to(ROOT)) for f in files
            if word.search(f.read_text(encoding="utf-8", errors="replace"))]


def source_files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in SUFFIXES and p.is_file())


def test_the_check_sees_a_name():
    assert naming("numberplay", [ROOT / "pyproject.toml"]) == ["pyproject.toml"]
    assert naming("play", [ROOT / "pyproject.toml"]) == []   # only whole words


def test_there_are_kind_folders():
    assert len(kind_folders()) >= 2


def test_no_file_outside_a_kind_folder_names_the_kind():
    files = source_files()
    found = []
    for name in kind_folders():
        found += [f"{f}: {name}" for f in naming(name, files)
                  if not f.startswith(f"src/numberplay/{name}/")]
    assert not found, "\n".join(found)


def test_generic_tests_name_no_kind():
    files = [ROOT / g for g in GENERIC if (ROOT / g).is_file()]
    found = [f"{f}: {name}" for name in kind_folders() for f in naming(name, files)]
    assert not found, "\n".join(found)


def test_every_kind_folder_is_an_entry_point():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"]["numberplay.kinds"]
    packages = {value.partition(":")[0] for value in declared.values()}
    assert {f"numberplay.{name}" for name in kind_folders()} <= packages
    assert set(declared) >= set(kind_folders())
