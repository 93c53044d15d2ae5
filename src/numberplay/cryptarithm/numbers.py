"""Doubly true sums: `SIX + SEVEN + SEVEN = TWENTY`, true as numbers and, with
exactly one solution, as an alphametic.

The number names come from a table: a language's (`en`, `fr`, ... from
num2words, or num2words2 for the languages num2words lacks), or a setter's
`NUMBER WORD` lines. A language's names are joined without spaces, hyphens or
invisible format characters (`forty-five` is `FORTYFIVE`) and written in
capitals when the whole table can be (Turkish `ı` and `i`, or German `ß`,
would merge or grow, so those tables stay in lower case, each character its
own letter); a table file's words are kept as written.

Every multiset (set, without `--repeat`) of addends from the table whose total
is a number of the table is walked depth first in increasing order of the
numbers, pruned as soon as its letters outnumber the digits; each candidate is
decided by the column search of `wordlist` (compiled when possible).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

from ..errors import PuzzleError
from ..kinds import InlineText, option_text
from ..text import shorten
from .wordlist import MAX_WORD, Found, Tally, WordList

MAX_NUMBER = 10 ** 6          # the largest number a table or --numbers may name
MAX_TABLE = 5_000             # entries of one table
DEFAULT_NUMBERS = (0, 100)
C_TERMS = 60                  # more addends than this: the pure-Python search

# The languages a table can come from, with the library that spells them.
LANGUAGES = ("en", "fr", "de", "es", "it", "pt", "nl", "el", "ru", "tr", "hi")


def _spellers() -> list[tuple[Callable[..., str], set[str]]]:
    """(spelling function, its languages) of the installed number-name libraries:
    num2words for every language it has, num2words2 for those of LANGUAGES it lacks."""
    out: list[tuple[Callable[..., str], set[str]]] = []
    have: set[str] = set()
    try:
        import num2words as n2w
        have = {lang for lang in n2w.CONVERTER_CLASSES if "_" not in lang}
        out.append((n2w.num2words, have))
    except ImportError:  # pragma: no cover - a dependency
        pass
    try:
        import num2words2 as n2w2
        out.append((n2w2.num2words, set(LANGUAGES) - have))
    except ImportError:  # pragma: no cover - optional
        pass
    return out


def known_languages() -> list[str]:
    """The language codes whose number names can be spelt here."""
    found: set[str] = set()
    for _, langs in _spellers():
        found |= langs
    return sorted(found)


def _speller(lang: str) -> Callable[[int], str]:
    """The function that spells numbers in `lang`; PuzzleError naming the known ones."""
    for spell, langs in _spellers():
        if lang in langs:
            return partial(spell, lang=lang)
    raise PuzzleError(f"--doubly-true: unknown language {shorten(lang)!r} "
                      f"(known: {', '.join(known_languages())}; or a file of NUMBER WORD lines)")


def join_name(name: str) -> str:
    """A spelt number as one word: no spaces, hyphens or format characters, NFC."""
    text = unicodedata.normalize("NFC", name)
    return "".join(ch for ch in text if not (ch.isspace() or ch in "-‐‑‒–—,'’"
                                             or unicodedata.category(ch) == "Cf"))


def _capital(ch: str) -> str | None:
    """The capital of one character when it is one character that lowers back to it
    (`ß` has `ẞ`); None for `ı` (whose capital `I` lowers to `i`) or `ς`."""
    if ch == "ß":
        return "ẞ"
    up = ch.upper()
    return up if len(up) == 1 and up.lower() == ch else None


def capitals(words: list[str]) -> list[str]:
    """The words in capitals when every character has one capital that lowers back to
    it (so no two letters merge), else the words as they are."""
    out = []
    for w in words:
        up = [_capital(ch) for ch in w]
        if any(u is None for u in up):
            return list(words)
        out.append("".join(u for u in up if u is not None))
    return out


@dataclass(frozen=True)
class NumberTable:
    """Numbers and their names, in increasing order of number."""

    numbers: tuple[int, ...]
    names: tuple[str, ...]
    source: str

    def name_of(self) -> dict[int, str]:
        """{number: name}."""
        return dict(zip(self.numbers, self.names, strict=True))


def language_table(lang: str, lo: int, hi: int) -> NumberTable:
    """The names of lo..hi in a language (`en`)."""
    spell = _speller(lang)
    names = [join_name(spell(n)) for n in range(lo, hi + 1)]
    for n, w in zip(range(lo, hi + 1), names, strict=True):
        if not w or len(w) > MAX_WORD or not all(_is_symbol(ch) for ch in w):
            raise PuzzleError(f"--doubly-true {lang}: the name of {n} ({w!r}) is not a word "
                              f"of at most {MAX_WORD} letters")
    return NumberTable(tuple(range(lo, hi + 1)), tuple(capitals(names)), lang)


def _is_symbol(ch: str) -> bool:
    """A letter or a combining mark (a symbol of its own, as crypt and cryptator count)."""
    return ch.isalpha() or unicodedata.category(ch).startswith("M")


def read_table(text: str, source: str) -> NumberTable:
    """`NUMBER WORD` lines (`#` starts a comment) as a table; PuzzleError naming the line."""
    rows: dict[int, str] = {}
    seen: dict[str, int] = {}
    for number, line in enumerate(unicodedata.normalize("NFC", text).splitlines(), 1):
        parts = line.split("#", 1)[0].split()
        if not parts:
            continue
        if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()
                                   and len(parts[0]) <= 7):
            raise PuzzleError(f"--doubly-true {source}: line {number}: expected NUMBER WORD, "
                              f"not {shorten(line.strip())!r}", line=number)
        value, word = int(parts[0]), parts[1]
        if value > MAX_NUMBER:
            raise PuzzleError(f"--doubly-true {source}: line {number}: {value} is larger "
                              f"than {MAX_NUMBER:,}", line=number)
        if not all(_is_symbol(ch) for ch in word) or len(word) > MAX_WORD:
            raise PuzzleError(f"--doubly-true {source}: line {number}: {shorten(word)!r} is "
                              f"not a word of at most {MAX_WORD} letters", line=number)
        if value in rows:
            raise PuzzleError(f"--doubly-true {source}: line {number}: {value} is named twice",
                              line=number)
        if word in seen:
            raise PuzzleError(f"--doubly-true {source}: line {number}: {word!r} already names "
                              f"{seen[word]}", line=number)
        if len(rows) >= MAX_TABLE:
            raise PuzzleError(f"--doubly-true {source}: more than {MAX_TABLE:,} numbers",
                              line=number)
        rows[value] = word
        seen[word] = value
    if len(rows) < 2:
        raise PuzzleError(f"--doubly-true {source}: the table needs at least 2 numbers")
    order = sorted(rows)
    return NumberTable(tuple(order), tuple(rows[n] for n in order), source)


def parse_numbers(text: str | None) -> tuple[int, int]:
    """`--numbers A..B` (or `A-B`, or `B` for 0..B) as (A, B)."""
    if text is None or str(text).strip() == "":
        return DEFAULT_NUMBERS
    s = str(text).strip().replace("-", "..")
    lo, sep, hi = s.partition("..")
    lo, hi = lo.strip(), hi.strip()
    if not sep:
        lo, hi = "0", lo
    shown = shorten(text)
    if not all(x.isascii() and x.isdigit() and len(x) <= 7 for x in (lo, hi)):
        raise PuzzleError(f"--numbers expects A..B, not {shown!r}")
    a, b = int(lo), int(hi)
    if not a <= b <= MAX_NUMBER:
        raise PuzzleError(f"--numbers must be A..B with A <= B <= {MAX_NUMBER:,}, not {shown!r}")
    if b - a > MAX_TABLE:
        raise PuzzleError(f"--numbers: at most {MAX_TABLE:,} numbers, not {b - a + 1:,}")
    return a, b


def load_table(value: str, numbers: str | None = None) -> NumberTable:
    """The table `--doubly-true` names: a language code, else a file (or, over the
    API, the text of one), limited to `--numbers` (a language's default 0..100)."""
    key = str(value).strip()
    if key.lower() in known_languages():
        lo, hi = parse_numbers(numbers)
        return language_table(key.lower(), lo, hi)
    inline = isinstance(value, InlineText)
    if (inline and len(key.split()) == 1) or (
            not inline and key.isalpha() and len(key) <= 8 and not os.path.exists(key)):
        _speller(key.lower())  # not a language, nor a table: the error lists the languages
    table = read_table(option_text(value, "--doubly-true"), "(inline)" if inline else key)
    if numbers is not None and str(numbers).strip():
        lo, hi = parse_numbers(numbers)
        keep = [(n, w) for n, w in zip(table.numbers, table.names, strict=True) if lo <= n <= hi]
        table = NumberTable(tuple(n for n, _ in keep), tuple(w for _, w in keep), table.source)
    return table


def check_doubly_true(value: str) -> None:
    """A KindOption check: a language code, or anything else taken as a file later."""
    key = str(value).strip()
    if not key:
        raise PuzzleError("--doubly-true expects a language code or a table file")


# -- the walk ---------------------------------------------------------------------------------

def doubly_true(table: NumberTable, addends: tuple[int, int] = (2, 5), repeat: bool = False,
                *, base: int = 10, tally: Tally | None = None,
                progress: Callable[[Tally], None] | None = None,
                compiled: bool | None = None) -> Iterator[Found]:
    """Every `N1 + ... + Nk = S` of the table, k in `addends`, true as numbers and with
    exactly one solution as an alphametic; by k, then in increasing order of the
    numbers. Without `repeat` the k + 1 numbers are distinct."""
    tally = tally if tally is not None else Tally()
    words = WordList(list(table.names), base)
    nums = table.numbers
    where = {n: i for i, n in enumerate(nums)}
    top = nums[-1]
    lo, hi = addends
    masks, n = words.masks, len(nums)
    found: list[tuple[int, tuple[int, ...], int, dict[str, int]]] = []

    def decide(combo: tuple[int, ...], j: int) -> None:
        tally.examined += 1
        use_c = None if len(combo) <= C_TERMS and compiled is not False else False
        ok, undecided, nodes = words.decide(combo, [j], compiled=use_c)
        tally.nodes += nodes
        tally.undecided += len(undecided)
        for _, digits in ok:
            tally.found += 1
            found.append((len(combo), combo, j, digits))

    def walk(combo: tuple[int, ...], start: int, total: int, mask: int) -> None:
        k = len(combo)
        if k >= lo:
            tally.sets += 1
            j = where.get(total)
            if j is not None and (repeat or j not in combo) and \
                    (mask | masks[j]).bit_count() <= base:
                decide(combo, j)
        if k >= hi:
            return
        for i in range(start, n):
            value = total + nums[i]
            if value > top:
                break
            m = mask | masks[i]
            if m.bit_count() > base:
                continue
            walk(combo + (i,), i if repeat else i + 1, value, m)

    for first in range(n):
        if masks[first].bit_count() <= base and (hi >= 1):
            walk((first,), first if repeat else first + 1, nums[first], masks[first])
        if progress:
            progress(tally)
    found.sort(key=lambda f: (f[0], f[1], f[2]))
    for _, combo, j, digits in found:
        yield Found(tuple(words.words[i] for i in combo), words.words[j],
                    tuple(sorted(digits.items())))
