"""The notation of crypt, cryptator and the published lists, read as written:
lower case (each distinct character its own letter, case kept), `&&` and `;` for
`and`, quoted numbers (`'10'`), digits inside words (each the digit itself),
letters of scripts without case and combining marks (each a symbol of its own),
Turkish dotted and dotless i apart. Counts are checked against CP-SAT on a model
built here from the text alone (it knows nothing of numberplay's parser)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import numberplay
from numberplay import PuzzleError
from numberplay.formula.lang import tokenize, word_spans
from numberplay.formula.puzzle import validate

pytest.importorskip("ortools.sat.python.cp_model")

from cpsat_oracle import oracle  # noqa: E402


def count(formula: str, **options) -> int:
    return numberplay.count(numberplay.parse("cryptarithm", formula, **options))


# A handful of published one-liners (Barker's list, cryptator's collection) and
# small ones written for these tests.
PUBLISHED = [
    "texas+nevada=alaska",                                          # Barker
    "deux*cent=dix*vingt",                                          # Barker
    "cc + a = cl && on + d = go && ni + e = ne && cc + on = ni && a + d = e && cl + go = ne",
    "mu * mu = tau && nu * '1' + mu * '10' = tau && mu * m = mu && mu * u = nu",
    "in * go = kan && in * '1' + km * '10' = kan && in * g = km && in * o = in",
    "सात + सैंतीस + चालीस = चौरासी",                                   # Hindi, with marks
    "ενα + οκτω + εννεα + δωδεκα = τριαντα",
    "dort * otuzuc = uc * kırkdort",                                # Turkish ı
    "bes + on + oniki + elliuc = seksen",
    "ABC*DA=BEFA && GHHA+GJE=GFDC && GJEJ+HJJJ=FFDC && ABC+GHHA=GJEJ && DA*GJE=HJJJ "
    "&& BEFA-GFDC=FFDC",                                            # Sillke
]
WRITTEN = [
    "a + b = cd",
    "ab + ba = cbc",
    "in + is = or",                       # names in operand places are words
    "and + not = xor",
    "and + or = not && a + n = dd",       # `not` before the name `and` is a word
    "x x x = xx",                         # word, times, word
    "ab2 + c = de2",                      # a digit in a word is itself
    "a2 + 2b = cc",
    "ab + '12' = cd",
    "Ab + aB = BAa",                      # case kept: four letters A, a, B, b
    "ıi + iı = İIı",                      # Turkish: four letters, no folding
    "so + so = too; to + so = ot",
]


@pytest.mark.parametrize("formula", PUBLISHED + WRITTEN)
def test_counts_agree_with_cp_sat(formula):
    assert count(formula) == oracle(formula)


@pytest.mark.parametrize("formula", PUBLISHED)
def test_published_lines_have_exactly_one_solution(formula):
    p = numberplay.parse("cryptarithm", formula)
    assert numberplay.count(p, limit=2) == 1
    solution = numberplay.solve(p)
    assert numberplay.verify(p, solution)


def test_random_lower_case_formulas_agree_with_cp_sat():
    rng = random.Random(31)
    alphabet = "abcdefgıi"
    for _ in range(40):
        words = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
                 for _ in range(rng.randint(2, 3))]
        op = rng.choice([" + ", " * "])
        total = "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 4)))
        formula = op.join(words) + " = " + total
        if len(set(formula) - set(" +*=")) > 7:
            continue
        assert count(formula) == oracle(formula), formula


def test_letters_are_each_distinct_character_and_output_keeps_them():
    comp = validate(numberplay.parse("cryptarithm", "सात + सैंतीस + चालीस = चौरासी"))
    assert "\u093e" in comp.letters and "\u0947" not in comp.letters   # the sign ा
    assert len(comp.letters) == 10
    assert set(validate(numberplay.parse("cryptarithm", "ıi + iı = İIı")).letters) == set("ıiİI")
    p = numberplay.parse("cryptarithm", "texas+nevada=alaska")
    s = numberplay.solve(p)
    assert set(s.mapping) == set("texasnvdlk") and s.text == "28460+587636=616096"
    dota = validate(numberplay.parse("cryptarithm", "doom + dota2 = halo2"))
    assert "2" not in dota.letters and {"d", "h"} <= dota.lead


def test_reserved_names_where_the_grammar_needs_them():
    words = [t.text for t in tokenize("sum(range(us)) = su and in * x x ab = not") if
             t.kind == "word"]
    assert words == ["us", "su", "in", "x", "ab", "not"]
    assert [t.kind for t in tokenize("a not in b") if t.kind != "space"] == \
        ["word", "keyword", "keyword", "word"]
    assert [t.kind for t in tokenize("a is not b") if t.kind != "space"] == \
        ["word", "keyword", "keyword", "word"]
    # letters of the names sum and range are written back as they were
    p = numberplay.parse("cryptarithm", "sum(range(us)) = sum")    # a name, then a word
    assert numberplay.count(p) == 1
    assert numberplay.solve(p).text == "sum(range(36)) = 630"
    assert word_spans("a + b") == [(0, 1), (4, 5)]


def test_workbench_clues_split_at_joints_not_at_words():
    from numberplay.formula.clues import formula_clues, split_and
    assert split_and("and + or = not and a = b && c = d; (a and b)") == \
        ["and + or = not", "a = b", "c = d", "(a and b)"]
    names = [name for name, _ in formula_clues("texas+nevada=alaska", 10)]
    assert names[0] == "column 1 (s + a = a)" and len(names) == 6


def test_and_spellings_are_one_formula():
    a = count("so + so = too && to + so = ot")
    assert a == count("so + so = too and to + so = ot") == count("so + so = too; to + so = ot;")
    assert count("ab + '10' = cd") == count("ab + 10 = cd")


@pytest.mark.parametrize(("formula", "says", "column"), [
    ("texas + nev@da = alaska", "unexpected character '@'", 12),
    ("ab + '1a' = cd", "quoted number", 6),
    ("ab + c_d = ef", "unknown name 'c_d'", 6),
    ("ab + c = d9", "not a digit in base 8", 11),
    ("ab + cd", "is not a statement", None),
])
def test_bad_input_is_one_line_naming_the_place(run, formula, says, column):
    options = {"base": 8} if "d9" in formula else {}
    with pytest.raises(PuzzleError) as info:
        numberplay.parse("cryptarithm", formula, **options)
    assert says in str(info.value) and "\n" not in str(info.value)
    if column:
        assert info.value.column == column
    extra = ["--base", "8"] if options else []
    r = run(["solve", "cryptarithm", formula, *extra])
    assert r.exit_code == 2 and says in r.stderr and r.stderr.count("\n") == 1


def test_cli_solve_check_explain_hint_and_fix_in_lower_case(run, tmp_path):
    formula = "texas+nevada=alaska"
    solved = run(["solve", "cryptarithm", formula])
    assert solved.exit_code == 0 and "28460+587636=616096" in solved.stdout
    assert "t=2" in solved.stdout
    assert run(["solve", "cryptarithm", formula, "--fix", "t=2", "--count"]).stdout.strip() == "1"
    assert run(["solve", "cryptarithm", formula, "--fix", "T=2"]).exit_code == 2
    path = tmp_path / "barker.txt"
    path.write_text("## Source: Barker\n## States\ntexas+nevada=alaska\nkansas+oregon=arizona\n",
                    encoding="utf-8")
    checked = run(["check", "cryptarithm", str(path)])
    assert checked.exit_code == 0, checked.output
    explained = run(["explain", "cryptarithm", formula])
    assert explained.exit_code == 0 and "a" in explained.stdout
    hint = run(["hint", "cryptarithm", formula, "--state", "t=3"])
    assert hint.exit_code == 0 and "t = 3 is wrong" in hint.stdout
    hindi = run(["solve", "cryptarithm", "सात + सैंतीस + चालीस = चौरासी", "--format", "json"])
    assert hindi.exit_code == 0
    assert "\u093e" in json.loads(hindi.stdout)["solutions"][0]["assignment"]


def test_svg_boxes_the_letters_of_words_only():
    p = numberplay.parse("cryptarithm", "sum(range(us)) = sum")
    svg = numberplay.render(p, fmt="svg")
    assert svg.count('class="letter"') == 5          # u s s u m: not the s, u, m of sum()
    halo = numberplay.render(numberplay.parse("cryptarithm", "ab2 + c = de2"), fmt="svg")
    assert halo.count('class="letter"') == 5


JS = Path(numberplay.__file__).parent / "web" / "static" / "lib" / "letters.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_web_page_reads_the_same_letters(tmp_path):
    formulas = PUBLISHED + WRITTEN + ["sum(range(us)) = su", "a not in b = c",
                                      "a is not b = c", "GR x RG = RBR", "HALO2 * REZ = PORTAL2"]
    module = tmp_path / "letters.mjs"
    module.write_text(JS.read_text(encoding="utf-8"), encoding="utf-8")
    script = (f"import {{ lettersOf }} from {json.dumps(module.as_uri())};\n"
              f"console.log(JSON.stringify({json.dumps(formulas)}.map(lettersOf)));")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    for formula, letters in zip(formulas, json.loads(out), strict=True):
        try:
            expected = set(validate(numberplay.parse("cryptarithm", formula)).letters)
        except PuzzleError:
            expected = {ch for a, b in word_spans(formula) for ch in formula[a:b]
                        if not ch.isdigit()}
        assert set(letters) == expected, formula


def test_web_api_reads_the_notation():
    pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
    pytest.importorskip("httpx2", reason="httpx2 (for Starlette's TestClient) is not installed")
    from fastapi.testclient import TestClient

    from numberplay.web import create_app
    with TestClient(create_app(timeout=10, workers=1)) as client:
        body = {"kind": "cryptarithm", "puzzle": "cc + a = cl && on + d = go && ni + e = ne "
                "&& cc + on = ni && a + d = e && cl + go = ne"}
        solved = client.post("/api/solve", json=body)
        assert solved.status_code == 200, solved.text
        assert "44 + 3 = 47" in json.dumps(solved.json(), ensure_ascii=False)
        hint = client.post("/api/hint", json={**body, "state": "c=5"})
        assert hint.status_code == 200 and "c = 5 is wrong" in json.dumps(hint.json())
        bad = client.post("/api/solve", json={"kind": "cryptarithm", "puzzle": "ab + 'x' = c"})
        assert bad.status_code == 400 and "quoted number" in bad.json()["error"]
        assert "\n" not in bad.json()["error"]


# -- cryptator's reading of digits inside words (--digits-as-symbols) ------------------------

GAMES = Path(__file__).parent / "data" / "cryptator_games_digits.txt"


def _games() -> list[str]:
    lines = GAMES.read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


@pytest.mark.parametrize("formula", _games())
def test_digits_as_symbols_one_solution_as_cp_sat_counts(formula):
    """Each published line with a digit inside a word: exactly one solution read
    cryptator's way, the count CP-SAT gives on a model built from the text."""
    assert count(formula, digits_as_symbols=True) == oracle(formula, digits_as_symbols=True) == 1


def test_digits_inside_words_read_both_ways():
    """Without the option a digit in a word is itself (crypt's reading): the counts
    then follow CP-SAT's model of that reading, and some lines are not unique."""
    counts = {f: count(f) for f in _games()}
    assert counts == {f: oracle(f) for f in _games()}
    assert counts["destiny + inside + myst = tekken3"] == 0
    assert counts["braid + diablo + halo2 = galaga"] == 4


@pytest.mark.parametrize("formula, symbols", [
    ("2b + a2 = 23 && ab2 + c = d3", "_2b + a_2 = 23 && ab_2 + c = d_3"),
    ("x2 x 3 = y6", "x_2 x 3 = y_6"),
    ("tekken_3 + a1 = b", "tekken_3 + a_1 = b"),
])
def test_digits_as_symbols_writes_each_digit_of_a_word_as_a_symbol(formula, symbols):
    from numberplay.formula.lang import digits_as_symbols
    assert digits_as_symbols(formula) == symbols
    assert numberplay.parse("cryptarithm", formula, digits_as_symbols=True).formula == symbols


def test_symbol_digit_and_literal_digit_apart():
    """`ab2 + c_2 = de2`: the 2 of ab2 and de2 is the digit 2, the one of c_2 a symbol."""
    p = numberplay.parse("cryptarithm", "ab2 + c_2 = de2")
    assert count("ab2 + c_2 = de2") == oracle("ab2 + cZ = de2")
    s = numberplay.solve(p)
    digits = dict(s.assignment)
    a, b, c, d, e, two = (digits[k] for k in "abcde2")
    assert (a * 100 + b * 10 + 2) + (c * 10 + two) == d * 100 + e * 10 + 2
    assert s.text == f"{a}{b}2 + {c}{two} = {d}{e}2"


def test_cli_and_api_take_digits_as_symbols(run, tmp_path):
    line = "destiny + inside + myst = tekken3"
    for command in ("solve", "check", "explain", "hint"):
        r = run([command, "cryptarithm", line, "--digits-as-symbols"])
        assert r.exit_code == 0, (command, r.output)
    r = run(["solve", "cryptarithm", line])
    assert r.exit_code == 1
    r = run(["solve", "cryptarithm", line, "--digits-as-symbols", "--format", "json"])
    data = json.loads(r.stdout)
    assert data["solutions"][0]["text"] == "2573916 + 917925 + 8673 = 3500514"
    words = tmp_path / "games.txt"
    words.write_text("braid combat doom dota2 doomii diablo galaga halo2 halo3\n")
    r = run(["generate", "cryptarithm", "--all", "--words", str(words), "--addends", "2..3",
             "--digits-as-symbols"])
    assert r.exit_code == 0, r.output
    assert "BRAID + DOTA_2 + DIABLO = DOOMII  (27314 + 48039 + 413258 = 488611)" in r.output
    r = run(["generate", "cryptarithm", "--all", "--words", str(words)])
    assert r.exit_code == 2 and "dota2" in r.output


def test_web_api_and_batch_take_digits_as_symbols(tmp_path):
    from numberplay.services.batch.jobs import job_from_json, run_job
    job = {"id": 1, "kind": "cryptarithm", "op": "solve", "puzzle": "tekken3 = rez * rtype"}
    plain = run_job(job_from_json(job, 1))["result"]
    read = run_job(job_from_json({**job, "options": {"digits_as_symbols": True}}, 1))["result"]
    assert plain["count"] == 0
    assert read["count"] == 1 and read["puzzle"]["formula"] == "tekken_3 = rez * rtype"
    assert read["solutions"][0]["text"] == "6355314 = 238 * 26703"
    pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
    pytest.importorskip("httpx2", reason="httpx2 (for Starlette's TestClient) is not installed")
    from fastapi.testclient import TestClient

    from numberplay.web import create_app
    body = {"kind": "cryptarithm", "puzzle": "tekken3 = rez * rtype"}
    with TestClient(create_app(timeout=10, workers=1)) as client:
        plain = client.post("/api/solve", json=body)
        read = client.post("/api/solve", json={**body, "options": {"digits_as_symbols": True}})
    assert plain.status_code == 200 and read.status_code == 200, read.text
    assert read.json()["puzzle"]["formula"] == "tekken_3 = rez * rtype"
    assert read.json()["count"] == 1
