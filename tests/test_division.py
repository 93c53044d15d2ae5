"""The `division` kind: skeleton long divisions (enigma.py's SubstitutedDivision).

The answers of `tests/data/division_enigma.json` were computed by running
enigma.py (not part of numberplay, not installable in CI) on its documented
examples and on random skeletons (`benchmarks/bench_division.py`, seed 7); the
brute force here enumerates divisor, quotient and remainder and checks each
division with `verify` (the long division worked out digit by digit).
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import numberplay
from numberplay.cli import app
from numberplay.division.kind import KIND
from numberplay.division.model import DivisionSolution, layout_of, work
from numberplay.division.solve import verify
from numberplay.errors import PuzzleError

DATA = json.loads((Path(__file__).parent / "data" / "division_enigma.json").read_text())


def _options(item: dict) -> dict:
    opts = {}
    if item.get("invalid"):
        opts["invalid"] = ";".join(f"{d},{letters}" for d, letters in item["invalid"])
    if item.get("distinct") is not None:
        opts["distinct"] = item["distinct"]
    return opts


@pytest.mark.parametrize("item", DATA, ids=[d["text"][:40] for d in DATA])
def test_the_same_solutions_as_enigma(item):
    p = KIND.parse(item["text"], **_options(item))
    found = sorted([s.dividend, s.divisor] for s in KIND.solutions(p))
    assert found == item["enigma"]


def brute(p) -> list[list[int]]:
    """Every (dividend, divisor, quotient), by enumerating divisor, quotient and
    remainder and checking each division with `verify` (its letters read off the
    layout worked out digit by digit)."""
    lay = layout_of(p)
    n, lb, m = lay.n, len(p.divisor), lay.m
    rem = lay.remainder_pattern()
    out = []
    for b in range(10 ** (lb - 1), 10 ** lb):
        for c in range(10 ** (m - 1), 10 ** m):
            for r in range(10 ** len(rem)):
                a = b * c + r
                if a >= 10 ** n:
                    break
                w = work(lay, a, b, c) if a >= 10 ** (n - 1) else None
                if w is None:
                    continue
                pairs = [(p.dividend, a), (p.divisor, b), (p.quotient, c)]
                for st in lay.steps:
                    pairs += list(zip((st.x, st.y, st.z), w.rows[st.k][:3], strict=True))
                letters = {ch: int(d) for part, v in pairs
                           for ch, d in zip(part, str(v), strict=False) if ch.isalpha()}
                if verify(p, DivisionSolution(a, b, c, r, tuple(sorted(letters.items())))):
                    out.append([a, b, c])
    return sorted(out)


SMALL = [
    "?? / ? = ? ; ?? - ? = ?",
    "A? / ? = A ; ?? - ? = ?",
    "?A? / ? = ?? ; ?? - ? = ? ; A? - ?? = 0",
    "1??? / ?? = ?? ; 1?? - ?? = ?? ; ??? - ??? = ?",
    "???? / ? = ?0? ; ?? - ? = ? ; ; ??? - ?? = ??",
    "AB?? / ?? = ?A ; AB? - ??? = ?? ; ??? - ??? = B",
    "???? / ?? = ??0 ; ?? - ?? = ? ; ?? - ?? = ? ;",
]


@pytest.mark.parametrize("text", SMALL)
def test_small_divisions_against_a_brute_force(text):
    p = KIND.parse(text)
    found = sorted([s.dividend, s.divisor, s.quotient] for s in KIND.solutions(p))
    assert found == brute(p)
    assert all(KIND.verify(p, s) for s in KIND.solutions(p))


def test_a_solution_gives_its_numbers_and_letters():
    p = KIND.parse("pkmkh / ?? = ??? ; pkm - pmd = xp ; xpk - ?? = kh ; khh - mbg = k")
    (s,) = KIND.solutions(p)
    assert s.to_json() == {"dividend": 47670, "divisor": 77, "quotient": 619, "remainder": 7,
                           "letters": {"b": 9, "d": 2, "g": 3, "h": 0, "k": 7, "m": 6, "p": 4,
                                       "x": 1}}
    assert DivisionSolution.from_json(s.to_json()) == s


def test_text_and_json_round_trip_with_options():
    p = KIND.parse("C??? / A? = ??? ; C? - ?D = ? ; ; ??? - B?? = 0", distinct="",
                   invalid="5,A;6,BC", digits="0-8", fix="A=5")
    assert KIND.parse(KIND.to_text(p)) == p
    assert type(p).from_json(p.to_json()) == p


@pytest.mark.parametrize("text, words", [
    ("?? / ? = ?? ; ?? - ? = ?", "2 subtraction"),
    ("???? / ?? = ?? ; ??? - ?? = ? ; ??? - ?? = ?", "subtraction 2"),
    ("???? / ?? = ?? ; ??? - ???? = ? ; ?? - ?? = ?", "longer than X"),
    ("???? / ?? = ?? ; ??? - ? = ? ; ?? - ?? = ?", "divisor"),
    ("?a!? / ?? = ?? ; ??? - ?? = ? ; ?? - ?? = ?", "column 3"),
    ("0?? / ? = ?? ; ? - ? = ? ; ?? - ? = ?", "start with 0"),
    ("???? / ?? = ?0 ; ??? - ?? = ? ; ?? - ?? = ?", "empty"),
    ("???? ?? ?? ; ?? - ?? = ?", "A / B = C"),
])
def test_bad_input_names_the_part(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse(text)


def test_bad_input_on_the_command_line_exits_2(tmp_path):
    from click.testing import CliRunner
    r = CliRunner().invoke(app, ["solve", "division", "???? / ?? = ?? ; ??? - ???? = ? ; ?? - ?? = ?"])
    assert r.exit_code == 2
    assert "subtraction 1" in r.output and "Traceback" not in r.output


def test_aliases():
    assert numberplay.get_kind("longdivision") is numberplay.get_kind("skeleton-division")


@pytest.mark.parametrize("item", [d for d in DATA if len(d["enigma"]) == 1],
                         ids=lambda d: d["text"][:40])
def test_every_unique_one_is_explained_without_a_guess(item):
    p = KIND.parse(item["text"], **_options(item))
    steps = list(KIND.explain(p))
    assert steps[-1].technique == "solved"
    assert not any(s.is_guess for s in steps)
    a, b = item["enigma"][0]
    assert f"{a} / {b} = " in steps[-1].text


@pytest.mark.parametrize("seed", range(4))
def test_generated_divisions_are_unique_by_a_brute_force(seed):
    g = numberplay.generate_full("division", size="4x1", seed=seed)
    assert brute(g.puzzle) == [[g.solution.dividend, g.solution.divisor, g.solution.quotient]]
    assert any(ch.isalpha() for ch in KIND.to_text(g.puzzle))


def test_the_drawing_is_the_printed_division():
    p = KIND.parse("7????? / ?? = ????? ; 7? - ?? = ?? ; ??? - ?? = ? ; ; ??? - ?? = ?? ; "
                   "??? - ??7 = 0")
    (s,) = KIND.solutions(p)
    text = KIND.render(p, s, "text")
    lines = text.splitlines()
    assert lines[0].strip() == "23039" and "33 ┤760287" in lines[2]
    svg = KIND.render(p, s, "svg")
    assert svg.startswith("<svg") and "760287"[0] in svg


def test_random_skeletons_agree_with_their_check():
    rng = random.Random(3)
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_division import skeleton
    done = 0
    for _ in itertools.count():
        t = skeleton(rng)
        if t is None:
            continue
        p = KIND.parse(t)
        for s in itertools.islice(KIND.solutions(p), 50):
            assert KIND.verify(p, s)
        done += 1
        if done == 10:
            break


def test_enigma_16_with_its_extra_condition():
    """enigma.py's documented answer: 6213 / 57 = 109, A=5 B=5 C=6 D=7."""
    p = KIND.parse("C??? / A? = ??? ; C? - ?D = ? ; ; ??? - B?? = 0", distinct="",
                   extra="sum([A != 4, B != 5, C != 6, D != 7]) = 1")
    (s,) = KIND.solutions(p)
    assert (s.dividend, s.divisor, s.quotient) == (6213, 57, 109)
    assert dict(s.letters) == {"A": 5, "B": 5, "C": 6, "D": 7}
    steps = list(KIND.explain(p))
    assert steps[-1].technique == "solved" and not any(x.is_guess for x in steps)
    assert KIND.parse(KIND.to_text(p)) == p


def test_digits_bound_letters_and_wildcards_as_in_enigma():
    """enigma.py --digits=1-5 "?? / ? = ?" "?? - ? = ?": no solution (every `?` is
    1 to 5 too); --invalid 5,X as documented (Enigma 226)."""
    assert KIND.count(KIND.parse("?? / ? = ? ; ?? - ? = ?", digits="1-5")) == 0
    assert KIND.count(KIND.parse("?? / ? = ? ; ?? - ? = ?", digits="0-9")) == 130


def test_a_letter_may_be_a_given_digit():
    """As in enigma.py, letters differ from each other, not from the digits shown."""
    p = KIND.parse("A?? / ?? = ? ; A?? - ??? = 7?")
    assert 7 in {dict(s.letters)["A"] for s in KIND.solutions(p)}
