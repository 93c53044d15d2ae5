"""The FastAPI app: the JSON API and the play page.

Every API request runs in a worker process under a time budget (see `pool`),
so the server itself never searches; the answers come from the same services
the CLI uses (`jobs`).
"""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException

from .headers import SecurityHeaders
from .kindfiles import kind_file
from .pool import GRACE_SECONDS, MAX_WAIT_SECONDS, RETRY_AFTER_SECONDS, WorkerPool
from .pool import worker_command as capped_worker
from .schemas import (
    ERRORS,
    UNMADE,
    CheckAnswer,
    ExampleRow,
    ExampleText,
    ExplainAnswer,
    GenerateAnswer,
    HintAnswer,
    KindRow,
    SolveAnswer,
    describe,
)

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 64 * 1024
DEFAULT_TIMEOUT = 10.0

# Text with something in it, or the JSON object of a puzzle.
PuzzleInput = Annotated[str, StringConstraints(pattern=r"\S")] | dict[str, Any]


class PuzzleBody(BaseModel):
    """A puzzle request, as on the command line (and as a batch job line: the
    same fields, `services.operations`)."""

    model_config = ConfigDict(strict=True)
    kind: str = Field(description="The kind of puzzle (see GET /api/kinds); aliases work.")
    puzzle: PuzzleInput = Field(description="The puzzle in the kind's text form, or the "
                                "JSON object the CLI prints under \"puzzle\".")
    options: dict[str, Any] = Field(default_factory=dict, description=(
        "The kind's own options (e.g. base, fix) and the command's flags "
        "(solve: all, count, no_search; check: count; explain: trace, no_search, max_steps). "
        "An option whose CLI value is a file (generate --words FILE) takes the "
        "file's text, or a list of its lines, never a file name."))
    max_nodes: int | None = Field(None, ge=1, description=(
        "A search-node budget for this request (beside the server's time budget)."))


class CountBody(PuzzleBody):
    """A count request: every solution counted (as solve --count)."""

    limit: int | None = Field(None, ge=1, description="Stop after N solutions (as --limit).")


class SolveBody(CountBody):
    """A solve request."""

    all: bool | None = Field(None, description="Every solution (as --all; at most 1000).")
    count: bool | None = Field(None, description=(
        "Count every solution (as --count): \"count\" is exact when \"complete\" is true, "
        "else the budget ran out first."))
    search: bool | None = Field(None, description="false: deductions only (as --no-search).")


class CheckBody(CountBody):
    """A check request."""

    count: bool | None = Field(None, description=(
        "Count every solution (as check --count) instead of stopping at the second."))
    why: bool = Field(False, description=(
        "Say why (as check --why): difficulty and techniques, or two "
        "solutions, candidates and the fewest givens, or a conflict."))


class ExplainBody(PuzzleBody):
    """An explain request."""

    trace: bool | None = Field(None, description="Every elimination (as --trace).")
    search: bool | None = Field(None, description="false: no guessing (as --no-search).")
    max_steps: int | None = Field(None, ge=1, description="At most N steps (as --max-steps).")


class HintBody(PuzzleBody):
    """A hint request: the puzzle and, optionally, where the player is."""

    state: str | None = Field(None, description=(
        "The player's position in the kind's state format (a grid: one line per row, "
        "digits and '.'; candidate grids in their own format; letters: A=1,B=2)."))
    level: int | None = Field(None, ge=1, le=3, description=(
        "1: the technique and the line; 2: also the cell or letter; 3: the whole step."))


class GenerateBody(BaseModel):
    """A generation request, as `numberplay generate KIND`."""

    model_config = ConfigDict(strict=True)
    kind: str
    size: str | None = None
    difficulty: str | None = None
    seed: int | str | None = Field(None, description=(
        "The run's seed (default: a fresh one; each puzzle reports its seed and id)."))
    count: int = Field(1, ge=1, le=20)
    options: dict[str, Any] = Field(default_factory=dict, description=(
        "The kind's generation options, as PuzzleBody's."))
    max_nodes: int | None = Field(None, ge=1)


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
        body = json.dumps({"error": f"request body larger than {self.limit // 1024} KiB"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


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
    pool = WorkerPool(workers, command=command, grace=grace, max_waiting=max_waiting,
                      max_wait=max_wait)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await pool.start()
        # The kinds the workers serve and a puzzle of each, for the OpenAPI description.
        status, found = await pool.run("describe", {}, timeout)
        if status == 200:
            app.state.described = found
        try:
            yield
        finally:
            await pool.close()

    # FastAPIOffline serves the /docs and /redoc pages' scripts itself: the
    # plain FastAPI pages load them from a public CDN and stay blank offline.
    app = FastAPIOffline(title="numberplay", lifespan=lifespan, description=(
        "Solve, count, check, explain, hint and generate digit puzzles. Each answer is the "
        "object `numberplay COMMAND KIND --format json` prints; bad input gets 400 "
        "with {\"error\": the CLI's one-line message}; a request that runs out of its "
        f"budget ({timeout:g} s, or its max_nodes) gets what was found, \"complete\": false."))
    app.state.pool = pool
    app.state.timeout = timeout
    app.state.described = {"kinds": [], "puzzles": []}
    generated_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = describe(generated_openapi(), app.state.described["kinds"],
                                          app.state.described["puzzles"])
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    def answers(model: Any) -> dict[int | str, dict[str, Any]]:
        return {200: {"model": model, "description": "The object the CLI prints."}, **ERRORS}

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = first.get("msg", "invalid request")
        return JSONResponse({"error": f"{where}: {message}" if where else message},
                            status_code=400)

    async def answer(op: str, body: dict[str, Any]) -> JSONResponse:
        status, data = await pool.run(op, body, timeout)
        shed = status == 503 and isinstance(data, dict) and data.get("stopped") == "busy"
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if shed else None
        return JSONResponse(data, status_code=status, headers=headers)

    @app.get("/api/kinds", responses=answers(list[KindRow]),
              summary="The kinds (numberplay kinds --json)")
    async def kinds() -> JSONResponse:
        return await answer("kinds", {})

    @app.get("/api/examples", responses=answers(list[ExampleRow]),
              summary="The bundled examples (numberplay examples --json)")
    async def examples() -> JSONResponse:
        return await answer("examples", {})

    @app.get("/api/examples/{kind}", responses=answers(list[ExampleRow]),
              summary="One kind's examples")
    async def kind_examples(kind: str) -> JSONResponse:
        return await answer("examples", {"kind": kind})

    @app.get("/api/examples/{kind}/{name}", responses=answers(ExampleText),
              summary="One example's text")
    async def example(kind: str, name: str) -> JSONResponse:
        return await answer("examples", {"kind": kind, "name": name})

    @app.post("/api/solve", responses=answers(SolveAnswer),
              summary="numberplay solve KIND --format json")
    async def solve(body: SolveBody) -> JSONResponse:
        return await answer("solve", body.model_dump())

    @app.post("/api/count", responses=answers(SolveAnswer),
              summary="numberplay solve KIND --count --format json")
    async def count(body: CountBody) -> JSONResponse:
        return await answer("count", body.model_dump())

    @app.post("/api/check", responses=answers(CheckAnswer),
              summary="numberplay check KIND --format json")
    async def check(body: CheckBody) -> JSONResponse:
        return await answer("check", body.model_dump())

    @app.post("/api/explain", responses=answers(ExplainAnswer),
              summary="numberplay explain KIND --format json")
    async def explain(body: ExplainBody) -> JSONResponse:
        return await answer("explain", body.model_dump())

    @app.post("/api/hint", responses=answers(HintAnswer),
              summary="numberplay hint KIND [--state S --level L] --format json")
    async def hint(body: HintBody) -> JSONResponse:
        return await answer("hint", body.model_dump())

    @app.post("/api/generate", responses={**answers(GenerateAnswer), **UNMADE},
              summary="numberplay generate KIND --format json")
    async def generate(body: GenerateBody) -> JSONResponse:
        return await answer("generate", body.model_dump())

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{kind}", include_in_schema=False)
    async def play(kind: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/set/{kind}", include_in_schema=False)
    async def set_puzzle(kind: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/kinds/{kind}/{name}", include_in_schema=False)
    async def kind_static(kind: str, name: str) -> Response:
        """A kind's own play module and styles, from its package."""
        found = kind_file(kind, name)
        if found is None:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(found[0], media_type=found[1])

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    if allow_origins:  # CORS stays closed unless the server was told whom to trust
        app.add_middleware(CORSMiddleware, allow_origins=list(allow_origins),
                           allow_methods=["GET", "POST"], allow_headers=["content-type"])
    app.add_middleware(SecurityHeaders, allowed_hosts=allowed_hosts)
    return app
