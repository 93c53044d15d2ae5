"""The Latin-square core: what every Latin puzzle kind shares (as Simon Tatham's
`latin.c` is shared by Towers, Unequal, Keen and Solo). It knows no kind.

- `techniques`: candidate masks (flat list, cell r*n+c, bit v for value v+1),
  the ladder (naked/hidden singles, naked/hidden subsets, fish) as `Move`s,
  `run` to a fixpoint, `contradiction`;
- `explain`: `LatinRules` for the shared driver (`numberplay.deduce`), which a
  kind extends with techniques for its own constraints; the one grader
  `grade_masks`;
- `search`: the exact search (`solve_masks`), a C core with a pure-Python twin;
- `squares`: random Latin squares (Jacobson–Matthews), `is_latin`;
- `canon`: a key invariant under row/column permutations, transposition and
  value renaming.
"""
