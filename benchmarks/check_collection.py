"""Read published collections of cryptarithms line by line, as written, and count
each line's solutions to 2 with numberplay's own path (`numberplay.parse` of the
line as `solve cryptarithm` reads it, then `numberplay.count(limit=2)` with a
time budget): a line is unique, not unique (0 solutions, or 2 or more), an
error (refused as input) or undecided (budget ran out).

    python benchmarks/check_collection.py PATH... [--sample N] [--timeout S]
           [--digits-as-symbols] [--cp-sat] [--show K] [--crypt BINARY]

PATH is a collection file or a folder (every `*.txt` below it): cryptator's
`cryptarithms/` (with `crosswords/`, `multiplications/`, `long-multiplications/`),
its test resources `cryptarithms-barker.db.txt` and `crosswords-sillke.db.txt`.
Nothing of it is in this repository; a path that is absent is said plainly.
`--sample N` takes N lines spread evenly over each longer file (0: every line).
`--digits-as-symbols` reads a digit inside a word as a symbol of its own, as
cryptator does (numberplay's option of that name; without it a digit inside a
word is the digit itself, as crypt reads it).
`--cp-sat` also counts every line by CP-SAT on a model built from the text alone
(`tests/cpsat_oracle.py`, which knows nothing of numberplay's parser) and
prints each line where the two counts differ.
Prints one row per file (lines, unique, not unique, errors, undecided, total and
worst CPU seconds) and then the slowest lines and every line that is not unique.

`--crypt BINARY` (Tamura's crypt 1.4, built from `../shared/peers/crypt14.tgz` in
a temporary folder) also counts, to 2 (its `limit 2`), the lines crypt can read
(sums of words of ASCII letters and digits, given to it as `W1 W2 ... S`) in one
crypt process per file, and prints both CPU times (crypt's as a child process)
and the lines where the counts differ (crypt gives no 0 to a one-letter word).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numberplay  # noqa: E402
from numberplay import PuzzleError  # noqa: E402
from numberplay.budget import Budget  # noqa: E402
from numberplay.errors import BudgetExceeded  # noqa: E402


def files_of(paths: list[str]) -> list[Path]:
    """The collection files named or found below the folders named."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(p.rglob("*.txt"))
        elif p.is_file():
            out.append(p)
        else:
            print(f"absent: {p} (the data is not part of the repository; give its path)")
    return out


def content(path: Path) -> list[str]:
    """The formula lines of a file (blank lines and `#` comments left out)."""
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def sample(lines: list[str], n: int) -> list[str]:
    """n lines spread evenly (the first and the last included), or all of them."""
    if n <= 0 or len(lines) <= n:
        return lines
    step = (len(lines) - 1) / (n - 1) if n > 1 else 0
    return [lines[round(i * step)] for i in range(n)]


CRYPT_LINE = 990        # crypt reads a line into a buffer of 1,000 bytes
CRYPT_SUM = re.compile(r"^\s*[A-Za-z0-9]+(\s*\+\s*[A-Za-z0-9]+)+\s*=\s*[A-Za-z0-9]+\s*$")


def crypt_counts(binary: str, lines: list[str]) -> tuple[list[int], float]:
    """crypt's solution counts (to 2; -1 where it refuses the line: a word past
    9 letters overflows its ints, a long line its buffer) and its CPU seconds."""
    feed = "limit 2\n" + "".join(" ".join(re.findall(r"[A-Za-z0-9]+", ln)) + "\n"
                                  for ln in lines) + "quit\n"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([binary], input=feed, capture_output=True, text=True,
                         timeout=3600).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    counts = [-1 if m.group(1) is None else int(m.group(1)) for m in
              re.finditer(r"^\s*(?:(\d+)(?: or more)? solution\(s\)|Wrong input)", out, re.M)]
    return counts, cpu


def count_line(line: str, timeout: float, symbols: bool = False
               ) -> tuple[str, int | None, float, str]:
    """(outcome, count, CPU seconds, message) for one line (`symbols`: read with
    `--digits-as-symbols`)."""
    t0 = time.process_time()
    try:
        puzzle = numberplay.parse("cryptarithm", line, digits_as_symbols=symbols)
        n = numberplay.count(puzzle, limit=2, budget=Budget(seconds=timeout))
        outcome, msg = ("unique" if n == 1 else "not unique"), ""
    except BudgetExceeded as exc:
        n, outcome, msg = None, "undecided", str(exc)
    except PuzzleError as exc:
        n, outcome, msg = None, "error", str(exc)
    return outcome, n, time.process_time() - t0, msg


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--sample", type=int, default=0, help="lines per file (0: all)")
    ap.add_argument("--timeout", type=float, default=60.0, help="CPU budget per line (s)")
    ap.add_argument("--digits-as-symbols", action="store_true")
    ap.add_argument("--cp-sat", action="store_true",
                    help="count each line by CP-SAT too (tests/cpsat_oracle.py)")
    ap.add_argument("--show", type=int, default=5, help="slowest lines to show")
    ap.add_argument("--crypt", help="a crypt 1.4 binary to count the sums beside numberplay")
    args = ap.parse_args()
    files = files_of(args.paths)
    if not files:
        return 0
    oracle = None
    if args.cp_sat:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from cpsat_oracle import oracle
    disagree: list[str] = []
    checked = 0
    print(f"load average {os.getloadavg()[0]:.1f}; numberplay from "
          f"{Path(numberplay.__file__).parent}")
    head = f"{'file':44} {'lines':>6} {'unique':>6} {'not':>5} {'err':>4} {'undec':>5} " \
           f"{'CPU s':>8} {'worst s':>8}"
    print(head)
    print("-" * len(head))
    slow: list[tuple[float, str, str]] = []
    odd: list[str] = []
    totals = [0, 0, 0, 0, 0, 0.0]
    peer: list[str] = []
    for path in files:
        lines = sample(content(path), args.sample)
        tally = {"unique": 0, "not unique": 0, "error": 0, "undecided": 0}
        cpu = worst = 0.0
        sums: list[tuple[str, int | None, float]] = []
        for line in lines:
            outcome, n, sec, msg = count_line(line, args.timeout, args.digits_as_symbols)
            if oracle is not None and n is not None:
                checked += 1
                theirs = oracle(line, args.digits_as_symbols)
                if min(theirs, 2) != n:
                    disagree.append(f"{path.name}: numberplay {n}, CP-SAT {theirs}: {line}")
            tally[outcome] += 1
            cpu += sec
            worst = max(worst, sec)
            slow.append((sec, path.name, line))
            if args.crypt and not args.digits_as_symbols and CRYPT_SUM.match(line) \
                    and len(line) < CRYPT_LINE:
                sums.append((line, n, sec))
            if outcome != "unique":
                odd.append(f"{path.name}: {outcome} ({n if n is not None else msg}): {line}")
        name = str(path.relative_to(path.parents[1])) if len(path.parents) > 1 else path.name
        print(f"{name[-44:]:44} {len(lines):6} {tally['unique']:6} {tally['not unique']:5} "
              f"{tally['error']:4} {tally['undecided']:5} {cpu:8.2f} {worst:8.2f}")
        if sums:
            peer.append(compare_crypt(args.crypt, name, sums))
        for i, v in enumerate((len(lines), tally["unique"], tally["not unique"],
                               tally["error"], tally["undecided"], cpu)):
            totals[i] += v
    print("-" * len(head))
    print(f"{'total':44} {totals[0]:6} {totals[1]:6} {totals[2]:5} {totals[3]:4} "
          f"{totals[4]:5} {totals[5]:8.2f}")
    if peer:
        print(f"\nthe sums crypt reads, counted to 2 by both (CPU s):\n{'file':44} "
              f"{'sums':>6} {'numberplay':>10} {'crypt':>8} {'np/crypt':>6}  counts differ")
        for row in peer:
            print(row)
    print(f"\nslowest {args.show} lines:")
    for sec, name, line in sorted(slow, reverse=True)[:args.show]:
        print(f"  {sec:7.2f} s  {name}: {line[:110]}")
    if oracle is not None:
        print(f"\nCP-SAT counted {checked} lines: {len(disagree)} counts differ")
        for line in disagree:
            print("  " + line)
    if odd:
        print(f"\n{len(odd)} lines not unique, refused or undecided:")
        for line in odd:
            print("  " + line[:160])
    return 0


def compare_crypt(binary: str, name: str, sums: list[tuple[str, int | None, float]]) -> str:
    """One row: the sum lines of a file counted by crypt beside numberplay."""
    theirs, cpu = crypt_counts(binary, [ln for ln, _, _ in sums])
    ours = sum(sec for _, _, sec in sums)
    if len(theirs) != len(sums):
        return f"{name[-44:]:44} {len(sums):6}  crypt's answers did not line up ({len(theirs)})"
    refused = sum(1 for c in theirs if c < 0)
    read = [(ln, n, sec) for (ln, n, sec), c in zip(sums, theirs, strict=True) if c >= 0]
    ours = sum(sec for _, _, sec in read)
    differ = [ln for (ln, n, _), c in zip(sums, theirs, strict=True) if c >= 0 and n != c]
    ratio = f"{ours / cpu:6.2f}" if cpu > 0 else "     -"
    shown = "; ".join(differ[:2]) + (f" (+{len(differ) - 2})" if len(differ) > 2 else "")
    extra = f"; crypt refused {refused}" if refused else ""
    return (f"{name[-44:]:44} {len(read):6} {ours:10.2f} {cpu:8.2f} {ratio}  "
            f"{len(differ)}{': ' + shown if shown else ''}{extra}")


if __name__ == "__main__":
    sys.exit(main())
