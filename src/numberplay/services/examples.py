"""The bundled example puzzles: `examples/<name>.<ext>` in each kind's folder (`Kind.files`)."""

from __future__ import annotations

from ..errors import PuzzleError
from ..kinds import all_kinds, get_kind


class Example:
    """One bundled example: its kind, name, first comment line and text. (A
    plain class: `solve --example` is on the start-up path, docs/architecture.md.)"""

    __slots__ = ("description", "kind", "name", "text")

    def __init__(self, kind: str, name: str, description: str, text: str) -> None:
        self.kind, self.name, self.description, self.text = kind, name, description, text

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Example) and (self.kind, self.name, self.description, self.text)
                == (other.kind, other.name, other.description, other.text))

    def __hash__(self) -> int:
        return hash((self.kind, self.name))

    def __repr__(self) -> str:
        return f"Example({self.kind!r}, {self.name!r}, {self.description!r}, ...)"


def list_examples(kind: str | None = None) -> list[Example]:
    """Every bundled example (of one kind), in registry order of the kinds, then by name."""
    impls = [get_kind(kind)] if kind else all_kinds()
    found = []
    for impl in impls:
        folder = impl.files() / "examples"
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_file() and not entry.name.startswith("."):
                text = entry.read_text(encoding="utf-8")
                stem = entry.name.rsplit(".", 1)[0]
                found.append(Example(impl.name, stem, _description(text), text))
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
