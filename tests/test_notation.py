"""The notation of crypt, cryptator and the published lists, read as written:
lower case (each distinct character its own letter, case kept), `&&` and `;` for
`and`, quoted numbers (`'10'`), digits inside words (each the digit itself),
letters of scripts without case and combining marks (each a symbol of its own),
Turkish dotted and dotless i apart. Counts are checked against CP-SAT on a model
built here from the text alone (it knows nothing of numberplay's parser)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import numberplay
from numberplay import PuzzleError
from numberplay.formula.lang import tokenize, word_spans
from numberplay.formula.puzzle import validate

cp = pytest.importorskip("ortools.sat.python.cp_model")

WORD = re.compile(r"^[^\W\d_][\w\u0300-\u036f\u0900-\u097f\u00ad]*$")


def _factor(text: str, var: dict, m) -> tuple[object, int, int]:
    """A word or a number as (CP-SAT expression, lowest, highest value)."""
    text = text.strip()
    if re.fullmatch(r"'\d+'|\d+", text):
        v = int(text.strip("'"))
        return v, v, v
    expr, lo, hi = 0, 0, 0
    for ch in text:
        if ch.isdigit():
            expr, lo, hi = expr * 10 + int(ch), lo * 10 + int(ch), hi * 10 + int(ch)
        else:
            expr, lo, hi = expr * 10 + var[ch], lo * 10, hi * 10 + 9
    return expr, lo, hi


def _term(text: str, var: dict, m) -> tuple[object, int, int]:
    """A product of factors as a CP-SAT variable (or expression) and its bounds."""
    parts = [_factor(f, var, m) for f in re.split(r"\*|×|(?<=\s)x(?=\s)", text)]
    expr, lo, hi = parts[0]
    for e2, lo2, hi2 in parts[1:]:
        a = m.NewIntVar(lo, hi, "")
        m.Add(a == expr)
        b = m.NewIntVar(lo2, hi2, "")
        m.Add(b == e2)
        t = m.NewIntVar(lo * lo2, hi * hi2, "")
        m.AddMultiplicationEquality(t, [a, b])
        expr, lo, hi = t, lo * lo2, hi * hi2
    return expr, lo, hi


def _side(text: str, var: dict, m):
    """A sum and difference of terms."""
    total = 0
    for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", text):
        e = _term(term, var, m)[0]
        total = total - e if sign == "-" else total + e
    return total


def oracle(formula: str) -> int:
    """Solutions of `W op W ... = ... && ...` by CP-SAT: letters are the characters
    of the words other than digits, distinct; a word of two or more characters
    does not start with a 0."""
    m = cp.CpModel()
    equations = [e for e in re.split(r"&&|;", formula) if e.strip()]
    words = [w for e in equations for w in re.split(r"[-+*×=\s]+|(?<=\s)x(?=\s)", e)
             if w and not re.fullmatch(r"'?\d+'?", w) and w != "x"]
    letters = sorted({ch for w in words for ch in w if not ch.isdigit()})
    lead = {w[0] for w in words if len(w) > 1}
    var = {c: m.NewIntVar(1 if c in lead else 0, 9, f"v{i}") for i, c in enumerate(letters)}
    m.AddAllDifferent(list(var.values()))
    for e in equations:
        left, right = e.split("=")
        m.Add(_side(left, var, m) == _side(right, var, m))
    solver = cp.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1

    class Count(cp.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
    counter = Count()
    solver.Solve(m, counter)
    return counter.n


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
