"""The SVG drawings of every kind: valid XML, one shape per cell, the right texts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import numberplay
from numberplay.kinds import get_kind

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert root.get("viewBox")
    return root


def shapes(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def texts(root: ET.Element, cls: str) -> list[str]:
    return [e.text for e in shapes(root, cls) if e.tag == NS + "text"]


def by_position(root: ET.Element, cls: str) -> list[str]:
    """Texts of class `cls` sorted top to bottom, left to right."""
    items = [(round(float(e.get("y"))), float(e.get("x")), e.text)
             for e in shapes(root, cls) if e.tag == NS + "text"]
    return [t for _, _, t in sorted(items)]


CASES = [
    ("crossproduct", "rows 210 144 54 135 4 49\ncols 6615 15552 420"),
    ("crossproduct", "rows 8 8 1\ncols 8 8 1"),
    ("crossset", "612 563 513 534 62 462\n245 12 462 24 623 261\n534 562 23 235 16 145\n"
                 "612 13 456 245 45 241\n25 463 645 13 16 43\n35 251 341 126 45 613"),
    ("cryptarithm", "SEND + MORE = MONEY"),
    ("cryptarithm", "YOU = ME ^ 2"),
    ("cryptoproduct", "GR x RG = RBR"),
]


def expected_cells(puzzle) -> int:
    """The number of cells, counted from the puzzle itself."""
    data = puzzle.to_json()
    if "rows" in data:
        return len(data["rows"]) * len(data["cols"])
    if "cells" in data:
        return len(data["cells"]) ** 2
    return sum(ch.isupper() for ch in data["formula"])


@pytest.mark.parametrize("kind_name,text", CASES)
def test_one_shape_per_cell_solved_or_not(kind_name, text):
    impl = get_kind(kind_name)
    puzzle = impl.parse(text)
    solution = numberplay.solve(puzzle)
    for sol in (None, solution):
        svg = impl.draw(puzzle, sol)
        assert svg == impl.render(puzzle, sol, "svg")
        root = parse(svg)
        assert len(shapes(root, "cell")) == expected_cells(puzzle)
        places = [e.get("data-place") for e in shapes(root, "cell")]
        assert len(set(places)) == len(places)
    # the unsolved drawing gives nothing away
    assert not texts(parse(impl.draw(puzzle)), "digit")


def test_crossproduct_products_outside_and_digits_inside():
    p = numberplay.parse("crossproduct", "rows 210 144 54 135 4 49\ncols 6615 15552 420")
    s = numberplay.solve(p)
    root = parse(get_kind("crossproduct").draw(p, s))
    assert sorted(texts(root, "product")) == sorted(map(str, p.rows + p.cols))
    assert by_position(root, "digit") == [str(v) for row in s.grid for v in row]
    # the column products sit above the grid, the row products to its right
    cells = shapes(root, "cell")
    top = min(float(c.get("y")) for c in cells)
    right = max(float(c.get("x")) + float(c.get("width")) for c in cells)
    for e in shapes(root, "product"):
        assert float(e.get("y")) < top or float(e.get("x")) > right


def test_crossproduct_long_products_are_written_upright():
    p = numberplay.parse("crossproduct", "rows 9 9 9 9 9 9 9 9 9 9\n"
                         "cols 3486784401 3486784401")
    root = parse(get_kind("crossproduct").draw(p))
    assert all("rotate" in e.get("transform", "") for e in shapes(root, "product")
               if e.text == "3486784401")


def test_crossset_candidates_as_pencil_marks():
    impl = get_kind("crossset")
    g = numberplay.generate_full("crossset", size="9", difficulty="medium", seed=4)
    n = g.puzzle.n
    root = parse(impl.draw(g.puzzle))
    marks = [c for row in g.puzzle.cells for c in row if 1 < len(c) < n]
    assert len(texts(root, "candidate")) == sum(len(c) for c in marks)
    givens = [c[0] for row in g.puzzle.cells for c in row if len(c) == 1]
    assert sorted(texts(root, "given")) == sorted(map(str, givens))
    # readable at order 9: marks at least 10 units high on a grid ~500 wide
    sizes = {float(e.get("font-size")) for e in shapes(root, "candidate")}
    assert min(sizes) >= 10 and float(root.get("width")) <= 600
    solved = parse(impl.draw(g.puzzle, g.solution))
    assert by_position(solved, "digit") == [str(v) for row in g.solution.grid for v in row]


def test_cryptarithm_sum_is_a_column_sum():
    impl = get_kind("cryptarithm")
    p = impl.parse("SEND + MORE = MONEY")
    root = parse(impl.draw(p))
    cells = shapes(root, "cell")
    rows: dict[float, list[ET.Element]] = {}
    for c in cells:
        rows.setdefault(float(c.get("y")), []).append(c)
    assert [len(rows[y]) for y in sorted(rows)] == [4, 4, 5]
    # right-aligned: the last letters of SEND, MORE, MONEY in one column
    rights = {max(float(c.get("x")) for c in rows[y]) for y in rows}
    assert len(rights) == 1
    solved = parse(impl.draw(p, numberplay.solve(p)))
    assert by_position(solved, "digit") == list("9567" "1085" "10652")


def test_other_formulas_on_one_line():
    impl = get_kind("cryptarithm")
    root = parse(impl.draw(impl.parse("YOU = ME ^ 2")))
    assert len({c.get("y") for c in shapes(root, "cell")}) == 1


def test_cryptoproduct_circles_readable_in_grey():
    from numberplay.cryptoproduct.model import HEX
    impl = get_kind("cryptoproduct")
    p = impl.parse("GR x RG = RBR")
    root = parse(impl.draw(p))
    circles = shapes(root, "cell")
    assert all(c.tag == NS + "circle" for c in circles)
    assert [c.get("fill") for c in circles] == [HEX[ch] for ch in "GRRGRBR"]
    assert texts(root, "letter") == list("GRRGRBR")
    # every colour carries its letter in black or white with strong contrast in grey
    for fill in HEX.values():
        grey = _grey(fill)
        from numberplay.cryptoproduct.svg import _ink_on
        ink = _grey(_ink_on(fill))
        assert abs(grey - ink) >= 100, fill


def _grey(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize("kind_name,text,places,lit", [
    ("crossproduct", "rows 210 144 54 135 4 49\ncols 6615 15552 420", ["r2c3"], ["r2c3"]),
    ("crossset", "12 12\n12 12", ["r1c2"], ["r1c2"]),
    ("cryptarithm", "SEND + MORE = MONEY", ["M"], ["M@2.1", "M@3.1"]),
])
def test_highlight(kind_name, text, places, lit):
    impl = get_kind(kind_name)
    p = impl.parse(text)
    plain = {c.get("data-place"): c.get("fill") for c in shapes(parse(impl.draw(p)), "cell")}
    marked = {c.get("data-place"): c.get("fill")
              for c in shapes(parse(impl.draw(p, highlight=places)), "cell")}
    changed = sorted(k for k in plain if plain[k] != marked[k])
    assert changed == sorted(lit)


def test_notebook_display_uses_the_drawing():
    p = numberplay.parse("crossproduct", "rows 8 8 1\ncols 8 8 1")
    shown = numberplay.show(p)
    assert shown._repr_svg_().startswith("<svg")
    assert "<svg" in shown._repr_html_()
    assert p._repr_html_().startswith("<svg")


@pytest.mark.parametrize("order", [4, 9, 12, 16])
def test_crossset_pencil_marks_never_overlap(order):
    g = numberplay.generate_full("crossset", size=str(order), difficulty="easy", seed=2)
    root = parse(get_kind("crossset").draw(g.puzzle))
    boxes = []
    for e in shapes(root, "candidate"):
        size, x, y = float(e.get("font-size")), float(e.get("x")), float(e.get("y"))
        half = 0.62 * size * len(e.text) / 2          # a generous glyph width
        boxes.append((x - half, x + half, y - size * 0.75, y))
    assert boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2], (a, b)


@pytest.mark.parametrize("text", [
    "rows 210 144 54 135 4 49\ncols 6615 15552 420",
    "rows 800 35000 16 23625 2205 3969\ncols 1225 350 576 250 51030 29400",
    "rows 54432 23040 109760 98784 4500 1960\ncols 108045 18375 114688 7290 18432 3920",
    "rows 1 1 1\ncols 1 1 1",
    "rows 9 9 9 9 9 9 9\ncols 4782969 4782969 4782969 1 4782969 4782969 4782969",
])
def test_crossproduct_column_products_never_overlap(text):
    root = parse(get_kind("crossproduct").draw(numberplay.parse("crossproduct", text)))
    width = float(root.get("width"))
    boxes = []
    for e in shapes(root, "product"):
        if "rotate" in (e.get("transform") or ""):
            continue
        size, x, y = float(e.get("font-size")), float(e.get("x")), float(e.get("y"))
        w = 0.70 * size * len(e.text)                 # bold digits
        left = x - w / 2 if e.get("text-anchor") == "middle" else x
        assert left >= 0 and left + w <= width, e.text
        boxes.append((left, left + w, y - size * 0.75, y))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2], (a, b)
