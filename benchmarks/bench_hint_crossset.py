"""Hints on the web page for a 9×9 Cross Set (or Keen) at every stage of a game, through the API.

Puzzles: 9×9 Cross Sets (`--kind keen`: Keen puzzles) generated at each difficulty
(seeds `bench:0`...). A game
is the puzzle's explanation played by a player who crosses out what each step
removes; the stages are the positions before every trial or guess (where the
next hint must itself search) and ten more spread over the game, the first and
the last included (a game with a guess ends there: what follows is a branch
the player may have to undo). At each stage the page's request `POST /api/hint {"kind":
"crossset", "puzzle": ..., "state": ..., "level": L}` is sent through FastAPI's
TestClient to the real app (its worker pool included), one request at a time.
Prints the latency (wall, ms) per difficulty: p50, p95, worst, and the step of
the worst; and the same over everything; beside it the CPU time of the same
hint computed in this process (`api.hint`), which the machine's load moves
far less than the wall time of a request.

    PYTHONPATH=src python benchmarks/bench_hint_crossset.py [--kind keen] [--puzzles 3] [--workers 1]
"""

from __future__ import annotations

import argparse
import os
import time

import numberplay as npl
from numberplay.services.generation import generate_one

DIFFICULTIES = {"crossset": ("easy", "medium", "hard", "extreme", "search"),
                "keen": ("easy", "medium", "hard", "extreme", "unreasonable")}


def state_text(cands: list[list[set[int]]]) -> str:
    """A candidate grid in the puzzle's format."""
    n = len(cands)
    sep = "" if n <= 9 else ","
    return "\n".join(" ".join(f"{sep.join(map(str, sorted(c))):>9}" for c in row)
                     for row in cands) + "\n"


def start(puzzle) -> list[list[set[int]]]:
    """The candidates before any step: a Cross Set's own, every value for Keen."""
    if puzzle.kind == "crossset":
        return [[set(c) for c in row] for row in puzzle.cells]
    return [[set(range(1, puzzle.n + 1)) for _ in range(puzzle.n)] for _ in range(puzzle.n)]


def game(puzzle) -> list[tuple[int, str]]:
    """(step number, the player's candidate grid before it) at every stage."""
    cands = start(puzzle)
    steps = list(npl.explain(puzzle))
    guess = next((i for i, s in enumerate(steps) if s.technique == "guess"), None)
    steps = steps if guess is None else steps[:guess + 1]   # after it: a branch, not the game
    hard = {i for i, s in enumerate(steps) if s.technique in ("trial", "guess")}
    spread = {round(i * (len(steps) - 1) / 9) for i in range(10)}
    out = []
    for i, step in enumerate(steps):
        if i in hard or i in spread:
            out.append((i, state_text(cands)))
        for place, value in step.removed:
            r, c = (int(x) - 1 for x in place[1:].split("c"))
            cands[r][c].discard(value)
        for place, value in step.fixed:
            r, c = (int(x) - 1 for x in place[1:].split("c"))
            cands[r][c] = {value}
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", default="crossset", choices=sorted(DIFFICULTIES))
    ap.add_argument("--puzzles", type=int, default=3, help="puzzles per difficulty")
    ap.add_argument("--workers", type=int, default=1, help="the app's worker processes")
    ap.add_argument("--level", type=int, default=3, help="hint level (1-3)")
    args = ap.parse_args()
    from fastapi.testclient import TestClient

    from numberplay.web.app import create_app
    kind = args.kind
    impl = npl.get_kind(kind)
    games = []
    for difficulty in DIFFICULTIES[kind]:
        for i in range(args.puzzles):
            g = generate_one(kind, seed="bench", index=i, size="9",
                             difficulty=difficulty, budget=npl.Budget(seconds=120))
            games.append((difficulty, i, g))
    print("| difficulty | requests | p50 ms | p95 ms | worst ms | worst at (step) "
          "| CPU p50 ms | CPU p95 ms | CPU worst ms |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|")
    every: list[float] = []
    every_cpu: list[float] = []
    with TestClient(create_app(workers=args.workers)) as client:
        client.post("/api/hint", json={"kind": kind, "puzzle": impl.to_text(
            games[0][2].puzzle)})                  # warm the worker up
        for difficulty in DIFFICULTIES[kind]:
            lat: list[tuple[float, int]] = []
            cpu: list[float] = []
            for _, _i, g in (x for x in games if x[0] == difficulty):
                text = impl.to_text(g.puzzle)
                for k, state in game(g.puzzle):
                    body = {"kind": kind, "puzzle": text, "state": state,
                            "level": args.level}
                    t = time.perf_counter()
                    r = client.post("/api/hint", json=body)
                    dt = time.perf_counter() - t
                    assert r.status_code == 200, (r.status_code, r.text[:300])
                    lat.append((dt, k))
                    t = time.process_time()
                    npl.hint(g.puzzle, state=state, level=args.level)
                    cpu.append(time.process_time() - t)
            ts = [t for t, _ in lat]
            every += ts
            every_cpu += cpu
            worst = max(lat)
            print(f"| {difficulty} | {len(ts)} | {1000 * pct(ts, .5):.0f} | "
                  f"{1000 * pct(ts, .95):.0f} | {1000 * worst[0]:.0f} | {worst[1]} | "
                  f"{1000 * pct(cpu, .5):.0f} | {1000 * pct(cpu, .95):.0f} | "
                  f"{1000 * max(cpu):.0f} |", flush=True)
    print(f"| all | {len(every)} | {1000 * pct(every, .5):.0f} | {1000 * pct(every, .95):.0f}"
          f" | {1000 * max(every):.0f} | | {1000 * pct(every_cpu, .5):.0f} | "
          f"{1000 * pct(every_cpu, .95):.0f} | {1000 * max(every_cpu):.0f} |")
    print(f"\nload average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
