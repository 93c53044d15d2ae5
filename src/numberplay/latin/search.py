# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact Latin-square search: bit-mask domains in three views plus all-different GAC.

One array V of 3*n*n 64-bit masks (then one entry per table, below):
  V[r*n+c]          values still possible in cell (r, c)        (bit v: value v+1)
  V[nn + r*n+v]     columns where value v can still go in row r  (bit c)
  V[2nn + c*n+v]    rows where value v can still go in column c  (bit r)
Propagation keeps the views in step and places every single of every view
(a cell with one value left, a value with one place left in a row or column);
every change goes on a trail, and backtracking undoes the trail. At the root
(and, on request, at every node: `node_gac`, or down to `gac_depth`) Régin's
filter (`scans.regin`, the one the ladder runs) makes each row and each column
all-different arc consistent; at a node only the lines whose cells changed are
filtered again. Branching is dom/wdeg on the cells: the open cell with the
largest failure weight / size, where the weight of a cell is the wipe-outs its
row and its column caused so far, times a random factor drawn once per run
(splitmix64 from one seed, spread NOISE); values in increasing order of
|row-value view| * |column-value view|. (Branching over the row-value and
column-value views as well makes smaller trees, but scoring 3n^2 domains per
node costs more than it saves: on 150 order-30 completions, 21.7 s for cells
only against 30.3 s for all three.)

Restarts until the first solution: run i is cut after restart_base * n *
luby(i) failures (Luby's sequence 1 1 2 1 1 2 4 ...), keeping the weights;
the run that finds a solution runs to the end, so every solution comes
exactly once, in a deterministic order. Puzzle ids rely on that order. Luby's
cutoffs against the former x1.5 growth (base 20 n), on 30 order-40 instances
with 38% holes, 3 random streams each: 9.5 M nodes in all, worst 0.8 M,
against 22.5 M, worst 5.2 M. Nothing is learnt from a failure but the dom/wdeg
weights: nogoods recorded at restarts (Lecoutre's reduced nld-nogoods) were
tried and almost never fired, and singleton probing at the root removed nearly
nothing (docs/latin.md says what was measured).

A kind's own constraints come as tables (see tables.py): groups of cells with
the value tuples each may take. After the Latin propagation (and Régin's
filter where it runs) every group one of whose cells changed is filtered by
simple tabular reduction: its live tuples are the first `size` entries of a
permutation, `size` kept in V after the three views (so the trail restores
it), a tuple a domain no longer allows is swapped out, and a value no live
tuple uses leaves its cell; to a common fixpoint. A group left with no tuple
is a wipe-out, counted against its cells' rows and columns for dom/wdeg. A
kind's `Propagator` (a Python function of the cell masks) runs after the
tables, until it removes nothing.

This file is the search's one source: setup.py compiles it with Cython
(latin/native.toml, `[[cython]]`; `search.pxd` makes `Search` a C class, its
arrays typed buffers and its helpers C methods); without a compiler the same
file runs as Python (NUMBERPLAY_PURE), the same tree node for node.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Any

try:
    import cython
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    from types import SimpleNamespace
    cython = SimpleNamespace(compiled=False)  # type: ignore[assignment]

from ..budget import Budget, ensure
from . import scans  # Régin's filter of one line: scans.regin (compiled: search.pxd's C call)
from .tables import Propagator, Table

COMPILED: bool = cython.compiled
RESTART_BASE = 10.0   # run i is cut after RESTART_BASE * n * luby(i) failures
NOISE = 0.05          # spread of the random factor on the cell weights (0.5 before: on
                      # 3 tail cells of 7 instances, 0.05 took 0.55-0.75 of the time)
TICK_STRIDE = 256     # nodes between two calls of `tick`
MAX_ORDER = 64


def _low(x: cython.ulonglong) -> cython.int:
    """The index of the lowest set bit of x > 0 (compiled: the CPU's, `search.pxd`)."""
    if cython.compiled:     # a constant: Cython keeps one branch
        return __builtin_ctzll(x)  # type: ignore[name-defined]  # noqa: F821 - C
    return (x & -x).bit_length() - 1


def _popc(x: cython.ulonglong) -> cython.int:
    """How many bits are set (compiled: the CPU's popcount, `search.pxd`)."""
    if cython.compiled:
        return __builtin_popcountll(x)  # type: ignore[name-defined]  # noqa: F821 - C
    return x.bit_count()


if not cython.compiled:    # run as Python: the helpers without the test above, popcount built in
    globals().update(_popc=int.bit_count, _low=lambda x: (x & -x).bit_length() - 1)


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


def _ints(size: int, code: str = "i", fill: Any = 0) -> Any:
    """`size` entries, each `fill`: compiled, a typed buffer (array `code`, the C
    class's typed memoryviews read it); run as Python, a list (reads no new int)."""
    if cython.compiled:
        return array(code, [fill]) * max(size, 1)
    return [fill] * max(size, 1)


def _buf(code: str, values: Any) -> Any:
    """`values` as `_ints` keeps them: compiled an array `code`, as Python a list."""
    if cython.compiled:
        return array(code, values)
    return list(values)


class Search:
    """Search(n, masks, restarts=True, tick=None, use_gac=True, node_gac=False,
    gac_depth=0, restart_base=10.0, tables=None, propagator=None): an iterator
    over the solutions (lists of 0-based values, row by row).

    masks: the n*n initial cell domains (bit v for value v+1); tables: a
    sequence of `Table`s or of (cells, values) pairs, values a bytes object
    holding the allowed tuples one after another; tick(k) is called with the
    number of nodes done, every TICK_STRIDE nodes and whenever the iterator
    returns, and may raise (the budget) to stop it. Attributes: nodes (of the
    current run), all_nodes, runs, root (the masks after the root propagation,
    before the first solution is asked for; None when it wiped out)."""

    def __init__(self, n: int, masks: Sequence[int], restarts: bool = True, tick: Any = None,
                 use_gac: bool = True, node_gac: bool = False, gac_depth: int = 0,
                 restart_base: float = RESTART_BASE, tables: Sequence[Any] | None = None,
                 propagator: Propagator | None = None) -> None:
        if n < 1 or n > MAX_ORDER:
            raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
        nn = n * n
        if len(masks) != nn:
            raise ValueError("masks must have n*n entries")
        self.n = n
        self.nn = nn
        self.restarts = 1 if restarts else 0
        self.gac_depth = gac_depth
        self.restart_base = restart_base if restart_base > 0 else RESTART_BASE
        self.tick = tick
        self.propagator = propagator
        self.nodes = 0
        self.all_nodes = 0
        self.runs = 0
        self.fails = 0
        self.pending = 0
        self.depth = 0
        ntuples = self._parse_tables(tables or ())
        trail_cap = 3 * nn * n + 16 + ntuples     # every entry shrinks a mask or a table
        self.V = _ints(3 * nn + self.ng, "Q")
        self.trail_idx = _ints(trail_cap)
        self.trail_old = _ints(trail_cap, "Q")
        self.trail_len = 0
        self.queue = _ints(3 * (3 * nn + 4))
        self.open = _ints(nn)
        self.nopen = nn
        self.f_mark = _ints(nn + 1)
        self.f_nopen = _ints(nn + 1)
        self.f_cell = _ints(nn + 1)
        self.f_nv = _ints(nn + 1)
        self.f_next = _ints(nn + 1)
        self.f_vals = _ints(64 * (nn + 1), "B")
        self.W = _ints(2 * n, "q", 1)
        self.noise = _ints(nn, "d")
        self.wa = _buf("i", [k // n for k in range(nn)])        # a cell's row
        self.wb = _buf("i", [n + k % n for k in range(nn)])     # n + its column
        self.rng = 12345
        self.cutoff = int(self.restart_base * n) if restarts else -1
        self.state = 0
        full = (1 << n) - 1
        V = self.V
        ok = 1
        r: cython.int
        c: cython.int
        i: cython.int
        k: cython.int
        v: cython.int
        qn: cython.int = 0
        d: cython.ulonglong
        m: cython.ulonglong
        x: cython.ulonglong
        one: cython.ulonglong = 1
        for i in range(nn):
            d = masks[i] & full
            V[i] = d
            if not d:
                ok = 0
            r = i // n
            c = i - r * n
            m = d
            while m:
                v = _low(m)
                m &= m - 1
                V[nn + r * n + v] |= one << c
                V[2 * nn + c * n + v] |= one << r
        if ok:     # the singles of all three views, then propagate at the root
            q = self.queue
            for k in range(3 * nn):
                x = V[k]
                if not x:
                    ok = 0
                    break
                if x & (x - 1):
                    continue
                i = k % nn
                r = i // n
                c = i % n
                v = _low(x)
                if k < nn:
                    q[qn] = r
                    q[qn + 1] = c
                    q[qn + 2] = v
                elif k < 2 * nn:
                    q[qn] = r
                    q[qn + 1] = v
                    q[qn + 2] = c
                else:
                    q[qn] = v
                    q[qn + 1] = r
                    q[qn + 2] = c
                qn += 3
            if ok:
                ok = self._propagate(qn)
            if ok and use_gac:
                ok = self._gac()
            for k in range(self.ng):
                V[3 * nn + k] = self.g_ntup[k]
            if ok and (self.ng or self.propagator is not None):
                ok = self._tables_from(self.trail_len, 1)
        self.node_gac = 1 if node_gac else 0
        if not ok:
            self.state = 3
        self.trail_len = 0      # the root state is the base: never undone
        self.root_ok = ok

    def _parse_tables(self, tables: Sequence[Any]) -> int:
        """Read the tables (`Table`s or (cells, bytes) pairs) into the group arrays;
        the number of tuples in all."""
        n = self.n
        nn = self.nn
        groups = []
        for t in tables:
            if isinstance(t, Table):
                cells, data = t.cells, t.packed()
            else:
                cells, data = t
            a = len(cells)
            if a < 1 or a > nn or len(data) % a:
                raise ValueError("a table needs 1..n*n cells and whole tuples")
            if data and max(data) >= n:
                raise ValueError("a table value is not below n")
            if any(not 0 <= c < nn for c in cells):
                raise ValueError("a table's cell is outside the grid")
            groups.append((cells, bytes(data)))
        ng = len(groups)
        self.ng = ng
        coff, ntup, toff, voff = [0], [], [0], [0]   # running totals (no [-1]: wraparound is off)
        cells_all: list[int] = []
        widest = 1
        ncells = ntotal = nvals = 0
        for cells, data in groups:
            a = len(cells)
            cells_all += cells
            ncells += a
            ntotal += len(data) // a
            nvals += len(data)
            coff.append(ncells)
            ntup.append(len(data) // a)
            toff.append(ntotal)
            voff.append(nvals)
            widest = max(widest, a)
        self.g_coff = _buf("i", coff)
        self.g_cells = _buf("i", cells_all or [0])
        self.g_ntup = _buf("i", ntup or [0])
        self.g_toff = _buf("i", toff)
        self.g_voff = _buf("q", voff)
        self.g_vals = _buf("B", b"".join(data for _, data in groups) or b"\0")
        self.g_perm = _buf("i", [t for k in ntup for t in range(k)] or [0])
        by_cell: list[list[int]] = [[] for _ in range(nn)]
        for g, (cells, _) in enumerate(groups):
            for c in cells:
                by_cell[c].append(g)
        off = [0]
        for gs in by_cell:
            ncells = len(off) and off[len(off) - 1]
            off.append(ncells + len(gs))
        self.cg_off = _buf("i", off)
        self.cg_list = _buf("i", [g for gs in by_cell for g in gs] or [0])
        self.dq = _ints(ng + 1)
        self.indq = _ints(ng + 1, "B")
        self.supp = _ints(widest, "Q")
        return ntotal

    # -- the trail and the propagation ------------------------------------------

    def _undo_to(self, mark: cython.int) -> None:
        """Undo the changes after trail position `mark`."""
        V = self.V
        idx = self.trail_idx
        old = self.trail_old
        t: cython.int = self.trail_len
        while t > mark:
            t -= 1
            V[idx[t]] = old[t]
        self.trail_len = mark

    def _propagate(self, qn: cython.int) -> cython.int:
        """Place the qn/3 queued (row, col, value) triples and every single they
        create; 0 on a wipe-out (the weight of the failing row W[r] and/or column
        W[n + c] goes up, for dom/wdeg)."""
        n: cython.int = self.n
        nn: cython.int = self.nn
        V = self.V
        W = self.W
        q = self.queue
        idx = self.trail_idx
        old = self.trail_old
        tl: cython.int = self.trail_len
        r: cython.int
        c: cython.int
        v: cython.int
        u: cython.int
        i: cython.int
        j: cython.int
        k: cython.int
        cc: cython.int
        rr: cython.int
        one: cython.ulonglong = 1
        bit: cython.ulonglong
        d: cython.ulonglong
        rbit: cython.ulonglong
        cbit: cython.ulonglong
        m: cython.ulonglong
        x: cython.ulonglong
        dj: cython.ulonglong
        while qn:
            v = q[qn - 1]
            c = q[qn - 2]
            r = q[qn - 3]
            qn -= 3
            i = r * n + c
            bit = one << v
            d = V[i]
            if not d & bit:
                W[r] += 1
                W[n + c] += 1
                self.trail_len = tl
                return 0
            rbit = one << r
            cbit = one << c
            # 1. the cell's other values leave their (row, value) and (column, value) views
            m = d ^ bit
            if m:
                idx[tl] = i
                old[tl] = d
                tl += 1
                V[i] = bit
                while m:
                    u = _low(m)
                    m &= m - 1
                    k = nn + r * n + u
                    x = V[k]
                    idx[tl] = k
                    old[tl] = x
                    tl += 1
                    x &= ~cbit
                    V[k] = x
                    if not x:
                        W[r] += 1
                        self.trail_len = tl
                        return 0
                    if not x & (x - 1):
                        q[qn] = r
                        q[qn + 1] = _low(x)
                        q[qn + 2] = u
                        qn += 3
                    k = 2 * nn + c * n + u
                    x = V[k]
                    idx[tl] = k
                    old[tl] = x
                    tl += 1
                    x &= ~rbit
                    V[k] = x
                    if not x:
                        W[n + c] += 1
                        self.trail_len = tl
                        return 0
                    if not x & (x - 1):
                        q[qn] = _low(x)
                        q[qn + 1] = c
                        q[qn + 2] = u
                        qn += 3
            # 2. v leaves the other cells of row r
            k = nn + r * n + v
            x = V[k]
            m = x & ~cbit
            if m:
                idx[tl] = k
                old[tl] = x
                tl += 1
                V[k] = cbit
                while m:
                    cc = _low(m)
                    m &= m - 1
                    j = r * n + cc
                    dj = V[j]
                    idx[tl] = j
                    old[tl] = dj
                    tl += 1
                    dj &= ~bit
                    V[j] = dj
                    if not dj:
                        W[r] += 1
                        W[n + cc] += 1
                        self.trail_len = tl
                        return 0
                    if not dj & (dj - 1):
                        q[qn] = r
                        q[qn + 1] = cc
                        q[qn + 2] = _low(dj)
                        qn += 3
                    k = 2 * nn + cc * n + v
                    x = V[k]
                    idx[tl] = k
                    old[tl] = x
                    tl += 1
                    x &= ~rbit
                    V[k] = x
                    if not x:
                        W[n + cc] += 1
                        self.trail_len = tl
                        return 0
                    if not x & (x - 1):
                        q[qn] = _low(x)
                        q[qn + 1] = cc
                        q[qn + 2] = v
                        qn += 3
            # 3. v leaves the other cells of column c
            k = 2 * nn + c * n + v
            x = V[k]
            m = x & ~rbit
            if m:
                idx[tl] = k
                old[tl] = x
                tl += 1
                V[k] = rbit
                while m:
                    rr = _low(m)
                    m &= m - 1
                    j = rr * n + c
                    dj = V[j]
                    idx[tl] = j
                    old[tl] = dj
                    tl += 1
                    dj &= ~bit
                    V[j] = dj
                    if not dj:
                        W[rr] += 1
                        W[n + c] += 1
                        self.trail_len = tl
                        return 0
                    if not dj & (dj - 1):
                        q[qn] = rr
                        q[qn + 1] = c
                        q[qn + 2] = _low(dj)
                        qn += 3
                    k = nn + rr * n + v
                    x = V[k]
                    idx[tl] = k
                    old[tl] = x
                    tl += 1
                    x &= ~cbit
                    V[k] = x
                    if not x:
                        W[rr] += 1
                        self.trail_len = tl
                        return 0
                    if not x & (x - 1):
                        q[qn] = rr
                        q[qn + 1] = _low(x)
                        q[qn + 2] = v
                        qn += 3
        self.trail_len = tl
        return 1

    def _remove(self, r: cython.int, c: cython.int, v: cython.int, qn: cython.int) -> cython.int:
        """Remove value v from cell (r, c) in all three views, queueing the singles
        it makes after the qn queued entries: the new queue length, -1 on a wipe-out."""
        n: cython.int = self.n
        nn: cython.int = self.nn
        V = self.V
        q = self.queue
        idx = self.trail_idx
        old = self.trail_old
        tl: cython.int = self.trail_len
        k: cython.int
        ok: cython.int = 1
        one: cython.ulonglong = 1
        d: cython.ulonglong
        x: cython.ulonglong
        k = r * n + c
        d = V[k]
        x = d & ~(one << v)
        if x != d:
            idx[tl] = k
            old[tl] = d
            tl += 1
            V[k] = x
            if not x:
                ok = 0
            elif not x & (x - 1):
                q[qn] = r
                q[qn + 1] = c
                q[qn + 2] = _low(x)
                qn += 3
        k = nn + r * n + v
        d = V[k]
        x = d & ~(one << c)
        if ok and x != d:
            idx[tl] = k
            old[tl] = d
            tl += 1
            V[k] = x
            if not x:
                ok = 0
            elif not x & (x - 1):
                q[qn] = r
                q[qn + 1] = _low(x)
                q[qn + 2] = v
                qn += 3
        k = 2 * nn + c * n + v
        d = V[k]
        x = d & ~(one << r)
        if ok and x != d:
            idx[tl] = k
            old[tl] = d
            tl += 1
            V[k] = x
            if not x:
                ok = 0
            elif not x & (x - 1):
                q[qn] = _low(x)
                q[qn + 1] = c
                q[qn + 2] = v
                qn += 3
        self.trail_len = tl
        return qn if ok else -1

    # -- Régin's filter ---------------------------------------------------------

    def _filter_line(self, side: cython.int, a: cython.int) -> cython.int:
        """Régin's filter on line a of one side (0: row a's cells, 1: column a's
        cells), its removals propagated: 1 done, 0 nothing to filter (every cell
        fixed), -1 a wipe-out."""
        n: cython.int = self.n
        V = self.V
        dom: cython.ulonglong[64] = [0] * 64
        out: cython.ulonglong[64] = [0] * 64
        b: cython.int
        r: cython.int
        c: cython.int
        qn: cython.int = 0
        fixed: cython.int = 1
        d: cython.ulonglong
        gone: cython.ulonglong
        for b in range(n):
            d = V[a * n + b] if side == 0 else V[b * n + a]
            dom[b] = d
            if d & (d - 1):
                fixed = 0
        if fixed:
            return 0
        if not scans.regin(n, dom, out):
            self.W[n + a if side else a] += 1
            return -1
        for b in range(n):
            gone = dom[b] & ~out[b]
            while gone:
                r = a if side == 0 else b
                c = b if side == 0 else a
                qn = self._remove(r, c, _low(gone), qn)
                if qn < 0:
                    return -1
                gone &= gone - 1
        if qn and not self._propagate(qn):
            return -1
        return 1

    def _gac_from(self, start: cython.int) -> cython.int:
        """Régin's filter on the lines whose cells changed since trail position
        `start` (the state there being a fixpoint), and on the lines its removals
        change in turn, to a common fixpoint; 0 on a wipe-out."""
        n: cython.int = self.n
        nn: cython.int = self.nn
        idx = self.trail_idx
        scan: cython.int = start
        k: cython.int
        side: cython.int
        a: cython.int
        got: cython.int
        one: cython.ulonglong = 1
        rows: cython.ulonglong = 0
        cols: cython.ulonglong = 0
        while True:
            while scan < self.trail_len:
                k = idx[scan]
                if k < nn:
                    rows |= one << (k // n)
                    cols |= one << (k % n)
                scan += 1
            if rows:
                side = 0
                a = _low(rows)
                rows &= rows - 1
            elif cols:
                side = 1
                a = _low(cols)
                cols &= cols - 1
            else:
                return 1
            got = self._filter_line(side, a)
            if got <= 0:
                return 1 if got == 0 else 0

    def _gac(self) -> cython.int:
        """Régin's filter on every unfinished row and column, and propagation, to a
        common fixpoint; 0 on a wipe-out."""
        n: cython.int = self.n
        side: cython.int
        a: cython.int
        before: cython.int
        changed: cython.int = 1
        while changed:
            changed = 0
            for side in range(2):
                for a in range(n):
                    before = self.trail_len
                    if self._filter_line(side, a) < 0:
                        return 0
                    if self.trail_len != before:
                        changed = 1
        return 1

    # -- the tables: simple tabular reduction (STR) ---------------------------

    def _table_fail(self, g: cython.int) -> None:
        """Count a wipe-out of group g against the rows and columns of its cells."""
        n: cython.int = self.n
        W = self.W
        k: cython.int
        cell: cython.int
        for k in range(self.g_coff[g], self.g_coff[g + 1]):
            cell = self.g_cells[k]
            W[cell // n] += 1
            W[n + cell % n] += 1

    def _table_filter(self, g: cython.int, qn: cython.int) -> cython.int:
        """Drop the tuples of group g the domains no longer allow, then the values
        no tuple left uses (queued after the qn queued entries): the new queue
        length, -1 on a wipe-out."""
        n: cython.int = self.n
        nn: cython.int = self.nn
        V = self.V
        cells = self.g_cells
        vals = self.g_vals
        perm = self.g_perm
        supp = self.supp
        c0: cython.int = self.g_coff[g]
        a: cython.int = self.g_coff[g + 1] - c0
        v0: cython.longlong = self.g_voff[g]
        p0: cython.int = self.g_toff[g]
        old: cython.int = V[3 * nn + g]
        size: cython.int = old
        i: cython.int = 0
        j: cython.int
        t: cython.int
        ok: cython.int
        cell: cython.int
        tv: cython.longlong
        one: cython.ulonglong = 1
        gone: cython.ulonglong
        dom: cython.ulonglong[64] = [0] * 64
        wide: cython.int = a > 64
        for j in range(a):
            supp[j] = 0
        if not wide:
            for j in range(a):
                dom[j] = V[cells[c0 + j]]
        while i < size:
            t = perm[p0 + i]
            tv = v0 + t * a
            ok = 1
            for j in range(a):
                if not ((dom[j] if not wide else V[cells[c0 + j]]) >> vals[tv + j]) & 1:
                    ok = 0
                    break
            if ok:
                for j in range(a):
                    supp[j] |= one << vals[tv + j]
                i += 1
            else:
                perm[p0 + i] = perm[p0 + size - 1]
                perm[p0 + size - 1] = t
                size -= 1
        if size != old:
            self.trail_idx[self.trail_len] = 3 * nn + g
            self.trail_old[self.trail_len] = old
            self.trail_len += 1
            V[3 * nn + g] = size
        if not size:
            self._table_fail(g)
            return -1
        for j in range(a):
            cell = cells[c0 + j]
            gone = V[cell] & ~supp[j]
            while gone:
                qn = self._remove(cell // n, cell % n, _low(gone), qn)
                if qn < 0:
                    self._table_fail(g)
                    return -1
                gone &= gone - 1
        return qn

    def _tables_from(self, start: cython.int, every: cython.int) -> cython.int:
        """Filter the groups whose cells changed since trail position `start`
        (every group when `every`), and those their removals touch, to a common
        fixpoint; then the propagator, until it removes nothing. 0 on a wipe-out."""
        n: cython.int = self.n
        nn: cython.int = self.nn
        idx = self.trail_idx
        dq = self.dq
        indq = self.indq
        nd: cython.int = 0
        scan: cython.int = start
        ok: cython.int = 1
        g: cython.int
        k: cython.int
        x: cython.int
        qn: cython.int
        before: cython.int
        if every:
            for g in range(self.ng):
                indq[g] = 1
                dq[nd] = g
                nd += 1
        while True:
            while scan < self.trail_len:
                k = idx[scan]
                scan += 1
                if k >= nn:
                    continue
                for x in range(self.cg_off[k], self.cg_off[k + 1]):
                    g = self.cg_list[x]
                    if not indq[g]:
                        indq[g] = 1
                        dq[nd] = g
                        nd += 1
            if not ok:
                break
            if not nd:
                if self.propagator is None:
                    break
                before = self.trail_len
                found = self.propagator([self.V[k] for k in range(nn)])
                if found is None:
                    ok = 0
                    break
                qn = 0
                for cell, v in found:
                    qn = self._remove(cell // n, cell % n, v, qn)
                    if qn < 0:
                        break
                if qn < 0 or (qn and not self._propagate(qn)):
                    ok = 0
                    break
                if self.trail_len == before:
                    break
                continue
            nd -= 1
            g = dq[nd]
            indq[g] = 0
            qn = self._table_filter(g, 0)
            if qn < 0 or (qn and not self._propagate(qn)):
                ok = 0
        while nd:
            nd -= 1
            indq[dq[nd]] = 0
        return ok

    # -- branching, restarts, the iterator --------------------------------------

    def _descend(self) -> cython.int:
        """Pick the branching cell (dom/wdeg over the open cells) and push its
        frame; 1 if every cell is fixed (a solution)."""
        n: cython.int = self.n
        nn: cython.int = self.nn
        V = self.V
        W = self.W
        noise = self.noise
        wa = self.wa
        wb = self.wb
        open_ = self.open
        nopen: cython.int = self.nopen
        bw: cython.double = -1.0
        w: cython.double
        bc: cython.int = 1
        pick: cython.int = -1
        i: cython.int = 0
        k: cython.int
        cnt: cython.int
        r: cython.int
        c: cython.int
        nv: cython.int
        a: cython.int
        kv: cython.int
        j: cython.int
        f: cython.int
        base: cython.int
        d: cython.ulonglong
        m: cython.ulonglong
        key: cython.int[64] = [0] * 64
        while i < nopen:
            k = open_[i]
            d = V[k]
            if not d & (d - 1):
                open_[i] = open_[nopen - 1]
                open_[nopen - 1] = k
                nopen -= 1
                continue
            w = (W[wa[k]] + W[wb[k]]) * noise[k]
            if bw >= 0.0 and w * bc <= bw * 2.0:    # cnt >= 2 cannot beat the pick
                i += 1
                continue
            cnt = _popc(d)
            if w * bc > bw * cnt:
                bw = w
                bc = cnt
                pick = k
            i += 1
        self.nopen = nopen
        if pick < 0:
            return 1
        f = self.depth
        self.depth = f + 1
        self.f_mark[f] = self.trail_len
        self.f_nopen[f] = nopen
        self.f_cell[f] = pick
        self.f_next[f] = 0
        vals = self.f_vals
        base = f * 64
        nv = 0
        r = pick // n
        c = pick - r * n
        m = V[pick]
        while m:    # insertion sort, stable: ties keep increasing values
            a = _low(m)
            m &= m - 1
            kv = _popc(V[nn + r * n + a]) * _popc(V[2 * nn + c * n + a])
            j = nv
            nv += 1
            while j > 0 and key[j - 1] > kv:
                key[j] = key[j - 1]
                vals[base + j] = vals[base + j - 1]
                j -= 1
            key[j] = kv
            vals[base + j] = a
        self.f_nv[f] = nv
        return 0

    def _new_run(self) -> None:
        """Back to the root: every cell open, fresh noise on the cell weights."""
        nn: cython.int = self.nn
        i: cython.int
        z: cython.ulonglong
        word: cython.ulonglong = 0xFFFFFFFFFFFFFFFF
        golden: cython.ulonglong = 0x9E3779B97F4A7C15
        mul1: cython.ulonglong = 0xBF58476D1CE4E5B9
        mul2: cython.ulonglong = 0x94D049BB133111EB
        self._undo_to(0)
        self.depth = 0
        self.nopen = nn
        open_ = self.open
        noise = self.noise
        for i in range(nn):
            open_[i] = i
        for i in range(nn):
            if self.restarts:           # splitmix64
                self.rng = (self.rng + golden) & word
                z = self.rng
                z = ((z ^ (z >> 30)) * mul1) & word
                z = ((z ^ (z >> 27)) * mul2) & word
                z = z ^ (z >> 31)
                noise[i] = 1.0 + NOISE * float(z >> 11) * (1.0 / 9007199254740992.0)
            else:
                noise[i] = 1.0
        self.nodes = 0
        self.fails = 0
        self.runs += 1

    def _flush(self) -> cython.int:
        """Report the pending nodes to `tick` (which may raise)."""
        k = self.pending
        self.pending = 0
        if k and self.tick is not None:
            self.tick(k)
        return 0

    def _found(self) -> list[int]:
        """The fixed grid, cut from the restarts from now on."""
        self.state = 2
        self.cutoff = -1
        try:
            self._flush()
        except BaseException:
            self.state = 3
            raise
        V = self.V
        return [_low(V[i]) for i in range(self.nn)]

    def __iter__(self) -> Search:
        return self

    def __next__(self) -> list[int]:
        n: cython.int = self.n
        f: cython.int
        v: cython.int
        ok: cython.int
        q = self.queue
        if self.state == 3:
            raise StopIteration
        if self.state == 0:
            self._new_run()
            self.state = 1
            if self._descend():
                return self._found()
        self.state = 1
        while True:
            if self.depth == 0:
                self.state = 3
                self._flush()
                raise StopIteration
            f = self.depth - 1
            self._undo_to(self.f_mark[f])
            self.nopen = self.f_nopen[f]
            if self.f_next[f] >= self.f_nv[f]:
                self.depth -= 1
                continue
            v = self.f_vals[f * 64 + self.f_next[f]]
            self.f_next[f] += 1
            self.nodes += 1
            self.all_nodes += 1
            self.pending += 1
            if self.pending >= TICK_STRIDE:
                try:
                    self._flush()
                except BaseException:
                    self.state = 3
                    raise
            if self.cutoff >= 0 and self.fails > self.cutoff:
                self.cutoff = max(1, int(self.restart_base * n * float(luby(self.runs + 1))))
                self._new_run()
                if self._descend():
                    return self._found()
                continue
            q[0] = self.f_cell[f] // n
            q[1] = self.f_cell[f] % n
            q[2] = v
            ok = self._propagate(3)
            if ok and (self.node_gac or self.depth <= self.gac_depth):
                ok = self._gac_from(self.f_mark[f])
            if ok and (self.ng or self.propagator is not None):
                ok = self._tables_from(self.f_mark[f], 0)
            if not ok:
                self.fails += 1
                continue
            if self._descend():
                return self._found()

    @property
    def root(self) -> list[int] | None:
        """The cell masks after the root propagation (the singles of the three
        views, Régin's filter when use_gac, the tables), or None when the root is
        a wipe-out; read before the first solution is asked for."""
        if not self.root_ok:
            return None
        V = self.V
        return [V[i] for i in range(self.nn)]


def solve_masks(n: int, masks: list[int], limit: int | None = None,
                budget: Budget | None = None, use_gac: bool = True,
                node_gac: bool = False, restarts: bool = True,
                tables: Sequence[Table] = (), propagator: Propagator | None = None,
                restart_base: float = RESTART_BASE) -> Iterator[list[int]]:
    """Every solution (flat list of 0-based values), in a deterministic order.

    masks: the initial domains (bit v for value v+1), cell r*n+c.
    tables: a kind's own constraints as table constraints (see `tables.Table`),
    kept arc consistent; propagator: a kind's own filter (see
    `tables.Propagator`), run after the tables until it removes nothing.

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
    budget.tick()
    found = 0
    for solution in Search(n, masks, restarts, budget.tick, use_gac, node_gac,
                           restart_base=restart_base, tables=tables, propagator=propagator):
        yield solution
        found += 1
        if limit is not None and found >= limit:
            return


def count_masks(n: int, masks: list[int], limit: int | None = 2,
                budget: Budget | None = None, **kw: Any) -> int:
    """How many solutions, up to `limit` (2: enough to decide uniqueness); the
    keywords are `solve_masks`'s (tables, propagator...)."""
    return sum(1 for _ in solve_masks(n, masks, limit=limit, budget=budget, **kw))


def root_masks(n: int, masks: list[int], tables: Sequence[Table] = (),
               use_gac: bool = False) -> list[int] | None:
    """The masks after the search's propagation at the root, before any branch:
    every single of cells and of rows' and columns' values, Régin's filter
    with `use_gac`, and every table kept arc consistent, to a common fixpoint;
    None when a domain empties."""
    for t in tables:
        t.check(n)
    return Search(n, masks, False, None, use_gac, False, tables=tables).root


def native_available() -> bool:
    """Whether this module runs compiled."""
    return COMPILED
