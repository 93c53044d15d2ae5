"""The web server under load: 50 concurrent mixed requests (solve, hint, generate)
against a real `numberplay serve` (uvicorn) on loopback.

Prints, for 1 and 2 worker processes measured in the same run, the errors,
p50/p95 latency per kind of request and overall, and requests per second. A
request the server sheds (503 "busy") is sent again after its Retry-After; its
latency is the whole wait. `bench_web_load.py` is the 200-client run.

    PYTHONPATH=src python benchmarks/bench_web.py [--rounds 3] [--concurrency 50]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numberplay

ROOT = str(Path(numberplay.__file__).resolve().parents[1])

CROSSSET = "  23   34 1234  134\n 134   23   14  124\n 124  124   34  234\n  24 1234 1234   24\n"


def jobs(n: int) -> list[tuple[str, str, dict]]:
    """n requests: a third solve, a third hint, a third generate, of every kind."""
    solve = [{"kind": "cryptarithm", "puzzle": "SEND + MORE = MONEY"},
             {"kind": "crossproduct", "puzzle": "rows 210 144 54 135 4 49\ncols 6615 15552 420"},
             {"kind": "crossset", "puzzle": CROSSSET},
             {"kind": "cryptoproduct", "puzzle": "GR x RG = RBR"}]
    hint = [{"kind": "crossset", "puzzle": CROSSSET, "state": CROSSSET, "level": 2},
            {"kind": "crossproduct", "puzzle": "rows 8 8 1\ncols 8 8 1"},
            {"kind": "cryptarithm", "puzzle": "SEND + MORE = MONEY"}]
    generate = [{"kind": "crossset", "size": "5", "difficulty": "easy"},
                {"kind": "crossproduct", "size": "4x4", "difficulty": "easy"},
                {"kind": "cryptoproduct", "difficulty": "easy"}]
    out = []
    for i in range(n):
        if i % 3 == 0:
            out.append(("solve", "/api/solve", solve[i // 3 % len(solve)]))
        elif i % 3 == 1:
            out.append(("hint", "/api/hint", hint[i // 3 % len(hint)]))
        else:
            out.append(("generate", "/api/generate", {**generate[i // 3 % len(generate)], "seed": i}))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (ROOT, env.get("PYTHONPATH")) if p)
    proc = subprocess.Popen([sys.executable, "-m", "numberplay", "serve", "--port", str(port),
                             "--workers", str(workers)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/api/kinds", timeout=5).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def post(url: str, path: str, body: dict) -> tuple[int, float]:
    """(status, seconds until the answer); a 503 "busy" (the server sheds load) is
    retried after its Retry-After, and the wait counts in the seconds."""
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    start = time.perf_counter()
    for _ in range(100):
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                json.loads(response.read())
                status = response.status
        except urllib.error.HTTPError as exc:
            status = exc.code
            if status == 503 and json.loads(exc.read()).get("stopped") == "busy":
                time.sleep(float(exc.headers.get("retry-after") or 1))
                continue
        except OSError:
            status = 0
        break
    return status, time.perf_counter() - start


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def measure(workers: int, rounds: int, concurrency: int) -> dict:
    proc, url = start(workers)
    try:
        post(url, "/api/solve", {"kind": "crossset", "puzzle": CROSSSET})  # warm up
        latencies: dict[str, list[float]] = {}
        errors = 0
        wall = 0.0
        total = 0
        for _ in range(rounds):
            work = jobs(concurrency)
            t0 = time.perf_counter()
            with ThreadPoolExecutor(max_workers=concurrency) as pool:
                results = list(pool.map(lambda job: (job[0], *post(url, job[1], job[2])), work))
            wall += time.perf_counter() - t0
            total += len(results)
            for op, status, seconds in results:
                latencies.setdefault(op, []).append(seconds)
                latencies.setdefault("all", []).append(seconds)
                errors += status != 200
        return {"latencies": latencies, "errors": errors, "rps": total / wall, "total": total}
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    results = {w: measure(w, args.rounds, args.concurrency) for w in args.workers}
    print(f"{args.rounds} rounds of {args.concurrency} concurrent requests "
          f"(a third each solve, hint, generate), real uvicorn on loopback, {os.cpu_count()} cores\n")
    print("| workers | requests | errors | p50 all (ms) | p95 all (ms) | p50/p95 solve | "
          "p50/p95 hint | p50/p95 generate | requests/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for w, r in results.items():
        lat = r["latencies"]

        def pair(op: str, lat=lat) -> str:
            return f"{pct(lat[op], 0.5) * 1000:.0f} / {pct(lat[op], 0.95) * 1000:.0f}"

        print(f"| {w} | {r['total']} | {r['errors']} | {pct(lat['all'], 0.5) * 1000:.0f} | "
              f"{pct(lat['all'], 0.95) * 1000:.0f} | {pair('solve')} | {pair('hint')} | "
              f"{pair('generate')} | {r['rps']:.1f} |")
    if len(results) > 1:
        first, last = results[args.workers[0]], results[args.workers[-1]]
        print(f"\nthroughput {args.workers[-1]} vs {args.workers[0]} workers: "
              f"{last['rps'] / first['rps']:.2f}x; median single request "
              f"{statistics.median(last['latencies']['all']) * 1000:.0f} ms")
    if any(r["errors"] for r in results.values()):
        raise SystemExit("errors: some requests failed")


if __name__ == "__main__":
    main()
