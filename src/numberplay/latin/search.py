"""Exact Latin-square search: bit-mask domains in three views plus all-different GAC.

State: three flat lists of bit masks for an order-n grid.
  D[r*n+c]  values still possible in cell (r, c)        (bit v for value v+1)
  R[r*n+v]  columns where value v can still go in row r (bit c)
  C[c*n+v]  rows where value v can still go in column c (bit r)
Propagation keeps the views in step and places every single of every view
(naked singles and hidden singles in rows and columns). At the root (and, on
request, at every node) Régin's matching-based filter makes each row and each
column all-different arc consistent. Branching is dom/wdeg on
the cells: the open cell with the largest failure weight / size, where the
weight of a cell is the wipe-outs its row and its column caused so far.
(Branching over the row-value and column-value views as well makes smaller
trees, but scoring 3n^2 domains per node costs more than it saves: on 150
order-30 completions, 21.7 s for cells only against 30.3 s for all three.)

Two engines, the same model and the same propagation, branching and value
order, each finding every solution exactly once:

- this module, pure Python: the fallback and the reference the tests compare
  the compiled core with;
- `_latin.c`, compiled by setup.py when a C compiler is there (`solve_masks`
  uses it unless told otherwise: `engine="python"` or NUMBERPLAY_LATIN_ENGINE=python).

They differ in their restarts, so their trees and the order of their solutions
differ: here a run is cut after a number of NODES, 20·n then ×1.5 each run,
with a tie-break noise of 0.5 on the cell weights; the C core cuts a run after
a number of FAILURES, 10·n × Luby's sequence (1 1 2 1 1 2 4 ...), with noise
0.05, and can run Régin's filter incrementally at every node or at shallow
nodes (`node_gac`, `gac_depth`). The C core also copies nothing: changes are
undone from a trail.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Sequence
from itertools import compress
from operator import mul, truediv
from types import ModuleType
from typing import Any

from ..budget import Budget, ensure
from .tables import Propagator, Table, Tables

_native: ModuleType | None
try:  # the compiled core (setup.py builds it when a C compiler is there)
    from . import _latin as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

ENGINE_ENV = "NUMBERPLAY_LATIN_ENGINE"  # "c" or "python"; unset: C when built

_bit_count = int.bit_count
_more_than_one = (1).__lt__

RESTART_BASE = 20     # first restart cutoff, in nodes per unit of order
RESTART_GROWTH = 1.5  # each restart cutoff is this times the last
NOISE = 0.5           # random spread of the cell weights, drawn afresh each run
State = tuple[list[int], list[int], list[int]]
Triple = tuple[int, int, int]


def _bits(m: int) -> Iterator[int]:
    """Indices of the set bits of m, lowest first."""
    while m:
        b = m & -m
        m ^= b
        yield b.bit_length() - 1


def build_state(n: int, masks: list[int]) -> tuple[State, list[Triple]] | None:
    """The three views of the candidate masks and the singles to place; None if empty."""
    D = list(masks)
    R = [0] * (n * n)
    C = [0] * (n * n)
    for r in range(n):
        base = r * n
        for c in range(n):
            d = D[base + c]
            if not d:
                return None
            cb, rb = 1 << c, 1 << r
            for v in _bits(d):
                R[base + v] |= cb
                C[c * n + v] |= rb
    queue: list[Triple] = []
    for i in range(n * n):
        d = D[i]
        if not d & (d - 1):
            queue.append((i // n, i % n, d.bit_length() - 1))
    for r in range(n):
        for v in range(n):
            x = R[r * n + v]
            if not x:
                return None
            if not x & (x - 1):
                queue.append((r, x.bit_length() - 1, v))
    for c in range(n):
        for v in range(n):
            x = C[c * n + v]
            if not x:
                return None
            if not x & (x - 1):
                queue.append((x.bit_length() - 1, c, v))
    return (D, R, C), queue


def propagate(n: int, D: list[int], R: list[int], C: list[int], queue: list[Triple],
              W: list[int] | None = None) -> bool:
    """Place the queued (row, col, value) triples and every single they create.

    Returns False on a wipe-out in any view (the views are then left half
    updated: callers drop the state); the weight of the failing row (W[r])
    and/or column (W[n + c]) goes up, for dom/wdeg branching."""
    while queue:
        r, c, v = queue.pop()
        i = r * n + c
        bit = 1 << v
        d = D[i]
        if not d & bit:
            if W is not None:
                W[r] += 1
                W[n + c] += 1
            return False
        rbit, cbit = 1 << r, 1 << c
        # 1. the cell's other values leave their (row, value) and (column, value) views
        m = d ^ bit
        if m:
            D[i] = bit
            while m:
                b = m & -m
                m ^= b
                u = b.bit_length() - 1
                k = r * n + u
                x = R[k] & ~cbit
                R[k] = x
                if not x:
                    if W is not None:
                        W[r] += 1
                    return False
                if not x & (x - 1):
                    queue.append((r, x.bit_length() - 1, u))
                k = c * n + u
                x = C[k] & ~rbit
                C[k] = x
                if not x:
                    if W is not None:
                        W[n + c] += 1
                    return False
                if not x & (x - 1):
                    queue.append((x.bit_length() - 1, c, u))
        # 2. v leaves the other cells of row r
        k = r * n + v
        m = R[k] & ~cbit
        if m:
            R[k] = cbit
            cv = v
            while m:
                b = m & -m
                m ^= b
                cc = b.bit_length() - 1
                j = r * n + cc
                dj = D[j] & ~bit
                D[j] = dj
                if not dj:
                    if W is not None:
                        W[r] += 1
                        W[n + cc] += 1
                    return False
                if not dj & (dj - 1):
                    queue.append((r, cc, dj.bit_length() - 1))
                k2 = cc * n + cv
                x = C[k2] & ~rbit
                C[k2] = x
                if not x:
                    if W is not None:
                        W[n + cc] += 1
                    return False
                if not x & (x - 1):
                    queue.append((x.bit_length() - 1, cc, cv))
        # 3. v leaves the other cells of column c
        k = c * n + v
        m = C[k] & ~rbit
        if m:
            C[k] = rbit
            while m:
                b = m & -m
                m ^= b
                rr = b.bit_length() - 1
                j = rr * n + c
                dj = D[j] & ~bit
                D[j] = dj
                if not dj:
                    if W is not None:
                        W[rr] += 1
                        W[n + c] += 1
                    return False
                if not dj & (dj - 1):
                    queue.append((rr, c, dj.bit_length() - 1))
                k2 = rr * n + v
                x = R[k2] & ~cbit
                R[k2] = x
                if not x:
                    if W is not None:
                        W[rr] += 1
                    return False
                if not x & (x - 1):
                    queue.append((rr, x.bit_length() - 1, v))
    return True


def remove(n: int, D: list[int], R: list[int], C: list[int], r: int, c: int, v: int,
           queue: list[Triple]) -> bool:
    """Remove value v from cell (r, c), queueing the singles it creates."""
    j = r * n + c
    dj = D[j] & ~(1 << v)
    if dj == D[j]:
        return True
    D[j] = dj
    if not dj:
        return False
    if not dj & (dj - 1):
        queue.append((r, c, dj.bit_length() - 1))
    k = r * n + v
    x = R[k] & ~(1 << c)
    R[k] = x
    if not x:
        return False
    if not x & (x - 1):
        queue.append((r, x.bit_length() - 1, v))
    k = c * n + v
    x = C[k] & ~(1 << r)
    C[k] = x
    if not x:
        return False
    if not x & (x - 1):
        queue.append((x.bit_length() - 1, c, v))
    return True


def _matching(doms: list[int], n: int) -> list[int] | None:
    """A perfect matching var -> value of the bipartite graph `doms`, or None."""
    match_var = [-1] * n
    match_val = [-1] * n
    for i, d in enumerate(doms):  # greedy start
        m = d
        while m:
            b = m & -m
            m ^= b
            u = b.bit_length() - 1
            if match_val[u] < 0:
                match_val[u] = i
                match_var[i] = u
                break
    for i in range(n):
        if match_var[i] >= 0:
            continue
        # BFS for an augmenting path from var i
        parent_val = {}
        frontier = [i]
        seen_vals = 0
        found = -1
        while frontier and found < 0:
            nxt = []
            for x in frontier:
                m = doms[x] & ~seen_vals
                seen_vals |= m
                while m:
                    b = m & -m
                    m ^= b
                    u = b.bit_length() - 1
                    parent_val[u] = x
                    y = match_val[u]
                    if y < 0:
                        found = u
                        break
                    nxt.append(y)
                if found >= 0:
                    break
            frontier = nxt
        if found < 0:
            return None
        u = found
        while True:
            x = parent_val[u]
            prev = match_var[x]
            match_var[x] = u
            match_val[u] = x
            if x == i:
                break
            u = prev
    return match_var


def _scc(adj: list[int], n: int) -> list[int]:
    """Strongly connected component id of each node of a bit-mask digraph (Tarjan)."""
    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    on_stack = 0
    stack: list[int] = []
    counter = 0
    ncomp = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, adj[root])]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack |= 1 << root
        while work:
            v, rest = work[-1]
            if rest:
                b = rest & -rest
                work[-1] = (v, rest ^ b)
                w = b.bit_length() - 1
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack |= b
                    work.append((w, adj[w]))
                elif on_stack & b and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack &= ~(1 << w)
                    comp[w] = ncomp
                    if w == v:
                        break
                ncomp += 1
    return comp


def line_filter(doms: list[int], n: int) -> list[int] | None:
    """All-different GAC (Régin) on one line: the pruned domains, or None if infeasible."""
    match = _matching(doms, n)
    if match is None:
        return None
    pos = [0] * n
    for i, u in enumerate(match):
        pos[u] = i
    adj = []
    for i, d in enumerate(doms):
        a = 0
        m = d
        while m:
            b = m & -m
            m ^= b
            a |= 1 << pos[b.bit_length() - 1]
        adj.append(a & ~(1 << i))
    comp = _scc(adj, n)
    allowed: dict[int, int] = {}
    for i in range(n):
        allowed[comp[i]] = allowed.get(comp[i], 0) | (1 << match[i])
    return [d & allowed[comp[i]] for i, d in enumerate(doms)]


def gac(n: int, D: list[int], R: list[int], C: list[int]) -> bool:
    """Propagate and filter every unfinished row and column to a common fixpoint."""
    queue: list[Triple] = []
    changed = True
    while changed:
        changed = False
        for r in range(n):
            base = r * n
            doms = D[base:base + n]
            if all(not d & (d - 1) for d in doms):
                continue
            new = line_filter(doms, n)
            if new is None:
                return False
            for c in range(n):
                gone = doms[c] & ~new[c]
                for v in _bits(gone):
                    if not remove(n, D, R, C, r, c, v, queue):
                        return False
                    changed = True
            if queue and not propagate(n, D, R, C, queue):
                return False
        for c in range(n):
            doms = D[c::n]
            if all(not d & (d - 1) for d in doms):
                continue
            new = line_filter(doms, n)
            if new is None:
                return False
            for r in range(n):
                gone = doms[r] & ~new[r]
                for v in _bits(gone):
                    if not remove(n, D, R, C, r, c, v, queue):
                        return False
                    changed = True
            if queue and not propagate(n, D, R, C, queue):
                return False
    return True


def _weights(n: int, W: list[int], noise: list[float] | None) -> list[float]:
    """Per-cell weights (failures of its row + its column) from the failure counts.

    With `noise` (one factor per cell, fixed for a run), ties break at random."""
    wcell: list[float] = [W[r] + W[n + c] for r in range(n) for c in range(n)]
    if noise is not None:
        wcell = list(map(mul, wcell, noise))
    return wcell


def _update_weights(n: int, W: list[int], old: list[int], noise: list[float] | None,
                    wcell: list[float]) -> None:
    """Bring the cell weights up to date for the rows and columns whose W changed."""
    nn = n * n
    for r in range(n):
        if W[r] != old[r]:
            wr = W[r]
            s = slice(r * n, (r + 1) * n)
            cell = [wr + W[n + c] for c in range(n)]
            if noise is not None:
                cell = list(map(mul, cell, noise[s]))
            wcell[s] = cell
    for c in range(n):
        if W[n + c] != old[n + c]:
            wc = W[n + c]
            cell = [W[r] + wc for r in range(n)]
            if noise is not None:
                cell = list(map(mul, cell, noise[c:nn:n]))
            wcell[c::n] = cell


def _choose(n: int, D: list[int], R: list[int], C: list[int], opens: list[int],
            wcell: list[float]) -> tuple[list[Triple] | None, list[int]]:
    """The branching alternatives, and the cells still open.

    dom/wdeg over the cells: the open cell with the largest weight / size.
    `opens` lists the cells that were open at the parent; only those are
    looked at (all in C loops), so a node deep in the tree costs little.
    None when every cell is fixed."""
    counts = list(map(_bit_count, map(D.__getitem__, opens)))
    keep = list(map(_more_than_one, counts))
    idx = list(compress(opens, keep))
    if not idx:
        return None, idx
    scores = list(map(truediv, map(wcell.__getitem__, idx), compress(counts, keep)))
    pick = idx[scores.index(max(scores))]
    a, b = divmod(pick, n)
    out = [(a, b, v) for v in _bits(D[pick])]
    # the most constrained value first: the product of its row-value and column-value sizes
    out.sort(key=lambda t: R[a * n + t[2]].bit_count() * C[b * n + t[2]].bit_count())
    return out, idx


def count_masks(n: int, masks: list[int], limit: int | None = 2,
                budget: Budget | None = None, **kw: Any) -> int:
    """How many solutions, up to `limit` (2: enough to decide uniqueness); the
    keywords are `solve_masks`'s (tables, propagator, engine...)."""
    return sum(1 for _ in solve_masks(n, masks, limit=limit, budget=budget, **kw))


def native_available() -> bool:
    """Whether the compiled core was built."""
    return _native is not None


def _engine(engine: str | None) -> str:
    """"c" or "python": the argument, else $NUMBERPLAY_LATIN_ENGINE, else C when built."""
    choice = engine or os.environ.get(ENGINE_ENV) or ("c" if _native is not None else "python")
    if choice not in ("c", "python"):
        raise ValueError(f"unknown Latin-square engine {choice!r} (expected 'c' or 'python')")
    if choice == "c" and _native is None:
        raise RuntimeError("the compiled Latin-square core is not built "
                           "(python setup.py build_ext --inplace)")
    return choice


def solve_masks(n: int, masks: list[int], limit: int | None = None,
                budget: Budget | None = None, use_gac: bool = True,
                node_gac: bool = False, restarts: bool = True,
                engine: str | None = None, tables: Sequence[Table] = (),
                propagator: Propagator | None = None) -> Iterator[list[int]]:
    """Every solution (flat list of 0-based values), in a deterministic order.

    masks: the initial domains (bit v for value v+1), cell r*n+c.
    tables: a kind's own constraints as table constraints (see `tables.Table`),
    kept arc consistent by both engines.
    propagator: a kind's own filter, for the pure-Python engine only (see
    `tables.Propagator`); with one, the engine is "python".
    engine: "c" (the compiled core, the default when it is built) or "python"
    (this module's search, the reference); both find the same solutions,
    each once, though not in the same order.

    use_gac: Régin's filter at the root; node_gac: at every node as well.
    restarts: until the first solution turns up, restart the search after a
    growing number of nodes (x1.5 each time), keeping the dom/wdeg weights
    learnt so far and breaking ties at random (seeded); the run that finds a
    solution goes on to the end, so every solution is still found exactly
    once. On 30 order-30 completions this cut the total time by 40% and the
    worst case by half, at the same median."""
    budget = ensure(budget)
    for t in tables:
        t.check(n)
    if limit is not None and limit <= 0:
        return
    if propagator is not None and engine == "c":
        raise ValueError("a Python propagator runs in the pure-Python engine only")
    choice = "python" if propagator is not None else _engine(engine)
    if choice == "c" and n <= 64:  # 64-bit masks in C; larger orders stay in Python
        budget.tick()
        yield from _solve_native(n, masks, limit, budget, restarts, use_gac, node_gac, tables)
        return
    built = build_state(n, masks)
    if built is None:
        return
    (D, R, C), queue = built
    budget.tick()
    if not propagate(n, D, R, C, queue):
        return
    if use_gac and not gac(n, D, R, C):
        return
    tabs = Tables(n, tables, propagator) if tables or propagator is not None else None
    alive: list[list[tuple[int, ...]]] | None = None
    if tabs is not None:
        alive = tabs.settle(None, D, R, C, tabs.initial, None, propagate, remove)
        if alive is None:
            return
    W = [1] * (2 * n)
    cutoff = RESTART_BASE * n if restarts else None
    rng = random.Random(12345) if restarts else None
    while True:
        run = _Run(n, W, budget, node_gac, cutoff, rng, tabs)
        found = 0
        for solution in run.search(D, R, C, alive):
            yield solution
            found += 1
            if limit is not None and found >= limit:
                return
        if not run.cut or cutoff is None:  # only a run with a cutoff is cut
            return
        cutoff = int(cutoff * RESTART_GROWTH) + 1


def _solve_native(n: int, masks: list[int], limit: int | None, budget: Budget,
                  restarts: bool, use_gac: bool, node_gac: bool,
                  tables: Sequence[Table] = ()) -> Iterator[list[int]]:
    """The search in the compiled core (its restarts differ: see the module docstring)."""
    assert _native is not None  # solve() picks the "c" engine only when it is built
    found = 0
    packed = [(t.cells, bytes(v for tup in t.tuples for v in tup)) for t in tables]
    for solution in _native.Search(n, masks, restarts, budget.tick, use_gac, node_gac,
                                   tables=packed):
        yield solution
        found += 1
        if limit is not None and found >= limit:
            return


class _Run:
    """One depth-first run; stops (cut=True) after `cutoff` nodes without a solution."""

    def __init__(self, n: int, W: list[int], budget: Budget, node_gac: bool,
                 cutoff: int | None, rng: random.Random | None = None,
                 tabs: Tables | None = None) -> None:
        self.rng = rng
        self.tabs = tabs
        self.n, self.W, self.budget, self.node_gac = n, W, budget, node_gac
        self.cutoff = cutoff
        self.cut = False

    def search(self, D: list[int], R: list[int], C: list[int],
               alive: list[list[tuple[int, ...]]] | None = None) -> Iterator[list[int]]:
        """Solutions below the root state (`alive`: its tables' state), depth first."""
        n, W, budget, node_gac, tabs = self.n, self.W, self.budget, self.node_gac, self.tabs
        nn = n * n
        noise = None
        if self.rng is not None:
            rnd = self.rng.random
            noise = [1.0 + NOISE * rnd() for _ in range(nn)]
        seen = W[:]
        wcell = _weights(n, W, noise)
        nodes = 0
        cutoff = self.cutoff
        opens = list(range(nn))
        stack: list[tuple[list[int], list[int], list[int], Triple | None, list[int],
                          list[list[tuple[int, ...]]] | None]] = [(D, R, C, None, opens, alive)]
        while stack:
            D, R, C, triple, opens, alive = stack.pop()
            if triple is not None:
                budget.tick()
                nodes += 1
                if cutoff is not None and nodes > cutoff:
                    self.cut = True
                    return
                parent = D
                D, R, C = D[:], R[:], C[:]
                if not propagate(n, D, R, C, [triple], W):
                    continue
                if node_gac and not gac(n, D, R, C):
                    continue
                if tabs is not None:
                    assert alive is not None
                    alive = tabs.settle(parent, D, R, C, alive, W, propagate, remove)
                    if alive is None:
                        continue
            if W != seen:
                _update_weights(n, W, seen, noise, wcell)
                seen = W[:]
            options, opens = _choose(n, D, R, C, opens, wcell)
            if options is None:
                cutoff = None
                yield [d.bit_length() - 1 for d in D]
                continue
            for t in reversed(options):
                stack.append((D, R, C, t, opens, alive))
