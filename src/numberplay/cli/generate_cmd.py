"""numberplay generate KIND: puzzles with exactly one solution, by seed or by id."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

from ..errors import BudgetExceeded, PuzzleError
from ..kinds import Kind
from ..model import Generated
from ..services.generation import fresh_seed
from ..services.operations import CLI, again, enumerated, make
from ..services.reports import generate_report
from .args import Call
from .common import EXIT_OK, EXIT_UNDECIDED, Format, echo, print_json, say
from .progress import progress_iter, progress_status

# (The HTML and SVG writers are imported by the formats that use them.)

PAGE_BREAK = '<div style="page-break-after: always"></div>'


def do_generate(impl: Kind, a: Call) -> int:
    """numberplay generate KIND ..."""
    r = a.request
    if a.fmt is Format.svg:
        from .svg_out import check_draws
        check_draws(impl)
    if r.puzzle_id is not None:
        return _generate_id(impl, a)
    if impl.enumerates(a.kind_opts):
        return _generate_all(impl, a)
    impl.parse_params(r.size, r.difficulty, **a.kind_opts)  # bad parameters: one line
    announce = r.seed is None
    request = r if r.seed is not None else r.replace(seed=fresh_seed())

    def say_seed() -> None:
        if announce:
            say(f"seed {request.seed} (pass --seed {request.seed} to get these puzzles again)",
                "dim")

    def walk(indices: range) -> Iterable[int]:
        return progress_iter(indices, total=len(indices), label=f"generating {impl.name}",
                             enabled=not a.quiet and len(indices) > 1)

    try:
        generated, stopped = make(impl, request, a.kind_opts, a.budget, walk)
    except PuzzleError:
        raise  # bad input: one line, no seed
    except BaseException:
        say_seed()
        raise
    say_seed()
    _after_generate(impl, generated, a)
    if generated or stopped is None or a.fmt is Format.json:
        print_generated(impl, generated, a, stopped)
    if stopped is not None:    # what was made is printed; the line says what ran out
        asked = ", ".join(f"{k} {v}" for k, v in (("size", r.size),
                                                  ("difficulty", r.difficulty)) if v)
        raise BudgetExceeded(f"{stopped} before {'another' if generated else 'a'} puzzle"
                             f"{' of ' + asked if asked else ''} was found; a longer --timeout, "
                             "a smaller --size or an easier --difficulty may help")
    return EXIT_OK


def _generate_id(impl: Kind, a: Call) -> int:
    """--id: make again the one puzzle the id names (`operations.again`)."""
    assert a.request.puzzle_id is not None
    one = again(impl, a.request.puzzle_id, a.budget())
    _after_generate(impl, [one], a)
    print_generated(impl, [one], a)
    return EXIT_OK


@runtime_checkable
class _OneLineSolution(Protocol):
    """A solution that carries its own one-line text (a filled-in formula)."""

    text: str


def _solution_line(impl: Kind, g: Generated) -> str:
    """The solution of a generated puzzle on one line: its own text when it has one,
    else its places and digits."""
    if isinstance(g.solution, _OneLineSolution):
        return g.solution.text
    places = impl.solution_places(g.puzzle, g.solution)
    return " ".join(f"{place}={digit}" for place, digit in places.items())


def _generate_all(impl: Kind, a: Call) -> int:
    """Every puzzle the kind's options describe (e.g. a word list's `--all`): text
    output streams one puzzle a line with its solution, JSON and --store get them
    all (graded); the progress bar shows what was examined and found."""
    graded = a.fmt is not Format.text or a.store is not None
    shown: list[Any] = ["", lambda done, total, text: None]    # the status, the bar

    def progress(done: int, total: int, text: str) -> None:
        shown[0] = text
        shown[1](done, total, text)

    walk = enumerated(impl, a.request, a.kind_opts, a.budget(), CLI, graded=graded,
                      progress=progress)      # bad parameters: one line, nothing else
    generated: list[Generated] = []
    code = EXIT_OK
    refused: PuzzleError | None = None
    with progress_status(f"{impl.name}: every puzzle", enabled=not a.quiet) as update:
        shown[1] = update
        try:
            for g in walk:
                generated.append(g)
                if a.fmt is Format.text:
                    echo(f"{g.text}  ({_solution_line(impl, g)})")
        except BudgetExceeded as exc:
            shown[0], code = str(exc), EXIT_UNDECIDED
        except PuzzleError as exc:    # met during the walk: what was found is kept
            refused = exc
    status = shown[0]
    if status and refused is None:
        say(status, "yellow" if code else "dim")
    if a.fmt is not Format.text:
        print_generated(impl, generated, a)
    _after_generate(impl, generated, a)
    if refused is not None:
        raise refused
    return code


def _after_generate(impl: Kind, generated: list[Generated], a: Call) -> None:
    """Hook for options that act on generated puzzles: --store keeps them."""
    if a.store is not None:
        from ..services.store import PuzzleStore
        with PuzzleStore(a.store) as store:
            new = store.add_many(generated, impl)
        say(f"stored {new} new puzzle(s) of {len(generated)} in {a.store}", "dim")


# --- output, one renderer per format ----------------------------------------------


def _json(impl: Kind, generated: list[Generated], a: Call, answers: bool,
          stopped: str | None = None) -> None:
    report = generate_report(impl.name, generated)
    if stopped is not None:     # as the operation table answers (services.operations)
        report.update(complete=False, stopped="budget", message=stopped)
    if not answers:
        for item in report["puzzles"]:
            item.pop("solution", None)
    print_json(report)


def _html(impl: Kind, generated: list[Generated], a: Call, answers: bool) -> None:
    from .html_out import generate_page
    echo(generate_page(impl, generated, answers), nl=False)


def _svg(impl: Kind, generated: list[Generated], a: Call, answers: bool) -> None:
    from .svg_out import generate_svg
    echo(generate_svg(impl, generated, answers))


def _markdown(impl: Kind, generated: list[Generated], a: Call, answers: bool) -> None:
    for i, g in enumerate(generated, 1):
        echo(f"## Puzzle {i} ({g.difficulty})\n")
        echo(impl.render(g.puzzle, None, "markdown").rstrip() + "\n")
    if answers:
        echo(f"{PAGE_BREAK}\n\n## Answers\n")
        for i, g in enumerate(generated, 1):
            echo(f"### Answer {i}\n")
            echo(impl.render(g.puzzle, g.solution, "markdown").rstrip() + "\n")


def _text(impl: Kind, generated: list[Generated], a: Call, answers: bool) -> None:
    if a.own_format:   # the kind's own format: one puzzle as the kind writes it, answers after
        for g in generated:
            echo(impl.render(g.puzzle, None, a.own_format))
        for i, g in enumerate(generated, 1) if answers else ():
            echo(f"# answer {i}")
            echo(impl.render(g.puzzle, g.solution, "text"))
        return
    for i, g in enumerate(generated, 1):
        if i > 1:
            echo()
        where = f"id {g.id}" if g.id else f"seed {g.seed}"
        echo(f"# {impl.title or impl.name} {i} of {len(generated)}: {g.difficulty}, {where}")
        echo(g.text)
        if answers:
            echo("# answer")
            echo(impl.render(g.puzzle, g.solution, "text"))


RENDERERS: dict[Format, Callable[[Kind, list[Generated], Call, bool], None]] = {
    Format.json: _json, Format.html: _html, Format.svg: _svg, Format.markdown: _markdown,
    Format.text: _text,
}


def print_generated(impl: Kind, generated: list[Generated], a: Call,
                    stopped: str | None = None) -> None:
    """The generated puzzles (and their answers unless --no-solution) in --format;
    `stopped`: what ran out before the others were made."""
    answers = a.solution if a.solution is not None \
        else a.fmt not in (Format.text, Format.svg)
    if a.fmt is Format.json:
        _json(impl, generated, a, answers, stopped)
    else:
        RENDERERS[a.fmt](impl, generated, a, answers)
