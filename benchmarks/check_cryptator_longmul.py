"""Are cryptator's published long multiplications among `--op long`'s output?

    PYTHONPATH=src python benchmarks/check_cryptator_longmul.py [FILE ...] [--words LIST]

cryptator publishes long multiplications of words of its lists in
`long-multiplications/*.db.txt` (default: `alpha.db.txt`, its Greek alphabet, in
$NUMBERPLAY_CRYPTATOR or a checkout of github.com/arnaud-m/cryptator beside this project, ../cryptator/src/main/cryptarithms). The word list is
rebuilt from each file itself (every word of two letters or more it uses, in the
order met), or given with --words. numberplay's `long_multiplications` runs on
it; every published line (upper-cased) must be among numberplay's lines, which
are written the same way. Prints both counts, how many of cryptator's are found,
the CPU time and the load; exit 1 when one is missing. Nothing of cryptator is
stored in the project.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from numberplay.cryptarithm.longmul import long_multiplications  # noqa: E402
from numberplay.cryptarithm.wordlist import Tally, read_words  # noqa: E402

DEFAULT = Path(os.environ.get("NUMBERPLAY_CRYPTATOR", Path(__file__).resolve().parents[2] / "cryptator" / "src" / "main" / "cryptarithms"))


def published(path: Path) -> list[str]:
    """The file's lines, upper-cased, comments and blanks left out."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines.append(line.upper())
    return lines


def words_of(lines: list[str]) -> list[str]:
    """Every word of two letters or more the lines use, in the order met."""
    return list(dict.fromkeys(w for line in lines for w in re.findall(r"[^\W\d_]{2,}", line)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--words", type=Path, help="the word list (default: rebuilt from the file)")
    args = ap.parse_args()
    files = args.files or [DEFAULT / "long-multiplications" / "alpha.db.txt"]
    missing_total = 0
    print("| file | words | cryptator | numberplay | found | examined | CPU s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for path in files:
        if not path.is_file():
            print(f"{path}: not found (cryptator's collection is not in the project; "
                  "give its path or set NUMBERPLAY_CRYPTATOR)")
            return 2
        theirs = published(path)
        words = (read_words(args.words.read_text(encoding="utf-8")) if args.words
                 else words_of(theirs))
        tally = Tally()
        start = time.process_time()
        ours = {f.formula for f in long_multiplications(words, tally=tally)}
        cpu = time.process_time() - start
        missing = [line for line in theirs if line not in ours]
        missing_total += len(missing)
        print(f"| {path.name} | {len(words)} | {len(theirs)} | {len(ours)} | "
              f"{len(theirs) - len(missing)} | {tally.examined} | {cpu:.2f} |")
        for line in missing:
            print(f"  missing: {line}")
    print(f"load average: {os.getloadavg()[0]:.1f}")
    return 1 if missing_total else 0


if __name__ == "__main__":
    sys.exit(main())
