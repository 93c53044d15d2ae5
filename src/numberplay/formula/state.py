"""A player's position on a formula puzzle (`hint --state 'A=1,B=2'`).

Basic: the letters the player has fixed are added to the puzzle's fixed
letters (`with_entries`), and the kind's explanation runs from there.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import Any

from ..errors import PuzzleError
from ..model import PlayState

STATE_HELP = "the letters decided so far, LETTER=DIGIT separated by commas: 'A=1,B=2'"


def parse_state(letters: set[str], base: int, text: str) -> PlayState:
    """`A=1,B=2` (also with spaces, semicolons or new lines) as entries."""
    entries: dict[str, int] = {}
    text = unicodedata.normalize("NFC", text or "")     # Ü typed as U + diaeresis is Ü
    for part in text.replace(";", ",").replace("\n", ",").split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise PuzzleError(f"state: expected LETTER=DIGIT, not {part!r}")
        if name not in letters:
            raise PuzzleError(f"state: letter {name} is not in the formula")
        if not (value.isascii() and value.isdigit()) or len(value) > 3 \
                or not 0 <= int(value) < base:
            raise PuzzleError(f"state: {name}={value} is not a digit in base {base}")
        if name in entries and entries[name] != int(value):
            raise PuzzleError(f"state: {name} is given twice ({entries[name]} and {value})")
        entries[name] = int(value)
    return PlayState(tuple(sorted(entries.items())))


def with_entries(puzzle: Any, state: PlayState) -> Any:
    """The puzzle with the player's letters fixed as well (a letter or digit the
    puzzle already fixes keeps the puzzle's value)."""
    fixed = dict(puzzle.fixed)
    taken = set(fixed.values())
    for letter, digit in state.entries:
        if letter not in fixed and digit not in taken:
            fixed[letter] = digit
            taken.add(digit)
    return replace(puzzle, fixed=tuple(sorted(fixed.items())))
