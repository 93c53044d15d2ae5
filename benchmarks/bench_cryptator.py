"""cryptator's published collection: numberplay against OR-Tools CP-SAT (one worker).

Run:  PYTHONPATH=src python benchmarks/bench_cryptator.py [--data DIR] [--per-file K]

The collection (github.com/arnaud-m/cryptator, `src/main/cryptarithms/`: sums,
multiplications, long multiplications, crossword systems) is not part of this
repository: give its folder with `--data` or the NUMBERPLAY_CRYPTATOR environment variable
(default: a checkout of github.com/arnaud-m/cryptator beside this project, ../cryptator/src/main/cryptarithms). Every file is sampled: K lines
evenly spaced (first and last included). Lines are turned into numberplay's notation
here (upper case, `&&` -> `and`, quoted numbers unquoted); lines with digits inside
words, or letters that have no single capital (Hindi, Turkish i, German ß), are left
aside (the notation issue's).

numberplay is also timed without its propagation search (`--no-before` to skip):
the solver as it was before issue 30, in the same run. Both sides count solutions
up to two from the formula text on, in CPU time
(`time.process_time`): numberplay parses and counts; CP-SAT builds its model (words
as linear sums, products through AddMultiplicationEquality, all different, leading
letters non-zero; a linear equation as one weighted sum of letters, the model CP-SAT
does best with) and enumerates. Prints per-family totals and ratios, the slowest
puzzles and any puzzle not found unique.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numberplay  # noqa: E402
from numberplay.formula.lang import (  # noqa: E402
    BinOp,
    BoolOp,
    Compare,
    Const,
    Node,
    Sum,
    Word,
    parse_formula,
)
from numberplay.formula.solver import compile_puzzle, count, linear  # noqa: E402

DEFAULT = str(Path(__file__).resolve().parents[2] / "cryptator" / "src" / "main" / "cryptarithms")
NAMED = ["HUMOR * NICE = HONOR * HOPE", "DIX * VINGT = DEUX * CENT",
         "FOUR * FIVE = ONE * TWO * TEN"]


def convert(line: str) -> str | None:
    """cryptator's line in numberplay's notation, or None when it is left aside."""
    line = re.sub(r"'(\d+)'", r"\1", line.strip()).replace("&&", " and ")
    words = re.findall(r"\w+", line)
    if any(re.search(r"\d", w) and re.search(r"[^\W\d_]", w) for w in words):
        return None          # a digit inside a word
    for ch in set(re.findall(r"[^\W\d_]", line)):
        up = ch.upper()
        if len(up) != 1 or not up.isupper() or ch == "ı":
            return None
    letters = set(re.findall(r"[^\W\d_]", line))
    if len({c.upper() for c in letters}) != len(letters):
        return None          # upper-casing merges two letters (Turkish i and ı)
    return line.upper().replace(" AND ", " and ")


def family(path: Path, root: Path) -> str:
    """sums, multiplications, long multiplications or crosswords."""
    top = path.relative_to(root).parts[0]
    return {"multiplications": "multiplications", "long-multiplications": "long mult.",
            "crosswords": "crosswords"}.get(top, "sums")


def sample(root: Path, per_file: int) -> list[tuple[str, str, str]]:
    """(family, file, formula) for K evenly spaced lines of every file."""
    out = []
    for path in sorted(root.rglob("*.txt")):
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        if not lines:
            continue
        k = min(per_file, len(lines))
        picks = sorted({round(i * (len(lines) - 1) / max(1, k - 1)) for i in range(k)})
        for i in picks:
            f = convert(lines[i])
            if f is not None:
                out.append((family(path, root), str(path.relative_to(root)), f))
    return out


# -- CP-SAT ----------------------------------------------------------------------------

def cpsat_count(formula: str, base: int = 10, limit: int = 2) -> int | None:
    """Solutions up to `limit` with CP-SAT, one worker (None: a shape not modelled)."""
    from ortools.sat.python import cp_model

    tree = parse_formula(formula)
    letters = sorted(tree.letters())
    lead = {w[0] for w in tree.words() if len(w) > 1}
    m = cp_model.CpModel()
    v = {c: m.NewIntVar(1 if c in lead else 0, base - 1, c) for c in letters}
    m.AddAllDifferent(list(v.values()))
    words: dict[str, object] = {}

    def expr(node: Node) -> tuple[object, int, int]:
        """(CP-SAT expression, lower bound, upper bound)."""
        if isinstance(node, Const) and type(node.value) is int:
            return node.value, node.value, node.value
        if isinstance(node, Word):
            w = node.text
            hi = base ** len(w) - 1
            if hi >= 2 ** 62:
                raise OverflowError
            if w not in words:
                x = m.NewIntVar(0, hi, "w" + w)
                m.Add(x == sum(base ** i * v[c] for i, c in enumerate(reversed(w))))
                words[w] = x
            return words[w], 0, hi
        if isinstance(node, Sum):
            total, lo, hi = 0, 0, 0
            for s, t in node.terms:
                e, a, b = expr(t)
                total = total + s * e
                lo, hi = (lo + a, hi + b) if s > 0 else (lo - b, hi - a)
            if max(abs(lo), abs(hi)) >= 2 ** 62:
                raise OverflowError
            return total, lo, hi
        if isinstance(node, BinOp) and node.op == "*":
            (a, alo, ahi), (b, blo, bhi) = expr(node.left), expr(node.right)
            if isinstance(a, int) or isinstance(b, int):
                k, (e, lo, hi) = (a, (b, blo, bhi)) if isinstance(a, int) else (b, (a, alo, ahi))
                return k * e, min(k * lo, k * hi), max(k * lo, k * hi)
            ps = [alo * blo, alo * bhi, ahi * blo, ahi * bhi]
            lo, hi = min(ps), max(ps)
            if max(abs(lo), abs(hi)) >= 2 ** 62:
                raise OverflowError
            x = m.NewIntVar(lo, hi, "p")
            xa, xb = (m.NewIntVar(alo, ahi, "a"), m.NewIntVar(blo, bhi, "b"))
            m.Add(xa == a)
            m.Add(xb == b)
            m.AddMultiplicationEquality(x, [xa, xb])
            return x, lo, hi
        raise ValueError(type(node).__name__)

    def post(node: Node) -> None:
        if isinstance(node, BoolOp) and node.op == "and":
            for c in node.values:
                post(c)
        elif isinstance(node, Compare) and node.ops == ["=="] and linear_sides(node):
            weights: dict[str, int] = {}
            const = 0
            for sign, side in ((1, node.operands[0]), (-1, node.operands[1])):
                ws, c0 = linear(side, base)
                for c, w in ws.items():
                    weights[c] = weights.get(c, 0) + sign * w
                const += sign * c0
            if any(abs(w) >= 2 ** 62 for w in weights.values()):
                raise OverflowError
            m.Add(sum(w * v[c] for c, w in weights.items() if w) + const == 0)
        elif isinstance(node, Compare) and all(op == "==" for op in node.ops):
            es = [expr(o)[0] for o in node.operands]
            for a, b in zip(es, es[1:], strict=False):
                m.Add(a == b)
        else:
            raise ValueError(type(node).__name__)
    try:
        post(tree)
    except (ValueError, OverflowError):
        return None
    s = cp_model.CpSolver()
    s.parameters.enumerate_all_solutions = True
    s.parameters.num_workers = 1

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
            if self.n >= limit:
                self.StopSearch()
    cb = Count()
    s.Solve(m, cb)
    return cb.n


def linear_sides(node: Compare) -> bool:
    """Are both sides sums of words with whole multiples (one weighted sum for CP-SAT)?"""
    return all(linear(side, 10) is not None for side in node.operands)


def ours(formula: str, base: int = 10) -> int:
    """numberplay's count up to two, from the text (the compile cache cleared)."""
    compile_puzzle.cache_clear()
    return numberplay.count(numberplay.parse("cryptarithm", formula, base=base), limit=2)


def before(formula: str, base: int = 10) -> int:
    """The same count with the solver's own search (the propagation search of
    products.py left out): numberplay before issue 30, in the same run."""
    compile_puzzle.cache_clear()
    numberplay.parse("cryptarithm", formula, base=base)
    return count(compile_puzzle(formula, base, propagation=False), {}, 2)


def cpu(fn, *args):
    """(result, CPU seconds)."""
    t = time.process_time()
    out = fn(*args)
    return out, time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=os.environ.get("NUMBERPLAY_CRYPTATOR", DEFAULT))
    ap.add_argument("--per-file", type=int, default=5, help="lines sampled per file")
    ap.add_argument("--no-cpsat", action="store_true")
    ap.add_argument("--no-before", action="store_true",
                    help="leave out the solver without the propagation search")
    ap.add_argument("--worst", type=int, default=12, help="slowest puzzles listed")
    args = ap.parse_args()
    root = Path(args.data)
    if not root.is_dir():
        print(f"cryptator's collection is absent: no folder {root} "
              "(give --data DIR or NUMBERPLAY_CRYPTATOR)")
        return
    puzzles = sample(root, args.per_file)
    named = [("named", "issue 30", f) for f in NAMED]
    if not args.no_cpsat:
        cpsat_count("A + B = C")          # ortools' start-up is not charged to a puzzle
    ours("A * B = CA")                    # nor numberplay's first call (the kinds load)
    before("A * B = CA")
    rows = []
    old: dict[str, float] = {}
    for fam, where, f in puzzles + named:
        n, t = cpu(ours, f)
        cn, ct = (None, 0.0) if args.no_cpsat else cpu(cpsat_count, f)
        if not args.no_before:
            bn, old[f] = cpu(before, f)
            if bn != n:
                print(f"DISAGREE: {f}: {n} now, {bn} before")
        rows.append((fam, where, f, n, t, cn, ct))
    print(f"## cryptator's collection: {len(puzzles)} puzzles sampled ({args.per_file} a file) "
          f"+ {len(named)} named; count to two, CPU time\n")
    print("| family | puzzles | not unique | numberplay | worst | over 100 ms | CP-SAT | ratio "
          "| before | before worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    fams = ["sums", "multiplications", "long mult.", "crosswords", "named"]
    tot = [0.0, 0.0]
    for fam in [*fams, "all sampled"]:
        sel = [r for r in rows if r[0] == fam or (fam == "all sampled" and r[0] != "named")]
        if not sel:
            continue
        both = [r for r in sel if r[5] is not None]
        t_all = sum(r[4] for r in sel)
        t_ours, t_cp = sum(r[4] for r in both), sum(r[6] for r in both)
        bad = sum(1 for r in sel if r[3] != 1)
        over = sum(1 for r in sel if r[4] > 0.1)
        ratio = f"{t_cp / t_ours:.1f}x" if both and t_ours else ""
        cp = f"{t_cp:.2f} s" if both else ""
        was = [old[r[2]] for r in sel if r[2] in old]
        b = f"{sum(was):.2f} s | {max(was) * 1000:.0f} ms" if was else " | "
        print(f"| {fam} | {len(sel)} | {bad} | {t_all:.2f} s | {max(r[4] for r in sel) * 1000:.0f}"
              f" ms | {over} | {cp} | {ratio} | {b} |")
        if fam == "all sampled":
            tot = [t_ours, t_cp]
    print(f"\n## The {args.worst} slowest for numberplay\n")
    print("| formula | file | count | numberplay | CP-SAT | ratio | before |\n"
          "|---|---|---:|---:|---:|---:|---:|")
    for _fam, where, f, n, t, cn, ct in sorted(rows, key=lambda r: -r[4])[:args.worst]:
        cp = f"{ct * 1000:.1f} ms | {ct / t:.1f}x" if cn is not None else " | "
        b = f"{old[f] * 1000:.1f} ms" if f in old else ""
        print(f"| `{f[:70]}` | {where} | {n} | {t * 1000:.1f} ms | {cp} | {b} |")
    print("\n## The slowest of each family\n")
    print("| family | formula | numberplay | CP-SAT |\n|---|---|---:|---:|")
    for fam in fams:
        sel = sorted((r for r in rows if r[0] == fam), key=lambda r: -r[4])[:3]
        for r in sel:
            cp = f"{r[6] * 1000:.1f} ms" if r[5] is not None else ""
            print(f"| {fam} | `{r[2][:70]}` | {r[4] * 1000:.1f} ms | {cp} |")
    for _fam, where, f, n, _t, cn, _ct in rows:
        if n != 1 or (cn is not None and cn != n):
            print(f"NOT UNIQUE or disagreeing: {where}: {f}: numberplay {n}, CP-SAT {cn}")
    if tot[0]:
        print(f"\ntotal (puzzles both model): numberplay {tot[0]:.2f} s, CP-SAT {tot[1]:.2f} s, "
              f"{tot[1] / tot[0]:.1f}x; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
