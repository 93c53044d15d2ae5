"""The deduction rules numberplay's kernel explains, hints and grades pyramids by.

A position is a flat list of integers: the value of every brick (0 while it is
unknown), row by row from the top, then for each brick the mask of the digits
ruled out (bit d: digit d; only bottom bricks get any, by trials and guesses).
The techniques are "sum" (both bricks below are known) and "difference" (a
brick and one of the two below it are), both rung 0; where they stall the
kernel makes trials on the bottom row's digits, then guesses.
"""

from __future__ import annotations

from dataclasses import dataclass

from numberplay import Step
from numberplay.deduce import Contradiction, Rules, Technique

from . import solver
from .model import DIGITS, place

Position = list[int]


@dataclass(frozen=True)
class Found:
    """One deduction: the technique, the brick it finds (index) and its value, and
    what the words show (the bricks looked at, the sentence)."""

    technique: str
    brick: int
    value: int
    cells: tuple[str, ...]
    text: str


class PyramidRules(Rules):
    """Sums and differences, on the kernel."""

    grades = ("easy", "hard")     # easy: sums and differences alone; hard: a trial or a guess
    solved_text = "Every brick is found."

    def __init__(self, n: int) -> None:
        self.n = n
        self.bricks = [(r, c) for r in range(1, n + 1) for c in range(1, r + 1)]
        self.index = {place(r, c): k for k, (r, c) in enumerate(self.bricks)}
        self.techniques = (Technique("sum", 0, self._sum),
                           Technique("difference", 0, self._difference))

    def start(self, known: solver.Known) -> Position:
        """The position of the known bricks."""
        return [known.get(b, 0) for b in self.bricks] + [0] * len(self.bricks)

    def known(self, pos: Position) -> solver.Known:
        return {b: v for b, v in zip(self.bricks, pos, strict=False) if v}

    # -- the techniques: find one deduction, make it, return it ----------------------
    def _found(self, pos: Position, technique: str) -> Found | None:
        found = solver.deduction(self.n, self.known(pos))
        if found is None or found[0] != technique:
            return None
        _, text, cells, brick, value = found
        k = self.bricks.index(brick)
        pos[k] = value
        return Found(technique, k, value, cells, text)

    def _sum(self, pos: Position) -> Found | None:
        return self._found(pos, "sum")

    def _difference(self, pos: Position) -> Found | None:
        return self._found(pos, "difference")

    def narrate(self, move: Found, before: Position) -> Step:
        return Step(move.technique, move.text, cells=move.cells,
                    fixed=((place(*self.bricks[move.brick]), move.value),))

    # -- positions ---------------------------------------------------------------------
    def copy(self, pos: Position) -> Position:
        return list(pos)

    def contradiction(self, pos: Position) -> str | None:
        why = solver.conflict(self.n, self.known(pos))
        if why is not None:
            return why
        out = len(self.bricks)
        for k, (r, c) in enumerate(self.bricks):
            if r == self.n and pos[out + k]:
                if pos[k] and pos[out + k] >> pos[k] & 1:
                    return f"{place(r, c)} = {pos[k]}, but {pos[k]} was ruled out there"
                if not pos[k] and all(pos[out + k] >> d & 1 for d in DIGITS):
                    return f"{place(r, c)} has no digit left"
        return None

    def solved(self, pos: Position) -> bool:
        return all(pos[:len(self.bricks)]) and self.contradiction(pos) is None

    def candidates(self, pos: Position) -> list[tuple[str, list[int]]]:
        out = len(self.bricks)
        return [(place(r, c), [d for d in DIGITS if not pos[out + k] >> d & 1])
                for k, (r, c) in enumerate(self.bricks) if r == self.n and not pos[k]]

    def assume(self, pos: Position, at: str, value: int) -> None:
        pos[self.index[at]] = value

    def exclude(self, pos: Position, at: str, value: int) -> None:
        """Rule `value` out of `at`; a bottom brick left with one digit has it."""
        k = self.index[at]
        out = pos[len(self.bricks) + k] = pos[len(self.bricks) + k] | 1 << value
        if pos[k] == value:
            raise Contradiction(f"{at} = {value}, but {value} was ruled out there", (at,))
        left = [d for d in DIGITS if not out >> d & 1]
        if not pos[k] and len(left) == 1:
            pos[k] = left[0]

    def snapshot(self, pos: Position) -> str:
        from .kind import _layout
        return _layout(solver.as_rows(self.n, self.known(pos)))
