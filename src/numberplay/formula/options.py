"""The options of enigma.py's alphametic solvers, for every formula kind.

`--digits 0-8` (the digits the letters may take), `--invalid D,LETTERS`
(repeatable: digit D may not stand for those letters), `--distinct LETTERS`
(only these letters differ; `ABC,DEF` two groups; `""` or `0` none), `--symbols
SYMBOLS` (which characters are unknowns: `0123456789` reads every digit printed
as a symbol of its own), `--extra FORMULA` (a further condition), and the
wildcard `?` (any digit, not necessarily different from the others). A formula
kind takes them all by adding `FORMULA_OPTIONS` to its `options`; its `parse`
gets them as keywords and `puzzle.read_formulas` applies them, so solving,
counting, checking and explaining honour them with no code of the kind's own.

The puzzle keeps `digits`, `invalid` and `distinct` (`model.FormulaPuzzle`);
`symbols`, `extra` and `?` rewrite the formula itself when it is read, so a
puzzle written back (`to_text`) reads the same without them.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..errors import PuzzleError
from ..kinds import PUZZLE_COMMANDS, KindOption
from ..text import shorten
from .lang import is_symbol, tokenize

MAX_WILDCARDS = 200


def _check(reader):
    def check(value: Any) -> None:
        reader(value)
    return check


def parse_digits(text: Any, base: int = 36) -> tuple[int, ...]:
    """`0-8`, `1,3,5`, `0-3,7` (decimal, as in enigma.py) as sorted digits; PuzzleError
    naming --digits otherwise."""
    if isinstance(text, (list, tuple)):
        text = ",".join(str(v) for v in text)
    if not isinstance(text, str) or not text.strip():
        raise PuzzleError(f"--digits expects digits such as 0-8 or 1,3,5, not "
                          f"{shorten(str(text))!r}")
    out: set[int] = set()
    for part in re.split(r"[,|\s]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"([0-9]{1,2})(?:-([0-9]{1,2}))?", part)
        if not m:
            raise PuzzleError(f"--digits expects digits such as 0-8 or 1,3,5, not "
                              f"{shorten(part)!r}")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if hi < lo:
            raise PuzzleError(f"--digits: the range {part} is empty")
        if hi >= base:
            raise PuzzleError(f"--digits: {hi} is not a digit in base {base}")
        out.update(range(lo, hi + 1))
    if not out:
        raise PuzzleError("--digits names no digit")
    return tuple(sorted(out))


def parse_invalid(text: Any, base: int = 36) -> tuple[tuple[int, str], ...]:
    """`0,016` or several, `0,016;1,1` (a repeated `--invalid` on the command line
    is joined so), as ((digit, letters), ...): digit D may not stand for those letters.
    D may be a range or a list (`0-2`, `1|3`). An empty spec (`--invalid ""`, or `0,`)
    names no letter: enigma.py's way to allow leading zeros (see `Rules`)."""
    if isinstance(text, (list, tuple)):
        text = ";".join(str(v) for v in text)
    if not isinstance(text, str):
        raise PuzzleError("--invalid expects DIGIT,LETTERS (e.g. 0,AB)")
    out: dict[int, str] = {}
    for spec in text.split(";"):
        spec = spec.strip()
        if not spec:
            out.setdefault(0, "")
            continue
        digits, sep, letters = spec.rpartition(",")
        if not sep:
            raise PuzzleError(f"--invalid expects DIGIT,LETTERS (e.g. 0,AB), not "
                              f"{shorten(spec)!r}")
        letters = letters.strip()
        bad = next((ch for ch in letters if not (is_symbol(ch) or ch.isdigit())), None)
        if bad is not None:
            raise PuzzleError(f"--invalid: {bad!r} in {shorten(spec)!r} is not a letter")
        for d in parse_digits(digits.replace("|", ","), base):
            out[d] = "".join(sorted(set(out.get(d, "")) | set(letters)))
    return tuple(sorted(out.items()))


def parse_distinct(text: Any) -> tuple[str, ...] | None:
    """`--distinct`: None (every letter differs from every other: `1`, or not given),
    () (no two need differ: `""` or `0`), or groups of letters that differ
    (`ABC` one group, `ABC,DEF` two)."""
    if text is None:
        return None
    if isinstance(text, (list, tuple)):
        text = ",".join(str(v) for v in text)
    if isinstance(text, bool) or not isinstance(text, str):
        raise PuzzleError("--distinct expects letters (ABC, groups ABC,DEF), '' or 0 for none")
    text = text.strip()
    if text == "1":
        return None
    if text in ("", "0"):
        return ()
    groups = []
    for part in re.split(r"[,\s]+", text):
        if not part:
            continue
        bad = next((ch for ch in part if not (is_symbol(ch) or ch.isdigit())), None)
        if bad is not None:
            raise PuzzleError(f"--distinct: {bad!r} is not a letter")
        groups.append("".join(sorted(set(part))))
    return tuple(groups)


def check_symbols(text: Any) -> None:
    """A KindOption check for `--symbols`."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleError("--symbols expects the characters that are unknowns, e.g. "
                          "ABCDEFGHIJ or 0123456789")
    bad = next((ch for ch in text.strip() if not (is_symbol(ch) or "0" <= ch <= "9")), None)
    if bad is not None:
        raise PuzzleError(f"--symbols: {bad!r} is neither a letter nor a digit")


def check_extra(text: Any) -> None:
    """A KindOption check for `--extra`: a statement of the formula language."""
    from .lang import check_statement, parse_formula
    if not isinstance(text, str) or not text.strip():
        raise PuzzleError("--extra expects a condition, e.g. 'E % 2 = 0'")
    try:
        check_statement(parse_formula(text), text)
    except PuzzleError as exc:
        raise PuzzleError(f"--extra: {exc.reason}") from None


FORMULA_OPTIONS: tuple[KindOption, ...] = (
    KindOption("digits", "The digits the letters may take, in decimal: 0-8, 1,3,5 "
               "(default: every digit of the base).", type=str, metavar="0-8",
               commands=PUZZLE_COMMANDS, check=_check(parse_digits)),
    KindOption("invalid", "Digit D may not stand for these letters: 0,AB (repeatable, "
               "as in enigma.py; D may be a range, 1-3). Naming digit 0 replaces the "
               "rule that leading letters are not 0 (--invalid 0, allows leading zeros).",
               type=str, metavar="D,LETTERS", commands=PUZZLE_COMMANDS,
               check=_check(parse_invalid), repeat=True),
    KindOption("distinct", "Only these letters must take different digits: ABC (ABC,DEF: "
               "two groups; '' or 0: none). Default: every letter.", type=str,
               metavar="LETTERS", commands=PUZZLE_COMMANDS, check=_check(parse_distinct)),
    KindOption("symbols", "The characters that are unknowns: 0123456789 reads every digit "
               "printed as a symbol of its own ('every digit is wrong' puzzles); a letter "
               "of the formula not listed is refused.", type=str, metavar="SYMBOLS",
               commands=PUZZLE_COMMANDS, check=check_symbols),
    KindOption("extra", "A further condition in the formula language, joined with 'and': "
               "'E % 2 = 0', 'is_prime(ABC)'.", type=str, metavar="FORMULA",
               commands=PUZZLE_COMMANDS, check=check_extra),
)
"""The options every formula kind takes (add them to the kind's `options`)."""

FORMULA_OPTION: dict[str, KindOption] = {o.name: o for o in FORMULA_OPTIONS}
"""The same by name, for a kind that takes some of them with a reader of its own (a
kind that is not a `FormulaKind`, reading a printed layout of its own):
`options = (FORMULA_OPTION["digits"], FORMULA_OPTION["invalid"], ...)`, and
`parse_digits`, `parse_invalid`, `parse_distinct`, `with_symbols`, `with_extra`
read their values, so every kind reads them alike."""


# -- rewriting the formula -----------------------------------------------------------------

def with_symbols(formula: str, symbols: str) -> str:
    """The formula with each digit listed in `symbols` read as a symbol of its own
    (written `_3`, cryptator's notation), in numbers and words alike; PuzzleError for
    a letter of the formula that `symbols` does not list."""
    digits = {ch for ch in symbols if "0" <= ch <= "9"}
    letters = {ch for ch in symbols if not "0" <= ch <= "9"}
    out = []
    for t in tokenize(formula):
        text = formula[t.start:t.start + len(t.text)]
        if t.kind == "word":
            if letters:
                bad = next((ch for ch in re.sub(r"_[0-9]", "", text)
                            if is_symbol(ch) and ch not in letters), None)
                if bad is not None:
                    raise PuzzleError(f"--symbols: the letter {bad} of the formula is not "
                                      "one of the symbols", column=t.start + 1)
            text = re.sub(r"(?<!_)([0-9])", lambda m: "_" + m.group(1)
                          if m.group(1) in digits else m.group(1), text)
        elif t.kind == "number" and text.isdigit() and formula[t.start] not in "'\"":
            text = "".join("_" + ch if ch in digits else ch for ch in text)
            if "_" in text and not text.startswith("_"):
                raise PuzzleError(f"--symbols: the number {t.text} mixes symbols and "
                                  "digits; write its digits as symbols or none",
                                  column=t.start + 1)
        out.append(text)
    return "".join(out)


def _wildcard_letters(formula: str, k: int) -> list[str]:
    """k letters not in the formula for its `?` (Greek small letters first)."""
    used = set(formula)
    out = []
    for code in [*range(0x3B1, 0x3CA), *range(0x430, 0x450), *range(0x4E00, 0x9FA0)]:
        ch = chr(code)
        if ch not in used and ch.isalpha():
            out.append(ch)
            if len(out) == k:
                return out
    raise PuzzleError("too many '?' in the formula")        # pragma: no cover


def with_wildcards(formula: str) -> tuple[str, frozenset[str]]:
    """The formula with each `?` a letter of its own not in it (so any digit, the
    same as another's or not, and not 0 when it begins a number), and those letters."""
    k = formula.count("?")
    if not k:
        return formula, frozenset()
    if k > MAX_WILDCARDS:
        raise PuzzleError(f"too many '?' ({k}, at most {MAX_WILDCARDS})")
    fresh = iter(_wildcard_letters(formula, k))
    out = "".join(next(fresh) if ch == "?" else ch for ch in formula)
    return out, frozenset(ch for ch in out if ch not in formula)


def with_extra(formula: str, extra: str | None) -> str:
    """The formula and the extra condition, joined with `and`."""
    if not extra or not extra.strip():
        return formula
    return f"{formula} and ({extra.strip()})"


# -- the rules a search follows ------------------------------------------------------------

class Rules(NamedTuple):
    """The digits each letter may take (a bit mask per letter, in the compiled
    formula's letter order; the leading rule already applied) and the groups of
    letters that must differ (a bit mask of groups per letter; 0: in no group).
    `plain` when they are the default rules (every letter distinct, every digit, no
    leading 0), which the search's fast paths assume; `lead_zero` when a leading
    letter may be 0 (the interval bounds assume it cannot)."""

    allowed: tuple[int, ...]
    groups: tuple[int, ...]
    all_distinct: bool
    plain: bool
    lead_zero: bool


def rules(letters: list[str], lead: frozenset[str], base: int,
          digits: tuple[int, ...] = (), invalid: tuple[tuple[int, str], ...] = (),
          distinct: tuple[str, ...] | None = None, fixed: frozenset[str] = frozenset()
          ) -> Rules:
    """The rules of a puzzle whose compiled formula has these letters and leading
    letters. Naming digit 0 in `invalid` replaces the leading rule with its letters
    (enigma.py's `--invalid 0,...`); `digits` bounds the letters not `fixed` (as in
    enigma.py); letters the formula does not have are ignored."""
    full = (1 << base) - 1
    dmask = full
    if digits:
        dmask = 0
        for d in digits:
            dmask |= 1 << d
    bad = dict(invalid)
    zero_rule = 0 not in bad
    allowed = []
    for c in letters:
        m = full if c in fixed else dmask
        if zero_rule and c in lead:
            m &= ~1
        for d, names in bad.items():
            if c in names:
                m &= ~(1 << d)
        allowed.append(m)
    if distinct is None:
        groups = [1] * len(letters)
    else:
        groups = [0] * len(letters)
        for g, members in enumerate(distinct):
            for i, c in enumerate(letters):
                if c in members:
                    groups[i] |= 1 << g
    all_distinct = distinct is None or any(set(letters) <= set(g) for g in distinct)
    plain = all_distinct and not digits and not invalid
    lead_zero = any(m & 1 for c, m in zip(letters, allowed, strict=True) if c in lead)
    return Rules(tuple(allowed), tuple(groups), all_distinct, plain, lead_zero)


def caption(digits: tuple[int, ...], invalid: tuple[tuple[int, str], ...],
            distinct: tuple[str, ...] | None) -> str:
    """The options in a player's words, for a drawing or a printed puzzle ('' when
    none): `digits 0–8; 5 is not X; only A, B, C differ`."""
    parts = []
    if digits:
        runs: list[str] = []
        start: int | None = digits[0]
        for a, b in zip(digits, [*digits[1:], None], strict=True):
            if b != a + 1:
                runs.append(str(start) if start == a else f"{start}–{a}")
                start = b
        parts.append("digits " + ", ".join(runs))
    for d, letters in invalid:
        if letters:
            parts.append(f"{d} is not {', '.join(letters)}")
        elif d == 0:
            parts.append("a number may start with 0")
    if distinct is not None:
        parts.append("no two letters need differ" if not distinct else
                     "; ".join(f"only {', '.join(g)} differ" for g in distinct))
    return "; ".join(parts)


def describe(digits: tuple[int, ...], invalid: tuple[tuple[int, str], ...],
             distinct: tuple[str, ...] | None) -> list[str]:
    """The options as `to_text` writes them, one directive a line."""
    lines = []
    if digits:
        lines.append("digits " + ",".join(map(str, digits)))
    for d, letters in invalid:
        lines.append(f"invalid {d},{letters}")
    if distinct is not None:
        lines.append("distinct " + (",".join(distinct) if distinct else "0"))
    return lines
