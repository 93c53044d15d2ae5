"""Build script for the optional compiled cores; everything else is in pyproject.toml.

Each kind or core that has a compiled core declares it in a `native.toml` in its
own folder (src/numberplay/<package>/native.toml); this script finds them, so it
names no package. Two sorts of declaration:

- `[[extension]]`: a hand-written C module (name, sources, optional
  extra_compile_args and x86_64_args);
- `[[cython]]`: a Python module of the package (`name`, the file `name.py`)
  compiled as it is by Cython in pure-Python mode: the same file is the
  pure-Python fallback, so there is one source. The compiled module has the
  module's own name and Python imports it in place of the `.py`;
  NUMBERPLAY_PURE=1 makes numberplay import the sources instead
  (`numberplay._pure`).

Every extension is `optional=True`: when there is no C compiler (or no Cython, for
the second sort), `pip install .` still succeeds and numberplay uses the
pure-Python code it keeps as fallback and as the reference the tests compare
against.
"""

import os
import platform
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

JOBS = os.cpu_count() or 1   # modules translated and compiled side by side

# Flags a declaration gives as `x86_64_args` (such as the CPU's popcount
# instruction, on every x86-64 CPU since 2008) apply on x86-64 outside Windows only.
X86_64 = platform.machine().lower() in ("x86_64", "amd64") and sys.platform != "win32"
SRC = Path("src")

# Python's own CFLAGS ask for debug information (-g): for these modules it costs
# about a third of the compile time of `pip install .` and nothing at run time is
# gained from it, so it is turned off (a developer who wants it sets
# NUMBERPLAY_DEBUG_INFO=1 when building).
NO_DEBUG_INFO = [] if os.environ.get("NUMBERPLAY_DEBUG_INFO") else ["-g0"]


def _declarations() -> list[tuple[Path, str, dict]]:
    """(folder, package, parsed native.toml) of every package that declares one."""
    found = []
    for declaration in sorted((SRC / "numberplay").glob("*/native.toml")):
        folder = declaration.parent
        package = ".".join(folder.relative_to(SRC).parts)
        found.append((folder, package, tomllib.loads(declaration.read_text(encoding="utf-8"))))
    return found


def c_extensions() -> list[Extension]:
    """One Extension per `[[extension]]` of every package's native.toml:
    name (the module, e.g. "_settle"), sources (files in the package folder),
    and optionally extra_compile_args and x86_64_args."""
    found = []
    for folder, package, table in _declarations():
        for ext in table.get("extension", []):
            args = NO_DEBUG_INFO + list(ext.get("extra_compile_args", []))
            args += ext.get("x86_64_args", []) if X86_64 else []
            found.append(Extension(f"{package}.{ext['name']}",
                                   [(folder / s).as_posix() for s in ext["sources"]],
                                   extra_compile_args=args, optional=True))
    return found


def cython_extensions() -> list[Extension]:
    """One Extension per `[[cython]]` of every package's native.toml: the module
    `name` (its source `name.py` in the package folder) compiled by Cython, the
    generated C kept under build/. None without Cython."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("numberplay: Cython is not installed; the Python modules stay pure Python",
              file=sys.stderr)
        return []
    found = []
    for folder, package, table in _declarations():
        for mod in table.get("cython", []):
            args = ["-O2"] + NO_DEBUG_INFO + (["-mpopcnt"] if X86_64 else [])
            found.append(Extension(f"{package}.{mod['name']}",
                                   [(folder / f"{mod['name']}.py").as_posix()],
                                   extra_compile_args=args, optional=True))
    if not found:
        return []
    built = cythonize(found, build_dir="build/cython", quiet=True, nthreads=JOBS,
                      compiler_directives={"language_level": 3, "binding": True,
                                           # the sources are plain Python: Python's
                                           # semantics for integers and lists
                                           "boundscheck": True, "wraparound": True})
    for ext in built:
        ext.optional = True
    return built


class ParallelBuildExt(build_ext):
    """build_ext compiling the extensions in parallel, one job a CPU, unless
    `-j N` (`--parallel`) says otherwise: `pip install .` compiled them one
    after another."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS


setup(ext_modules=c_extensions() + cython_extensions(),
      cmdclass={"build_ext": ParallelBuildExt})
