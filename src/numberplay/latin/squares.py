"""Random Latin squares: the Jacobson–Matthews Markov chain (uniform in the limit)."""

from __future__ import annotations

import random


def jacobson_matthews(n: int, rng: random.Random, iterations: int | None = None) -> list[list[int]]:
    """A random Latin square with values 0..n-1, after `iterations` chain moves
    (default n**3), starting from a randomly permuted cyclic square."""
    rows = list(range(n))
    cols = list(range(n))
    vals = list(range(n))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(vals)
    # x[r][c] is a list of n ints: the incidence cube (1 where L[r][c] == v)
    x = [[[0] * n for _ in range(n)] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            x[rows[r]][cols[c]][vals[(r + c) % n]] = 1
    if n < 3:
        return _read(x, n)
    steps = n ** 3 if iterations is None else iterations
    improper = None
    done = 0
    # Read the square at fixed times (steps, then every `gap` moves) and keep the
    # first proper one: conditioned on being proper, the chain's state at a
    # fixed time is uniform in the limit, whereas the first proper state after
    # an improper excursion is not.
    gap = max(1, n)
    while done < steps or improper is not None or (done - steps) % gap:
        done += 1
        if improper is None:
            while True:
                r, c, v = rng.randrange(n), rng.randrange(n), rng.randrange(n)
                if x[r][c][v] == 0:
                    break
            r1 = next(i for i in range(n) if x[i][c][v] == 1)
            c1 = next(j for j in range(n) if x[r][j][v] == 1)
            v1 = next(k for k in range(n) if x[r][c][k] == 1)
        else:
            r, c, v = improper
            r1 = rng.choice([i for i in range(n) if x[i][c][v] == 1])
            c1 = rng.choice([j for j in range(n) if x[r][j][v] == 1])
            v1 = rng.choice([k for k in range(n) if x[r][c][k] == 1])
        x[r][c][v] += 1
        x[r][c1][v1] += 1
        x[r1][c][v1] += 1
        x[r1][c1][v] += 1
        x[r][c][v1] -= 1
        x[r][c1][v] -= 1
        x[r1][c][v] -= 1
        x[r1][c1][v1] -= 1
        improper = (r1, c1, v1) if x[r1][c1][v1] < 0 else None
    return _read(x, n)


def _read(x: list[list[list[int]]], n: int) -> list[list[int]]:
    return [[x[r][c].index(1) for c in range(n)] for r in range(n)]


def is_latin(grid: list[list[int]] | tuple, n: int, base: int = 0) -> bool:
    """Does every row and column hold base..base+n-1 exactly once?"""
    want = set(range(base, base + n))
    if len(grid) != n:
        return False
    for row in grid:
        if len(row) != n or set(row) != want:
            return False
    return all({grid[r][c] for r in range(n)} == want for c in range(n))
