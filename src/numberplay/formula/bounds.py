"""Interval bounds of numeric expressions under a partial assignment.

Unassigned letters range over [smallest unused digit, largest unused digit]
(at least 1 for a leading letter). A comparison whose two sides' intervals
decide it is refuted (prune) or entailed (true for every completion).
Only parts that always have a value are bounded (no `%`, `//`, no `/`
by an interval that contains 0), so entailment is sound.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .lang import BinOp, Compare, Const, Node, Sum, Unary, Word

Interval = tuple[Any, Any] | None
IFn = Callable[[list[int], list[bool], int, int], Interval]


class Unbounded(Exception):
    """The expression is not bounded by this module."""


def interval_fn(node: Node, index: dict[str, int], base: int) -> IFn:
    """(env, known, dlo, dhi) -> (lo, hi) or None; Unbounded if unsupported."""
    if isinstance(node, Const):
        v = node.value
        if type(v) not in (int, bool, Fraction):
            raise Unbounded
        return lambda env, known, dlo, dhi: (v, v)
    if isinstance(node, Word):
        return _word_fn(node.text, index, base)
    if isinstance(node, Unary) and node.op in "+-":
        f = interval_fn(node.operand, index, base)
        if node.op == "+":
            return f

        def neg(env, known, dlo, dhi):
            r = f(env, known, dlo, dhi)
            return None if r is None else (-r[1], -r[0])
        return neg
    if isinstance(node, Sum):
        parts = [(s, interval_fn(t, index, base)) for s, t in node.terms]

        def add(env, known, dlo, dhi):
            lo = hi = 0
            for s, f in parts:
                r = f(env, known, dlo, dhi)
                if r is None:
                    return None
                if s > 0:
                    lo, hi = lo + r[0], hi + r[1]
                else:
                    lo, hi = lo - r[1], hi - r[0]
            return lo, hi
        return add
    if isinstance(node, BinOp):
        return _binop_fn(node, index, base)
    raise Unbounded


def _word_fn(text: str, index: dict[str, int], base: int) -> IFn:
    idx = [index[c] for c in text]
    lead = len(idx) > 1

    def word(env, known, dlo, dhi):
        lo = hi = 0
        first = lead
        for i in idx:
            if known[i]:
                v = env[i]
                lo, hi = lo * base + v, hi * base + v
            else:
                lo, hi = lo * base + (max(dlo, 1) if first else dlo), hi * base + dhi
            first = False
        return lo, hi
    return word


def _binop_fn(node: BinOp, index: dict[str, int], base: int) -> IFn:
    a = interval_fn(node.left, index, base)
    if node.op == "**":
        r = node.right
        if not (isinstance(r, Const) and type(r.value) is int and 0 <= r.value <= 64):
            raise Unbounded
        e = r.value

        def pw(env, known, dlo, dhi):
            x = a(env, known, dlo, dhi)
            if x is None or x[0] < 0:
                return None
            return x[0] ** e, x[1] ** e
        return pw
    b = interval_fn(node.right, index, base)
    if node.op == "*":
        def mul(env, known, dlo, dhi):
            x, y = a(env, known, dlo, dhi), b(env, known, dlo, dhi)
            if x is None or y is None:
                return None
            ps = (x[0] * y[0], x[0] * y[1], x[1] * y[0], x[1] * y[1])
            return min(ps), max(ps)
        return mul
    if node.op == "/":
        def div(env, known, dlo, dhi):
            x, y = a(env, known, dlo, dhi), b(env, known, dlo, dhi)
            if x is None or y is None or y[0] <= 0 <= y[1]:
                return None
            qs = [Fraction(p) / q for p in x for q in y]
            return min(qs), max(qs)
        return div
    raise Unbounded


def compare_fn(check: Compare, index: dict[str, int], base: int):
    """(env, known, dlo, dhi) -> True (entailed), False (refuted) or None; Unbounded."""
    if len(check.ops) != 1 or check.ops[0] not in ("<", "<=", ">", ">=", "==", "!=", "is",
                                                   "is not"):
        raise Unbounded
    op = {"is": "==", "is not": "!="}.get(check.ops[0], check.ops[0])
    fa = interval_fn(check.operands[0], index, base)
    fb = interval_fn(check.operands[1], index, base)

    def decide(env, known, dlo, dhi):
        x, y = fa(env, known, dlo, dhi), fb(env, known, dlo, dhi)
        if x is None or y is None:
            return None
        return _decide(op, x, y)
    return decide


def _decide(op: str, x: tuple, y: tuple) -> bool | None:
    """Is `x op y` true for all, false for all, or undecided over the intervals?"""
    if op in (">", ">="):
        x, y, op = y, x, "<" if op == ">" else "<="
    if op == "<":
        return True if x[1] < y[0] else False if x[0] >= y[1] else None
    if op == "<=":
        return True if x[1] <= y[0] else False if x[0] > y[1] else None
    eq = None
    if x[1] < y[0] or y[1] < x[0]:
        eq = False
    elif x[0] == x[1] == y[0] == y[1]:
        eq = True
    if op == "==" or eq is None:
        return eq
    return not eq


def linear_compare_fn(op: str, weights: list[int], const: int, lead: list[bool]):
    """Decide `sum(w * L) + const  op  0` over intervals, keeping each letter once
    (so `THREE + TWO < THREE + THREE` is bounded as `TWO < THREE`)."""
    op = {"is": "==", "is not": "!="}.get(op, op)
    terms = [(i, w, lead[i]) for i, w in enumerate(weights) if w]

    def decide(env, known, dlo, dhi):
        lo = hi = const
        for i, w, first in terms:
            if known[i]:
                v = w * env[i]
                lo += v
                hi += v
            else:
                a = max(dlo, 1) if first else dlo
                if w > 0:
                    lo += w * a
                    hi += w * dhi
                else:
                    lo += w * dhi
                    hi += w * a
        return _decide(op, (lo, hi), (0, 0))
    return decide
