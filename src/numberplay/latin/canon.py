"""A key for Latin-square puzzles that ignores row and column order, transposition
and the names of the values.

The puzzle is a set of (row, column, value) triples. Rows, columns and values
get colours by colour refinement (1-dimensional Weisfeiler–Leman): each
round, an object's new colour is a hash of its colour and the sorted colours
of the triples it is in. The key is a hash of the sorted multiset of triple
colours, the smaller of the grid's and its transpose's. This is an invariant
(equal for puzzles that are the same up to those symmetries); in rare, very
regular cases it may also equate different puzzles, so it is not a certified
canonical form.
"""

from __future__ import annotations

import hashlib


def _h(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def _key(triples: list[tuple[int, int, int]], n: int) -> str:
    rows = ["L"] * n
    cols = ["L"] * n
    vals = ["V"] * n
    for _ in range(n + 1):
        by_r: list[list[tuple[str, str]]] = [[] for _ in range(n)]
        by_c: list[list[tuple[str, str]]] = [[] for _ in range(n)]
        by_v: list[list[tuple[str, str]]] = [[] for _ in range(n)]
        for r, c, v in triples:
            by_r[r].append((cols[c], vals[v]))
            by_c[c].append((rows[r], vals[v]))
            a, b = sorted((rows[r], cols[c]))
            by_v[v].append((a, b))
        new_rows = [_h(rows[i], sorted(by_r[i])) for i in range(n)]
        new_cols = [_h(cols[i], sorted(by_c[i])) for i in range(n)]
        new_vals = [_h(vals[i], sorted(by_v[i])) for i in range(n)]
        stable = (len(set(new_rows + new_cols)) == len(set(rows + cols))
                  and len(set(new_vals)) == len(set(vals)))
        rows, cols, vals = new_rows, new_cols, new_vals
        if stable:
            break
    return _h(sorted((rows[r], cols[c], vals[v]) for r, c, v in triples))


def canonical_key(n: int, triples: list[tuple[int, int, int]]) -> str:
    """The invariant key described in the module docstring, for the (row, column,
    0-based value) triples a puzzle allows (every candidate of every cell)."""
    a = _key(triples, n)
    b = _key([(c, r, v) for r, c, v in triples], n)
    return min(a, b)


def mask_triples(n: int, masks: list[int]) -> list[tuple[int, int, int]]:
    """The (row, column, 0-based value) triples of flat candidate masks."""
    return [(i // n, i % n, v) for i, d in enumerate(masks) for v in range(n) if d >> v & 1]
