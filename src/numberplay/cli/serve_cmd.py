"""`numberplay serve`: play in the browser (needs the `web` extra)."""

from __future__ import annotations

from ..errors import NumberplayError
from .common import echo, guard
from .params import Command, option

INSTALL_HINT = "numberplay serve needs the web extra: pip install 'numberplay[web]'"


def _serve(host: str, port: int, open_browser: bool, timeout: float, workers: int | None,
           allow_origin: tuple[str, ...], memory: int) -> None:
    with guard():     # a failure said by the failure table (errors.FAILURES)
        try:
            from ..web.serve import serve as run
        except ImportError as exc:
            raise NumberplayError(f"{INSTALL_HINT} ({exc.name or exc} is missing)") from None
        try:
            run(host=host, port=port, open_browser=open_browser, timeout=timeout,
                workers=workers, echo=echo, memory_mb=memory,
                allow_origins=tuple(allow_origin))
        except KeyboardInterrupt:
            pass
        except OSError as exc:
            raise NumberplayError(f"cannot serve on {host}:{port}: "
                                  f"{exc.strerror or exc}") from None


serve = Command("serve", callback=_serve, params=[
    option("--host", name="host", default="127.0.0.1",
           help="Address to listen on (loopback by default)."),
    option("--port", name="port", default=8000, vtype=int, low=0, high=65535,
           help="Port to listen on."),
    option("--open", name="open_browser", default=False, vtype=bool,
           help="Open the page in a browser."),
    option("--timeout", name="timeout", default=10.0, vtype=float, low=0.1,
           help="Seconds of work allowed per request."),
    option("--workers", name="workers", vtype=int, low=1, high=64,
           help="Worker processes (default: the number of cores)."),
    option("--allow-origin", name="allow_origin", metavar="ORIGIN", multiple=True,
           help="Let pages from ORIGIN (e.g. https://example.org) call the API (CORS); "
                "repeatable. None by default."),
    option("--memory", name="memory", default=1024, vtype=int, low=0, metavar="MB",
           help="Address space each worker process may use (0: no cap)."),
], help="Serve the play page and the JSON API (/api/..., docs at /docs) until Ctrl-C.")
