"""Hints from a step: where to look (`first_area`) and the words at each level
(`hint_text`), for services.hints."""

from __future__ import annotations

import re

from ..model import GUESS, NO_SOLUTION, SOLVED, STALLED, TRIAL, Step

_AREA = re.compile(r"\b(row|column|col) (\d+)\b", re.IGNORECASE)
_CELL = re.compile(r"^r(\d+)c(\d+)$")


def first_area(step: Step) -> str | None:
    """The line or column a step works in: the first "row N"/"column N" its text
    names, else the first area among its cells ("row 3"), else the row of its
    first cell."""
    found = _AREA.search(step.text)
    if found:
        word = "column" if found.group(1).lower().startswith("col") else "row"
        return f"{word} {found.group(2)}"
    for cell in step.cells:
        if " " in cell:
            return cell
    for cell in step.cells:
        m = _CELL.match(cell)
        if m:
            return f"row {m.group(1)}"
    return None


def hint_text(step: Step, level: int) -> str:
    """A hint at one of three levels: 1 the technique and where to look, 2 the
    place it decides, 3 the whole step."""
    if level >= 3 or step.technique in (SOLVED, STALLED, NO_SOLUTION):
        return step.text
    area = first_area(step)
    if step.technique == TRIAL:
        place, value = step.removed[0]
        if level == 1:
            return ("No technique applies here: suppose a value for a place with few "
                    "candidates and follow where it leads" + (f" (look at {area})." if area
                                                             else "."))
        return f"Suppose {place} = {value} and follow the consequences: it cannot be."
    if step.technique == GUESS:
        if level == 1:
            return "Nothing is forced from here, even by a trial: you have to guess."
        place, value = step.fixed[0]
        return f"Guess {place} = {value} (and be ready to come back)."
    if level == 1:
        return f"Look at {area}; the technique: {step.technique}." if area else \
            f"Look for this technique: {step.technique}."
    if step.fixed:
        place = step.fixed[-1][0]
        return f"{step.technique.capitalize()}" + (f" in {area}" if area else "") + \
            f" decides {place}."
    places = list(dict.fromkeys(p for p, _ in step.removed))
    shown = ", ".join(places[:4]) + (" ..." if len(places) > 4 else "")
    return f"{step.technique.capitalize()}" + (f" in {area}" if area else "") + \
        f" removes candidates from {shown}."
