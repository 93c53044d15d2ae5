"""The `numberplay` console script's entry point, kept free of heavy imports.

Loading the command line (click, the kind, the command) takes a moment
on a busy machine. A Ctrl-C in that time used to end in a
traceback from deep inside an import; here it prints `interrupted` and exits
130, as a Ctrl-C does once the command runs. (Only the interpreter's own
start-up, before this module runs, is left uncovered.)
"""

from __future__ import annotations

import gc
import sys

EXIT_INTERRUPTED = 130   # the same code as cli.common.EXIT_INTERRUPTED


def main() -> None:
    """Load the command line, then run it; Ctrl-C while loading exits 130.

    What the command line loads (click, most of it) lives as long as the
    process: it is loaded without the cyclic garbage collector and then frozen
    out of its reach (`gc.freeze`), so that the collections the command's own
    imports and work trigger do not walk it again (issue 45: 8% of a plain
    solve's CPU, `benchmarks/bench_startup.py`)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
        raise SystemExit(EXIT_INTERRUPTED) from None
    finally:
        if collecting:
            gc.freeze()
            gc.enable()
    run()
