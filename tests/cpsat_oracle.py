"""A CP-SAT oracle for formulas of words: the model is built from the text alone
(it knows nothing of numberplay's parser). Used by the notation tests and by
benchmarks/check_collection.py --cp-sat."""

from __future__ import annotations

import re

from ortools.sat.python import cp_model as cp


def _factor(text: str, var: dict, m) -> tuple[object, int, int]:
    """A word or a number as (CP-SAT expression, lowest, highest value)."""
    text = text.strip()
    if re.fullmatch(r"'\d+'|\d+", text):
        v = int(text.strip("'"))
        return v, v, v
    expr, lo, hi = 0, 0, 0
    for ch in text:
        if ch.isdigit() and ch not in var:
            expr, lo, hi = expr * 10 + int(ch), lo * 10 + int(ch), hi * 10 + int(ch)
        else:
            expr, lo, hi = expr * 10 + var[ch], lo * 10, hi * 10 + 9
    return expr, lo, hi


def _term(text: str, var: dict, m) -> tuple[object, int, int]:
    """A product of factors as a CP-SAT variable (or expression) and its bounds."""
    parts = [_factor(f, var, m) for f in re.split(r"\*|×|(?<=\s)x(?=\s)", text)]
    expr, lo, hi = parts[0]
    for e2, lo2, hi2 in parts[1:]:
        a = m.NewIntVar(lo, hi, "")
        m.Add(a == expr)
        b = m.NewIntVar(lo2, hi2, "")
        m.Add(b == e2)
        t = m.NewIntVar(lo * lo2, hi * hi2, "")
        m.AddMultiplicationEquality(t, [a, b])
        expr, lo, hi = t, lo * lo2, hi * hi2
    return expr, lo, hi


def _side(text: str, var: dict, m):
    """A sum and difference of terms."""
    total = 0
    for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", text):
        e = _term(term, var, m)[0]
        total = total - e if sign == "-" else total + e
    return total


def oracle(formula: str, digits_as_symbols: bool = False) -> int:
    """Solutions of `W op W ... = ... && ...` by CP-SAT: letters are the characters
    of the words other than digits (with `digits_as_symbols`, digits too: cryptator's
    reading), distinct; a word of two or more characters does not start with a 0."""
    m = cp.CpModel()
    equations = [e for e in re.split(r"&&|;", formula) if e.strip()]
    words = [w for e in equations for w in re.split(r"[-+*×=\s]+|(?<=\s)x(?=\s)", e)
             if w and not re.fullmatch(r"'?\d+'?", w) and w != "x"]
    letters = sorted({ch for w in words for ch in w if digits_as_symbols or not ch.isdigit()})
    lead = {w[0] for w in words if len(w) > 1}
    var = {c: m.NewIntVar(1 if c in lead else 0, 9, f"v{i}") for i, c in enumerate(letters)}
    m.AddAllDifferent(list(var.values()))
    for e in equations:
        left, right = e.split("=")
        m.Add(_side(left, var, m) == _side(right, var, m))
    solver = cp.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1

    class Count(cp.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
    counter = Count()
    solver.Solve(m, counter)
    return counter.n
