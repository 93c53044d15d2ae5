"""Build script for the optional compiled cores; everything else is in pyproject.toml.

Every extension is `optional=True`: when there is no C compiler, `pip install .`
still succeeds and numberplay uses the pure-Python code it keeps as fallback and
as the reference the tests compare against.
"""

from setuptools import Extension, setup

# One line per compiled core: Extension("numberplay.<kind>._<name>", ["src/numberplay/<kind>/_<name>.c"], ...)
EXTENSIONS: list[Extension] = [
    Extension("numberplay.cryptarithm._columns", ["src/numberplay/cryptarithm/_columns.c"],
              optional=True),
    Extension("numberplay.crossproduct._lines", ["src/numberplay/crossproduct/_lines.c"],
              optional=True),
]

setup(ext_modules=EXTENSIONS)
