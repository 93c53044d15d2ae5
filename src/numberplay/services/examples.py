"""The bundled example puzzles: `examples/<kind>/<name>.<ext>` inside the package."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from ..errors import PuzzleError
from ..kinds import get_kind, kind_names


@dataclass(frozen=True)
class Example:
    """One bundled example: its kind, name, first comment line and text."""

    kind: str
    name: str
    description: str
    text: str


def _root():
    return resources.files("numberplay") / "examples"


def list_examples(kind: str | None = None) -> list[Example]:
    """Every bundled example (of one kind), sorted by kind then name."""
    names = [get_kind(kind).name] if kind else kind_names()
    found = []
    for kind_name in names:
        folder = _root() / kind_name
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_file() and not entry.name.startswith("."):
                text = entry.read_text(encoding="utf-8")
                stem = entry.name.rsplit(".", 1)[0]
                found.append(Example(kind_name, stem, _description(text), text))
    return found


def _description(text: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#"):
            return line.lstrip("#").strip()
    return ""


def get_example(kind: str, name: str) -> Example:
    """The example `name` of `kind`; PuzzleError listing the names otherwise."""
    examples = list_examples(kind)
    for example in examples:
        if example.name == name:
            return example
    names = ", ".join(e.name for e in examples) or "none"
    raise PuzzleError(f"no example {name!r} for {get_kind(kind).name} (examples: {names})")
