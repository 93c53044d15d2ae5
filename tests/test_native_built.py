"""The compiled cores (declared in each package's native.toml, built by setup.py) are
importable where CI requires them.

Every extension is optional (a machine without a C compiler still installs
numberplay and uses the pure-Python code), so a failed build would otherwise
pass silently: with NUMBERPLAY_REQUIRE_NATIVE=1 (set by .ci/run) a missing core fails.
"""

from __future__ import annotations

import importlib
import os
import tomllib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
MODULES = [".".join([*decl.parent.relative_to(SRC).parts, ext["name"]])
           for decl in sorted(SRC.glob("numberplay/*/native.toml"))
           for ext in tomllib.loads(decl.read_text()).get("extension", [])]


def test_setup_lists_the_compiled_cores():
    assert {"numberplay.formula._settle", "numberplay.keen._cages"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_compiled_core_is_importable(name):
    try:
        importlib.import_module(name)
    except ImportError as exc:
        if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
            pytest.fail(f"{name} was not built: {exc}")
        pytest.skip(f"{name} not built ({exc}); the pure-Python fallback is used")
