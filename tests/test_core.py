"""The kind interface, services and API, exercised through the toy kind."""

from __future__ import annotations

import pytest

import numberplay
from numberplay import Budget, BudgetExceeded, Puzzle, PuzzleError, UnknownKind
from numberplay.services.reports import check_report, generate_one, solve_report
from numberplay.services.search import search


def test_unknown_kind_names_the_known_ones(toy):
    with pytest.raises(UnknownKind, match="toy"):
        numberplay.parse("nosuchkind", "x")


def test_alias_resolves(toy):
    assert numberplay.get_kind("cage") is toy
    assert numberplay.get_kind("TOY") is toy


def test_parse_solutions_count_against_brute_force(toy):
    import itertools
    for n in range(1, 5):
        for total in range(1, 40):
            p = numberplay.parse("toy", f"{n} {total}")
            brute = sum(1 for c in itertools.combinations(range(1, 10), n) if sum(c) == total)
            assert numberplay.count(p) == brute
            assert numberplay.count(p, limit=2) == min(brute, 2)
            sols = list(numberplay.solutions(p))
            assert all(numberplay.verify(p, s) for s in sols)


def test_json_round_trip(toy):
    p = numberplay.parse("toy", "3 15")
    assert type(p).from_json(p.to_json()) == p
    assert Puzzle.from_json(p.envelope()) == p
    s = numberplay.solve(p)
    assert type(s).from_json(s.to_json()) == s



def test_bad_input_is_puzzle_error_with_line(toy):
    with pytest.raises(PuzzleError, match="line 2"):
        numberplay.parse("toy", "# comment\n3 x")


def test_search_limit_marks_incomplete(toy):
    p = numberplay.parse("toy", "3 15")  # eight solutions
    r = search(p, limit=3)
    assert r.count == 3 and not r.complete and r.stopped == "limit"
    r = search(p, limit=8)
    assert r.count == 8 and r.complete
    assert search(p).count == 8


def test_budget_stops_search_and_is_reported(toy):
    p = numberplay.parse("toy", "4 20")
    r = search(p, budget=Budget(nodes=5))
    assert not r.complete and r.stopped == "budget" and "node" in r.message
    with pytest.raises(BudgetExceeded):
        numberplay.count(p, budget=Budget(nodes=5))


def test_budget_time_limit():
    b = Budget(seconds=0.0)
    with pytest.raises(BudgetExceeded):
        for _ in range(10_000):
            b.tick()


def test_solve_report_modes(toy):
    p = numberplay.parse("toy", "3 15")
    first, _ = solve_report(p)
    assert first["count"] == 2 and not first["complete"] and len(first["solutions"]) == 1
    assert first["verdict"] == "multiple"
    every, _ = solve_report(p, mode="all")
    assert every["count"] == 8 and every["complete"] and len(every["solutions"]) == 8
    counted, _ = solve_report(p, mode="count")
    assert counted["count"] == 8 and counted["solutions"] == []
    unique, _ = solve_report(numberplay.parse("toy", "2 3"))
    assert unique["verdict"] == "unique" and unique["complete"]


def test_check_report_texts(toy):
    assert check_report(numberplay.parse("toy", "2 3"))[0]["text"] == "unique"
    assert check_report(numberplay.parse("toy", "2 30"))[0]["text"] == "no solution"
    assert check_report(numberplay.parse("toy", "3 15"))[0]["text"] == "8 solutions"


def test_generation_is_deterministic_and_unique(toy):
    a = generate_one("toy", seed=7, index=3, size="3")
    b = generate_one("toy", seed=7, index=3, size="3")
    c = generate_one("toy", seed=7, index=4, size="3")
    assert a.puzzle == b.puzzle and a.seed == "7:3"
    assert numberplay.count(a.puzzle, limit=2) == 1 and numberplay.count(c.puzzle, limit=2) == 1
    assert numberplay.generate("toy", size="3", seed=7) == generate_one("toy", seed=7, size="3").puzzle


def test_show_displays_through_the_kind(toy):
    p = numberplay.parse("toy", "2 3")
    shown = numberplay.show(p, numberplay.solve(p))
    assert str(shown) == "1 + 2 = 3"
    assert shown._repr_markdown_() == "1 + 2 = 3"
    assert p._repr_markdown_() == "? + ? = 3"


def test_budget_keeps_the_partial_count(toy):
    p = numberplay.parse("toy", "3 15")  # eight solutions among 84 combinations
    r = search(p, keep=0, budget=Budget(nodes=60))
    assert not r.complete and r.stopped == "budget" and 0 < r.count < 8
    with pytest.raises(BudgetExceeded) as caught:
        numberplay.count(p, budget=Budget(nodes=60))
    assert caught.value.found == r.count


# -- numberplay.parse reads what `solve KIND -` reads, for every registered kind -------

def _kind_names() -> list[str]:
    return numberplay.kind_names()


@pytest.fixture(scope="module")
def cli():
    from click.testing import CliRunner

    from numberplay.cli import build_app

    app, runner = build_app(), CliRunner()
    return lambda args, stdin=None: runner.invoke(app, args, input=stdin)


@pytest.mark.parametrize("kind", _kind_names())
def test_parse_reads_every_json_numberplay_prints(kind, cli):
    import json

    made = cli(["generate", kind, "--seed", "3", "--count", "2", "--format", "json"])
    assert made.exit_code == 0, made.output
    impl = numberplay.get_kind(kind)
    first, second = (generate_one(kind, seed=3, index=i).puzzle for i in (0, 1))
    # the puzzles generate printed, read back by the API and by `solve KIND -`
    assert numberplay.parse_all(kind, made.stdout) == [first, second]
    with pytest.raises(PuzzleError, match="holds 2 puzzles"):
        numberplay.parse(kind, made.stdout)
    texts = {
        "bare object": json.dumps(first.to_json()),
        "envelope": json.dumps(first.envelope()),
        "generate --count 1": cli(["generate", kind, "--seed", "3", "--format", "json"]).stdout,
        "text form": impl.to_text(first),
    }
    solved = cli(["solve", kind, "-", "--format", "json"], texts["bare object"])
    assert solved.exit_code in (0, 1), solved.output
    texts["solve --format json"] = solved.stdout
    texts["JSON lines"] = json.dumps(first.envelope()) + "\n"
    for label, text in texts.items():
        assert numberplay.parse(kind, text) == first, label
        again = cli(["solve", kind, "-", "--format", "json"], text)
        assert json.loads(again.stdout)["puzzle"] == first.to_json(), label


@pytest.mark.parametrize("kind", _kind_names())
def test_parse_rejects_bad_json_in_one_line(kind, cli):
    import json

    other = next((k for k in _kind_names() if k != kind), None)
    bad = [json.dumps({"kind": kind, "puzzle": {"no such key": 1}}), "{\"unclosed\": "]
    if other is not None:
        bad.append(json.dumps({"kind": other, "puzzle": {}}))
    for text in bad:
        with pytest.raises(PuzzleError) as caught:
            numberplay.parse(kind, text)
        assert "\n" not in str(caught.value)
        r = cli(["solve", kind, "-"], text)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1, (text, r.output)


def test_a_technique_added_to_the_toys_table_reaches_explain_hint_and_grade(toy, monkeypatch):
    """A technique is written in one place, a row of the kind's table (its name,
    rung, finder and words); explain, hint, grade and the reports take it from the
    kernel."""
    import toykind
    from numberplay.deduce import Entry
    from numberplay.services.reports import explain_report

    def pair(puzzle, pos):
        """Two digits: when one pair of digits adds up to the total, it is the answer."""
        pairs = [(a, puzzle.total - a) for a in range(1, 10) if a < puzzle.total - a <= 9]
        if puzzle.n != 2 or len(pairs) != 1:
            return None
        (a, b), = pairs
        return toykind.narrowed("pair", pos, [1 << a, 1 << b])

    p = numberplay.parse("toy", "2 4")
    assert [s.technique for s in numberplay.explain(p)] == ["listing", "solved"]
    assert numberplay.grade(p) == "hard"
    row = Entry("pair", 0, pair, lambda p, move, before: f"one pair: {toykind.kept(move, before)}")
    monkeypatch.setattr(toy, "techniques", (*toykind.TECHNIQUES, row))
    steps = list(numberplay.explain(p))
    assert [(s.technique, s.text) for s in steps[:1]] == [("pair", "one pair: d1 is 1, d2 is 3")]
    assert [s.technique for s in steps] == ["pair", "solved"]
    assert steps[0].fixed == (("d1", 1), ("d2", 3))
    assert numberplay.grade(p) == "easy" == explain_report(p)["difficulty"]
    assert numberplay.hint(p).step.technique == "pair"
    several = numberplay.parse("toy", "2 5")          # 1 + 4 and 2 + 3: no pair step
    assert "pair" not in [s.technique for s in numberplay.explain(several)]
