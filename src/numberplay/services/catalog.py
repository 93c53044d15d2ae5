"""What the tool knows, as JSON: the kinds and the bundled examples.

`numberplay kinds --format json`, `numberplay examples --format json`, and the
web app's `/api/kinds` and `/api/examples` all print these shapes.
"""

from __future__ import annotations

from typing import Any

from ..kinds import all_kinds, get_kind
from .examples import get_example, list_examples


def kinds_json() -> list[dict[str, Any]]:
    """One object per registered kind: name, aliases, title, summary, difficulties,
    options, and "sizes": the difficulties each range of sizes has (`Kind.offers`,
    with the reason; empty: every size has every difficulty)."""
    return [{
        "name": impl.name, "aliases": list(impl.aliases), "title": impl.title,
        "summary": impl.summary, "difficulties": list(impl.difficulties),
        "options": [o.cli_flag for o in impl.options],
        "sizes": [row.to_json() for row in impl.offers],
    } for impl in all_kinds()]


def examples_json(kind: str | None = None, name: str | None = None) -> Any:
    """The example `name` of `kind` as {kind, name, text}, or (without a name) the list
    of examples [{kind, name, description}], of one kind or all."""
    if kind and name:
        example = get_example(get_kind(kind).name, name)
        return {"kind": example.kind, "name": example.name, "text": example.text}
    return [{"kind": e.kind, "name": e.name, "description": e.description}
            for e in list_examples(kind)]
