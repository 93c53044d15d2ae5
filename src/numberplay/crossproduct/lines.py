# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Full arc consistency on one line (row or column) of a CrossProduct grid,
typed for Cython (pure-Python mode).

This file is the one source of the line filter: setup.py compiles it with
Cython (crossproduct/native.toml, `[[cython]]`; `lines.pxd` gives the C
types), and without a compiler the same file runs as Python.

A digit is 2^a 3^b 5^c 7^d, so a line whose product is 2^A 3^B 5^C 7^D is four
exponent sums. The exponent vectors reachable after a prefix of the line are a
bitset over packed vectors (each coordinate has room for the target plus the
largest exponent one digit adds, so a shift never carries into the next
coordinate): adding a digit is a left shift, and the mask `valid` keeps the
vectors that stay under the target. A backward pass gives the vectors from
which the target is still reachable; a digit survives in a cell when a forward
state shifted by it meets a backward state. Decided cells are taken off the
target first, so the programme runs over the open cells only.

The bitsets are arrays of words with a zero word at each end and the range of
words that may be non-zero. Compiled, a word is a 64-bit C integer and the
arrays are C buffers; run as Python, a word is a Python integer as wide as the
whole state, so each bitset is one word and every shift is one big-integer
operation. What differs is only where the words live: the `if cython.compiled:`
branches that allocate them (Cython drops the other branch), `_words` and
`_longs`.

  revise(masks, e2, e3, e5, e7) -> tuple of masks, or None on a wipe-out
      masks: the line's domains (bit d set = digit d allowed, d in 1..9);
      e2..e7: the exponents of the line's product.
  state_bits(e2, e3, e5, e7) -> the size of the packed state of a line
      (beyond MAX_STATE_BITS a line is revised by exponent bounds instead).
"""
# ruff: noqa: F821 - calloc and free come from lines.pxd (compiled only)

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    class cython:  # type: ignore[no-redef]  # noqa: N801 - the one name the code reads
        """What this file reads of Cython when it is not installed."""

        compiled = False

COMPILED: bool = cython.compiled
MAX_STATE_BITS = 1 << 22    # beyond this a line is revised by exponent bounds
MAX_EXP = (3, 2, 1, 1)      # the largest exponent of 2, 3, 5, 7 in one digit
# The digits by their offsets in every layout (the exponent of 2 is the lowest
# coordinate, then 3, 5, 7): each mask's digits in that order, the first, the last.
BY_OFFSET = (1, 2, 4, 8, 3, 6, 9, 5, 7)
DIGITS = tuple(tuple(d for d in BY_OFFSET if m >> d & 1) for m in range(1024))
LOWEST = tuple(ds[0] if ds else 0 for ds in DIGITS)
HIGHEST = tuple(ds[len(ds) - 1] if ds else 0 for ds in DIGITS)
LAYOUT_BITS = 1 << 27       # the cached layouts' valid masks together (16 MB)

# (e2, e3, e5, e7) -> (words, bits a word, target bit, shifts, valid words, pad),
# where shifts are the words (10) then the bits (10) of each digit's offset, and
# pad the zero words on each side of a bitset
_LAYOUTS: dict[tuple[int, int, int, int], tuple] = {}
_layout_bits = [0]


def state_bits(e2: int, e3: int, e5: int, e7: int) -> int:
    """The bits of the packed state of a line with these exponents."""
    return (e2 + 4) * (e3 + 3) * (e5 + 2) * (e7 + 2)


def _words(value: int, nwords: int, pad: int) -> bytes | list[int]:
    """The bitset `value` as nwords words between `pad` zero words each side:
    compiled, the bytes of 64-bit words; uncompiled, one Python integer as wide
    as the state (and pad is 1)."""
    if cython.compiled:
        words = (value << (64 * pad)).to_bytes(8 * (nwords + 2 * pad), "little")
    else:
        words = [0, value, 0]
    return words


def _longs(values: list[int]) -> bytes | list[int]:
    """Small integers as C longs (their bytes) compiled; the list uncompiled."""
    if cython.compiled:
        packed = array("l", values).tobytes()
    else:
        packed = values
    return packed


def _layout(e2: cython.long, e3: cython.long, e5: cython.long, e7: cython.long) -> tuple:
    """The packing of a line's states for these exponents (cached)."""
    key = (e2, e3, e5, e7)
    lay = _LAYOUTS.get(key)
    if lay is not None:
        return lay
    strides = []
    size = 1
    for e, most in zip(key, MAX_EXP, strict=True):
        strides.append(size)
        size *= e + 1 + most
    if size > MAX_STATE_BITS:
        raise ValueError("line state too large")
    target = e2 * strides[0] + e3 * strides[1] + e5 * strides[2] + e7 * strides[3]
    offs = [0, 0, strides[0], strides[1], 2 * strides[0], strides[2], strides[0] + strides[1],
            strides[3], 3 * strides[0], 2 * strides[1]]      # of the digits 0..9
    valid = (1 << (key[0] + 1)) - 1   # every coordinate at most its exponent (a Python int)
    for e, s in zip(key[1:], strides[1:], strict=True):
        have = 1                        # copies of the lower coordinates, doubled
        while have <= e:
            step = min(have, e + 1 - have)
            valid |= valid << (step * s)
            have += step
    word = 64 if cython.compiled else size
    nwords = (size + word - 1) // word
    shifts = _longs([o // word for o in offs] + [o % word for o in offs])
    if _layout_bits[0] + size > LAYOUT_BITS:
        _LAYOUTS.clear()
        _layout_bits[0] = 0
    _layout_bits[0] += size
    pad = 1                         # zero words each side of a bitset
    lay = _LAYOUTS[key] = (nwords, word, target, shifts, _words(valid, nwords, pad), pad)
    return lay


def revise(masks, e2: cython.long, e3: cython.long, e5: cython.long,
           e7: cython.long) -> tuple[int, ...] | None:
    """The line's masks made arc consistent, or None on a wipe-out."""
    n: cython.Py_ssize_t = len(masks)
    k: cython.Py_ssize_t
    nopen: cython.Py_ssize_t = 0
    m: cython.ulonglong
    d: cython.int
    cell: cython.p_ulonglong      # the masks, then the kept digits; then the open cells
    if cython.compiled:
        cell = cython.cast(cython.p_ulonglong, calloc(2 * n + 1, 8))
        if not cell:
            raise MemoryError
    else:
        cell = [0] * (2 * n)
    try:
        for k in range(n):
            m = masks[k]
            m &= 0x3FE
            if not m:
                return None
            cell[k] = m
            if m & (m - 1):
                cell[n + nopen] = k
                nopen += 1
            else:
                d = DIGITS[m][0]
                if d == 2 or d == 6:
                    e2 -= 1
                elif d == 4:
                    e2 -= 2
                elif d == 8:
                    e2 -= 3
                if d == 3 or d == 6:
                    e3 -= 1
                elif d == 9:
                    e3 -= 2
                elif d == 5:
                    e5 -= 1
                elif d == 7:
                    e7 -= 1
        if e2 < 0 or e3 < 0 or e5 < 0 or e7 < 0:
            return None
        if nopen == 0:
            if e2 or e3 or e5 or e7:
                return None
        elif not _run(cell, n, nopen, _layout(e2, e3, e5, e7)):
            return None
        return tuple([cell[k] for k in range(n)])
    finally:
        if cython.compiled:
            free(cell)


def _run(cell: cython.p_ulonglong, n: cython.Py_ssize_t, nopen: cython.Py_ssize_t,
         lay: tuple) -> cython.bint:
    """The backward and forward passes over the open cells (their indices from
    cell[n]); False on a wipe-out. Writes each open cell's kept digits into `cell`."""
    W: cython.Py_ssize_t = lay[0]       # words a bitset
    B: cython.long = lay[1]             # bits a word
    target: cython.long = lay[2]
    Z: cython.Py_ssize_t = lay[5]       # zero words each side
    P: cython.Py_ssize_t = W + 2 * Z
    sh: cython.p_long                   # each digit's offset: words, then bits
    j: cython.Py_ssize_t
    # bitset j (0 <= j <= nopen + 2) is the words bits[j][Z..Z + W - 1], zero
    # words each side, the words that may be non-zero from lo[j] to hi[j] - 1:
    # back[0..nopen - 1], the target as back[nopen], then the forward states
    # and their successors
    valid: cython.p_ulonglong
    bits: cython.pointer[cython.p_ulonglong]
    lo: cython.p_longlong
    hi: cython.p_longlong
    mem: cython.p_ulonglong
    if cython.compiled:
        sh = cython.cast(cython.p_long, cython.cast(cython.p_char, lay[3]))
        valid = cython.cast(cython.p_ulonglong, cython.cast(cython.p_char, lay[4]))
        mem = cython.cast(cython.p_ulonglong, calloc(P * (nopen + 3), 8))
        bits = cython.cast(cython.pointer[cython.p_ulonglong], calloc(nopen + 3, 8))
        lo = cython.cast(cython.p_longlong, calloc(nopen + 3, 8))
        hi = cython.cast(cython.p_longlong, calloc(nopen + 3, 8))
        if not mem or not bits or not lo or not hi:
            free(mem)
            free(bits)
            free(lo)
            free(hi)
            raise MemoryError
        for j in range(nopen + 3):
            bits[j] = mem + j * P
    else:
        sh = lay[3]
        valid = lay[4]
        bits = [[0] * P for j in range(nopen + 3)]
        lo = [0] * (nopen + 3)
        hi = [0] * (nopen + 3)
    try:
        return _passes(cell, n, nopen, Z, B, target, sh, valid, bits, lo, hi)
    finally:
        if cython.compiled:
            free(mem)
            free(bits)
            free(lo)
            free(hi)


def _passes(cell: cython.p_ulonglong, n: cython.Py_ssize_t, nopen: cython.Py_ssize_t,
            Z: cython.Py_ssize_t, B: cython.long, target: cython.long, sh: cython.p_long,
            valid: cython.p_ulonglong, bits: cython.pointer[cython.p_ulonglong],
            lo: cython.p_longlong, hi: cython.p_longlong) -> cython.bint:
    """The two passes on zeroed bitsets (see _run). Uncompiled, a bitset is one
    word, so each loop over words runs once a digit: what a digit does besides
    its shift is kept out of them."""
    one: cython.ulonglong = 1
    x: cython.ulonglong
    m: cython.ulonglong
    keep: cython.ulonglong
    hit: cython.ulonglong
    d: cython.int
    k: cython.Py_ssize_t
    i: cython.Py_ssize_t
    a: cython.Py_ssize_t
    b: cython.Py_ssize_t
    q: cython.Py_ssize_t
    r: cython.long
    low: cython.Py_ssize_t
    high: cython.Py_ssize_t
    glo: cython.Py_ssize_t
    ghi: cython.Py_ssize_t
    cur: cython.Py_ssize_t
    nxt: cython.Py_ssize_t
    src: cython.p_ulonglong
    dst: cython.p_ulonglong
    g: cython.p_ulonglong
    bits[nopen][Z + target // B] = one << (target % B)
    lo[nopen] = Z + target // B
    hi[nopen] = lo[nopen] + 1
    # backward: back[k] = the union over k's digits of back[k + 1] >> offset, within valid
    for k in range(nopen - 1, -1, -1):
        m = cell[cell[n + k]]
        src = bits[k + 1]
        dst = bits[k]
        low = lo[k + 1]
        high = hi[k + 1]
        for d in DIGITS[m]:
            q = sh[d]
            r = sh[10 + d]
            a = low - q - 1
            if a < Z:
                a = Z
            if r:               # with the low bits of the next word
                for i in range(a, high - q):
                    dst[i] |= (src[i + q] >> r) | (src[i + q + 1] << (B - r))
            else:
                for i in range(a, high - q):
                    dst[i] |= src[i + q]
        low -= sh[HIGHEST[m]] + 1
        if low < Z:
            low = Z
        for i in range(low, high):
            dst[i] &= valid[i]
        while low < high and not dst[low]:
            low += 1
        while high > low and not dst[high - 1]:
            high -= 1
        if low >= high:
            return False
        lo[k] = low
        hi[k] = high
    if lo[0] != Z or not bits[0][Z] & 1:
        return False
    # forward: from {0}, a digit stays when its shifted states meet back[k + 1]
    cur = nopen + 1
    nxt = nopen + 2
    bits[cur][Z] = 1
    lo[cur] = Z
    hi[cur] = Z + 1
    for k in range(nopen):
        m = cell[cell[n + k]]
        keep = 0
        src = bits[cur]
        dst = bits[nxt]
        g = bits[k + 1]
        glo = lo[k + 1]
        ghi = hi[k + 1]
        low = lo[cur]
        high = hi[cur]
        for d in DIGITS[m]:
            q = sh[d]
            r = sh[10 + d]
            a = low + q
            if a < glo:
                a = glo
            b = high + q + 1
            if b > ghi:
                b = ghi
            hit = 0
            if r:               # with the high bits of the word before
                for i in range(a, b):
                    x = ((src[i - q] << r) | (src[i - q - 1] >> (B - r))) & g[i]
                    dst[i] |= x
                    hit |= x
            else:
                for i in range(a, b):
                    x = src[i - q] & g[i]
                    dst[i] |= x
                    hit |= x
            if hit:
                keep |= one << d
        cell[cell[n + k]] = keep
        for i in range(low, high):
            src[i] = 0
        low += sh[LOWEST[keep]]
        if low < glo:
            low = glo
        high += sh[HIGHEST[keep]] + 1
        if high > ghi:
            high = ghi
        lo[nxt] = low
        hi[nxt] = high
        cur, nxt = nxt, cur
    return True
