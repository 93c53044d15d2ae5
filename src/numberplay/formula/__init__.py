"""The formula core: what the puzzles written as formulas over letters share.

The formula language (`lang.py`, parsed with `ast`, never evaluated with
`eval`), the search (`solver.py`, with `bounds.py` and `candidates.py`), the
columns a player reads (`columns.py`), the deductions that explain a puzzle
(`deduce.py`, `explain.py`), hints from a player's letters (`state.py`), the
values (`model.py`), the kind base class (`base.py`), the run cache of the
generators (`runs.py`), drawing pieces (`svg.py`) and the compiled column
search (`_columns.c`) and the propagation search of products and systems
(`products.py`, compiled in `_products.c`). The formula kinds import it; it imports no kind.
"""
