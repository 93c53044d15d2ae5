"""Helpers for the web tests: a real `numberplay serve` on a free loopback port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numberplay

# Where the numberplay under test lives (the installed copy in CI, src/ here).
SRC = str(Path(numberplay.__file__).resolve().parents[1])


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`numberplay serve` in a subprocess; `stop()` sends Ctrl-C (SIGINT)."""

    def __init__(self, *args: str, workers: int = 2) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (SRC, env.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "numberplay", "serve", "--port", str(self.port),
             "--workers", str(workers), *args],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/api/kinds")
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    out, err = self.process.communicate(timeout=5)
                    raise RuntimeError(f"server did not start: {out} {err}") from None
                time.sleep(0.1)

    def get(self, path: str):
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def post_patiently(self, path: str, body: dict, tries: int = 60) -> tuple[int, dict, int]:
        """POST, and again after `Retry-After` while the server sheds load (503
        "busy"); (status, answer, how many times it was shed)."""
        for shed in range(tries):
            status, data = self.post(path, body)
            if not (status == 503 and data.get("stopped") == "busy"):
                return status, data, shed
            time.sleep(1)
        return status, data, tries

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C; returns (exit code, stdout, stderr)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            out, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
        return self.process.returncode, out, err


def cage_walk(cells: list[list[int]]) -> list[tuple[int, int]]:
    """A path through a cage's cells ([row, column] pairs), each step to a
    neighbour, going back over cells already seen: a drag that draws the cage."""
    left = {(r, c) for r, c in cells}
    out: list[tuple[int, int]] = []

    def visit(cell: tuple[int, int]) -> None:
        out.append(cell)
        left.discard(cell)
        r, c = cell
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in left:
                visit(nxt)
                out.append(cell)

    visit((cells[0][0], cells[0][1]))
    return out
