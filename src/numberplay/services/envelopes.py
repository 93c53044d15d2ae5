"""Reading back any JSON numberplay prints about puzzles.

`generate --format json`, `solve`/`check`/`explain`/`hint --format json`,
`store export` lines and batch results all carry `"kind"` and the puzzle as
the kind's `to_json()`; `read_envelopes` turns such a text (one document, a
list of them, or JSON lines) back into puzzles, with their solutions and
difficulties when the document has them. `read_json_puzzles` also reads the
bare puzzle object; the CLI's `solve KIND -` and `numberplay.parse` both call
it. Built on the kind interface only.
"""

from __future__ import annotations

from typing import Any

from .. import safejson
from ..errors import NumberplayError, PuzzleError
from ..kinds import Kind, get_kind
from ..model import Puzzle, Solution


class Item:
    """A puzzle read from a numberplay JSON document. (A plain class: a
    dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("difficulty", "impl", "puzzle", "solution")

    def __init__(self, impl: Kind, puzzle: Puzzle, solution: Solution | None = None,
                 difficulty: str = "") -> None:
        self.impl, self.puzzle, self.solution, self.difficulty = impl, puzzle, solution, difficulty


def looks_like_envelope(text: str | None) -> bool:
    """Does the text start like JSON that names a kind (so not a kind's own JSON)?"""
    if not text:
        return False
    head = text.lstrip()
    if not head.startswith(("{", "[")):
        return False
    return '"kind"' in head[:200_000] or '"result"' in head[:200_000]


def _documents(text: str) -> list[Any]:
    """One JSON document, or one per line (JSON lines)."""
    # safejson: deep nesting, over-long numbers and NaN are PuzzleErrors too.
    try:
        return [safejson.loads(text)]
    except safejson.JSONSyntaxError:
        pass
    docs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            docs.append(safejson.loads(line))
        except safejson.JSONSyntaxError as exc:
            raise PuzzleError(f"bad JSON: {exc.msg}", line=number, column=exc.column) from None
    return docs


def read_envelopes(text: str, kind: Kind | str | None = None) -> list[Item] | None:
    """The puzzles in numberplay JSON, or None when the text is not such JSON.

    With `kind`, every puzzle must be of that kind (aliases allowed)."""
    if not looks_like_envelope(text):
        return None
    want_impl = get_kind(kind) if kind is not None else None
    items: list[Item] = []
    for doc in _documents(text):
        for entry in doc if isinstance(doc, list) else [doc]:
            items.extend(_items(entry, want_impl))
    if not items:
        return None
    return items


def _items(doc: Any, want_impl: Kind | None) -> list[Item]:
    if not isinstance(doc, dict):
        return []
    if "result" in doc and "ok" in doc:           # a batch result line
        if not doc.get("ok"):
            return []
        return _items(doc["result"], want_impl)
    if "kind" not in doc:
        return []
    try:
        impl = get_kind(str(doc["kind"]))
    except NumberplayError:
        raise PuzzleError(f"unknown puzzle kind {doc['kind']!r} in the JSON input") from None
    if want_impl is not None and impl.name != want_impl.name:
        raise PuzzleError(f"the JSON holds a {impl.name} puzzle, not {want_impl.name}")
    if isinstance(doc.get("puzzles"), list):        # generate --format json
        return [_item(impl, entry.get("puzzle"), entry.get("solution"),
                      entry.get("difficulty"), f"puzzles[{i}]")
                for i, entry in enumerate(doc["puzzles"]) if isinstance(entry, dict)]
    if "puzzle" not in doc:
        return []
    solution = doc.get("solution")
    if solution is None and doc.get("solutions"):   # solve --format json
        solution = doc["solutions"][0]
    return [_item(impl, doc["puzzle"], solution, doc.get("difficulty"), "puzzle")]


def _item(impl: Kind, puzzle: Any, solution: Any, difficulty: Any, where: str) -> Item:
    p = puzzle_from_json(impl, puzzle, where)
    try:
        s = impl.solution_type.from_json(solution) if solution is not None else None
    except NumberplayError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PuzzleError(f"unreadable {impl.name} solution in the JSON: {exc}",
                          where=where) from None
    return Item(impl, p, s, str(difficulty or ""))


def puzzle_from_json(impl: Kind, data: Any, where: str = "puzzle") -> Puzzle:
    """A kind's own puzzle object (what `to_json()` gives) as a puzzle, checked as
    its text form is: the object is written as text and read back."""
    if not isinstance(data, dict):
        raise PuzzleError(f"the JSON has no {impl.name} puzzle", where=where)
    try:
        puzzle = impl.puzzle_type.from_json(data)
        return impl.parse(impl.to_text(puzzle))
    except NumberplayError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError, OverflowError,
            RecursionError) as exc:
        raise PuzzleError(f"unreadable {impl.name} puzzle in the JSON: "
                          f"{type(exc).__name__} {exc}", where=where) from None


def read_json_puzzles(impl: Kind, text: str, **options: Any) -> list[Puzzle] | None:
    """The puzzles of a JSON text numberplay printed (`generate`, `solve`, ...
    `--format json`, store and batch lines) or of the kind's own puzzle object;
    None when the text is neither, so the kind's text parser reads it. With a kind
    option set (`rows=...`), a bare object is left to the kind's parser, which
    lets the option override part of it."""
    items = read_envelopes(text, impl)
    if items is not None:
        return [item.puzzle for item in items]
    defaults = {o.name: o.default for o in impl.options}
    if any(v != defaults.get(k) for k, v in options.items()) \
            or not text.lstrip().startswith("{"):
        return None
    try:
        data = safejson.loads(text)
    except safejson.JSONSyntaxError:
        return None                                  # the kind's parser says what is wrong
    if not isinstance(data, dict):
        return None
    try:
        return [puzzle_from_json(impl, data)]
    except PuzzleError:
        try:                                         # a JSON form of the kind's own
            return impl.parse_all(text)
        except PuzzleError:
            pass
        raise
