"""Build script for the optional compiled cores; everything else is in pyproject.toml.

Every extension is `optional=True`: when there is no C compiler, `pip install .`
still succeeds and numberplay uses the pure-Python code it keeps as fallback and
as the reference the tests compare against.
"""

import platform
import sys

from setuptools import Extension, setup

# The Latin-square core counts bits in its inner loops: use the CPU's popcount
# instruction where there is one (every x86-64 CPU since 2008) instead of a libgcc call.
POPCNT = (["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64")
          and sys.platform != "win32" else [])

# One line per compiled core: Extension("numberplay.<package>._<name>",
#   ["src/numberplay/<package>/_<name>.c"], ...), the package a kind or a core
EXTENSIONS: list[Extension] = [
    Extension("numberplay.formula._columns", ["src/numberplay/formula/_columns.c"],
              optional=True),
    Extension("numberplay.crossproduct._lines", ["src/numberplay/crossproduct/_lines.c"],
              optional=True),
    Extension("numberplay.latin._latin", ["src/numberplay/latin/_latin.c"],
              extra_compile_args=POPCNT, optional=True),
]

setup(ext_modules=EXTENSIONS)
