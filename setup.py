"""Build script for the optional compiled cores; everything else is in pyproject.toml.

Each kind or core that has a compiled core declares it in a `native.toml` in its
own folder (src/numberplay/<package>/native.toml); this script finds them, so it
names no package. Every extension is `optional=True`: when there is no C
compiler, `pip install .` still succeeds and numberplay uses the pure-Python code
it keeps as fallback and as the reference the tests compare against.
"""

import platform
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, setup

# Flags a declaration gives as `x86_64_args` (such as the CPU's popcount
# instruction, on every x86-64 CPU since 2008) apply on x86-64 outside Windows only.
X86_64 = platform.machine().lower() in ("x86_64", "amd64") and sys.platform != "win32"
SRC = Path("src")


def extensions() -> list[Extension]:
    """One Extension per `[[extension]]` of every package's native.toml:
    name (the module, e.g. "_lines"), sources (files in the package folder),
    and optionally extra_compile_args and x86_64_args."""
    found = []
    for declaration in sorted((SRC / "numberplay").glob("*/native.toml")):
        folder = declaration.parent
        package = ".".join(folder.relative_to(SRC).parts)
        for ext in tomllib.loads(declaration.read_text(encoding="utf-8"))["extension"]:
            args = list(ext.get("extra_compile_args", []))
            args += ext.get("x86_64_args", []) if X86_64 else []
            found.append(Extension(f"{package}.{ext['name']}",
                                   [(folder / s).as_posix() for s in ext["sources"]],
                                   extra_compile_args=args, optional=True))
    return found


setup(ext_modules=extensions())
