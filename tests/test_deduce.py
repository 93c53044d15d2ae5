"""The shared deduction driver: trials, guesses, backtracking, and no solution oracle."""

from __future__ import annotations

from math import prod

import pytest

import numberplay as npl
from numberplay import deduce
from numberplay.crossset.explain import CrossSetRules
from numberplay.deduce import Explanation, Limits
from numberplay.model import BACKTRACK, CONTRADICTION, GUESS, NO_SOLUTION, SOLVED, TRIAL


def _cell(name: str) -> tuple[int, int]:
    r, c = name[1:].split("c")
    return int(r) - 1, int(c) - 1


def _grid_from_snapshot(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(x) for x in line.split()) for line in text.splitlines())


@pytest.fixture(scope="module")
def stalled_sets() -> list[npl.Puzzle]:
    """Cross Set puzzles the techniques alone do not finish (graded "search")."""
    return [npl.generate("crossset", size="6", difficulty="search", seed=s) for s in (1, 2, 3)]


def test_trials_remove_only_what_no_solution_has(stalled_sets) -> None:
    for p in stalled_sets:
        (solution,) = list(npl.solutions(p))
        steps = list(npl.explain(p))
        assert steps[-1].technique == SOLVED
        assert steps[-1].snapshot and _grid_from_snapshot(steps[-1].snapshot) == solution.grid
        trials = [s for s in steps if s.technique == TRIAL]
        assert trials, "a 'search' puzzle needs more than the techniques"
        for step in steps:
            assert step.technique != GUESS
            for place, value in step.removed:
                r, c = _cell(place)
                assert solution.grid[r][c] != value, (step.text, place, value)
        for t in trials:
            assert t.text.startswith("Suppose ") and "≠" in t.text
            assert t.chain[-1].technique == CONTRADICTION
            assert len(t.removed) == 1


def test_trial_chain_really_reaches_its_contradiction(stalled_sets) -> None:
    """Replay a trial: assume its value, apply the chain's removals, and the
    contradiction the trial names must hold."""
    p = stalled_sets[0]
    rules = CrossSetRules(p.n)
    pos = p.masks()
    for step in npl.explain(p):
        if step.technique == TRIAL:
            (place, value), = step.removed
            work = rules.copy(pos)
            rules.assume(work, place, value)
            for inner in step.chain[:-1]:
                for q, v in inner.removed:
                    rules.exclude(work, q, v)
            assert rules.contradiction(work) is not None
            break
        for q, v in step.removed:
            rules.exclude(pos, q, v)
    else:
        pytest.fail("no trial")


def test_guess_branches_and_backtracks(stalled_sets) -> None:
    """With trials switched off, stalls are guessed; a failed guess shows the
    contradiction and the backtrack, and the explanation still ends solved."""
    backtracks = 0
    for p in stalled_sets:
        (solution,) = list(npl.solutions(p))
        steps = list(Explanation(CrossSetRules(p.n), p.masks(), trials=False))
        names = [s.technique for s in steps]
        assert GUESS in names and names[-1] == SOLVED
        assert _grid_from_snapshot(steps[-1].snapshot) == solution.grid
        for i, s in enumerate(steps):
            if s.technique == BACKTRACK:
                backtracks += 1
                assert steps[i - 1].technique == CONTRADICTION
                (place, value), = s.removed
                assert f"{place} = {value}" in s.text
            if s.technique == GUESS:
                assert s.text.startswith("Guessing:")
    assert backtracks


def test_empty_grid_is_guessed_to_a_latin_square() -> None:
    p = npl.parse("crossset", "\n".join([" ".join(["1234"] * 4)] * 4))
    steps = list(npl.explain(p))
    assert steps[0].technique == GUESS
    grid = _grid_from_snapshot(steps[-1].snapshot)
    assert npl.verify(p, type(npl.solve(p))(grid))


def test_no_solution_ends_with_the_contradiction(stalled_sets) -> None:
    p = npl.parse("crossset", "12 12 3\n12 12 3\n123 123 12")
    last = list(npl.explain(p))[-1]
    assert last.technique == NO_SOLUTION and "r2c3" in last.text
    # Take the answer out of a stalled puzzle's open cells: no solution, found only
    # through trials or guesses, and the explanation still ends with what ran out.
    for p in stalled_sets:
        (solution,) = list(npl.solutions(p))
        m = p.masks()
        i = next(i for i, d in enumerate(m) if d.bit_count() > 2)
        m[i] &= ~(1 << (solution.grid[i // p.n][i % p.n] - 1))
        q = type(p).from_masks(p.n, m)
        assert npl.count(q) == 0
        steps = list(npl.explain(q))
        assert steps[-1].technique == NO_SOLUTION
        assert steps[-1].text.startswith("No solution: ")
        assert SOLVED not in [s.technique for s in steps]


def _forbid(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every solution oracle raise."""
    def boom(*args, **kwargs):
        raise AssertionError("an explanation asked the solver for an answer")
    import numberplay.crossproduct.solver as cps
    import numberplay.latin.search as css
    import numberplay.services.search as svc
    for module, name in ((css, "solve_masks"), (cps, "solve_grids"), (svc, "search"),
                         (svc, "count")):
        monkeypatch.setattr(module, name, boom)
    for kind in ("crossset", "crossproduct"):
        monkeypatch.setattr(type(npl.get_kind(kind)), "solutions", boom)


def test_explanations_never_use_the_solvers_answer(monkeypatch, stalled_sets) -> None:
    cp = [npl.parse("crossproduct", "rows 8 8 1\ncols 8 8 1"),
          npl.parse("crossproduct", "rows 210 144 54 135 4 49\ncols 6615 15552 420"),
          npl.parse("crossproduct", "rows 8 8 1\ncols 8 8 2")]
    puzzles = [*stalled_sets, *cp]
    before = [[s.to_json() for s in npl.explain(p, trace=True)] for p in puzzles]
    grades = [npl.grade(p) for p in puzzles]
    _forbid(monkeypatch)
    with pytest.raises(AssertionError):
        npl.solve(puzzles[0])
    after = [[s.to_json() for s in npl.explain(p, trace=True)] for p in puzzles]
    assert after == before
    assert [npl.grade(p) for p in puzzles] == grades


def test_crossproduct_steps_are_sound() -> None:
    """Random 4x4 tables (mostly several solutions): every step before a guess
    removes only values no solution has; the end is one of the solutions."""
    import random
    rng = random.Random(5)
    for _ in range(5):
        table = [[rng.choice((1, 2, 3, 4, 6, 8, 9)) for _ in range(4)] for _ in range(4)]
        rows = [prod(r) for r in table]
        cols = [prod(c) for c in zip(*table, strict=True)]
        p = npl.parse("crossproduct", None, rows=rows, cols=cols)
        sols = {s.grid for s in npl.solutions(p)}
        steps = list(npl.explain(p))
        assert steps[-1].technique == SOLVED
        guessed = False
        for step in steps:
            guessed = guessed or step.technique == GUESS
            if guessed:
                continue
            for place, value in step.removed:
                r, c = _cell(place)
                assert all(g[r][c] != value for g in sols), (step.text, place, value)
        assert _grid_from_snapshot_cp(steps[-1].snapshot) in sols


def _grid_from_snapshot_cp(text: str) -> tuple[tuple[int, ...], ...]:
    rows = [line.split("|")[0].split() for line in text.splitlines() if "|" in line]
    return tuple(tuple(int(x) for x in row) for row in rows)


def test_limits_bound_the_trials_and_the_step_says_so(stalled_sets) -> None:
    p = stalled_sets[1]
    steps = list(npl.get_kind("crossset").explain(p))
    assert TRIAL in [s.technique for s in steps]
    steps = list(deduce.explain(CrossSetRules(p.n), p.masks(), limits=Limits(max_chain=0)))
    guesses = [s for s in steps if s.technique == GUESS]
    assert guesses and "0 steps" in guesses[0].text
    assert steps[-1].technique == SOLVED


def test_grade_counts_trials_above_the_techniques(stalled_sets) -> None:
    rules = CrossSetRules(stalled_sets[0].n)
    run = Explanation(rules, stalled_sets[0].masks())
    for _ in run:
        pass
    assert run.hardest > rules.top_rung and run.grade == "search"
    label, tally = deduce.grade(rules, stalled_sets[0].masks())
    assert label == "search" == npl.grade(stalled_sets[0])
    assert tally.end == ""     # stopped at the first stall: no trial can make it easier
    easy = npl.generate("crossset", size="5", difficulty="easy", seed=1)
    assert deduce.grade(rules.__class__(easy.n), easy.masks())[0] == "easy"


def test_the_grade_travels_with_the_explanation() -> None:
    """explain's JSON carries "difficulty": the label `grade` (and so `generate`)
    gives the puzzle, for the examples of the kinds on the kernel's own moves and
    generated Cross Sets and Keens at every difficulty."""
    from numberplay.services.examples import list_examples
    from numberplay.services.reports import explain_report
    puzzles = []
    for kind in ("crossproduct", "crossset", "keen"):
        examples = list_examples(kind)[:3]
        if examples:
            puzzles.append(npl.parse(kind, examples[0].text))
    for kind, size in (("crossset", "6"), ("keen", "5")):
        impl = npl.get_kind(kind)
        for k, level in enumerate(impl.difficulties):
            g = npl.generate_full(kind, size=size, difficulty=level, seed="travel", index=k)
            assert npl.grade(g.puzzle) == g.difficulty
            puzzles.append(g.puzzle)
    for p in puzzles:
        report = explain_report(p)
        assert report["difficulty"] == npl.grade(p), p.kind
