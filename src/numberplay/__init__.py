"""numberplay: solve, explain, check and generate digit-constraint puzzles.

    >>> import numberplay
    >>> impl = numberplay.all_kinds()[0]      # the kinds installed: numberplay.kind_names()
    >>> puzzle = numberplay.generate(impl.name, seed=1)
    >>> numberplay.count(puzzle, limit=2)
    1
"""

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

__version__ = "0.1.0"

__all__ = [
    "Budget", "BudgetExceeded", "Explanation", "Gallery", "GenerationError", "Generated",
    "Hint", "Kind", "KindOption",
    "NumberplayError", "PlayState", "Puzzle", "PuzzleError", "Solution", "Step", "UnknownKind",
    "all_kinds", "count", "explain", "generate", "generate_full", "generate_many", "get_kind", "grade", "hint",
    "is_unique", "kind_names", "parse", "parse_all", "parse_state", "regenerate", "register", "render", "show", "solutions", "solve", "verify",
]
