"""The FastAPI app: the JSON API and the play page, whose routes are made from
the operation table (`routes`); here the factory that puts them together with
the worker pool, the error handlers and the middleware.

Every API request runs in a worker process under a time budget (see `pool`),
so the server itself never searches; the answers come from the same services
the CLI uses (`jobs`).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import INPUT, TOO_LARGE, Failure
from ..services.jobs import failure_answer
from .headers import SecurityHeaders
from .jobs import LIMITS
from .pool import GRACE_SECONDS, MAX_WAIT_SECONDS, WorkerPool
from .pool import worker_command as capped_worker
from .routes import MODELS, OPERATIONS, STATIC, Unreadable, api, catalog, pages, unreadable
from .schemas import describe

MAX_BODY_BYTES = 64 * 1024
DEFAULT_TIMEOUT = LIMITS.seconds or 10.0   # seconds of work per request (--timeout)

class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes gets 413."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    if int(value) > self.limit:
                        await self._too_large(send)
                        return
                except ValueError:
                    pass
        messages: list[dict] = []
        total = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            total += len(message.get("body", b""))
            if total > self.limit:
                await self._too_large(send)
                return
            if not message.get("more_body"):
                break

        async def replay() -> dict:
            if messages:
                return messages.pop(0)
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Any) -> None:
        status, answer = failure_answer(Failure(TOO_LARGE, f"request body larger than "
                                                f"{self.limit // 1024} KiB", ValueError()))
        body = json.dumps(answer).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    """An HTTP error (404, 405, ...) as every error: `{"error": one line}`."""
    assert isinstance(exc, StarletteHTTPException)
    return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                        headers=getattr(exc, "headers", None))


async def bad_body(request: Request, exc: Exception) -> JSONResponse:
    """A body its model refuses: 400 and the first complaint, naming the field."""
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    message = first.get("msg", "invalid request")
    status, answer = failure_answer(Failure(INPUT, f"{where}: {message}" if where else message,
                                            exc))
    return JSONResponse(answer, status_code=status)


def with_bodies(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document with the request bodies' models (`routes.MODELS`, each
    route's body refers to its own) among its components."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for op, model in MODELS.items():
        found = model.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(found.pop("$defs", {}))
        components[OPERATIONS[op][0]] = found
    return schema


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The pool's workers run while the app serves; the kinds they serve and a
    puzzle of each go into the OpenAPI description."""
    pool = app.state.pool
    await pool.start()
    status, found = await pool.run("describe", {}, app.state.timeout)
    if status == 200:
        app.state.described = found
    try:
        yield
    finally:
        await pool.close()


def create_app(timeout: float = DEFAULT_TIMEOUT, workers: int | None = None,
               worker_command: list[str] | None = None, grace: float = GRACE_SECONDS, *,
               memory_mb: int | None = None, allow_origins: tuple[str, ...] = (),
               allowed_hosts: tuple[str, ...] | None = None, max_waiting: int | None = None,
               max_wait: float = MAX_WAIT_SECONDS) -> FastAPI:
    """The web app. `timeout`: seconds of work allowed per request; `workers`:
    worker processes (default: the number of cores); a job still running
    `grace` seconds after its budget has its worker killed and replaced.
    `memory_mb`: each worker's address-space cap (None: the worker's default);
    `allow_origins`: origins that may call the API from their pages (CORS;
    none by default); `allowed_hosts`: the Host names answered (None: any);
    `max_waiting`, `max_wait`: how many requests may wait for a worker, how long."""
    command = worker_command or (None if memory_mb is None else capped_worker(memory_mb))
    # FastAPIOffline serves the /docs and /redoc pages' scripts itself: the
    # plain FastAPI pages load them from a public CDN and stay blank offline.
    app = FastAPIOffline(title="numberplay", lifespan=lifespan, description=(
        "Solve, count, check, explain, hint and generate digit puzzles. Each answer is the "
        "object `numberplay COMMAND KIND --format json` prints; bad input gets 400 "
        "with {\"error\": the CLI's one-line message}; a request that runs out of its "
        f"budget ({timeout:g} s, or its max_nodes) gets what was found, \"complete\": false."))
    app.state.pool = WorkerPool(workers, command=command, grace=grace, max_waiting=max_waiting,
                                max_wait=max_wait)
    app.state.timeout = timeout
    app.state.described = {"kinds": [], "puzzles": []}
    generated_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = describe(with_bodies(generated_openapi()),
                                          app.state.described["kinds"],
                                          app.state.described["puzzles"])
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, bad_body)
    app.add_exception_handler(Unreadable, unreadable)
    for router in (api, catalog, pages):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    if allow_origins:  # CORS stays closed unless the server was told whom to trust
        app.add_middleware(CORSMiddleware, allow_origins=list(allow_origins),
                           allow_methods=["GET", "POST"], allow_headers=["content-type"])
    app.add_middleware(SecurityHeaders, allowed_hosts=allowed_hosts)
    return app
