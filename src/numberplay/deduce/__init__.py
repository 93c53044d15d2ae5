"""Deduction: a kernel and a narrator (it knows no kind).

- `kernel.py`: positions as flat integer masks, techniques as narrowing
  functions with a rung, the quiet `step`, `fixpoint`, contradiction checks
  (`check`), the trial search (`find_trial`, nested trials), the whole path with
  guesses and backtracks (`Run`) and the one `grade` — no sentence is built;
- `narrator.py`: the path replayed into the `Step`s users read (`Explanation`,
  `explain`, `trial_step`), and a step as a hint at three levels (`hint_text`,
  `first_area`).

A kind implements `Rules` (see `kernel.py`'s doc: the protocol, the rungs) and
calls `explain`/`Explanation` to explain and `grade` to grade; its generator
grades with the same `grade`.
"""

from .kernel import (
    Backtrack,
    Contradiction,
    End,
    Failed,
    Guess,
    Limits,
    Place,
    Played,
    Position,
    Rules,
    Run,
    Tally,
    Technique,
    Trial,
    check,
    find_trial,
    fixpoint,
    follow,
    grade,
    quiet,
    step,
    technique_rung,
    trial_depth_of,
)
from .moves import Entry, Move, table_of
from .narrator import (
    Explanation,
    explain,
    first_area,
    hint_text,
    narrate,
    no_solution_text,
    trial_step,
)

next_step = step   # the old name of the quiet step

__all__ = [
    "Backtrack", "Contradiction", "End", "Entry", "Explanation", "Failed", "Guess", "Limits", "Move",
    "Place", "Played", "Position", "Rules", "Run", "Tally", "Technique", "Trial", "check",
    "explain", "find_trial", "first_area", "fixpoint", "follow", "grade", "hint_text",
    "narrate", "next_step", "no_solution_text", "quiet", "step", "table_of", "technique_rung",
    "trial_depth_of", "trial_step",
]
