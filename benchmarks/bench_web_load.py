"""The web server under 200 clients for 30 s: shedding (the server as shipped)
against queueing (the same server with an unbounded wait), on loopback.

Each client loops until the time is up: a request (solve, hint, generate, check
of every kind, mixed as in bench_web.py), and when the answer is 503 "busy" it
waits the `Retry-After` seconds and goes on. Printed per server: requests
answered, shed (503 busy, retried), failed (anything else: 500, other 503,
connection errors, no answer in 60 s), p50/p95/max latency of the answered
ones, the longest any request waited for anything (answer or shed), and the
peak resident memory of the server and of the server plus its workers
(sampled every 0.25 s from /proc).

    PYTHONPATH=src python benchmarks/bench_web_load.py [--clients 200] [--seconds 30] [--workers 2] [--heavy]

Before and after, side by side (`--before PYTHON`: a Python with another
numberplay installed, e.g. a venv of an older main): the shedding server of
this tree and of that one, alternating for `--rounds` rounds, the same load;
besides answered/s, the CPU time the server and its workers spent per answered
request (from /proc: the server, its live workers and those it reaped), which
the other work on a shared machine disturbs much less than the wall clock.

    python benchmarks/bench_web_load.py --before OLD/bin/python --rounds 4 --seconds 15
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numberplay

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_web import jobs, pct  # noqa: E402

ROOT = str(Path(numberplay.__file__).resolve().parents[1])
# --heavy: generations that take 10-100 ms of a worker each, instead of bench_web's easy ones
HEAVY = [{"kind": "crossset", "size": "7", "difficulty": "hard"},
         {"kind": "crossproduct", "size": "6x6"}, {"kind": "crossset", "size": "6"}]


def workload(heavy: bool) -> list[tuple[str, str, dict]]:
    """bench_web's mix of solve, hint and generate, a check of each solve, and
    (heavy) every generation replaced by a harder one."""
    work = jobs(60)
    work += [("check", "/api/check", body) for op, _, body in work if op == "solve"]
    if heavy:
        work = [(op, path, HEAVY[i % len(HEAVY)] if op == "generate" else body)
                for i, (op, path, body) in enumerate(work)]
    return work


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(workers: int, queue: bool, python: str | None = None) -> tuple[subprocess.Popen, int]:
    """The server: as shipped, or (`queue`) with an unbounded wait for a worker;
    `python`: another interpreter, with the numberplay it has installed."""
    port = free_port()
    extra = ", max_waiting=10**9, max_wait=10**6" if queue else ""
    code = (f"from numberplay.web.serve import serve\n"
            f"try:\n    serve(port={port}, workers={workers}{extra})\n"
            f"except KeyboardInterrupt:\n    pass\n")
    env = dict(os.environ)
    if python is None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (ROOT, env.get("PYTHONPATH")) if p)
    else:
        env.pop("PYTHONPATH", None)
    proc = subprocess.Popen([python or sys.executable, "-c", code], env=env, cwd="/",
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 180   # a loaded machine starts it slowly
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/kinds")
            conn.getresponse().read()
            return proc, port
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def rss_kib(pid: int) -> int:
    """Resident memory of one process, KiB (0 if gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """CPU time of a process, of the children it reaped and of its live children."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for proc in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{proc}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        own = int(fields[11]) + int(fields[12])         # utime, stime
        reaped = int(fields[13]) + int(fields[14]) if proc == pid else 0   # cutime, cstime
        total += (own + reaped) / tick
    return total


def children(pid: int) -> list[int]:
    """The direct children of a process."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            out += [int(c) for c in task.read_text().split()]
        except OSError:
            pass
    return out


class Sampler(threading.Thread):
    """Peak RSS of the server, and of the server plus its workers, every 0.25 s."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.server, self.total, self.stop = pid, 0, 0, threading.Event()

    def run(self) -> None:
        while not self.stop.wait(0.25):
            own = rss_kib(self.pid)
            self.server = max(self.server, own)
            self.total = max(self.total, own + sum(rss_kib(c) for c in children(self.pid)))


def client(port: int, until: float, work: list, out: dict, lock: threading.Lock,
           name: int = 0) -> None:
    """One client: requests in a loop until `until`, honouring Retry-After; every
    generation asks a seed never asked before (no cached run helps)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    i = 0
    answered, shed, failed, waits = [], 0, 0, []
    while time.monotonic() < until:
        op, path, body = work[i % len(work)]
        i += 1
        if op == "generate":
            body = {**body, "seed": f"{name}-{i}"}
        t0 = time.perf_counter()
        try:
            conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
            response = conn.getresponse()
            data = json.loads(response.read())
            status = response.status
        except (OSError, http.client.HTTPException, ValueError):
            failed += 1
            waits.append(time.perf_counter() - t0)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            continue
        took = time.perf_counter() - t0
        waits.append(took)
        if status == 503 and data.get("stopped") == "busy":
            shed += 1
            time.sleep(float(response.getheader("retry-after") or 1))
        elif status in (200, 400):
            answered.append(took)
        else:
            failed += 1
    conn.close()
    with lock:
        out["answered"] += answered
        out["shed"] += shed
        out["failed"] += failed
        out["waits"] += waits


def measure(workers: int, clients: int, seconds: float, queue: bool, heavy: bool,
            python: str | None = None) -> dict:
    """One run of `clients` clients for `seconds` against a fresh server."""
    proc, port = start(workers, queue, python)
    cpu_before = cpu_seconds(proc.pid)
    sampler = Sampler(proc.pid)
    sampler.start()
    try:
        work = workload(heavy)
        out: dict = {"answered": [], "shed": 0, "failed": 0, "waits": []}
        lock = threading.Lock()
        until = time.monotonic() + seconds
        threads = [threading.Thread(target=client, args=(port, until, work[i % len(work):] + work[:i % len(work)],
                                                         out, lock, i)) for i in range(clients)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        out["wall"] = time.perf_counter() - t0
        out["cpu"] = cpu_seconds(proc.pid) - cpu_before
        return out
    finally:
        sampler.stop.set()
        sampler.join()
        out["rss_server"], out["rss_total"] = sampler.server, sampler.total
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("shed", "queue"), default=None)
    parser.add_argument("--heavy", action="store_true",
                        help="harder generations (10-100 ms of a worker each)")
    parser.add_argument("--before", default=None,
                        help="a Python with another numberplay: before/after, alternating")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.before:
        before_after(args)
        return
    modes = [args.only] if args.only else ["shed", "queue"]
    load = os.getloadavg()[0]
    results = {m: measure(args.workers, args.clients, args.seconds, m == "queue", args.heavy) for m in modes}
    mix = "heavy generations" if args.heavy else "bench_web's mix"
    print(f"{args.clients} clients for {args.seconds:g} s (solve, hint, generate, check of every "
          f"kind; {mix}), {args.workers} workers, real uvicorn on loopback, {os.cpu_count()} cores, "
          f"load {load:.1f} at the start\n")
    print("| server | answered | shed (503 busy, retried) | failed | answered/s | "
          "p50 / p95 / max answered (ms) | longest wait for anything (ms) | "
          "peak RSS server / with workers (MiB) |")
    print("|---|---|---|---|---|---|---|---|")
    for mode, r in results.items():
        lat = r["answered"] or [0.0]
        print(f"| {mode} | {len(r['answered'])} | {r['shed']} | {r['failed']} | "
              f"{len(r['answered']) / r['wall']:.1f} | {pct(lat, 0.5) * 1000:.0f} / "
              f"{pct(lat, 0.95) * 1000:.0f} / {max(lat) * 1000:.0f} | "
              f"{max(r['waits'] or [0]) * 1000:.0f} | {r['rss_server'] / 1024:.0f} / "
              f"{r['rss_total'] / 1024:.0f} |")
    if "shed" in results:
        r = results["shed"]
        ok = r["failed"] == 0 and pct(r["answered"] or [0.0], 0.95) <= 1.0
        print(f"\ngoal (no failed request, p95 of answered <= 1 s): {'met' if ok else 'NOT met'}")


def before_after(args: argparse.Namespace) -> None:
    """The shedding server of this tree (after) and of `--before`, alternating."""
    load = os.getloadavg()[0]
    runs: dict[str, list[dict]] = {"after": [], "before": []}
    print(f"{args.clients} clients for {args.seconds:g} s each run, {args.workers} workers, "
          f"{os.cpu_count()} cores, load {load:.1f} at the start; before: {args.before}\n")
    print("| round | server | answered/s | shed | failed | p50 / p95 answered (ms) "
          "| CPU per answered (ms) | load |")
    print("|---|---|---:|---:|---:|---|---:|---:|")
    for round_no in range(1, args.rounds + 1):
        order = ["after", "before"] if round_no % 2 else ["before", "after"]
        for side in order:
            r = measure(args.workers, args.clients, args.seconds, False, args.heavy,
                        args.before if side == "before" else None)
            runs[side].append(r)
            lat = r["answered"] or [0.0]
            print(f"| {round_no} | {side} | {len(r['answered']) / r['wall']:.1f} | {r['shed']} "
                  f"| {r['failed']} | {pct(lat, 0.5) * 1000:.0f} / {pct(lat, 0.95) * 1000:.0f} "
                  f"| {1000 * r['cpu'] / max(1, len(r['answered'])):.2f} "
                  f"| {os.getloadavg()[0]:.1f} |", flush=True)

    def rate(r: dict) -> float:
        return len(r["answered"]) / r["wall"]

    def cpu(r: dict) -> float:
        return 1000 * r["cpu"] / max(1, len(r["answered"]))

    def spread(values: list[float]) -> str:
        values = sorted(values)
        return f"{values[len(values) // 2]:.2f} ({values[0]:.2f}-{values[-1]:.2f})"

    print("\n| | after | before | after / before, per round: median (min-max) |")
    print("|---|---:|---:|---:|")
    for name, f in (("answered/s", rate), ("CPU per answered request (ms)", cpu)):
        a, b = [f(r) for r in runs["after"]], [f(r) for r in runs["before"]]
        print(f"| {name} | {spread(a)} | {spread(b)} "
              f"| {spread([x / y for x, y in zip(a, b, strict=True)])} |")
    failed = {side: sum(r["failed"] for r in rs) for side, rs in runs.items()}
    print(f"\nfailed requests: after {failed['after']}, before {failed['before']}")


if __name__ == "__main__":
    main()
