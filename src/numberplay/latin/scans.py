# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Latin ladder's hot scans, typed for Cython (pure-Python mode).

The deduction kernel asks the cheapest rungs and the contradiction check at
every step of every trial it follows; each scans the n*n candidate masks. This
file is their one source: setup.py compiles it with Cython (latin/native.toml,
`[[cython]]`), where the annotated locals become C integers and the `[0] * 64`
lists C arrays on the stack; without a compiler the same file runs as Python.
`techniques.py` turns what they find into moves and sentences:

  naked_single(n, masks)  -> (cell, value, (peer, ...)) | None
      the first placed cell (reading order) whose value a peer still lists;
      the peers holding it, row peers then column peers, in order
  hidden_single(n, masks) -> (cell, value, line) | None
      the first line (rows 0..n-1, then columns) with a value in one cell only
      that still lists others; line = index in that order
  contradiction(n, masks) -> None | (0, cell, 0) | (1, line, value)
      the first cell with no candidate, else the first line with no place left
      for a value (the lowest such value)
  line_filter(doms, n)    -> [dom, ...] | None
      all-different arc consistency on n cells taking n values (Régin's
      filter): each cell keeps the values some perfect matching gives it; None
      when there is none (a matching, then the cells' mutual reachability
      through it by bit-matrix closure)

Values are 0-based bits of the masks; orders 1..64 (MAX_ORDER, every kind's
limit). The scratch arrays are 64 long whatever the order: compiled, a copy of
a constant; as Python, a short list.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    class cython:  # type: ignore[no-redef]  # noqa: N801 - the one name the code reads
        """What this file reads of Cython when it is not installed."""

        compiled = False

COMPILED: bool = cython.compiled

MAX_ORDER = 64

def naked_single(n: cython.int, m: list) -> tuple[int, int, tuple[int, ...]] | None:
    """A placed value still listed among its row or column peers: the first such
    cell in reading order, its value, the peers that list it.

    One pass over the masks says which values each row and column has open or
    placed twice (a placed cell with one of those has something to weed), so
    only the chosen cell looks at its peers."""
    if n < 1 or n > 64:
        raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
    col_bad: cython.ulonglong[64] = [0] * 64      # open in the column, or placed twice
    col_once: cython.ulonglong[64] = [0] * 64
    row_bad: cython.ulonglong[64] = [0] * 64      # open in the row, or placed twice
    row_placed: cython.ulonglong[64] = [0] * 64
    r: cython.int
    c: cython.int
    j: cython.int
    base: cython.int
    v: cython.int
    d: cython.ulonglong
    e: cython.ulonglong
    multi: cython.ulonglong
    once: cython.ulonglong
    twice: cython.ulonglong
    rb: cython.ulonglong
    any_col_bad: cython.ulonglong = 0
    for r in range(n):
        base = r * n
        multi = 0
        once = 0
        twice = 0
        for c in range(n):      # no branch on the masks: they are what the CPU cannot guess
            d = m[base + c]
            e = d & (0 - ((d & (d - 1)) == 0))     # d if placed, else 0
            d ^= e                                  # d if open, else 0
            multi |= d
            twice |= once & e
            once |= e
            col_bad[c] |= d | (col_once[c] & e)
            col_once[c] |= e
        row_bad[r] = multi | twice
        row_placed[r] = once
    for c in range(n):
        any_col_bad |= col_bad[c]
    for r in range(n):
        rb = row_bad[r]
        if not row_placed[r] & (rb | any_col_bad):
            continue
        base = r * n
        for c in range(n):
            d = m[base + c]
            if d != 0 and not d & (d - 1) and d & (rb | col_bad[c]):
                hits = []
                for j in range(n):
                    e = m[base + j]
                    if j != c and e & d:
                        hits.append(base + j)
                for j in range(n):
                    e = m[j * n + c]
                    if j != r and e & d:
                        hits.append(j * n + c)
                if hits:
                    v = 0
                    while not d >> v & 1:
                        v += 1
                    return (base + c, v, tuple(hits))
    return None


def hidden_single(n: cython.int, m: list) -> tuple[int, int, int] | None:
    """A value with one possible cell left in a row or column that still lists
    others: (that cell, the value, the line: rows 0..n-1, then columns)."""
    if n < 1 or n > 64:
        raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
    line: cython.int
    base: cython.int
    step: cython.int
    k: cython.int
    i: cython.int
    v: cython.int
    d: cython.ulonglong
    hit: cython.ulonglong
    once: cython.ulonglong
    twice: cython.ulonglong
    single: cython.ulonglong
    for line in range(2 * n):
        if line < n:
            base = line * n
            step = 1
        else:
            base = line - n
            step = n
        once = 0
        twice = 0
        for k in range(n):
            d = m[base + k * step]
            twice |= once & d
            once |= d
        single = once & ~twice
        if not single:
            continue
        for k in range(n):
            i = base + k * step
            d = m[i]
            hit = d & single
            if hit and d != hit:
                v = 0
                while not hit >> v & 1:
                    v += 1
                return (i, v, line)
    return None


def contradiction(n: cython.int, m: list) -> tuple[int, int, int] | None:
    """None while every cell has a candidate and every line a place for every
    value; else (0, the first empty cell, 0) or (1, the first line short of a
    value, the lowest value it lacks)."""
    if n < 1 or n > 64:
        raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
    col_union: cython.ulonglong[64] = [0] * 64
    row_union: cython.ulonglong[64] = [0] * 64
    r: cython.int
    c: cython.int
    base: cython.int
    v: cython.int
    d: cython.ulonglong
    u: cython.ulonglong
    full: cython.ulonglong = 0xFFFFFFFFFFFFFFFF
    full >>= 64 - n
    for r in range(n):          # one pass: the first empty cell, else the lines' unions
        base = r * n
        u = 0
        for c in range(n):
            d = m[base + c]
            if d == 0:
                return (0, base + c, 0)
            u |= d
            col_union[c] |= d
        row_union[r] = u
    for r in range(2 * n):      # the rows, then the columns
        u = row_union[r] if r < n else col_union[r - n]
        if u != full:
            u = full & ~u
            v = 0
            while not u >> v & 1:
                v += 1
            return (1, r, v)
    return None


def line_filter(doms: list, n: cython.int) -> list[int] | None:
    """All-different arc consistency (Régin) on one line of n cells over n
    values: the pruned candidates, or None when no perfect matching exists."""
    if n < 1 or n > 64:
        raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
    dom: cython.ulonglong[64] = [0] * 64
    out: cython.ulonglong[64] = [0] * 64
    i: cython.int
    for i in range(n):
        dom[i] = doms[i]
    if not regin(n, dom, out):
        return None
    return [out[i] for i in range(n)]


def regin(n: cython.int, dom: cython.p_ulonglong, out: cython.p_ulonglong) -> cython.int:
    """`line_filter` on arrays (compiled: C pointers, `scans.pxd`; the Latin
    search calls it, and other compiled modules through the capsule
    `LINE_FILTER_CAPSULE`): out[i] = dom[i] & the values some perfect matching
    gives cell i, for i < n; 1, or 0 when there is no perfect matching."""
    bits: cython.ulonglong[64] = [0] * 64      # the matching's values left per depth, then reach
    path_cell: cython.uchar[64] = [0] * 64     # the augmenting path's cells, then cell -> value
    path_val: cython.uchar[64] = [0] * 64
    match_val: cython.uchar[64] = [64] * 64    # value -> its cell in the matching, 64: none
    i: cython.int
    j: cython.int
    k: cython.int
    u: cython.int
    depth: cython.int
    d: cython.ulonglong
    b: cython.ulonglong
    a: cython.ulonglong
    seen: cython.ulonglong
    o: cython.ulonglong
    one: cython.ulonglong = 1
    word: cython.ulonglong = 0xFFFFFFFFFFFFFFFF
    debruijn: cython.ulonglong = 0x03F79D71B4CB0A89
    # low[(b * debruijn mod 2**64) >> 58]: the index of a lone bit b (a de Bruijn sequence)
    low: cython.uchar[64] = [
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43,
        22, 45, 39, 33, 30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44,
        32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6]
    for i in range(n):          # Kuhn's augmenting paths, depth first, lowest value first
        seen = 0
        depth = 0
        path_cell[0] = i
        bits[0] = dom[i]
        while depth >= 0:
            d = bits[depth] & ~seen
            if not d:
                depth -= 1
                continue
            b = d & (0 - d)
            u = low[((b * debruijn) & word) >> 58]
            bits[depth] = d ^ b
            seen |= b
            path_val[depth] = u
            if match_val[u] == 64:
                break
            depth += 1
            path_cell[depth] = match_val[u]
            bits[depth] = dom[match_val[u]]
        if depth < 0:
            return 0
        for k in range(depth + 1):
            match_val[path_val[k]] = path_cell[k]
    for u in range(n):
        path_cell[match_val[u]] = u             # now: cell -> its value
    for i in range(n):          # cell i reaches cell j when i may take j's matched value
        a = one << i
        d = dom[i]
        while d:
            b = d & (0 - d)
            d ^= b
            a |= one << match_val[low[((b * debruijn) & word) >> 58]]
        bits[i] = a
    for k in range(n):          # the closure (Warshall, a row of bits at a time)
        b = bits[k]
        a = one << k
        for i in range(n):
            if bits[i] & a:
                bits[i] |= b
    for i in range(n):          # i keeps the values of its strongly connected cells: those
        a = bits[i]             # that reach what it reaches (itself among them)
        o = 0
        for j in range(n):
            if bits[j] == a:
                o |= one << path_cell[j]
        out[i] = dom[i] & o
    return 1


def weed_singles(n: cython.int, m: list) -> cython.int:
    """The naked singles' sweep: every placed value weeded from the open cells of
    its row and column, in place. 1 if anything went, 0 if nothing, -1 for a
    contradiction met (an empty cell, a value placed twice in a line, a cell
    left empty by the weeding). One pass says what each line has placed and open;
    the cells are visited again only when some line has something to weed, and
    the singles the weeding makes are weeded in turn (the naked singles' fixpoint)."""
    if n < 1 or n > 64:
        raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
    row_placed: cython.ulonglong[64] = [0] * 64
    col_placed: cython.ulonglong[64] = [0] * 64
    col_open: cython.ulonglong[64] = [0] * 64
    r: cython.int
    c: cython.int
    i: cython.int
    j: cython.int
    k: cython.int
    base: cython.int
    changed: cython.int = 0
    d: cython.ulonglong
    p: cython.ulonglong
    row_open: cython.ulonglong
    weed: cython.ulonglong = 0
    for r in range(n):
        base = r * n
        row_open = 0
        p = 0
        for c in range(n):
            d = m[base + c]
            if d & (d - 1):
                row_open |= d
                col_open[c] |= d
            else:
                if d == 0 or d & (p | col_placed[c]):
                    return -1
                p |= d
                col_placed[c] |= d
        row_placed[r] = p
        weed |= row_open & p
    if not weed:
        for c in range(n):
            weed |= col_open[c] & col_placed[c]
        if not weed:
            return 0
    queue = []
    for r in range(n):
        base = r * n
        for c in range(n):
            d = m[base + c]
            p = row_placed[r] | col_placed[c]
            if d & (d - 1) and d & p:
                d &= ~p
                if d == 0:
                    return -1
                m[base + c] = d
                changed = 1
                if not d & (d - 1):
                    queue.append(base + c)
    while queue:                # the singles the weeding made, weeded in turn
        i = queue.pop()
        d = m[i]
        r = i // n
        c = i - r * n
        base = r * n
        for k in range(2 * n):  # its row, then its column
            j = base + k if k < n else (k - n) * n + c
            if j != i and m[j] & d:
                p = m[j]
                if p == d:
                    return -1
                p &= ~d
                m[j] = p
                if not p & (p - 1):
                    queue.append(j)
    return changed


def place_hidden(n: cython.int, m: list) -> cython.int:
    """The hidden singles' sweep: every value with one place left in a row or
    column put there, in place. 1 if anything changed, 0 if nothing, -1 for a
    contradiction met (a line without a place for a value, a cell that is the
    only place of two values of one line and holds more). One pass counts each
    value's places in every row and column; the lines with a single are then
    visited in turn (rows, then columns) on the masks as they are by then."""
    if n < 1 or n > 64:
        raise ValueError(f"order {n} is outside 1..{MAX_ORDER}")
    col_once: cython.ulonglong[64] = [0] * 64
    col_twice: cython.ulonglong[64] = [0] * 64
    singles: cython.ulonglong[128] = [0] * 128
    line: cython.int
    base: cython.int
    step: cython.int
    r: cython.int
    c: cython.int
    k: cython.int
    i: cython.int
    changed: cython.int = 0
    d: cython.ulonglong
    hit: cython.ulonglong
    once: cython.ulonglong
    twice: cython.ulonglong
    single: cython.ulonglong
    found: cython.ulonglong = 0
    full: cython.ulonglong = 0xFFFFFFFFFFFFFFFF
    full >>= 64 - n
    for r in range(n):
        base = r * n
        once = 0
        twice = 0
        for c in range(n):
            d = m[base + c]
            twice |= once & d
            once |= d
            col_twice[c] |= col_once[c] & d
            col_once[c] |= d
        if once != full:
            return -1
        singles[r] = once & ~twice
        found |= singles[r]
    for c in range(n):
        if col_once[c] != full:
            return -1
        singles[n + c] = col_once[c] & ~col_twice[c]
        found |= singles[n + c]
    if not found:
        return 0
    for line in range(2 * n):
        single = singles[line]
        if not single:
            continue
        if line < n:
            base = line * n
            step = 1
        else:
            base = line - n
            step = n
        for k in range(n):
            i = base + k * step
            d = m[i]
            hit = d & single
            if hit and d != hit:
                if hit & (hit - 1):
                    return -1
                m[i] = hit
                changed = 1
    return changed


# Régin's filter for other compiled modules (a kind's generator imports it with
# PyCapsule_Import): `int regin(int n, const unsigned long long *dom,
# unsigned long long *out)`. Run as Python there is no capsule; its users then
# leave the work to Python.
LINE_FILTER = None
if cython.compiled:     # a constant: Cython keeps one branch
    LINE_FILTER = PyCapsule_New(  # type: ignore[name-defined]  # noqa: F821 - scans.pxd
        cython.cast(cython.p_void, regin), b"numberplay.latin.scans.LINE_FILTER", cython.NULL)
