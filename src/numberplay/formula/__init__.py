"""The formula core: what the puzzles written as formulas over letters share.

One story, in this order:

- compile: the formula language (`lang.py`, parsed with `ast`, never evaluated
  with `eval`) and the model a player reads, columns with carries, products,
  conditions, and positions as flat masks (`columns.py`);
- solve: the search (`solver.py`, with `bounds.py`), the propagation search of
  products and systems (`products.py`, typed, compiled by Cython with `products.pxd`);
- filters: what a column equation and distinct digits leave of the candidates
  (`filters.py`: column support, bounds, Hall's rule; typed, compiled by Cython);
- ladder: the deduction rungs on masks, returning moves, on the deduction
  kernel (`ladder.py`), worded by `narrate.py`; `settle.py` (compiled in
  `_settle.c`) tells the kernel's trial search which suppositions cannot close;
  `explain.py` gives the steps and the grade of a puzzle;

and around them: hints from a player's letters (`state.py`), the values
(`model.py`), the kind base class (`base.py`), the run cache of the generators
(`runs.py`) and drawing pieces (`svg.py`). The formula kinds import it; it
imports no kind.
"""
