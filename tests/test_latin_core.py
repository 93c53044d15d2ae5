"""The Latin core as a library for kinds: its documented example, the rules a
kind extends, the generation loops; checked against brute force."""

from __future__ import annotations

import doctest
import random

import pytest

import numberplay.latin as latin
from numberplay.budget import Budget
from numberplay.deduce import Explanation
from numberplay.errors import BudgetExceeded
from numberplay.latin import (
    LatinRules,
    Table,
    capped_tries,
    count_masks,
    random_square,
    remove_clues,
    table_technique,
)
from numberplay.model import SOLVED
from test_latin_tables import brute_force, cages


def test_the_package_docstring_example_runs() -> None:
    result = doctest.testmod(latin, verbose=False)
    assert result.attempted >= 4 and result.failed == 0


def test_cage_rules_explain_a_small_cage_puzzle_soundly() -> None:
    """LatinRules with a table rung: every removal is of a value the puzzle's only
    solution does not use, and the steps reach it (brute force is the judge)."""
    done = 0
    for seed in range(40):
        rng = random.Random(seed)
        n = 4
        square = random_square(n, rng)
        tables = cages(n, [square[r * n:(r + 1) * n] for r in range(n)], rng, "sum")
        full = [(1 << n) - 1] * (n * n)
        sols = brute_force(n, full, tables)
        if len(sols) != 1:
            continue
        rules = LatinRules(n, extra=[table_technique(n, "cage", 1, tables)])
        assert [t.rung for t in rules.techniques] == sorted(t.rung for t in rules.techniques)
        run = Explanation(rules, list(full))
        steps = list(run)
        for step in steps:
            for place, value in step.removed:
                r, c = int(place[1]) - 1, int(place[3]) - 1
                if step.technique != "backtrack":
                    assert sols[0][r * n + c] != value - 1, step.text
        assert steps[-1].technique == SOLVED
        assert count_masks(n, full, tables=tables) == 1
        done += 1
    assert done >= 5


def test_a_table_with_no_combination_left_is_a_contradiction() -> None:
    n = 3
    full = [7] * 9
    rules = LatinRules(n, extra=[table_technique(n, "pair", 0, [Table((0, 1), ())],
                                                 label=lambda g: "the equal pair")])
    steps = list(Explanation(rules, list(full)))
    assert steps[-1].technique == "no solution"
    assert "the equal pair has no combination left" in steps[-1].text


def test_remove_clues_leaves_a_minimal_unique_puzzle() -> None:
    """Tatham's loop on the givens of a random order-4 square: unique (brute force)
    and minimal (no given can go)."""
    n = 4
    for seed in range(6):
        rng = random.Random(seed)
        square = random_square(n, rng)
        givens = list(range(n * n))

        def masks_of(kept: list[int], square: list[int] = square) -> list[int]:
            m = [(1 << n) - 1] * (n * n)
            for i in kept:
                m[i] = 1 << square[i]
            return m

        def unique(kept: list[int], square: list[int] = square) -> bool:
            return count_masks(n, masks_of(kept, square), limit=2) == 1
        kept = remove_clues(givens, unique, rng)
        assert brute_force(n, masks_of(kept), []) == [tuple(square)]
        for i in kept:
            assert len(brute_force(n, masks_of([k for k in kept if k != i]), [])) > 1


def test_capped_tries_grow_the_cap_and_keep_the_callers_budget() -> None:
    caps: list[int | None] = []

    def attempt(sub: Budget) -> str | None:
        caps.append(sub.max_nodes)
        if len(caps) < 3:
            sub.tick((sub.max_nodes or 0) + 1)      # over this try's cap
        return "done" if len(caps) == 4 else None
    capped: list[int] = []
    found = capped_tries(attempt, Budget(), first_cap=10, growth=2.0, attempts=9,
                         on_capped=lambda: capped.append(1))
    assert found == "done" and caps == [10, 20, 40, 40] and len(capped) == 2
    with pytest.raises(BudgetExceeded):
        capped_tries(lambda sub: sub.tick(6), Budget(nodes=5), first_cap=100, growth=2.0,
                     attempts=3)
