"""Doubly true sums: numberplay beside crypt 1.4's `ncrypt` and cryptator's list.

    PYTHONPATH=src python benchmarks/bench_doubly_true.py [--crypt14 TGZ] [--cryptator DIR]

crypt 1.4 (Naoyuki Tamura; `crypt14.tgz`, default `../shared/peers/crypt14.tgz`
or $NUMBERPLAY_CRYPT14) publishes in `out/*-num.out` what its `ncrypt` prints
for its five number tables (English, French, German, Spanish, Italian: 0..20,
the tens and 100): every sum of 2 to 5 numbers, repeats allowed, whose names
make an alphametic with exactly one solution. The archive is extracted to a
temporary folder (nothing of crypt is kept); the tables are read from `ncrypt`
itself, its German `u`, `o`, `s` (for ü, ö, ß: crypt's letters are case
sensitive) written as Ü, Ö, ẞ for numberplay and back for the comparison. For
each table and number of addends the script prints both counts and whether the
sets are equal (ncrypt's runs with `-d` never take 0: its test `$n == $n[-1]`
reads the empty list's last number as 0; so ZERO is left out of those tables
here), and the CPU time of each: crypt's `crypt` fed the same
candidates that `ncrypt`'s Perl walk prints (children's CPU time), numberplay's
`doubly_true` (its own walk and checks included).

cryptator (`--cryptator`, default its published collection in
$NUMBERPLAY_CRYPTATOR or a checkout of github.com/arnaud-m/cryptator beside this project, ../cryptator/src/main/cryptarithms) publishes
`en-1-500.db.txt`: its `generate-doubly-true.sh` (numbers 1..100, distinct, any
number of addends): compared with `--doubly-true en --addends 2..`.

Exit 1 when a compared set differs; the data absent is said and skipped.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from numberplay.cryptarithm.numbers import NumberTable, doubly_true, language_table  # noqa: E402

LANGS = {"eg": "en", "fr": "fr", "de": "de", "es": "es", "it": "it"}
GERMAN = {"u": "Ü", "o": "Ö", "s": "ẞ"}
BACK = {v: k for k, v in GERMAN.items()}
SECTION = re.compile(r"^##### Search (\d+) words addition")
PUZZLE = re.compile(r"^(\S+)=(\S+) \(")


def ncrypt_tables(source: str) -> dict[str, dict[int, str]]:
    """{language: {number: word}} from ncrypt's `init_*` subs."""
    tables: dict[str, dict[int, str]] = {}
    for name, body in re.findall(r"sub init_(\w+) \{\s*%num = \((.*?)\);", source, re.S):
        pairs = re.findall(r"(\d+),\s*'([^']*)'", body)
        tables[name] = {int(n): w for n, w in pairs}
    return tables


def published(path: Path) -> dict[tuple[int, bool], set[tuple[tuple[str, ...], str]]]:
    """{(addends, repeats allowed): {(sorted addends, sum)}} of an `out/*-num.out`
    (its runs without `-d` allow repeats; those with `-d` do not)."""
    sets: dict[tuple[int, bool], set[tuple[tuple[str, ...], str]]] = {}
    k = None
    repeat = True
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("##### ncrypt"):
            repeat = " -d " not in line + " "
            continue
        s = SECTION.match(line)
        if s:
            k = (int(s.group(1)), repeat)
            sets[k] = set()
            continue
        p = PUZZLE.match(line)
        if p and k is not None:
            sets[k].add((tuple(sorted(p.group(1).split("+"))), p.group(2)))
    return sets


def candidates(table: dict[int, str], k: int, repeat: bool) -> list[str]:
    """The lines ncrypt's `find` feeds crypt for k addends."""
    nums = sorted(table)
    top = nums[-1]
    out: list[str] = []

    def find(left: int, total: int, chosen: list[int]) -> None:
        if left == 0:
            if total in table:
                out.append(" ".join(table[n] for n in chosen) + " " + table[total])
            return
        for n in nums:
            if chosen and (n < chosen[-1] or (not repeat and n == chosen[-1])):
                continue
            if total + n > top:
                continue
            find(left - 1, total + n, chosen + [n])

    find(k, 0, [])
    return out


def crypt_cpu(binary: Path, lines: list[str]) -> float:
    """CPU seconds crypt spends on these puzzles (with `unique 1`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([str(binary)], input="unique 1\n" + "\n".join(lines) + "\nquit\n",
                   capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def ours(table: dict[int, str], k: int, repeat: bool, lang: str) -> tuple[set, float]:
    """numberplay's set for k addends and its CPU seconds."""
    fix = (lambda w: "".join(GERMAN.get(c, c) for c in w)) if lang == "de" else (lambda w: w)
    unfix = (lambda w: "".join(BACK.get(c, c) for c in w)) if lang == "de" else (lambda w: w)
    nums = sorted(table)
    t = NumberTable(tuple(nums), tuple(fix(table[n]) for n in nums), lang)
    start = time.process_time()
    found = list(doubly_true(t, (k, k), repeat=repeat))
    cpu = time.process_time() - start
    return {(tuple(sorted(unfix(w) for w in f.addends)), unfix(f.total)) for f in found}, cpu


def compare_crypt(tgz: Path) -> int:
    """The crypt part; returns the number of differing sets."""
    if not tgz.is_file():
        print(f"crypt 1.4 not found at {tgz} (give --crypt14 or $NUMBERPLAY_CRYPT14): skipped")
        return 0
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tgz) as archive:
            archive.extractall(tmp, filter="data")
        root = Path(tmp) / "crypt"
        made = subprocess.run(["make", "-C", str(root)], capture_output=True, text=True)
        binary = root / "crypt"
        if made.returncode != 0 or not binary.exists():
            print("crypt did not build: timing skipped")
            binary = None
        tables = ncrypt_tables((root / "ncrypt").read_text(encoding="latin-1"))
        names = {"eg": "english", "fr": "french", "de": "german", "es": "spanish",
                 "it": "italian"}
        print("| table | addends | repeats | crypt | numberplay | same set | crypt CPU s "
              "| numberplay CPU s |")
        print("|---|---|---|---|---|---|---|---|")
        sums = [0.0, 0.0]
        for code, lang in LANGS.items():
            theirs = published(root / "out" / f"{code}-num.out")
            table = tables[names[code]]
            for k, repeat in sorted(theirs):
                if not repeat:
                    table = {n: w for n, w in tables[names[code]].items() if n}
                else:
                    table = tables[names[code]]
                mine, cpu = ours(table, k, repeat, lang)
                same = mine == theirs[k, repeat]
                bad += not same
                peer = crypt_cpu(binary, candidates(table, k, repeat)) if binary \
                    else float("nan")
                sums[0] += peer
                sums[1] += cpu
                print(f"| {code} | {k} | {'yes' if repeat else 'no'} | {len(theirs[k, repeat])} "
                      f"| {len(mine)} | {'yes' if same else 'NO'} | {peer:.2f} | {cpu:.2f} |",
                      flush=True)
                if not same:
                    print(f"  only crypt: {sorted(theirs[k, repeat] - mine)[:5]}")
                    print(f"  only numberplay: {sorted(mine - theirs[k, repeat])[:5]}")
        print(f"| all | | | | | | {sums[0]:.2f} | {sums[1]:.2f} |")
    return bad


def compare_cryptator(folder: Path) -> int:
    """The cryptator part (English, 1..100); returns 1 when the sets differ."""
    path = folder / "en-1-500.db.txt"
    if not path.is_file():
        print(f"cryptator's list not found at {path}: skipped")
        return 0
    theirs = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if "=" in line:
            left, right = line.split("=")
            theirs.add((tuple(sorted(w.strip().upper() for w in left.split("+"))),
                        right.strip().upper()))
    start = time.process_time()
    found = list(doubly_true(language_table("en", 0, 100), (2, 1000)))
    cpu = time.process_time() - start
    mine = {(tuple(sorted(f.addends)), f.total) for f in found}
    same = mine == theirs
    print(f"\ncryptator en 1..100 (distinct numbers, any number of addends): cryptator "
          f"{len(theirs)}, numberplay {len(mine)}, same set: {'yes' if same else 'NO'}; "
          f"numberplay {cpu:.2f} s CPU")
    return int(not same)


def main() -> int:
    root = HERE.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--crypt14", default=os.environ.get(
        "NUMBERPLAY_CRYPT14", str(root.parent.parent / "shared" / "peers" / "crypt14.tgz")))
    parser.add_argument("--cryptator", default=os.environ.get(
        "NUMBERPLAY_CRYPTATOR", str(root.parent / "cryptator" / "src" / "main" / "cryptarithms")))
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f} (1 min average)")
    bad = compare_crypt(Path(args.crypt14))
    bad += compare_cryptator(Path(args.cryptator))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
