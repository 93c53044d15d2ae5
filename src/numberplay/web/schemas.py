"""The OpenAPI description of every answer: each endpoint's 200 object and the
error statuses (400, 413, 500, 503) with their `{"error": ...}` body.

The 200 models name the keys every answer of that endpoint has and allow the
rest (a kind's puzzle and solution objects are its own); `describe` fills in
the registered kinds' names as the enum of "kind" when /openapi.json is built,
and drops FastAPI's 422, which this API never sends (bad input is a 400).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ErrorAnswer(BaseModel):
    """Every error: one line, quoting at most a bounded slice of the request."""

    model_config = ConfigDict(extra="allow")
    error: str = Field(description="The CLI's one-line message.")
    stopped: Literal["budget", "busy", "memory"] | None = Field(None, description=(
        "503 only: the server was busy (retry after Retry-After), the request needed "
        "more memory than a worker may use, or it overran its budget and was killed."))


class SizeRow(BaseModel):
    """The difficulties a range of sizes has, and why (`Kind.offers`)."""

    sizes: str = Field(description="the sizes, as a person reads them")
    match: list[list[int | None]] = Field(
        description="for each number of a size, [lowest, highest] (null: no bound); "
                    "one number N of a two-number size stands for NxN")
    difficulties: list[str]
    reason: str


class KindRow(BaseModel):
    """One kind, as `numberplay kinds --json` prints it."""

    model_config = ConfigDict(extra="allow")
    name: str
    aliases: list[str]
    title: str
    summary: str
    difficulties: list[str]
    options: list[str]
    sizes: list[SizeRow] = Field(default_factory=list, description=(
        "the difficulties each range of sizes has (the first row covering a size); "
        "empty: every size has every difficulty"))


class ExampleRow(BaseModel):
    """One bundled example in a listing."""

    model_config = ConfigDict(extra="allow")
    kind: str
    name: str
    description: str


class ExampleText(BaseModel):
    """One bundled example with its text."""

    model_config = ConfigDict(extra="allow")
    kind: str
    name: str
    text: str


class PuzzleAnswer(BaseModel):
    """What solve, check, explain and hint print with --format json: the kind,
    the puzzle as read, and the command's own keys."""

    model_config = ConfigDict(extra="allow")
    kind: str
    puzzle: dict[str, Any]


class SolveAnswer(PuzzleAnswer):
    """`solve`: the solutions found (none with `count`), or with `no_search` the steps."""

    solutions: list[Any] | None = Field(None, description="Each in the kind's solution form.")
    count: int | None = None
    complete: bool | None = None
    verdict: str | None = None
    stopped: str | None = None


class CheckAnswer(PuzzleAnswer):
    """`check`: the verdict (unique, multiple solutions, no solution)."""

    count: int
    complete: bool
    verdict: str
    text: str
    stopped: str | None = None
    # With "why": true (check --why), by verdict:
    difficulty: str | None = Field(None, description="unique: the grade generate prints.")
    techniques: dict[str, int] | None = Field(None, description="unique: steps per technique.")
    solutions: list[Any] | None = Field(None, description="multiple: two solutions.")
    differ: list[str] | None = Field(None, description="multiple: where those two differ.")
    candidates: dict[str, list[int]] | None = Field(None, description=(
        "multiple: for each place, the values some solution uses."))
    candidates_complete: bool | None = None
    fix: list[dict[str, Any]] | None = Field(None, description=(
        'multiple: the fewest givens [{"at": "r2c3", "value": 5}] that make it unique.'))
    fix_minimal: bool | None = None
    fixed_puzzle: dict[str, Any] | None = Field(None, description="The puzzle with the fix.")
    fixed_text: str | None = Field(None, description="The same in the kind's text form.")
    conflict: list[str] | None = Field(None, description=(
        "none: clues that alone have no solution."))
    conflict_minimal: bool | None = None
    conflict_places: list[str] | None = Field(None, description=(
        "none: the cells, lines or letters those clues cover."))
    conflict_puzzle: dict[str, Any] | None = Field(None, description=(
        "none: those clues alone, the others relaxed."))
    conflict_text: str | None = Field(None, description="The same in the kind's text form.")
    explanation: list[dict[str, Any]] | None = Field(None, description=(
        "none: the steps that reach the contradiction."))


class ExplainAnswer(PuzzleAnswer):
    """`explain`: the steps a person could follow, and the puzzle's difficulty (the
    label `generate` prints for it; null when no grade could be had)."""

    difficulty: str | None = None
    steps: list[dict[str, Any]]
    complete: bool
    verdict: str
    stopped: str | None = Field(None, description=(
        "\"budget\": the budget ran out first (\"complete\": false, the \"message\" says "
        "which)."))


class HintAnswer(PuzzleAnswer):
    """`hint`: the next step from the player's position (null when there is none)."""

    hint: dict[str, Any] | None
    complete: bool | None = Field(None, description="false: the budget ran out first.")
    stopped: str | None = None


class GenerateAnswer(BaseModel):
    """`generate`: the puzzles, each with its solution, difficulty, seed and id."""

    model_config = ConfigDict(extra="allow")
    kind: str
    puzzles: list[dict[str, Any]]
    complete: bool | None = Field(None, description=(
        "false: the budget ran out first; \"puzzles\" holds those made before."))
    stopped: str | None = None


RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait (only with \"stopped\": \"busy\").",
                               "schema": {"type": "integer"}, "required": False}}

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorAnswer, "description": (
        "Bad input: a body that is not the JSON described, an unknown kind or option, "
        "or a puzzle whose text its kind cannot read (the schema cannot say which texts "
        "are puzzles).")},
    413: {"model": ErrorAnswer, "description": "The body is over 64 KiB."},
    500: {"model": ErrorAnswer, "description": "A bug, or the worker process died on this request."},
    503: {"model": ErrorAnswer, "headers": RETRY_AFTER, "description": (
        "Every worker was busy (\"busy\", with Retry-After), the request needed more memory "
        "than a worker may use (\"memory\"), or it ignored its budget and its worker was "
        "killed (\"budget\"). A budget that runs out is no error: the 200 answer says "
        "\"complete\": false, \"stopped\": \"budget\" with what was found.")},
}

# generate only: no puzzle can be made as asked (the generator gave up; another
# seed, size or difficulty may do).
UNMADE: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorAnswer, "description": (
        "Generation failed: no puzzle could be made as asked.")},
}


REQUEST_MODELS = ("SolveBody", "CountBody", "CheckBody", "ExplainBody", "HintBody", "GenerateBody")


def describe(schema: dict[str, Any], kinds: list[str],
             puzzles: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The generated OpenAPI document, finished: no 422 anywhere, "kind" (in the
    bodies and the example paths) one of `kinds` (names and aliases), and
    `puzzles` ({"kind", "puzzle"}, one bundled puzzle per kind) as examples of
    the puzzle bodies, and their kinds as examples of generation bodies."""
    for item in schema.get("paths", {}).values():
        for operation in item.values():
            if "HTTPValidationError" in str(operation.get("responses", {}).get("422")):
                operation["responses"].pop("422")   # FastAPI's, never sent
            for parameter in operation.get("parameters", []):
                if parameter.get("name") == "kind":
                    parameter["schema"] = {"type": "string", "enum": kinds}
    components = schema.get("components", {}).get("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    for name in REQUEST_MODELS:
        properties = components.get(name, {}).get("properties", {})
        if "kind" in properties:
            properties["kind"] = {**properties["kind"], "type": "string", "enum": kinds}
        if puzzles and name in components:
            components[name]["examples"] = (
                [{"kind": p["kind"]} for p in puzzles] if name == "GenerateBody" else puzzles)
    return schema
