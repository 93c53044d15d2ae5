"""One grade behind every command: the label `generate` gives, explain's and check
--why's "difficulty" and `grade` agree, for every kind and difficulty (small
puzzles; benchmarks/check_grades.py runs more), and an explanation cut short
grades by running its own path on, never by a second grade from scratch."""

from __future__ import annotations

import pytest

import numberplay as npl
from numberplay.kinds import get_kind, kind_names
from numberplay.services.reports import explain_report, explained
from numberplay.services.workbench import why

SIZES = {"crossproduct": "4x4", "crossset": "5", "keen": "4"}
CASES = [(kind, difficulty) for kind in kind_names()
         for difficulty in get_kind(kind).difficulties
         if (kind, difficulty) != ("cryptoproduct", "hard")]   # its check --why takes seconds


@pytest.mark.parametrize("kind,difficulty", CASES)
def test_generate_explain_check_why_and_grade_give_one_label(kind: str, difficulty: str) -> None:
    size = "6x6" if (kind, difficulty) == ("crossproduct", "hard") else SIZES.get(kind)
    g = npl.generate_full(kind, size=size, difficulty=difficulty, seed="agree")
    assert g.difficulty == difficulty
    assert explain_report(g.puzzle)["difficulty"] == difficulty
    assert why(g.puzzle)["difficulty"] == difficulty
    assert npl.grade(g.puzzle) == difficulty


@pytest.mark.parametrize("kind,size,difficulty", [
    ("crossproduct", "4x4", "medium"), ("crossset", "5", "search"), ("keen", "4", "hard")])
def test_a_cut_explanation_runs_its_path_on_for_the_grade(
        monkeypatch: pytest.MonkeyPatch, kind: str, size: str, difficulty: str) -> None:
    g = npl.generate_full(kind, size=size, difficulty=difficulty, seed="cut")
    impl = get_kind(kind)

    def boom(*args: object) -> str:
        raise AssertionError("graded again from scratch")
    monkeypatch.setattr(type(impl), "grade", boom)
    for options in ({"max_steps": 1}, {"max_steps": 3}, {"search": False}, {}):
        run = explained(g.puzzle, **options)  # type: ignore[arg-type]
        assert run.difficulty == difficulty, options


def test_no_solution_is_the_kernels_for_crossproduct() -> None:
    """A line that can never be filled is the kernel's contradiction: the steps end
    with "No solution", graded as the kernel grades it (not "easy")."""
    p = npl.parse("crossproduct", "rows 8 8 1\ncols 8 8 2")
    steps = list(npl.explain(p))
    assert [s.technique for s in steps] == ["no solution"]
    assert steps[0].text.startswith("No solution: the row products multiply to 64")
    assert explain_report(p)["difficulty"] == npl.grade(p) == "hard"


def test_the_generators_grade_is_the_kernels_from_the_start() -> None:
    """CrossProduct's walk grades from where the simple techniques stall
    (`grade_and_score`); on random tables (unique or not) that is the grade the
    kernel gives from the start."""
    import random

    from numberplay.crossproduct.explain import grade_and_score
    from numberplay.crossproduct.generate import table_puzzle
    rng = random.Random(37)
    labels = set()
    for _ in range(40):
        R, C = rng.randint(2, 5), rng.randint(2, 5)
        table = [[rng.randint(1, 9) for _ in range(C)] for _ in range(R)]
        p = table_puzzle(table)
        label = npl.grade(p)
        assert grade_and_score(p)[0] == label, table
        labels.add(label)
    assert len(labels) >= 2
