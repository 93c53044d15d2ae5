"""`numberplay serve`: run the web app with uvicorn until Ctrl-C."""

from __future__ import annotations

import socket
import threading
import webbrowser
from collections.abc import Callable

import uvicorn

from .app import DEFAULT_TIMEOUT, create_app


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port; OSError (e.g. address in use) if it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          timeout: float = DEFAULT_TIMEOUT, workers: int | None = None,
          echo: Callable[[str], None] = print) -> None:
    """Serve until interrupted; prints the address first."""
    sock = bind(host, port)
    port = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{port}/"
    echo(f"numberplay: serving on {url} (Ctrl-C to stop)")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    app = create_app(timeout=timeout, workers=workers)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
