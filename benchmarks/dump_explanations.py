"""Dump every explanation (and grade) so a change to the deduction layer can be
compared word for word, before and after.

    PYTHONPATH=src python benchmarks/dump_explanations.py OUT.jsonl [--per-kind 40] [--kinds keen,crossset]
    diff <(cat BEFORE.jsonl) <(cat AFTER.jsonl)

One JSON line per puzzle: kind, where it came from (example name or generation
id), the grade, the generated difficulty, and every step (technique, text,
cells, removed, fixed), for every bundled example of every kind and
`--per-kind` puzzles generated per kind with fixed seeds, every difficulty in
turn, at small sizes so the run stays short.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numberplay as npl
from numberplay.kinds import get_kind, kind_names
from numberplay.services.examples import list_examples

SIZES = {"crossset": ("5", "6", "7"), "keen": ("4", "5", "6"), "crossproduct": ("3x3", "4x4"),
         "cryptoproduct": (None,), "cryptarithm": (None,)}


def steps_of(puzzle) -> list[list]:
    """Every step of the explanation as plain lists."""
    return [[s.technique, s.text, list(s.cells), [list(x) for x in s.removed],
             [list(x) for x in s.fixed]] for s in npl.explain(puzzle)]


def record(kind: str, source: str, puzzle, difficulty: str | None = None) -> dict:
    """One line of the dump."""
    return {"kind": kind, "source": source, "grade": npl.grade(puzzle),
            "difficulty": difficulty, "steps": steps_of(puzzle)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--per-kind", type=int, default=40)
    ap.add_argument("--kinds", default=None)
    args = ap.parse_args()
    kinds = args.kinds.split(",") if args.kinds else list(kind_names())
    with open(args.out, "w", encoding="utf-8") as out:
        for kind in kinds:
            t0 = time.process_time()
            impl = get_kind(kind)
            for ex in list_examples(kind):
                try:
                    puzzle = npl.parse(kind, ex.text)
                except npl.PuzzleError as exc:
                    out.write(json.dumps({"kind": kind, "source": ex.name, "error": str(exc)}) + "\n")
                    continue
                out.write(json.dumps(record(kind, f"example:{ex.name}", puzzle)) + "\n")
            diffs = list(impl.difficulties) or [None]
            sizes = SIZES.get(kind, (None,))
            for k in range(args.per_kind):
                diff = diffs[k % len(diffs)]
                size = sizes[k % len(sizes)]
                try:
                    gen = npl.generate_full(kind, size=size, difficulty=diff, seed="dump", index=k)
                except Exception as exc:  # noqa: BLE001 - a failed generation is recorded
                    out.write(json.dumps({"kind": kind, "source": f"gen:{k}",
                                          "error": str(exc)}) + "\n")
                    continue
                out.write(json.dumps(record(kind, gen.id or f"gen:{k}", gen.puzzle,
                                            gen.difficulty)) + "\n")
            print(f"{kind}: {time.process_time() - t0:.1f} s CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
