"""Every alphametic in a word list: `W1 + ... + Wk = S` with exactly one solution.

A setter's word list ("planets", "fruit") is read once: each word becomes a
bit mask of its letters and its length, so most candidates are thrown out
before any search (more than B distinct letters; a sum shorter than the
longest addend, or too long or too short for the addends to reach). What is
left is decided by a column search with carries, written twice:

* `count_columns`, pure Python, the reference: columns from the right; in each
  column the addends' letters still free are tried and the sum's letter is
  computed (the column total modulo B), never tried; after every column the
  whole sum is checked against the largest and smallest totals the free letters
  can still reach (each letter weighs its place values in the addends minus
  those in the sum). The letters of the top column (and the next ones, up to
  four letters) are tried before the columns from the right: their weights
  dominate, so the bound cuts at once what the columns would refute only at the
  end (`ALPHA + EPSILON + PSI = UPSILON`: 39,000 nodes without, 9 with);
  a sum where two letters weigh the same (and share the leading-zero rule) is
  not searched at all when only uniqueness matters: swapping their digits turns
  any solution into another (`has_twins`; more than half the candidates of a
  typical list);
* `_wordcount.c`, the same search compiled (built by setup.py when a C compiler
  is there), used when its 64-bit arithmetic cannot overflow.

`count_sum` picks one; the tests compare both with a brute force over
permutations. The semantics are numberplay's: letters take distinct digits,
a word of two or more letters does not start with 0 (a one-letter word may be 0).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import BudgetExceeded, PuzzleError
from ..formula.lang import is_word
from ..formula.model import DIGITS
from ..kinds import InlineText, option_text
from ..text import shorten

_C: Any
try:  # the compiled core; the pure-Python search below is the fallback
    from . import _wordcount as _compiled
    _C = _compiled
except ImportError:  # pragma: no cover - exercised when no compiler was there
    _C = None

MAX_NODES = 5_000_000      # per candidate: far above what any 10-letter sum needs
INT64_SAFE = 2 ** 62
PRE_MAX = 4                # top-column letters tried first (as in _wordcount.c)
MAX_WORD = 40              # letters in one word (the compiled core's limit)


def has_compiled_core() -> bool:
    """True when the compiled column search is importable."""
    return _C is not None


# -- reading a word list ---------------------------------------------------------------------

def read_words(text: str, source: str = "--words", digits: bool = False) -> list[str]:
    """The words of a list: any whitespace between them, `#` starts a comment,
    case ignored, duplicates dropped (the first place kept). Letters of any
    alphabet with capitals (Latin, Greek, Cyrillic, ...); a word becomes its
    capitals (`fünf` is `FÜNF`). With `digits` (`--digits-as-symbols`), a word
    may hold ASCII digits besides its letters (`DOTA2`), each a symbol of its own."""
    words: list[str] = []
    seen: set[str] = set()
    for number, line in enumerate(unicodedata.normalize("NFC", text).splitlines(), 1):
        line = line.split("#", 1)[0]
        for token in line.split():
            word = token.upper()
            letters = word.translate(_NO_DIGITS) if digits else word
            if not is_word(letters) or unicodedata.normalize("NFKC", word) != word:
                more = " (and digits)" if digits else ""
                raise PuzzleError(f"{source}: {shorten(token)!r} is not a word of letters "
                                  f"that have capitals{more}", line=number)
            if len(word) > MAX_WORD:
                raise PuzzleError(f"{source}: {token!r} is longer than {MAX_WORD} letters",
                                  line=number)
            if word not in seen:
                seen.add(word)
                words.append(word)
    return words


_NO_DIGITS = str.maketrans("", "", "0123456789")


def load_words(path: str | None, digits: bool = False) -> list[str]:
    """The words of a file, or of the bundled list when `path` is None (`digits`:
    see `read_words`)."""
    if isinstance(path, InlineText):  # the list itself, as the web API sends it
        return read_words(option_text(path, "--words"), "--words", digits)
    if path:
        return read_words(option_text(path, "--words"), f"--words {path}", digits)
    from importlib import resources
    text = (resources.files("numberplay.cryptarithm") / "data" / "words.txt").read_text(
        encoding="utf-8")
    return read_words(text, "words.txt")


MAX_ADDENDS = 1000         # `--addends N..` (open) means N..MAX_ADDENDS


def parse_addends(text: str | None, default: tuple[int, int] = (2, 2)) -> tuple[int, int]:
    """`2`, `2..3`, `2-3` or the open `2..` as (lo, hi), 2 <= lo <= hi <= MAX_ADDENDS."""
    if text is None or str(text).strip() == "":
        return default
    s = str(text).strip().replace("-", "..")
    lo, sep, hi = s.partition("..")
    lo = lo.strip()
    hi = hi.strip() or (str(MAX_ADDENDS) if sep else lo)
    shown = shorten(text)
    # ASCII digits only, and short: int() would take '²'-free Unicode digits, and
    # a 5,000-digit value would hit Python's int string limit (a ValueError).
    if not all(x.isascii() and x.isdigit() and len(x) <= 6 for x in (lo, hi)):
        raise PuzzleError(f"--addends expects N, N..M or N.., not {shown!r}")
    a, b = int(lo), int(hi)
    if not 2 <= a <= b <= MAX_ADDENDS:
        raise PuzzleError(f"--addends must be between 2 and {MAX_ADDENDS} (N..M with N <= M), "
                          f"not {shown!r}")
    return a, b


# -- deciding one sum ------------------------------------------------------------------------

def count_columns(addends: list[str], total: str, base: int = 10, limit: int = 2,
                  max_nodes: int = MAX_NODES) -> tuple[int, dict[str, int] | None, int]:
    """(solutions found up to `limit`, the first one, nodes) for `addends = total`;
    the count is -1 when `max_nodes` ran out first. Pure Python reference."""
    letters: list[str] = []
    for w in (*addends, total):
        for ch in w:
            if ch not in letters:
                letters.append(ch)
    if len(letters) > base or max(map(len, addends)) > len(total):
        return 0, None, 0
    local = {ch: i for i, ch in enumerate(letters)}
    n = len(letters)
    weight = [0] * n
    lead = [0] * n
    for pos, w in enumerate((*addends, total)):
        sign = -1 if pos == len(addends) else 1
        if len(w) > 1:
            lead[local[w[0]]] = 1
        place = 1
        for ch in reversed(w):
            weight[local[ch]] += sign * place
            place *= base
    # The program: the top columns' letters first (while they are at most
    # PRE_MAX, the top column always), then per column from the right the
    # addends' letters and the sum's letter.
    steps: list[tuple[int, int, int]] = []     # (op, letter, free from); op 2 top, 0 add, 1 sum
    order: list[int] = []
    words = (*addends, total)
    for top in range(len(total) - 1, -1, -1):
        column: list[int] = []
        for w in words:
            if len(w) > top and local[w[-1 - top]] not in column + order:
                column.append(local[w[-1 - top]])
        if len(order) + len(column) > PRE_MAX and top < len(total) - 1:
            break
        for li in column:
            order.append(li)
            steps.append((2, li, len(order)))
        if len(order) >= PRE_MAX:
            break
    for c in range(len(total)):
        for w in addends:
            if len(w) > c:
                li = local[w[-1 - c]]
                if li not in order:
                    order.append(li)
                steps.append((0, li, len(order)))
        li = local[total[-1 - c]]
        if li not in order:
            order.append(li)
        steps.append((1, li, len(order)))
    search = _Search(letters, weight, lead, steps, order, base, limit, max_nodes)
    try:
        search.rec(0, 0)
    except BudgetExceeded:
        return -1, None, search.nodes
    return search.count, search.first, search.nodes


class _Search:
    """The state of one column search (see count_columns)."""

    def __init__(self, letters: list[str], weight: list[int], lead: list[int],
                 steps: list[tuple[int, int, int]], order: list[int], base: int, limit: int,
                 max_nodes: int) -> None:
        self.letters, self.weight, self.lead = letters, weight, lead
        self.steps, self.order, self.base = steps, order, base
        self.limit, self.max_nodes = limit, max_nodes
        self.digit = [-1] * len(letters)
        self.used = [False] * base
        self.P = 0
        self.count = 0
        self.nodes = 0
        self.first: dict[str, int] | None = None

    def bound_ok(self, free_from: int) -> bool:
        """Can the free letters still make the weighted sum zero? Positive weights
        take the largest free digits for the largest total, negative ones the
        smallest (rearrangement); the reverse for the smallest total."""
        need = -self.P
        if free_from >= len(self.letters):
            return need == 0
        free = [d for d in range(self.base) if not self.used[d]]
        rest = [self.weight[li] for li in self.order[free_from:]]
        pos = sorted((w for w in rest if w > 0), reverse=True)
        neg = sorted(w for w in rest if w < 0)
        hi = sum(w * free[-1 - k] for k, w in enumerate(pos)) + \
            sum(w * free[k] for k, w in enumerate(neg))
        lo = sum(w * free[k] for k, w in enumerate(pos)) + \
            sum(w * free[-1 - k] for k, w in enumerate(neg))
        return lo <= need <= hi

    def assign(self, li: int, d: int) -> None:
        self.digit[li] = d
        self.used[d] = True
        self.P += self.weight[li] * d

    def unassign(self, li: int, d: int) -> None:
        self.digit[li] = -1
        self.used[d] = False
        self.P -= self.weight[li] * d

    def rec(self, i: int, s: int) -> None:
        """Steps i.. with the running column total s (carry included)."""
        steps, digit, nsteps = self.steps, self.digit, len(self.steps)
        while i < nsteps and steps[i][0] == 0 and digit[steps[i][1]] >= 0:
            s += digit[steps[i][1]]
            i += 1
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise BudgetExceeded("node limit", nodes=self.nodes)
        if i == nsteps:
            if s == 0 and self.P == 0:
                if self.count == 0:
                    self.first = {c: digit[k] for k, c in enumerate(self.letters)}
                self.count += 1
            return
        op, li, free_from = steps[i]
        base = self.base
        if op != 1:
            for d in range(self.lead[li], base):
                if self.used[d]:
                    continue
                self.assign(li, d)
                if op == 0 or self.bound_ok(free_from):
                    self.rec(i + 1, s + d if op == 0 else s)
                self.unassign(li, d)
                if self.count >= self.limit:
                    return
            return
        d = s % base
        if digit[li] >= 0:
            if digit[li] == d and self.bound_ok(free_from):
                self.rec(i + 1, s // base)
            return
        if self.used[d] or d < self.lead[li]:
            return
        self.assign(li, d)
        if self.bound_ok(free_from):
            self.rec(i + 1, s // base)
        self.unassign(li, d)


def has_twins(addends: list[str], total: str, base: int = 10) -> bool:
    """True when two letters have the same weight (place values in the addends minus
    those in the sum) and the same leading-zero rule: swapping their digits turns
    any solution into another, so the sum has 0 or at least 2 solutions."""
    weight: dict[str, int] = {}
    lead = {w[0] for w in (*addends, total) if len(w) > 1}
    for pos, w in enumerate((*addends, total)):
        sign = -1 if pos == len(addends) else 1
        place = 1
        for ch in reversed(w):
            weight[ch] = weight.get(ch, 0) + sign * place
            place *= base
    keys = [(v, c in lead) for c, v in weight.items()]
    return len(set(keys)) < len(keys)


def _fits_int64(addends: Iterable[str], total: str, base: int) -> bool:
    """True when every weighted sum of the compiled core stays inside 64 bits."""
    terms = list(addends)
    longest = max(len(total), *(len(w) for w in terms))
    return (len(terms) + 1) * base ** (longest + 1) < INT64_SAFE and longest <= MAX_WORD


def _alphabet(words: Iterable[str]) -> str:
    """The letters of some words, sorted: letter i has code i in the compiled core."""
    return "".join(sorted(set("".join(words))))


def _encode(word: str, codes: dict[str, int]) -> bytes:
    """A word as the compiled core reads it: one byte per letter, its code."""
    return bytes(codes[ch] for ch in word)


def _digits_dict(raw: bytes, alphabet: str) -> dict[str, int]:
    """The compiled core's digits (by letter code) as {letter: digit}."""
    return {alphabet[i]: d for i, d in enumerate(raw[:len(alphabet)]) if d != 255}


def count_sum(addends: list[str], total: str, base: int = 10, limit: int = 2,
              max_nodes: int = MAX_NODES,
              compiled: bool | None = None) -> tuple[int, dict[str, int] | None, int]:
    """`count_columns`, compiled when possible (`compiled=False` forces Python)."""
    alphabet = _alphabet([*addends, total])
    use_c = _C is not None and compiled is not False and _fits_int64(addends, total, base) \
        and len(alphabet) <= 256
    if compiled and not use_c:
        raise RuntimeError("the compiled column search is not available for this sum")
    if use_c:
        codes = {ch: i for i, ch in enumerate(alphabet)}
        n, raw, nodes = _C.count([_encode(w, codes) for w in addends], _encode(total, codes),
                                 base, limit, max_nodes)
        return n, (_digits_dict(raw, alphabet) if raw is not None else None), nodes
    return count_columns(addends, total, base, limit, max_nodes)


# -- every candidate of a list -----------------------------------------------------------------

@dataclass(frozen=True)
class Found:
    """A sum of words with exactly one solution."""

    addends: tuple[str, ...]
    total: str
    digits: tuple[tuple[str, int], ...]

    @property
    def formula(self) -> str:
        """`GAMMA + SIGMA = LAMBDA`."""
        return " + ".join(self.addends) + " = " + self.total

    def numbers(self) -> str:
        """`70660 + 35760 = 106420`."""
        table = {ord(c): DIGITS[d] for c, d in self.digits}
        return self.formula.translate(table)


@dataclass
class Tally:
    """What a run has looked at so far."""

    sets: int = 0            # sets of addends taken in turn
    examined: int = 0        # candidates searched
    skipped: int = 0         # candidates thrown out before any search
    found: int = 0
    undecided: int = 0       # candidates whose node limit ran out (reported, not hidden)
    nodes: int = 0
    pairs: int = 0           # --op x: pairs of sides looked at
    letters: int = 0         # --op x: pairs refused for their letters (too many, shared words)


class WordList:
    """A word list digested once: masks, lengths, and the words by length."""

    def __init__(self, words: list[str], base: int = 10) -> None:
        if not 2 <= base <= 36:
            raise PuzzleError(f"--base must be 2 to 36, not {base}")
        self.words = list(words)
        self.base = base
        # letter i of the list's alphabet is bit i of a mask and code i in the compiled core
        self.alphabet = _alphabet(self.words)
        codes = {ch: i for i, ch in enumerate(self.alphabet)}
        self.masks = [_mask(w, codes) for w in self.words]
        self.lens = [len(w) for w in self.words]
        self.encoded = [_encode(w, codes) for w in self.words] \
            if len(self.alphabet) <= 256 else None

    def __len__(self) -> int:
        return len(self.words)

    def addend_sets(self, k: int, repeat: bool = False,
                    first: Iterable[int] | None = None) -> Iterator[tuple[int, ...]]:
        """Index tuples of k addends in list order, each set once, pruned as soon as
        the letters so far outnumber the digits. `first` limits the first index."""
        n, base, masks = len(self.words), self.base, self.masks
        starts = range(n) if first is None else first

        def extend(prefix: tuple[int, ...], start: int, mask: int) -> Iterator[tuple[int, ...]]:
            if len(prefix) == k:
                yield prefix
                return
            for j in range(start, n):
                m = mask | masks[j]
                if m.bit_count() > base:
                    continue
                yield from extend(prefix + (j,), j if repeat else j + 1, m)

        for i in starts:
            if masks[i].bit_count() <= base:
                yield from extend((i,), i if repeat else i + 1, masks[i])

    def sums_for(self, combo: tuple[int, ...]) -> tuple[list[int], int]:
        """(indices of the words that can be the sum of these addends, candidates
        thrown out), in list order."""
        base, lens, masks = self.base, self.lens, self.masks
        union = 0
        for i in combo:
            union |= masks[i]
        longest = max(lens[i] for i in combo)
        top = sum(base ** lens[i] - 1 for i in combo)           # the largest total
        low = sum(base ** (lens[i] - 1) if lens[i] > 1 else 0 for i in combo)
        out: list[int] = []
        skipped = 0
        members = set(combo)
        for j, w_len in enumerate(lens):
            if j in members:
                continue
            if (w_len < longest or base ** (w_len - 1) > top or base ** w_len - 1 < low
                    or (union | masks[j]).bit_count() > base):
                skipped += 1
                continue
            out.append(j)
        return out, skipped

    def decide(self, combo: tuple[int, ...], sums: list[int], *, compiled: bool | None = None,
               max_nodes: int = MAX_NODES) -> tuple[list[tuple[int, dict[str, int]]], list[int], int]:
        """(unique sums with their digits, undecided sums, nodes) among `sums`."""
        addends = [self.words[i] for i in combo]
        use_c = (_C is not None and compiled is not False and bool(sums)
                 and self.encoded is not None
                 and _fits_int64(addends, self.words[max(sums, key=self.lens.__getitem__)],
                                 self.base))
        if use_c:
            encoded = self.encoded
            assert encoded is not None
            uniques, stopped, used = _C.unique_sums(
                [encoded[i] for i in combo], [encoded[j] for j in sums], self.base, max_nodes)
            return ([(sums[ix], _digits_dict(raw, self.alphabet)) for ix, raw in uniques],
                    [sums[ix] for ix in stopped], used)
        found: list[tuple[int, dict[str, int]]] = []
        undecided: list[int] = []
        nodes = 0
        for j in sums:
            if has_twins(addends, self.words[j], self.base):
                continue
            n, first, used = count_columns(addends, self.words[j], self.base, 2, max_nodes)
            nodes += used
            if n == 1 and first is not None:
                found.append((j, first))
            elif n < 0:
                undecided.append(j)
        return found, undecided, nodes


def _mask(word: str, codes: dict[str, int]) -> int:
    """The word's letters as bits (bit i for the letter of code i)."""
    m = 0
    for ch in word:
        m |= 1 << codes[ch]
    return m


def count_sets(n: int, k: int, repeat: bool) -> int:
    """How many sets of k addends a list of n words has."""
    from math import comb
    return comb(n + k - 1, k) if repeat else comb(n, k)


def every_unique(words: WordList, addends: tuple[int, int] = (2, 2), repeat: bool = False,
                 *, limit: int | None = None, tally: Tally | None = None,
                 progress: Callable[[Tally], None] | None = None,
                 compiled: bool | None = None, workers: int = 1) -> Iterator[Found]:
    """Every `W1 + ... + Wk = S` of the list with exactly one solution, k in
    `addends`, in list order; stops after `limit` puzzles. `tally` counts what was
    examined; `progress` is called after each set of addends (or chunk of them)."""
    tally = tally if tally is not None else Tally()
    lo, hi = addends
    if workers > 1:
        yield from _every_unique_pool(words, addends, repeat, limit, tally, progress, workers)
        return
    for k in range(lo, hi + 1):
        for combo in words.addend_sets(k, repeat):
            sums, skipped = words.sums_for(combo)
            tally.sets += 1
            tally.skipped += skipped
            if sums:
                tally.examined += len(sums)
                found, undecided, nodes = words.decide(combo, sums, compiled=compiled)
                tally.nodes += nodes
                tally.undecided += len(undecided)
                for j, digits in found:
                    tally.found += 1
                    yield Found(tuple(words.words[i] for i in combo), words.words[j],
                                tuple(sorted(digits.items())))
                    if limit is not None and tally.found >= limit:
                        if progress:
                            progress(tally)
                        return
            if progress and tally.sets % 64 == 0:
                progress(tally)
    if progress:
        progress(tally)


def _chunk_worker(args: tuple[list[str], int, int, bool, list[int]]) -> tuple[list[Found], Tally]:
    words_list, base, k, repeat, firsts = args
    words = WordList(words_list, base)
    tally = Tally()
    out: list[Found] = []
    for combo in words.addend_sets(k, repeat, first=firsts):
        sums, skipped = words.sums_for(combo)
        tally.sets += 1
        tally.skipped += skipped
        if not sums:
            continue
        tally.examined += len(sums)
        found, undecided, nodes = words.decide(combo, sums)
        tally.nodes += nodes
        tally.undecided += len(undecided)
        for j, digits in found:
            out.append(Found(tuple(words.words[i] for i in combo), words.words[j],
                             tuple(sorted(digits.items()))))
    tally.found = len(out)
    return out, tally


def _every_unique_pool(words: WordList, addends: tuple[int, int], repeat: bool,
                       limit: int | None, tally: Tally,
                       progress: Callable[[Tally], None] | None,
                       workers: int) -> Iterator[Found]:
    """The same run spread over a process pool, chunked by the first addend; the
    puzzles come out in the same order as with one process."""
    from concurrent.futures import ProcessPoolExecutor
    lo, hi = addends
    n = len(words)
    jobs = [(words.words, words.base, k, repeat, [i]) for k in range(lo, hi + 1)
            for i in range(n)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for out, part in pool.map(_chunk_worker, jobs, chunksize=1):
            tally.sets += part.sets
            tally.examined += part.examined
            tally.skipped += part.skipped
            tally.undecided += part.undecided
            tally.nodes += part.nodes
            for f in out:
                tally.found += 1
                yield f
                if limit is not None and tally.found >= limit:
                    pool.shutdown(cancel_futures=True)
                    if progress:
                        progress(tally)
                    return
            if progress:
                progress(tally)
