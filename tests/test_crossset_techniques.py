"""Each technique on a small grid where it is the first deduction available."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import numberplay as npl
from numberplay.crossset.model import CrossSetPuzzle
from numberplay.latin import techniques as T


def _puzzle(rows: list[list[str]]) -> CrossSetPuzzle:
    return npl.parse("crossset", "\n".join(" ".join(r) for r in rows))


def _full(n: int) -> str:
    return "".join(str(v) for v in range(1, n + 1))


def _first(p: CrossSetPuzzle) -> npl.Step:
    return next(iter(npl.explain(p, search=False)))


def _lower_find_nothing(p: CrossSetPuzzle, level: int) -> None:
    m = p.masks()
    for technique in T.TECHNIQUES[:level]:
        assert technique(p.n, m) is None


def test_naked_single() -> None:
    f = _full(4)
    p = _puzzle([["3", f, f, f], [f, f, f, f], [f, f, f, f], [f, f, f, f]])
    step = _first(p)
    assert step.technique == "naked single"
    assert step.cells == ("r1c1",)
    assert step.fixed == (("r1c1", 3),)
    assert set(step.removed) == {("r1c2", 3), ("r1c3", 3), ("r1c4", 3),
                                 ("r2c1", 3), ("r3c1", 3), ("r4c1", 3)}
    assert "r1c1 can only be 3" in step.text


def test_hidden_single() -> None:
    f = _full(4)
    p = _puzzle([["1234", "123", "123", "123"], [f] * 4, [f] * 4, [f] * 4])
    _lower_find_nothing(p, 1)
    step = _first(p)
    assert step.technique == "hidden single"
    assert step.cells == ("r1c1",)
    assert step.fixed == (("r1c1", 4),)
    assert set(step.removed) == {("r1c1", 1), ("r1c1", 2), ("r1c1", 3)}
    assert "row 1" in step.text


def test_naked_pair() -> None:
    f = _full(4)
    p = _puzzle([["12", "12", f, f], [f] * 4, [f] * 4, [f] * 4])
    _lower_find_nothing(p, 2)
    step = _first(p)
    assert step.technique == "naked subset"
    assert step.cells == ("r1c1", "r1c2")
    assert set(step.removed) == {("r1c3", 1), ("r1c3", 2), ("r1c4", 1), ("r1c4", 2)}
    assert step.fixed == ()
    assert step.text.startswith("Naked pair in row 1")


def test_naked_triple_in_a_column() -> None:
    f = _full(6)
    rows = [[f] * 6 for _ in range(6)]
    rows[0][2], rows[1][2], rows[2][2] = "12", "23", "13"
    p = _puzzle(rows)
    _lower_find_nothing(p, 2)
    step = _first(p)
    assert step.technique == "naked subset"
    assert step.cells == ("r1c3", "r2c3", "r3c3")
    assert {c for c, _ in step.removed} == {"r4c3", "r5c3", "r6c3"}
    assert "triple in column 3" in step.text


def test_hidden_pair() -> None:
    f = _full(6)
    rows = [[f] * 6 for _ in range(6)]
    rows[0] = ["1234", "1256", "3456", "3456", "3456", "3456"]
    p = _puzzle(rows)
    _lower_find_nothing(p, 3)
    step = _first(p)
    assert step.technique == "hidden subset"
    assert step.cells == ("r1c1", "r1c2")
    assert set(step.removed) == {("r1c1", 3), ("r1c1", 4), ("r1c2", 5), ("r1c2", 6)}
    assert step.text.startswith("Hidden pair in row 1: 1, 2 can only go in r1c1, r1c2")


def test_x_wing() -> None:
    f = _full(6)
    rows = [[f] * 6 for _ in range(6)]
    rows[0] = [f, f] + ["23456"] * 4
    rows[1] = [f, f] + ["23456"] * 4
    p = _puzzle(rows)
    _lower_find_nothing(p, 4)
    step = _first(p)
    assert step.technique == "fish"
    assert step.text.startswith("X-wing on 1: in rows 1, 2")
    assert set(step.removed) == {(f"r{r}c{c}", 1) for r in range(3, 7) for c in (1, 2)}
    assert set(step.cells) == {"r1c1", "r1c2", "r2c1", "r2c2"}


def test_swordfish() -> None:
    f = _full(6)
    rows = [[f] * 6 for _ in range(6)]
    for r in range(3):
        rows[r] = [f, f, f] + ["23456"] * 3
    p = _puzzle(rows)
    _lower_find_nothing(p, 4)
    step = _first(p)
    assert step.technique == "fish"
    assert step.text.startswith("Swordfish on 1")
    assert set(step.removed) == {(f"r{r}c{c}", 1) for r in range(4, 7) for c in (1, 2, 3)}


def test_difficulty_levels_map_to_techniques() -> None:
    """Cross Set's difficulties are the kernel's labels of the Latin ladder: one per
    technique's rung, then "search" (a trial or a guess)."""
    from numberplay.crossset.explain import CrossSetRules
    rules = CrossSetRules(5)
    assert rules.grades == ("trivial", "easy", "medium", "hard", "extreme", "search")
    assert npl.get_kind("crossset").difficulties == rules.grades
    rungs = {t.name: t.rung for t in rules.techniques}
    assert rungs == {"naked single": 0, "hidden single": 1, "naked subset": 2,
                     "hidden subset": 3, "fish": 4}
    assert rules.grade_label(rules.top_rung + 1) == "search"


def test_stalled_then_guess_then_solved() -> None:
    # The empty 4x4 grid: nothing to deduce, many solutions.
    f = _full(4)
    p = _puzzle([[f] * 4] * 4)
    steps = list(npl.explain(p, search=False))
    assert [s.technique for s in steps] == ["stalled"]
    assert steps[0].snapshot.splitlines()[0] == "1234 1234 1234 1234"
    steps = list(npl.explain(p))
    assert steps[0].technique == "guess"
    assert steps[-1].technique == "solved"
    grid = tuple(tuple(int(x) for x in line.split()) for line in steps[-1].snapshot.splitlines())
    assert npl.verify(p, type(npl.solve(p))(grid))
    assert npl.grade(p) == "search"


def test_contradiction_says_what_ran_out() -> None:
    p = npl.parse("crossset", "12 12 3\n12 12 3\n123 123 12")
    steps = list(npl.explain(p))
    assert steps[-1].technique == "no solution"
    assert steps[-1].text == "No solution: r2c3 has no candidates left."
    assert npl.count(p) == 0
    p = npl.parse("crossset", "12 1\n12 1")
    last = list(npl.explain(p))[-1]
    assert last.technique == "no solution"
    assert last.text == "No solution: column 2 has no place left for 2."
    p = npl.parse("crossset", "123 123 123\n123 123 123\n12 12 12")
    assert list(npl.explain(p))[-1].text == "No solution: row 3 has no place left for 3."
    assert npl.count(p) == 0


def test_hint_is_the_first_step() -> None:
    f = _full(4)
    p = _puzzle([["3", f, f, f], [f, f, f, f], [f, f, f, f], [f, f, f, f]])
    assert npl.hint(p).step == _first(p)


def _naked_single_reference(n: int, m: list[int]) -> T.Move | None:
    """The plain definition: the first placed cell whose value a peer still lists."""
    for i, d in enumerate(m):
        if d and not d & (d - 1):
            r, c = divmod(i, n)
            peers = [r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]
            removed = [(j, d.bit_length() - 1) for j in peers if m[j] & d]
            if removed:
                return T.Move("naked single", cells=[i], removed=removed,
                              fixed=[(i, d.bit_length() - 1)])
    return None


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(1, (1 << n) - 1), min_size=n * n, max_size=n * n))))
def test_naked_single_matches_its_plain_definition(case: tuple[int, list[int]]) -> None:
    # the fast scan (line masks first) finds the same move as the cell-by-cell one,
    # including grids with two equal singles in a line (a contradiction to weed out)
    n, m = case
    fast, plain = T.naked_single(n, m), _naked_single_reference(n, m)
    assert (fast is None) == (plain is None)
    if fast is not None:
        assert (fast.cells, fast.removed, fast.fixed) == (plain.cells, plain.removed, plain.fixed)
