"""Response headers that keep the page and the API to themselves, and the Host check.

Every answer gets `X-Content-Type-Options: nosniff`, `Referrer-Policy:
no-referrer`, `X-Frame-Options: DENY` and a Content-Security-Policy: the play
page may load scripts, styles and images from this server only and talk to
this server only (no inline script, no eval, no plug-ins, no framing); the
/docs and /redoc pages, whose HTML starts their bundled scripts inline, get
the same policy with inline scripts and styles allowed. With `allowed_hosts`
(the server binds to loopback), a request whose Host header names another
machine gets 400: a page on another site that rebinds its DNS name to
127.0.0.1 cannot read answers through the visitor's browser.
"""

from __future__ import annotations

import json
from typing import Any

PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'")
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline'; "
               "style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")

COMMON = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
          (b"x-frame-options", b"DENY"), (b"cross-origin-opener-policy", b"same-origin")]


def host_name(value: str) -> str:
    """The name in a Host header, without its port (IPv6 without brackets)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    return value.rpartition(":")[0] if value.count(":") == 1 else value


class SecurityHeaders:
    """ASGI middleware: the headers above on every answer, and the Host check."""

    def __init__(self, app: Any, allowed_hosts: tuple[str, ...] | None = None) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.allowed is not None and not self._host_ok(scope):
            await self._refuse(send)
            return
        docs = scope.get("path", "").startswith(DOCS_PATHS)
        policy = (DOCS_POLICY if docs else PAGE_POLICY).encode()

        async def with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", [])
                           if h[0].lower() != b"content-security-policy"]
                headers += [*COMMON, (b"content-security-policy", policy)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)

    def _host_ok(self, scope: dict) -> bool:
        for name, value in scope.get("headers", []):
            if name == b"host":
                return host_name(value.decode("latin-1")) in (self.allowed or ())
        return False

    async def _refuse(self, send: Any) -> None:
        from ..errors import INPUT, Failure
        from ..services.jobs import failure_answer
        message = "this server answers only to its own address (the Host header names another)"
        status, answer = failure_answer(Failure(INPUT, message, ValueError(message)))
        body = json.dumps(answer).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), *COMMON,
                                (b"content-security-policy", PAGE_POLICY.encode())]})
        await send({"type": "http.response.body", "body": body})
