"""The kind contract (`numberplay.kinds`), checked for every registered kind and the toy.

A new kind is tested here as soon as it is registered: the round trips, every
render format, the last step of `explain`, generation (unique, graded as
asked, reproducible from its id) and the refusal of bad parameters. The
tables below only make it faster or sharper for the kinds they name.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import numberplay
from numberplay import Budget, BudgetExceeded, Kind, Puzzle, PuzzleError
from numberplay.kinds import FORMATS, check_names, kind_names
from numberplay.model import NO_SOLUTION, SOLVED, STALLED
from numberplay.services.examples import list_examples
from numberplay.services.reports import solve_report

# Each kind's own samples, from testdata/contract.json in its folder: "generate",
# small fast (size, difficulty) requests (else the kind's defaults);
# "unsolvable", a puzzle with no solution as [text, options]; "with_options",
# puzzles read with kind options, which the round trips must keep. The toy's are here.
TOY_SAMPLES: dict[str, Any] = {
    "generate": [["2", "easy"], ["2", "hard"]],
    "unsolvable": ["2 30", {}],
    "with_options": [["2 0", {"offset": 3}]],
}


def own(impl: Kind, key: str, default: Any = None) -> Any:
    """The kind's sample `key` (see TOY_SAMPLES), or `default`."""
    if impl.name == "toy":
        return TOY_SAMPLES.get(key, default)
    entry = impl.files() / "testdata" / "contract.json"
    data = json.loads(entry.read_text(encoding="utf-8")) if entry.is_file() else {}
    return data.get(key, default)


@pytest.fixture(params=[*kind_names(), "toy"])
def impl(request: pytest.FixtureRequest) -> Kind:
    """Every registered kind, and the toy kind (registered for the test)."""
    if request.param == "toy":
        request.getfixturevalue("toy")
    return numberplay.get_kind(request.param)


def _generated(impl: Kind) -> list[numberplay.Generated]:
    return [numberplay.generate_full(impl.name, size=size, difficulty=difficulty, seed=1)
            for size, difficulty in own(impl, "generate", [(None, None)])]


_CACHE: dict[str, list[numberplay.Generated]] = {}


def generated(impl: Kind) -> list[numberplay.Generated]:
    """The kind's generated samples (made once per test session)."""
    if impl.name not in _CACHE:
        _CACHE[impl.name] = _generated(impl)
    return _CACHE[impl.name]


def samples(impl: Kind) -> list[Puzzle]:
    """Bundled examples, puzzles read with options, and generated ones."""
    out: list[Puzzle] = []
    for example in list_examples(impl.name) if impl.name in kind_names() else []:
        out += impl.parse_all(example.text)[:5]
    out += [impl.parse(text or None, **options) for text, options in own(impl, "with_options", [])]
    if own(impl, "unsolvable"):
        text, options = own(impl, "unsolvable")
        out.append(impl.parse(text, **options))
    return out + [g.puzzle for g in generated(impl)]


def one_line_error(exc: pytest.ExceptionInfo[PuzzleError]) -> str:
    message = str(exc.value)
    assert message and "\n" not in message
    return message


# -- the kind object --------------------------------------------------------------------

def test_the_kind_agrees_with_its_classes(impl):
    check_names(impl)
    assert impl.puzzle_type.kind == impl.solution_type.kind == impl.name
    assert set(FORMATS) <= set(impl.formats)
    # a kind's own formats (a game-ID format, say) are plain names
    assert all(f.isidentifier() and f.islower() for f in impl.formats)
    assert impl.default_difficulty is None or impl.default_difficulty in impl.difficulties


def test_a_mismatched_kind_is_refused(toy):
    with pytest.raises(TypeError, match="says its kind is 'toy'"):
        type("Wrong", (type(toy),), {"name": "wrong"})
    wrong = type(toy)()
    wrong.name = "wrong"
    with pytest.raises(TypeError):
        numberplay.register(wrong)
    assert "wrong" not in kind_names()


def test_kind_is_abstract():
    with pytest.raises(TypeError, match="abstract"):
        Kind()  # type: ignore[abstract]


# -- round trips ------------------------------------------------------------------------

def test_text_round_trip(impl):
    for puzzle in samples(impl):
        again = impl.parse(impl.to_text(puzzle))
        assert again == puzzle and type(again) is type(puzzle)


def test_json_round_trip(impl):
    for puzzle in samples(impl):
        data = json.loads(json.dumps(puzzle.to_json()))
        again = impl.puzzle_type.from_json(data)
        assert again == puzzle and again.to_json() == puzzle.to_json()
        assert Puzzle.from_json(json.loads(json.dumps(puzzle.envelope()))) == puzzle
    for g in generated(impl):
        data = json.loads(json.dumps(g.solution.to_json()))
        assert impl.solution_type.from_json(data) == g.solution


# -- rendering --------------------------------------------------------------------------

def test_every_format_renders(impl):
    g = generated(impl)[0]
    for fmt in impl.formats:
        for solution in (None, g.solution):
            out = impl.render(g.puzzle, solution, fmt)
            assert isinstance(out, str) and out and not out.endswith("\n"), (fmt, out)
    envelope = json.loads(impl.render(g.puzzle, g.solution, "json"))
    assert envelope == {**g.puzzle.envelope(), "solution": g.solution.to_json()}
    assert Puzzle.from_json(envelope) == g.puzzle
    if "svg" in impl.formats:
        assert impl.render(g.puzzle, None, "svg").lstrip().startswith("<svg")
    for fmt in set(impl.formats) - set(FORMATS) - {"svg"}:   # the kind's own: read back
        assert impl.parse(impl.render(g.puzzle, None, fmt)) == g.puzzle, fmt


@pytest.mark.parametrize("fmt", ["md", "TEXT", "pdf", ""])
def test_an_unknown_format_is_an_error(impl, fmt):
    p = generated(impl)[0].puzzle
    with pytest.raises(PuzzleError) as exc:
        impl.render(p, None, fmt)
    assert "unknown format" in one_line_error(exc)


def test_svg_only_where_declared(impl):
    if "svg" not in impl.formats:
        with pytest.raises(PuzzleError):
            impl.render(generated(impl)[0].puzzle, None, "svg")


# -- solving and explaining -------------------------------------------------------------

def test_solutions_obey_the_limit(impl):
    p = generated(impl)[0].puzzle
    assert list(impl.solutions(p, limit=0)) == []
    assert len(list(impl.solutions(p, limit=1))) == 1
    assert impl.count(p, limit=2) == 1


def test_explain_ends_solved(impl):
    for g in generated(impl):
        steps = list(impl.explain(g.puzzle))
        assert steps and steps[-1].technique == SOLVED and steps[-1].snapshot
        assert all(s.technique not in (SOLVED, STALLED, NO_SOLUTION) for s in steps[:-1])
        partial = list(impl.explain(g.puzzle, search=False))
        assert partial[-1].technique in (SOLVED, STALLED) and partial[-1].snapshot


def test_no_solution_ends_the_explanation_and_gives_the_reason(impl):
    if not own(impl, "unsolvable"):
        pytest.skip("no unsolvable sample for this kind")
    text, options = own(impl, "unsolvable")
    puzzle = impl.parse(text, **options)
    assert impl.count(puzzle) == 0
    steps = list(impl.explain(puzzle))
    assert steps[-1].technique == NO_SOLUTION
    budget = Budget(seconds=30)
    report, _ = solve_report(puzzle, budget=budget)
    assert report["count"] == 0 and report["complete"]
    assert report.get("reason") == steps[-1].text


def test_solve_does_not_need_explain(toy):
    class Silent(type(toy)):
        def explain(self, puzzle, *, search=True, trace=False, budget=None):
            raise NotImplementedError

    silent = numberplay.register(Silent())  # replaces the toy until the fixture ends
    report, result = solve_report(silent.parse("2 30"))
    assert result.complete and report["count"] == 0 and "reason" not in report


def test_the_reason_is_charged_to_the_callers_budget(toy):
    calls = []

    class Counting(type(toy)):
        def explain(self, puzzle, *, search=True, trace=False, budget=None):
            calls.append(budget)
            budget.tick(5)
            yield from super().explain(puzzle, search=search, budget=budget)

    budget = Budget(nodes=1000)
    reason = Counting().no_solution_reason(numberplay.parse("toy", "2 30"), budget)
    assert reason == "No solution: no 2 digits add up to 30."
    assert budget.used >= 5 and calls[0] is not budget


# -- generating -------------------------------------------------------------------------

def test_generated_puzzles_are_unique_and_graded_as_asked(impl):
    requests = own(impl, "generate", [(None, None)])
    for (size, difficulty), g in zip(requests, generated(impl), strict=True):
        assert impl.count(g.puzzle, limit=2) == 1
        assert impl.verify(g.puzzle, g.solution)
        assert g.difficulty == impl.grade(g.puzzle)
        assert g.difficulty in impl.difficulties
        if difficulty is not None:
            assert g.difficulty == difficulty
        if size is not None:
            assert impl.size_of(g.puzzle) == impl.parse_params(size).size
        assert impl.parse(g.text) == g.puzzle


def test_a_puzzle_id_reproduces_the_puzzle_alone(impl):
    g = generated(impl)[-1]
    assert g.id and g.id.startswith(impl.name + ":") and g.id.endswith("#" + g.seed)
    again = numberplay.regenerate(g.id)
    assert again.puzzle == g.puzzle and again.id == g.id
    data = g.to_json()
    assert {"puzzle", "text", "difficulty", "solution", "seed", "id"} <= set(data)


def test_parse_params_applies_the_defaults(impl):
    params = impl.parse_params()
    assert params.kind == impl.name
    assert params.size == impl.default_size and params.difficulty == impl.default_difficulty
    generate_options = {o.name for o in impl.options if "generate" in o.commands}
    assert set(params.options) == generate_options


def test_unknown_options_are_refused(impl):
    with pytest.raises(PuzzleError) as exc:
        numberplay.generate(impl.name, seed=1, foo=3)
    assert "unknown option 'foo'" in one_line_error(exc)


def test_unknown_difficulties_are_refused(impl):
    with pytest.raises(PuzzleError) as exc:
        impl.parse_params(difficulty="impossible")
    assert "choose from" in one_line_error(exc)


def test_bad_or_meaningless_sizes_are_refused(impl):
    with pytest.raises(PuzzleError) as exc:
        impl.parse_params(size="banana")
    one_line_error(exc)
    if impl.default_size is None and not impl.size_help:
        with pytest.raises(PuzzleError, match="takes no --size"):
            impl.parse_params(size="3x3")


def test_bad_parameters_on_the_command_line(impl):
    from click.testing import CliRunner

    from numberplay.cli import build_app

    run = CliRunner().invoke
    app = build_app()
    for args in (["--difficulty", "impossible"], ["--size", "banana"]):
        r = run(app, ["generate", impl.name, *args])
        assert r.exit_code == 2, r.output
        assert r.output.strip().count("\n") == 0 and "Traceback" not in r.output


# -- budgets ----------------------------------------------------------------------------

def test_a_child_budget_charges_its_parent():
    parent = Budget(nodes=100)
    child = parent.child()
    with pytest.raises(BudgetExceeded):
        for _ in range(1000):
            child.tick()
    assert parent.used == 101 and child.used == 101
    tight = Budget().child(nodes=10)
    with pytest.raises(BudgetExceeded):
        for _ in range(11):
            tight.tick()


def _round_trips(impl: Kind, puzzle: Puzzle) -> None:
    assert impl.parse(impl.to_text(puzzle)) == puzzle
    assert impl.puzzle_type.from_json(puzzle.to_json()) == puzzle


def test_the_workbench_methods_make_puzzles_of_the_kind(impl):
    """check --why's kind methods (optional): every clue kept is the same puzzle (as
    many solutions); a clue relaxed and a given added make puzzles that round-trip
    through text and JSON; `clue_places` names something for every clue."""
    for puzzle in samples(impl)[:6]:
        clues = impl.clues(puzzle)
        if clues:
            assert len(impl.clue_places(puzzle)) == len(clues)
            every = impl.relax(puzzle, frozenset(range(len(clues))))
            assert impl.count(every, limit=3) == impl.count(puzzle, limit=3)
            try:
                _round_trips(impl, impl.relax(puzzle, frozenset(range(1, len(clues)))))
            except PuzzleError:   # the kind cannot do without that clue
                pass
        try:
            values = impl.place_values(puzzle)
        except NotImplementedError:
            continue
        place, allowed = next(iter(values.items()))
        given = impl.with_givens(puzzle, {place: allowed[-1]})
        _round_trips(impl, given)
        assert all(impl.solution_places(given, s)[place] == allowed[-1]
                   for s in impl.solutions(given, limit=3))
