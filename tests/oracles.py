"""Independent oracles for every kind (issue 60): each puzzle's rules written here
from the kind's documentation, sharing no code with numberplay (nothing from
`numberplay` is imported). Each oracle answers every solution of a small puzzle
as {place: value}, in the place names the steps use (`r2c3`, letters, a
cryptarithm's carries `c1..`, a division's `a1..`, `b1..`, `c1..`), so a step's
removals and placements can be judged against it; the `random_*` builders make
a puzzle's text and the oracle's model side by side. docs/testing.md says which
test uses which."""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable

Places = dict[str, int]


def cell(r: int, c: int) -> str:
    """The place name of row r, column c (0-based)."""
    return f"r{r + 1}c{c + 1}"


# -- Latin squares with a per-cell check (Cross Set, Keen) ------------------------------

def latin_solutions(n: int, allowed: list[set[int]],
                    check: Callable[[int, list[int]], bool] | None = None) -> list[Places]:
    """Every Latin square of order n (values 1..n) with cell i in `allowed[i]`
    (row-major), and `check(i, grid)` true once cells 0..i are filled."""
    grid = [0] * (n * n)
    out: list[Places] = []

    def go(i: int) -> None:
        if i == n * n:
            out.append({cell(*divmod(j, n)): v for j, v in enumerate(grid)})
            return
        r, c = divmod(i, n)
        used = {grid[r * n + k] for k in range(c)} | {grid[k * n + c] for k in range(r)}
        for v in sorted(allowed[i] - used):
            grid[i] = v
            if check is None or check(i, grid):
                go(i + 1)
        grid[i] = 0
    go(0)
    return out


def random_square(n: int, rng: random.Random) -> list[int]:
    """A random Latin square (a cyclic one, rows, columns and symbols shuffled), flat."""
    rows, cols, syms = (rng.sample(range(n), n) for _ in range(3))
    return [syms[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n)]


# -- Cross Set ---------------------------------------------------------------------------

def random_crossset(n: int, rng: random.Random, keep: float) -> tuple[str, list[set[int]]]:
    """(text, candidate sets): a random square's values plus each other value with
    probability `keep`."""
    sq = random_square(n, rng)
    sets = [{v for v in range(1, n + 1) if v == sq[i] or rng.random() < keep}
            for i in range(n * n)]
    text = "\n".join(" ".join("".join(map(str, sorted(sets[r * n + c]))) for c in range(n))
                     for r in range(n))
    return text + "\n", sets


def crossset_sets(text: str) -> list[set[int]]:
    """The candidate sets of a Cross Set text (one line per row, a cell its digits)."""
    rows = [line.split() for line in text.strip().splitlines()]
    return [set(map(int, cell_text)) for row in rows for cell_text in row]


# The ladder of docs/crossset.md ("Techniques and difficulty"), written here.
CROSSSET_LEVELS = ("trivial", "easy", "medium", "hard", "extreme")


def _lines(n: int) -> list[list[int]]:
    return ([[r * n + c for c in range(n)] for r in range(n)]
            + [[r * n + c for r in range(n)] for c in range(n)])


def _naked_single(n: int, m: list[set[int]]) -> bool:
    """A cell with one candidate: that value leaves its row and column."""
    for i, s in enumerate(m):
        if len(s) == 1:
            (v,) = s
            r, c = divmod(i, n)
            peers = [r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]
            if any(v in m[j] for j in peers):
                for j in peers:
                    m[j].discard(v)
                return True
    return False


def _hidden_single(n: int, m: list[set[int]]) -> bool:
    """A value with one place left in a line goes there."""
    for line in _lines(n):
        for v in range(1, n + 1):
            places = [i for i in line if v in m[i]]
            if len(places) == 1 and len(m[places[0]]) > 1:
                m[places[0]].intersection_update({v})
                return True
    return False


def _naked_subset(n: int, m: list[set[int]]) -> bool:
    """k open cells of a line (2 <= k <= half its open cells) holding only k values:
    those values leave the line's other cells."""
    for line in _lines(n):
        open_ = [i for i in line if len(m[i]) > 1]
        for k in range(2, len(open_) // 2 + 1):
            for group in itertools.combinations(open_, k):
                vals = set().union(*(m[i] for i in group))
                if len(vals) == k:
                    hit = [i for i in open_ if i not in group and m[i] & vals]
                    if hit:
                        for i in hit:
                            m[i] -= vals
                        return True
    return False


def _hidden_subset(n: int, m: list[set[int]]) -> bool:
    """k values of a line (2 <= k <= half its open cells) fitting only in k cells:
    those cells hold nothing else."""
    for line in _lines(n):
        open_ = [i for i in line if len(m[i]) > 1]
        placed = {v for i in line if len(m[i]) == 1 for v in m[i]}
        values = [v for v in range(1, n + 1) if v not in placed]
        for k in range(2, len(open_) // 2 + 1):
            for group in itertools.combinations(values, k):
                where = {i for i in open_ if m[i] & set(group)}
                if len(where) == k and any(m[i] - set(group) for i in where):
                    for i in where:
                        m[i] &= set(group)
                    return True
    return False


def _fish(n: int, m: list[set[int]]) -> bool:
    """One value: k rows where it fits only in k columns (or columns in rows), k at
    most half the lines it is still open in: it leaves the rest of those columns."""
    for v in range(1, n + 1):
        for by_rows in (True, False):
            def at(a: int, b: int, by_rows: bool = by_rows) -> int:
                return a * n + b if by_rows else b * n + a
            open_lines = [a for a in range(n)
                          if sum(v in m[at(a, b)] for b in range(n)) > 1]
            for k in range(2, len(open_lines) // 2 + 1):
                for group in itertools.combinations(open_lines, k):
                    cover = {b for a in group for b in range(n) if v in m[at(a, b)]}
                    if len(cover) == k:
                        hit = [at(a, b) for b in cover for a in range(n)
                               if a not in group and v in m[at(a, b)]]
                        if hit:
                            for i in hit:
                                m[i].discard(v)
                            return True
    return False


def crossset_level(n: int, sets: list[set[int]]) -> str:
    """The grade by the documented ladder: after any progress start again from the
    easiest technique; the hardest one used, or "search" where they all stall."""
    ladder = (_naked_single, _hidden_single, _naked_subset, _hidden_subset, _fish)
    m = [set(s) for s in sets]
    hardest = 0
    while not all(len(s) == 1 for s in m):
        if any(not s for s in m):
            return "contradiction"
        for k, technique in enumerate(ladder):
            if technique(n, m):
                hardest = max(hardest, k)
                break
        else:
            return "search"
    # the last placements' weeding is part of the trivial rung: nothing more to find
    return CROSSSET_LEVELS[hardest]


# -- Keen ----------------------------------------------------------------------------------

Cage = tuple[str, int, tuple[int, ...]]     # (op, target, cells)


def keen_holds(op: str, target: int, values: list[int]) -> bool:
    """docs/keen.md: + and x on any number of cells, - and / on two (the larger
    minus or over the smaller, whichever cell holds it), a one-cell cage its digit."""
    if op == "+":
        return sum(values) == target
    if op == "*":
        return math.prod(values) == target
    if op == "-":
        return len(values) == 2 and max(values) - min(values) == target
    if op == "/":
        return len(values) == 2 and max(values) == target * min(values)
    return values == [target]


def keen_solutions(n: int, cages: list[Cage]) -> list[Places]:
    last = {max(cells): (op, t, cells) for op, t, cells in cages}

    def check(i: int, grid: list[int]) -> bool:
        if i not in last:
            return True
        op, t, cells = last[i]
        return keen_holds(op, t, [grid[j] for j in cells])
    return latin_solutions(n, [set(range(1, n + 1)) for _ in range(n * n)], check)


def random_keen(n: int, rng: random.Random) -> tuple[str, list[Cage]]:
    """A random cage map on a random square (cages of 1-3 connected cells), its
    text (the cage map form) and its cages."""
    sq = random_square(n, rng)
    owner = [-1] * (n * n)
    groups: list[list[int]] = []
    for i in rng.sample(range(n * n), n * n):
        if owner[i] >= 0:
            continue
        group, size = [i], rng.choice((1, 2, 2, 2, 3, 3))
        owner[i] = len(groups)
        while len(group) < size:
            r, c = divmod(rng.choice(group), n)
            free = [a * n + b for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= a < n and 0 <= b < n and owner[a * n + b] < 0]
            if not free:
                break
            j = rng.choice(free)
            owner[j] = len(groups)
            group.append(j)
        groups.append(sorted(group))
    cages: list[Cage] = []
    for group in groups:
        vals = [sq[i] for i in group]
        if len(group) == 1:
            cages.append(("=", vals[0], tuple(group)))
            continue
        ops = ["+", "*"]
        if len(group) == 2:
            ops += ["-"] + (["/"] if max(vals) % min(vals) == 0 else [])
        op = rng.choice(ops)
        target = {"+": sum(vals), "*": math.prod(vals), "-": max(vals) - min(vals),
                  "/": max(vals) // min(vals)}[op]
        cages.append((op, target, tuple(group)))
    labels = [chr(ord("A") + k) for k in range(len(cages))]
    rows = [" ".join(labels[owner[r * n + c]] for c in range(n)) for r in range(n)]
    word = {"+": "+", "*": "x", "-": "-", "/": "/", "=": ""}
    clues = "  ".join(f"{labels[k]} {t}{word[op]}" for k, (op, t, _) in enumerate(cages))
    return "\n".join(rows) + "\n" + clues + "\n", cages


# -- CrossProduct ----------------------------------------------------------------------------

def crossproduct_solutions(rows: list[int], cols: list[int]) -> list[Places]:
    """Every grid of digits 1-9 whose rows and columns multiply to the products."""
    nr, nc = len(rows), len(cols)
    fits = [[t for t in itertools.product(range(1, 10), repeat=nc) if math.prod(t) == p]
            for p in rows]
    out: list[Places] = []

    def go(r: int, acc: list[int], chosen: list[tuple[int, ...]]) -> None:
        if r == nr:
            if acc == cols:
                out.append({cell(a, b): chosen[a][b] for a in range(nr) for b in range(nc)})
            return
        for t in fits[r]:
            nxt = [x * y for x, y in zip(acc, t, strict=True)]
            if all(col % x == 0 for col, x in zip(cols, nxt, strict=True)):
                go(r + 1, nxt, [*chosen, t])
    go(0, [1] * nc, [])
    return out


def random_crossproduct(nr: int, nc: int, rng: random.Random) -> tuple[str, list[int], list[int]]:
    grid = [[rng.randint(1, 9) for _ in range(nc)] for _ in range(nr)]
    rows = [math.prod(r) for r in grid]
    cols = [math.prod(grid[r][c] for r in range(nr)) for c in range(nc)]
    return f"rows {' '.join(map(str, rows))}\ncols {' '.join(map(str, cols))}\n", rows, cols


# -- formulas of words (cryptarithm, cryptoproduct) ----------------------------------------

def _value(word: str, a: Places) -> int:
    v = 0
    for ch in word:
        v = v * 10 + (int(ch) if ch.isdigit() else a[ch])
    return v


def formula_solutions(formula: str, digits: set[int] | None = None,
                      invalid: dict[str, set[int]] | None = None,
                      groups: list[str] | None = None,
                      carries: bool = False) -> list[Places]:
    """Every assignment of digits to the letters of `left = right` (each side words
    joined by + or x), by CP-SAT (every solution enumerated): a word of two or more
    characters does not start with 0; letters take `digits` (default 0-9) but not
    their `invalid` ones; the letters of one group of `groups` differ (None: all of
    them). With `carries` (a sum `W + W ... = W`), also the carry out of each
    column, `c1` the units'."""
    from ortools.sat.python import cp_model as cp
    left, right = (s.strip() for s in formula.split("="))
    words = re.findall(r"[A-Za-z0-9]+", formula.replace(" x ", " "))
    letters = sorted({ch for w in words for ch in w if not ch.isdigit()})
    lead = {w[0] for w in words if len(w) > 1}
    m = cp.CpModel()
    var = {}
    for ch in letters:
        ok = set(digits if digits is not None else range(10))
        ok -= (invalid or {}).get(ch, set())
        if ch in lead:
            ok.discard(0)
        var[ch] = m.NewIntVarFromDomain(cp.Domain.FromValues(sorted(ok)), ch)
    for g in groups if groups is not None else ["".join(letters)]:
        present = [var[ch] for ch in g if ch in var]
        if len(present) > 1:
            m.AddAllDifferent(present)

    def number(word: str) -> tuple[object, int]:
        expr: object = 0
        for ch in word:
            expr = expr * 10 + (int(ch) if ch.isdigit() else var[ch])
        return expr, 10 ** len(word) - 1

    def side(text: str) -> object:
        total: object = 0
        for term in text.split("+"):
            factors = [number(f.strip()) for f in term.split(" x ")]
            expr, hi = factors[0]
            for e2, hi2 in factors[1:]:
                a, b = m.NewIntVar(0, hi, ""), m.NewIntVar(0, hi2, "")
                m.Add(a == expr)
                m.Add(b == e2)
                t = m.NewIntVar(0, hi * hi2, "")
                m.AddMultiplicationEquality(t, [a, b])
                expr, hi = t, hi * hi2
            total = total + expr
        return total
    m.Add(side(left) == side(right))
    solver = cp.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    out: list[Places] = []

    class Collect(cp.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            out.append({ch: self.Value(v) for ch, v in var.items()})
    solver.Solve(m, Collect())
    if carries:
        for a in out:
            addends = [_value(w.strip(), a) for w in left.split("+")]
            for k in range(1, len(right)):
                a[f"c{k}"] = sum(x % 10 ** k for x in addends) // 10 ** k
    return sorted(out, key=lambda a: sorted(a.items()))


def random_sum(rng: random.Random, lengths: tuple[int, ...]) -> str:
    """A sum of random numbers of these lengths written in letters (one letter a
    digit), e.g. `AB + CBD = CEF`."""
    while True:
        nums = [rng.randint(10 ** (k - 1), 10 ** k - 1) for k in lengths]
        total = sum(nums)
        used = sorted({d for x in [*nums, total] for d in str(x)})
        if len(used) <= 6:
            break
    name = dict(zip(used, rng.sample("ABCDEFGHKMNPRST", len(used)), strict=True))
    words = ["".join(name[d] for d in str(x)) for x in [*nums, total]]
    return " + ".join(words[:-1]) + " = " + words[-1]


# -- skeleton divisions ------------------------------------------------------------------

class DivisionRules:
    """The options of docs/division.md ("Options") as the test gives them: `digits`
    (what the letters and the `?` may be; given digits stay), `invalid` (letter:
    digits it is not), `groups` (the letters of one group differ; None: all)."""

    def __init__(self, digits: set[int] | None = None,
                 invalid: dict[str, set[int]] | None = None,
                 groups: list[str] | None = None) -> None:
        self.digits = set(range(10)) if digits is None else digits
        self.invalid = invalid or {}
        self.groups = groups

    def may(self, ch: str, d: int) -> bool:
        """May the `?` or letter `ch` be the digit d?"""
        return d in self.digits and d not in self.invalid.get(ch, set())

    def distinct(self, bind: Places) -> bool:
        groups = self.groups if self.groups is not None else ["".join(bind)]
        for g in groups:
            vals = [bind[ch] for ch in g if ch in bind]
            if len(vals) != len(set(vals)):
                return False
        return True


def _fits(pattern: str, value: int, bind: Places, rules: DivisionRules) -> Places | None:
    """`bind` extended so that `value` is written as `pattern` (a digit given, `?`
    any, a letter one digit): no leading 0, and no lone `?` or letter 0 (only a
    written `0` is); None if it is not."""
    text = str(value)
    if len(text) != len(pattern) or value < 0 or (value == 0 and pattern != "0"):
        return None
    out = dict(bind)
    for ch, d in zip(pattern, text, strict=True):
        if ch.isdigit():
            if ch != d:
                return None
            continue
        if not rules.may(ch, int(d)):
            return None
        if ch.isalpha():
            if out.get(ch, int(d)) != int(d):
                return None
            out[ch] = int(d)
    return out if rules.distinct(out) else None


def division_solutions(text: str, rules: DivisionRules | None = None) -> list[dict[str, object]]:
    """Every solution of a skeleton division (docs/division.md, "Input" and the rules
    after "Options"), the layout worked from the left for every divisor: the first
    X the dividend's first digits, each quotient digit making Y = divisor x digit
    and Z = X - Y, the next X the Z with the dividend's next digit(s) brought down,
    an empty subtraction a 0 in the quotient, the last Z (with any digits brought
    down after it) the remainder; a letter is one digit, different letters
    different digits. Each as {"dividend", "divisor", "quotient", "remainder",
    "letters", "places"} (places: the dividend's a1.., the divisor's b1.., the
    quotient's c1.. and the letters). `rules`: the options (default none)."""
    rules = rules or DivisionRules()
    head, *subs = (part.strip() for part in text.strip().split(";"))
    m = re.fullmatch(r"(\S+)\s*/\s*(\S+)\s*=\s*(\S+)", head)
    assert m, head
    a_pat, b_pat, c_pat = m.groups()
    parts: list[tuple[str, ...] | None] = []
    for s in subs:
        sm = re.fullmatch(r"(\S+)\s*-\s*(\S+)\s*=\s*(\S+)", s)
        parts.append(sm.groups() if sm else None)
    assert len(parts) == len(c_pat) and parts[0] is not None, (text, parts)
    k0 = len(parts[0][0])
    out: list[dict[str, object]] = []

    def digit_options(at: int, bind: Places) -> list[tuple[int, Places]]:
        ch = a_pat[at]
        got = []
        for d in range(1 if at == 0 else 0, 10):
            if ch.isdigit() and int(ch) != d or not ch.isdigit() and not rules.may(ch, d):
                continue
            nb = dict(bind)
            if ch.isalpha():
                if nb.get(ch, d) != d:
                    continue
                nb[ch] = d
                if not rules.distinct(nb):
                    continue
            got.append((d, nb))
        return got

    def go(j: int, x: int, digits: list[int], quotient: list[int], bind: Places,
           divisor: int) -> None:
        if len(digits) < min(k0 + j, len(a_pat)):
            for d, nb in digit_options(len(digits), bind):
                go(j, x * 10 + d, [*digits, d], quotient, nb, divisor)
            return
        if j == len(parts):
            finish(x, digits, quotient, bind, divisor)
            return
        part = parts[j]
        if part is None:
            go(j + 1, x, digits, [*quotient, 0], bind, divisor)
            return
        xp, yp, zp = part
        bx = _fits(xp, x, bind, rules)
        if bx is None:
            return
        for q in range(1, 10):
            b2 = _fits(yp, divisor * q, bx, rules)
            b3 = None if b2 is None else _fits(zp, x - divisor * q, b2, rules)
            if b3 is not None:
                go(j + 1, x - divisor * q, digits, [*quotient, q], b3, divisor)

    def finish(remainder: int, digits: list[int], quotient: list[int], bind: Places,
               divisor: int) -> None:
        q = int("".join(map(str, quotient)))
        final = _fits(c_pat, q, bind, rules)
        if final is None:
            return
        dividend = int("".join(map(str, digits)))
        assert dividend == divisor * q + remainder
        places = {f"a{i + 1}": int(d) for i, d in enumerate(str(dividend))}
        places.update({f"b{i + 1}": int(d) for i, d in enumerate(str(divisor))})
        places.update({f"c{i + 1}": int(d) for i, d in enumerate(str(q))})
        places.update(final)
        out.append({"dividend": dividend, "divisor": divisor, "quotient": q,
                    "remainder": remainder, "letters": final, "places": places})

    for divisor in range(10 ** (len(b_pat) - 1), 10 ** len(b_pat)):
        b_bind = _fits(b_pat, divisor, {}, rules)
        if b_bind is not None:
            go(0, 0, [], [], b_bind, divisor)
    return out


def random_division(rng: random.Random, show: float = 0.3,
                    letter: float = 0.3) -> tuple[str, int, int]:
    """A long division of a 2-digit divisor and a 2-3 digit quotient (remainder below
    the divisor), written with its digits kept, made `?` or made letters (one letter
    a digit): (text, dividend, divisor)."""
    divisor = rng.randint(11, 99)
    quotient = rng.randint(10, 999)
    dividend = divisor * quotient + rng.randrange(divisor)
    qd = str(quotient)
    digits = str(dividend)
    k0 = len(digits) - len(qd) + 1
    x = int(digits[:k0])
    numbers, subs = [str(dividend), str(divisor), qd], []
    for j, d in enumerate(qd):
        if j > 0:
            x = x * 10 + int(digits[k0 + j - 1])
        if d == "0":
            subs.append(None)
            continue
        y = divisor * int(d)
        subs.append((str(x), str(y), str(x - y)))
        x -= y
    names = dict(zip("0123456789", rng.sample("ABDEFGHKMP", 10), strict=True))

    def mask(num: str) -> str:
        out = ""
        for ch in num:
            u = rng.random()
            out += ch if u < show else names[ch] if u < show + letter else "?"
        return out
    subs_text = ["" if s is None else
                 f"{mask(s[0])} - {mask(s[1])} = {'0' if s[2] == '0' else mask(s[2])}"
                 for s in subs]
    text = f"{mask(numbers[0])} / {mask(numbers[1])} = {mask(numbers[2])} ; " + " ; ".join(subs_text)
    return text, dividend, divisor


def random_product(rng: random.Random) -> str:
    """A product of two random numbers (1-2 digits times 2 digits) in letters, one
    letter a digit: `A x BC = DCE`."""
    while True:
        a, b = rng.randint(2, 99), rng.randint(10, 99)
        used = sorted({d for x in (a, b, a * b) for d in str(x)})
        if len(used) <= 6:
            break
    name = dict(zip(used, rng.sample("ABCDEFGHKMNPRST", len(used)), strict=True))
    w = ["".join(name[d] for d in str(x)) for x in (a, b, a * b)]
    return f"{w[0]} x {w[1]} = {w[2]}"


# The CrossProduct ladder of docs/crossproduct.md ("Techniques"), written here: easy
# (gcd, fives and sevens, remaining product, capacity), medium (line: a line with at
# most 6 fillings), hard (line search: any line).
CROSSPRODUCT_LEVELS = ("easy", "medium", "hard")


def _exp(x: int, p: int) -> int:
    k = 0
    while x % p == 0:
        x //= p
        k += 1
    return k


def crossproduct_level(rows: list[int], cols: list[int]) -> str:
    """The lowest level whose techniques, run to their fixpoint, decide every cell;
    "search" when even every line's fillings stall."""
    nr, nc = len(rows), len(cols)
    lines = ([([r * nc + c for c in range(nc)], rows[r]) for r in range(nr)]
             + [([r * nc + c for r in range(nr)], cols[c]) for c in range(nc)])

    def easy(m: list[set[int]]) -> bool:
        moved = False
        for cells, prod in lines:
            for p in (5, 7):
                k = _exp(prod, p)
                can = [i for i in cells if p in m[i]]
                fixed = [i for i in cells if m[i] == {p}]
                if len(can) == k and any(len(m[i]) > 1 for i in can):
                    for i in can:
                        m[i] = {p}
                    moved = True
                elif len(fixed) == k and len(can) > k:
                    for i in can:
                        if i not in fixed:
                            m[i].discard(p)
                    moved = True
            done = [i for i in cells if len(m[i]) == 1]
            rest = prod
            for i in done:
                (v,) = m[i]
                if rest % v:
                    return moved
                rest //= v
            open_ = [i for i in cells if len(m[i]) > 1]
            for i in open_:
                keep = {v for v in m[i] if rest % v == 0}
                if len(open_) == 1:
                    keep &= {rest}
                if keep != m[i]:
                    m[i] = keep
                    moved = True
            for q in (2, 3):
                need = _exp(rest, q)
                most = [max((_exp(v, q) for v in m[i]), default=0) for i in open_]
                if open_ and sum(most) == need:
                    for i, hi in zip(open_, most, strict=True):
                        keep = {v for v in m[i] if _exp(v, q) == hi}
                        if keep != m[i]:
                            m[i] = keep
                            moved = True
        return moved

    def line(m: list[set[int]], cap: int | None) -> bool:
        moved = False
        for cells, prod in lines:
            fills = [t for t in itertools.product(*(sorted(m[i]) for i in cells))
                     if math.prod(t) == prod]
            if cap is not None and len(fills) > cap:
                continue
            for k, i in enumerate(cells):
                keep = {t[k] for t in fills}
                if keep != m[i]:
                    m[i] = keep
                    moved = True
        return moved

    for level in range(3):
        m = [{v for v in range(1, 10) if math.gcd(rows[i // nc], cols[i % nc]) % v == 0}
             for i in range(nr * nc)]
        while easy(m) or (level >= 1 and line(m, 6 if level == 1 else None)):
            if any(not s for s in m):
                return "none"
        if all(len(s) == 1 for s in m):
            return CROSSPRODUCT_LEVELS[level]
    return "search"
