"""`generate cryptarithm --all` on the command line, and variety: generated
alphametics and crypto-products repeat nothing before they must."""

from __future__ import annotations

import json

import pytest

import numberplay
from numberplay.api import generate_full
from numberplay.cryptarithm import KIND
from numberplay.cryptarithm import wordlist as W
from numberplay.cryptoproduct import KIND as CRYPTOPRODUCT
from numberplay.cryptoproduct import generate as G

GREEK = ("alpha beta gamma delta epsilon zeta eta theta\n"
         "iota kappa lambda mu nu xi omicron pi rho sigma tau  # and the rest:\n"
         "upsilon phi chi psi omega\n")


@pytest.fixture()
def greek(tmp_path):
    path = tmp_path / "greek.txt"
    path.write_text(GREEK)
    return str(path)


def test_all_text_lines(run, greek):
    r = run(["generate", "cryptarithm", "--all", "--words", greek, "-q"])
    assert r.exit_code == 0, r.output
    lines = [line for line in r.stdout.splitlines() if line.strip()]
    assert "GAMMA + SIGMA = LAMBDA  (70660 + 35760 = 106420)" in lines
    assert len(lines) == 4
    r = run(["generate", "cryptarithm", "--all", "--words", greek, "--count", "2", "-q"])
    assert len([x for x in r.stdout.splitlines() if "=" in x]) == 2


def test_all_json_store_and_addends(run, greek, tmp_path):
    db = tmp_path / "p.db"
    r = run(["generate", "cryptarithm", "--all", "--words", greek, "--addends", "3",
             "--count", "5", "--format", "json", "--store", str(db), "-q"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert data["kind"] == "cryptarithm" and len(data["puzzles"]) == 5
    for item in data["puzzles"]:
        formula = item["puzzle"]["formula"]
        assert formula.count("+") == 2 and item["difficulty"] in KIND.difficulties
        puzzle = KIND.parse(formula)
        assert KIND.count(puzzle, limit=2) == 1
        assert item["solution"]["text"] == KIND.solution_of(
            puzzle, item["solution"]["assignment"]).text
    assert db.exists()


def test_all_repeat_and_base(run, tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("ab ba cab bad dab ca add cc dec abc\n")
    r = run(["generate", "cryptarithm", "--all", "--words", str(path), "--repeat",
             "--base", "5", "--format", "json", "-q"])
    assert r.exit_code == 0, r.output
    formulas = {p["puzzle"]["formula"] for p in json.loads(r.stdout)["puzzles"]}
    assert any(f.split(" = ")[0].split(" + ")[0] == f.split(" = ")[0].split(" + ")[1]
               for f in formulas)           # an addend used twice
    assert all(p["puzzle"]["base"] == 5 for p in json.loads(r.stdout)["puzzles"])


def test_bad_word_file(run, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("mars\nven-us\n")
    r = run(["generate", "cryptarithm", "--all", "--words", str(path)])
    assert r.exit_code == 2 and "line 2" in r.output and "Traceback" not in r.output
    r = run(["generate", "cryptarithm", "--all", "--words", str(tmp_path / "none.txt")])
    assert r.exit_code == 2 and "cannot read" in r.output


def test_random_alphametics_read_as_words_of_the_list(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text(GREEK)
    words = set(W.read_words(GREEK))
    seen = set()
    for i in range(6):
        g = generate_full("cryptarithm", seed=3, index=i, words=str(path))
        left, total = g.puzzle.formula.split(" = ")
        assert set(left.split(" + ")) | {total} <= words
        assert KIND.count(g.puzzle, limit=2) == 1
        seen.add(g.puzzle.formula)
    assert len(seen) == 4     # the list has 4; they come before any repeat


def test_random_alphametics_do_not_repeat():
    formulas = [generate_full("cryptarithm", seed=7, index=i).puzzle.formula
                for i in range(25)]
    assert len(set(formulas)) == 25
    again = generate_full("cryptarithm", seed=7, index=12).puzzle.formula
    assert again == formulas[12]          # a puzzle is reproduced from its seed and index


def _shape(formula: str) -> str:
    x, y, z = (w.strip() for w in formula.replace(" x ", "|").replace(" = ", "|").split("|"))
    first = G._pattern(f"{x}|{y}|{z}")
    return min(first, G._pattern(f"{y}|{x}|{z}")) if len(x) == len(y) else first


def test_easy_crypto_products_are_all_different():
    sizes = G.space_sizes()
    assert sizes["easy"] == 20
    shapes = [_shape(generate_full("cryptoproduct", difficulty="easy", seed=1,
                                   index=i).puzzle.formula) for i in range(sizes["easy"])]
    assert len(set(shapes)) == 20
    assert {"a|ba|cb", "a|ab|ccc", "a|ab|bca"} <= set(shapes)   # the FEUP report's easy ones
    # medium: the 2 x 2 puzzles whose deductions grade medium (a few dozen), each
    # once before any comes again
    made = [generate_full("cryptoproduct", difficulty="medium", seed=1, index=i)
            for i in range(30)]
    assert all(g.difficulty == "medium" == numberplay.grade(g.puzzle) for g in made)
    medium = [_shape(g.puzzle.formula) for g in made]
    k = len(set(medium))
    assert k >= 20 and len(set(medium[:k])) == k and medium[k:] == medium[:30 - k]


def test_product_space_is_exact():
    """Every enumerated easy pattern is unique for the solver; a pattern left out
    (1 x 2 digits) has another count, checked on all of them."""
    space = set(G.product_space(1, 2, 2))
    patterns: dict[str, tuple[int, int]] = {}
    for x in range(1, 10):
        for y in range(10, 100):
            patterns.setdefault(G._pattern(f"{x}|{y}|{x * y}"), (x, y))
    letters = "ABCDEFGHIJ"
    for pattern, (x, y) in patterns.items():
        word = "".join(letters[int(c)] if c != "|" else "|" for c in f"{x}|{y}|{x * y}")
        a, b, c = word.split("|")
        n = CRYPTOPRODUCT.count(CRYPTOPRODUCT.parse(f"{a} x {b} = {c}"), limit=2)
        assert (n == 1 and len(set(pattern) - {"|"}) >= 2) == ((x, y) in space), pattern
