"""Modules compiled from their own Python source (Cython's pure-Python mode, the
`[[cython]]` of a package's native.toml, built by setup.py) against the same
source run as Python.

The compiled module has the module's name and is imported in place of the
`.py`; NUMBERPLAY_PURE=1 imports every numberplay module from its source and
refuses the hand-written C cores (`numberplay._pure`), as on a machine without
a compiler. Both runs must give the same explanations word for word, the same
grades and the same generated puzzles for a seed.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from numberplay import _pure

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
COMPILED = [".".join([*decl.parent.relative_to(SRC).parts, mod["name"]])
            for decl in sorted(SRC.glob("numberplay/*/native.toml"))
            for mod in tomllib.loads(decl.read_text()).get("cython", [])]
# The hand-written C cores: refused by NUMBERPLAY_PURE, required compiled with gcc.
HAND_WRITTEN = [".".join([*decl.parent.relative_to(SRC).parts, ext["name"]])
                for decl in sorted(SRC.glob("numberplay/*/native.toml"))
                for ext in tomllib.loads(decl.read_text()).get("extension", [])]

# Every kind, three generated puzzles (two seeds, and one at a harder level): solved
# (every solution, up to two kept), counted, explained word for word, graded, and a
# hint at each level; word lists (sums and products); formulas whose explanations
# make trials (nested ones, with the grade's early stop) and a crypto-product.
SCRIPT = r"""
import sys
import numberplay
from numberplay import deduce
from numberplay.formula import ladder
from numberplay.services.search import search
# a level a few seconds at most even in pure Python (none: the kind's default)
LEVEL = {"crossset": "extreme", "keen": "unreasonable", "crossproduct": "hard",
         "cryptarithm": "hard", "cryptoproduct": "medium", "division": "hard"}
for kind in numberplay.kind_names():
    for seed, difficulty in ((3, None), (4, None), (5, LEVEL.get(kind))):
        g = numberplay.generate(kind, difficulty=difficulty, seed=seed)
        print(kind, seed, difficulty, "puzzle", repr(numberplay.render(g)))
        for s in numberplay.explain(g):
            print(kind, s.technique, s.text)
        print(kind, "grade", numberplay.grade(g))
        found = search(g, limit=None, keep=2)
        print(kind, "solve", found.count, [numberplay.render(g, s) for s in found.solutions])
        print(kind, "count", numberplay.count(g, limit=2))
        for level in (1, 2, 3):
            print(kind, "hint", level, numberplay.hint(g, level=level).text)
from numberplay.cryptarithm.wordlist import WordList, every_unique
from numberplay.cryptarithm.wordproducts import product_equalities
GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi "
         "omicron pi rho sigma tau upsilon phi chi psi omega").split()
for found in every_unique(WordList(GREEK), (2, 3), limit=30):
    print("word list", found)
for found in product_equalities(GREEK[:8], (2, 2), (1, 2)):
    print("word products", found)
for formula in ("STAR + EARTH = BRICK", "GREEN + IVORY + MAROON = ORANGE",
                "TWO * TWO = SQUARE", "TO + GO = OUT"):
    run = ladder.explanation(formula, 8 if formula == "TO + GO = OUT" else 10)
    for s in run:
        print(formula, s.technique, s.text)
    rules, pos, limits = ladder.setup(formula, 8 if formula == "TO + GO = OUT" else 10)
    print(formula, "grade", run.grade, deduce.grade(rules, pos, limits=limits)[0])
for name in sys.argv[1:]:
    module = __import__(name, fromlist=["_"])
    print(name, "file", "py" if module.__file__.endswith(".py") else "compiled", file=sys.stderr)
for name in HAND_WRITTEN:
    try:
        __import__(name, fromlist=["_"])
        print(name, "file", "compiled", file=sys.stderr)
    except ImportError:
        print(name, "file", "none", file=sys.stderr)
"""


# The numberplay this test imports: the source tree with its modules built in place,
# or (CI) the installed package, whose compiled modules are not in the source tree.
IMPORTED = Path(importlib.import_module("numberplay").__file__ or "").parent.parent


def _run(pure: bool) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(IMPORTED)}
    env.pop("NUMBERPLAY_PURE", None)
    if pure:
        env["NUMBERPLAY_PURE"] = "1"
    script = f"HAND_WRITTEN = {HAND_WRITTEN!r}\n" + SCRIPT
    return subprocess.run([sys.executable, "-c", script, *COMPILED], capture_output=True,
                          text=True, env=env, timeout=300, check=True)


def test_some_module_is_declared():
    assert "numberplay.deduce.kernel" in COMPILED


@pytest.mark.parametrize("name", COMPILED)
def test_compiled_where_required(name):
    module = importlib.import_module(name)
    if not _pure.compiled(module):
        if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE") and not os.environ.get("NUMBERPLAY_PURE"):
            pytest.fail(f"{name} was not compiled (is Cython installed at build time?)")
        pytest.skip(f"{name} runs from its source (not compiled)")


@pytest.mark.parametrize("name", COMPILED)
def test_compiled_module_is_not_older_than_its_source(name):
    """In a source tree, a compiled module older than its `.py` runs the old code:
    `python setup.py build_ext --inplace` builds it again."""
    module = importlib.import_module(name)
    built = Path(module.__file__ or "")
    source = built.parent / (name.rpartition(".")[2] + ".py")
    if not _pure.compiled(module) or SRC not in built.parents:
        pytest.skip("not a compiled module of this source tree")
    assert built.stat().st_mtime >= source.stat().st_mtime, \
        f"{built.name} is older than {source.name}: python setup.py build_ext --inplace"


def test_compiled_and_pure_python_give_the_same_results():
    fast, slow = _run(False), _run(True)
    # the pure run imported every declared module from its source, and no C core
    assert slow.stderr.count(" file py") == len(COMPILED)
    assert slow.stderr.count(" file none") == len(HAND_WRITTEN)
    built = fast.stderr.count(" file compiled")
    if os.environ.get("NUMBERPLAY_REQUIRE_NATIVE"):
        # where the modules must be compiled, the fast run did run them compiled
        assert built == len(COMPILED) + len(HAND_WRITTEN), fast.stderr
    elif not built:
        pytest.skip("nothing is compiled here: it would compare pure Python with itself")
    assert fast.stdout == slow.stdout
    for capability in ("grade", "solve", "count", "hint 3", "word list", "word products"):
        assert fast.stdout.count(f" {capability} ") + fast.stdout.count(f"{capability} ") >= 3, \
            capability


def test_pure_refuses_the_hand_written_cores():
    env = {**os.environ, "PYTHONPATH": str(IMPORTED), "NUMBERPLAY_PURE": "1"}
    out = subprocess.run([sys.executable, "-c",
                          "from numberplay.formula import filters, settle\n"
                          "print(filters.COMPILED, settle._settle)"],
                         capture_output=True, text=True, env=env, timeout=60, check=True)
    assert out.stdout.split() == ["False", "None"]
