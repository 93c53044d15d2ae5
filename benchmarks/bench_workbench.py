"""check --why (issue 32): CPU seconds per answer, by kind and verdict.

The goal: every answer in at most 2 s for 9x9 Cross Set and Keen, 6x6
CrossProduct and alphametics of up to ten letters. Each puzzle is made here
from a generated one (same seeds every run): the unique puzzle itself, a
puzzle with several solutions (clues taken away: some thirty cells' lists made full,
a cage's clue blanked, a product blanked, an alphametic with several
solutions), and one without solution (a clue made wrong). The table gives the
median and the worst CPU time of `services.workbench.why` over the seeds.

    python benchmarks/bench_workbench.py [--seeds 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from dataclasses import replace

import numberplay
from numberplay.services.workbench import why

# Alphametics of up to ten letters: several solutions, and none.
MULTIPLE_FORMULAS = ["ONE + TWO = FOUR", "ABC + DEF = GHIJ", "AB + CD + EF = GHI",
                     "SEND + MOST = MONEY", "FOUR + FIVE = NINE"]
NONE_FORMULAS = ["SEND + MORE = MONEYS", "ABCDE + FGHIJ = ABCDE", "AB + CD = EFGHI",
                 "TEN + TEN = EIGHTY", "SEND + MORE = MONIES"]


def crossset(seed: int) -> dict[str, numberplay.Puzzle]:
    """A 9x9 Cross Set: unique, a few lists widened, a solution value taken out."""
    puzzle = numberplay.generate("crossset", size="9", difficulty="hard", seed=seed)
    solution = next(numberplay.solutions(puzzle))
    rng = random.Random(seed)
    cells = [list(row) for row in puzzle.cells]
    for _ in range(30):
        cells[rng.randrange(9)][rng.randrange(9)] = tuple(range(1, 10))
    wider = replace(puzzle, cells=tuple(tuple(row) for row in cells))
    cells = [list(row) for row in puzzle.cells]
    r, c = next((r, c) for r in range(9) for c in range(9) if len(cells[r][c]) > 1)
    cells[r][c] = tuple(v for v in cells[r][c] if v != solution.grid[r][c])
    wrong = replace(puzzle, cells=tuple(tuple(row) for row in cells))
    return {"unique": puzzle, "multiple": wider, "none": wrong}


def keen(seed: int) -> dict[str, numberplay.Puzzle]:
    """A 9x9 Keen: unique, half the cages' clues blanked, a sum made wrong."""
    from numberplay.keen.model import Cage
    puzzle = numberplay.generate("keen", size="9", difficulty="hard", seed=seed)
    rng = random.Random(seed)
    cages = list(puzzle.cages)
    for k in rng.sample(range(len(cages)), len(cages) // 2):
        cages[k] = Cage("?", 0, cages[k].cells)
    blank = replace(puzzle, cages=tuple(cages))
    cages = list(puzzle.cages)
    k = next(k for k, c in enumerate(cages) if c.op == "+" and len(c.cells) > 2)
    cages[k] = Cage("+", cages[k].target + 1, cages[k].cells)
    return {"unique": puzzle, "multiple": blank, "none": replace(puzzle, cages=tuple(cages))}


def crossproduct(seed: int) -> dict[str, numberplay.Puzzle]:
    """A 6x6 CrossProduct: unique, two rows' products blanked, a row's product doubled."""
    puzzle = numberplay.generate("crossproduct", size="6x6", difficulty="hard", seed=seed)
    rows = list(puzzle.rows)
    rows[seed % 6] = rows[(seed + 1) % 6] = None
    blank = replace(puzzle, rows=tuple(rows))
    rows = list(puzzle.rows)
    rows[seed % 6] *= 2
    return {"unique": puzzle, "multiple": blank, "none": replace(puzzle, rows=tuple(rows))}


def alphametic(seed: int) -> dict[str, numberplay.Puzzle]:
    """Alphametics of up to ten letters: a generated one, several solutions, none."""
    unique = numberplay.generate("cryptarithm", seed=seed)
    many = MULTIPLE_FORMULAS[seed % len(MULTIPLE_FORMULAS)]
    none = NONE_FORMULAS[seed % len(NONE_FORMULAS)]
    return {"unique": unique, "multiple": numberplay.parse("cryptarithm", many),
            "none": numberplay.parse("cryptarithm", none)}


MAKERS = {"crossset 9x9": crossset, "keen 9x9": keen, "crossproduct 6x6": crossproduct,
          "alphametic <=10 letters": alphametic}


def cpu(puzzle: numberplay.Puzzle) -> tuple[float, dict]:
    """CPU seconds of one workbench answer, and the answer."""
    start = time.process_time()
    report = why(puzzle)
    return time.process_time() - start, report


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; CPU seconds of check --why per puzzle")
    print(f"{'puzzles':26} {'verdict':9} {'n':>3} {'median':>8} {'worst':>8}  notes")
    for label, make in MAKERS.items():
        times: dict[str, list[float]] = {}
        notes: dict[str, Counter[str]] = {}
        for seed in range(1, args.seeds + 1):
            for verdict, puzzle in make(seed).items():
                seconds, report = cpu(puzzle)
                times.setdefault(verdict, []).append(seconds)
                note = notes.setdefault(verdict, Counter())
                if report["verdict"] != verdict:
                    note[f"got {report['verdict']}"] += 1
                for key in ("candidates_complete", "fix_minimal", "conflict_minimal"):
                    if report.get(key) is False:
                        note[f"{key}=false"] += 1
        for verdict, got in times.items():
            print(f"{label:26} {verdict:9} {len(got):3} {statistics.median(got):8.3f} "
                  f"{max(got):8.3f}  " + ", ".join(f"{k} x{v}" for k, v in sorted(notes[verdict].items())))


if __name__ == "__main__":
    main()
