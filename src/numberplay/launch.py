"""The `numberplay` console script's entry point, kept free of heavy imports.

Loading the command line (click, the kind, the command) takes a moment
on a busy machine. A Ctrl-C in that time used to end in a
traceback from deep inside an import; here it prints `interrupted` and exits
130, as a Ctrl-C does once the command runs. (Only the interpreter's own
start-up, before this module runs, is left uncovered.)
"""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130   # the same code as cli.common.EXIT_INTERRUPTED


def main() -> None:
    """Load the command line, then run it; Ctrl-C while loading exits 130."""
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
        raise SystemExit(EXIT_INTERRUPTED) from None
    run()
