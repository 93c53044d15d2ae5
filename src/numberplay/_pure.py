"""NUMBERPLAY_PURE=1: import numberplay's Python sources, never a compiled module.

A module compiled from its own Python source (a `[[cython]]` of a package's
native.toml, see setup.py) has the module's name, and Python imports the
compiled file before the `.py` beside it. With NUMBERPLAY_PURE set in the
environment, `numberplay/__init__.py` installs the finder below: a numberplay
module that has a `.py` is imported from it, and a module that is compiled only
(a hand-written C core, `_settle`, `_cages`...) raises ImportError, as on a
machine without a compiler, so its pure-Python fallback runs. The tests and
benchmarks use it to compare the compiled and the pure-Python runs.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any


class _Off(importlib.abc.Loader):
    """The loader of a compiled-only module while compiled code is off."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        raise ImportError(f"{spec.name}: compiled modules are off (NUMBERPLAY_PURE)")

    def exec_module(self, module: ModuleType) -> None:
        raise ImportError(f"{module.__name__}: compiled modules are off (NUMBERPLAY_PURE)")


class SourcesOnly(importlib.abc.MetaPathFinder):
    """numberplay's submodules from their `.py` files; compiled-only ones refused."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if not name.startswith("numberplay.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(name, source)
            if os.path.isdir(os.path.join(folder, leaf)):
                return None          # a package: the usual finder
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                if os.path.isfile(os.path.join(folder, leaf + suffix)):
                    return importlib.util.spec_from_loader(name, _Off())
        return None


def install() -> None:
    """Put the finder first (once)."""
    if not any(isinstance(f, SourcesOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, SourcesOnly())


def compiled(module: ModuleType) -> bool:
    """Is `module` a compiled one (not run from its Python source)?"""
    return not str(getattr(module, "__file__", "") or "").endswith((".py", ".pyc"))


def as_python(module: ModuleType) -> ModuleType:
    """A fresh copy of `module` run from its `.py` source, whatever is compiled
    beside it (for comparing a compiled module with its source in one process)."""
    leaf = module.__name__.rpartition(".")[2]
    source = os.path.join(os.path.dirname(module.__file__ or ""), leaf + ".py")
    # in the module's package, so that its relative imports resolve
    package = module.__name__.rpartition(".")[0]
    name = f"{package}.{leaf}_as_python" if package else f"{leaf}_as_python"
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod     # as an import would (a dataclass looks its module up)
    spec.loader.exec_module(mod)
    return mod
