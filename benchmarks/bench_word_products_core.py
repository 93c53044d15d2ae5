"""The `--op x` column search alone, this tree's `wordcolumns.word_products` (the
typed source, compiled) against another build's compiled core on the same pairs.

    python benchmarks/bench_word_products_core.py WORDS \\
        --before-so OLD/src/numberplay/formula/_products.cpython-311-x86_64-linux-gnu.so

The pairs are those `product_equalities` searches on WORDS (2..3 factors = 1..3),
every `--step`-th of them; each core decides them all (CPU, best of `--repeat`,
turns interleaved in one process) and must give the same counts, first
solutions and nodes. `--before-so` is a compiled module with `word_products`
(main before issue 50: its hand C `formula/_products.c`).
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path

from numberplay import _pure
from numberplay.cryptarithm import wordcolumns, wordproducts


def pairs(words: list[str]) -> list[tuple[list[list[int]], int]]:
    """The (words, nleft) of every pair the Greek run searches."""
    calls: list[tuple[list[list[int]], int]] = []

    def record(ws: list[list[int]], nleft: int, base: int = 10, limit: int = 2
               ) -> tuple[int, None, int]:
        calls.append((ws, nleft))
        return 0, None, 0
    inner = wordproducts.count_columns
    wordproducts.count_columns = record  # type: ignore[assignment]
    try:
        list(wordproducts.product_equalities(words, (2, 3), (1, 3)))
    finally:
        wordproducts.count_columns = inner  # type: ignore[assignment]
    return calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("words", help="a word list (crypt 1.4's words/alpha.txt, say)")
    ap.add_argument("--before-so", help="a compiled module with word_products to compare")
    ap.add_argument("--step", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    words = Path(args.words).read_text(encoding="utf-8").upper().split()
    sample = pairs(words)[::args.step]
    cores = [("typed source" + (" (compiled)" if _pure.compiled(wordcolumns) else " (Python)"),
              wordcolumns.word_products)]
    if args.before_so:
        spec = importlib.util.spec_from_file_location("_products", args.before_so)
        assert spec is not None and spec.loader is not None
        before = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(before)
        cores.append(("before", before.word_products))
    best: dict[str, float] = {}
    outs = {}
    for _ in range(args.repeat):
        for name, f in cores:
            t0 = time.process_time()
            outs[name] = [f(10, 2, ws, nleft) for ws, nleft in sample]
            best[name] = min(best.get(name, float("inf")), time.process_time() - t0)
    first = outs[cores[0][0]]
    assert all(out == first for out in outs.values()), "the cores disagree"
    nodes = sum(o[2] for o in first)
    print(f"{len(sample):,} pairs, {nodes:,} nodes, {sum(o[0] == 1 for o in first)} unique\n")
    print("| core | CPU s (best) | / before |")
    print("|---|---|---|")
    for name, _ in cores:
        ratio = f"{best[name] / best['before']:.2f}" if "before" in best else ""
        print(f"| {name} | {best[name]:.3f} | {ratio} |")


if __name__ == "__main__":
    main()
