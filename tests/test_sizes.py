"""Which difficulties each size has (issue 53): every kind's size table (`Kind.offers`),
the refusal of a combination a size cannot have, the defaults that follow the table,
the small puzzles the tables rest on, and generation that tries until its budget.

The whole table, every size to 6 and 8 seeds each, timed: benchmarks/bench_sizes.py;
the enumerations the tables cite: benchmarks/enumerate_small.py."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

import numberplay
from numberplay.budget import Budget
from numberplay.errors import BudgetExceeded, GenerationError, PuzzleError
from numberplay.kinds import Offer, all_kinds, get_kind

KEEN = get_kind("keen")
CROSSSET = get_kind("crossset")
CROSSPRODUCT = get_kind("crossproduct")

# Sizes from the smallest to 6 of the kinds whose size is a grid's.
SMALL = {"keen": [str(n) for n in range(3, 7)], "crossset": [str(n) for n in range(1, 7)],
         "crossproduct": [f"{r}x{c}" for r in range(1, 7) for c in range(1, 7)]}


def test_a_one_number_size_stands_for_a_square_grid() -> None:
    row = Offer("3x3", ((3, 3), (3, 3)), ("easy",), "")
    assert row.covers((3,)) and row.covers((3, 3))
    assert not row.covers((3, 4)) and not row.covers((3, 3, 3))
    assert Offer("4 up", ((4, None),), (), "").covers((99,))


@pytest.mark.parametrize(("kind", "size", "have"), [
    ("keen", "3", ("easy", "medium", "hard", "extreme")),
    ("keen", "4", KEEN.difficulties), ("keen", "16", KEEN.difficulties),
    ("crossset", "1", ("trivial",)), ("crossset", "2", ("trivial",)),
    ("crossset", "3", ("trivial", "easy", "search")),
    ("crossset", "4", ("trivial", "easy", "medium", "extreme", "search")),
    ("crossset", "5", CROSSSET.difficulties),
    ("crossproduct", "1x5", ("easy",)), ("crossproduct", "6x1", ("easy",)),
    ("crossproduct", "1", ("easy",)), ("crossproduct", "2x3", ("easy", "medium")),
    ("crossproduct", "6x2", ("easy", "medium")), ("crossproduct", "2x7", CROSSPRODUCT.difficulties),
    ("crossproduct", "3", ("easy", "medium")), ("crossproduct", "3x4", CROSSPRODUCT.difficulties),
    ("crossproduct", "4x4", CROSSPRODUCT.difficulties),
    ("cryptarithm", None, get_kind("cryptarithm").difficulties),
])
def test_the_tables(kind: str, size: str | None, have: tuple[str, ...]) -> None:
    impl = get_kind(kind)
    checked = impl.check_size(size) if size is not None else None
    assert impl.difficulties_at(checked) == have


def test_every_combination_a_small_size_lacks_is_refused_naming_the_sizes_that_have_it() -> None:
    refused = 0
    for kind, sizes in SMALL.items():
        impl = get_kind(kind)
        for size, difficulty in itertools.product(sizes, impl.difficulties):
            have = impl.difficulties_at(impl.check_size(size))
            if difficulty in have:
                assert impl.parse_params(size, difficulty).difficulty == difficulty
                continue
            refused += 1
            with pytest.raises(PuzzleError) as caught:
                impl.parse_params(size, difficulty)
            message = str(caught.value)
            assert "\n" not in message and f"never {difficulty}" in message
            assert impl.sizes_with(difficulty) in message
            assert any(difficulty in row.difficulties and row.label in message
                       for row in impl.offers)
    assert refused >= 20


def test_a_default_difficulty_the_size_lacks_becomes_one_it_has() -> None:
    assert CROSSSET.parse_params("3").difficulty == "easy"     # medium: not at 3
    assert CROSSSET.parse_params("1").difficulty == "trivial"
    assert CROSSPRODUCT.parse_params("1x4").difficulty == "easy"
    assert KEEN.parse_params("3").difficulty == "medium"


def test_an_id_naming_a_combination_a_size_lacks_is_refused() -> None:
    from numberplay.services.generation import regenerate
    with pytest.raises(PuzzleError, match="never unreasonable"):
        regenerate("keen:size=3,difficulty=unreasonable#1:0")


def test_the_cli_refuses_in_one_line_with_exit_2(run) -> None:
    result = run(["generate", "keen", "--size", "3", "--difficulty", "unreasonable"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "4 to 16" in lines[0], result.output
    result = run(["generate", "crossset", "--size", "4", "--difficulty", "hard"])
    assert result.exit_code == 2 and "5 to 30" in result.output


def test_the_operation_table_refuses_it_too() -> None:
    from numberplay.services.operations import read_request, run
    request = read_request({"op": "generate", "kind": "crossproduct", "size": "3x3",
                            "difficulty": "hard", "seed": 1})
    with pytest.raises(PuzzleError, match="never hard"):
        run(request, Budget(seconds=5))


def test_kinds_lists_the_table(run) -> None:
    rows = {row["name"]: row for row in json.loads(run(["kinds", "--format", "json"]).output)}
    assert rows["keen"]["sizes"][0] == {"sizes": "3", "match": [[3, 3]],
                                        "difficulties": ["easy", "medium", "hard", "extreme"],
                                        "reason": KEEN.offers[0].reason}
    assert rows["cryptarithm"]["sizes"] == []
    text = run(["kinds"]).output
    assert "      3: trivial, easy, search" in text
    assert "Difficulties by size" in run(["generate", "keen", "--help"]).output


# -- the small puzzles the tables rest on ---------------------------------------------------

def _brute_keen_3(puzzle) -> list[tuple[int, ...]]:
    """Every solution of a 3x3 Keen puzzle, by trying the 12 Latin squares."""
    squares = [sq for sq in itertools.product(itertools.permutations((1, 2, 3)), repeat=3)
               if all(len({sq[r][c] for r in range(3)}) == 3 for c in range(3))]
    found = []
    for sq in squares:
        flat = tuple(v for row in sq for v in row)
        if all(cage.holds([flat[i] for i in cage.cells]) for cage in puzzle.cages):
            found.append(flat)
    return found


def test_the_3x3_keen_puzzles_above_medium() -> None:
    from numberplay.keen.small import above_medium
    found = above_medium()
    assert len({p for p, _ in found}) == 16
    assert Counter(grade for _, grade in found) == {"hard": 12, "extreme": 4}
    for puzzle, grade in found:
        assert len(_brute_keen_3(puzzle)) == 1
        assert KEEN.grade(puzzle) == grade


@pytest.mark.parametrize("n", [1, 2])
def test_every_cross_set_puzzle_of_order_1_and_2_is_trivial(n: int) -> None:
    """Every candidate grid holding one square: unique by the brute force of
    tests/oracles.py (order 1: the one grid; order 2: all 16 but the full one), each
    solved and graded trivial."""
    from numberplay.crossset.model import CrossSetPuzzle
    from oracles import latin_solutions
    full = (1 << n) - 1
    square = [(r + c) % n for r in range(n) for c in range(n)]
    checked = 0
    for masks in itertools.product(range(1, full + 1), repeat=n * n):
        if any(not m >> v & 1 for m, v in zip(masks, square, strict=True)):
            continue
        sets = [{v + 1 for v in range(n) if m >> v & 1} for m in masks]
        if len(latin_solutions(n, sets)) == 1:
            p = CrossSetPuzzle.from_masks(n, list(masks))
            assert CROSSSET.count(p) == 1 and CROSSSET.grade(p) == "trivial"
            checked += 1
    assert checked == {1: 1, 2: 15}[n]


def test_a_hidden_subset_never_adds_to_the_naked_ones_at_order_4() -> None:
    """Rung 3 (hidden subsets) ends where rung 2 (naked subsets) does, on random grids."""
    from numberplay.crossset.explain import ladder
    rng = random.Random(53)
    stalled = 0
    for _ in range(400):
        masks = [rng.randrange(1, 16) | rng.randrange(1, 16) for _ in range(16)]
        medium, hard = ladder(4, masks, 2), ladder(4, masks, 3)
        assert (medium[0], medium[2]) == (hard[0], hard[2])
        stalled += medium[0] == "stalled"
    assert stalled > 20


# -- generation at the sizes (a fast part of bench_sizes.py's table) -----------------------

@pytest.mark.parametrize(("kind", "size", "difficulty"), [
    ("keen", "3", "easy"), ("keen", "3", "medium"), ("keen", "3", "hard"),
    ("keen", "3", "extreme"), ("crossset", "1", "trivial"), ("crossset", "2", "trivial"),
    ("crossset", "3", "search"), ("crossset", "4", "extreme"), ("crossproduct", "1x3", "easy"),
    ("crossproduct", "2x2", "medium"), ("crossproduct", "3x3", "medium"),
])
def test_made_at_exactly_its_grade(kind: str, size: str, difficulty: str) -> None:
    for seed in (1, 2):
        g = numberplay.generate_full(kind, size=size, difficulty=difficulty, seed=seed)
        assert g.difficulty == difficulty == numberplay.grade(g.puzzle)
        assert len(list(get_kind(kind).solutions(g.puzzle, limit=2))) == 1
        assert get_kind(kind).size_of(g.puzzle) == get_kind(kind).check_size(size)


def test_every_kind_with_sizes_has_a_table_ending_in_the_large_ones() -> None:
    for impl in all_kinds():
        if impl.offers:
            assert impl.difficulties_at(impl.check_size("10")) == impl.difficulties


# -- until the budget, not a count of tries ------------------------------------------------

def test_tries_go_on_until_the_budget_runs_out() -> None:
    from numberplay.latin.generate import capped_tries
    calls = []

    def never(sub: Budget) -> None:
        calls.append(1)
        sub.tick()

    with pytest.raises(BudgetExceeded):
        capped_tries(never, Budget(nodes=5000), first_cap=10, growth=1.5, attempts=3)
    assert len(calls) > 3
    calls.clear()
    assert capped_tries(never, Budget(), first_cap=10, growth=1.5, attempts=3) is None
    assert len(calls) == 3


def test_a_crossproduct_budget_that_runs_out_is_a_budget_not_an_impossibility(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from numberplay.crossproduct import generate as G

    def stuck(rng, table, budget):
        budget.tick()
        return False

    monkeypatch.setattr(G, "repair", stuck)
    with pytest.raises(BudgetExceeded):
        G.generate(random.Random(1), "4x4", "hard", Budget(nodes=1000))
    with pytest.raises(GenerationError, match="no time budget"):
        G.generate(random.Random(1), "4x4", "hard", Budget())


@pytest.mark.parametrize(("kind", "text"), [
    ("crossset", "12 12\n12 12\n"),
    ("keen", "A A A\nB B B\nC C C\nA 6+  B 6+\nC 6+\n"),
    ("crossproduct", "rows 6 6\ncols 6 6\n"),
    ("crossproduct", "rows 24\ncols 2 3 4\n"),
])
def test_make_unique_at_the_smallest_sizes(kind: str, text: str) -> None:
    """The workbench's fix (`check --why`, the web's Make unique) at the small sizes."""
    from numberplay.services.workbench import why
    impl = get_kind(kind)
    report = why(impl.parse(text), Budget(seconds=20))
    if len(list(impl.solutions(impl.parse(text), limit=2))) == 1:
        assert report["verdict"] == "unique"
        return
    assert report["verdict"] == "multiple" and report["fix_minimal"]
    fixed = impl.parse(report["fixed_text"])
    assert len(list(impl.solutions(fixed, limit=2))) == 1
