"""A formula's clues for the setter's workbench: the parts of an `and`, and each
column of a sum of words, as formulas of their own that can be kept or dropped."""

from __future__ import annotations

import re
from functools import lru_cache

from ..errors import PuzzleError
from .lang import MAX_CHARS, tokenize, word_spans

_WORD = r"\s*([^\W\d_]+)\s*"
_ANY = r"\s*[^\W\d_]+\s*"
_SUM = re.compile(rf"^{_WORD}((?:\+{_ANY})*)(?:==?){_WORD}$")


def split_and(formula: str) -> list[str]:
    """The parts of a formula joined by a top-level `and`, `&&` or `;` (outside
    brackets; a word spelt `and`, as in `and + or = not`, is no joint)."""
    try:
        tokens = tokenize(formula)
    except PuzzleError:
        return [formula.strip()] if formula.strip() else []
    parts, depth, start = [], 0, 0
    for t in tokens:
        if t.kind == "op" and t.text in "([":
            depth += 1
        elif t.kind == "op" and t.text in ")]":
            depth -= 1
        elif depth == 0 and (t.kind == "keyword" and t.text == "and"
                             or t.kind == "op" and t.text in ("&&", ";")):
            parts.append(formula[start:t.start].strip())
            start = t.start + len(t.text)
    parts.append(formula[start:].strip())
    return [p for p in parts if p]


def sum_words(part: str) -> tuple[list[str], str] | None:
    """(addends, result) of `W1 + W2 + ... = R` written in words only, else None."""
    m = _SUM.match(part)
    if not m:
        return None
    addends = [m.group(1), *re.findall(r"[^\W\d_]+", m.group(2))]
    words = [*addends, m.group(3)]
    spans = word_spans(part)
    return (addends, m.group(3)) if len(spans) == len(words) and all(
        part[a:b] == w for (a, b), w in zip(spans, words, strict=True)) else None


def columns(addends: list[str], result: str, base: int) -> list[tuple[str, str]]:
    """(name, formula) of each column of a sum, units first: column j holds the
    digit j of the sum with the carry the lower digits make; the last holds all
    the digits above, so together they are the sum."""
    out = []
    top = len(result) - 1
    for j in range(len(result)):
        letters = " + ".join(w[-1 - j] for w in addends if j < len(w)) or "carry"
        name = f"column {j + 1} ({letters} = {result[-1 - j]})"
        if j == top:   # the sum's digits from j up are the result's first letters
            lhs, high = " + ".join(addends), result[:len(result) - j]
            text = f"{high} * {base} ** {j} <= {lhs} < ({high} + 1) * {base} ** {j}"
        else:
            lhs = " + ".join(f"{w} % {base} ** {j + 1}" for w in addends)
            text = f"({lhs}) // {base} ** {j} % {base} == {result[-1 - j]}"
        out.append((name, text))
    return out


@lru_cache(maxsize=64)
def formula_clues(formula: str, base: int) -> list[tuple[str, str]]:
    """(name, formula) of every clue: each part of an `and`, a sum of words by columns."""
    parts = split_and(formula)
    out: list[tuple[str, str]] = []
    for k, part in enumerate(parts, start=1):
        found = sum_words(part)
        cols = columns(*found, base) if found and len(found[1]) > 1 else []
        if cols and sum(len(text) + 5 for _, text in cols) <= MAX_CHARS:
            out += cols
        else:   # one clue (a long sum's columns would not be a formula we read)
            out.append((f"equation {k}: {part}" if len(parts) > 1 else part, part))
    return out
