"""The one move type of the deduction kernel, and a kind's technique table.

A technique's finder narrows a position in place and returns a `Move`: what it
did, for the narrator, and nothing more (no sentence: the words are built only
for the path the kernel keeps). Every kind uses this one type; what a kind's
words need beyond the common fields goes in `where`:

- `technique`: the technique's name (the kernel reads its rung by it);
- `where`: what the words need, the kind's own record (a column of a sum, a
  line and its values, a cage and a line...);
- `after`: what it left, where the words read it from the move (the masks
  after, or the cells it narrowed with their candidates after);
- `cells`, `removed`, `fixed`: for the grid kinds, the cells it reads and the
  (cell, value) pairs it removes and decides, as flat indices.

A kind lists its techniques once, in a table of `Entry`s: the name, the rung,
the finder and the words. The rules build the kernel's `Technique`s from the
table, and the narrator words a move through the table's `words`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Move:
    """One deduction, as the narrator needs it (see the module doc)."""

    technique: str
    where: Any = None
    after: Any = None
    cells: list[int] = field(default_factory=list)
    removed: list[tuple[int, int]] = field(default_factory=list)
    fixed: list[tuple[int, int]] = field(default_factory=list)


@dataclass(frozen=True)
class Entry:
    """One line of a kind's technique table: its name, its rung on the kind's own
    scale (None: not on the ladder unless a kind puts it there), the finder
    (narrows a position, returns a `Move` or None) and the words (the kind's
    sentence for a move). The arguments of `finder` and `words` are the kind's.
    `sweep`: the finder without words for the quiet run (every deduction it
    finds at once, applied; True if anything went), None: the finder stands for it."""

    name: str
    rung: int | None
    finder: Callable[..., Move | None]
    words: Callable[..., Any]
    sweep: Callable[..., bool] | None = None


def table_of(entries: tuple[Entry, ...]) -> dict[str, Entry]:
    """A technique table by name (names are unique)."""
    out = {e.name: e for e in entries}
    assert len(out) == len(entries), "two techniques of one table share a name"
    return out
