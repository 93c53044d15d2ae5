"""A worker process of the web server: `python -m numberplay.web.worker`.

Reads one JSON request per line on stdin (`[op, body, seconds]`) and writes
one JSON answer per line on stdout (`[status, answer]`), until stdin closes.
"""

from __future__ import annotations

import json
import signal
import sys

from .jobs import error, run_job


def main() -> None:
    """Serve requests from stdin until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's business
    out = sys.stdout
    out.write("ready\n")  # imports done: the first job's budget is its own
    out.flush()
    for line in sys.stdin:
        try:
            op, body, seconds = json.loads(line)
            answer = run_job(op, body, float(seconds))
        except (ValueError, TypeError):
            answer = error("internal error: unreadable job", 500)
        out.write(json.dumps(answer, ensure_ascii=True, separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
