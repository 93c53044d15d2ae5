"""Exact Latin-square search: bit-mask domains in three views plus all-different GAC.

State: three flat lists of bit masks for an order-n grid.
  D[r*n+c]  values still possible in cell (r, c)        (bit v for value v+1)
  R[r*n+v]  columns where value v can still go in row r (bit c)
  C[c*n+v]  rows where value v can still go in column c (bit r)
Propagation keeps the views in step and places every single of every view
(a cell with one value left, a value with one place left in a row or column). At the root (and, on
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

They search the very same tree: the same cell and value at every node,
restarts after the same number of failures (RESTART_BASE·n × Luby's
sequence 1 1 2 1 1 2 4 ..., until the first solution), the same tie-break
noise (splitmix64 from one seed, spread NOISE) and the same order of the open
cells, hence the same solutions in the same order and the same node count
(the budget sees the same ticks). With a kind's `tables` the order may
differ: the engines filter the tables in different orders, so a wipe-out may
raise different dom/wdeg weights (the set of solutions is the same). A generator may rely on the order: a puzzle id makes one puzzle with
and without the compiled core (issue 33). The Python engine copies the state
at each node where the C core undoes changes from a trail, and runs Régin's
filter at every node (`node_gac`) from scratch where C revisits the lines that
changed (same fixpoint, same solutions; the order may differ).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from ..budget import Budget, ensure
from .scans import line_filter  # Régin's filter of one line (typed, compiled when built)
from .tables import Propagator, Table, Tables

_native: ModuleType | None
try:  # the compiled core (setup.py builds it when a C compiler is there)
    from . import _latin as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

ENGINE_ENV = "NUMBERPLAY_LATIN_ENGINE"  # "c" or "python"; unset: C when built

RESTART_BASE = 10     # run i is cut after RESTART_BASE * n * luby(i) failures (as in C)
NOISE = 0.05          # random spread of the cell weights, drawn afresh each run (as in C)
_MASK64 = (1 << 64) - 1
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
                propagator: Propagator | None = None,
                restart_base: float = RESTART_BASE) -> Iterator[list[int]]:
    """Every solution (flat list of 0-based values), in a deterministic order.

    masks: the initial domains (bit v for value v+1), cell r*n+c.
    tables: a kind's own constraints as table constraints (see `tables.Table`),
    kept arc consistent by both engines.
    propagator: a kind's own filter, for the pure-Python engine only (see
    `tables.Propagator`); with one, the engine is "python".
    engine: "c" (the compiled core, the default when it is built) or "python"
    (this module's search, the reference); both find the same solutions,
    each once, in the same order (see the module docstring for the exceptions).

    use_gac: Régin's filter at the root; node_gac: at every node as well.
    restarts: until the first solution turns up, restart the search after
    restart_base * n * luby(i) failures in run i, keeping the dom/wdeg weights
    learnt so far and breaking ties at random (seeded); the run that finds a
    solution goes on to the end, so every solution is still found exactly
    once."""
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
        yield from _solve_native(n, masks, limit, budget, restarts, use_gac, node_gac, tables,
                                 restart_base)
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
    yield from _Search(n, (D, R, C), alive, tabs, budget, restarts, node_gac,
                       restart_base).run(limit)


def root_masks(n: int, masks: list[int], tables: Sequence[Table] = (), use_gac: bool = False,
               engine: str | None = None) -> list[int] | None:
    """The masks after the search's propagation at the root, before any branch:
    every single of cells and of rows' and columns' values, Régin's filter
    with `use_gac`, and every table kept arc consistent, to a common fixpoint
    (the same in both engines: each rule only removes, so the fixpoint is one);
    None when a domain empties."""
    for t in tables:
        t.check(n)
    if _engine(engine) == "c" and n <= 64:
        assert _native is not None
        return _native.Search(n, masks, False, None, use_gac, False,
                              tables=[(t.cells, t.packed()) for t in tables]).root
    built = build_state(n, masks)
    if built is None:
        return None
    (D, R, C), queue = built
    if not propagate(n, D, R, C, queue) or (use_gac and not gac(n, D, R, C)):
        return None
    if tables:
        tabs = Tables(n, tables, None)
        if tabs.settle(None, D, R, C, tabs.initial, None, propagate, remove) is None:
            return None
    return list(D)


def _solve_native(n: int, masks: list[int], limit: int | None, budget: Budget,
                  restarts: bool, use_gac: bool, node_gac: bool,
                  tables: Sequence[Table] = (), restart_base: float = RESTART_BASE
                  ) -> Iterator[list[int]]:
    """The search in the compiled core (its restarts differ: see the module docstring)."""
    assert _native is not None  # solve() picks the "c" engine only when it is built
    found = 0
    packed = [(t.cells, t.packed()) for t in tables]
    for solution in _native.Search(n, masks, restarts, budget.tick, use_gac, node_gac,
                                   tables=packed, restart_base=restart_base):
        yield solution
        found += 1
        if limit is not None and found >= limit:
            return


def luby(i: int) -> int:
    """Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def _splitmix(state: int) -> tuple[int, int]:
    """splitmix64: (new state, output), as the C core draws its noise."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


class _Frame:
    """A branching node: its state, the open-cell count, the cell and its values."""

    __slots__ = ("state", "alive", "nopen", "cell", "vals", "next")

    def __init__(self, state: State, alive: list[list[tuple[int, ...]]] | None, nopen: int,
                 cell: int, vals: list[int]) -> None:
        self.state, self.alive, self.nopen = state, alive, nopen
        self.cell, self.vals, self.next = cell, vals, 0


class _Search:
    """The C core's search step for step (same cells, values, restarts, noise and
    node counts, so the same solutions in the same order), copying states
    instead of undoing a trail."""

    def __init__(self, n: int, root: State, alive: list[list[tuple[int, ...]]] | None,
                 tabs: Tables | None, budget: Budget, restarts: bool, node_gac: bool,
                 restart_base: float = RESTART_BASE) -> None:
        self.n, self.root, self.root_alive, self.tabs = n, root, alive, tabs
        self.budget, self.restarts, self.node_gac = budget, restarts, node_gac
        self.W = [1] * (2 * n)
        self.rng = 12345
        self.runs = 0
        self.base = restart_base if restart_base > 0 else RESTART_BASE
        self.cutoff = int(self.base * n) if restarts else -1
        self.open: list[int] = []
        self.noise: list[float] = []
        self.fails = 0
        self.frames: list[_Frame] = []
        self.row = [k // n for k in range(n * n)]
        self.col = [n + k % n for k in range(n * n)]

    def _new_run(self) -> None:
        """Back to the root: every cell open, fresh noise on the cell weights."""
        nn = self.n * self.n
        self.frames = []
        self.open = list(range(nn))
        if self.restarts:
            noise = []
            rng = self.rng
            for _ in range(nn):
                rng, z = _splitmix(rng)
                noise.append(1.0 + NOISE * float(z >> 11) * (1.0 / 9007199254740992.0))
            self.rng = rng
            self.noise = noise
        else:
            self.noise = [1.0] * nn
        self.fails = 0
        self.runs += 1

    def _descend(self, state: State, alive: list[list[tuple[int, ...]]] | None,
                 nopen: int) -> bool:
        """Push the frame of the dom/wdeg cell of `state`; True if every cell is fixed."""
        D, R, C = state
        W, noise, open_, row, col = self.W, self.noise, self.open, self.row, self.col
        bw, bc, pick, i = -1.0, 1, -1, 0
        while i < nopen:
            k = open_[i]
            d = D[k]
            if not d & (d - 1):
                nopen -= 1
                open_[i] = open_[nopen]
                open_[nopen] = k
                continue
            cnt = d.bit_count()
            w = (W[row[k]] + W[col[k]]) * noise[k]
            if w * bc > bw * cnt:
                bw, bc, pick = w, cnt, k
            i += 1
        if pick < 0:
            return True
        n = self.n
        r, c = divmod(pick, n)
        vals = list(_bits(D[pick]))
        # the most constrained value first: the product of its row-value and column-value sizes
        vals.sort(key=lambda v: R[r * n + v].bit_count() * C[c * n + v].bit_count())
        self.frames.append(_Frame(state, alive, nopen, pick, vals))
        return False

    def _solution(self, state: State) -> list[int]:
        """The fixed grid, cut from the restarts from now on."""
        self.cutoff = -1
        return [d.bit_length() - 1 for d in state[0]]

    def _next_cutoff(self) -> int:
        """The failure cutoff of the next run: base * n * luby(run number)."""
        return max(1, int(self.base * self.n * float(luby(self.runs + 1))))

    def run(self, limit: int | None) -> Iterator[list[int]]:
        """The solutions, up to `limit`."""
        n, budget, tabs, W = self.n, self.budget, self.tabs, self.W
        found = 0
        self._new_run()
        if self._descend(self.root, self.root_alive, n * n):
            yield self._solution(self.root)
            return
        frames = self.frames
        while frames:
            f = frames[-1]
            if f.next >= len(f.vals):
                frames.pop()
                continue
            v = f.vals[f.next]
            f.next += 1
            budget.tick()
            if 0 <= self.cutoff < self.fails:
                self.cutoff = self._next_cutoff()
                self._new_run()
                frames = self.frames
                if self._descend(self.root, self.root_alive, n * n):
                    yield self._solution(self.root)
                    return
                continue
            parent = f.state[0]
            D, R, C = parent[:], f.state[1][:], f.state[2][:]
            alive = f.alive
            ok = propagate(n, D, R, C, [(f.cell // n, f.cell % n, v)], W)
            if ok and self.node_gac:
                ok = gac(n, D, R, C)
            if ok and tabs is not None:
                assert alive is not None
                alive = tabs.settle(parent, D, R, C, alive, W, propagate, remove)
                ok = alive is not None
            if not ok:
                self.fails += 1
                continue
            if self._descend((D, R, C), alive, f.nopen):
                yield self._solution((D, R, C))
                found += 1
                if limit is not None and found >= limit:
                    return
