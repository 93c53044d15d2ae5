"""Skeleton long divisions: numberplay against enigma.py's SubstitutedDivision.

Run:  python benchmarks/bench_division.py [--enigma PATH/enigma.py] [--count 40] [--seed 1]
      python benchmarks/bench_division.py --record FILE --enigma PATH   (write the puzzles
                                                                         and enigma.py's answers)
      python benchmarks/bench_division.py --explain        (the unique ones explained: steps
                                                            inside trials, CPU per puzzle)
      python benchmarks/bench_division.py --generate [--enigma PATH] [--seeds 3]
                                     (every offered size and level: CPU per puzzle, drawn
                                      whole, and enigma.py's solutions of each)

The puzzles are random skeleton divisions (a dividend of 5 to 8 digits, a divisor
of 2 or 3, the remainder smaller than the divisor), written mostly as `?` with a
few letters (one letter per digit shown as a letter) and a few given digits,
drawn from `--seed`. Each solver runs in a process of its own over all of them,
and the benchmark reports each process's whole CPU time (start-up, imports and
parsing included: `resource.getrusage(RUSAGE_CHILDREN)`), the ratio, and whether
the solution sets (dividend, divisor pairs) are the same.

enigma.py (Jim Randell's, all rights reserved) is not part of numberplay: give a
copy's path with `--enigma`; without one the benchmark times numberplay alone and
says so. It is run through its own API (`SubstitutedDivision(...).solve()`),
never copied.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import string
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# -- the puzzles ------------------------------------------------------------------------------


def worked(a: int, b: int, c: int) -> list[tuple[int, int, int] | None]:
    """The subtractions of a / b = c as printed (None for a 0 digit of the quotient)."""
    sa, sc = str(a), str(c)
    n, m = len(sa), len(sc)
    rows: list[tuple[int, int, int] | None] = []
    z, cursor = 0, 0
    for k, ch in enumerate(sc):
        q = int(ch)
        if q == 0:
            rows.append(None)
            continue
        end = n - m + k
        x = z * 10 ** (end + 1 - cursor) + int(sa[cursor:end + 1])
        z = x - b * q
        rows.append((x, b * q, z))
        cursor = end + 1
    return rows


def skeleton(rng: random.Random) -> str | None:
    """One random skeleton division (None when the draw cannot be written: a
    difference of 0 before the end)."""
    n, mb = rng.randint(5, 8), rng.choice((2, 2, 3))
    b = rng.randrange(10 ** (mb - 1), 10 ** mb)
    c = rng.randrange(max(1, 10 ** (n - 1) // b), 10 ** n // b)
    r = rng.randrange(b) if rng.random() < 0.75 else 0
    a = b * c + r
    if len(str(a)) != n or c == 0 or c % 10 == 0:
        return None   # (enigma.py cannot read a quotient ending in 0)
    rows = worked(a, b, c)
    live = [k for k, row in enumerate(rows) if row is not None]
    if any(rows[k][2] == 0 for k in live[:-1]):
        return None
    letters = rng.sample(string.ascii_uppercase, 10)
    lettered = set(rng.sample(range(10), rng.randint(2, 4)))
    p_letter, p_digit = rng.uniform(0.3, 0.6), rng.uniform(0.05, 0.15)

    def show(number: int | str) -> str:
        out = []
        for ch in str(number):
            d = int(ch)
            u = rng.random()
            if d in lettered and u < p_letter:
                out.append(letters[d])
            elif u > 1 - p_digit:
                out.append(ch)
            else:
                out.append("?")
        return "".join(out)

    parts = [f"{show(a)} / {show(b)} = {show(c)}"]
    for k, row in enumerate(rows):
        if row is None:
            parts.append("")
            continue
        x, y, z = row
        zs = "0" if (k == live[-1] and z == 0) else show(z)
        parts.append(f"{show(x)} - {show(y)} = {zs}")
    return " ; ".join(parts)


def puzzles(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        p = skeleton(rng)
        if p is not None:
            out.append(p)
    return out


# -- the two solvers, each in a process of its own ----------------------------------------------

ENIGMA_DRIVER = r"""
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("enigma", sys.argv[1])
enigma = importlib.util.module_from_spec(spec)
spec.loader.exec_module(enigma)
out = []
for item in json.load(open(sys.argv[2])):
    parts = [p.strip() for p in item["text"].split(";")]
    subs = [p if p else None for p in parts[1:]]
    kw = dict(verbose=0)
    if item.get("invalid"):
        kw["d2i"] = {int(d): set(s) for d, s in item["invalid"]}
    if item.get("distinct") is not None:
        kw["distinct"] = item["distinct"]
    if item.get("fixed"):
        kw["s2d"] = item["fixed"]
    try:
        p = enigma.SubstitutedDivision(parts[0], subs, **kw)
        out.append(sorted([s.a, s.b] for s in p.solve(verbose=0)))
    except Exception:   # too deep for Python's compiler: enigma.py's own way round
        try:
            p = enigma.SubstitutedDivision(parts[0], subs, denest=1, **kw)
            out.append(sorted([s.a, s.b] for s in p.solve(verbose=0)))
        except Exception as exc:
            out.append(["error", type(exc).__name__])
json.dump(out, open(sys.argv[3], "w"))
"""

NUMBERPLAY_DRIVER = r"""
import json, sys
from numberplay.division.kind import KIND
out = []
for item in json.load(open(sys.argv[1])):
    opts = {k: item[k] for k in ("invalid", "distinct", "fixed") if item.get(k) is not None}
    if "fixed" in opts:
        opts["fix"] = opts.pop("fixed")
    if "invalid" in opts:
        opts["invalid"] = [[d, s] for d, s in opts["invalid"]]
    p = KIND.parse(item["text"], **opts)
    out.append(sorted([s.dividend, s.divisor] for s in KIND.solutions(p)))
json.dump(out, open(sys.argv[2], "w"))
"""


def run(argv: list[str]) -> float:
    """Run a process; its whole CPU time (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def solve_enigma(enigma: str, items: list[dict], tmp: Path, python: str) -> tuple[list, float]:
    (tmp / "in.json").write_text(json.dumps(items))
    (tmp / "enigma_driver.py").write_text(ENIGMA_DRIVER)
    cpu = run([python, str(tmp / "enigma_driver.py"), enigma, str(tmp / "in.json"),
               str(tmp / "enigma.json")])
    return json.loads((tmp / "enigma.json").read_text()), cpu


def solve_numberplay(items: list[dict], tmp: Path) -> tuple[list, float]:
    (tmp / "in.json").write_text(json.dumps(items))
    (tmp / "np_driver.py").write_text(NUMBERPLAY_DRIVER)
    cpu = run([sys.executable, str(tmp / "np_driver.py"), str(tmp / "in.json"),
               str(tmp / "np.json")])
    return json.loads((tmp / "np.json").read_text()), cpu


# -- explanations and generation ----------------------------------------------------------------

EXPLAIN_DRIVER = r"""
import json, sys, time
from numberplay.division.kind import KIND
out = []
for text in json.load(open(sys.argv[1])):
    p = KIND.parse(text)
    if KIND.count(p, limit=2) != 1:
        continue
    t = time.process_time()
    steps = list(KIND.explain(p))
    cpu = time.process_time() - t
    def count(ss):
        n = inside = 0
        for s in ss:
            n += 1
            if s.chain:
                a, _b = count(s.chain)
                n += a
                inside += a
        return n, inside
    total, inside = count(steps)
    out.append({"text": text, "steps": total, "inside": inside, "cpu": cpu,
                "guesses": sum(s.is_guess for s in steps), "end": steps[-1].technique})
json.dump(out, open(sys.argv[2], "w"))
"""

SIZES = ("4x1", "5x2", "6x2", "7x2", "7x3", "8x2", "8x3")

GENERATE_DRIVER = r"""
import json, sys, time
import numberplay
from numberplay.division.kind import KIND
from numberplay.division.model import division_text, merged
out = []
for size in sys.argv[2].split(","):
    for level in KIND.difficulties:
        for seed in range(int(sys.argv[3])):
            t = time.process_time()
            g = numberplay.generate_full("division", size=size, difficulty=level, seed=seed)
            cpu = time.process_time() - t
            text = division_text(g.puzzle)
            out.append({"size": size, "level": level, "seed": seed, "cpu": cpu, "text": text,
                        "grade": g.difficulty, "whole": division_text(merged(g.puzzle).puzzle) == text,
                        "solution": [g.solution.dividend, g.solution.divisor]})
json.dump(out, open(sys.argv[1], "w"))
"""


def _median(xs: list[float]) -> float:
    import statistics
    return statistics.median(xs) if xs else 0.0


def explain_figures(items: list[dict], tmp: Path) -> None:
    (tmp / "texts.json").write_text(json.dumps([i["text"] for i in items]))
    (tmp / "explain_driver.py").write_text(EXPLAIN_DRIVER)
    subprocess.run([sys.executable, str(tmp / "explain_driver.py"), str(tmp / "texts.json"),
                    str(tmp / "explained.json")], check=True)
    done = json.loads((tmp / "explained.json").read_text())
    steps = sum(d["steps"] for d in done)
    inside = sum(d["inside"] for d in done)
    cpus = [d["cpu"] for d in done]
    print(f"\n{len(done)} unique divisions explained: {steps} steps, {inside} inside trials "
          f"({100 * inside / max(1, steps):.0f}%), {sum(d['guesses'] for d in done)} guesses, "
          f"{sum(d['inside'] > 0 for d in done)} with a trial; CPU per puzzle median "
          f"{_median(cpus):.3f} s, worst {max(cpus, default=0):.3f} s")
    for d in sorted(done, key=lambda d: -d["inside"])[:3]:
        if d["inside"]:
            print(f"  most inside trials: {d['inside']} of {d['steps']}: {d['text']}")


def generate_figures(enigma: str | None, python: str, seeds: int, sizes: str,
                     tmp: Path) -> None:
    (tmp / "generate_driver.py").write_text(GENERATE_DRIVER)
    subprocess.run([sys.executable, str(tmp / "generate_driver.py"), str(tmp / "made.json"),
                    sizes, str(seeds)], check=True)
    made = json.loads((tmp / "made.json").read_text())
    print(f"\n{len(made)} generated ({seeds} seeds of each size {sizes} and level)\n")
    print("| size | level | CPU s median | CPU s worst | grade as asked | drawn whole |")
    print("|---|---|---:|---:|---:|---:|")
    for size in sizes.split(","):
        for level in ("easy", "medium", "hard", "fiendish"):
            ds = [d for d in made if d["size"] == size and d["level"] == level]
            if ds:
                cpus = [d["cpu"] for d in ds]
                print(f"| {size} | {level} | {_median(cpus):.2f} | {max(cpus):.2f} | "
                      f"{sum(d['grade'] == level for d in ds)}/{len(ds)} | "
                      f"{sum(d['whole'] for d in ds)}/{len(ds)} |")
    cpus = [d["cpu"] for d in made]
    print(f"\nall: median {_median(cpus):.2f} s, worst {max(cpus):.2f} s CPU")
    if not enigma:
        print("no enigma.py given (--enigma PATH): uniqueness by enigma.py not checked")
        return
    theirs, _cpu = solve_enigma(enigma, [{"text": d["text"]} for d in made], tmp, python)
    same = sum(t == [d["solution"]] for t, d in zip(theirs, made, strict=True))
    print(f"enigma.py: {same} of {len(made)} read and solved to the one same solution")
    for t, d in zip(theirs, made, strict=True):
        if t != [d["solution"]]:
            print(f"  differs: {d['text']} (enigma.py: {t[:3]})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--enigma", help="path of enigma.py (not part of numberplay)")
    ap.add_argument("--python", default=sys.executable, help="the Python that runs enigma.py")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--record", help="write the puzzles and enigma.py's solutions as JSON")
    ap.add_argument("--explain", action="store_true",
                    help="explain the unique ones: steps inside trials, CPU per puzzle")
    ap.add_argument("--generate", action="store_true",
                    help="generate every size and level: CPU per puzzle, enigma.py's check")
    ap.add_argument("--seeds", type=int, default=3, help="--generate: seeds per size and level")
    ap.add_argument("--sizes", default=",".join(SIZES), help="--generate: the sizes")
    args = ap.parse_args()
    if args.generate:
        with tempfile.TemporaryDirectory() as d:
            generate_figures(args.enigma, args.python, args.seeds, args.sizes, Path(d))
        return
    if args.explain:
        with tempfile.TemporaryDirectory() as d:
            explain_figures([{"text": t} for t in puzzles(args.count, args.seed)], Path(d))
        return
    items = [{"text": t} for t in puzzles(args.count, args.seed)]
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        ours, ours_cpu = solve_numberplay(items, tmp)
        total = sum(len(s) for s in ours)
        print(f"{len(items)} random skeleton divisions (seed {args.seed}), "
              f"{total} solutions in all, {sum(len(s) == 1 for s in ours)} unique\n")
        print("| solver | CPU s (whole process) | ratio |")
        print("|---|---:|---:|")
        if not args.enigma:
            print(f"| numberplay | {ours_cpu:.2f} | |")
            print("\nno enigma.py given (--enigma PATH): numberplay timed alone, "
                  "solution sets not compared")
            return
        theirs, their_cpu = solve_enigma(args.enigma, items, tmp, args.python)
    print(f"| enigma.py SubstitutedDivision | {their_cpu:.2f} | 1.0x |")
    print(f"| numberplay | {ours_cpu:.2f} | {their_cpu / ours_cpu:.1f}x faster |")
    differ = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    print(f"\nsame solution sets: {len(items) - len(differ)} of {len(items)}")
    for i in differ[:5]:
        print(f"  differs: {items[i]['text']} (numberplay {len(ours[i])}, "
              f"enigma.py {len(theirs[i])})")
    if args.record:
        Path(args.record).write_text(json.dumps(
            [{**item, "solutions": sols} for item, sols in zip(items, theirs, strict=True)],
            indent=0) + "\n")


if __name__ == "__main__":
    main()
