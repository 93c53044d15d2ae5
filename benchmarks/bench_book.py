"""Puzzle-book benchmark: a 100-puzzle book (25 of each kind), typeset by Typst.

    PYTHONPATH=src python benchmarks/bench_book.py [--puzzles 100] [--repeat 3]

Goal: a 100-puzzle book in under 10 s. The puzzles are made first (not timed:
generated CrossProduct 6x6, Cross Set 9x9 and crypto-products, cryptarithms
from the bundled Norvig list with their solutions); then, for each --per-page
layout, the median of --repeat runs of: drawing every puzzle and answer as SVG,
writing the Typst source, and compiling the PDF. The end-to-end command
(`numberplay book crossproduct --count 100`, generation included, fresh
process) is timed once. The reference, in the same run, is headless Chromium
printing the same 100 puzzles' HTML page (`store export --format html`) to PDF.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src")]

from numberplay import book as B  # noqa: E402
from numberplay.cli.html_out import store_page  # noqa: E402
from numberplay.services.examples import get_example  # noqa: E402


def load() -> str:
    """The 1, 5 and 15-minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def make_entries(n: int) -> list[B.Entry]:
    """n puzzles, a quarter of each kind, with answers."""
    each = max(1, n // 4)
    entries = B.generated_entries(["crossproduct:6x6:medium", "crossset:9:medium",
                                   "cryptoproduct::medium"], count=each, seed="bench")
    formulas = [line for line in get_example("cryptarithm", "norvig").text.splitlines()
                if line.strip() and not line.startswith("#")]
    for formula in formulas:
        if len(entries) >= n:
            break
        try:
            entries += B.text_entries(formula, "cryptarithm", seconds=10)
        except Exception:  # noqa: BLE001 - a formula without a solution is skipped
            continue
    return entries[:n]


def time_book(entries: list[B.Entry], per_page: int, repeat: int) -> tuple[float, float, int]:
    """(median seconds drawing, median seconds for the whole PDF, pages)."""
    options = B.BookOptions(title="Benchmark", per_page=per_page)
    draw_times, total_times, pages = [], [], 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        B.drawings_of(entries, True)
        t1 = time.perf_counter()
        pdf = B.build_pdf(entries, options)
        t2 = time.perf_counter()
        draw_times.append(t1 - t0)
        total_times.append(t2 - t1)
        pages = count_pages(pdf)
    return statistics.median(draw_times), statistics.median(total_times), pages


def count_pages(pdf: bytes) -> int:
    try:
        import pypdf
    except ImportError:
        return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def chromium_reference(entries: list[B.Entry], tmp: Path) -> float | None:
    """Seconds for headless Chromium to print the HTML page of the same puzzles."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        return None

    class Row:
        def __init__(self, e: B.Entry) -> None:
            self.e, self.size, self.difficulty = e, e.size, e.difficulty

        def objects(self):
            return self.e.kind, self.e.puzzle, self.e.solution

    page = tmp / "page.html"
    t0 = time.perf_counter()
    page.write_text(store_page([Row(e) for e in entries], True), encoding="utf-8")
    try:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        f"--user-data-dir={tmp / 'profile'}",
                        f"--print-to-pdf={tmp / 'page.pdf'}", "--no-pdf-header-footer",
                        page.as_uri()], check=True, timeout=300, capture_output=True)
    except (subprocess.SubprocessError, OSError):
        return None
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load before: {load()}")
    t0 = time.perf_counter()
    entries = make_entries(args.puzzles)
    print(f"{len(entries)} puzzles made in {time.perf_counter() - t0:.1f} s (not timed below)")
    print()
    print(f"| book of {len(entries)} puzzles | pages | drawing (SVG) | whole PDF (drawing + Typst) |")
    print("|---|---|---|---|")
    for per_page in (1, 2, 4, 6):
        draw, total, pages = time_book(entries, per_page, args.repeat)
        print(f"| --per-page {per_page} | {pages} | {draw:.2f} s | {total:.2f} s |")
    with tempfile.TemporaryDirectory() as tmp:
        _, ours, _ = time_book(entries, 4, 1)
        ref = chromium_reference(entries, Path(tmp))
        if ref is not None:
            print(f"| reference: Chromium prints the same puzzles' HTML page | | | {ref:.2f} s "
                  f"(numberplay {ours:.2f} s, {ref / ours:.1f}x faster) |")
        out = Path(tmp) / "e2e.pdf"
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        t1 = time.perf_counter()
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "numberplay", "book", "crossproduct:6x6:medium",
                        "--count", str(args.puzzles), "--seed", "bench", "-q", "-o", str(out)],
                       check=True, env=env, timeout=600)
        e2e = time.perf_counter() - t1
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime
        print(f"| end to end: `numberplay book crossproduct:6x6:medium --count "
              f"{args.puzzles}` (generation included, fresh process) "
              f"| {count_pages(out.read_bytes())} | | {e2e:.2f} s wall, {cpu:.2f} s CPU |")
    print()
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
