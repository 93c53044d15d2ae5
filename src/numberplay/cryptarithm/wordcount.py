# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The column search of the word-list generator (wordlist.py), typed for Cython.

How many solutions has W1 + ... + Wk = S (each letter a distinct digit in base
B, no leading zero on a word of two or more letters)? A word is a byte string
of letter codes 0..255: the caller numbers the letters of its alphabet.

Columns from the right with their carries; in each column the addends' letters
not yet given a digit are tried, then the sum's letter is computed (the column
total modulo B) rather than tried; after every column the whole sum is checked
against the largest and smallest totals the letters still free can reach (each
letter's weight is its place values in the addends minus those in the sum; the
rearrangement inequality: the largest weights take the largest free digits).
Before the columns from the right, the letters of the top column (and of the
next ones, up to PRE_MAX letters) are tried: their weights dominate, so the
bound cuts at once what the columns from the right would refute only at the
end (`ALPHA + EPSILON + PSI = UPSILON`: 39,000 nodes without, 9 with).

This file is the one source: setup.py compiles it with Cython (native.toml,
`[[cython]]`; `wordcount.pxd` types the state and the helpers), where the
weights are 64-bit C integers, so the caller passes only sums whose weighted
totals fit (`wordlist._fits_int64`); the same file run as Python (NUMBERPLAY_PURE,
no compiler, or `_pure.as_python` for a sum past 64 bits) is exact for any sum.

  count(addends, total, base, limit, max_nodes) -> (count, digits, nodes)
      count: solutions found, stopping at limit; -1 if max_nodes ran out first;
      digits: the first solution, 256 bytes (the digit of letter code c at c,
      255 if absent), or None.
  unique_sums(addends, sums, base, max_nodes) -> (uniques, undecided, nodes)
      for each candidate sum: uniques the (index, digits) of the sums with
      exactly one solution, undecided the indices whose node budget ran out. A
      sum where two letters have the same weight and leading-zero rule is not
      searched: swapping their digits turns any solution into another.
"""

from __future__ import annotations

from array import array

try:
    import cython
    COMPILED: bool = cython.compiled
except ImportError:  # pragma: no cover - no Cython: the annotations are never evaluated
    COMPILED = False

MAXL = 36          # letters of one sum: at most the base's digits
MAXWORD = 40       # letters of one word
MAXLEN = MAXWORD   # (the same, for Python: the compiled module's C constants are not)
PRE_MAX = 4        # letters of the top columns tried before the columns from the right


class _Sum:
    """One sum's search: its program of steps and the digits given so far."""

    def __init__(self, base: int, limit: int, max_nodes: int, steps: int) -> None:
        self.base = base
        self.limit = limit
        self.max_nodes = max_nodes
        self.nl = 0
        self.nsteps = 0
        # the program, `steps` long: op 0 an addend's letter, 1 the sum's, 2 a
        # top-column letter; after step i, order[rest_from[i]..nl) are still free
        self.op = array("i", bytes(4 * steps))
        self.let = array("i", bytes(4 * steps))
        self.rest_from = array("i", bytes(4 * steps))
        self.order = [0] * 36
        self.W = [0] * 36
        self.lead = [0] * 36
        self.digit = [0] * 36
        self.sol = [0] * 36
        self.code = [0] * 36
        self.pos = [0] * 1332   # letters order[r..) by weight, r * MAXL + k
        self.neg = [0] * 1332
        self.npos = [0] * 37
        self.nneg = [0] * 37
        self.used = 0
        self.P = 0
        self.count = 0
        self.aborted = 0
        self.nodes = 0

    def setup(self, words: list) -> cython.int:
        """Read the words (the total last): 0 if the sum has no solution on its
        face, 1 to search, -1 on a word that is empty or too long."""
        local: cython.int[256] = [-1] * 256
        seen: cython.int[36] = [0] * 36
        mark: cython.int[36] = [0] * 36
        lst: cython.int[36] = [0] * 36      # new letters of a column
        nterms: cython.int = len(words)
        t: cython.int
        j: cython.int
        c: cython.int
        q: cython.int
        a: cython.int
        ch: cython.int
        ln: cython.int
        li: cython.int
        top: cython.int
        cnt: cython.int
        add: cython.int
        nlst: cython.int
        np: cython.int
        nn: cython.int
        maxlen: cython.int = 0
        nsteps: cython.int = 0
        assigned: cython.int = 0
        base: cython.int = self.base
        L: cython.int
        place: cython.longlong
        w: cython.longlong
        word: bytes
        total: bytes = words[nterms - 1]
        self.nl = 0
        self.nsteps = 0
        self.used = 0
        self.P = 0
        self.count = 0
        self.aborted = 0
        self.nodes = 0
        L = len(total)
        for t in range(nterms):
            word = words[t]
            ln = len(word)
            if ln <= 0 or ln > MAXWORD:
                return -1
            if t < nterms - 1 and ln > maxlen:
                maxlen = ln
            for j in range(ln):
                ch = word[j]
                if local[ch] < 0:
                    if self.nl >= base:
                        return 0            # more letters than digits
                    local[ch] = self.nl
                    self.code[self.nl] = ch
                    self.nl += 1
        for c in range(self.nl):
            self.digit[c] = -1
            self.W[c] = 0
            self.lead[c] = 0
        for t in range(nterms):
            word = words[t]
            ln = len(word)
            if ln > 1:
                self.lead[local[word[0]]] = 1
            place = 1
            for j in range(ln - 1, -1, -1):
                li = local[word[j]]
                if t < nterms - 1:
                    self.W[li] += place
                else:
                    self.W[li] -= place
                place *= base
        if maxlen > L:
            return 0        # an addend of 2+ letters longer than the sum exceeds it
        # the letters of the top columns first, as long as they are few
        cnt = 0
        for top in range(L - 1, -1, -1):
            add = 0
            nlst = 0
            for t in range(nterms):
                word = words[t]
                ln = len(word)
                if ln <= top:
                    continue
                li = local[word[ln - 1 - top]]
                if not mark[li]:
                    mark[li] = 1
                    lst[nlst] = li
                    nlst += 1
                    add += 1
            if cnt + add > PRE_MAX and top < L - 1:
                break
            for q in range(nlst):
                self.op[nsteps] = 2
                self.let[nsteps] = lst[q]
                seen[lst[q]] = 1
                self.order[assigned] = lst[q]
                assigned += 1
                self.rest_from[nsteps] = assigned
                nsteps += 1
            cnt += add
            if cnt >= PRE_MAX:
                break
        for c in range(L):
            for t in range(nterms - 1):
                word = words[t]
                ln = len(word)
                if ln > c:
                    li = local[word[ln - 1 - c]]
                    self.op[nsteps] = 0
                    self.let[nsteps] = li
                    if not seen[li]:
                        seen[li] = 1
                        self.order[assigned] = li
                        assigned += 1
                    self.rest_from[nsteps] = assigned
                    nsteps += 1
            li = local[total[L - 1 - c]]
            self.op[nsteps] = 1
            self.let[nsteps] = li
            if not seen[li]:
                seen[li] = 1
                self.order[assigned] = li
                assigned += 1
            self.rest_from[nsteps] = assigned
            nsteps += 1
        self.nsteps = nsteps
        for c in range(self.nl):        # c: a rest_from value
            np = 0
            nn = 0
            for a in range(c, self.nl):
                li = self.order[a]
                w = self.W[li]
                if w > 0:
                    q = np
                    np += 1
                    while q > 0 and self.W[self.pos[c * MAXL + q - 1]] < w:
                        self.pos[c * MAXL + q] = self.pos[c * MAXL + q - 1]
                        q -= 1
                    self.pos[c * MAXL + q] = li
                elif w < 0:
                    q = nn
                    nn += 1
                    while q > 0 and self.W[self.neg[c * MAXL + q - 1]] > w:
                        self.neg[c * MAXL + q] = self.neg[c * MAXL + q - 1]
                        q -= 1
                    self.neg[c * MAXL + q] = li
            self.npos[c] = np
            self.nneg[c] = nn
        return 1

    def has_twins(self) -> cython.bint:
        """Two letters with the same weight and leading-zero rule."""
        a: cython.int
        b: cython.int
        for a in range(self.nl):
            for b in range(a + 1, self.nl):
                if self.W[a] == self.W[b] and self.lead[a] == self.lead[b]:
                    return True
        return False

    def bound_ok(self, i: cython.int) -> cython.bint:
        """Can the free letters still make the whole weighted sum zero?"""
        free: cython.int[64] = [0] * 64
        r: cython.int = self.rest_from[i]
        b: cython.int = self.base
        nf: cython.int = 0
        d: cython.int
        k: cython.int
        np: cython.int
        nn: cython.int
        lo: cython.longlong = 0
        hi: cython.longlong = 0
        need: cython.longlong = -self.P
        w: cython.longlong
        used: cython.ulonglong = self.used
        if r >= self.nl:
            return need == 0
        for d in range(b):
            if not used >> d & 1:
                free[nf] = d
                nf += 1
        np = self.npos[r]
        nn = self.nneg[r]
        for k in range(np):
            w = self.W[self.pos[r * MAXL + k]]
            hi += w * free[nf - 1 - k]
            lo += w * free[k]
        for k in range(nn):
            w = self.W[self.neg[r * MAXL + k]]
            hi += w * free[k]
            lo += w * free[nf - 1 - k]
        return lo <= need <= hi

    def rec(self, i: cython.int, s: cython.longlong) -> cython.void:
        """Steps i.. with the running column total s (carry included)."""
        li: cython.int
        d: cython.int
        op: cython.int
        base: cython.int = self.base
        w: cython.longlong
        one: cython.ulonglong = 1
        bit: cython.ulonglong
        while i < self.nsteps and self.op[i] == 0 and self.digit[self.let[i]] >= 0:
            s += self.digit[self.let[i]]
            i += 1
        if self.aborted or self.count >= self.limit:
            return
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.aborted = 1
            return
        if i == self.nsteps:
            if s == 0 and self.P == 0:
                if self.count == 0:
                    for d in range(self.nl):
                        self.sol[d] = self.digit[d]
                self.count += 1
            return
        li = self.let[i]
        op = self.op[i]
        w = self.W[li]
        if op != 1:     # an addend's letter (0) or a top-column letter (2): tried
            for d in range(self.lead[li], base):
                bit = one << d
                if self.used & bit:
                    continue
                self.used |= bit
                self.digit[li] = d
                self.P += w * d
                if op == 0:
                    self.rec(i + 1, s + d)
                elif self.bound_ok(i):
                    self.rec(i + 1, s)
                self.P -= w * d
                self.digit[li] = -1
                self.used ^= bit
                if self.aborted or self.count >= self.limit:
                    return
            return
        d = s % base
        if self.digit[li] >= 0:
            if self.digit[li] == d and self.bound_ok(i):
                self.rec(i + 1, s // base)
            return
        bit = one << d
        if self.used & bit or d < self.lead[li]:
            return
        self.used |= bit
        self.digit[li] = d
        self.P += w * d
        if self.bound_ok(i):
            self.rec(i + 1, s // base)
        self.P -= w * d
        self.digit[li] = -1
        self.used ^= bit

    def digits(self) -> bytes:
        """The first solution by letter code (255: no such letter)."""
        out = bytearray(b"\xff" * 256)
        c: cython.int
        for c in range(self.nl):
            out[self.code[c]] = self.sol[c]
        return bytes(out)


def _check_base(base: int) -> None:
    if base < 2 or base > 36:
        raise ValueError("base must be 2 to 36")


def _steps(addends: list, longest: int) -> int:
    """Room for the program of these addends and a total of `longest` letters."""
    return sum(len(w) for w in addends) + longest + MAXL + 1


def _words(addends: list, total: bytes | None) -> list:
    """The words as a list of bytes, the total last (or a place for it)."""
    words = list(addends)
    if not words:
        raise ValueError("at least one addend")
    words.append(total if total is not None else b"")
    for w in words:
        if type(w) is not bytes:
            raise TypeError("words are bytes of letter codes")
    return words


def count(addends: list, total: bytes, base: int, limit: int, max_nodes: int
          ) -> tuple[int, bytes | None, int]:
    """(solutions up to limit, the first by letter code, nodes); -1 when the node
    budget ran out first."""
    _check_base(base)
    words = _words(addends, total)
    p = _Sum(base, max(limit, 1), max_nodes, _steps(words, len(total)))
    r = p.setup(words)
    if r < 0:
        raise ValueError(f"words must be 1 to {MAXLEN} letters")
    if r == 0:
        return 0, None, 0
    p.rec(0, 0)
    if p.aborted:
        return -1, None, p.nodes
    if p.count == 0:
        return 0, None, p.nodes
    return p.count, p.digits(), p.nodes


def unique_sums(addends: list, sums: list, base: int, max_nodes: int
                ) -> tuple[list[tuple[int, bytes]], list[int], int]:
    """(the sums with exactly one solution as (index, digits), the indices whose
    budget ran out, nodes) among the candidate sums of these addends."""
    _check_base(base)
    words = _words(addends, None)
    last = len(words) - 1
    p = _Sum(base, 2, max_nodes, _steps(words, max(map(len, sums), default=0)))
    uniques: list[tuple[int, bytes]] = []
    undecided: list[int] = []
    nodes = 0
    for j, total in enumerate(sums):
        if type(total) is not bytes:
            raise TypeError("words are bytes of letter codes")
        words[last] = total
        r = p.setup(words)
        if r < 0:
            raise ValueError(f"words must be 1 to {MAXLEN} letters")
        if r == 0 or p.has_twins():
            continue
        p.rec(0, 0)
        nodes += p.nodes
        if p.aborted:
            undecided.append(j)
        elif p.count == 1:
            uniques.append((j, p.digits()))
    return uniques, undecided, nodes


def twins(addends: list, total: bytes, base: int) -> bool:
    """Do two letters have the same weight and leading-zero rule (the sum then has
    0 or at least 2 solutions)? The letters must be at most the base's digits."""
    _check_base(base)
    words = _words(addends, total)
    p = _Sum(base, 1, 0, _steps(words, len(total)))
    if p.setup(words) < 0 or p.nl > base:
        raise ValueError(f"words of 1 to {MAXLEN} letters, at most {base} of them")
    return p.has_twins()
