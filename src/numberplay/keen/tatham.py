"""Simon Tatham's Keen game IDs, `PARAMS:DESC`, read and written.

PARAMS is the order, an optional `m` (multiplication-only mode in later
versions: ignored) and an optional `d` with a grade letter (e e n h x u).
DESC is the cage walls as a run-length code over the internal edges, then
`,` and one clue per cage in the order of each cage's first cell; the format
in full is in `docs/keen.md` ("The game-ID format"). Errors name the
character position in the ID (1-based) or the cage.
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from ..text import shorten
from .model import MAX_ORDER, MIN_ORDER, Cage, KeenPuzzle, cage_where, make_puzzle

GRADE_LETTERS = {"e": "easy", "n": "medium", "h": "hard", "x": "extreme", "u": "unreasonable"}
LETTER_OF = {grade: letter for letter, grade in GRADE_LETTERS.items()}
CLUE_OPS = {"a": "+", "s": "-", "m": "*", "d": "/"}
OP_LETTERS = {"+": "a", "-": "s", "*": "m", "/": "d", "=": "a"}

_PARAMS = re.compile(r"(\d+)(m?)(?:d(.?))?$")
LOOKS_LIKE_ID = re.compile(r"^\s*\d{1,3}m?(?:d[a-z]?)?:", re.ASCII)


def is_game_id(text: str) -> bool:
    """Does the text start like a Tatham game ID (`6dn:` ...)?"""
    return bool(LOOKS_LIKE_ID.match(text))


def edge_cells(n: int, e: int) -> tuple[int, int]:
    """The two cells on either side of internal edge number e."""
    if e < n * (n - 1):
        y, x = divmod(e, n - 1)
        return y * n + x, y * n + x + 1
    x, y = divmod(e - n * (n - 1), n - 1)
    return y * n + x, (y + 1) * n + x


def parse_params(params: str) -> tuple[int, str | None]:
    """(order, grade or None) from `6dn`, `9`, `5mdx`."""
    found = _PARAMS.match(params)
    if not found:
        shown = shorten(params)
        raise PuzzleError(f"bad game ID parameters {shown!r}: expected the order and an "
                          "optional d with a grade letter, e.g. 6dn", column=1)
    n = int(found.group(1)[:6])
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise PuzzleError(f"order {n} is outside {MIN_ORDER}..{MAX_ORDER}", column=1)
    letter = found.group(3)
    if letter is None:
        return n, None
    if letter not in GRADE_LETTERS:
        raise PuzzleError(f"unknown grade letter {letter!r} after d (one of e n h x u)",
                          column=len(params))
    return n, GRADE_LETTERS[letter]


def _runs(n: int, code: str, start: int) -> list[bool]:
    """The wall (True) or opening (False) of every internal edge, from the code."""
    total = 2 * n * (n - 1)
    edges: list[bool] = []
    k = 0
    while k < len(code):
        ch = code[k]
        where = start + k
        if ch != "_" and not "a" <= ch <= "z":
            raise PuzzleError(f"unexpected {ch!r} in the cage walls (expected _ or a-z)",
                              column=where)
        k += 1
        digits = re.match(r"\d*", code[k:k + 8]).group(0)  # type: ignore[union-attr]
        k += len(digits)
        times = int(digits) if digits else 1
        if times < 1:
            raise PuzzleError(f"repeat count {digits} after {ch!r} must be at least 1",
                              column=where + 1)
        opens = 0 if ch == "_" else ord(ch) - ord("a") + 1
        for _ in range(times):
            edges.extend([False] * opens)
            if ch != "z":
                edges.append(True)
            if len(edges) > total + 1 or len(edges) == total + 1 and not edges[-1]:
                raise PuzzleError(f"the cage walls run long: more than {total} edges for a "
                                  f"{n}x{n} grid", column=where)
    if len(edges) != total + 1 or not edges[-1]:
        raise PuzzleError(f"the cage walls run short: {min(len(edges), total)} of {total} "
                          f"edges given for a {n}x{n} grid", column=start + len(code))
    return edges[:total]


def _groups(n: int, walls: list[bool]) -> list[list[int]]:
    """The cages' cells from the walls, each group sorted, groups by first cell."""
    parent = list(range(n * n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for e, wall in enumerate(walls):
        if not wall:
            a, b = edge_cells(n, e)
            ra, rb = root(a), root(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    for i in range(n * n):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])


_CLUE = re.compile(r"([a-z])(\d*)")
MAX_DIGITS = 40


def parse_game_id(text: str) -> tuple[KeenPuzzle, str | None]:
    """(puzzle, grade letter's grade or None) from `PARAMS:DESC`."""
    text = text.strip()
    params, sep, desc = text.partition(":")
    if not sep:
        raise PuzzleError("a Keen game ID is PARAMS:DESC, e.g. 4dn:__a_b_ab_a_3aa_,m12m4...")
    n, grade = parse_params(params)
    start = len(params) + 2
    blocks, comma, clues = desc.partition(",")
    if not comma:
        raise PuzzleError("expected ',' between the cage walls and the clues",
                          column=start + len(desc))
    groups = _groups(n, _runs(n, blocks, start))
    pos = start + len(blocks) + 1
    cages: list[Cage] = []
    k = 0
    for number, cells in enumerate(groups, start=1):
        found = _CLUE.match(clues, k)
        first = Cage("=", 0, tuple(cells))
        if k >= len(clues):
            raise PuzzleError(f"too few clues: {len(groups)} cages but {number - 1} clues",
                              column=pos + k, where=cage_where(n, first, number))
        if not found or found.group(1) not in CLUE_OPS or not found.group(2):
            shown = clues[k:k + 8]
            raise PuzzleError(f"bad clue {shown!r} (expected a, s, m or d and a number)",
                              column=pos + k, where=cage_where(n, first, number))
        if len(found.group(2)) > MAX_DIGITS:
            raise PuzzleError(f"the clue's number has {len(found.group(2))} digits (at most "
                              f"{MAX_DIGITS})", column=pos + k, where=cage_where(n, first, number))
        cages.append(Cage(CLUE_OPS[found.group(1)], int(found.group(2)), tuple(cells)))
        k = found.end()
    if k < len(clues):
        raise PuzzleError(f"too many clues: {len(groups)} cages, and {clues[k:k + 12]!r} "
                          "is left over", column=pos + k)
    return make_puzzle(n, cages), grade


def _walls(puzzle: KeenPuzzle) -> list[bool]:
    """Whether each internal edge, in `edge_cells` order, is a cage wall."""
    n = puzzle.n
    owner = puzzle.cage_of()
    across = [owner[i] != owner[i + 1] for y in range(n) for i in range(y * n, y * n + n - 1)]
    down = [owner[i] != owner[i + n] for x in range(n) for i in range(x, x + n * (n - 1), n)]
    return across + down


def encode_walls(puzzle: KeenPuzzle) -> str:
    """The cage walls' run-length code, compressed as Tatham writes it."""
    symbols = []
    run = 0
    for wall in [*_walls(puzzle), True]:
        if not wall:
            run += 1
            continue
        while run > 25:
            symbols.append("z")
            run -= 25
        symbols.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    out = []
    k = 0
    while k < len(symbols):
        j = k
        while j < len(symbols) and symbols[j] == symbols[k]:
            j += 1
        count = j - k
        out.append(symbols[k] * 2 if count == 2 else symbols[k] + (str(count) if count > 2 else ""))
        k = j
    return "".join(out)


def to_game_id(puzzle: KeenPuzzle, grade: str | None = None) -> str:
    """`PARAMS:DESC`, with `d` and the grade letter when a grade is given."""
    if puzzle.givens or any(c.op == "?" for c in puzzle.cages):
        raise PuzzleError("a Tatham game ID has no given digits nor cages without clue")
    params = str(puzzle.n) + (f"d{LETTER_OF[grade]}" if grade in LETTER_OF else "")
    clues = "".join(f"{OP_LETTERS[c.op]}{c.target}" for c in puzzle.cages)
    return f"{params}:{encode_walls(puzzle)},{clues}"
