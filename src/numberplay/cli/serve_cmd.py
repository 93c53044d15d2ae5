"""`numberplay serve`: play in the browser (needs the `web` extra)."""

from __future__ import annotations

import typer

from .common import EXIT_BAD_INPUT, echo, err, guard

INSTALL_HINT = "numberplay serve needs the web extra: pip install 'numberplay[web]'"


def register(app: typer.Typer) -> None:
    """Add the `serve` command."""
    app.command("serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (loopback by default)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    open_browser: bool = typer.Option(False, "--open", help="Open the page in a browser."),
    timeout: float = typer.Option(10.0, "--timeout", min=0.1,
                                  help="Seconds of work allowed per request."),
    workers: int | None = typer.Option(None, "--workers", min=1, max=64,
                                       help="Worker processes (default: the number of cores)."),
    allow_origin: list[str] = typer.Option(
        [], "--allow-origin", metavar="ORIGIN",
        help="Let pages from ORIGIN (e.g. https://example.org) call the API (CORS); "
             "repeatable. None by default."),
    memory: int = typer.Option(1024, "--memory", min=0, metavar="MB",
                               help="Address space each worker process may use (0: no cap)."),
) -> None:
    """Serve the play page and the JSON API (/api/..., docs at /docs) until Ctrl-C."""
    try:
        from ..web.serve import serve as run
    except ImportError as exc:
        err.print(f"error: {INSTALL_HINT} ({exc.name or exc} is missing)", markup=False)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    with guard():
        try:
            run(host=host, port=port, open_browser=open_browser, timeout=timeout,
                workers=workers, echo=echo, memory_mb=memory,
                allow_origins=tuple(allow_origin))
        except KeyboardInterrupt:
            pass
        except OSError as exc:
            err.print(f"error: cannot serve on {host}:{port}: {exc.strerror or exc}", markup=False)
            raise typer.Exit(EXIT_BAD_INPUT) from None
