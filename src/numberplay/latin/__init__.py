"""The Latin-square core: what every Latin puzzle kind shares, as Simon Tatham's
`latin.c` is shared by the Latin-square games of his collection. It knows no
kind; a kind imports it and adds its own constraints.

The grid: order n, cells numbered r*n+c, a cell's candidates a bit mask (bit v
for the value v+1; values are 0-based inside the core, 1-based in steps).

Searching (`search.solve_masks`, `search.count_masks`): every solution of the
Latin square whose cells take their candidates and whose TABLES all hold. A
`Table(cells, tuples)` is a kind's constraint compiled into the value tuples
(0-based, in the order of `cells`) its cells may take together: a cage "11+"
over two cells is the tuples summing to 11 - 2 (values are 0-based). The
search (`search.py`, compiled from its typed source when built, the same tree
as Python) keeps every table arc consistent with the domains (simple tabular
reduction) at every node; `propagator=` adds a Python filter (masks ->
removals, or None when impossible), run after the tables.

>>> from numberplay.latin import Table, count_masks, solve_masks
>>> n = 3
>>> full = [(1 << n) - 1] * (n * n)          # every cell may be 1, 2 or 3
>>> cage = Table(cells=(0, 1), tuples=tuple((a, b) for a in range(n) for b in range(n)
...                                         if (a + 1) + (b + 1) == 5))   # r1c1 + r1c2 = 5
>>> count_masks(n, full, limit=None, tables=[cage])
4
>>> first = next(solve_masks(n, full, tables=[cage]))
>>> first[0] + first[1] + 2
5

Explaining (`explain.LatinRules`, on the shared driver `numberplay.deduce`):
the Latin ladder (the table `techniques.LATIN`: each technique with its rung,
finder and words) plus a kind's `extra` techniques, merged by rung;
`explain.table_technique` makes a rung of a kind's tables; a kind overrides
`contradiction` (calling the Latin one), `narrate` and `snapshot`. The grade is
the kernel's (`numberplay.deduce.grade`: hardest rung the techniques need,
"search" if they stall).

Generating (`generate`): `random_square` (Jacobson–Matthews), and the loops
`narrow_until_solved` (drop wrong candidates while the techniques stall),
`repair_until_unique`, `remove_clues` (Tatham's: try dropping each given),
`capped_tries` (growing node caps against heavy-tailed proofs).

Also: `techniques` (the ladder on masks, `run` to a fixpoint,
`contradiction`), `squares.is_latin`, `canon.canonical_key` (invariant under
row/column permutations, transposition and value renaming).
"""

from .canon import canonical_key
from .explain import LatinRules, table_technique
from .generate import (
    capped_tries,
    narrow_until_solved,
    random_square,
    remove_clues,
    repair_until_unique,
)
from .search import count_masks, native_available, solve_masks
from .squares import is_latin, jacobson_matthews
from .tables import Propagator, Table, table_filter

__all__ = [
    "LatinRules", "Propagator", "Table", "canonical_key", "capped_tries", "count_masks",
    "is_latin", "jacobson_matthews", "narrow_until_solved",
    "native_available", "random_square", "remove_clues", "repair_until_unique",
    "solve_masks", "table_filter", "table_technique",
]
