"""The one walk over linear formulas (`solver.combination`) and its two readings:
letter weights (`solver.linear`) and letters by place (the explanation's
columns), each checked against the value of the words computed here from the
digits, not through the formula's parser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from numberplay.formula import columns as C
from numberplay.formula import solver as S
from numberplay.formula.lang import parse_formula

LETTERS = "ABCDEF"

words = st.text(LETTERS, min_size=1, max_size=4)
numbers = st.integers(0, 99).map(str)     # a constant: signed and scaled as a word
signs, factors = st.sampled_from((1, -1)), st.sampled_from((1, 2, 3))
# A side: signed, scaled terms, each a word, a number or a group in brackets;
# its first term is a word (a side of constants alone is folded by the parser).
groups = st.recursive(
    st.one_of(words, numbers),
    lambda inner: st.lists(st.tuples(signs, factors, inner), min_size=1, max_size=3),
    max_leaves=6)
terms = st.tuples(st.tuples(signs, factors, words),
                  st.lists(st.tuples(signs, factors, groups), max_size=3)
                  ).map(lambda t: [t[0], *t[1]])


def value(body, digits: dict[str, int], base: int) -> int:
    """The value of a word (its digits read in the base), a number, or a group."""
    if isinstance(body, list):
        return sum(sign * factor * value(b, digits, base) for sign, factor, b in body)
    if body.isdigit():
        return int(body)
    out = 0
    for ch in body:
        out = out * base + digits[ch]
    return out


def text(body) -> str:
    """`2 * AB - (CD + 7)` for [(1, 2, "AB"), (-1, 1, [(1, 1, "CD"), (1, 1, "7")])]."""
    if not isinstance(body, list):
        return body
    parts = []
    for sign, factor, b in body:
        inner = f"({text(b)})" if isinstance(b, list) else b
        parts.append(("- " if sign < 0 else "+ ") + (inner if factor == 1
                                                     else f"{factor} * {inner}"))
    return " ".join(parts).removeprefix("+ ")


@settings(max_examples=200, deadline=None)
@given(terms, terms, st.integers(0, 50), st.integers(2, 16),
       st.permutations(range(16)))
def test_both_readings_give_the_value_of_the_words(lhs, rhs, const, base, perm):
    digits = {ch: perm[i] % base for i, ch in enumerate(LETTERS)}
    tree = parse_formula(f"{text(lhs)} + {const} = {text(rhs)}")
    expected = value(lhs, digits, base) + const - value(rhs, digits, base)

    lin_l, lin_r = (S.linear(node, base) for node in tree.operands)
    assert lin_l is not None and lin_r is not None
    by_letter = sum(w * digits[c] for c, w in lin_l[0].items()) + lin_l[1] \
        - sum(w * digits[c] for c, w in lin_r[0].items()) - lin_r[1]
    assert by_letter == expected

    rows = C._rows(*tree.operands)
    assert rows is not None
    places, rest = rows
    by_place = sum(base ** k * sum(m * digits[c] for c, m in row.items())
                   for k, row in places.items()) + rest
    assert by_place == expected


def test_a_product_of_words_is_not_linear():
    tree = parse_formula("AB * CD = EF")
    assert S.linear(tree.operands[0], 10) is None
    assert C._rows(*tree.operands) is None
    assert S.linear(parse_formula("AB / 2 = C").operands[0], 10) is None
