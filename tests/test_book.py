"""`numberplay book`: the PDF opens, has the pages the layout promises, shows the
puzzles' products and formulas, and keeps the answers after the puzzles."""

from __future__ import annotations

import io
import json
import math
import re
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

import numberplay
from numberplay import book as B
from numberplay.cli import app
from numberplay.kinds import get_kind

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("typst")

CROSSPRODUCTS = ["rows 210 144 54 135 4 49\ncols 6615 15552 420",
                 "rows 12 6 35\ncols 30 7 12"]
FORMULAS = ["SEND + MORE = MONEY", "NET + SEA = EASY"]
CROSSSET = "612 563 513 534 62 462\n245 12 462 24 623 261\n534 562 23 235 16 145\n" \
           "612 13 456 245 45 241\n25 463 645 13 16 43\n35 251 341 126 45 613"


def entries() -> list[B.Entry]:
    """Seven puzzles of all four kinds, with answers found by the solver."""
    out = []
    for text in CROSSPRODUCTS:
        out += B.text_entries(text, "crossproduct")
    out += B.text_entries("\n".join(FORMULAS), "cryptarithm")
    out += B.text_entries("GR x RG = RBR\nB x GB = MG", "cryptoproduct")
    out += B.text_entries(CROSSSET, "crossset")
    return out


@pytest.fixture(scope="module")
def seven():
    return entries()


def pages(pdf: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [page.extract_text() or "" for page in reader.pages]


def squash(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_page_count_follows_the_layout(seven, per_page):
    options = B.BookOptions(title="Test book", per_page=per_page)
    texts = pages(B.build_pdf(seven, options))
    n = len(seven)
    assert len(texts) == 1 + math.ceil(n / per_page) + math.ceil(n / 12)
    assert len(texts) == B.page_count(n, options)
    # each puzzle page holds the numbers of its puzzles, in order
    for page in range(math.ceil(n / per_page)):
        first = page * per_page + 1
        last = min(n, first + per_page - 1)
        text = texts[1 + page]
        for number in range(first, last + 1):
            assert f"{number}." in text
        assert f"{last + 1}." not in text.split("\n")[0]


def test_products_formulas_and_answers_in_the_text(seven):
    texts = pages(B.build_pdf(seven, B.BookOptions(title="Weekend", per_page=4)))
    puzzle_pages = texts[1:3]
    answer_pages = texts[3:]
    assert "Weekend" in texts[0] and "CrossProduct" in texts[0] and "Cross Set" in texts[0]
    body = " ".join(puzzle_pages)
    for text in CROSSPRODUCTS:
        p = numberplay.parse("crossproduct", text)
        for product in p.rows + p.cols:
            assert str(product) in body.split(), product
    flat = squash(" ".join(puzzle_pages))
    for formula in FORMULAS:
        for word in formula.replace("+", " ").replace("=", " ").split():
            assert word in flat, word
    assert "CrossProduct · size 6x3" in body and "Crypto-product · size 2x2" in body
    # puzzles read without a difficulty are graded by their kind
    first = numberplay.parse("crossproduct", CROSSPRODUCTS[0])
    assert f"CrossProduct · size 6x3 · {numberplay.grade(first)}" in body
    # answers: only after the puzzles, all together
    assert not any("Answers" in t for t in texts[:3])
    assert all(t.lstrip().startswith("Answers") for t in answer_pages)
    send = numberplay.solve(numberplay.parse("cryptarithm", FORMULAS[0]))
    digits = send.text.replace(" ", "").replace("+", "").split("=")[0]   # 95671085
    # (each answer box shows its digit with the letter small in a corner)
    assert digits[:4] in re.sub("[A-Z]", "", squash(" ".join(answer_pages)))
    assert digits[:4] not in flat


def test_no_answers_and_letter_paper(seven):
    pdf = B.build_pdf(seven, B.BookOptions(per_page=6, paper="letter", answers=False))
    texts = pages(pdf)
    assert len(texts) == 1 + 2
    assert not any("Answers" in t for t in texts) and "9567" not in squash(" ".join(texts))
    box = pypdf.PdfReader(io.BytesIO(pdf)).pages[1].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def run(args, stdin=None):
    return CliRunner().invoke(app, args, input=stdin)


def test_cli_generates_a_book_of_several_kinds(tmp_path):
    out = tmp_path / "book.pdf"
    r = run(["book", "crossproduct:3x3:easy", "crossset:4:easy", "--count", "3", "--seed", "1",
             "--per-page", "2", "--title", "Mixed", "-q", "-o", str(out)])
    assert r.exit_code == 0, r.output
    texts = pages(out.read_bytes())
    assert len(texts) == 1 + 3 + 1
    assert "CrossProduct · size 3x3 · easy" in " ".join(texts)
    assert "Cross Set · size 4 · easy" in " ".join(texts)


def test_cli_from_store_and_from_json_file(tmp_path):
    db = tmp_path / "p.db"
    made = run(["generate", "crossproduct", "--size", "3x3", "--difficulty", "easy",
                "--count", "3", "--seed", "2", "-q", "--format", "json", "--store", str(db)])
    assert made.exit_code == 0
    out = tmp_path / "store.pdf"
    r = run(["book", "--db", str(db), "--kind", "crossproduct", "-o", str(out), "--per-page", "1"])
    assert r.exit_code == 0, r.output
    assert len(pages(out.read_bytes())) == 1 + 3 + 1
    puzzles = json.loads(made.stdout)["puzzles"]
    text = " ".join(pages(out.read_bytes()))
    for item in puzzles:
        assert all(str(v) in text for v in item["puzzle"]["rows"])
    # a file of numberplay JSON lines, two kinds, no KIND needed
    mixed = tmp_path / "mixed.jsonl"
    other = run(["solve", "cryptarithm", "SEND + MORE = MONEY", "--format", "json"]).stdout
    mixed.write_text(made.stdout + other, encoding="utf-8")
    out2 = tmp_path / "mixed.pdf"
    r = run(["book", "--input", str(mixed), "-o", str(out2), "--no-answers"])
    assert r.exit_code == 0, r.output
    assert len(pages(out2.read_bytes())) == 1 + 1


def test_cli_svg_per_puzzle(tmp_path):
    folder = tmp_path / "svgs"
    r = run(["book", "crossproduct:3x3:easy", "--count", "2", "--seed", "1", "-q",
             "--format", "svg", "-o", str(folder)])
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["answer-001.svg", "answer-002.svg", "index.json", "puzzle-001.svg",
                     "puzzle-002.svg"]
    index = json.loads((folder / "index.json").read_text())
    impl = get_kind("crossproduct")
    puzzle = impl.puzzle_type.from_json(index[0]["puzzle"])
    assert (folder / "puzzle-001.svg").read_text() == impl.draw(puzzle)


@pytest.mark.parametrize("args,words", [
    (["--per-page", "3", "crossproduct"], "per-page"),
    ([], "KIND"),
    (["--db", "nowhere.db"], "no puzzle store"),
    (["--input", "-", "crossset"], "no puzzles"),
])
def test_cli_bad_requests_exit_2(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run(["book", *args, "-o", str(tmp_path / "x.pdf")], stdin="")
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_an_unwritable_output_exits_74(fmt, tmp_path):
    """A write that fails is exit 74 (the README's table), as in store export and batch."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    out = blocker / ("book.pdf" if fmt == "pdf" else "drawings")
    r = run(["book", "crossproduct:3x3:easy", "--count", "1", "--seed", "1", "-q",
             "--format", fmt, "-o", str(out)])
    assert r.exit_code == 74, r.output
    assert "cannot" in r.output and "Traceback" not in r.output


def test_without_typst_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "typst", None)
    r = run(["book", "crossproduct:3x3:easy", "--count", "1", "--seed", "1", "-q",
             "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 2
    assert "pip install 'numberplay[book]'" in r.output
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
def test_pages_render_to_png(seven, tmp_path):
    pdf = tmp_path / "b.pdf"
    pdf.write_bytes(B.build_pdf(seven[:2], B.BookOptions(per_page=2)))
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", "2", "-l", "2", str(pdf),
                    str(tmp_path / "page")], check=True, timeout=60)
    png = next(tmp_path.glob("page*.png")).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000


def test_a_kind_without_a_drawing_is_refused_in_one_line(toy_cli, tmp_path):
    r = toy_cli(["book", "toy", "--count", "1", "--seed", "1", "-q",
                 "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 2, r.output
    assert "no drawing" in r.output and len(r.output.strip().splitlines()) == 1


def test_wide_answers_take_a_whole_row():
    wide = B.text_entries("RPWTRCWOR x PGGWCPBGT = RTWGPRBRROMTRCWYPR\nGR x RG = RBR",
                          "cryptoproduct")
    book = [*wide, *entries()[:2], *wide]
    spans = B.answer_spans([a for _, a in B.drawings_of(book, True)])
    assert spans == [3, 1, 1, 1, 3, 1]
    # rows: [0], [1, 2, 3], [4], [5] -> one answer page; 13 small ones need two
    assert B.answer_pages(spans) == [[[0], [1, 2, 3], [4], [5]]]
    assert len(B.answer_pages([1] * 13)) == 2 and len(B.answer_pages([3] * 5)) == 2
    options = B.BookOptions(per_page=6)
    texts = pages(B.build_pdf(book, options))
    assert len(texts) == B.book_pages(book, options) == 1 + 1 + 1


def test_generated_books_match_generate_and_never_repeat():
    made = B.generated_entries(["crossproduct:3x3:easy", "crossproduct:3x3:easy"], count=2,
                               seed="9")
    keys = {get_kind("crossproduct").canonical_key(e.puzzle) for e in made}
    assert len(made) == 4 and len(keys) == 4
    alone = numberplay.generate_full("crossproduct", size="3x3", difficulty="easy", seed="9",
                                     index=1)
    assert made[1].puzzle == alone.puzzle and made[1].difficulty == alone.difficulty
