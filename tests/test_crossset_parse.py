"""Input formats and bad-input errors (row and column named, one line)."""

from __future__ import annotations

import pytest

import numberplay as npl
from numberplay.errors import PuzzleError


def parse(text: str):
    return npl.parse("crossset", text)


def test_alignment_comments_and_blank_lines() -> None:
    p = parse("# a comment\n\n  12   1\n\n 12  2  \n")
    assert p.cells == (((1, 2), (1,)), ((1, 2), (2,)))


def test_any_value_and_commas() -> None:
    p = parse(". ?\n1,2 2")
    assert p.cells == (((1, 2), (1, 2)), ((1, 2), (2,)))


def test_order_above_nine_uses_commas() -> None:
    n = 12
    rows = []
    for r in range(n):
        rows.append(" ".join(str((r + c) % n + 1) if c else "1,12,7" if r == 0 else "."
                             for c in range(n)))
    p = parse("\n".join(rows))
    assert p.cells[0][0] == (1, 7, 12)
    assert p.cells[0][1] == (2,)
    assert p.cells[0][11] == (12,)
    assert p.cells[1][0] == tuple(range(1, 13))
    text = npl.get_kind("crossset").to_text(p)
    assert "1,7,12" in text
    assert parse(text) == p


def test_json_input() -> None:
    p = parse('{"cells": [[[1, 2], [1]], [[1, 2], [2]]]}')
    assert p.cells == (((1, 2), (1,)), ((1, 2), (2,)))


@pytest.mark.parametrize("text, where", [
    ("12 12\n12", "row 2, column 2"),                 # not square (too few)
    ("12 12\n12 12 12", "row 2, column 3"),           # not square (too many)
    ("12 13\n12 12", "row 1, column 2"),              # value outside 1..N
    ("12 10\n12 12", "row 1, column 2"),              # zero
    ("12 1x\n12 12", "row 1, column 2"),              # unreadable
    ("12 12\n-1 12", "row 2, column 1"),              # unreadable
    ("12 12\n12 ,", "row 2, column 2"),               # no candidates
    ('{"cells": [[[1], []], [[1], [2]]]}', "row 1, column 2"),
    ('{"cells": [[[1], [3]], [[1], [2]]]}', "row 1, column 2"),
    ('{"cells": [[[1], [2]], [[1]]]}', "row 2, column 2"),
    ('{"cells": [[[1], ["x"]], [[1], [2]]]}', "row 1, column 2"),
])
def test_bad_input_names_row_and_column(text: str, where: str) -> None:
    with pytest.raises(PuzzleError) as info:
        parse(text)
    message = str(info.value)
    assert where in message
    assert "\n" not in message


@pytest.mark.parametrize("text", ["", "   \n# only a comment\n", '{"cells": []}', "{bad json"])
def test_empty_or_unreadable_input(text: str) -> None:
    with pytest.raises(PuzzleError):
        parse(text)


def test_contradictory_candidates_are_not_bad_input() -> None:
    p = parse("1 1\n2 2")
    assert npl.count(p) == 0
    assert list(npl.explain(p))[-1].technique == "no solution"
