"""Making skeleton divisions with exactly one solution.

Draw a division (the divisor, the quotient, a remainder smaller than the
divisor), write all of it as `?`, then tell the solver's second solution apart
from the first: show one character where they differ, as a letter (one letter
per digit, the same letter wherever it is shown) or as a given digit, until the
search finds one solution only. Then take back what is not needed, in a random
order, keeping the puzzle unique, and grade it on the deduction kernel.
"""

from __future__ import annotations

import random
import string
from typing import Any

from ..budget import Budget
from ..errors import GenerationError
from ..model import Generated
from .model import DivisionPuzzle, DivisionSolution, division_text, layout_of, work
from .solve import Search

SIZES = {"easy": "5x2", "medium": "6x2", "hard": "7x2", "fiendish": "7x3"}


def read_size(size: str) -> tuple[int, int]:
    """`NxM`: the dividend's digits N (4 to 9) and the divisor's M (1 to 3)."""
    from ..errors import PuzzleError
    n, sep, m = size.lower().partition("x")
    if not (sep and n.strip().isdigit() and m.strip().isdigit()):
        raise PuzzleError(f"size is NxM (dividend digits x divisor digits), e.g. 6x2, not {size!r}")
    nn, mm = int(n), int(m)
    if not 1 <= mm <= 3 or not mm + 2 <= nn <= 9:
        raise PuzzleError(f"size {size}: the divisor has 1 to 3 digits and the dividend "
                          "2 to 9 digits more... at most 9")
    return nn, mm


def _draw(rng: random.Random, n: int, mb: int) -> DivisionSolution | None:
    """A division as a setter would choose one: the quotient does not end in 0
    (its last subtractions would be empty, which enigma.py cannot read) and has at
    most one 0; the remainder is smaller than the divisor."""
    b = rng.randrange(max(2, 10 ** (mb - 1)), 10 ** mb)
    r = rng.randrange(b) if rng.random() < 0.7 else 0
    lo = -(-(10 ** (n - 1) - r) // b)
    hi = (10 ** n - 1 - r) // b
    if lo > hi:
        return None
    c = rng.randint(lo, hi)
    if rng.random() < 0.4 and len(str(c)) > 2:     # a 0 in the quotient, now and then
        digits = list(str(c))
        digits[rng.randrange(1, len(digits) - 1)] = "0"
        c = int("".join(digits))
    a = b * c + r
    if len(str(a)) != n or c == 0 or c % 10 == 0 or str(c).count("0") > 1:
        return None
    return DivisionSolution(a, b, c, r, ())


def _skeleton_of(s: DivisionSolution) -> DivisionPuzzle | None:
    """The division with every digit shown (None when it is degenerate: a
    difference of 0 before the end, which is not written, or a first line that
    the divisor's product takes whole, or a quotient that is one digit)."""
    a, b, c = str(s.dividend), str(s.divisor), str(s.quotient)
    subs: list = []
    z, cursor, n, m = 0, 0, len(a), len(c)
    rows: list[tuple[Any, int, Any] | None] = []
    if m < 2:
        return None
    for k in range(m):
        q = int(c[k])
        if q == 0:
            rows.append(None)
            continue
        end = n - m + k
        x = z * 10 ** (end + 1 - cursor) + int(a[cursor:end + 1])
        y = s.divisor * q
        z = x - y
        rows.append((x, y, z))
        cursor = end + 1
    last = max(k for k, r in enumerate(rows) if r is not None)
    for k, r in enumerate(rows):
        if r is None:
            subs.append(None)
            continue
        if r[2] == 0 and k != last:
            return None
        if len(str(r[0])) != len(str(r[1])) and r[2] == 0:
            return None
        subs.append((str(r[0]), str(r[1]), str(r[2])))
    p = DivisionPuzzle(a, b, c, tuple(subs))
    try:
        layout_of(p)
    except Exception:
        return None
    return p


def places_of(p: DivisionPuzzle) -> list[list[tuple[int, int]]]:
    """The printed places as characters of the text form: the dividend's digit and
    the X digit that brings it down are one place, as are a difference's digit and
    the X digit below it (the `0` of an exact division's last Z is no place)."""
    lay = layout_of(p)
    parts = _parts(p)
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(c: tuple[int, int]) -> tuple[int, int]:
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    def union(c: tuple[int, int], d: tuple[int, int]) -> None:
        rc, rd = find(c), find(d)
        if rc != rd:
            parent[max(rc, rd)] = min(rc, rd)

    prev = None
    for st in lay.steps:
        for j, col in enumerate(st.down):
            union((0, col), (3 + 3 * st.k, st.head + j))
        if prev is not None:
            for j in range(st.head):
                union((5 + 3 * prev.k, j), (3 + 3 * st.k, j))
        prev = st
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for i, part in enumerate(parts):
        for j in range(len(part)):
            if i >= 3 and i % 3 == 2 and lay.steps[-1].exact and \
                    (i - 5) // 3 == lay.steps[-1].k:
                continue
            groups.setdefault(find((i, j)), []).append((i, j))
    return list(groups.values())


# A character of the text form: (part, index): part 0 dividend, 1 divisor, 2 quotient,
# then 3k+3, 3k+4, 3k+5 for subtraction k's X, Y and Z.
def _parts(p: DivisionPuzzle) -> list[str]:
    out = [p.dividend, p.divisor, p.quotient]
    for s in p.subs:
        out += list(s) if s else ["", "", ""]
    return out


def _from_parts(parts: list[str], template: DivisionPuzzle) -> DivisionPuzzle:
    subs: list[tuple[str, str, str] | None] = []
    for k, s in enumerate(template.subs):
        subs.append(None if s is None else (parts[3 + 3 * k], parts[4 + 3 * k], parts[5 + 3 * k]))
    return DivisionPuzzle(parts[0], parts[1], parts[2], tuple(subs))


def _differences(full: list[str], other: list[str]) -> list[tuple[int, int]]:
    return [(i, j) for i, (u, v) in enumerate(zip(full, other, strict=True))
            for j, (x, y) in enumerate(zip(u, v, strict=True)) if x != y]


def _count(p: DivisionPuzzle, budget: Budget) -> list[DivisionSolution]:
    out = []
    for s in Search(p, budget).solutions():
        out.append(s)
        if len(out) == 2:
            break
    return out


def _solution_parts(p: DivisionPuzzle, s: DivisionSolution) -> list[str] | None:
    w = work(layout_of(p), s.dividend, s.divisor, s.quotient)
    if w is None:
        return None
    out = [str(s.dividend), str(s.divisor), str(s.quotient)]
    for r in w.rows:
        out += [str(v) for v in r[:3]] if r else ["", "", ""]
    return out


def make(rng: random.Random, n: int, mb: int, budget: Budget, letters_wanted: int
         ) -> tuple[DivisionPuzzle, DivisionSolution] | None:
    """One unique skeleton (None when this draw does not make one). What is shown
    is shown in its printed place: every line that prints that place carries it."""
    s = _draw(rng, n, mb)
    if s is None:
        return None
    full_p = _skeleton_of(s)
    if full_p is None:
        return None
    full = _parts(full_p)
    shown = [list(part) for part in full]
    places = places_of(full_p)
    place_of = {ij: g for g, where in enumerate(places) for ij in where}
    digit = [full[where[0][0]][where[0][1]] for where in places]
    state = ["?"] * len(places)
    pool = list(string.ascii_uppercase)
    rng.shuffle(pool)
    letter_of: dict[str, str] = {}

    def show(g: int, ch: str) -> None:
        state[g] = ch
        for i, j in places[g]:
            shown[i][j] = ch

    for g in range(len(places)):
        show(g, "?")

    def reveal(g: int) -> None:
        d = digit[g]
        if d in letter_of:
            show(g, letter_of[d])
        elif len(letter_of) < letters_wanted and (not letter_of or rng.random() < 0.75):
            letter_of[d] = pool.pop()
            show(g, letter_of[d])
        else:
            show(g, d)

    def puzzle() -> DivisionPuzzle:
        return _from_parts(["".join(x) for x in shown], full_p)

    # a few places to start with: a digit seen twice as a letter, and some more
    by_digit: dict[str, list[int]] = {}
    for g, d in enumerate(digit):
        by_digit.setdefault(d, []).append(g)
    twice = sorted(d for d, where in by_digit.items() if len(where) >= 2)
    if twice:
        d = rng.choice(twice)
        letter_of[d] = pool.pop()
        for g in rng.sample(by_digit[d], 2):
            show(g, letter_of[d])
    start = 1 + letters_wanted + len(places) // 6    # (a long division: more to start with)
    for g in rng.sample(range(len(places)), min(len(places), start)):
        if state[g] == "?":
            reveal(g)
    for _ in range(60):
        budget.tick()
        p = puzzle()
        found = _count(p, budget.child(nodes=200_000))
        if len(found) == 1:
            break
        if not found:
            return None
        other = next((_solution_parts(p, t) for t in found
                      if (t.dividend, t.divisor) != (s.dividend, s.divisor)), None)
        if other is None:
            return None
        diff = sorted({place_of[ij] for ij in _differences(full, other)
                       if ij in place_of and state[place_of[ij]] == "?"})
        if not diff:
            return None
        reveal(rng.choice(diff))
    else:
        return None
    # take back what is not needed
    told = [g for g in range(len(places)) if state[g] != "?"]
    rng.shuffle(told)
    for g in told:
        keep = state[g]
        if keep.isalpha() and state.count(keep) <= 2:
            continue   # a letter is kept where it is seen at least twice
        show(g, "?")
        if len(_count(puzzle(), budget.child(nodes=200_000))) != 1:
            show(g, keep)
    p = puzzle()
    sol = next(Search(p, budget).solutions())
    return p, sol


# the steps a level may not need: the cells they decide are shown (in that order) to
# bring a puzzle down to the level
_HARDER = {"easy": ("product", "subtraction", "trial"), "medium": ("trial",),
           "hard": ("trial",)}
ATTEMPT_NODES = 400_000     # one draw's search and grading (a seed gives one puzzle anywhere)


def _slot_of(p: DivisionPuzzle) -> dict[tuple[int, int], str]:
    """Each character of the text form: the name of the place the steps give it."""
    from .rules import model_of
    m = model_of(p)
    out: dict[tuple[int, int], str] = {}
    for j, s in enumerate(m.slots_of_a):
        out[(0, j)] = m.names[s]
    for j, s in enumerate(m.bs):
        out[(1, j)] = m.names[s]
    for j, s in enumerate(m.slots_of_c):
        out[(2, j)] = m.names[s]
    for pr, sb in zip(m.products, m.subtractions, strict=True):
        k = pr.k - 1
        for j, s in enumerate(sb.xs):
            out[(3 + 3 * k, j)] = m.names[s]
        for j, s in enumerate(pr.ys):
            out[(4 + 3 * k, j)] = m.names[s]
        for j, s in enumerate(sb.zs):
            out[(5 + 3 * k, j)] = m.names[s]
    return out


def _show_needed(impl, rng: random.Random, p: DivisionPuzzle, s: DivisionSolution,
                 level: str, budget: Budget) -> DivisionPuzzle:
    """The puzzle with one more place shown, one the level's techniques could not
    decide (the first step harder than the level): as the letter of its digit
    where the puzzle has one, else as its digit (still unique: it only narrows)."""
    full = _solution_parts(p, s)
    parts = [list(part) for part in _parts(p)]
    assert full is not None
    groups = places_of(p)
    names = _slot_of(p)
    hidden = {names[g[0]]: g for g in groups if parts[g[0][0]][g[0][1]] == "?"}
    want: list[list[tuple[int, int]]] = []
    for step in impl.explain(p, budget=budget):
        if step.technique in _HARDER.get(level, ()):
            want = [hidden[c] for c in step.cells if c in hidden]
            if want:
                break
    if not want:
        want = list(hidden.values())
    if not want:
        return p
    group = rng.choice(want)
    digit = full[group[0][0]][group[0][1]]
    letter = next((ch for part, whole in zip(parts, full, strict=True)
                   for ch, d in zip(part, whole, strict=True) if ch.isalpha() and d == digit),
                  digit)
    for i, j in group:
        parts[i][j] = letter
    return _from_parts(["".join(part) for part in parts], p)


def generate_division(impl, rng: random.Random, size: str | None, difficulty: str | None,
                      budget: Budget) -> Generated:
    """A unique skeleton division of the size, graded as asked: a draw made unique
    and minimal (`make`), then shown more where a step harder than the level is
    needed; a draw harder than `hard` asks, or easier than asked, is left for the
    next. Each draw has a node budget of its own, so one that runs long is left too."""
    from ..errors import BudgetExceeded
    n, mb = read_size(size or SIZES.get(difficulty or "", "6x2"))
    order = impl.difficulties
    for _attempt in range(400):
        budget.tick()
        attempt = budget.child(nodes=ATTEMPT_NODES)
        try:
            made = make(rng, n, mb, attempt, rng.randint(1, 4))
            if made is None:
                continue
            p, sol = made
            grade = impl.grade(p, attempt)
            for _more in range(12):   # too hard for the asked grade: show more of it
                if difficulty is None or order.index(grade) <= order.index(difficulty):
                    break
                p = _show_needed(impl, rng, p, sol, difficulty, attempt)
                grade = impl.grade(p, attempt)
        except BudgetExceeded:
            if attempt.max_nodes is not None and attempt.used > attempt.max_nodes:
                continue
            raise
        if difficulty is None or grade == difficulty:
            return Generated(p, sol, grade, division_text(p))
    raise GenerationError(f"no unique {difficulty or ''} division of size {n}x{mb} found")
