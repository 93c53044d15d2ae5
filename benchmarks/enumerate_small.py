"""The enumerations and the measure the size tables cite (`Kind.offers`, issue 53):
which difficulties the smallest sizes can have, by checking every puzzle.

    PYTHONPATH=src python benchmarks/enumerate_small.py keen          # ~80 s
    PYTHONPATH=src python benchmarks/enumerate_small.py crossset 3    # ~130 s (2: at once)
    PYTHONPATH=src python benchmarks/enumerate_small.py crossproduct 2x3   # 2x2 ~3 s, 2x3 ~220 s
    PYTHONPATH=src python benchmarks/enumerate_small.py sample 3x3 240     # random tables, 240 s

- keen: every 3x3 puzzle (the 12 Latin squares, every cut of the grid into connected
  cages, every operation a cage can take): how many are not unique, and how many the
  easy rung, the medium rung or only more solves; the unique ones past medium printed.
- crossset N: every puzzle on one N x N square (each cell: its value and any subset of
  the others): the grade of each unique one. The techniques look the same at every
  square (relabelling values, rows and columns), so one square shows which rungs can
  be needed.
- crossproduct RxC: every puzzle (rows in ascending product order; the order of the rows
  changes no deduction): the unique ones, and whether the medium rung's fixpoint solves
  them (a fixpoint of these rules does not depend on the order the rules ran in, so
  "needs more than medium" is decided without the rows' other orders).
- sample RxC SECONDS: random tables of digits, each puzzle once, for as long as asked.
"""

from __future__ import annotations

import collections
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from numberplay.deduce import fixpoint  # noqa: E402
from numberplay.kinds import get_kind  # noqa: E402


def _partitions(items: list[int]):  # type: ignore[no-untyped-def]
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for p in _partitions(rest):
        yield [[first], *p]
        for k in range(len(p)):
            yield [*p[:k], [first, *p[k]], *p[k + 1:]]


def _connected(n: int, cells: list[int]) -> bool:
    inside, seen, todo = set(cells), {cells[0]}, [cells[0]]
    while todo:
        i = todo.pop()
        r, c = divmod(i, n)
        for j, ok in ((i - 1, c > 0), (i + 1, c < n - 1), (i - n, r > 0), (i + n, r < n - 1)):
            if ok and j in inside and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(inside)


def _ops(values: list[int]) -> list[tuple[str, int]]:
    if len(values) == 1:
        return [("=", values[0])]
    out = [("+", sum(values)), ("*", eval_product(values))]
    if len(values) == 2:
        a, b = max(values), min(values)
        out.append(("-", a - b))
        if a % b == 0:
            out.append(("/", a // b))
    return out


def eval_product(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def keen() -> None:
    from numberplay.keen.cages import compile_puzzle
    from numberplay.keen.explain import KeenRules
    from numberplay.keen.model import Cage, KeenPuzzle
    from numberplay.keen.search import solve
    n = 3
    parts = [sorted(sorted(g) for g in p) for p in _partitions(list(range(n * n)))
             if all(_connected(n, g) for g in p)]
    squares = [sq for sq in itertools.product(itertools.permutations(range(1, n + 1)), repeat=n)
               if all(len({sq[r][c] for r in range(n)}) == n for c in range(n))]
    print(f"{len(squares)} squares, {len(parts)} cuts into connected cages")
    seen: set[tuple[Cage, ...]] = set()
    stats: collections.Counter[str] = collections.Counter()
    start = time.process_time()
    for sq in squares:
        grid = [v for row in sq for v in row]
        for part in parts:
            for combo in itertools.product(*(_ops([grid[i] for i in g]) for g in part)):
                cages = tuple(Cage(op, t, tuple(g)) for (op, t), g in zip(combo, part, strict=True))
                if cages in seen:
                    continue
                seen.add(cages)
                puzzle = KeenPuzzle(n, cages)
                tables = compile_puzzle(puzzle)
                rules = KeenRules(puzzle, tables)
                if fixpoint(rules, [(1 << n) - 1] * (n * n), 0).end == "solved":
                    stats["easy"] += 1
                elif fixpoint(rules, [(1 << n) - 1] * (n * n), 1).end == "solved":
                    stats["medium"] += 1
                elif len(list(solve(puzzle, limit=2, tables=tables))) == 1:
                    grade = get_kind("keen").grade(puzzle)
                    stats[grade] += 1
                    print(grade, get_kind("keen").to_text(puzzle).replace("\n", " | "))
                else:
                    stats["not unique"] += 1
    print(f"{len(seen):,} distinct puzzles: {dict(stats)}  ({time.process_time() - start:.0f} s)")


def crossset(n: int) -> None:
    from numberplay.crossset.explain import ladder
    from numberplay.crossset.model import CrossSetPuzzle
    from numberplay.crossset.solve import solve_masks
    impl = get_kind("crossset")
    square = [(r + c) % n for r in range(n) for c in range(n)]
    cells = []
    for v in square:
        others = [u for u in range(n) if u != v]
        cells.append([(1 << v) | sum(1 << u for u, b in zip(others, bits, strict=True) if b)
                      for bits in itertools.product((0, 1), repeat=n - 1)])
    stats: collections.Counter[str] = collections.Counter()
    start = time.process_time()
    for masks in itertools.product(*cells):
        if ladder(n, list(masks), 4)[0] != "solved" and \
                len(list(solve_masks(n, list(masks), limit=2))) != 1:
            stats["not unique"] += 1
        else:
            stats[impl.grade(CrossSetPuzzle.from_masks(n, list(masks)))] += 1
    print(f"order {n}, one square, {sum(stats.values()):,} puzzles: {dict(stats)}  "
          f"({time.process_time() - start:.0f} s)")


def crossproduct(rows: int, cols: int) -> None:
    import numpy as np

    from numberplay.crossproduct.explain import CrossProductRules
    from numberplay.crossproduct.model import CrossProductPuzzle
    by_product = collections.defaultdict(list)
    for t in itertools.product(range(1, 10), repeat=cols):
        by_product[eval_product(list(t))].append(t)
    lines = {p: np.array(v, dtype=np.int64) for p, v in by_product.items()}
    stats: collections.Counter[str] = collections.Counter()
    start = time.process_time()
    for products in itertools.combinations_with_replacement(sorted(lines), rows):
        tables = lines[products[0]]
        for more in products[1:]:
            tables = (tables[:, None, :] * lines[more][None, :, :]).reshape(-1, cols)
        key = np.zeros(len(tables), dtype=np.int64)
        for j in range(cols):
            key = key * 9 ** rows + tables[:, j]
        _, first, count = np.unique(key, return_index=True, return_counts=True)
        for i in first[count == 1]:
            puzzle = CrossProductPuzzle(tuple(products), tuple(int(x) for x in tables[i]))
            rules = CrossProductRules(puzzle)
            if fixpoint(rules, rules.start(), 0).end == "solved":
                stats["easy"] += 1
            elif fixpoint(rules, rules.start(), 1).end == "solved":
                stats["medium"] += 1
            else:
                stats["more than medium"] += 1
                print(puzzle)
    print(f"{rows}x{cols}, unique puzzles (rows in ascending order): {dict(stats)}  "
          f"({time.process_time() - start:.0f} s)")


def sample(rows: int, cols: int, seconds: float) -> None:
    from numberplay.crossproduct.explain import CrossProductRules
    from numberplay.crossproduct.generate import other_solution, table_puzzle
    rng = random.Random(1)
    seen = set()
    stats: collections.Counter[str] = collections.Counter()
    start = time.process_time()
    while time.process_time() - start < seconds:
        table = [[rng.randint(1, 9) for _ in range(cols)] for _ in range(rows)]
        puzzle = table_puzzle(table)
        if puzzle in seen:
            continue
        seen.add(puzzle)
        if other_solution(table, None) is not None:
            stats["not unique"] += 1
            continue
        rules = CrossProductRules(puzzle)
        pos = rules.start()
        if fixpoint(rules, pos, 0).end == "solved":
            stats["easy"] += 1
        elif fixpoint(rules, pos, 1).end == "solved":
            stats["medium"] += 1
        else:
            stats["more than medium"] += 1
            print(table)
    print(f"{rows}x{cols}, {len(seen):,} random tables: {dict(stats)}")


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "keen"
    if what == "keen":
        keen()
    elif what == "crossset":
        crossset(int(sys.argv[2]))
    elif what == "crossproduct":
        rows, _, cols = sys.argv[2].partition("x")
        crossproduct(int(rows), int(cols))
    else:
        rows, _, cols = sys.argv[2].partition("x")
        sample(int(rows), int(cols), float(sys.argv[3]))


if __name__ == "__main__":
    main()
