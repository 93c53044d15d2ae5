"""A bounds-checked build of the typed sources that turn the checks off.

Some typed sources say `# cython: boundscheck=False, wraparound=False` in their
first line: compiled, an index out of range reads or writes memory silently (run
from the source, it is an IndexError). This test copies the imported package to
a temporary folder, builds those modules there with the checks forced on (and
`-O0`, both at once: a few seconds), and runs their workloads
(tests/native_workloads.py) on that build: the lines must be those of the same
modules run from their source, and nothing may raise.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from native_workloads import WORKLOADS
from test_compiled_modules import COMPILED, IMPORTED, REQUIRED, SRC, from_source, run_workloads

OFF = re.compile(r"^#\s*cython:.*\b(boundscheck|wraparound)\s*=\s*False")
CHECKED = "# cython: boundscheck=True, wraparound=True, cdivision=True, initializedcheck=True"


def _unchecked() -> list[str]:
    """The compiled modules whose source turns bounds checks or wraparound off."""
    out = []
    for name in COMPILED:
        source = SRC / Path(*name.split(".")).with_suffix(".py")
        first = source.read_text(encoding="utf-8").split("\n", 1)[0]
        if OFF.match(first):
            out.append(name)
    return out


UNCHECKED = _unchecked()

BUILD = textwrap.dedent("""
    import sys
    from Cython.Build import cythonize
    from setuptools import Extension, setup
    names = sys.argv[sys.argv.index("--") + 1:]
    del sys.argv[sys.argv.index("--"):]
    exts = [Extension(n, [n.replace(".", "/") + ".py"], extra_compile_args=["-O0"])
            for n in names]
    setup(name="checked", script_args=sys.argv[1:],
          ext_modules=cythonize(exts, build_dir="cbuild", quiet=True, nthreads=2,
                                include_path=["."],
                                compiler_directives={"language_level": 3, "binding": True,
                                                     "boundscheck": True,
                                                     "wraparound": True}))
""")


def test_the_unchecked_sources_are_found():
    assert "numberplay.latin.scans" in UNCHECKED
    assert all(name in WORKLOADS for name in UNCHECKED)


@pytest.fixture(scope="module")
def checked_build(tmp_path_factory) -> Path:
    """The imported package copied, its unchecked modules built there checked."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        if REQUIRED:
            pytest.fail("Cython is not installed (NUMBERPLAY_REQUIRE_NATIVE)")
        pytest.skip("Cython is not installed")
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler")
    root = tmp_path_factory.mktemp("checked")
    shutil.copytree(IMPORTED / "numberplay", root / "numberplay",
                    ignore=shutil.ignore_patterns("__pycache__", "static", "examples",
                                                  "testdata"))
    for name in UNCHECKED:
        rel = Path(*name.split("."))
        for built in (root / rel.parent).glob(rel.name + ".*.so"):
            built.unlink()
        for suffix in (".py", ".pxd"):       # the sources, from the tree
            source = SRC / rel.with_suffix(suffix)
            if source.is_file():
                shutil.copyfile(source, root / rel.with_suffix(suffix))
        py = root / rel.with_suffix(".py")
        first, rest = py.read_text(encoding="utf-8").split("\n", 1)
        py.write_text(CHECKED + "\n" + rest, encoding="utf-8")
    (root / "build_checked.py").write_text(BUILD, encoding="utf-8")
    done = subprocess.run([sys.executable, "build_checked.py", "build_ext", "--inplace",
                           "-j", "2", "--", *UNCHECKED], cwd=root, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    # the examples and drawings the kinds read
    for folder in ("static", "examples", "testdata"):
        for found in (IMPORTED / "numberplay").rglob(folder):
            target = root / found.relative_to(IMPORTED)
            if found.is_dir() and not target.exists():
                shutil.copytree(found, target)
    return root


@pytest.mark.parametrize("name", UNCHECKED)
def test_bounds_checked_build_is_the_source(name, checked_build):
    checked, how = run_workloads([name], path=checked_build)
    assert how[name] == "compiled"
    module_file = subprocess.run(
        [sys.executable, "-c", f"import {name} as m; print(m.__file__)"],
        env={**os.environ, "PYTHONPATH": str(checked_build)}, capture_output=True, text=True,
        check=True).stdout.strip()
    assert Path(module_file).is_relative_to(checked_build), module_file
    source, source_how = run_workloads([name], sources=from_source(name))
    assert source_how[name] == "source"
    assert checked[name] == source[name]
