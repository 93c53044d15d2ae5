"""Every compiled module against its own source, module by module.

A module a package's native.toml compiles (a `[[cython]]` entry, built by
setup.py) is imported in place of its `.py`. For each one, the workload that
tests/native_workloads.py names for it (explanations, grades, hints, searches
with their node counts, generated puzzles, word lists) runs in a fresh
interpreter twice: with every module as built, and with that one module from
its `.py` (everything else still compiled, but for the modules it cimports or
that cimport it: they run from their source with it). The lines must be the same.

The modules come from the native.toml files, so a module that becomes compiled
is compared from then on; one that has no workload fails
`test_every_compiled_module_has_a_workload`, which names it.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from native_workloads import WORKLOADS

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
SCRIPT = Path(__file__).resolve().parent / "native_workloads.py"
COMPILED = [".".join([*decl.parent.relative_to(SRC).parts, mod["name"]])
            for decl in sorted(SRC.glob("numberplay/*/native.toml"))
            for mod in tomllib.loads(decl.read_text(encoding="utf-8")).get("cython", [])]
KNOWN = [name for name in COMPILED if name in WORKLOADS]
CIMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+cimport\s+([\w, ]+)|^\s*cimport\s+([\w.]+)", re.M)


def cimported(name: str) -> set[str]:
    """The numberplay modules that `name`'s .pxd (or .py) cimports: C-level imports,
    which need the compiled module, not its source."""
    base = SRC / Path(*name.split("."))
    found = set()
    for path in (base.with_suffix(".pxd"), base.with_suffix(".py")):
        if path.is_file():
            for frm, leaves, plain in CIMPORT.findall(path.read_text(encoding="utf-8")):
                found |= {plain} if plain else {f"{frm}.{x.strip()}" for x in leaves.split(",")}
    return {m for m in found if m.startswith("numberplay.")}


def from_source(name: str) -> list[str]:
    """`name` with the compiled modules it cimports and that cimport it (directly or
    not): a unit, run from its source together (a compiled module needs the C
    functions of what it cimports; its source calls them as Python's)."""
    out = {name}
    while True:
        more = {m for m in COMPILED if m not in out and (cimported(m) & out or m in set().union(
            *(cimported(o) for o in out)))}
        if not more:
            return sorted(out)
        out |= more
# The numberplay the tests import: the source tree built in place, or (CI) the
# installed package.
IMPORTED = Path(importlib.import_module("numberplay").__file__ or "").parent.parent
REQUIRED = bool(os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"))


def run_workloads(names: list[str], sources: list[str] = (),  # type: ignore[assignment]
                  path: Path = IMPORTED, pure: bool = False
                  ) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The workloads of `names` in a fresh interpreter importing numberplay from
    `path`, the modules `sources` from their `.py` (`pure`: every module from its
    `.py`, with no Cython to import): ({module: lines}, {module: "compiled" or
    "source"})."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    env.pop("NUMBERPLAY_PURE", None)
    argv = [a for name in sources for a in ("--source", name)] + list(names)
    if pure:
        env["NUMBERPLAY_PURE"] = "1"
        argv.insert(0, "--no-cython")
    done = subprocess.run([sys.executable, str(SCRIPT), *argv], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    how = dict(line.split()[:2] for line in done.stderr.splitlines()
               if line.startswith("numberplay.") and len(line.split()) == 2)
    return json.loads(done.stdout), how


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[dict[str, list[str]], dict[str, str]]]:
    """Every workload with everything as built ("*"), and each module's workload
    with that module from its source; two interpreters at a time."""
    jobs: dict[str, tuple[list[str], list[str], Path, bool]] = {
        "*": (KNOWN, [], IMPORTED, False), "pure": (KNOWN, [], IMPORTED, True)}
    jobs.update({name: ([name], from_source(name), IMPORTED, False) for name in KNOWN})
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {key: pool.submit(run_workloads, *job) for key, job in jobs.items()}
        return {key: future.result() for key, future in futures.items()}


def test_the_modules_that_cimport_a_module_run_from_source_with_it():
    assert from_source("numberplay.deduce.kernel") == ["numberplay.deduce.kernel"]
    if "numberplay.latin.search" in COMPILED:
        assert from_source("numberplay.latin.scans") == from_source("numberplay.latin.search") \
            == ["numberplay.latin.scans", "numberplay.latin.search"]


def test_every_compiled_module_has_a_workload():
    missing = [name for name in COMPILED if name not in WORKLOADS]
    assert not missing, (
        f"compiled by a native.toml but compared with its source by nothing: {missing}; "
        "give each an entry in WORKLOADS (tests/native_workloads.py)")
    assert "numberplay.deduce.kernel" in COMPILED


def test_every_module_runs_from_its_source_without_cython(runs):
    """Where numberplay is installed without a compiler, every typed source runs as
    plain Python, and Cython is not there to import (pip builds in an environment
    of its own): the same lines as the build, module for module. (A source that
    read `cython.compiled` with no stand-in once failed to import there.)"""
    built, how = runs["*"]
    pure, pure_how = runs["pure"]
    assert set(pure_how.values()) == {"source"}
    assert pure.keys() == built.keys()
    for name in KNOWN:
        assert pure[name] == built[name], name


@pytest.mark.parametrize("name", KNOWN)
def test_compiled_module_is_its_source(name, runs):
    built, how = runs["*"]
    alone, alone_how = runs[name]
    assert alone_how[name] == "source"
    if how[name] != "compiled":
        if REQUIRED:
            pytest.fail(f"{name} was not compiled (NUMBERPLAY_REQUIRE_NATIVE)")
        pytest.skip(f"{name} is not compiled here: nothing to compare")
    assert len(built[name]) >= 5
    assert alone[name] == built[name]
