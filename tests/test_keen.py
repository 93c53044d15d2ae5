"""Keen: reading (game IDs, text, JSON), bad input, and the solver against
brute force (4x4), CP-SAT (6x6, 9x9) and Tatham's own solver (committed IDs)."""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import numberplay
from numberplay import PuzzleError
from numberplay.keen import cages
from numberplay.keen.generate import cage_cells, clues
from numberplay.keen.model import Cage, KeenPuzzle, make_puzzle
from numberplay.keen.parse import parse_text
from numberplay.keen.search import solve
from numberplay.keen.tatham import parse_game_id, to_game_id
from numberplay.latin.squares import jacobson_matthews
from numberplay.model import GUESS, SOLVED

KEEN = numberplay.get_kind("keen")
EXAMPLE = "4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1"
DATA = Path(__file__).parent / "data" / "keen_tatham.tsv"


def tatham_rows() -> list[tuple[str, str, str]]:
    """(game ID, solution digits, Tatham's grade) from the committed data."""
    rows = []
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            gid, sol, grade = line.split("\t")
            rows.append((gid, sol, grade))
    return rows


# -- reading and writing -----------------------------------------------------------

def test_the_documented_example_decodes_as_the_format_note_says() -> None:
    p, grade = parse_game_id(EXAMPLE)
    assert grade == "medium"
    got = [(c.op, c.target, c.cells) for c in p.cages]
    assert got == [("*", 12, (0, 4)), ("*", 4, (1, 5)), ("-", 1, (2, 3)), ("+", 7, (6, 7, 11)),
                   ("/", 2, (8, 9)), ("+", 8, (10, 14, 15)), ("-", 1, (12, 13))]
    sols = list(KEEN.solutions(p))
    assert [list(r) for r in sols[0].grid] == [[4, 1, 2, 3], [3, 4, 1, 2], [1, 2, 3, 4],
                                                [2, 3, 4, 1]]
    assert len(sols) == 1


def test_game_ids_round_trip_through_every_format() -> None:
    for gid, _, grade in tatham_rows():
        p, _ = parse_game_id(gid)
        letter = {"Easy": "easy", "Normal": "medium", "Hard": "hard", "Extreme": "extreme",
                  "Unreasonable": "unreasonable"}[grade]
        assert to_game_id(p, letter) == gid          # written exactly as his generator does
        assert parse_text(KEEN.to_text(p)) == p
        assert parse_text(json.dumps(p.to_json())) == p
        assert KEEN.parse(gid) == p


def test_the_text_format_reads_what_people_type() -> None:
    text = """# the example, by hand
    A A B B
    C D D E
    C F F E
    G G H H
    A 3-  B: 2/  C 4x
    D = 5+ E 7+
    F 3÷ G 1− H ×12
    """
    p = parse_text(text)
    assert [c.label() for c in p.cages] == ["3−", "2÷", "4×", "5+", "7+", "3÷", "1−", "12×"]
    assert parse_text(KEEN.to_text(p)) == p


def test_a_dot_in_the_cage_map_is_a_cell_in_no_cage() -> None:
    """The setter's board writes `.` for a cell no cage holds yet: a one-cell cage
    without clue, the same puzzle as one labelled with a `?` clue."""
    dotted = parse_text(". A A\n. B .\n. B .\nA 3+  B ?")
    labelled = parse_text("C A A\nD B E\nF B G\nA 3+  B ?  C ?  D ?  E ?  F ?  G ?")
    assert dotted == labelled
    assert sorted(len(c.cells) for c in dotted.cages if c.op == "?") == [1, 1, 1, 1, 1, 2]
    assert numberplay.count(dotted, limit=2000) == numberplay.count(labelled, limit=2000)


@pytest.mark.parametrize(("text", "words"), [
    ("4dn:__a_b_ab_a_3a_,m12m4s1a7d2a8s1", "run short"),
    ("4dn:__a_b_ab_a_3aa_a,m12m4s1a7d2a8s1", "run long"),
    ("4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8", "too few clues"),
    ("4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1a3", "too many clues"),
    ("4dn:__a_b_ab_a_3aa_,m12m4s1q7d2a8s1", "bad clue"),
    ("4dn:__a_b_ab_a_3aa_,m12m4s1a7d2s8s1", "must have two cells"),
    ("4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8d9", "can make 9÷"),
    ("4dn:__a_b_a!_a_3aa_,m12m4s1a7d2a8s1", "unexpected '!'"),
    ("4dq:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1", "unknown grade letter"),
    ("2:a_,a3a3", "outside 3..16"),
])
def test_bad_game_ids_are_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(PuzzleError) as exc:
        KEEN.parse(text)
    assert words in str(exc.value)
    assert "\n" not in str(exc.value)


def test_unreachable_targets_and_shapes_name_the_cage() -> None:
    grid = [f"A{r} A{r} B{r} B{r} C{r} C{r}" for r in range(6)]   # 18 two-cell cages
    others = " ".join(f"{x}{r} 3+" for r in range(6) for x in "ABC" if (x, r) != ("A", 0))
    with pytest.raises(PuzzleError, match=r"cage A0.*2 cells of a 6x6 grid can make 1000×"):
        parse_text("\n".join(grid) + f"\nA0 1000x {others}")
    split = "A A B\nC D B\nC D A\nA 3+  B 3+  C 3+  D 4+"
    with pytest.raises(PuzzleError, match="cage A.*not connected"):
        parse_text(split)
    with pytest.raises(PuzzleError, match="must have two cells"):
        parse_text("A A A\nB C D\nB C D\nA 2-  B 3+  C 3+  D 4+")
    with pytest.raises(PuzzleError, match="no clue"):
        parse_text("A A B\nC D B\nC D E\nA 3+  B 3+  C 3+  D 4+")


def test_the_cli_says_one_line_and_exits_2(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from numberplay.cli import app
    result = CliRunner().invoke(app, ["solve", "keen", "6:_,a1"])
    assert result.exit_code == 2
    assert "run short" in result.output
    result = CliRunner().invoke(app, ["solve", "kenken", EXAMPLE])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:4] == ["4 1 2 3", "3 4 1 2", "1 2 3 4", "2 3 4 1"]


# -- the solver against independent checks --------------------------------------------

def random_puzzle(n: int, rng: random.Random, noise: bool) -> KeenPuzzle:
    """Tatham-style cages on a random square; with `noise`, some targets moved so
    that puzzles with several or no solutions turn up too."""
    while (groups := cage_cells(n, rng)) is None:
        pass
    square = jacobson_matthews(n, rng)
    grid = [square[r][c] + 1 for r in range(n) for c in range(n)]
    cages = clues(n, groups, grid, rng, hard=True)
    if noise:
        out = []
        for cage in cages:
            if cage.op in "+*" and rng.random() < 0.3:
                cage = Cage("+", sum(grid[i] for i in cage.cells) + rng.choice((-1, 1)),
                            cage.cells)
            out.append(cage)
        cages = out
    try:
        return make_puzzle(n, cages)
    except PuzzleError:
        return random_puzzle(n, rng, noise)


def latin_squares(n: int) -> list[tuple[int, ...]]:
    """Every Latin square of order n (flat, values 1..n), by brute force."""
    rows = list(itertools.permutations(range(1, n + 1)))
    out: list[tuple[int, ...]] = []

    def rec(chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == n:
            out.append(tuple(v for row in chosen for v in row))
            return
        for row in rows:
            if all(row[c] != other[c] for other in chosen for c in range(n)):
                rec([*chosen, row])
    rec([])
    return out


def test_every_solution_of_4x4_puzzles_against_brute_force() -> None:
    squares = latin_squares(4)
    assert len(squares) == 576
    rng = random.Random(4)
    seen_counts = set()
    for _ in range(150):
        p = random_puzzle(4, rng, noise=True)
        want = sorted(s for s in squares
                      if all(c.holds([s[i] for i in c.cells]) for c in p.cages))
        got = sorted(tuple(s) for s in solve(p))
        assert got == want, KEEN.to_text(p)
        seen_counts.add(min(len(want), 3))
    assert seen_counts == {0, 1, 2, 3}   # none, one, two and many solutions all came up


def test_cages_kept_by_bounds_find_the_same_solutions(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the table cap at 4 fillings most sum and product cages go to bounds."""
    rng = random.Random(5)
    puzzles = [random_puzzle(5, rng, noise=True) for _ in range(25)]
    want = [sorted(tuple(s) for s in solve(p, limit=50)) for p in puzzles]
    monkeypatch.setattr(cages, "TUPLE_CAP", 4)
    cages.clear_caches()
    assert any(t.bounded for t in cages.compile_puzzle(puzzles[0]))
    for p, w in zip(puzzles, want, strict=True):
        assert sorted(tuple(s) for s in solve(p, limit=50)) == w, KEEN.to_text(p)
    cages.clear_caches()


def test_a_cage_too_big_for_a_table() -> None:
    """Each row one +45 cage of nine cells (9! fillings): every Latin square fits."""
    text = "\n".join(" ".join(f"R{r}" for _ in range(9)) for r in range(9))
    p = parse_text(text + "\n" + "  ".join(f"R{r} 45+" for r in range(9)))
    assert all(t.bounded for t in cages.compile_puzzle(p))
    sols = list(KEEN.solutions(p, limit=3))
    assert len(sols) == 3 and all(KEEN.verify(p, s) for s in sols)


def cpsat_solutions(p: KeenPuzzle, limit: int) -> list[tuple[int, ...]]:
    """Up to `limit` solutions found by OR-Tools CP-SAT (an independent model)."""
    from ortools.sat.python import cp_model
    n = p.n
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
    for r in range(n):
        m.AddAllDifferent(x[r * n:(r + 1) * n])
        m.AddAllDifferent(x[r::n])
    for k, cage in enumerate(p.cages):
        v = [x[i] for i in cage.cells]
        if cage.op == "=":
            m.Add(v[0] == cage.target)
        elif cage.op == "+":
            m.Add(sum(v) == cage.target)
        elif cage.op == "*":
            acc = v[0]
            for j, w in enumerate(v[1:]):
                nxt = m.NewIntVar(1, n ** (j + 2), f"p{k}_{j}")
                m.AddMultiplicationEquality(nxt, [acc, w])
                acc = nxt
            m.Add(acc == cage.target)
        elif cage.op == "-":
            d = m.NewIntVar(-n, n, f"d{k}")
            m.Add(d == v[0] - v[1])
            m.AddAbsEquality(cage.target, d)
        else:
            b = m.NewBoolVar(f"b{k}")
            m.Add(v[0] == cage.target * v[1]).OnlyEnforceIf(b)
            m.Add(v[1] == cage.target * v[0]).OnlyEnforceIf(b.Not())

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[int, ...]] = []

        def on_solution_callback(self) -> None:
            self.found.append(tuple(self.Value(y) for y in x))
            if len(self.found) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collect = Collect()
    solver.Solve(m, collect)
    return collect.found


@pytest.mark.parametrize(("n", "count"), [(6, 40), (9, 12)])
def test_solution_sets_against_cpsat(n: int, count: int) -> None:
    pytest.importorskip("ortools")
    rng = random.Random(n)
    for _ in range(count):
        p = random_puzzle(n, rng, noise=rng.random() < 0.5)
        want = sorted(cpsat_solutions(p, 20))
        got = sorted(tuple(v for row in s.grid for v in row) for s in KEEN.solutions(p, limit=20))
        assert len(got) == len(want), KEEN.to_text(p)
        if len(want) < 20:
            assert got == want


def test_tathams_puzzles_solve_to_his_solutions() -> None:
    for gid, sol, _ in tatham_rows():
        p = KEEN.parse(gid)
        sols = list(KEEN.solutions(p, limit=2))
        assert len(sols) == 1
        assert "".join(str(v) for row in sols[0].grid for v in row) == sol


def test_tathams_graded_puzzles_are_explained_without_a_guess() -> None:
    """Easy..Extreme by his solver: no guess; every one graded at his level (docs/keen.md)."""
    his = {"Easy": "easy", "Normal": "medium", "Hard": "hard", "Extreme": "extreme",
           "Unreasonable": "unreasonable"}
    for gid, sol, grade in tatham_rows():
        p = KEEN.parse(gid)
        steps = list(KEEN.explain(p))
        assert steps[-1].technique == SOLVED
        assert "".join(steps[-1].snapshot.split()) == sol
        if grade != "Unreasonable":
            assert not any(s.technique == GUESS for s in steps), gid
        assert KEEN.grade(p) == his[grade], gid


def test_the_fast_fixpoint_is_the_ladders() -> None:
    """The kernel's quiet run up to a rung over Keen's technique table (each
    technique's sweep: the generator's test) ends as the ladder run step by step
    does, and the first level whose fixpoint solves is the grade of the whole
    explanation."""
    from numberplay.deduce import fixpoint
    from numberplay.keen.cages import compile_puzzle
    from numberplay.keen.explain import LEVELS, KeenRules
    rng = random.Random(9)
    puzzles = [KEEN.parse(gid) for gid, _, _ in tatham_rows()]
    puzzles += [random_puzzle(n, rng, noise=False) for n in (5, 6, 7) for _ in range(6)]
    for p in puzzles:
        rules = KeenRules(p, compile_puzzle(p))
        ends = []
        for k in range(len(LEVELS) - 1):
            fast, slow = ([(1 << p.n) - 1] * (p.n * p.n) for _ in range(2))
            ends.append(fixpoint(rules, fast, k).end)
            assert ends[-1] == fixpoint(rules, slow, k, fast=False).end, (p, k)
        grade = next((LEVELS[k] for k, end in enumerate(ends) if end == "solved"), LEVELS[-1])
        assert grade == KEEN.grade(p), KEEN.render(p, fmt="tatham")


def test_the_level_map_is_checked_against_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Latin technique missing from Keen's level map, or a name it misspells, stops
    the import instead of falling back to the Latin rung."""
    from numberplay.keen import explain as E
    E._check_level_map()
    rungs = dict(E.LATIN_RUNGS)
    del rungs["fish"]
    monkeypatch.setattr(E, "LATIN_RUNGS", rungs)
    with pytest.raises(ImportError, match="misses \\['fish'\\]"):
        E._check_level_map()
    monkeypatch.setattr(E, "LATIN_RUNGS", {**rungs, "fish": 3})
    monkeypatch.setattr(E, "ORDER", tuple(x if x != "line sum" else "line sums" for x in E.ORDER))
    with pytest.raises(ImportError, match="line sums"):
        E._check_level_map()


def test_explanations_do_not_change_with_the_trial_shortcut(monkeypatch) -> None:
    """Following every trial step by step (no propagation shortcut) gives the same
    explanation, word for word, on his Unreasonable puzzles."""
    from numberplay.keen.explain import KeenRules
    ids = [gid for gid, _, grade in tatham_rows() if grade == "Unreasonable"][:4]
    fast = [[(s.technique, s.text) for s in KEEN.explain(KEEN.parse(g))] for g in ids]
    monkeypatch.setattr(KeenRules, "closes", lambda self, *a, **k: True)
    slow = [[(s.technique, s.text) for s in KEEN.explain(KEEN.parse(g))] for g in ids]
    assert fast == slow
    assert any(t == "trial" for steps in fast for t, _ in steps)


def test_a_swappable_rectangle_is_a_second_solution() -> None:
    """The generator's quick rejection (`swapped`) never turns away a unique puzzle:
    against the search, on tries made as the generator makes them."""
    from numberplay.keen.generate import swapped
    rng = random.Random(38)
    caught = 0
    for _ in range(150):
        n = rng.choice((4, 5, 6))
        while (groups := cage_cells(n, rng)) is None:
            pass
        square = jacobson_matthews(n, rng)
        grid = [square[r][c] + 1 for r in range(n) for c in range(n)]
        p = make_puzzle(n, clues(n, groups, grid, rng, hard=True))
        if swapped(n, grid, p.cages):
            caught += 1
            assert len(list(KEEN.solutions(p, limit=2))) == 2, KEEN.to_text(p)
    assert caught > 10


def test_a_seed_makes_the_same_puzzle_without_the_compiled_cores(tmp_path: Path) -> None:
    """Generation through the C cores and through their Python twins, every level."""
    code = ("import numberplay as npl\n"
            "for d in ('easy', 'medium', 'hard', 'extreme', 'unreasonable'):\n"
            "    print(npl.generate_full('keen', size='6', difficulty=d, seed=38).extra['tatham'])\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent / "src")}
    c = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       check=True).stdout
    py = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                        env={**env, "NUMBERPLAY_PURE": "1"}, check=True).stdout
    assert c == py and c.count(":") == 5


@pytest.mark.parametrize("n", [3, 4, 5, 7, 9])
def test_the_compiled_tries_make_the_python_ones(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`_cages.tries` (cutting, dealing, the swapped rectangle, the easy, medium and
    hard fixpoints and the search in C, on random.Random's own Mersenne Twister)
    against generate.py's loop on the kernel's quiet fixpoint: the same puzzle (so
    the same verdict on every try before it), the generator's random state left
    the same, the same budget ticks."""
    from numberplay.budget import Budget
    from numberplay.keen import generate as G
    if G._native is None:
        pytest.skip("keen._cages not built")
    for level, seed in itertools.product(KEEN.difficulties_at(str(n)), range(2)):
        made = []
        for native in (G._native, None):
            monkeypatch.setattr(G, "_native", native)
            rng, budget = random.Random(f"{n}{level}{seed}"), Budget()
            puzzle, grid = G.generate(n, level, rng, budget)
            made.append((to_game_id(puzzle), grid, rng.random(), budget.used))
        assert made[0] == made[1], (n, level, seed)


def test_the_fillings_are_every_filling_in_order() -> None:
    """`cages._fillings` (typed; compiled where built) and the same file run as
    Python, against every assignment tried in lexicographic order: the fillings that
    meet the clue and keep a line's cells apart, the same rows in the same order,
    the first `cap` + 1 of them when there are more."""
    from numberplay._pure import as_python
    fill, pure = cages._fillings.__wrapped__, as_python(cages)._fillings.__wrapped__
    rng = random.Random(38)
    for _ in range(300):
        n = rng.randint(2, 7)
        cells = tuple(sorted(rng.sample(range(n * n), rng.randint(1, min(5, n * n)))))
        shape = cages._shape(n, cells)
        op = rng.choice("+*")
        values = [rng.randint(1, n) for _ in cells]
        target = (sum(values) if op == "+" else math.prod(values)) + rng.choice((0, 0, 1))
        cap = rng.choice((3, 60_000))
        every = [tuple(v - 1 for v in t)
                 for t in itertools.product(range(1, n + 1), repeat=len(cells))
                 if (sum(t) if op == "+" else math.prod(t)) == target
                 and all(t[j] != t[k] for k in range(len(cells)) for j in shape[k])]
        want = tuple(every[:cap + 1])
        assert fill(n, op, target, shape, cap) == want, (n, cells, op, target)
        assert pure(n, op, target, shape, cap) == want, (n, cells, op, target)
    assert fill(9, "*", 10**40, cages._shape(9, (0, 1)), 10) == ()


def test_a_table_wider_than_64_fillings_keeps_every_row() -> None:
    """A table's bit sets are Python integers, compiled or not: a cage of more than 64
    fillings keeps them all possible (a C shift would lose the high ones)."""
    table = cages.compile_cage(6, Cage("+", 14, (0, 1, 2, 6, 12)))
    assert len(table.tuples) > 64
    assert table.full == (1 << len(table.tuples)) - 1
    assert cages.possible(table, [63] * 36) == table.full
