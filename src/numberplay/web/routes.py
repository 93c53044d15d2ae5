"""The API's routes (FastAPI's larger-application layout: routers the app
includes), made from the operation table: one POST route per operation of
`services.operations.OPS`, its request model made of the operation's field
spec (`operations.FIELDS`: type, bounds under the web's `Limits`, default,
help), so the click options, the request models and the OpenAPI schema come
from one declaration. The catalog routes and the pages are here too. Each
route hands its body to the worker pool (`request.app.state.pool`); the
server itself never searches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, StringConstraints, create_model
from pydantic import Field as Described

from ..errors import NOT_FOUND, Failure
from ..services import operations
from ..services.jobs import failure_answer
from .jobs import LIMITS
from .kindfiles import kind_file
from .pool import RETRY_AFTER_SECONDS
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
    fields["options"] = (dict[str, Any], Described(default_factory=dict,
                                                   description=OPTIONS_HELP))
    fields.update({f.name: _described(f) for f in operations.FIELDS[op]})
    fields["max_nodes"] = _described(operations.MAX_NODES)
    return create_model(name, __config__=ConfigDict(strict=True),
                        __doc__=f"A request of `{command}`.", **fields)


MODELS = {op: body_model(op) for op in operations.OPS}


async def answer(request: Request, op: str, body: dict[str, Any]) -> JSONResponse:
    """The pool's answer to one job: a shed request gets Retry-After."""
    status, data = await request.app.state.pool.run(op, body, request.app.state.timeout)
    shed = status == 503 and isinstance(data, dict) and data.get("stopped") == "busy"
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if shed else None
    return JSONResponse(data, status_code=status, headers=headers)


def answers(model: Any, **more: dict[str, Any]) -> dict[int | str, dict[str, Any]]:
    """An endpoint's answers for the OpenAPI description."""
    described: dict[int | str, dict[str, Any]] = {
        200: {"model": model, "description": "The object the CLI prints."}, **ERRORS}
    described.update({int(code): value for code, value in more.items()})
    return described


def _operation_route(router: APIRouter, op: str) -> None:
    name, answer_model, command = OPERATIONS[op]

    async def endpoint(request: Request, body: Any) -> JSONResponse:
        return await answer(request, op, body.model_dump())

    endpoint.__name__ = op
    endpoint.__annotations__ = {"request": Request, "body": MODELS[op], "return": JSONResponse}
    extra = {str(code): value for code, value in UNMADE.items()} if op == "generate" else {}
    router.post(f"/api/{op}", responses=answers(answer_model, **extra),
                summary=command)(endpoint)


api = APIRouter()
for _op in operations.OPS:
    _operation_route(api, _op)


@api.get("/api/kinds", responses=answers(list[KindRow]),
         summary="The kinds (numberplay kinds --json)")
async def kinds(request: Request) -> JSONResponse:
    return await answer(request, "kinds", {})


@api.get("/api/examples", responses=answers(list[ExampleRow]),
         summary="The bundled examples (numberplay examples --json)")
async def examples(request: Request) -> JSONResponse:
    return await answer(request, "examples", {})


@api.get("/api/examples/{kind}", responses=answers(list[ExampleRow]),
         summary="One kind's examples")
async def kind_examples(request: Request, kind: str) -> JSONResponse:
    return await answer(request, "examples", {"kind": kind})


@api.get("/api/examples/{kind}/{name}", responses=answers(ExampleText),
         summary="One example's text")
async def example(request: Request, kind: str, name: str) -> JSONResponse:
    return await answer(request, "examples", {"kind": kind, "name": name})


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
