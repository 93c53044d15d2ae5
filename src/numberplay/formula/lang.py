"""The formula language: a safe parser and an exact evaluator.

A formula is read with Python's `ast` (after mapping `=` to `==`, `^` to `**`
and a standalone `x` or `×` to `*`) and converted into a whitelisted tree of
the node classes below; nothing is ever `eval`-ed. Values are exact: `int`,
`fractions.Fraction`, `bool`, tuples/lists/frozensets and `range`.

An operation that Python would reject (dividing by zero, a type error), a
power that is not exact (`2 ^ 0.5`) or a value larger than `MAX_BITS` bits
has *no value*: evaluation raises `NoValue` and the formula is false for that
assignment. Letter-free parts are folded at parse time; a letter-free part
that is too large is refused there with a PuzzleError.
"""

from __future__ import annotations

import ast
import operator
import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from ..errors import PuzzleError
from ..text import shorten

MAX_CHARS = 20_000        # longest formula accepted
MAX_WORD = 200            # longest word (letters)
MAX_LITERAL = 100         # most digits in a number literal
MAX_NEST = 50             # deepest bracket nesting
MAX_OPERATORS = 2_000     # most operators (Python's parser recurses on long chains)
MAX_DEPTH = 120           # deepest expression tree (after flattening + and -)
MAX_BITS = 13_300         # about 4,000 decimal digits: the bound on every value
MAX_EXPONENT_DEN = 1_000  # largest root taken by a fractional power

FUNCTIONS = {"sum": (1, 2), "range": (1, 3), "abs": (1, 1), "min": (1, 50), "max": (1, 50),
             "is_prime": (1, 1), "is_square": (1, 1), "is_cube": (1, 1),
             "is_triangular": (1, 1), "is_palindrome": (1, 1), "dsum": (1, 1)}
PREDICATES = frozenset({"is_prime", "is_square", "is_cube", "is_triangular", "is_palindrome"})
MAX_PRIME_TEST = 3_317_044_064_679_887_385_961_981   # Miller-Rabin on the first 13 primes
                                                     # is exact below this (about 3.3e24)
KEYWORDS = {"and", "or", "not", "in", "is"}

Env = list[int]
Fn = Callable[[Env], Any]


class NoValue(Exception):
    """An expression has no value for this assignment (formula false)."""


class TooBig(NoValue):
    """A value would exceed MAX_BITS."""


# -- preprocessing --------------------------------------------------------------------------
#
# A word is a run of letters: any character that is a letter in Unicode (a capital or lower-case
# letter of any alphabet, a letter of a script without case such as Devanagari), then letters,
# combining marks (each mark a symbol of its own, as crypt and cryptator count them), format
# characters (a soft hyphen: a symbol too, as cryptator reads it) and ASCII digits (a digit in a
# word stands for itself, as in crypt). Every distinct character is its own letter: no
# case folding (`a` and `A`, Turkish `i`, `İ`, `ı` and `I` are four letters). The lower-case
# names (`and`, `or`, `not`, `in`, `is`, `x`, `sum`, `range`, `abs`, `min`, `max`) are read as
# names only where the grammar needs them there (see `_roles`); anywhere else they are words.

_SPACE = re.compile(r"\s+")
_NUMBER = re.compile(r"[0-9]+\.?[0-9]*|\.[0-9]+")
_QUOTED = re.compile(r"'([0-9]*)'|\"([0-9]*)\"")
_MULTI = ("==", "!=", "<=", ">=", "**", "//", "&&")
_OPERATORS = frozenset({"+", "-", "*", "/", "//", "%", "**", "^", "×", "=", "==", "!=",
                        "<", "<=", ">", ">=", "&&", ";"})
BINARY_NAMES = frozenset({"and", "or", "in", "is"})   # names between two operands
OPENING = "([{"
_MARKS = frozenset({"Mn", "Mc", "Me", "Cf"})   # categories that count as letters in a word


def is_letter(ch: str) -> bool:
    """A capital letter of any alphabet (A, Ü, Ñ, Ω, Ж): the letters of the
    crypto-products' words and of word lists (which are upper-cased)."""
    return len(ch) == 1 and ch.isalpha() and ch.isupper()


def is_word(tok: str) -> bool:
    """A run of capital letters (of any alphabet)."""
    return bool(tok) and all(is_letter(ch) for ch in tok)


def is_symbol(ch: str) -> bool:
    """A letter of a formula: one character that is a letter of any script or case
    (a, A, ı, स), a combining mark (the vowel sign ा) or an invisible format
    character (a soft hyphen): each is its own letter, as cryptator counts them."""
    return len(ch) == 1 and (ch.isalpha() or unicodedata.category(ch) in _MARKS)


def _word_char(ch: str) -> bool:
    """Can ch continue a word (a letter, a combining mark, an ASCII digit)?"""
    return is_symbol(ch) or "0" <= ch <= "9"


class Token(NamedTuple):
    """One token of a formula: its kind (`space`, `name`, `number`, `op`, and after
    `_roles` also `word` and `keyword`), its text and its 0-based start."""

    kind: str
    text: str
    start: int


def _digits_then_letter(text: str, i: int) -> bool:
    """Do digits at i run straight into a letter (`2b`: a word, as crypt reads it)?"""
    j = i
    while j < len(text) and "0" <= text[j] <= "9":
        j += 1
    return j > i and j < len(text) and text[j].isalpha()


def _scan(text: str) -> list[Token]:
    """The tokens of a formula, before names are told from words."""
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        m = _SPACE.match(text, i)
        if m:
            out.append(Token("space", m.group(), i))
        elif ch.isalpha() or ch == "_" or _digits_then_letter(text, i):
            j = i + 1
            while j < n and (_word_char(text[j]) or text[j] == "_"):
                j += 1
            out.append(Token("name", text[i:j], i))
            i = j
            continue
        elif "0" <= ch <= "9" or (ch == "." and i + 1 < n and "0" <= text[i + 1] <= "9"):
            m = _NUMBER.match(text, i)
        elif ch in "'\"":
            m = _QUOTED.match(text, i)
            if not m or not (m.group(1) or m.group(2)):
                raise PuzzleError("a quoted number holds digits only ('10')", column=i + 1)
            out.append(Token("number", m.group(1) or m.group(2), i))
            i = m.end()
            continue
        else:
            op = next((o for o in _MULTI if text.startswith(o, i)), ch)
            out.append(Token("op", op, i))
            i += len(op)
            continue
        assert m is not None
        if m.re is _NUMBER:
            out.append(Token("number", m.group(), i))
        i = m.end()
    return out


def _roles(tokens: list[Token]) -> list[Token]:
    """The tokens with each name read as a word or as a reserved name: a function
    before `(`, `and`/`or`/`in`/`is` (and the `x` of multiplication) after an operand,
    `not` after an operand (`not in`) or before one (a number, a bracket, a name
    other than those five); any other name is a word."""
    sig = [t for t in tokens if t.kind != "space"]
    roles: dict[int, str] = {}
    operand = False                       # did the previous token end an operand?
    not_in = False                        # was it the `not` of `not in`?
    for k, t in enumerate(sig):
        nxt = sig[k + 1] if k + 1 < len(sig) else None
        binary_not = False
        if t.kind == "name":
            role = "word"
            if t.text in FUNCTIONS and not operand and nxt is not None and nxt.text == "(":
                role = "keyword"
            elif (t.text in BINARY_NAMES or t.text == "x") and operand:
                role = "keyword"
            elif t.text == "in" and not_in:
                role = "keyword"
            elif t.text == "not" and (operand or (nxt is not None and (
                    nxt.kind == "number" or nxt.text in OPENING or nxt.kind == "name"
                    and nxt.text not in BINARY_NAMES and nxt.text != "x"))):
                role, binary_not = "keyword", operand
            roles[t.start] = role
            operand = role == "word"
        else:
            operand = t.kind == "number" or t.text in ")]}"
        not_in = binary_not
    return [t._replace(kind=roles[t.start]) if t.kind == "name" else t for t in tokens]


_SYMBOL_DIGIT = re.compile(r"_[0-9]")


def digits_as_symbols(text: str) -> str:
    """The formula read as cryptator reads it: each digit inside a word becomes a
    symbol of its own, written `_3` (`tekken3` -> `tekken_3`); a number standing
    alone stays a number. A text that cannot be read is given back unchanged (the
    parser then says why)."""
    try:
        tokens = tokenize(text)
    except PuzzleError:
        return text
    out = []
    for t in tokens:
        if t.kind == "word":
            out.append(re.sub(r"(?<!_)([0-9])", r"_\1", t.text))
        else:
            out.append(text[t.start:t.start + len(t.text)])
    return "".join(out)


def tokenize(text: str) -> list[Token]:
    """The tokens of a formula, each name read as a word or a reserved name."""
    return _roles(_scan(text))


def word_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every word of a formula, or [] when it cannot be read."""
    try:
        return [(t.start, t.start + len(t.text)) for t in tokenize(text) if t.kind == "word"]
    except PuzzleError:
        return []


def preprocess(text: str) -> tuple[str, list[int], list[str]]:
    """The Python-syntax source of a formula, for each of its characters the 1-based
    column in `text` it came from, and the words (the source names word k `_wk`).
    Refuses unknown characters, long words or literals and deep nesting."""
    if len(text) > MAX_CHARS:
        raise PuzzleError(f"formula too long ({len(text):,} characters, at most {MAX_CHARS:,})")
    out: list[str] = []
    cols: list[int] = []
    words: list[str] = []
    depth = 0
    operators = 0

    def emit(s: str, col: int, last: int | None = None) -> None:
        """Append s; with `last`, s is one token padded with spaces (so that `ab'10'`
        stays two tokens) whose last character maps to the user's column `last`."""
        if last is None:
            out.append(s)
            cols.extend([col] * len(s))
            return
        out.append(f" {s} ")
        cols.extend([col] * len(s) + [last, last])

    tokens = tokenize(text)
    for k, t in enumerate(tokens):
        tok, col = t.text, t.start + 1
        if tok in _OPERATORS or t.kind == "keyword" and tok not in FUNCTIONS:
            operators += 1
            if operators > MAX_OPERATORS:
                raise PuzzleError(f"too many operators (more than {MAX_OPERATORS:,})",
                                  column=col)
        if t.kind == "space":
            emit(" " * len(tok), col)
        elif t.kind == "word":
            _check_word(tok, col)
            emit(f"_w{len(words)}", col, col + len(tok) - 1)
            words.append(tok)
        elif t.kind == "keyword":
            emit("*" if tok == "x" else tok, col, col + len(tok) - 1)
        elif t.kind == "name":                                   # pragma: no cover
            raise PuzzleError(f"unknown name {shorten(tok, 30)!r}", column=col)
        elif t.kind == "number":
            if len(tok) > MAX_LITERAL:
                raise PuzzleError(f"number literal too long ({len(tok)} digits, at most "
                                  f"{MAX_LITERAL})", column=col)
            emit(tok, col, col + len(tok) - 1)
        elif tok == "^":
            emit("**", col)
        elif tok == "×":
            emit("*", col)
        elif tok == "=":
            emit("==", col)
        elif tok in ("&&", ";"):
            if tok == ";" and all(x.kind == "space" for x in tokens[k + 1:]):
                continue                                # a statement's closing ';'
            emit(" and ", col)
        elif tok in OPENING:
            depth += 1
            if depth > MAX_NEST:
                raise PuzzleError(f"brackets nested too deeply (more than {MAX_NEST})",
                                  column=col)
            emit(tok, col)
        elif tok in ")]}":
            depth -= 1
            emit(tok, col)
        elif tok in ("==", "!=", "<=", ">=", "**", "//") or tok in "+-*/%<>,":
            emit(tok, col)
        elif tok == ".":
            raise PuzzleError("attribute access ('.') is not allowed", column=col)
        else:
            raise PuzzleError(f"unexpected character {tok!r}", column=col)
    return "".join(out), cols, words


def _check_word(tok: str, col: int) -> None:
    """PuzzleError for a word that is too long, has an underscore other than the one
    of a symbol digit (`_3`) or a compatibility form of a letter (full-width Ａ, the
    ligature ﬁ)."""
    if _SYMBOL_DIGIT.sub("", tok).count("_"):
        raise PuzzleError(f"unknown name {shorten(tok, 30)!r} (a word is letters and digits; "
                          f"'_' is allowed only before a digit, the symbol `_3`)", column=col)
    bad = next((ch for ch in tok if unicodedata.normalize("NFKC", ch) != ch), None)
    if bad is not None:
        raise PuzzleError(f"the letter {bad!r} of {shorten(tok)!r} is a compatibility "
                          f"form of {unicodedata.normalize('NFKC', bad)!r}: write that "
                          "instead", column=col)
    if len(tok) > MAX_WORD:
        raise PuzzleError(f"word of {len(tok):,} letters is too long (at most {MAX_WORD})",
                          column=col)


# -- value helpers --------------------------------------------------------------------------

def _norm(v: Any) -> Any:
    """A Fraction with denominator 1 as an int."""
    if type(v) is Fraction and v.denominator == 1:
        return v.numerator
    return v


def _num(v: Any) -> Any:
    """v if it is a number (int, bool, Fraction), else NoValue."""
    if type(v) in (int, bool, Fraction):
        return v
    raise NoValue


def _bound(v: Any) -> Any:
    """v, or TooBig if it has more than MAX_BITS bits."""
    if type(v) is int:
        if v.bit_length() > MAX_BITS:
            raise TooBig
    elif type(v) is Fraction:
        if v.numerator.bit_length() > MAX_BITS or v.denominator.bit_length() > MAX_BITS:
            raise TooBig
    return v


def iroot(a: int, q: int) -> int:
    """floor(a ** (1/q)) for a >= 0, q >= 1."""
    if a < 2 or q == 1:
        return a
    if q >= a.bit_length():
        return 1
    x = 1 << ((a.bit_length() + q - 1) // q)
    while True:
        y = ((q - 1) * x + a // x ** (q - 1)) // q
        if y >= x:
            return x
        x = y


def _exact_root(a: Any, q: int) -> Any:
    """The exact q-th root of a non-negative int or Fraction, else NoValue."""
    if a < 0:
        raise NoValue
    a = Fraction(a)
    rn, rd = iroot(a.numerator, q), iroot(a.denominator, q)
    if rn ** q != a.numerator or rd ** q != a.denominator:
        raise NoValue
    return _norm(Fraction(rn, rd))


def power(a: Any, b: Any) -> Any:
    """a ** b exactly, or NoValue (not exact, 0 to a negative power) or TooBig."""
    if type(a) is int and type(b) is int and b >= 0:       # the common case, fast
        if (a.bit_length() - 1) * b > MAX_BITS:
            raise TooBig
        r = a ** b
        if r.bit_length() > MAX_BITS:
            raise TooBig
        return r
    a, b = _num(a), _norm(_num(b))
    if type(b) is Fraction:
        if b.denominator > MAX_EXPONENT_DEN:
            raise NoValue
        a = _exact_root(a, b.denominator)
        b = b.numerator
    b = int(b)
    if a == 0:
        if b < 0:
            raise NoValue
        return 1 if b == 0 else 0
    if a in (1, -1):
        return a ** b
    mag = abs(Fraction(a))
    bits = max(mag.numerator.bit_length(), mag.denominator.bit_length()) - 1
    if bits * abs(b) > MAX_BITS:
        raise TooBig
    if b < 0:
        return _bound(_norm(Fraction(1) / Fraction(a) ** -b))
    return _bound(_norm(a ** b))


def mul(a: Any, b: Any) -> Any:
    """a * b for numbers."""
    if type(a) is int and type(b) is int:
        r = a * b
        if r.bit_length() > MAX_BITS:
            raise TooBig
        return r
    return _bound(_norm(_num(a) * _num(b)))


def div(a: Any, b: Any) -> Any:
    """a / b exactly."""
    a, b = _num(a), _num(b)
    if b == 0:
        raise NoValue
    return _bound(_norm(Fraction(a) / Fraction(b)))


def floordiv(a: Any, b: Any) -> Any:
    """a // b (Python's floor quotient)."""
    a, b = _num(a), _num(b)
    if b == 0:
        raise NoValue
    return _bound(_norm(a // b))


def mod(a: Any, b: Any) -> Any:
    """a % b (Python's modulo)."""
    a, b = _num(a), _num(b)
    if b == 0:
        raise NoValue
    return _bound(_norm(a % b))


def _contains(container: Any, item: Any) -> bool:
    """item in container, without slow range scans; NoValue on a type error."""
    if type(container) is range:
        return type(item) in (int, bool) and item in container
    if type(container) not in (tuple, list, frozenset):
        raise NoValue
    try:
        return item in container
    except TypeError:
        raise NoValue from None


def _compare(op: str) -> Callable[[Any, Any], bool]:
    """The function of one comparison operator; `is` means ==, `is not` !=."""
    simple = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
              ">": operator.gt, ">=": operator.ge, "is": operator.eq, "is not": operator.ne}
    if op in simple:
        f = simple[op]

        def cmp(a: Any, b: Any) -> bool:
            try:
                return bool(f(a, b))
            except TypeError:
                raise NoValue from None
        return cmp
    if op == "in":
        return lambda a, b: _contains(b, a)
    return lambda a, b: not _contains(b, a)


def _range_len(r: range) -> int:
    """len(r) for ranges of any size."""
    if r.step > 0:
        return max(0, (r.stop - r.start + r.step - 1) // r.step)
    return max(0, (r.start - r.stop - r.step - 1) // -r.step)


def _items(v: Any) -> Any:
    """The elements of an iterable value, NoValue for non-iterables."""
    if type(v) in (tuple, list, frozenset):
        return v
    raise NoValue


def _whole(v: Any) -> int:
    """v as an int (a bool counts, a whole Fraction is already an int), else NoValue."""
    if type(v) is int:
        return v
    if type(v) is bool:
        return int(v)
    raise NoValue


_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def is_prime(n: int) -> bool:
    """Whether n is prime: trial dividing by small primes, then a Miller-Rabin test on
    the first 13 primes, which is exact below MAX_PRIME_TEST (Sorenson and Webster);
    a larger n is refused with a PuzzleError naming the bound (never a guess)."""
    if n < 2:
        return False
    for p in _WITNESSES:
        if n % p == 0:
            return n == p
    if n < 43 * 43:
        return True
    if n >= MAX_PRIME_TEST:
        raise PuzzleError(f"is_prime({shorten(str(n), 30)}): a number of {len(str(n))} "
                          f"digits is beyond the exact prime test (at most "
                          f"{len(str(MAX_PRIME_TEST)) - 1} digits)")
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _digits_of(v: Any, base: int) -> list[Any]:
    """The digits of an int in the base (its sign ignored), or the items of a tuple or list."""
    if type(v) in (tuple, list):
        return list(v)
    n = abs(_whole(v))
    out = [n % base]
    while n >= base:
        n //= base
        out.append(n % base)
    return out


def predicate(name: str, v: Any, base: int = 10) -> Any:
    """is_prime, is_square, is_cube, is_triangular, is_palindrome (bool) and dsum (the
    digit sum in the base), exactly; NoValue for an argument that is not a whole number
    (is_palindrome and dsum: a tuple or list too)."""
    if name == "is_palindrome":
        digits = _digits_of(v, base)
        return digits == digits[::-1]
    if name == "dsum":
        return _bound(sum(_num(d) for d in _digits_of(v, base)))
    n = _whole(v)
    if name == "is_prime":
        return is_prime(n)
    if name == "is_square":
        return n >= 0 and iroot(n, 2) ** 2 == n
    if name == "is_cube":
        r = iroot(abs(n), 3)
        return r ** 3 == abs(n)
    return n >= 0 and iroot(8 * n + 1, 2) ** 2 == 8 * n + 1      # is_triangular


def call(name: str, args: list[Any], base: int = 10) -> Any:
    """One of the allowed functions, exactly (`base`: the digits of dsum and
    is_palindrome)."""
    if name in PREDICATES or name == "dsum":
        return predicate(name, args[0], base)
    if name == "abs":
        return abs(_num(args[0]))
    if name == "range":
        if any(type(a) not in (int, bool) for a in args):
            raise NoValue
        if len(args) == 3 and args[2] == 0:
            raise NoValue
        return range(*args)
    if name == "sum":
        start = _num(args[1]) if len(args) == 2 else 0
        seq = args[0]
        if type(seq) is range:
            n = _range_len(seq)
            return _bound(start + (n * (2 * seq.start + (n - 1) * seq.step)) // 2 if n else start)
        total = start
        for v in _items(seq):
            total = _bound(_norm(total + _num(v)))
        return total
    seq = args if len(args) > 1 else args[0]
    if type(seq) is range:
        n = _range_len(seq)
        if n == 0:
            raise NoValue
        ends = (seq.start, seq.start + (n - 1) * seq.step)
        return min(ends) if name == "min" else max(ends)
    items = list(_items(seq))
    if not items:
        raise NoValue
    try:
        return min(items) if name == "min" else max(items)
    except TypeError:
        raise NoValue from None


# -- the tree ----------------------------------------------------------------------------

class Node:
    """A node of the whitelisted expression tree."""

    __slots__ = ("col",)
    col: int  # the 1-based column in the user's text, set by each subclass

    def letters(self) -> frozenset[str]:
        """The letters of the words below this node."""
        out: frozenset[str] = frozenset()
        for child in self.children():
            out |= child.letters()
        return out

    def words(self) -> list[str]:
        """The words below this node, in order."""
        return [w for c in self.children() for w in c.words()]

    def leading_letters(self) -> frozenset[str]:
        """The letters that begin a number of two or more digits (never 0)."""
        out: frozenset[str] = frozenset()
        for child in self.children():
            out |= child.leading_letters()
        return out

    def children(self) -> tuple[Node, ...]:
        """The sub-expressions."""
        return ()

    def compile(self, index: dict[str, int], base: int) -> Fn:
        """A function env -> value (env: letter values by index); raises NoValue."""
        raise NotImplementedError


class Const(Node):
    """A constant value (a literal, or a folded letter-free part)."""

    __slots__ = ("value",)

    def __init__(self, value: Any, col: int = 0) -> None:
        self.value, self.col = value, col

    def compile(self, index, base):
        value = self.value
        return lambda env: value


class Missing(Node):
    """A letter-free part that has no value (e.g. `1/0`)."""

    __slots__ = ()

    def __init__(self, col: int = 0) -> None:
        self.col = col

    def compile(self, index, base):
        def f(env):
            raise NoValue
        return f


class Word(Node):
    """A word: its letters are the digits of a number in the base. `lead` says
    whether its first letter begins the number (a word of two or more letters
    does; a word that is a part of a word with digits, `HALO` of `HALO2`, says)."""

    __slots__ = ("text", "lead")

    def __init__(self, text: str, col: int = 0, lead: bool | None = None) -> None:
        self.text, self.col = text, col
        self.lead = len(text) > 1 if lead is None else lead

    def letters(self):
        return frozenset(self.text)

    def words(self):
        return [self.text]

    def leading_letters(self):
        return frozenset(self.text[:1]) if self.lead else frozenset()

    def compile(self, index, base):
        idx = [index[c] for c in self.text]
        if len(idx) == 1:
            i = idx[0]
            return lambda env: env[i]

        def f(env):
            v = 0
            for i in idx:
                v = v * base + env[i]
            return v
        return f


class Sum(Node):
    """t1 ± t2 ± ...: terms with signs +1/-1."""

    __slots__ = ("terms",)

    def __init__(self, terms: list[tuple[int, Node]], col: int = 0) -> None:
        self.terms, self.col = terms, col

    def children(self):
        return tuple(t for _, t in self.terms)

    def compile(self, index, base):
        parts = [(s, t.compile(index, base)) for s, t in self.terms]

        def f(env):
            total = 0
            for s, g in parts:
                v = g(env)
                if type(v) is not int:
                    v = _num(v)
                total = total + v if s > 0 else total - v
            return _bound(_norm(total))
        return f


class BinOp(Node):
    """a * b, a / b, a // b, a % b, a ** b."""

    __slots__ = ("op", "left", "right")
    FUNCS = {"*": mul, "/": div, "//": floordiv, "%": mod, "**": power}

    def __init__(self, op: str, left: Node, right: Node, col: int = 0) -> None:
        self.op, self.left, self.right, self.col = op, left, right, col

    def children(self):
        return (self.left, self.right)

    def compile(self, index, base):
        f, a, b = self.FUNCS[self.op], self.left.compile(index, base), self.right.compile(index, base)
        return lambda env: f(a(env), b(env))


class Unary(Node):
    """-a, +a, not a."""

    __slots__ = ("op", "operand")

    def __init__(self, op: str, operand: Node, col: int = 0) -> None:
        self.op, self.operand, self.col = op, operand, col

    def children(self):
        return (self.operand,)

    def compile(self, index, base):
        a = self.operand.compile(index, base)
        if self.op == "not":
            return lambda env: not a(env)
        if self.op == "-":
            return lambda env: -_num(a(env))
        return lambda env: +_num(a(env))


class BoolOp(Node):
    """a and b and ..., a or b or ... (Python's short-circuit values)."""

    __slots__ = ("op", "values")

    def __init__(self, op: str, values: list[Node], col: int = 0) -> None:
        self.op, self.values, self.col = op, values, col

    def children(self):
        return tuple(self.values)

    def compile(self, index, base):
        parts = [v.compile(index, base) for v in self.values]
        is_and = self.op == "and"

        def f(env):
            v = None
            for g in parts:
                v = g(env)
                if bool(v) != is_and:
                    return v
            return v
        return f


class Compare(Node):
    """a op b op c ...: a chained comparison."""

    __slots__ = ("ops", "operands")

    def __init__(self, ops: list[str], operands: list[Node], col: int = 0) -> None:
        self.ops, self.operands, self.col = ops, operands, col

    def children(self):
        return tuple(self.operands)

    def compile(self, index, base):
        fs = [_compare(op) for op in self.ops]
        parts = [o.compile(index, base) for o in self.operands]
        first, rest = parts[0], list(zip(fs, parts[1:], strict=False))

        def f(env):
            left = first(env)
            for cmp, g in rest:
                right = g(env)
                if not cmp(left, right):
                    return False
                left = right
            return True
        return f


class Collection(Node):
    """A set, list or tuple literal."""

    __slots__ = ("ctype", "items")

    def __init__(self, ctype: type, items: list[Node], col: int = 0) -> None:
        self.ctype, self.items, self.col = ctype, items, col

    def children(self):
        return tuple(self.items)

    def compile(self, index, base):
        parts, ctype = [i.compile(index, base) for i in self.items], self.ctype

        def f(env):
            try:
                return ctype(g(env) for g in parts)
            except TypeError:
                raise NoValue from None
        return f


class Call(Node):
    """sum(...), range(...), abs(...), min(...), max(...)."""

    __slots__ = ("name", "args")

    def __init__(self, name: str, args: list[Node], col: int = 0) -> None:
        self.name, self.args, self.col = name, args, col

    def children(self):
        return tuple(self.args)

    def compile(self, index, base):
        parts, name = [a.compile(index, base) for a in self.args], self.name
        return lambda env: call(name, [g(env) for g in parts], base)


# -- ast -> tree ---------------------------------------------------------------------------

_BINOPS = {ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**"}
_CMPOPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
           ast.GtE: ">=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}


class _Converter:
    """Turns a Python ast into the whitelisted tree, folding letter-free parts."""

    def __init__(self, source: str, cols: list[int], text: str, words: list[str],
                 base: int = 10) -> None:
        self.source, self.cols, self.text = source, cols, text
        self.words, self.base = words, base

    def segment(self, node: ast.AST) -> str:
        """The user's text of an ast node (shortened)."""
        try:  # not every ast node has a position (typeshed's AST declares none)
            first = getattr(node, "col_offset", None)
            last = getattr(node, "end_col_offset", None)
            if first is None or last is None:
                raise AttributeError("no position")
            start = self.cols[first] - 1
            end = self.cols[last - 1]
            part = self.text[start:end]
        except (AttributeError, IndexError, TypeError):
            part = ast.get_source_segment(self.source, node) or type(node).__name__
        return shorten(part, 40)

    def col(self, node: ast.AST) -> int:
        """The 1-based column in the user's text."""
        off = getattr(node, "col_offset", 0)
        return self.cols[min(off, len(self.cols) - 1)] if self.cols else 1

    def refuse(self, node: ast.AST, what: str) -> PuzzleError:
        """A PuzzleError naming the offending part."""
        return PuzzleError(f"{what} not allowed: {self.segment(node)!r}", column=self.col(node))

    def convert(self, node: ast.AST, depth: int = 0) -> Node:
        """The tree for an ast node, folded when it has no letters."""
        if depth > MAX_DEPTH:
            raise PuzzleError(f"formula nested too deeply (more than {MAX_DEPTH} levels)",
                              column=self.col(node))
        out = self._convert(node, depth + 1)
        if not isinstance(out, (Const, Missing, Word)) and not out.letters():
            out = self.fold(out, node)
        return out

    def fold(self, out: Node, node: ast.AST) -> Node:
        """Evaluate a letter-free part now."""
        try:
            return Const(out.compile({}, self.base)([]), out.col)
        except TooBig:
            part = self.segment(node)
            raise PuzzleError(f"the value of {part!r} is too large (more than about "
                              f"{MAX_BITS * 3 // 10:,} digits)", column=self.col(node)) from None
        except NoValue:
            return Missing(out.col)

    def _convert(self, node: ast.AST, depth: int) -> Node:
        col = self.col(node)
        if isinstance(node, ast.Constant):
            return self.constant(node)
        if isinstance(node, ast.Name):
            if node.id.startswith("_w"):
                return self.word(self.words[int(node.id[2:])], col)
            raise self.refuse(node, f"the name {node.id!r} outside a call is")
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, (ast.Add, ast.Sub)):
                return self.sum(node, depth)
            if type(node.op) in _BINOPS:
                return BinOp(_BINOPS[type(node.op)], self.convert(node.left, depth),
                             self.convert(node.right, depth), col)
            raise self.refuse(node, "this operator is")
        if isinstance(node, ast.UnaryOp):
            unary = {ast.USub: "-", ast.UAdd: "+", ast.Not: "not"}
            if type(node.op) not in unary:
                raise self.refuse(node, "this operator is")
            return Unary(unary[type(node.op)], self.convert(node.operand, depth), col)
        if isinstance(node, ast.BoolOp):
            op = "and" if isinstance(node.op, ast.And) else "or"
            return BoolOp(op, [self.convert(v, depth) for v in node.values], col)
        if isinstance(node, ast.Compare):
            ops = [_CMPOPS[type(o)] for o in node.ops]
            operands = [self.convert(o, depth) for o in [node.left, *node.comparators]]
            return Compare(ops, operands, col)
        if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
            ctype = {ast.Set: frozenset, ast.List: list, ast.Tuple: tuple}[type(node)]
            if any(isinstance(e, ast.Starred) for e in node.elts):
                raise self.refuse(node, "starred items are")
            return Collection(ctype, [self.convert(e, depth) for e in node.elts], col)
        if isinstance(node, ast.Call):
            return self.call(node, depth)
        raise self.refuse(node, f"{type(node).__name__.lower()} is")

    def word(self, text: str, col: int) -> Node:
        """A word; a word with digits (`HALO2`) is the sum of its runs of letters and
        its digits at their places in the base (each digit stands for itself); a
        digit written `_3` is a symbol like a letter (the letter `3`, cryptator's
        reading: `tekken_3`)."""
        units = [m.group() for m in re.finditer(r"_[0-9]|.", text, re.S)]
        if not any("0" <= u <= "9" for u in units):
            return Word("".join(u[-1] for u in units), col)
        terms: list[tuple[int, Node]] = []
        run = ""
        for k, unit in enumerate(units):
            place = len(units) - 1 - k
            ch = unit[-1]
            if "0" <= unit <= "9":
                if int(ch) >= self.base:
                    raise PuzzleError(f"the digit {ch} of {shorten(text)!r} is not a digit in "
                                      f"base {self.base}", column=col + k)
                if run:             # the letters before the first digit: they lead
                    terms.append((1, self._placed(Word(run, col, lead=True), place + 1)))
                    run = ""
                terms.append((1, Const(int(ch) * self.base ** place, col)))
            elif not terms:
                run += ch
            else:                   # a letter after a digit: its own place, never leading
                terms.append((1, self._placed(Word(ch, col, lead=False), place)))
        return Sum(terms, col)

    def _placed(self, word: Node, place: int) -> Node:
        """word times base ** place."""
        return word if place == 0 else BinOp("*", word, Const(self.base ** place), word.col)

    def constant(self, node: ast.Constant) -> Node:
        """An int or decimal literal, read exactly from its text."""
        if type(node.value) is int:
            return Const(node.value, self.col(node))
        if type(node.value) is float:
            text = ast.get_source_segment(self.source, node) or ""
            try:
                return Const(_norm(Fraction(text)), self.col(node))
            except ValueError:
                pass
        raise self.refuse(node, "this constant is")

    def sum(self, node: ast.BinOp, depth: int) -> Node:
        """Flatten a chain of + and - into one Sum node."""
        terms: list[tuple[int, ast.AST]] = []
        cur: ast.AST = node
        while isinstance(cur, ast.BinOp) and isinstance(cur.op, (ast.Add, ast.Sub)):
            terms.append((1 if isinstance(cur.op, ast.Add) else -1, cur.right))
            cur = cur.left
        terms.append((1, cur))
        terms.reverse()
        return Sum([(s, self.convert(t, depth)) for s, t in terms], self.col(node))

    def call(self, node: ast.Call, depth: int) -> Node:
        """An allowed function call with positional arguments."""
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            raise self.refuse(node, "this call is")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise self.refuse(node, "keyword or starred arguments are")
        lo, hi = FUNCTIONS[node.func.id]
        if not lo <= len(node.args) <= hi:
            raise self.refuse(node, f"{len(node.args)} argument(s) to {node.func.id} are")
        return Call(node.func.id, [self.convert(a, depth) for a in node.args], self.col(node))


def parse_formula(text: str, base: int = 10) -> Node:
    """The whitelisted tree of one formula in a base (the digits of a word such as
    `HALO2` take their places in it); PuzzleError (with a column) otherwise."""
    if not text.strip():
        raise PuzzleError("empty formula")
    source, cols, words = preprocess(text)
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError as exc:
        off = (exc.offset or 1) - 1 + (len(source) - len(source.lstrip()))
        col = cols[min(off, len(cols) - 1)] if cols else None
        raise PuzzleError(f"not a formula: {exc.msg}", column=col) from None
    except (RecursionError, MemoryError, ValueError):
        raise PuzzleError("formula too complex to read") from None
    lead = len(source) - len(source.lstrip())
    conv = _Converter(source.strip(), cols[lead:], text, words, base)
    return conv.convert(tree.body)


def is_statement(node: Node) -> bool:
    """Is the formula a statement (true or false), not just a value? A
    comparison, a predicate (`is_prime(X)`), `not ...`, `and`/`or` of statements,
    or a constant truth."""
    if isinstance(node, Compare):
        return True
    if isinstance(node, Call):
        return node.name in PREDICATES
    if isinstance(node, Unary):
        return node.op == "not"
    if isinstance(node, BoolOp):
        return all(is_statement(v) for v in node.values)
    if isinstance(node, Const):
        return type(node.value) is bool
    return False


def check_statement(node: Node, text: str) -> None:
    """PuzzleError unless the formula says something (`SEND + MORE` has a value
    but is neither true nor false)."""
    if not is_statement(node):
        shown = shorten(text.strip(), 40)
        raise PuzzleError(f"{shown!r} is not a statement: write a comparison such as "
                          "SEND + MORE = MONEY")


def compile_formula(node: Node, index: dict[str, int], base: int) -> Callable[[Env], bool]:
    """env -> True when the formula's value is exactly True (False if it has no value)."""
    f = node.compile(index, base)

    def holds(env: Env) -> bool:
        try:
            return f(env) is True
        except NoValue:
            return False
    return holds
