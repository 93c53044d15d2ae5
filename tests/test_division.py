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
    ("??? / 0 = ?? ; ?? - 0 = ? ; ?? - 0 = ?", "the divisor is 0"),
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


def read_back(divisor: str, quotient: dict[int, str], dividend: dict[int, str],
              rows: list[dict[int, str]]) -> str:
    """The skeleton a reader copies off a drawing: the rows below the dividend are
    Y, then X and Y for each further subtraction, then the remainder (each row a
    {dividend column: character}); each Y ends under its quotient digit, the first X
    is the dividend's first digits, each Z the first digits of the X below it."""
    n, m = len(dividend), len(quotient)
    assert sorted(dividend) == list(range(n)) and sorted(quotient) == list(range(n - m, n))
    a = "".join(dividend[i] for i in range(n))
    c = "".join(quotient[i] for i in range(n - m, n))
    ys, xs = rows[0:-1:2], [None, *rows[1:-1:2]]
    subs: list[str] = [""] * m
    ends = [max(y) for y in ys]
    for i, (x, y, end) in enumerate(zip(xs, ys, ends, strict=True)):
        below = xs[i + 1] if i + 1 < len(xs) else rows[-1]
        xt = a[:end + 1] if x is None else "".join(x[j] for j in sorted(x))
        zt = "".join(below[j] for j in sorted(below) if j <= end) or "0"
        subs[end - (n - m)] = f"{xt} - {''.join(y[j] for j in sorted(y))} = {zt}"
    return " ; ".join([f"{a} / {divisor} = {c}", *subs]).replace(" ;  ;", " ; ;").rstrip()


def read_svg(svg: str) -> str:
    """The skeleton from the SVG: its text elements by row (y) and column (x)."""
    import xml.etree.ElementTree as ET

    from numberplay.division.printed import MARGIN, STEP
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    bracket = float(root.find(f"{ns}path").get("d").split()[0][1:])
    off = round((bracket + 4 - MARGIN) / STEP)
    lines: dict[float, dict[int, str]] = {}
    divisor = []
    texts = [t for t in root.iter(f"{ns}text") if t.get("class") == "cell"]
    ys = sorted({float(t.get("y")) for t in texts})
    for t in texts:
        x, y = float(t.get("x")), float(t.get("y"))
        if x < bracket:
            divisor.append((x, t.text))
            continue
        col = round((x - MARGIN) / STEP - 0.5) - off
        row = lines.setdefault(y, {})
        assert col not in row, "two characters drawn in one place"
        row[col] = t.text
    assert all(float(t.get("y")) == ys[1] for t in texts if float(t.get("x")) < bracket)
    return read_back("".join(ch for _x, ch in sorted(divisor)), lines[ys[0]], lines[ys[1]],
                     [lines[y] for y in ys[2:]])


def read_text(text: str) -> str:
    """The skeleton from the text drawing: each character in its column."""
    lines = text.splitlines()
    lines = lines[:next((i for i, line in enumerate(lines) if "/" in line or "where" in line),
                        len(lines))]
    off = lines[2].index("┤") + 1
    rows = [{i - off: ch for i, ch in enumerate(line) if ch != " " and i >= off}
            for line in lines if line.strip() and not set(line.strip()) <= set("─┌")]
    return read_back(lines[2][:off - 1].strip(), rows[0], rows[1], rows[2:])


DRAWN = ["7????? / ?? = ????? ; 7? - ?? = ?? ; ??? - ?? = ? ; ; ??? - ?? = ?? ; ??? - ??7 = 0",
         "????? / ?? = ???N ; ?? - ?? = ?6 ; ??? - ?R? = Y9 ; ??? - ??? = ?N ; ??? - ??Y = 0",
         "pkmkh / ?? = ??? ; pkm - pmd = xp ; xpk - ?? = kh ; khh - mbg = k",
         "????? / ?? = ??? ; pk? - pmd = xp ; ??k - ?? = kh ; ??h - mbg = k",
         "???? / ?? = ??0 ; ?? - ?? = ? ; ?? - ?? = ? ;",
         "1??? / ?? = ?? ; 1?? - ?? = ?? ; ??? - ??? = ?",
         "???0000 / ?? = ????? ; ??? - ?? = ? ; ?? - ?? = ?? ; ??? - ?X? = ?? ; ??? - ??? = ?? "
         "; ??? - ??? = 0"]


@pytest.mark.parametrize("text", DRAWN)
def test_the_drawing_is_the_printed_division(text):
    """Every character of every line is drawn where the printed division puts it:
    the skeleton read back off the SVG and off the text drawing is the puzzle's,
    each line carrying what the lines it meets give (`merged`)."""
    from numberplay.division.model import division_text, merged
    p = KIND.parse(text)
    whole = division_text(merged(p).puzzle)
    assert read_svg(KIND.draw(p)) == whole
    assert read_text(KIND.render(p, None, "text")) == whole
    assert KIND.count(KIND.parse(whole)) == KIND.count(p)
    for given in (ch for ch in text.replace("?", "") if ch.isalnum()):
        assert given in KIND.draw(p)


def test_the_drawing_of_the_solution_has_its_digits():
    p = KIND.parse(DRAWN[0])
    (s,) = KIND.solutions(p)
    lines = KIND.render(p, s, "text").splitlines()
    assert lines[0].strip() == "23039" and "33 ┤760287" in lines[2]
    assert read_text(KIND.render(p, s, "text")).startswith("760287 / 33 = 23039 ; 76 - 66 = 10")
    assert read_svg(KIND.draw(p, s)) == read_text(KIND.render(p, s, "text"))


def test_two_characters_met_in_one_place_are_said_beside_the_drawing():
    p = KIND.parse("A?? / ?? = ? ; 5?? - ??? = 7?")
    assert "A = 5" in KIND.render(p, None, "text") and "A = 5" in KIND.draw(p)


@pytest.mark.parametrize("size", ["4x1", "5x2", "6x2", "7x2", "7x3"])
@pytest.mark.parametrize("level", KIND.difficulties)
def test_generated_divisions_read_back_from_their_drawing(size, level):
    """What is generated is drawn whole: every size the page offers and every
    level, read back off the SVG and the text; the text form is already whole."""
    from numberplay.division.model import division_text
    for seed in range(2):
        g = numberplay.generate_full("division", size=size, difficulty=level, seed=seed)
        assert g.difficulty == level
        text = division_text(g.puzzle)
        assert read_svg(KIND.draw(g.puzzle)) == text
        assert read_text(KIND.render(g.puzzle, None, "text")) == text


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


def test_a_partial_keeps_its_letters():
    """`solve --no-search` prints where the deductions stall: a letter not yet
    decided is still its letter, not `?`."""
    from click.testing import CliRunner
    r = CliRunner().invoke(app, ["solve", "division", "--no-search",
                                 "pk??? / ?? = ??? ; pk? - ??? = ?p ; ??? - ?? = k? ; "
                                 "??? - ??? = k"])
    assert r.exit_code == 5
    assert r.output.splitlines()[0] == \
        "pk??? / ?? = ??? ; pk? - ??? = 1p ; 1p? - ?? = k? ; k?? - ??? = k"


def test_the_rules_keep_every_solution():
    """The techniques are sound: where the deductions stall (no trial), every
    solution's digits are still in their places' masks (random skeletons, the
    ones with several solutions among them, letters met twice in a line too)."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_division import skeleton
    from numberplay.division.rules import model_of
    rng = random.Random(11)
    done = 0
    while done < 12:
        t = skeleton(rng)
        if t is None:
            continue
        p = KIND.parse(t)
        sols = list(itertools.islice(KIND.solutions(p), 30))
        if not sols or len(sols) == 30:
            continue
        ex = KIND.explain(p, search=False)
        list(ex)
        pos = ex.run.position
        m = model_of(p)
        for s in sols:
            for name, d in KIND.solution_places(p, s).items():
                assert pos[m.index[name]] >> d & 1, (t, name, d)
        done += 1
