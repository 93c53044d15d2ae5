"""`numberplay serve`: run the web app with uvicorn until Ctrl-C."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import Any

import uvicorn

from .app import DEFAULT_TIMEOUT, create_app
from .headers import LOOPBACK_HOSTS

BACKLOG = 1024              # connections the kernel may hold before uvicorn accepts them
MAX_CONNECTIONS = 1000      # open at once; past it uvicorn answers 503 at once
KEEP_ALIVE_SECONDS = 5


def is_loopback(host: str) -> bool:
    """Is `host` an address only this machine can reach?"""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str) -> str | None:
    """The start-up warning for a host other than loopback, or None."""
    if is_loopback(host):
        return None
    return (f"warning: --host {host} is not loopback: anyone who can reach this machine "
            "can use the server (no login, no TLS, CPU shared by all); see docs/security.md")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port; OSError (e.g. address in use) if it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          timeout: float = DEFAULT_TIMEOUT, workers: int | None = None,
          echo: Callable[[str], None] = print, *, memory_mb: int | None = None,
          allow_origins: tuple[str, ...] = (),
          warn: Callable[[str], None] = _stderr, **pool_options: Any) -> None:
    """Serve until interrupted; prints the address first (and a warning line
    first when `host` is not loopback). `pool_options` (max_waiting, max_wait)
    go to `create_app` (benchmarks compare shedding with queueing)."""
    sock = bind(host, port)
    port = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{port}/"
    warning = exposure_warning(host)
    if warning:
        warn(warning)
    echo(f"numberplay: serving on {url} (Ctrl-C to stop)")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    # Bound to loopback, answer only requests addressed to loopback (DNS rebinding).
    hosts = (*LOOPBACK_HOSTS, host.strip("[]").lower()) if warning is None else None
    app = create_app(timeout=timeout, workers=workers, memory_mb=memory_mb,
                     allow_origins=allow_origins, allowed_hosts=hosts, **pool_options)
    config = uvicorn.Config(app, log_level="warning", limit_concurrency=MAX_CONNECTIONS,
                            backlog=BACKLOG, timeout_keep_alive=KEEP_ALIVE_SECONDS,
                            server_header=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
