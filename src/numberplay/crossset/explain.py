"""Cross Set on the Latin core's deduction rules: snapshots in the puzzle's own
format, and the player's position (`hint --state`)."""

from __future__ import annotations

from ..deduce import fixpoint
from ..errors import PuzzleError
from ..latin import explain as LE
from ..latin import techniques as T
from ..model import PlayState
from .parse import parse_text
from .render import grid_text, masks_text


def solved_text(n: int, m: list[int]) -> str:
    """The solved grid as digits."""
    return grid_text([[str(m[r * n + c].bit_length()) for c in range(n)] for r in range(n)])


class CrossSetRules(LE.LatinRules):
    """The Latin rules with no constraint of their own (the candidates are the
    puzzle); snapshots print the candidate grid as the puzzle is written."""

    def snapshot(self, pos: list[int]) -> str:
        if T.is_solved(pos) and T.contradiction(self.n, pos) is None:
            return solved_text(self.n, pos)
        return masks_text(self.n, pos)


def ladder(n: int, masks: list[int], max_rung: int) -> tuple[str, int, list[int]]:
    """The kernel's fixpoint of the ladder up to `max_rung` (`deduce.fixpoint`):
    (its end, "solved", "stalled" or "no solution"; the hardest rung used, -1 if
    none; the candidates after), for the generator."""
    m = list(masks)
    tally = fixpoint(CrossSetRules(n), m, max_rung)
    return tally.end, tally.rung, m


# -- a player's position -----------------------------------------------------------

STATE_HELP = ("the candidate grid in the puzzle's own format (one line per row, a cell "
              "is the digits still possible; a single digit is a placed value)")


def parse_state(n: int, masks: list[int], text: str) -> PlayState:
    """The player's candidate grid: entries are cells they narrowed to one value,
    `removed` the puzzle's candidates they crossed out elsewhere."""
    grid = parse_text(text)
    if grid.n != n:
        raise PuzzleError(f"the state is {grid.n}x{grid.n}; the puzzle is {n}x{n}")
    entries, removed = [], []
    for i, (given, mine) in enumerate(zip(masks, grid.masks(), strict=True)):
        name = LE.cell_name(n, i)
        if not mine & (mine - 1):
            if given & (given - 1) or given != mine:
                entries.append((name, mine.bit_length()))
            continue
        removed += [(name, v + 1) for v in T.bits(given & ~mine)]
    return PlayState(tuple(entries), tuple(removed), notes=True)


def state_masks(n: int, masks: list[int], state: PlayState) -> list[int]:
    """The puzzle's candidates narrowed by the player's state."""
    return LE.narrow(n, masks, state)
