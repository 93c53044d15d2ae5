"""Compare numberplay's `--all` sets with the outputs crypt 1.4 published.

    PYTHONPATH=src python benchmarks/compare_crypt.py /path/to/crypt/out /path/to/crypt/words

crypt 1.4 (Naoyuki Tamura) ships, for ten word lists, the output of
`fcrypt -d -n 2..3 words/LIST.txt`: every sum of 2 or 3 distinct words with
exactly one solution. For each of those files this script runs numberplay's
search on the same list and prints, per list and number of addends, how many
puzzles each found and whether the sets are equal. Nothing of crypt is stored
in this project: give the paths of your own copy.

Two known differences of convention, reported apart when they matter: crypt
reads digits inside words as fixed digits (`fortran77`), which numberplay's word
lists do not accept (such words are left out here, with the puzzles that use
them); and crypt forbids 0 for a one-letter word, while numberplay, like
Norvig's notebook, forbids a leading 0 only on words of two or more letters.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from numberplay.cryptarithm import wordlist as W  # noqa: E402

HEADER = re.compile(r"^##### fcrypt -d -n (\d+)\.\.(\d+) words/(\S+)")
SECTION = re.compile(r"^##### Search (\d+) words addition")
PUZZLE = re.compile(r"^([A-Za-z0-9+]+)=([A-Za-z0-9]+) \(")


def published(path: Path) -> tuple[str, dict[int, set]] | None:
    lines = path.read_text().splitlines()
    m = HEADER.match(lines[0]) if lines else None
    if not m:
        return None
    sets: dict[int, set] = {}
    k = None
    for line in lines[1:]:
        s = SECTION.match(line)
        if s:
            k = int(s.group(1))
            sets[k] = set()
            continue
        p = PUZZLE.match(line)
        if p and k is not None:
            sets[k].add((tuple(sorted(p.group(1).split("+"))), p.group(2)))
    return m.group(3), sets


def fcrypt_words(path: Path) -> list[str]:
    words = set()
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0]
        words.update(w.upper() for w in re.split(r"\W+", line) if w)
    return sorted(words)


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    out_dir, words_dir = Path(sys.argv[1]), Path(sys.argv[2])
    print("| list | addends | crypt | numberplay | same sets | notes |")
    print("|---|---|---|---|---|---|")
    bad = 0
    for out in sorted(out_dir.glob("*.out")):
        parsed = published(out)
        if parsed is None:
            continue            # the numeral puzzles of ncrypt have no word list
        name, sets = parsed
        raw = fcrypt_words(words_dir / name)
        words = [w for w in raw if w.isalpha()]
        dropped = sorted(set(raw) - set(words))
        wl = W.WordList(words)
        for k, theirs in sorted(sets.items()):
            ours = {(tuple(sorted(f.addends)), f.total) for f in W.every_unique(wl, (k, k))}
            if dropped:
                theirs = {p for p in theirs if not set(p[0] + (p[1],)) & set(dropped)}
            notes = []
            if dropped:
                notes.append(f"left out (digits in the word): {', '.join(dropped)}")
            diff = ours ^ theirs
            one_letter = {p for p in diff if any(len(w) == 1 for w in p[0] + (p[1],))}
            if one_letter:
                notes.append(f"{len(one_letter)} differ by the one-letter-word convention")
            same = not (diff - one_letter)
            bad += not same
            print(f"| {name} | {k} | {len(theirs)} | {len(ours)} | "
                  f"{'yes' if not diff else 'yes, but for one-letter words' if same else 'NO'} "
                  f"| {'; '.join(notes)} |")
            for formula in sorted(diff - one_letter):
                side = "numberplay only" if formula in ours else "crypt only"
                print(f"|  | | | | {side}: {' + '.join(formula[0])} = {formula[1]} | |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
