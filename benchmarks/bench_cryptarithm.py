"""Cryptarithm benchmark: numberplay vs the brute force of Norvig's cryptarithm notebook vs OR-Tools CP-SAT.

Run:  PYTHONPATH=src python benchmarks/bench_cryptarithm.py [--subset N] [--no-brute]
      PYTHONPATH=src python benchmarks/bench_cryptarithm.py --shapes       (the formula shapes)
      PYTHONPATH=src python benchmarks/bench_cryptarithm.py --seed-subset  (the seed's subset)

* numberplay: `count` (all solutions) of every formula in Norvig's notebook.
* brute force: Norvig's `faster_solve` (one compiled lambda, every permutation of
  digits), reimplemented here; `eval` is fine here: these are our own strings.
* CP-SAT: the weighted-sum model (sum of weight * letter = 0, all different,
  leading letters >= 1), all solutions enumerated, on the pure sums only.

Prints markdown tables with ratios. `--subset N` runs the brute force on every
N-th formula only (and scales nothing: the totals are over that subset);
`--seed-subset` only the seed's subset of issue 30 (a product, a ratio, a chain of
comparisons and four sums) against the brute force. Times are CPU time
(`time.process_time`), parse included.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numberplay  # noqa: E402
from numberplay.formula.solver import compile_puzzle  # noqa: E402
from numberplay.services.examples import get_example  # noqa: E402

# -- Norvig's brute force (faster_solve), reimplemented -------------------------------


def to_python(formula: str) -> str:
    return formula.replace(' = ', ' == ').replace('^', '**')


def translate_word(m: re.Match) -> str:
    word = m.group()
    terms = (f'{10 ** x}*{L}' if x > 0 else L for x, L in zip(reversed(range(len(word))), word,
                                                             strict=True))
    return '(' + ' + '.join(terms) + ')'


def translate_formula(formula: str) -> tuple[str, str]:
    letters = ''.join(sorted(set(re.findall('[A-Z]', formula))))
    firsts = re.findall(r'\b([A-Z])[A-Z]', formula)
    body = re.sub('[A-Z]+', translate_word, to_python(formula))
    return f'lambda {",".join(letters)}: {" and ".join([*firsts, body])}', letters


def brute_count(formula: str) -> int:
    """faster_solve, counting every solution."""
    python_lambda, letters = translate_formula(to_python(formula))
    fn = eval(python_lambda)  # noqa: S307 - our own string, as in Norvig's notebook
    n = 0
    for digits in permutations((1, 2, 3, 4, 5, 6, 7, 8, 9, 0), len(letters)):
        try:
            if fn(*digits) is True:
                n += 1
        except ArithmeticError:
            pass
    return n


# -- CP-SAT weighted-sum model -----------------------------------------------------------------

def cpsat_count(formula: str) -> int | None:
    """All solutions of a pure sum with CP-SAT (None when not a sum or no ortools)."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    comp = compile_puzzle(formula, 10, propagation=False)   # for the weights of the sum
    if comp.strategy != "columns" or len(comp.linears) != 1:
        return None
    weights, fn = next(iter(comp.linears.values()))
    const = fn([0] * len(comp.letters))
    m = cp_model.CpModel()
    v = [m.NewIntVar(1 if c in comp.lead else 0, 9, c) for c in comp.letters]
    m.AddAllDifferent(v)
    m.Add(sum(w * x for w, x in zip(weights, v, strict=True)) + const == 0)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
    cb = Count()
    solver.Solve(m, cb)
    return cb.n


def timed(fn, *args, repeat: int = 1):
    """(result, best CPU seconds)."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.process_time()
        out = fn(*args)
        best = min(best, time.process_time() - t)
    return out, best


def ours(formula: str, kind: str = "cryptarithm") -> int:
    compile_puzzle.cache_clear()
    return numberplay.count(numberplay.parse(kind, formula))


# -- hard shapes (issue 13) against hand-written CP-SAT models ----------------------------

def cp_shape_count(letters, lead, base, post):
    """All solutions of a hand-written CP-SAT model: letters, all different, leads, `post`."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    v = {c: m.NewIntVar(1 if c in lead else 0, base - 1, c) for c in letters}
    m.AddAllDifferent(list(v.values()))

    def word(w):
        return sum(base ** i * v[c] for i, c in enumerate(reversed(w)))

    def val(w, hi):
        x = m.NewIntVar(0, hi, "w" + w)
        m.Add(x == word(w))
        return x

    def mul(a, b, hi):
        x = m.NewIntVar(0, hi, "p")
        m.AddMultiplicationEquality(x, [a, b])
        return x

    post(m, v, word, val, mul)
    s = cp_model.CpSolver()
    s.parameters.enumerate_all_solutions = True
    s.parameters.num_workers = 1

    class C(cp_model.CpSolverSolutionCallback):
        n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
    cb = C()
    s.Solve(m, cb)
    return cb.n


def squares(m, v, word, val, mul):
    """AYH^2 + BEE^2 = SEE^2"""
    a, b, s = val("AYH", 999), val("BEE", 999), val("SEE", 999)
    m.Add(mul(a, a, 10**6) + mul(b, b, 10**6) == mul(s, s, 10**6))


def root(m, v, word, val, mul):
    """MON-EY = EVIL^(1/2): MON-EY >= 0 and (MON-EY)^2 = EVIL"""
    d = m.NewIntVar(0, 999, "d")
    m.Add(d == word("MON") - word("EY"))
    m.Add(mul(d, d, 10**6) == word("EVIL"))


def hip(m, v, word, val, mul):
    """HIP * HIP = HURRAY (base 36)"""
    h = val("HIP", 36**3)
    m.Add(mul(h, h, 36**6) == word("HURRAY"))


def ratio(m, v, word, val, mul):
    """NORTH / SOUTH = EAST / WEST, cross-multiplied (denominators are non-zero leads)"""
    n, s, e, w = val("NORTH", 10**5), val("SOUTH", 10**5), val("EAST", 10**4), val("WEST", 10**4)
    m.Add(mul(n, w, 10**9) == mul(e, s, 10**9))


SHAPES = [("AYH^2 + BEE^2 = SEE^2", 10, squares), ("MON-EY = EVIL^(1/2)", 10, root),
         ("HIP * HIP = HURRAY", 36, hip), ("NORTH / SOUTH = EAST / WEST", 10, ratio)]


def shapes_table() -> None:
    """The hard shapes of issue 13: numberplay count vs a hand-written CP-SAT model."""
    print("\n## Hard shapes: count all solutions, numberplay vs CP-SAT (hand-written models)\n")
    print("| formula | base | strategy | count | numberplay | CP-SAT | ratio |")
    print("|---|---:|---|---:|---:|---:|---:|")
    to = tc = 0.0
    # warm CP-SAT up first: its first solve pays ortools' start-up (~0.25 s), which
    # was once charged to the first shape
    cp_shape_count(["A", "B"], {"A"}, 10, lambda m, v, word, val, mul: m.Add(v["A"] > v["B"]))
    ours("A * B = CA")   # and numberplay's first call loads the kinds: neither is charged
    for f, base, post in SHAPES:
        compile_puzzle.cache_clear()
        t = time.process_time()
        n = numberplay.count(numberplay.parse("cryptarithm", f, base=base))
        t = time.process_time() - t
        comp = compile_puzzle(f, base)
        lead = {w[0] for w in re.findall(r"[A-Z]{2,}", f)}
        c = time.process_time()
        cn = cp_shape_count(comp.letters, lead, base, post)
        c = time.process_time() - c
        to += t
        tc += c
        print(f"| `{f}` | {base} | {comp.strategy} | {n} / CP-SAT {cn} | {t * 1000:.0f} ms | "
              f"{c * 1000:.0f} ms | {c / t:.2f}x |", flush=True)
    print(f"\nhard shapes total: numberplay {to:.2f} s, CP-SAT {tc:.2f} s, ratio {tc / to:.2f}x")


SEED_SUBSET = ["ODD * ODD = FREAKY", "NORTH / SOUTH = EAST / WEST",
               "ONE < TWO < THREE < TWO * TWO", "NUM + BER = PLAY", "SEND + MORE = MONEY",
               "FOUR + SCORE + 7 = YEARS + AGO", "WRONG + WRONG = RIGHT"]


def seed_subset_table() -> None:
    """The seed's subset (issue 30): numberplay's count against the seed's compiled
    brute force (`faster_solve`), CPU time."""
    print("\n## The seed's subset: count all solutions, numberplay vs the seed's brute force\n")
    print("| formula | count | numberplay | brute force | ratio |\n|---|---:|---:|---:|---:|")
    to = tb = 0.0
    ours("A * B = CA")   # numberplay's first call loads the kinds: not charged to a formula
    for f in SEED_SUBSET:
        n, t = timed(ours, f)
        bn, bt = timed(brute_count, f)
        to, tb = to + t, tb + bt
        flag = "" if bn == n else f" (brute force {bn})"
        print(f"| `{f}` | {n}{flag} | {t * 1000:.1f} ms | {bt * 1000:.0f} ms | {bt / t:.0f}x |",
              flush=True)
    print(f"\nseed's subset total: numberplay {to * 1000:.1f} ms, brute force {tb:.2f} s, "
          f"ratio {tb / to:.0f}x (goal >= 50x)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--subset", type=int, default=1, help="brute force every N-th formula")
    ap.add_argument("--no-brute", action="store_true")
    ap.add_argument("--shapes", action="store_true", help="only the hard-shapes table")
    ap.add_argument("--seed-subset", action="store_true", help="only the seed's subset")
    args = ap.parse_args()
    if args.shapes:
        shapes_table()
        return
    if args.seed_subset:
        seed_subset_table()
        return
    formulas = [ln.strip() for ln in get_example("cryptarithm", "norvig").text.splitlines()
                if ln.strip() and not ln.startswith("#")]

    print("## Goals\n")
    print("| case | numberplay | goal |\n|---|---:|---:|")
    send = "SEND + MORE = MONEY"
    _, t = timed(ours, send, repeat=20)
    print(f"| all solutions of {send} | {t * 1000:.2f} ms | < 2 ms |")
    big = get_example("cryptarithm", "exercism-199-addends").text.splitlines()[1]
    _, t = timed(ours, big, repeat=5)
    print(f"| exercism 199 addends (count) | {t * 1000:.1f} ms | < 50 ms |")
    nine = "BCPTBCGOG x MPTBPBYWP = COPMWGPOCPOYOCRPC"
    n, t = timed(ours, nine, "cryptoproduct", repeat=5)
    print(f"| the FEUP report's 9x9 crypto-product (count: {n}) | {t * 1000:.1f} ms | < 100 ms |")
    gen = "RPWTRCWOR x PGGWCPBGT = RTWGPRBRROMTRCWYPR"
    n, t = timed(ours, gen, "cryptoproduct", repeat=5)
    print(f"| generated 9x9 crypto-product (count: {n}) | {t * 1000:.1f} ms | < 100 ms |")

    print("\n## Seed formulas: count all solutions\n")
    print("| formula | letters | strategy | count | numberplay | brute force | ratio | "
          "CP-SAT | ratio |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    tot_ours = tot_brute = tot_ours_sub = 0.0
    sums_ours = sums_cp = 0.0
    mismatches = []
    for i, f in enumerate(formulas):
        n, t = timed(ours, f)
        tot_ours += t
        comp = compile_puzzle(f, 10)
        row = f"| `{f[:60]}` | {len(comp.letters)} | {comp.strategy} | {n} | {t * 1000:.1f} ms"
        if not args.no_brute and i % args.subset == 0:
            bn, bt = timed(brute_count, f)
            tot_brute += bt
            tot_ours_sub += t
            if bn != n:
                mismatches.append((f, n, bn))
            row += f" | {bt * 1000:.0f} ms | {bt / t:.0f}x"
        else:
            row += " | | "
        cn, ct = timed(cpsat_count, f)
        if cn is not None:
            sums_ours += t
            sums_cp += ct
            row += f" | {ct * 1000:.1f} ms | {ct / t:.1f}x |"
        else:
            row += " | | |"
        print(row, flush=True)
    print(f"\nnumberplay total: {tot_ours:.2f} s over {len(formulas)} formulas")
    if tot_brute:
        print(f"brute force total: {tot_brute:.1f} s; numberplay on the same formulas: "
              f"{tot_ours_sub:.2f} s; ratio {tot_brute / tot_ours_sub:.0f}x (goal >= 50x)")
    if sums_cp:
        print(f"pure sums: numberplay {sums_ours:.2f} s, CP-SAT {sums_cp:.2f} s, ratio "
              f"{sums_cp / sums_ours:.1f}x")
    for f, n, bn in mismatches:
        print(f"count differs: {f}: numberplay {n}, brute force (Python floats/identity) {bn}")
    shapes_table()
    print(f"\n(one run per formula, best of several for the goals; Python "
          f"{sys.version.split()[0]})")


if __name__ == "__main__":
    main()
