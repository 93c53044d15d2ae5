"""Generation by seed and by id: the same puzzle from `KIND:PARAMS#SEED` on every engine."""

from __future__ import annotations

import random
from typing import Any

from ..budget import Budget
from ..errors import PuzzleError
from ..kinds import Params, get_kind
from ..model import Generated


def fresh_seed() -> str:
    """The seed of a generation that was given none, for every front end and the
    Python API: a decimal string below 10^9 (the answer reports it; passing it
    back as --seed or "seed" makes the same puzzles)."""
    return str(random.SystemRandom().randrange(10**9))


def puzzle_seed(seed: int | str | None, index: int) -> str:
    """The seed of puzzle `index` of a run with `seed`: the same on every engine."""
    return f"{seed}:{index}"


def generate_one(kind_name: str, *, seed: int | str | None, index: int = 0,
                 size: str | None = None, difficulty: str | None = None,
                 budget: Budget | None = None, **options: Any) -> Generated:
    """Puzzle `index` of a generation run with `seed`; deterministic (`5` and `"5"`
    are the same seed). Bad parameters are a PuzzleError (`Kind.parse_params`)."""
    impl = get_kind(kind_name)
    params = impl.parse_params(size, difficulty, **options)
    return generate_with(params, puzzle_seed(seed, index), budget)


def generate_with(params: Params, item_seed: str, budget: Budget | None = None) -> Generated:
    """The puzzle of checked parameters and one puzzle's seed; its id says both."""
    impl = get_kind(params.kind)
    rng = random.Random(f"numberplay:{impl.name}:{item_seed}")
    options = dict(params.options)
    if impl.draws_in_sequence:
        seed, _, index = item_seed.rpartition(":")
        if not index.isdigit():
            raise PuzzleError(f"bad puzzle seed {item_seed!r}: expected RUNSEED:INDEX")
        options["sequence"] = (f"numberplay:{impl.name}:{seed}", int(index))
    generated = impl.generate(rng, size=params.size, difficulty=params.difficulty,
                              budget=budget, **options)
    return Generated(generated.puzzle, generated.solution, generated.difficulty,
                     generated.text, seed=item_seed, extra=generated.extra,
                     id=f"{params.encode()}#{item_seed}")


def regenerate(puzzle_id: str, budget: Budget | None = None) -> Generated:
    """The puzzle a generated puzzle's id names (`KIND:PARAMS#SEED`), made again."""
    head, sep, item_seed = puzzle_id.strip().partition("#")
    if not sep:
        raise PuzzleError(f"bad puzzle id {puzzle_id!r}: expected KIND:PARAMS#SEED")
    name, values = Params.decode(head)
    size = values.pop("size", None)
    difficulty = values.pop("difficulty", None)
    params = get_kind(name).parse_params(size, difficulty, **values)
    return generate_with(params, item_seed, budget)
