"""Every capability of every kind against an oracle that shares no code with
numberplay's solvers (issue 60; the oracles are in tests/oracles.py, the table of
which checks what in docs/testing.md): solve and count (every solution), explain
(every step removes no value a solution has and places only the solutions'
values), hint (the same for the hint's step, from random partial positions made
from a solution), generate (exactly one solution, the one it says) and generate at
a level (Cross Set: its ladder written in the test; Keen: Tatham's own grader,
built from ../shared/peers; the other kinds: the documented technique table,
written here, over an explanation whose every step the oracle has checked).

The puzzles are random and small, made with their text and the oracle's model
side by side; numberplay's parse only reads the text."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

import numberplay as npl
from oracles import (
    DivisionRules,
    crossproduct_level,
    crossproduct_solutions,
    crossset_level,
    crossset_sets,
    division_solutions,
    formula_solutions,
    keen_solutions,
    latin_solutions,
    random_crossproduct,
    random_crossset,
    random_division,
    random_keen,
    random_product,
    random_sum,
)

GIVEUP = ("guess", "backtrack")     # steps past a guess stand on an assumption
ENDS = ("solved", "stalled", "no solution")


def judge(steps, sols: list[dict], strict: bool) -> int:
    """Assert that no step removes a value some solution has, or places a value
    some solution has not, up to the first guess (a trial's own removals are
    judged, the chain under its assumption is not). Places the oracle does not
    name (a division's subtraction digits) are passed over, unless `strict`.
    A "no solution" step where the oracle has one, or "solved" where it has none,
    fails too. Returns how many (place, value) pairs were judged."""
    known = set().union(*(s.keys() for s in sols)) if sols else set()
    judged = 0
    for step in steps:
        if step.technique in GIVEUP:
            break
        if step.technique == "no solution":
            assert not sols, (step.text, sols[:2])
        if step.technique == "solved":
            assert sols, step.text
        if step.technique in ENDS or not sols:
            continue
        for q, v in step.removed:
            assert q in known or not strict, (step, q)
            if q in known:
                assert all(s[q] != v for s in sols), (step.technique, step.text, q, v)
                judged += 1
        for q, v in step.fixed:
            assert q in known or not strict, (step, q)
            if q in known:
                assert all(s[q] == v for s in sols), (step.technique, step.text, q, v)
                judged += 1
    return judged


def places_of(p, solutions) -> list[dict]:
    kind = npl.get_kind(p.kind)
    return sorted((kind.solution_places(p, s) for s in solutions), key=lambda d: sorted(d.items()))


def same_solutions(p, sols: list[dict]) -> None:
    """solve gives every solution the oracle finds and no other; count agrees."""
    got = places_of(p, npl.solutions(p))
    keys = set(got[0]) if got else set()
    want = sorted(({k: v for k, v in s.items() if k in keys} for s in sols),
                  key=lambda d: sorted(d.items()))
    assert got == want, npl.get_kind(p.kind).to_text(p)
    assert npl.count(p) == len(sols)


def hint_ok(p, state: str | None, sols: list[dict], strict: bool,
            wrong: frozenset[tuple[str, int]] = frozenset()) -> int:
    """The hint from `state` (a position taken from the solutions, with the `wrong`
    entries no solution has) finds those wrong and nothing else, and its step is
    sound for the solutions the rest of the position allows."""
    h = npl.hint(p, state=state, level=3)
    assert {(w.place, w.value) for w in h.wrong} == set(wrong), (state, h.wrong)
    if h.step is None:
        return 0
    return judge([h.step], sols, strict)


# -- Cross Set -----------------------------------------------------------------------------

def _masks_text(n: int, sets: list[set[int]]) -> str:
    return "\n".join(" ".join("".join(map(str, sorted(sets[r * n + c]))) for c in range(n))
                     for r in range(n))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_crossset_against_the_oracle(n: int) -> None:
    rng = random.Random(600 + n)
    judged = hints = 0
    for _ in range(6):
        text, sets = random_crossset(n, rng, keep=rng.choice((0.3, 0.5)))
        p = npl.parse("crossset", text)
        sols = latin_solutions(n, sets)
        same_solutions(p, sols)
        judged += judge(npl.explain(p), sols, strict=True)
        if len(sols) >= 1:
            # a position from one solution: some cells narrowed, the solution's value kept
            base = rng.choice(sols)
            for _ in range(3):
                pos = [set(s) for s in sets]
                for i in range(n * n):
                    v = base[f"r{i // n + 1}c{i % n + 1}"]
                    pos[i] = {v} | {x for x in pos[i] if rng.random() < 0.6}
                left = [s for s in sols if all(s[f"r{i // n + 1}c{i % n + 1}"] in pos[i]
                                               for i in range(n * n))]
                hints += hint_ok(p, _masks_text(n, pos), left, strict=True)
    assert judged > 50 and hints > 10, (judged, hints)


def test_crossset_generated_unique_and_at_its_level_by_the_ladder_in_the_test() -> None:
    """The ladder of docs/crossset.md written in tests/oracles.py grades every
    generated puzzle as asked (swapping two labels of the kind's table fails here)."""
    for n, levels in ((4, ("trivial", "easy", "medium", "extreme", "search")),
                      (5, ("trivial", "easy", "medium", "hard", "extreme", "search"))):
        for level in levels:
            g = npl.generate_full("crossset", size=str(n), difficulty=level, seed=1)
            sets = crossset_sets(npl.get_kind("crossset").to_text(g.puzzle))
            sols = latin_solutions(n, sets)
            assert len(sols) == 1
            assert sols == places_of(g.puzzle, [g.solution])
            assert crossset_level(n, sets) == level == g.difficulty == npl.grade(g.puzzle)


# -- Keen --------------------------------------------------------------------------------

def _keen_text_model(text: str) -> tuple[int, list]:
    """The cage map form read here: N lines of labels, then `LABEL TARGET[OP]` clues."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    n = len(lines[0].split())
    labels = [ln.split() for ln in lines[:n]]
    clues = {lab: (int(t), op) for lab, t, op in
             re.findall(r"(\S+) (\d+)([+x*/÷×−-]?)(?=\s|$)", " ".join(lines[n:]))}
    cages = []
    for lab, (t, op) in clues.items():
        cells = tuple(r * n + c for r in range(n) for c in range(n) if labels[r][c] == lab)
        op = {"x": "*", "×": "*", "÷": "/", "−": "-", "": "="}.get(op, op)
        cages.append((op, t, cells))
    return n, cages


@pytest.mark.parametrize("n", [3, 4, 5])
def test_keen_against_the_oracle(n: int) -> None:
    rng = random.Random(610 + n)
    judged = hints = 0
    for _ in range(5):
        text, cages = random_keen(n, rng)
        p = npl.parse("keen", text)
        sols = keen_solutions(n, cages)
        same_solutions(p, sols)
        judged += judge(npl.explain(p), sols, strict=True)
        base = rng.choice(sols)
        for _ in range(3):
            grid = []
            for r in range(n):
                row = []
                for c in range(n):
                    v = base[f"r{r + 1}c{c + 1}"]
                    u = rng.random()
                    row.append(str(v) if u < 0.2 else "." if u < 0.6 else
                               "".join(str(x) for x in range(1, n + 1)
                                       if x == v or rng.random() < 0.5))
                grid.append(" ".join(row))
            cand = [set(range(1, n + 1)) if ch == "." else set(map(int, ch))
                    for row in grid for ch in row.split()]
            left = [s for s in sols if all(s[f"r{i // n + 1}c{i % n + 1}"] in cand[i]
                                           for i in range(n * n))]
            hints += hint_ok(p, "\n".join(grid), left, strict=True)
    assert judged > 30 and hints > 5, (judged, hints)


def test_keen_generated_unique() -> None:
    for n, levels in ((3, ("easy", "hard", "extreme")), (4, ("medium", "extreme", "unreasonable")),
                      (5, ("unreasonable",))):
        for level in levels:
            g = npl.generate_full("keen", size=str(n), difficulty=level, seed=2)
            sols = keen_solutions(*_keen_text_model(npl.get_kind("keen").to_text(g.puzzle)))
            assert sols == places_of(g.puzzle, [g.solution])


def _keensolver(tmp: Path) -> Path | None:
    """Tatham's keensolver built from ../shared/peers/tatham-keen.tgz beside the
    project's root (or above it), None when the archive or a C compiler is absent."""
    root = Path(__file__).resolve().parent.parent
    tgz = next((d / "shared" / "peers" / "tatham-keen.tgz" for d in root.parents
                if (d / "shared" / "peers" / "tatham-keen.tgz").exists()), None)
    if tgz is None or shutil.which("gcc") is None:
        return None
    with tarfile.open(tgz) as t:
        t.extractall(tmp, filter="data")
    src = tmp / "tatham-keen"
    # the solver line of its build.sh (the generator is not needed here)
    subprocess.run(["gcc", "-O1", "-w", "-DSTANDALONE_SOLVER", "-o", "keensolver", "keen.c",
                    "latin.c", "maxflow.c", "tree234.c", "malloc.c", "random.c", "misc.c",
                    "dsf.c", "nullfe.c", "-lm"], cwd=src, check=True, capture_output=True)
    return src / "keensolver"


def test_keen_generated_at_its_level_by_tathams_grader(tmp_path: Path) -> None:
    """His keensolver -g grades each generated puzzle (its game id without the grade
    letter) as asked: Easy, Normal, Hard, Extreme, Unreasonable."""
    solver = _keensolver(tmp_path)
    if solver is None:
        pytest.skip("tatham-keen.tgz (../shared/peers) or gcc is not on this machine")
    his = {"Easy": "easy", "Normal": "medium", "Hard": "hard", "Extreme": "extreme",
           "Unreasonable": "unreasonable"}
    for n in (4, 5):
        for level in his.values():
            for seed in (1, 2):
                g = npl.generate_full("keen", size=str(n), difficulty=level, seed=seed)
                gid = npl.get_kind("keen").render(g.puzzle, fmt="tatham").strip()
                gid = re.sub(r"^(\d+)d[enhxu]:", r"\1:", gid)
                out = subprocess.run([str(solver), "-g", gid], capture_output=True, text=True,
                                     timeout=60).stdout
                assert his[out.split(":")[-1].strip()] == level == g.difficulty, (gid, out)
                assert npl.grade(g.puzzle) == level, gid


# -- CrossProduct ------------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 3)])
def test_crossproduct_against_the_oracle(shape: tuple[int, int]) -> None:
    nr, nc = shape
    rng = random.Random(620 + nr * 10 + nc)
    judged = hints = 0
    for _ in range(6):
        text, rows, cols = random_crossproduct(nr, nc, rng)
        p = npl.parse("crossproduct", text)
        sols = crossproduct_solutions(rows, cols)
        same_solutions(p, sols)
        judged += judge(npl.explain(p), sols, strict=True)
        base = rng.choice(sols)
        for _ in range(2):
            keep = {q for q in base if rng.random() < 0.4}
            entries = {q: base[q] for q in keep}
            # now and then an entry no solution has, which the hint must call wrong
            bad = [(q, v) for q in base if q not in keep for v in range(1, 10)
                   if all(s[q] != v for s in sols)]
            wrong = frozenset(rng.sample(bad, 1)) if bad and rng.random() < 0.5 else frozenset()
            entries.update(wrong)
            state = "\n".join("".join(str(entries.get(f"r{r + 1}c{c + 1}", "."))
                                       for c in range(nc)) for r in range(nr))
            left = [s for s in sols if all(s[q] == base[q] for q in keep)]
            hints += hint_ok(p, state, left, strict=True, wrong=wrong)
    assert judged > 30 and hints > 3, (judged, hints)


# The grade table of docs/crossproduct.md ("Techniques"), written here.
CROSSPRODUCT_LEVEL = {"gcd": 0, "fives and sevens": 0, "remaining product": 0, "capacity": 0,
                      "line": 1, "line search": 2, "trial": 2, "guess": 2}


def _level_by_table(steps, table: dict[str, int]) -> int:
    return max((table[s.technique] for s in steps if s.technique in table), default=0)


def test_crossproduct_generated_unique_and_at_its_level() -> None:
    """Unique by the brute force; the level by the ladder of docs/crossproduct.md
    written in tests/oracles.py (`crossproduct_level`) and by the technique table
    over the judged explanation."""
    for size, levels in (("2x3", ("easy", "medium")), ("4x4", ("easy", "medium", "hard"))):
        for k, level in enumerate(levels):
            g = npl.generate_full("crossproduct", size=size, difficulty=level, seed=1)
            rows = [int(x) for x in re.findall(r"rows ([\d ]+)",
                                               npl.get_kind("crossproduct").to_text(g.puzzle))[0].split()]
            cols = [int(x) for x in re.findall(r"cols ([\d ]+)",
                                               npl.get_kind("crossproduct").to_text(g.puzzle))[0].split()]
            sols = crossproduct_solutions(rows, cols)
            assert sols == places_of(g.puzzle, [g.solution])
            steps = list(npl.explain(g.puzzle))
            judge(steps, sols, strict=True)
            assert _level_by_table(steps, CROSSPRODUCT_LEVEL) == k == levels.index(g.difficulty)
            assert npl.grade(g.puzzle) == level
            # the ladder written in the test: the techniques up to the level solve it,
            # those below do not (a trial or a guess is hard too)
            ladder = crossproduct_level(rows, cols)
            assert (ladder if ladder != "search" else "hard") == level, (rows, cols)


# -- cryptarithms and crypto-products ------------------------------------------------------

OPTIONS = [
    ({}, None, None, None),
    ({"digits": "0-8"}, set(range(9)), None, None),
    ({"digits": "1-9", "invalid": ["5,AB"]}, set(range(1, 10)), {"A": {5}, "B": {5}}, None),
    ({"distinct": "ABC,DE"}, None, None, ["ABC", "DE"]),
    ({"distinct": "", "digits": "0-5"}, set(range(6)), None, []),
]


@pytest.mark.parametrize("opt", range(len(OPTIONS)))
def test_cryptarithm_against_the_oracle(opt: int) -> None:
    """The options' rules are read from the options given here, not from the kind."""
    options, digits, invalid, groups = OPTIONS[opt]
    rng = random.Random(630 + opt)
    judged = hints = 0
    for lengths in ((2, 2), (2, 3), (3, 3), (1, 2, 2)):
        text = random_sum(rng, lengths)
        p = npl.parse("cryptarithm", text, **options)
        # all letters are named A..T; a group option naming absent letters is harmless
        sols = formula_solutions(text, digits, invalid, groups, carries=True)
        same_solutions(p, sols)
        if groups is not None:
            continue        # explain and hint take every letter distinct (docs/cryptarithm.md)
        judged += judge(npl.explain(p), sols, strict=True)
        if sols:
            base = rng.choice(sols)
            letters = sorted(q for q in base if not q.startswith("c"))
            keep = [q for q in letters if rng.random() < 0.3]
            left = [s for s in sols if all(s[q] == base[q] for q in keep)]
            bad = [(q, v) for q in letters if q not in keep for v in range(10)
                   if all(s[q] != v for s in sols)]
            wrong = frozenset(rng.sample(bad, 1)) if bad and rng.random() < 0.5 else frozenset()
            state = ",".join(f"{q}={v}" for q, v in [*((q, base[q]) for q in keep), *wrong])
            hints += hint_ok(p, state, left, strict=True, wrong=wrong)
    assert groups is not None or judged > 5, judged


def test_cryptoproduct_against_the_oracle() -> None:
    rng = random.Random(635)
    judged = hints = 0
    for _ in range(8):
        text = random_product(rng)
        p = npl.parse("cryptoproduct", text)
        sols = formula_solutions(text)
        same_solutions(p, sols)
        if len(sols) > 8:
            continue        # (explaining dozens of solutions is guess after guess: slow)
        judged += judge(npl.explain(p), sols, strict=True)
        if sols:
            base = rng.choice(sols)
            keep = [q for q in sorted(base) if rng.random() < 0.3]
            left = [s for s in sols if all(s[q] == base[q] for q in keep)]
            hints += hint_ok(p, ",".join(f"{q}={base[q]}" for q in keep), left, strict=True)
    assert judged > 5, judged


def test_cryptarithm_and_cryptoproduct_generated_unique_and_at_their_level() -> None:
    """Unique by the CP-SAT oracle; the level by the documented rule (easy: no trial,
    medium: one or two single trials, hard: three or more, a nested one or a guess)
    over an explanation the oracle has checked step by step."""
    for kind in ("cryptarithm", "cryptoproduct"):
        for k, level in enumerate(("easy", "medium", "hard")):
            g = npl.generate_full(kind, difficulty=level, seed=1)
            text = npl.get_kind(kind).to_text(g.puzzle).strip()
            sols = formula_solutions(text)
            assert len(sols) == 1 and places_of(g.puzzle, [g.solution]) == sols, text
            steps = list(npl.explain(g.puzzle))
            judge(steps, sols, strict=False)
            trials = [s for s in steps if s.technique == "trial"]
            nested = any(c.technique == "trial" for s in trials for c in s.chain)
            guess = any(s.technique == "guess" for s in steps)
            got = 2 if guess or nested or len(trials) >= 3 else 1 if trials else 0
            assert got == k == ("easy", "medium", "hard").index(g.difficulty), (text, level)
            assert npl.grade(g.puzzle) == level, text


# -- division ----------------------------------------------------------------------------

def test_division_against_the_oracle() -> None:
    """Random skeletons (digits kept, made `?` or letters) against the brute force of
    tests/oracles.py: every solution with its quotient and remainder and letters;
    the explanation's and the hint's steps on the dividend, divisor, quotient and
    letters."""
    rng = random.Random(640)
    judged = 0
    for _ in range(10):
        text, _, _ = random_division(rng, show=0.35)
        p = npl.parse("division", text)
        sols = division_solutions(text)
        got = sorted((s.to_json() for s in npl.solutions(p)), key=lambda s: s["dividend"] * 1000 + s["divisor"])
        want = sorted(({k: s[k] for k in ("dividend", "divisor", "quotient", "remainder", "letters")}
                       for s in sols), key=lambda s: s["dividend"] * 1000 + s["divisor"])
        assert [{**s, "letters": dict(sorted(s["letters"].items()))} for s in got] == \
               [{**s, "letters": dict(sorted(s["letters"].items()))} for s in want], text
        assert npl.count(p) == len(sols)
        places = [s["places"] for s in sols]
        judged += judge(npl.explain(p), places, strict=False)
        hint_ok(p, None, places, strict=False)
    assert judged > 20, judged


DIVISION_OPTIONS = [
    ({"digits": "0-8"}, DivisionRules(digits=set(range(9)))),
    ({"invalid": "3,ABDE"}, DivisionRules(invalid={c: {3} for c in "ABDE"})),
    ({"distinct": "ABDE,FGH"}, DivisionRules(groups=["ABDE", "FGH"])),
    ({"digits": "1-9", "invalid": "5,FG"},
     DivisionRules(digits=set(range(1, 10)), invalid={"F": {5}, "G": {5}})),
]


def _division_answers(sols) -> list[tuple]:
    return sorted((s["dividend"], s["divisor"], s["quotient"], s["remainder"],
                   tuple(sorted(s["letters"].items()))) for s in sols)


@pytest.mark.parametrize("opt", range(len(DIVISION_OPTIONS)))
def test_division_options_against_the_oracle(opt: int) -> None:
    """--digits, --invalid and --distinct, the rules read from the options given
    here (docs/division.md, "Options"), not from the kind; given digits stay,
    whatever --digits says."""
    options, rules = DIVISION_OPTIONS[opt]
    rng = random.Random(650 + opt)
    compared = 0
    for _ in range(30):
        text, _, _ = random_division(rng, show=0.3)
        if compared == 4:
            break
        p = npl.parse("division", text, **options)
        sols = division_solutions(text, rules)
        got = _division_answers(s.to_json() for s in npl.solutions(p))
        assert got == _division_answers(sols), (options, text)
        judge(npl.explain(p), [s["places"] for s in sols], strict=False)
        compared += 1
    assert compared == 4


def test_division_digits_option_keeps_given_digits() -> None:
    """--digits narrows letters and `?`, never a given digit (a 0 given under
    --digits 1-9 once gave no solution)."""
    text = "10 / ? = ? ; 10 - ? = ?"
    rules = DivisionRules(digits=set(range(1, 10)))
    assert len(division_solutions(text, rules)) == 23       # enigma.py: 23 as well
    assert npl.count(npl.parse("division", text, digits="1-9")) == 23


# The rungs of docs/division.md ("Explaining") and its grades, written here: easy is
# rung 0 alone, medium the columns too, hard one or two trials, fiendish three or
# more trials, a trial inside a trial, or a guess.
DIVISION_RUNG = {"distinct letters": 0, "product length": 0, "last digit": 0, "divisor": 0,
                 "product": 1, "subtraction": 1, "extra condition": 1}


def division_level(steps) -> str:
    """The grade of an explanation by the documented table (not the kind's grader)."""
    steps = list(steps)
    trials = [s for s in steps if s.technique == "trial"]
    nested = any(c.technique == "trial" for s in trials for c in s.chain)
    if any(s.technique == "guess" for s in steps) or len(trials) >= 3 or nested:
        return "fiendish"
    if trials:
        return "hard"
    return "medium" if any(DIVISION_RUNG.get(s.technique) == 1 for s in steps) else "easy"


def test_division_generated_unique_and_at_its_level() -> None:
    """Generated divisions at every level are unique by the brute force and graded by
    the table above over their judged explanation; so are the published Enigmas."""
    for level in ("easy", "medium", "hard", "fiendish"):
        g = npl.generate_full("division", size="5x2", difficulty=level, seed=4)
        text = npl.get_kind("division").to_text(g.puzzle).strip()
        sols = division_solutions(text)
        assert len(sols) == 1 and sols[0]["dividend"] == g.solution.to_json()["dividend"], text
        steps = list(npl.explain(g.puzzle))
        judge(steps, [s["places"] for s in sols], strict=False)
        assert division_level(steps) == level == g.difficulty == npl.grade(g.puzzle), text
    from numberplay.services.examples import list_examples
    for ex in list_examples("division"):
        p = npl.parse("division", ex.text)
        assert division_level(npl.explain(p)) == npl.grade(p), ex.name


def test_division_oracle_and_numberplay_against_enigma() -> None:
    """The brute force finds enigma.py's published (dividend, divisor) pairs
    (tests/data/division_enigma.json, the skeletons it does in about a second), and
    numberplay the brute force's solutions in full: quotient, remainder, letters."""
    import json
    data = json.loads((Path(__file__).parent / "data" / "division_enigma.json").read_text())
    fast = ("????? / ?1 = E??7", "J82?? / 9? = ???", "?????? / ?5 = ?Q???",
            "YQ9?Y??? / Q? = ???5QC", "3J????4? / ?J3 = ?NN??")
    checked = 0
    for item in data:
        if not item["text"].startswith(fast) or set(item) - {"text", "source", "enigma"}:
            continue
        sols = division_solutions(item["text"])
        assert sorted([s["dividend"], s["divisor"]] for s in sols) == item["enigma"]
        p = npl.parse("division", item["text"])
        got = sorted((s.to_json() for s in npl.solutions(p)), key=lambda s: (s["dividend"], s["divisor"]))
        want = sorted(({k: s[k] for k in ("dividend", "divisor", "quotient", "remainder", "letters")}
                       for s in sols), key=lambda s: (s["dividend"], s["divisor"]))
        assert [{**s, "letters": dict(sorted(s["letters"].items()))} for s in got] == \
               [{**s, "letters": dict(sorted(s["letters"].items()))} for s in want]
        checked += 1
    assert checked == len(fast)
