"""The setter's workbench (`check --why`, issue 32) against brute force.

Every solution of a small puzzle is found by brute force (every Latin square
or every assignment, kept when `verify` accepts it), independently of the
solvers; then the candidates must be the union over them, the fix must leave
exactly one and no smaller set of givens may, and a conflict must have no
solution and be smaller than the puzzle.
"""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

import numberplay
from numberplay.kinds import get_kind
from numberplay.services.workbench import why


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every Latin square of order n (n <= 4), row by row."""
    perms = list(itertools.permutations(range(1, n + 1)))
    out = []

    def grow(rows):
        if len(rows) == n:
            out.append(tuple(rows))
            return
        for p in perms:
            if all(p[c] != r[c] for r in rows for c in range(n)):
                grow([*rows, p])
    grow([])
    return out


def brute_places(puzzle) -> list[dict[str, int]]:
    """Every solution of a small puzzle as places, found without the solver."""
    impl = get_kind(puzzle.kind)
    if puzzle.kind in ("crossset", "keen"):
        solutions = [impl.solution_type(grid) for grid in latin_squares(puzzle.n)]
    elif puzzle.kind == "crossproduct":
        R, C = puzzle.shape
        solutions = [impl.solution_type(tuple(tuple(flat[r * C:(r + 1) * C]) for r in range(R)))
                     for flat in itertools.product(range(1, 10), repeat=R * C)]
    else:
        letters = sorted(impl.place_values(puzzle))
        solutions = [impl.solution_of(puzzle, dict(zip(letters, digits, strict=True)))
                     for digits in itertools.permutations(range(puzzle.base), len(letters))]
    return [impl.solution_places(puzzle, s) for s in solutions if impl.verify(puzzle, s)]


def crossset_puzzles(count: int, seed: int = 3) -> list:
    """3x3 and 4x4 candidate grids around a random Latin square (some unique, some
    not, some without solution)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        n = rng.choice((3, 4))
        square = rng.choice(latin_squares(n))
        cells = [[sorted({square[r][c], *rng.sample(range(1, n + 1), rng.randint(1, 3))})
                  for c in range(n)] for r in range(n)]
        if k % 3 == 2:   # the square's value taken out of a cell or two
            for _ in range(rng.randint(1, 2)):
                cell = cells[rng.randrange(n)][rng.randrange(n)]
                if len(cell) > 1:
                    cell.remove(rng.choice(cell))
        out.append(numberplay.parse("crossset", json.dumps({"cells": cells})))
    return out


def crossproduct_puzzles(count: int, seed: int = 5) -> list:
    """Products of random 2x2 and 1x3 grids, some then changed (no solution), some
    with a given digit."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        R, C = rng.choice(((2, 2), (1, 3), (2, 2)))
        grid = [[rng.choice((1, 2, 2, 3, 4, 6)) for _ in range(C)] for _ in range(R)]
        rows = [math.prod(row) for row in grid]
        cols = [math.prod(grid[r][c] for r in range(R)) for c in range(C)]
        if k % 4 == 3:
            rows[0] *= rng.choice((2, 3, 5))
        data = {"rows": rows, "cols": cols}
        if k % 5 == 4:
            data["givens"] = {"r1c1": grid[0][0]}
        out.append(numberplay.parse("crossproduct", json.dumps(data)))
    return out


def keen_puzzles(count: int, seed: int = 7) -> list:
    """3x3 and 4x4 Keen grids cut into dominoes and single cells with the clues of a
    random Latin square; some cages then lose their clue (several solutions), some
    get a wrong one (none), some a given digit."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        n = rng.choice((3, 4))
        square = rng.choice(latin_squares(n))
        free = set(range(n * n))
        cages = []
        for i in range(n * n):
            if i not in free:
                continue
            free.discard(i)
            mates = [j for j in (i + 1, i + n) if j in free and (j != i + 1 or j % n)]
            cells = [i]
            if mates and rng.random() < 0.7:
                cells.append(rng.choice(mates))
                free.discard(cells[-1])
            values = [square[j // n][j % n] for j in cells]
            if len(cells) == 1:
                op, target = "=", values[0]
            else:
                op = rng.choice("+*-")
                target = {"+": sum(values), "*": math.prod(values),
                          "-": abs(values[0] - values[1])}[op]
            if rng.random() < 0.4:
                op, target = "?", 0
            cages.append({"op": op, "target": target,
                          "cells": [[j // n + 1, j % n + 1] for j in cells]})
        if k % 4 == 3:
            sums = [c for c in cages if c["op"] == "+"]
            if sums:
                sums[0]["target"] = max(3, sums[0]["target"] - 1)
        data = {"n": n, "cages": cages}
        if k % 5 == 4:
            data["givens"] = {"r1c1": square[0][0]}
        out.append(numberplay.parse("keen", json.dumps(data)))
    return out


FORMULAS = ["AB + BA = CC", "A + B = C", "A + B = CDE", "A + A = B", "AB + AB = CDC",
            "AB - B = CA", "A * B = CA", "A + B + C = D", "ABC + ABC = DEF"]
PUZZLES = crossset_puzzles(30) + crossproduct_puzzles(16) + keen_puzzles(24) + [numberplay.parse("cryptarithm", f) for f in FORMULAS]


def _fits(places: dict[str, int], givens: dict[str, int]) -> bool:
    return all(places.get(p) == v for p, v in givens.items())


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: json.dumps(p.to_json())[:60])
def test_why_against_brute_force(puzzle):
    impl = get_kind(puzzle.kind)
    every = brute_places(puzzle)
    report = why(puzzle)
    if len(every) == 1:
        assert report["verdict"] == "unique"
        assert report["difficulty"] in impl.difficulties
        assert sum(report["techniques"].values()) >= 1
    elif not every:
        assert report["verdict"] == "none"
        _check_conflict(impl, puzzle, report)
    else:
        assert report["verdict"] == "multiple"
        _check_multiple(impl, puzzle, report, every)


def _check_multiple(impl, puzzle, report, every):
    """Candidates = the union; the fix is unique and no smaller set is."""
    first, second = (impl.solution_places(puzzle, impl.solution_type.from_json(s))
                     for s in report["solutions"])
    assert first != second and first in every and second in every
    assert report["differ"] == [p for p in first if first[p] != second[p]]
    union = {p: sorted({s[p] for s in every}) for p in every[0]}
    assert report["candidates_complete"] is True
    assert report["candidates"] == union
    fix = {g["at"]: g["value"] for g in report["fix"]}
    assert sum(_fits(s, fix) for s in every) == 1
    assert report["fix_minimal"] is True
    fixed = impl.puzzle_type.from_json(report["fixed_puzzle"])
    assert impl.count(fixed, limit=2) == 1
    places = sorted(union)
    for size in range(len(fix)):
        for chosen in itertools.combinations(places, size):
            for values in itertools.product(*(union[p] for p in chosen)):
                givens = dict(zip(chosen, values, strict=True))
                assert sum(_fits(s, givens) for s in every) != 1, givens


def _check_conflict(impl, puzzle, report):
    """The conflict is smaller than the puzzle, has no solution, and each clue counts."""
    clues = impl.clues(puzzle)
    if not clues:
        return
    assert report["conflict"] and set(report["conflict"]) <= set(clues)
    # smaller than the puzzle, unless every clue is needed (checked below)
    assert len(report["conflict"]) < len(clues) or report["conflict_minimal"]
    assert report["conflict_places"]   # the cells, lines or letters to draw
    relaxed = impl.puzzle_type.from_json(report["conflict_puzzle"])
    assert brute_places(relaxed) == []
    assert report["explanation"][-1]["technique"] == "no solution"
    keep = [clues.index(c) for c in report["conflict"]]
    if report["conflict_minimal"] and len(keep) > 1:
        for k in keep:
            fewer = impl.relax(puzzle, frozenset(set(keep) - {k}))
            assert brute_places(fewer), k


def test_cli_why_keeps_the_check_contract(run, tmp_path):
    """Verdict line and exit codes as `check`; the why lines after; JSON keys added."""
    path = tmp_path / "cs.txt"
    path.write_text("1234 1234 3 4\n1234 1234 4 3\n3 4 12 12\n4 3 12 12\n")
    result = run(["check", "crossset", str(path), "--why"])
    assert result.exit_code == 4
    lines = result.stdout.splitlines()
    assert lines[0] == "multiple solutions"
    assert any(line.startswith("fewest givens that make it unique: ") for line in lines)
    result = run(["check", "crossset", str(path), "--why", "--format", "json"])
    data = json.loads(result.stdout)
    assert data["text"] == "multiple solutions" and len(data["fix"]) == 2
    result = run(["check", "cryptarithm", "A + B = CDE", "--why"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "no solution"
    result = run(["check", "cryptarithm", "SEND + MORE = MONEY", "--why", "-f", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["verdict"] == "unique" and data["difficulty"] in ("easy", "medium", "hard")


def test_why_lines_name_a_technique_once(run):
    """The explanation under a conflict shows each technique as its label only
    (issue 33, defect 6, on the workbench's text): no 'naked single: Naked single:'."""
    keen = "A A B\nC D B\nC D E\nA 3+ B 5+ C 4+\nD 3x E 2\n"
    result = run(["check", "keen", keen, "--why"])
    assert result.exit_code == 1
    steps = [line.strip() for line in result.stdout.splitlines() if line.startswith("  ")]
    assert any(step.startswith("naked single: ") for step in steps)
    for step in steps:
        label, _, body = step.partition(": ")
        assert not body.lower().startswith(label.lower() + ":"), step


@pytest.mark.parametrize("kind,size", [("crossset", "5"), ("keen", "4"), ("crossproduct", "3x3"),
                                       ("cryptarithm", None)])
def test_the_difficulty_is_the_grade_generate_prints(kind, size):
    """A unique puzzle's difficulty is the grade `generate` gave it."""
    made = numberplay.generate_full(kind, size=size, seed=3)
    report = why(made.puzzle)
    assert report["verdict"] == "unique"
    assert report["difficulty"] == made.difficulty == numberplay.grade(made.puzzle)


def test_candidates_cut_short_say_complete_false():
    """The issue's contract: candidates bounded by the budget, with "complete": false
    when it runs out (beside "candidates_complete")."""
    from numberplay.budget import Budget
    from numberplay.services.workbench import why
    n = 7
    open_grid = numberplay.parse("crossset", "\n".join(" ".join(["1234567"] * n) for _ in range(n)))
    report = why(open_grid, Budget(nodes=3000))
    assert report["verdict"] == "multiple"
    assert report["candidates_complete"] is False and report["complete"] is False
