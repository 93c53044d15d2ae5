"""Every alphametic in a word list: `W1 + ... + Wk = S` with exactly one solution.

A setter's word list ("planets", "fruit") is read once: each word becomes a
bit mask of its letters and its length, so most candidates are thrown out
before any search (more than B distinct letters; a sum shorter than the
longest addend, or too long or too short for the addends to reach). What is
left is decided by the column search with carries of `wordcount.py` (its
docstring tells how): one typed source, compiled by Cython when a compiler was
there, with 64-bit weights, so a sum whose weighted totals could pass 64 bits
(long words in a large base) runs the same source as Python, exact for any
size. `count_sum` and `WordList.decide` pick one; the tests compare both with a
brute force over permutations. A sum where two letters weigh the same (and
share the leading-zero rule) is not searched at all when only uniqueness
matters: swapping their digits turns any solution into another (`has_twins`;
more than half the candidates of a typical list). The semantics are
numberplay's: letters take distinct digits, a word of two or more letters does
not start with 0 (a one-letter word may be 0).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import _pure
from ..errors import PuzzleError
from ..formula.lang import is_word
from ..formula.model import DIGITS
from ..kinds import InlineText, option_text
from ..text import shorten
from . import wordcount as _core

MAX_NODES = 5_000_000      # per candidate: far above what any 10-letter sum needs
INT64_SAFE = 2 ** 62
MAX_WORD = _core.MAXLEN    # letters in one word


def has_compiled_core() -> bool:
    """True when the column search runs compiled."""
    return _pure.compiled(_core)


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

def _python_core() -> Any:
    """The column search run from its source as Python (exact for any sum): the
    module itself when it is not compiled, else a copy of its source."""
    global _PY
    if _PY is None:
        _PY = _core if not _pure.compiled(_core) else _pure.as_python(_core)
    return _PY


_PY: Any = None


def _pick(addends: list[str], total: str, base: int, compiled: bool | None) -> Any:
    """The search for this sum: the compiled one when its 64 bits are enough."""
    fits = _fits_int64(addends, total, base)
    if compiled and not (fits and has_compiled_core()):
        raise RuntimeError("the compiled column search is not available for this sum")
    return _core if fits and compiled is not False else _python_core()


def has_twins(addends: list[str], total: str, base: int = 10) -> bool:
    """True when two letters have the same weight (place values in the addends minus
    those in the sum) and the same leading-zero rule: swapping their digits turns
    any solution into another, so the sum has 0 or at least 2 solutions."""
    alphabet = _alphabet([*addends, total])
    if len(alphabet) > base:
        return False
    codes = {ch: i for i, ch in enumerate(alphabet)}
    return _python_core().twins([_encode(w, codes) for w in addends], _encode(total, codes),
                                base)


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
    """(solutions found up to `limit`, the first one, nodes) for `addends = total`;
    the count is -1 when `max_nodes` ran out first. Compiled when possible
    (`compiled=False`: the source run as Python)."""
    alphabet = _alphabet([*addends, total])
    core = _pick(addends, total, base, compiled)
    if len(alphabet) > base or max(map(len, addends)) > len(total):
        return 0, None, 0
    codes = {ch: i for i, ch in enumerate(alphabet)}
    n, raw, nodes = core.count([_encode(w, codes) for w in addends], _encode(total, codes),
                               base, limit, max_nodes)
    return n, (_digits_dict(raw, alphabet) if raw is not None else None), nodes


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
        if not sums:
            return [], [], 0
        addends = [self.words[i] for i in combo]
        core = _pick(addends, self.words[max(sums, key=self.lens.__getitem__)], self.base,
                     compiled)
        if self.encoded is not None:
            encoded, alphabet = self.encoded, self.alphabet
            uniques, stopped, used = core.unique_sums(
                [encoded[i] for i in combo], [encoded[j] for j in sums], self.base, max_nodes)
            return ([(sums[ix], _digits_dict(raw, alphabet)) for ix, raw in uniques],
                    [sums[ix] for ix in stopped], used)
        found: list[tuple[int, dict[str, int]]] = []      # an alphabet past 256 letters:
        undecided: list[int] = []                          # codes of its own for each sum
        nodes = 0
        for j in sums:
            alphabet = _alphabet([*addends, self.words[j]])
            codes = {ch: i for i, ch in enumerate(alphabet)}
            uniques, stopped, used = core.unique_sums(
                [_encode(w, codes) for w in addends], [_encode(self.words[j], codes)],
                self.base, max_nodes)
            nodes += used
            found += [(j, _digits_dict(raw, alphabet)) for _, raw in uniques]
            undecided += [j for _ in stopped]
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
