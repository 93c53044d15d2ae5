"""One grade behind every command: for every kind and every difficulty it offers,
the label `generate` gives a puzzle, the `"difficulty"` of `explain --format
json`, the one of `check --why --format json` and `grade` (the API, the book)
must be the same.

    PYTHONPATH=src python benchmarks/check_grades.py [--per 3] [--kinds keen,crossset]
        [--sizes keen=4,5,6 ...] [--cli]

Each (kind, difficulty, size) row generates `--per` puzzles with fixed seeds and
asks the services the commands print (`reports.explain_report`,
`workbench.why`, `api.grade`); `--cli` runs the commands themselves as well
(slower: a process each). Columns: puzzles made (`gen`), how many labels agree
with generate's for explain, check --why and grade, the CPU seconds of the
generation and of the three gradings, and the labels that differed. The exit
status is 1 when any label differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

import numberplay as npl
from numberplay.errors import GenerationError
from numberplay.kinds import get_kind, kind_names
from numberplay.services.reports import explain_report
from numberplay.services.workbench import why

SIZES = {"crossproduct": ("4x4", "6x6"), "crossset": ("5", "7"), "keen": ("4", "6"),
         "cryptarithm": (None,), "cryptoproduct": (None,)}


def cli_label(args: list[str], text: str) -> Any:
    """The "difficulty" of a command's JSON output, the puzzle on stdin."""
    out = subprocess.run([sys.executable, "-m", "numberplay", *args, "--format", "json", "-"],
                         input=text, capture_output=True, text=True, check=False)
    try:
        data = json.loads(out.stdout)
    except ValueError:
        return f"exit {out.returncode}"
    return data.get("difficulty") if isinstance(data, dict) else None


def row(kind: str, difficulty: str, size: str | None, per: int, cli: bool) -> dict[str, Any]:
    """Generate `per` puzzles and compare the labels."""
    impl = get_kind(kind)
    out: dict[str, Any] = {"kind": kind, "difficulty": difficulty, "size": size or "-",
                           "gen": 0, "explain": 0, "why": 0, "grade": 0, "cli": 0,
                           "gen_cpu": 0.0, "grade_cpu": 0.0, "differ": []}
    for k in range(per):
        t0 = time.process_time()
        try:
            g = npl.generate_full(kind, size=size, difficulty=difficulty, seed="grades",
                                  index=k)
        except GenerationError as exc:       # none found within the generator's tries
            out["differ"].append(f"#{k}: not generated ({exc})")
            continue
        t1 = time.process_time()
        labels = {"explain": explain_report(g.puzzle).get("difficulty"),
                  "why": why(g.puzzle).get("difficulty"),
                  "grade": npl.grade(g.puzzle)}
        out["grade_cpu"] += time.process_time() - t1
        out["gen_cpu"] += t1 - t0
        if cli:
            text = impl.to_text(g.puzzle)
            labels["cli"] = cli_label(["explain", kind], text)
            labels["cli-why"] = cli_label(["check", kind, "--why"], text)
        out["gen"] += 1
        for name, label in labels.items():
            if label == g.difficulty:
                key = "cli" if name.startswith("cli") else name
                out[key] += name != "cli-why"   # the CLI pair counts once, when both agree
            else:
                out["differ"].append(f"#{k} {name}: {label} (generate: {g.difficulty}; "
                                     f"id {g.id})")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per", type=int, default=3, help="puzzles per kind, difficulty and size")
    ap.add_argument("--kinds", default=None, help="comma-separated kinds (default: all)")
    ap.add_argument("--sizes", nargs="*", default=[], help="KIND=SIZE,SIZE to override")
    ap.add_argument("--cli", action="store_true", help="run the commands as well")
    args = ap.parse_args()
    sizes = dict(SIZES)
    for item in args.sizes:
        kind, _, values = item.partition("=")
        sizes[kind] = tuple(values.split(","))
    kinds = args.kinds.split(",") if args.kinds else list(kind_names())
    print("| kind | difficulty | size | made | explain | check --why | grade |"
          + (" CLI |" if args.cli else "") + " generate CPU s | grading CPU s |")
    print("|---|---|---|---|---|---|---|" + ("---|" if args.cli else "") + "---|---|")
    differ = []
    for kind in kinds:
        for difficulty in get_kind(kind).difficulties:
            for size in sizes.get(kind, (None,)):
                r = row(kind, difficulty, size, args.per, args.cli)
                cli = f" {r['cli']} |" if args.cli else ""
                print(f"| {kind} | {difficulty} | {r['size']} | {r['gen']} | {r['explain']} | "
                      f"{r['why']} | {r['grade']} |{cli} {r['gen_cpu']:.2f} | "
                      f"{r['grade_cpu']:.2f} |", flush=True)
                differ += [f"{kind} {difficulty} {r['size']} {d}" for d in r["differ"]]
    for line in differ:
        print(line)
    sys.exit(1 if any("not generated" not in d for d in differ) else 0)


if __name__ == "__main__":
    main()
