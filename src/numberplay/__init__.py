"""numberplay: solve, explain, check and generate digit-constraint puzzles.

    >>> import numberplay
    >>> impl = numberplay.all_kinds()[0]      # the kinds installed: numberplay.kind_names()
    >>> puzzle = numberplay.generate(impl.name, seed=1)
    >>> numberplay.count(puzzle, limit=2)
    1

`import numberplay` is cheap: each top-level name is imported from its module on
first use (PEP 562), so a command that needs one kind loads that kind and not the
others, nor the notebook display or the registry's entry-point scan.
"""

from __future__ import annotations

TYPE_CHECKING = False   # (not `typing.TYPE_CHECKING`: typing itself takes time to import)

__version__ = "0.1.0"

import os as _os  # noqa: E402 - already imported by Python's start-up

if _os.environ.get("NUMBERPLAY_PURE"):   # no compiled module: the Python sources (_pure.py)
    from . import _pure
    _pure.install()

# Each public name and the module (relative to this package) that defines it.
_WHERE = {
    **dict.fromkeys(
        ("count", "explain", "generate", "generate_full", "generate_many", "grade", "hint",
         "is_unique", "parse", "parse_all", "parse_state", "regenerate", "render", "show",
         "solutions", "solve", "verify"), ".api"),
    "Budget": ".budget",
    **dict.fromkeys(("BudgetExceeded", "GenerationError", "NumberplayError", "PuzzleError",
                     "UnknownKind"), ".errors"),
    **dict.fromkeys(("Kind", "KindOption", "all_kinds", "get_kind", "kind_names", "register"),
                    ".kinds"),
    **dict.fromkeys(("Generated", "Hint", "PlayState", "Puzzle", "Solution", "Step"), ".model"),
    **dict.fromkeys(("Explanation", "Gallery"), ".notebook"),
}

__all__ = [
    "Budget", "BudgetExceeded", "Explanation", "Gallery", "GenerationError", "Generated",
    "Hint", "Kind", "KindOption",
    "NumberplayError", "PlayState", "Puzzle", "PuzzleError", "Solution", "Step", "UnknownKind",
    "all_kinds", "count", "explain", "generate", "generate_full", "generate_many", "get_kind",
    "grade", "hint", "is_unique", "kind_names", "parse", "parse_all", "parse_state",
    "regenerate", "register", "render", "show", "solutions", "solve", "verify",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept here)."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(__import__(where[1:], globals(), None, [name], 1), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


if TYPE_CHECKING:   # what type checkers and editors see (the same names, imported eagerly)
    from typing import Any

    from .api import (
        count,
        explain,
        generate,
        generate_full,
        generate_many,
        grade,
        hint,
        is_unique,
        parse,
        parse_all,
        parse_state,
        regenerate,
        render,
        show,
        solutions,
        solve,
        verify,
    )
    from .budget import Budget
    from .errors import BudgetExceeded, GenerationError, NumberplayError, PuzzleError, UnknownKind
    from .kinds import Kind, KindOption, all_kinds, get_kind, kind_names, register
    from .model import Generated, Hint, PlayState, Puzzle, Solution, Step
    from .notebook import Explanation, Gallery
