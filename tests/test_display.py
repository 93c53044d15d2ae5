"""Every value the API returns shows itself in a notebook, measured through
IPython's display formatter (what Jupyter calls), for every registered kind."""

from __future__ import annotations

import ast
import pickle
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

import numberplay
from numberplay import Budget, NumberplayError, PlayState
from numberplay.display import STEP_WIDTH, scaled
from numberplay.kinds import get_kind, kind_names
from numberplay.notebook import positions
from numberplay.services.examples import list_examples

IPython = pytest.importorskip("IPython")
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

RICH = {"text/html", "image/svg+xml"}
SRC = Path(numberplay.__file__).parent


@cache
def _formatter():
    return InteractiveShell.instance().display_formatter


def _shown(value) -> dict[str, str]:
    data, _ = _formatter().format(value)
    return data


@cache
def _example(kind: str):
    """The first bundled example of `kind` with exactly one solution that explains to
    the end within a second (with several, the explanation's guesses may end at
    another solution than the solver's first, and which example explains in time
    depends on the machine's load)."""
    for ex in list_examples(kind):
        try:
            puzzle = numberplay.parse(kind, ex.text)
            steps = list(get_kind(kind).explain(puzzle, budget=Budget(seconds=1)))
            unique = numberplay.is_unique(puzzle, budget=Budget(seconds=5))
        except NumberplayError:
            continue
        if steps and unique:
            return puzzle
    pytest.skip(f"{kind}: no bundled example explains within a second")


KINDS = kind_names()


@pytest.mark.parametrize("kind", KINDS)
def test_every_value_shows_a_drawing(kind):
    """puzzle, solution, explanation (plain and traced), hint, generated puzzle and a
    gallery: each has HTML or SVG with the kind's drawing in it, a Markdown
    fallback, and a repr that is not a dataclass dump."""
    puzzle = _example(kind)
    values = {
        "puzzle": puzzle,
        "solution": numberplay.solve(puzzle),
        "explanation": numberplay.explain(puzzle),
        "explanation drawings": numberplay.explain(puzzle, trace=True),
        "hint": numberplay.hint(puzzle),
        "generated": numberplay.generate_full(kind, seed=7),
        "gallery": numberplay.generate_many(kind, 2, seed=7),
    }
    for name, value in values.items():
        data = _shown(value)
        assert RICH & set(data), f"{kind} {name}: only {sorted(data)}"
        html = data.get("text/html") or data["image/svg+xml"]
        assert "<svg" in html or "<table" in html, f"{kind} {name}"
        if name != "puzzle":
            assert data.get("text/markdown"), f"{kind} {name} has no Markdown fallback"
            head = data["text/plain"].split("\n", 1)[0]
            assert not re.match(r"^\w+\((\w+)=", head), f"{kind} {name}: {head}"


@pytest.mark.parametrize("kind", KINDS)
def test_solution_keeps_equality_json_and_pickle(kind):
    """A solution that knows its puzzle is equal to, hashes like and serialises like
    the same solution read back from JSON (which knows none)."""
    puzzle = _example(kind)
    impl = get_kind(kind)
    solution = numberplay.solve(puzzle)
    assert solution.puzzle == puzzle
    back = impl.solution_type.from_json(solution.to_json())
    assert back.puzzle is None
    assert back == solution and hash(back) == hash(solution)
    assert back.to_json() == solution.to_json()
    assert pickle.loads(pickle.dumps(solution)) == solution
    assert repr(back).startswith(type(back).__name__ + "(")   # no puzzle: the fields
    assert impl.render(puzzle, solution, "text") in repr(solution)
    svg = _shown(solution)["text/html"]
    assert svg.count("<svg") == 1 and impl.draw(puzzle, solution) in svg


@pytest.mark.parametrize("kind", KINDS)
def test_explanation_is_still_the_kinds_iterator(kind):
    """`explain` gives the kind's steps in order; showing it half way (which reads
    the rest) does not move the iterator."""
    puzzle = _example(kind)
    expected = list(get_kind(kind).explain(puzzle))
    explanation = numberplay.explain(puzzle)
    first = [next(explanation), next(explanation)] if len(expected) > 2 else []
    html = _shown(explanation)["text/html"]
    assert first + list(explanation) == expected
    assert list(explanation) == []
    # the puzzle, then one drawing per step
    assert html.count("<svg") == 1 + len(expected)
    # every removed candidate, in chains too, is struck out
    assert html.count("<del>") == sum(_removed(s) for s in expected)
    # each step drawn on the position after it, its places highlighted
    impl = get_kind(kind)
    for step, state in zip(expected, positions(expected), strict=True):
        drawn = impl.draw(puzzle, None, highlight=step.cells or None, state=state)
        assert scaled(drawn, STEP_WIDTH) in html
    lit = [s for s in expected if s.cells]
    assert not lit or impl.draw(puzzle, None, highlight=lit[0].cells) != impl.draw(puzzle)


def _removed(step) -> int:
    return len(step.removed) + sum(_removed(s) for s in step.chain)


@pytest.mark.parametrize("kind", KINDS)
def test_position_after_the_last_step_is_the_solution(kind):
    """The positions the drawings show agree with the solution the solver finds
    (the explanation never reads it): what they decide is its value, nothing they
    strike out is."""
    puzzle = _example(kind)
    impl = get_kind(kind)
    try:
        truth = impl.solution_places(puzzle, numberplay.solve(puzzle))
    except NotImplementedError:
        pytest.skip(f"{kind} names no places")
    end = positions(list(numberplay.explain(puzzle)))[-1]
    last = dict(end.entries)
    assert last and {p: v for p, v in last.items() if p in truth} == \
        {p: v for p, v in truth.items() if p in last}
    assert not [(p, v) for p, v in end.removed if truth.get(p) == v]


def test_guess_is_undone_at_its_backtrack():
    """The position after a BACKTRACK is the one before its GUESS, minus the value."""
    from numberplay.model import BACKTRACK, GUESS, Step
    steps = [Step("x", "", fixed=(("a", 1),)), Step(GUESS, "", fixed=(("b", 2),)),
             Step("y", "", fixed=(("c", 3),), removed=(("d", 4),)),
             Step(BACKTRACK, "", removed=(("b", 2),))]
    after = positions(steps)
    assert dict(after[2].entries) == {"a": 1, "b": 2, "c": 3}
    assert dict(after[3].entries) == {"a": 1} and after[3].removed == (("b", 2),)


@pytest.mark.parametrize("kind", KINDS)
def test_hint_draws_its_places(kind):
    """A hint is drawn with what it points at highlighted (the line at level 1,
    the step's places above) on the player's position."""
    puzzle = _example(kind)
    for level in (1, 3):
        hint = numberplay.hint(puzzle, level=level)
        assert hint.puzzle == puzzle
        html = _shown(hint)["text/html"]
        assert hint.text.split(":")[0] in html.replace("&#x27;", "'")
        if hint.places:
            struck = hint.step.removed if level == 3 else ()
            state = PlayState(struck=struck) if struck else None
            drawn = get_kind(kind).draw(puzzle, None, highlight=hint.places, state=state)
            assert drawn in html


def test_gallery_lists_grades_and_folds_answers():
    kind = KINDS[0]
    gallery = numberplay.generate_many(kind, 3, seed=11)
    again = [numberplay.regenerate(g.id) for g in gallery]
    assert [g.puzzle for g in again] == [g.puzzle for g in gallery]
    html = _shown(gallery)["text/html"]
    assert html.count("<details>") == 3
    assert html.count("<svg") == 6     # each puzzle, and its answer folded
    for g in gallery:
        assert g.difficulty in html and g.id in html
        assert g.solution.puzzle == g.puzzle
    assert len(repr(gallery).splitlines()) == 3


def test_display_code_names_no_kind():
    """The display code learns everything from the kind's drawing."""
    names = {n for k in KINDS for n in (k, *get_kind(k).aliases)}
    for module in ("display.py", "notebook.py", "model.py"):
        text = (SRC / module).read_text(encoding="utf-8").lower()
        assert [n for n in names if re.search(rf"\b{n}\b", text)] == [], module


def test_model_imports_nothing_that_imports_it_back():
    """model.py stands alone: no import, even one made only for type checks, leads
    from it back to it."""
    seen, todo = set(), ["numberplay.model"]
    while todo:
        module = todo.pop()
        for dep in _imports(module):
            assert dep != "numberplay.model", f"{module} imports model back"
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)


def _imports(module: str) -> set[str]:
    """The numberplay modules `module` imports anywhere (TYPE_CHECKING included)."""
    rel = module.split(".")[1:]
    path = SRC.joinpath(*rel).with_suffix(".py")
    if not path.exists():
        path = SRC.joinpath(*rel, "__init__.py")
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            parent = module.split(".")[:-node.level] if path.name != "__init__.py" \
                else module.split(".")[:len(module.split(".")) - node.level + 1]
            base = ".".join(parent + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if _exists(full) else base)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("numberplay"):
            out.add(node.module)
    return {m for m in out if _exists(m) and m != "numberplay"}


def _exists(module: str) -> bool:
    rel = module.split(".")[1:]
    return bool(rel) and (SRC.joinpath(*rel).with_suffix(".py").exists()
                          or SRC.joinpath(*rel, "__init__.py").exists())


def test_candidates_a_step_rules_out_are_struck_through():
    """A drawing that shows candidates draws the step's removals struck through
    (the Cross Set pencil marks), and leaves the earlier ones out."""
    from numberplay.services.examples import get_example
    puzzle = numberplay.parse("crossset", get_example("crossset", "2-8").text)
    steps = list(numberplay.explain(puzzle))
    after = positions(steps)
    impl = get_kind("crossset")
    for i in (0, 5, 20):
        state = after[i]
        svg = impl.draw(puzzle, None, state=state)
        shown = [s for s in state.struck if s[0] not in dict(state.entries)]
        assert svg.count('class="struck"') == len(shown)
        plain = impl.draw(puzzle, None, state=replace(state, struck=()))
        assert 'class="struck"' not in plain
        assert plain.count('class="candidate"') == svg.count('class="candidate"')
