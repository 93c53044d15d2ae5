"""Crossword grids of words: nine distinct words of a list in a 3x3 grid whose three
rows and three columns are equations (`CC + A = CL`, ..., `CC + ON = NI`, ...),
with exactly one solution (cryptator's crosswords).

A grid is filled cell by cell, rows first: the third word of a row (of a
column) must have a length the first two allow (`+`: the longer's or one more;
`x`: the sum of theirs or one less), and the letters of the grid never outnumber
the digits. A full grid is decided by the formula core's propagation search on
its six equations (built directly as polynomials), every solution checked again
with exact integers. `--all` walks every grid in list order and gives each
system once: swapping the first two columns, or rows, (the operators commute)
or transposing the grid gives the same six equations, so of those eight grids
only the one whose top-left word comes first in the list among the four
operands of the top-left square, and whose second word comes before the fourth,
is given (cryptator counts a grid and its transpose twice).

Generation (`--count/--seed`, `sampled_grids`) builds grids from a solution
instead: the seed draws digits for up to `base` letters of the list's alphabet,
the words whose letters all have a digit (and no leading 0) are looked up by
their value, and the grids whose six equations hold under those digits are
assembled from the pairs of words whose sum (product) is a word. Each candidate
is then proved to have exactly one solution by the same count as `--all`; a grid
is never given unproved. A drawn system is searched once per run, a grid and its
transpose are one system. After `STALE` draws in a row that give no new grid
(a short list, a small alphabet: a drawn solution seldom fits), the run goes on
with the exhaustive walk in an order shuffled by the seed (the grids given
before left out), so it ends when the list has no more grids; the caller's
budget bounds both.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..errors import PuzzleError
from ..formula import products as P
from .wordlist import Tally, WordList, count_sum

SIZE = 3
STALE = 200         # draws in a row without a new grid before sampling gives way to the walk


@dataclass(frozen=True)
class Grid:
    """A crossword grid of words (rows of three) with exactly one solution."""

    cells: tuple[str, ...]          # nine words, row by row
    op: str
    digits: tuple[tuple[str, int], ...]

    @property
    def addends(self) -> tuple[str, ...]:
        """The grid's words (for the generators' loop)."""
        return self.cells

    def equations(self) -> list[tuple[str, str, str]]:
        """The three rows, then the three columns, as (a, b, c) for `a op b = c`."""
        g = self.cells
        rows = [(g[3 * r], g[3 * r + 1], g[3 * r + 2]) for r in range(SIZE)]
        cols = [(g[c], g[3 + c], g[6 + c]) for c in range(SIZE)]
        return rows + cols

    @property
    def formula(self) -> str:
        """`CC + A = CL and ON + D = GO and ...` (rows, then columns)."""
        sign = " * " if self.op == "x" else " + "
        return " and ".join(f"{a}{sign}{b} = {c}" for a, b, c in self.equations())


def check_crossword(value: int) -> None:
    """A KindOption check: only 3x3 grids are made."""
    if int(value) != SIZE:
        raise PuzzleError(f"--crossword takes 3 (3x3 grids of words), not {value}")


def _third_ok(la: int, lb: int, lc: int, op: str) -> bool:
    """Can words of these lengths make `a op b = c` (leading digits not 0)?"""
    if op == "x":
        return la + lb - 1 <= lc <= la + lb
    return max(la, lb) <= lc <= max(la, lb) + 1


def _value(word: str, digits: dict[str, int], base: int) -> int:
    v = 0
    for ch in word:
        v = v * base + digits[ch]
    return v


def _holds(cells: tuple[str, ...], op: str, digits: dict[str, int], base: int) -> bool:
    """Do the six equations hold for these digits (exact integers)?"""
    g = Grid(cells, op, ())
    for a, b, c in g.equations():
        x, y, z = (_value(w, digits, base) for w in (a, b, c))
        if (x * y if op == "x" else x + y) != z:
            return False
    return True


def count_grid(cells: tuple[str, ...], op: str = "+", base: int = 10,
               limit: int = 2) -> tuple[int, dict[str, int] | None]:
    """(solutions up to `limit`, the first) of a grid's six equations."""
    letters: list[str] = []
    for w in cells:
        for ch in w:
            if ch not in letters:
                letters.append(ch)
    if len(letters) > base:
        return 0, None
    index = {ch: i for i, ch in enumerate(letters)}
    lead = frozenset(w[0] for w in cells if len(w) > 1)
    polys: list[P.Poly] = []
    for a, b, c in Grid(cells, op, ()).equations():
        poly: P.Poly = {}
        terms = [((a, 1), (b, 1))] if op == "x" else [((a, 1),), ((b, 1),)]
        for key in terms:
            k = tuple(sorted(key))
            poly[k] = poly.get(k, 0) + 1
        poly[((c, 1),)] = poly.get(((c, 1),), 0) - 1
        polys.append({k: v for k, v in poly.items() if v})
    prog = P.program_of(polys, letters, index, base, lead)
    if prog is None:
        raise PuzzleError("a grid too large for the propagation search")
    found, first = 0, None
    for sol in P.search(prog, {}):
        digits = dict(zip(letters, sol, strict=True))
        if not _holds(cells, op, digits, base):
            continue
        found += 1
        first = first or digits
        if found >= limit:
            break
    return found, first


def grids(words: list[str], op: str = "+", base: int = 10, *, rng: random.Random | None = None,
          tally: Tally | None = None, progress: Callable[[Tally], None] | None = None
          ) -> Iterator[Grid]:
    """Every grid of the list with exactly one solution, in list order (or in an order
    shuffled by `rng`, transposes then both given)."""
    tally = tally if tally is not None else Tally()
    vocab = WordList(words, base)
    masks, lens, n = vocab.masks, vocab.lens, len(words)
    order = list(range(n))
    cells: list[int] = []
    systems: set[frozenset[tuple[frozenset[str], str]]] = set()
    known: dict[tuple[int, int, int], bool] = {}

    def solvable(a: int, b: int, c: int) -> bool:
        """Has `a op b = c` alone a solution? (cached; a grid needs all six)"""
        key = (a, b, c)
        if key not in known:
            if progress:
                progress(tally)     # the budget is read between searches, not only per word
            if op == "x":
                from .wordproducts import count_product
                known[key] = count_product((words[a], words[b]), (words[c],), base, 1)[0] > 0
            else:
                known[key] = count_sum([words[a], words[b]], words[c], base, 1)[0] > 0
        return known[key]

    def candidates(pos: int) -> list[int]:
        out = order
        if rng is not None:
            out = order[:]
            rng.shuffle(out)
        r, c = divmod(pos, SIZE)
        keep = []
        for j in out:
            if j in cells:
                continue
            if rng is None and ((pos in (1, 4) and j < cells[0]) or (pos == 3 and j < cells[1])):
                continue        # a symmetric grid of the same system comes first
            if c == 2 and not _third_ok(lens[cells[3 * r]], lens[cells[3 * r + 1]], lens[j], op):
                continue
            if r == 2 and not _third_ok(lens[cells[c]], lens[cells[3 + c]], lens[j], op):
                continue
            keep.append(j)
        return keep

    def walk(pos: int, mask: int) -> Iterator[Grid]:
        if pos == SIZE * SIZE:
            tally.examined += 1
            if progress:
                progress(tally)
            chosen = tuple(words[i] for i in cells)
            count, first = count_grid(chosen, op, base)
            grid = Grid(chosen, op, ())
            system = frozenset((frozenset((a, b)), c) for a, b, c in grid.equations())
            if rng is not None and system in systems:
                return                  # a symmetric grid of one given before
            if count == 1 and first is not None:
                systems.add(system)
                tally.found += 1
                yield Grid(chosen, op, tuple(sorted(first.items())))
            return
        for j in candidates(pos):
            m = mask | masks[j]
            if m.bit_count() > base:
                continue
            r, c = divmod(pos, SIZE)
            if c == 2 and not solvable(cells[3 * r], cells[3 * r + 1], j):
                continue
            if r == 2 and not solvable(cells[c], cells[3 + c], j):
                continue
            cells.append(j)
            yield from walk(pos + 1, m)
            cells.pop()
            if pos == 0:
                tally.sets += 1
                if progress:
                    progress(tally)

    yield from walk(0, 0)


def _draw(alphabet: Iterable[str], base: int, rng: random.Random) -> dict[str, int]:
    """Digits for up to `base` letters of the alphabet, drawn by `rng`."""
    letters = list(alphabet)
    rng.shuffle(letters)
    digits = list(range(base))
    rng.shuffle(digits)
    return dict(zip(letters[:base], digits, strict=False))


def _apply(x: int, y: int, op: str) -> int:
    return x * y if op == "x" else x + y


def _valued(words: list[str], digits: dict[str, int], base: int) -> dict[int, str]:
    """The words every letter of which has a digit (no leading 0), by value."""
    out: dict[int, str] = {}
    for w in words:
        if all(ch in digits for ch in w) and (len(w) == 1 or digits[w[0]] != 0):
            out.setdefault(_value(w, digits, base), w)
    return out


def _grids_under(words: list[str], digits: dict[str, int], op: str, base: int,
                 rng: random.Random) -> Iterator[tuple[str, ...]]:
    """The grids (nine distinct words) whose six equations hold under `digits`, in
    an order shuffled by `rng`."""
    byval = _valued(words, digits, base)
    pool = list(byval.items())
    pairs: dict[int, list[tuple[int, int]]] = {}
    for x, _ in pool:
        for y, _ in pool:
            z = _apply(x, y, op)
            if x != y and z in byval and z not in (x, y):
                pairs.setdefault(x, []).append((y, z))
    firsts = [x for x, _ in pool if len(pairs.get(x, ())) >= 2]
    rng.shuffle(firsts)
    for a in firsts:
        rows = pairs[a][:]
        rng.shuffle(rows)
        for b, c in rows:
            for d, g in pairs[a]:
                for e, h in pairs.get(b, ()):
                    f, i = _apply(d, e, op), _apply(g, h, op)
                    if f not in byval or i not in byval or _apply(c, f, op) != i:
                        continue
                    vals = (a, b, c, d, e, f, g, h, i)
                    if len(set(vals)) == SIZE * SIZE:
                        yield tuple(byval[v] for v in vals)


def _system(cells: tuple[str, ...]) -> frozenset[tuple[frozenset[str], str]]:
    """The grid's six equations as a set: the same for a grid and its transpose."""
    return frozenset((frozenset((a, b)), c) for a, b, c in Grid(cells, "+", ()).equations())


def sampled_grids(words: list[str], op: str, base: int, rng: random.Random, *,
                  tally: Tally | None = None, progress: Callable[[Tally], None] | None = None,
                  stale: int = STALE) -> Iterator[Grid]:
    """Grids with exactly one solution (proved by `count_grid`), each system once,
    built from solutions drawn by `rng`, then the shuffled walk (see the module's
    docstring)."""
    tally = tally if tally is not None else Tally()
    alphabet = WordList(words, base).alphabet
    tried: set[frozenset[tuple[frozenset[str], str]]] = set()
    given: set[frozenset[tuple[frozenset[str], str]]] = set()
    misses = 0
    while misses < stale:
        tally.sets += 1
        if progress:
            progress(tally)
        found = None
        for cells in _grids_under(words, _draw(alphabet, base, rng), op, base, rng):
            system = _system(cells)
            if system in tried:
                continue
            tried.add(system)
            tally.examined += 1
            if progress:
                progress(tally)
            count, first = count_grid(cells, op, base)
            if count == 1 and first is not None:
                found = Grid(cells, op, tuple(sorted(first.items())))
                break
        if found is None:
            misses += 1
            continue
        misses = 0
        tally.found += 1
        given.add(_system(found.cells))
        yield found
    for grid in grids(words, op, base, rng=rng, tally=tally, progress=progress):
        if _system(grid.cells) not in given:
            yield grid
