"""`numberplay serve`: run the web app with uvicorn until Ctrl-C."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn

from .app import DEFAULT_TIMEOUT, create_app


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          timeout: float = DEFAULT_TIMEOUT, workers: int | None = None,
          echo=print) -> None:
    """Serve until interrupted; prints the address first."""
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{port}/"
    echo(f"numberplay: serving on {url} (Ctrl-C to stop)")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    app = create_app(timeout=timeout, workers=workers)
    uvicorn.run(app, host=host, port=port, log_level="warning")
