"""The API's routes (FastAPI's larger-application layout: routers with their
prefix and tags that the app includes, the worker pool a dependency), made from
the operation table: one POST route per operation of `services.operations.OPS`,
described by a request model made of the operation's field spec
(`operations.FIELDS`: type, bounds under the web's `Limits`, default, help), so
the click options, the described request bodies and the OpenAPI schema come from
one declaration. The body itself is checked once, by the operation table in the
worker (`operations.read_request`, the words of every front end; an unknown
field is refused), not by the model. The catalog routes and the pages are here
too. Each route hands its body to the worker pool; the server itself never
searches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, StringConstraints, create_model
from pydantic import Field as Described

from ..errors import INPUT, NOT_FOUND, Failure, failure_of
from ..services import operations
from ..services.jobs import failure_answer
from .jobs import LIMITS
from .kindfiles import kind_file
from .pool import RETRY_AFTER_SECONDS, WorkerPool
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
)

STATIC = Path(__file__).parent / "static"

# Text with something in it, or the JSON object of a puzzle.
PuzzleInput = Annotated[str, StringConstraints(pattern=r"\S")] | dict[str, Any]

KIND_HELP = "The kind of puzzle (see GET /api/kinds); aliases work."
PUZZLE_HELP = "The puzzle in the kind's text form, or the JSON object the CLI prints under \"puzzle\"."
OPTIONS_HELP = ("The kind's own options (e.g. base, fix) and the command's flags by their CLI "
                "names (solve: all, count, no_search; check: count; explain: trace, no_search, "
                "max_steps). An option whose CLI value is a file (generate --words FILE) takes "
                "the file's text, or a list of its lines, never a file name.")

# Each operation: its request model's name, its answer's model, and the CLI command.
OPERATIONS: dict[str, tuple[str, Any, str]] = {
    "solve": ("SolveBody", SolveAnswer, "numberplay solve KIND --format json"),
    "count": ("CountBody", SolveAnswer, "numberplay solve KIND --count --format json"),
    "check": ("CheckBody", CheckAnswer, "numberplay check KIND --format json"),
    "explain": ("ExplainBody", ExplainAnswer, "numberplay explain KIND --format json"),
    "hint": ("HintBody", HintAnswer,
             "numberplay hint KIND [--state S --level L] --format json"),
    "generate": ("GenerateBody", GenerateAnswer, "numberplay generate KIND --format json"),
}


def _annotation(field: operations.Field) -> Any:
    kinds = field.type if isinstance(field.type, tuple) else (field.type,)
    annotation: Any = kinds[0]
    for more in kinds[1:]:
        annotation = annotation | more
    return annotation


def _described(field: operations.Field) -> tuple[Any, Any]:
    """The pydantic field of a request field: null (the table's default) or a
    value of its type within its bounds under the web's caps."""
    help = f"false: {field.help[0].lower()}{field.help[1:]}" if field.inverted else field.help
    return (_annotation(field) | None,
            Described(None, ge=field.low, le=field.top(LIMITS), description=help))


def body_model(op: str) -> type[BaseModel]:
    """The request model of one operation, from its field spec."""
    name, _, command = OPERATIONS[op]
    fields: dict[str, Any] = {"kind": (str, Described(description=KIND_HELP))}
    if op != "generate":
        fields["puzzle"] = (PuzzleInput, Described(description=PUZZLE_HELP))
    fields["options"] = (dict[str, Any] | None, Described(None, description=OPTIONS_HELP))
    fields.update({f.name: _described(f) for f in operations.FIELDS[op]})
    fields["timeout"] = _described(operations.TIMEOUT)
    fields["max_nodes"] = _described(operations.MAX_NODES)
    return create_model(name, __config__=ConfigDict(strict=True, extra="forbid"),
                        __doc__=f"A request of `{command}`.", **fields)


MODELS = {op: body_model(op) for op in operations.OPS}


class Ask:
    """The worker pool as a route's dependency: `await ask(op, body)` is the
    answer of one job, under the server's time budget."""

    def __init__(self, pool: WorkerPool, seconds: float) -> None:
        self.pool, self.seconds = pool, seconds

    async def __call__(self, op: str, body: Any) -> JSONResponse:
        """The pool's answer to one job: a shed request gets Retry-After."""
        status, data = await self.pool.run(op, body, self.seconds)
        shed = status == 503 and isinstance(data, dict) and data.get("stopped") == "busy"
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if shed else None
        return JSONResponse(data, status_code=status, headers=headers)


def asker(request: Request) -> Ask:
    """The app's pool (`create_app` keeps it in the app's state)."""
    return Ask(request.app.state.pool, request.app.state.timeout)


Asked = Annotated[Ask, Depends(asker)]


async def json_body(request: Request) -> Any:
    """The request's body as JSON values, read once and checked by the operation
    table in the worker; a body that is not JSON is the failure that says so."""
    import json
    raw = await request.body()
    try:
        body = json.loads(raw)
    except RecursionError as exc:
        raise Unreadable(failure_of(exc)) from None
    except ValueError as exc:
        raise Unreadable(Failure(INPUT, f"the body is not JSON: {exc}", exc)) from None
    if not isinstance(body, dict):
        message = f"the body must be a JSON object, not {operations.shown(body)}"
        raise Unreadable(Failure(INPUT, message, ValueError(message)))
    return body


class Unreadable(Exception):
    """A body that is not JSON (the app answers its failure)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


def unreadable(request: Request, exc: Exception) -> JSONResponse:
    """The answer to a body that is not JSON, by the failure table."""
    assert isinstance(exc, Unreadable)
    status, body = failure_answer(exc.failure)
    return JSONResponse(body, status_code=status)


def answers(model: Any, **more: dict[str, Any]) -> dict[int | str, dict[str, Any]]:
    """An endpoint's answers for the OpenAPI description."""
    described: dict[int | str, dict[str, Any]] = {
        200: {"model": model, "description": "The object the CLI prints."}, **ERRORS}
    described.update({int(code): value for code, value in more.items()})
    return described


def _operation_route(router: APIRouter, op: str) -> None:
    name, answer_model, command = OPERATIONS[op]

    async def endpoint(ask: Asked, body: Annotated[Any, Depends(json_body)]) -> JSONResponse:
        return await ask(op, body)

    endpoint.__name__ = op
    extra = {str(code): value for code, value in UNMADE.items()} if op == "generate" else {}
    described = {"required": True, "content": {"application/json": {
        "schema": {"$ref": f"#/components/schemas/{name}"}}}}
    router.post(f"/{op}", responses=answers(answer_model, **extra), summary=command,
                openapi_extra={"requestBody": described})(endpoint)


api = APIRouter(prefix="/api", tags=["operations"])
for _op in operations.OPS:
    _operation_route(api, _op)
catalog = APIRouter(prefix="/api", tags=["catalog"])


@catalog.get("/kinds", responses=answers(list[KindRow]),
             summary="The kinds (numberplay kinds --json)")
async def kinds(ask: Asked) -> JSONResponse:
    return await ask("kinds", {})


@catalog.get("/examples", responses=answers(list[ExampleRow]),
             summary="The bundled examples (numberplay examples --json)")
async def examples(ask: Asked) -> JSONResponse:
    return await ask("examples", {})


@catalog.get("/examples/{kind}", responses=answers(list[ExampleRow]),
             summary="One kind's examples")
async def kind_examples(ask: Asked, kind: str) -> JSONResponse:
    return await ask("examples", {"kind": kind})


@catalog.get("/examples/{kind}/{name}", responses=answers(ExampleText),
             summary="One example's text")
async def example(ask: Asked, kind: str, name: str) -> JSONResponse:
    return await ask("examples", {"kind": kind, "name": name})


pages = APIRouter(include_in_schema=False)


@pages.get("/")
@pages.get("/play/{kind}")
@pages.get("/set/{kind}")
async def page() -> FileResponse:
    """The page: it reads the kind and the puzzle from its address."""
    return FileResponse(STATIC / "index.html")


@pages.get("/kinds/{kind}/{name}")
async def kind_static(kind: str, name: str) -> Response:
    """A kind's own play module and styles, from its package."""
    found = kind_file(kind, name)
    if found is None:
        status, answer = failure_answer(Failure(NOT_FOUND, name, LookupError(name)))
        return JSONResponse(answer, status_code=status)
    return Response(found[0], media_type=found[1])
