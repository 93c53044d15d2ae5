"""Run the numberplay CLI with the batch tests' toy kind registered (for subprocess tests)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import batch_toykind  # noqa: E402,F401  (registers the toy kind)
from numberplay.cli import build_app  # noqa: E402

if __name__ == "__main__":
    build_app()(prog_name="numberplay")
