"""What each compiled module is run on, compiled and from its source
(tests/test_compiled_modules.py, and the bounds-checked build of
tests/test_bounds_checked_build.py).

Every module a package's native.toml compiles (a `[[cython]]` entry) has an
entry in WORKLOADS: a function that drives the module through the public
entry points that reach it (explanations, grades, hints, solution searches with
their node counts, generated puzzles, word lists) and returns what it saw, as
lines. The test runs it twice in fresh interpreters, once with every module as
built and once with that one module imported from its `.py` (the finder below,
the one-module form of `numberplay._pure`), and compares the lines.

Run as a script: `python tests/native_workloads.py [--source MODULE]... MODULE...`
prints a JSON object {module: lines} on stdout, then on stderr one line per
module saying whether it ran compiled or from its source. `--no-cython` first
makes `import cython` fail, as where numberplay was installed without Cython
(pip builds in an environment of its own, so an installed numberplay never has
it): with NUMBERPLAY_PURE=1, the sources then run on their own stand-ins.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

# --- the workloads -----------------------------------------------------------


def _explained(kind: str, seed: int, size: str | None = None, **options: Any) -> list[str]:
    """A generated puzzle, its explanation word for word, its grade and a hint."""
    import numberplay
    g = numberplay.generate(kind, size=size, seed=seed, **options)
    out = [f"{kind} {seed} {size} puzzle {numberplay.render(g)!r}"]
    out += [f"{kind} {seed} step {s.technique}: {s.text}" for s in numberplay.explain(g)]
    out.append(f"{kind} {seed} grade {numberplay.grade(g)}")
    h = numberplay.hint(g, level=3)
    out.append(f"{kind} {seed} hint {h.text}")
    return out


def _searched(kind: str, seed: int, size: str | None = None, **options: Any) -> list[str]:
    """A generated puzzle solved and counted, with the search's node counts; and the
    same puzzle with a third of its givens taken away (many solutions, a real tree)."""
    import numberplay
    from numberplay.services.search import search
    g = numberplay.generate(kind, size=size, seed=seed, **options)
    out = [f"{kind} {seed} {size} puzzle {numberplay.render(g)!r}"]
    found = search(g, limit=None, keep=2)
    out.append(f"{kind} {seed} count {found.count} nodes {found.nodes} "
               f"{[numberplay.render(g, s) for s in found.solutions]}")
    counted = search(g, limit=None, keep=0)
    out.append(f"{kind} {seed} counted {counted.count} nodes {counted.nodes}")
    return out


def kernel() -> list[str]:
    import numberplay
    out: list[str] = []
    for kind in numberplay.kind_names():
        out += _explained(kind, 11)
    return out


def latin_techniques() -> list[str]:
    out: list[str] = []
    for seed in (1, 2):
        out += _explained("crossset", seed)
        out += _explained("keen", seed, "5")
    return out


def latin_scans() -> list[str]:
    out = latin_techniques()
    for seed in (1, 2):
        out += _searched("crossset", seed)
        out += _searched("keen", seed, "6")
    out += _latin_completions()
    return out


def _latin_completions() -> list[str]:
    """Partial Latin squares with many completions, counted (Régin's filter at the
    root, or at every node too), with node counts."""
    import random

    from numberplay.budget import Budget
    from numberplay.latin import search as LS
    out = []
    rng = random.Random(60)
    for n in (5, 6, 7):
        rows = [[(r + c) % n for c in range(n)] for r in range(n)]
        rng.shuffle(rows)
        full = (1 << n) - 1
        masks = [1 << v if rng.random() < 0.4 else full for row in rows for v in row]
        for use_gac, node_gac in ((True, False), (True, True)):
            budget = Budget()
            count = LS.count_masks(n, masks, limit=300, budget=budget, use_gac=use_gac,
                                   node_gac=node_gac)
            out.append(f"latin {n} {masks} {node_gac} count {count} nodes {budget.used}")
    return out


def keen_techniques() -> list[str]:
    out: list[str] = []
    for seed, size in ((1, "4"), (2, "5"), (3, "6"), (4, "6")):
        out += _explained("keen", seed, size)
    return out


def keen_search() -> list[str]:
    """Keen's generator and search (cages, generate): puzzles for seeds, counted."""
    out: list[str] = []
    for seed, size in ((1, "4"), (2, "5"), (3, "6"), (5, "7")):
        out += _searched("keen", seed, size)
    return out


# Trials and nested trials among them; each a few seconds at most with the
# column filter (formula.filters) run from its source.
FORMULAS = [("SEND + MORE = MONEY", 10), ("STAR + EARTH = BRICK", 10),
            ("GAMMA + NU + OMEGA = SIGMA", 10), ("TWO * TWO = SQUARE", 10),
            ("TO + GO = OUT", 8), ("TEN + TEN + FORTY = SIXTY", 10),
            ("ABC x D = EBC and A < D", 10)]


def formula() -> list[str]:
    """The formula ladder: explanations of formulas (trials, nested ones), grades, and
    the formula kinds' generated puzzles explained."""
    from numberplay import deduce
    from numberplay.formula import ladder
    out: list[str] = []
    for text, base in FORMULAS:
        run = ladder.explanation(text, base)
        out += [f"{text} step {s.technique}: {s.text}" for s in run]
        rules, pos, limits = ladder.setup(text, base)
        out.append(f"{text} grade {run.grade} {deduce.grade(rules, pos, limits=limits)[0]}")
    for kind in ("cryptarithm", "cryptoproduct", "division"):
        out += _explained(kind, 4)
    return out


def formula_search() -> list[str]:
    """The formula kinds solved and counted (the product search among them)."""
    out: list[str] = []
    for kind in ("cryptarithm", "cryptoproduct", "division"):
        for seed in (1, 2):
            out += _searched(kind, seed)
    return out


def crossproduct_lines() -> list[str]:
    out: list[str] = []
    for seed in (1, 2, 3):
        out += _searched("crossproduct", seed)
    out += _explained("crossproduct", 4)
    return out


GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi "
         "omicron pi rho sigma tau upsilon phi chi psi omega")


def wordcount() -> list[str]:
    from numberplay.cryptarithm.wordlist import Tally, WordList, every_unique
    out = []
    for addends, limit in (((2, 2), 30), ((3, 3), 6)):
        tally = Tally()
        words = WordList(GREEK.split(), base=10)
        for found in every_unique(words, addends, tally=tally, limit=limit):
            out.append(f"{addends} {found}")
        out.append(f"{addends} tally {tally}")
    return out


def wordcolumns() -> list[str]:
    from numberplay.cryptarithm.wordlist import Tally
    from numberplay.cryptarithm.wordproducts import product_equalities
    out = []
    words = GREEK.split()
    for count, left, right in ((8, (2, 2), (1, 2)), (12, (1, 1), (2, 2))):
        tally = Tally()
        for found in product_equalities(words[:count], left, right, tally=tally):
            out.append(f"{left} {right} {found}")
        out.append(f"{left} {right} tally {tally}")
    return out


# Each compiled module (as its native.toml names it) and what runs it. A module
# that becomes compiled must be given an entry here (test_compiled_modules.py
# fails, naming it, until it is). Entries for modules compiled on some branches
# only are kept: they run wherever the module is declared.
WORKLOADS: dict[str, Callable[[], list[str]]] = {
    "numberplay.deduce.kernel": kernel,
    "numberplay.latin.techniques": latin_techniques,
    "numberplay.latin.scans": latin_scans,
    "numberplay.latin.search": latin_scans,
    "numberplay.keen.techniques": keen_techniques,
    "numberplay.keen.cages": keen_search,
    "numberplay.keen.generate": keen_search,
    "numberplay.formula.columns": formula,
    "numberplay.formula.filters": formula,
    "numberplay.formula.ladder": formula,
    "numberplay.formula.narrate": formula,
    "numberplay.formula.products": formula_search,
    "numberplay.crossproduct.lines": crossproduct_lines,
    "numberplay.cryptarithm.wordcount": wordcount,
    "numberplay.cryptarithm.wordcolumns": wordcolumns,
}


# --- one module from its source ---------------------------------------------


class NoCython(importlib.abc.MetaPathFinder):
    """`import cython` (and Cython) fails, as on a machine without Cython."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if name == "cython" or name.split(".")[0] == "Cython":
            raise ImportError(f"{name}: Cython is not installed here (--no-cython)")
        return None


class OneFromSource(importlib.abc.MetaPathFinder):
    """Imports the named numberplay modules from their `.py`, whatever is compiled
    beside them; every other module as usual."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = set(names)

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.names or not path:
            return None
        leaf = name.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(name, source)
        return None


def main(argv: list[str]) -> int:
    if "--no-cython" in argv:
        argv = [a for a in argv if a != "--no-cython"]
        sys.meta_path.insert(0, NoCython())
    sources = [argv[i + 1] for i, a in enumerate(argv) if a == "--source"]
    names = [a for i, a in enumerate(argv)
             if a != "--source" and (i == 0 or argv[i - 1] != "--source")]
    if sources:
        sys.meta_path.insert(0, OneFromSource(sources))
    results = {name: WORKLOADS[name]() for name in names}
    print(json.dumps(results))
    from numberplay import _pure
    for name in sorted(set(names) | set(sources)):
        module = importlib.import_module(name)
        print(name, "compiled" if _pure.compiled(module) else "source", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
