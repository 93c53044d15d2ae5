"""The kind interface every puzzle family implements.

Glossary (one meaning per name, everywhere in the code; `tests/test_names.py`
checks the first two):

- kind: a puzzle family, and in code always its NAME, a str such as
  "toy" (the kind of docs/adding-a-kind.md): `Puzzle.kind`, the JSON key "kind", `numberplay.parse(kind, ...)`,
  `--kind`, `Params.kind`.
- impl: the kind's implementation, the `Kind` object that `get_kind(kind)`
  returns (`impls` for several; `impl.name == kind`); a subpackage's module
  constant `KIND` holds its impl. Public signatures that predate the rule keep
  their keyword: `register(kind)`, `check_names(kind)`.
- puzzle, solution: values of the kind's `Puzzle` and `Solution` subclasses;
  a step (`Step`) is one line of an explanation, named by its technique.
- size, difficulty: generation parameters as text ("6x6", "hard");
  `Kind.grade` gives a puzzle's difficulty (the hardest technique it needs).
- a grid's lines: `axis` ("row" or "column"), then the line's index.

An impl is an instance of a `Kind` subclass living in its own package, with
everything else about the kind in that package's folder (`Kind.files`). The
services (counting, reports, batch, store) and the front ends (CLI, API, web,
book) use only this interface and learn the kinds from the registry (the entry
point group `numberplay.kinds`), so adding a family means one package and its
entry point. `docs/adding-a-kind.md` walks through a complete one.

The contract, beyond the method signatures (checked for every registered
kind by `tests/test_kind_contract.py`):

- `parse(to_text(p)) == p` and `puzzle_type.from_json(p.to_json()) == p`,
  options included; the same for solutions through JSON.
- `solutions` is lazy and deterministic; the base class applies `limit`.
- A kind deduces through the one door: `rules(puzzle, budget)` gives the
  deduction kernel (`numberplay.deduce`) its `Rules` and the position before
  any step (a `Deduction`), `rules_from(puzzle, state, budget)` the same from a
  player's position. `explain`, `explain_from` and `grade` are the base
  class's, written once on the kernel: a kind does not write its own.
- `explain` ends with a `SOLVED` step (its snapshot: the solution), a
  `STALLED` step (only with `search=False`; its snapshot: the partial state)
  or a `NO_SOLUTION` step; other step names are the kind's techniques or
  `GUESS`, `TRIAL`, `CONTRADICTION`, `BACKTRACK` (see `model.py`).
- `generate` returns a puzzle with exactly one solution (proved), graded as
  asked; its parameters went through `parse_params` first.
- `grade` returns the hardest technique rung the explanation needs, as one of
  `difficulties` (ordered from easiest).
- `render` takes one of `formats`; anything else is a `PuzzleError`.
"""

from __future__ import annotations

import abc
import itertools
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import registry
from .budget import Budget, count_all
from .errors import BudgetExceeded, PuzzleError
from .model import NO_SOLUTION, Generated, PlayState, Puzzle, Solution, Step
from .registry import check_names, kind_names, register, unregister

if TYPE_CHECKING:   # (imported where used: a command that only solves needs none of them)
    import random
    from importlib.resources.abc import Traversable

    from . import deduce

__all__ = ["FORMATS", "GENERATE_COMMANDS", "PUZZLE_COMMANDS", "Deduction", "InlineText", "Kind",
           "KindExplanation", "KindOption", "Offer", "Params", "all_kinds", "check_names", "forbid_files",
           "get_kind", "kind_names", "option_text", "register", "unregister"]


P = TypeVar("P", bound=Puzzle)    # the kind's Puzzle class
S = TypeVar("S", bound=Solution)  # the kind's Solution class


_ErrorType = type[PuzzleError]   # (inside KindOption, `type` is a field)


@dataclass(frozen=True)
class KindOption:
    """A command-line option that only one kind understands (e.g. `--base`).

    name: the keyword passed to `Kind.parse` or `Kind.generate` (e.g. "base").
    flag: the CLI flag (e.g. "--base"); defaults to `--` + name with `_` as `-`.
    type: str, int, float or bool (a bool option is an on/off flag).
    commands: the CLI commands that accept it; parse-time options go to every
      command that reads a puzzle ("solve", "check", "explain", "hint"),
      generation options to "generate".
    file: the command-line value names a file whose text the kind reads (e.g.
      `--words FILE`). The kind reads it with `option_text`, never directly:
      front ends that must not open paths (the web API) pass the text itself,
      wrapped in `InlineText`, and forbid files in their process (`forbid_files`).
    check: called with the converted value wherever parameters are checked
      (`Kind.parse_params`, hence a puzzle id too); raises PuzzleError for a value
      the kind cannot use, so a bad value is refused before any work starts.
    repeat: the command-line flag may be given more than once (a text option); the
      values reach the kind joined by ';' (`--invalid 0,AB --invalid 5,C`).
    """

    name: str
    help: str
    type: type = str
    commands: frozenset[str] = frozenset({"solve", "check", "explain", "hint"})
    default: Any = None
    flag: str | None = None
    metavar: str | None = None
    file: bool = False
    check: Callable[[Any], object] | None = None
    repeat: bool = False

    @property
    def cli_flag(self) -> str:
        """The flag as typed on the command line."""
        return self.flag or "--" + self.name.replace("_", "-")

    def coerce(self, value: Any, strict: bool = False,
               error: _ErrorType = PuzzleError) -> Any:
        """`value` as the option's type; `error` (one line, naming the option)
        when it is not one. Lenient (`strict=False`) takes text too, as a puzzle
        id or the command line gives it ("3", "yes"); strict takes a JSON value
        of the option's type (a number for a text option is written as text).
        None stays None; a file option's inline text is kept as it is."""
        if value is None or (self.file and isinstance(value, InlineText)):
            return value
        converted = _strict_value(self, value) if strict else _option_value(self, value)
        if converted is _REFUSED:
            raise error(f"option {self.name!r} must be {self.type.__name__}, not {_shown(value)}")
        return converted


# Words of a clue's name that are places: `r2c3`, or one letter (a formula's letter).
_PLACE_WORDS = re.compile(r"\br\d+c\d+\b|(?<![^\W\d_])[^\W\d_](?![^\W\d_])")


class InlineText(str):
    """The text of a file option given inline (over the API) instead of a file name."""


_FILES = {"allowed": True}


def forbid_files() -> None:
    """From now on, in this process, `option_text` refuses file names (a web worker)."""
    _FILES["allowed"] = False


def option_text(value: str, flag: str) -> str:
    """The text a file option's value stands for: the value itself when it came
    inline (`InlineText`), else the content of the file it names (UTF-8, a BOM dropped).
    PuzzleError if the file cannot be read, or file names are forbidden here."""
    if isinstance(value, InlineText):
        return str(value)
    if not _FILES["allowed"]:
        raise PuzzleError(f"{flag} takes the text itself here, not a file name")
    try:
        with open(value, encoding="utf-8-sig") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise PuzzleError(f"{flag}: cannot read {value}: {reason}") from None


PUZZLE_COMMANDS = frozenset({"solve", "check", "explain", "hint"})
GENERATE_COMMANDS = frozenset({"generate"})


# The render formats every kind supports; a kind that draws (`Kind.draw`) adds "svg".
FORMATS: tuple[str, ...] = ("text", "markdown", "json", "html")


class Offer:
    """One row of a kind's size table (`Kind.offers`): the sizes it covers, the
    difficulties puzzles of those sizes can have, and why (a proof or a measure).

    match: for each number of a size (an order N; rows then columns of a ROWSxCOLS
      grid; one number N of a two-number size stands for NxN), its (lowest,
      highest), None for no bound; a size is covered when every number is in range.
    label: the sizes as a person reads them ("3", "1xC and Rx1").
    (A plain class: a dataclass costs start-up, docs/architecture.md.)
    """

    __slots__ = ("difficulties", "label", "match", "reason")

    def __init__(self, label: str, match: tuple[tuple[int, int | None], ...],
                 difficulties: tuple[str, ...], reason: str) -> None:
        self.label, self.match = label, match
        self.difficulties, self.reason = difficulties, reason

    def covers(self, numbers: tuple[int, ...]) -> bool:
        """Is a size with these numbers (`size_numbers`) in this row?"""
        if len(numbers) == 1 and len(self.match) > 1:
            numbers = numbers * len(self.match)
        return len(numbers) == len(self.match) and all(
            lo <= x and (hi is None or x <= hi)
            for x, (lo, hi) in zip(numbers, self.match, strict=True))

    def to_json(self) -> dict[str, Any]:
        """The row as `numberplay kinds --format json` and `/api/kinds` give it."""
        return {"sizes": self.label, "match": [list(r) for r in self.match],
                "difficulties": list(self.difficulties), "reason": self.reason}


def size_numbers(size: str) -> tuple[int, ...]:
    """The numbers of a size as written ("6x4" -> (6, 4), "7" -> (7,))."""
    return tuple(int(x) for x in re.findall(r"[0-9]+", size))


@dataclass(frozen=True)
class Params:
    """Checked generation parameters: what `Kind.parse_params` returns.

    size and difficulty have their defaults applied; options holds every
    generation option of the kind (None where not given and without default).
    """

    kind: str
    size: str | None
    difficulty: str | None
    options: dict[str, Any] = field(default_factory=dict)

    def encode(self) -> str:
        """`toy:size=7,difficulty=hard`: the part of a puzzle id before `#`."""
        items = [("size", self.size), ("difficulty", self.difficulty),
                 *sorted(self.options.items())]
        from urllib.parse import quote
        return self.kind + ":" + ",".join(f"{k}={quote(_id_value(v), safe='')}"
                                          for k, v in items if v is not None)

    @staticmethod
    def decode(text: str) -> tuple[str, dict[str, str]]:
        """(kind name, {name: value text}) from `encode()`; PuzzleError if malformed."""
        name, sep, rest = text.partition(":")
        if not sep or not name:
            raise PuzzleError(f"bad puzzle id {text!r}: expected KIND:PARAMS#SEED")
        from urllib.parse import unquote
        values: dict[str, str] = {}
        for item in filter(None, rest.split(",")):
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise PuzzleError(f"bad puzzle id: {item!r} is not NAME=VALUE")
            values[key] = unquote(value)
        return name, values


def _id_value(value: Any) -> str:
    """An option's value as a puzzle id writes it; inline text by its digest."""
    if isinstance(value, InlineText):
        import hashlib
        return "inline-sha256-" + hashlib.sha256(value.encode()).hexdigest()[:16]
    return str(value)


class Deduction:
    """What a kind gives the deduction kernel for one puzzle (`Kind.rules`).

    rules: the kind's `deduce.Rules` (its ladder of techniques and their words);
    position: the position before any step (from the puzzle, or from a player's
      state: `Kind.rules_from`);
    limits: the trials' bounds (None: the kernel's defaults);
    opening: the steps told before the kernel's, that decide nothing the
      position does not already hold (a formula's given letters), made only
      when explaining (a grade does not word them); their snapshots are kept
      only with `trace`;
    solved: the SOLVED step of a final position, in the kind's own words (None:
      the narrator's).

    (A plain class: a dataclass costs start-up, docs/architecture.md.)
    """

    __slots__ = ("limits", "opening", "position", "rules", "solved")

    def __init__(self, rules: deduce.Rules, position: deduce.Position,
                 limits: deduce.Limits | None = None,
                 opening: Callable[[], Iterable[Step]] | None = None,
                 solved: Callable[[deduce.Position], Step] | None = None) -> None:
        self.rules, self.position, self.limits = rules, position, limits
        self.opening, self.solved = opening, solved


class KindExplanation(Iterator[Step]):
    """What `Kind.explain` and `Kind.explain_from` return: the steps (an iterator)
    of the kernel's explanation of the kind's `Deduction` (made on first use),
    after its opening steps. Once the steps have run, `finished` tells whether the
    path ran to its end and `whole_grade()` gives the puzzle's grade from this
    very path (`deduce.Explanation.whole_grade`), so explain and check --why
    report the kernel's grade without grading again."""

    def __init__(self, deduction: Callable[[], Deduction], *, search: bool = True,
                 trace: bool = False, budget: Budget | None = None) -> None:
        self._deduction = deduction
        self.search, self.trace, self.budget = search, trace, budget
        self.deduction: Deduction | None = None
        self.run: deduce.Explanation | None = None
        self._steps: Iterator[Step] | None = None

    def __iter__(self) -> KindExplanation:
        return self

    def __next__(self) -> Step:
        if self._steps is None:
            self._steps = self._all()
        return next(self._steps)

    def explanation(self) -> deduce.Explanation:
        """The kernel's explanation (made on first use)."""
        if self.run is None:
            from .deduce import Explanation
            found = self.deduction = self._deduction()
            self.run = Explanation(found.rules, found.position, search=self.search,
                                   trace=self.trace, budget=self.budget, limits=found.limits)
        return self.run

    def _all(self) -> Iterator[Step]:
        from dataclasses import replace

        from .model import SOLVED
        run = self.explanation()
        found = self.deduction
        assert found is not None
        for step in found.opening() if found.opening is not None else ():
            yield step if self.trace else replace(step, snapshot=None)
        for step in run:
            if step.technique == SOLVED and found.solved is not None:
                step = found.solved(run.position)
            yield step

    @property
    def finished(self) -> bool:
        """Did the path run to its end (SOLVED, NO_SOLUTION or STALLED)?"""
        return self.run is not None and self.run.finished

    @property
    def grade(self) -> str:
        """The kind's label of the path so far."""
        return self.explanation().grade

    def whole_grade(self) -> str:
        """The puzzle's grade (`deduce.grade`'s label) from this very path: the
        steps not asked for are run on by the kernel without words
        (`deduce.Explanation.whole_grade`), charged to the explanation's budget."""
        return self.explanation().whole_grade()


class Kind(abc.ABC, Generic[P, S]):
    """Base class of a puzzle family.

    Subclasses set the class attributes and implement the abstract methods;
    the base class does what every kind would repeat: the `limit` of
    `solutions`, explaining, hints and grading on the deduction kernel (from the
    kind's `rules`), format dispatch and the JSON form in `render`, the checking
    of generation parameters (`parse_params`) and the reason a puzzle has no
    solution (`no_solution_reason`).
    """

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    summary: str = ""
    input_help: str = ""
    puzzle_type: type[Puzzle] = Puzzle
    solution_type: type[Solution] = Solution
    # Grades, from easiest; the grade is the hardest technique rung needed.
    difficulties: tuple[str, ...] = ()
    default_difficulty: str | None = None
    # None (and no size_help): the kind takes no --size.
    default_size: str | None = None
    size_help: str = ""
    options: tuple[KindOption, ...] = ()
    # Command lines shown under "Examples" in the kind's --help.
    cli_examples: tuple[str, ...] = ()
    # True when `generate` walks its space without repeats: `generate_one` then
    # passes `sequence=(run key, index)` so puzzle i of a run differs from 0..i-1.
    draws_in_sequence: bool = False
    # The difficulties each size can have, by rows of sizes, each with its reason
    # (a proof or a measure): the first row covering a size gives its
    # difficulties; a size no row covers has all of `difficulties` (a table ends
    # with a row for the larger sizes, so every size is listed). `generate`
    # refuses a difficulty its size does not have (`parse_params`); `kinds` and the
    # web page list the rows. Empty: every size has every difficulty.
    offers: tuple[Offer, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        check_names(cls)

    # -- reading and writing ------------------------------------------------
    @abc.abstractmethod
    def parse(self, text: str | None, **options: Any) -> P:
        """Read one puzzle from text (and kind options); raise PuzzleError
        naming the line, column or cell for anything malformed."""

    def parse_all(self, text: str | None, **options: Any) -> list[P]:
        """All puzzles in a text (kinds whose files hold several override this)."""
        return [self.parse(text, **options)]

    @abc.abstractmethod
    def to_text(self, puzzle: P) -> str:
        """The puzzle in the kind's input format; `parse(to_text(p)) == p`."""

    # -- solving --------------------------------------------------------------
    def solutions(self, puzzle: P, limit: int | None = None,
                  budget: Budget | None = None) -> Iterator[S]:
        """Every solution, lazily, in a deterministic order; at most `limit`.
        Raises BudgetExceeded when the budget runs out."""
        if limit is not None and limit <= 0:
            return iter(())
        found = self.find_solutions(puzzle, limit, budget)
        # a limit past sys.maxsize is no limit that could ever be reached
        return found if limit is None else itertools.islice(found, min(limit, sys.maxsize))

    @abc.abstractmethod
    def find_solutions(self, puzzle: P, limit: int | None,
                       budget: Budget | None) -> Iterator[S]:
        """Every solution, lazily, in a deterministic order. `limit` is a hint
        (the search may stop there); `solutions` enforces it."""

    def count(self, puzzle: P, limit: int | None = None,
              budget: Budget | None = None) -> int:
        """The number of solutions, stopping at `limit`. A BudgetExceeded carries
        the count so far in `found`."""
        return count_all(self.solutions(puzzle, limit=limit, budget=budget))

    @abc.abstractmethod
    def verify(self, puzzle: P, solution: S) -> bool:
        """Does `solution` satisfy `puzzle`? Checked directly from the rules,
        independently of the solver."""

    def no_solution_reason(self, puzzle: P, budget: Budget | None = None,
                           seconds: float = 2.0) -> str | None:
        """Why a puzzle without solution has none, in the kind's words, or None.

        The default reads the last step of the deductions (without search) when
        it is a NO_SOLUTION step found within `seconds`; the ticks are charged to
        `budget`. A kind may override this with something cheaper; it never has
        to: a report without a reason is still complete.
        """
        limit = budget.child(seconds=seconds) if budget is not None else Budget(seconds=seconds)
        last = None
        try:
            for step in self.explain(puzzle, search=False, budget=limit):
                last = step
        except (BudgetExceeded, NotImplementedError):
            return None
        if last is None or last.technique != NO_SOLUTION:
            return None
        return last.text

    # -- explaining: the one door to the deduction kernel -----------------------
    def rules(self, puzzle: P, budget: Budget | None = None) -> Deduction:
        """What the deduction kernel needs to explain and grade `puzzle`: the kind's
        `deduce.Rules` and the position before any step (a `Deduction`). `budget`:
        what the rules may charge their own work to (the kernel charges its steps)."""
        raise NotImplementedError

    def rules_from(self, puzzle: P, state: PlayState,
                   budget: Budget | None = None) -> Deduction:
        """`rules`, from a player's position (`parse_state`: their entries fixed,
        their crossings-out removed) instead of from the start. Kinds that take
        no state keep this default."""
        raise NotImplementedError

    def explain(self, puzzle: P, *, search: bool = True, trace: bool = False,
                budget: Budget | None = None) -> Iterator[Step]:
        """The deductions a person could follow. With `search=False`, stop
        where deduction stalls with a final STALLED step whose snapshot is the
        partial state; otherwise guess (GUESS steps) and go on. The last step
        is SOLVED (snapshot: the solution), STALLED or NO_SOLUTION.
        `trace=True` asks for a snapshot on every step. The kernel's explanation
        of `rules(puzzle)`: a `KindExplanation`."""
        return KindExplanation(lambda: self.rules(puzzle, budget), search=search,
                               trace=trace, budget=budget)

    # -- hints from where the player is --------------------------------------------
    state_help: str = ""

    def parse_state(self, puzzle: P, text: str) -> PlayState:
        """A player's position in the kind's state format (`hint --state`);
        PuzzleError naming the line, cell or letter for anything malformed.
        Kinds that take no state keep this default."""
        raise NotImplementedError

    def explain_from(self, puzzle: P, state: PlayState, *, search: bool = True,
                     trace: bool = False, budget: Budget | None = None) -> Iterator[Step]:
        """The explanation from the player's position (their entries fixed, their
        crossings-out removed) instead of from the start: the kernel's, of
        `rules_from(puzzle, state)`."""
        return KindExplanation(lambda: self.rules_from(puzzle, state, budget), search=search,
                               trace=trace, budget=budget)

    def solution_places(self, puzzle: P, solution: S) -> dict[str, int]:
        """{place: value} of a solution, in the names steps and states use; used
        to check a player's entries against the puzzle."""
        raise NotImplementedError

    def player_places(self, puzzle: P) -> frozenset[str] | None:
        """The places a player fills in, where steps also decide others (a
        formula's carry digits): a hint passes over steps that decide only those.
        None (the default): every place a step decides is the player's."""
        return None

    # -- the setter's workbench (`check --why`) -------------------------------------
    # A place is what `solution_places` names ("r2c3", "M"); a given fixes one
    # place's value; a clue is one part of the puzzle that constrains it (a
    # line's product, a cage, a cell's list, an equation), which can be relaxed.

    def place_values(self, puzzle: P) -> dict[str, tuple[int, ...]]:
        """{place: the values the puzzle allows there before any deduction}, for
        every place a solution fills. Kinds without givens keep this default."""
        raise NotImplementedError

    def with_givens(self, puzzle: P, givens: dict[str, int]) -> P:
        """The puzzle with these places given these values, in the kind's own
        notion of a given (its JSON shows them). Kinds without givens keep this."""
        raise NotImplementedError

    def clues(self, puzzle: P) -> tuple[str, ...]:
        """The puzzle's clues, named as the kind names them ("row 2", "cage 12+ at
        r1c1", "cell r2c3", "equation 1"); `relax` keeps some of them by index.
        Default: none (no conflict can be pointed at)."""
        return ()

    def clue_places(self, puzzle: P) -> tuple[tuple[str, ...], ...]:
        """For each clue of `clues`, the places it covers (to draw a conflict).
        Default: the cells (`r2c3`) and lone capital letters its name mentions."""
        return tuple(tuple(w for w in _PLACE_WORDS.findall(name) if w[0] == "r" or w.isupper())
                     for name in self.clues(puzzle))

    def relax(self, puzzle: P, keep: frozenset[int]) -> P:
        """The puzzle with only the clues whose index is in `keep`, the others
        relaxed (a blank product, a cage without clue, a full list...)."""
        raise NotImplementedError

    # -- generating and grading -------------------------------------------------
    def parse_params(self, size: str | int | None = None, difficulty: str | None = None,
                     **options: Any) -> Params:
        """Check generation parameters and apply the defaults, in one place.

        An unknown option, a difficulty not in `difficulties`, a size the kind
        does not take or cannot read: a one-line PuzzleError. Option values
        may be text (as in a puzzle id) and are converted to the option's type.
        """
        known = {o.name: o for o in self.options if "generate" in o.commands}
        values: dict[str, Any] = {}
        for key, value in options.items():
            option = known.get(key) or known.get(str(key).replace("-", "_"))
            if option is None:
                names = ", ".join(o.cli_flag for o in known.values()) or "none"
                raise PuzzleError(f"unknown option {key!r} for generating {self.name} "
                                  f"(its options: {names})")
            if value is not None:
                values[option.name] = option.coerce(value)
                if option.check is not None:
                    option.check(values[option.name])
        for name, option in known.items():
            values.setdefault(name, option.default)
        asked = difficulty is not None
        if difficulty is None:
            difficulty = self.default_difficulty
        elif self.difficulties:
            wanted = str(difficulty).strip().lower()
            if wanted not in self.difficulties:
                raise PuzzleError(f"unknown difficulty {difficulty!r} for {self.name} "
                                  f"(choose from {', '.join(self.difficulties)})")
            difficulty = wanted
        if size is None:
            size = self.default_size
        elif self.default_size is None and not self.size_help:
            raise PuzzleError(f"{self.name} takes no --size (got {size!r})")
        else:
            size = self.check_size(str(size).strip())
        return Params(self.name, size, self._offered(size, difficulty, asked), values)

    def difficulties_at(self, size: str | None) -> tuple[str, ...]:
        """The difficulties puzzles of a (checked) size can have: the first row of
        `offers` that covers it, else every one of `difficulties`."""
        if size is not None and self.offers:
            numbers = size_numbers(size)
            for row in self.offers:
                if row.covers(numbers):
                    return row.difficulties
        return self.difficulties

    def sizes_with(self, difficulty: str) -> str:
        """The sizes that have `difficulty`, in words: the labels of the rows of
        `offers` that list it (a kind's table ends with a row for every larger size)."""
        return " and ".join(row.label for row in self.offers
                            if difficulty in row.difficulties) or "none"

    def _offered(self, size: str | None, difficulty: str | None, asked: bool) -> str | None:
        """`difficulty` when the size has it; a default the size lacks becomes the
        hardest it has below the default (else its easiest); an asked difficulty
        it lacks is refused in one line naming the sizes that have it."""
        if difficulty is None or not self.offers:
            return difficulty
        have = self.difficulties_at(size)
        if difficulty in have:
            return difficulty
        if not asked:
            rank = self.difficulties.index
            below = [d for d in have if rank(d) < rank(difficulty)]
            return below[-1] if below else have[0]
        row = next(r for r in self.offers if r.covers(size_numbers(size or "")))
        raise PuzzleError(f"{self.name} puzzles of size {size} are never {difficulty} "
                          f"({row.reason}); the sizes with {difficulty}: "
                          f"{self.sizes_with(difficulty)}; size {size} has {', '.join(have)}")

    def check_size(self, size: str) -> str:
        """A size as given to `generate --size`, checked and written canonically
        (PuzzleError if unreadable). Default: taken as is."""
        return size

    @abc.abstractmethod
    def generate(self, rng: random.Random, size: str | None = None,
                 difficulty: str | None = None, budget: Budget | None = None,
                 **options: Any) -> Generated:
        """A puzzle with exactly one solution (proved by search), of the asked
        size and difficulty. The parameters are those of `parse_params`
        (services call it first); all randomness comes from `rng`."""

    def grade(self, puzzle: P, budget: Budget | None = None) -> str:
        """The puzzle's difficulty: the hardest technique rung its explanation
        needs, one of `difficulties`. The one grade, for every command and every
        generator: the kernel's (`deduce.grade`) on `rules(puzzle)`, bounded by
        `budget` alone (BudgetExceeded when it runs out)."""
        from .deduce import grade
        found = self.rules(puzzle, budget)
        return grade(found.rules, found.position, budget=budget, limits=found.limits)[0]

    def enumerates(self, options: dict[str, Any]) -> bool:
        """True when these generate options ask for every puzzle of a family (a
        word list's `--all`) rather than random ones; `generate_all` then runs."""
        return False

    def generate_all(self, *, difficulty: str | None = None, budget: Budget | None = None,
                     limit: int | None = None,
                     progress: Callable[[int, int, str], None] | None = None,
                     graded: bool = True, **options: Any) -> Iterator[Generated]:
        """Every puzzle the options describe, lazily, each with exactly one solution;
        at most `limit`. `progress(done, total, status)` is called as the work goes;
        `graded=False` lets a kind skip grading when no one reads the grade."""
        raise NotImplementedError

    # -- presenting -------------------------------------------------------------
    def render(self, puzzle: P, solution: S | None = None,
               fmt: str = "text") -> str:
        """The puzzle (solved when `solution` is given) in one of `formats`.

        "json" is `puzzle.envelope()` plus `"solution"`, "svg" the kind's
        `draw`, the others its `render_as`. The result never ends with a newline.
        """
        if fmt not in self.formats:
            raise PuzzleError(f"unknown format {fmt!r} for {self.name} "
                              f"(one of: {', '.join(self.formats)})")
        if fmt == "json":
            import json
            data = puzzle.envelope()
            if solution is not None:
                data["solution"] = solution.to_json()
            return json.dumps(data)
        if fmt == "svg":
            return self.draw(puzzle, solution).rstrip("\n")
        return self.render_as(puzzle, solution, fmt).rstrip("\n")

    @abc.abstractmethod
    def render_as(self, puzzle: P, solution: S | None, fmt: str) -> str:
        """The puzzle (solved when `solution` is given) as "text", "markdown" or
        "html" (an HTML fragment)."""

    @property
    def formats(self) -> tuple[str, ...]:
        """The formats `render` takes: FORMATS, and "svg" when the kind draws."""
        return FORMATS + (("svg",) if type(self).draw is not Kind.draw else ())

    def draw(self, puzzle: P, solution: S | None = None,
             highlight: Any = None, state: PlayState | None = None) -> str:
        """The puzzle (solved when `solution` is given) drawn as an SVG document;
        `render(fmt="svg")` returns the same. `highlight`: places to emphasise, as
        explanation steps name them ("r2c3", "row 4", "M"). `state`: a player's
        position (`hint --state`), drawn in the player's ink: their entries, and
        without the candidates they crossed out. Optional."""
        raise NotImplementedError

    def canonical_key(self, puzzle: P) -> str:
        """A key equal for puzzles the kind considers the same (row/column
        permutations, renamings...). Default: the exact JSON."""
        import hashlib
        import json
        blob = json.dumps(puzzle.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def size_of(self, puzzle: P) -> str:
        """The size label of a puzzle as `generate --size` would write it."""
        return ""

    # -- the kind's files -------------------------------------------------------
    def files(self) -> Traversable:
        """The folder of the package that defines the kind, where its data lives:
        `examples/` (bundled puzzles), `static/` (the web page's play module
        `play.js`, with `play.css` when it has one), `testdata/` (hostile and
        fuzz inputs). A kind defined in a module outside any package (a test's,
        a notebook's) has the folder named after that module beside it, if any."""
        from importlib import resources
        from pathlib import Path
        module = sys.modules[type(self).__module__]
        if module.__package__:
            return resources.files(module.__package__)
        file = getattr(module, "__file__", None)
        return Path(file).with_suffix("") if file else Path(os.devnull)

    def play_data(self) -> dict[str, Any]:
        """JSON the kind's play module receives with `/api/kinds` (colours, say)."""
        return {}


# The registry's lookups, typed here (the registry stays below the interface).
get_kind: Callable[[str | Kind], Kind] = registry.get_kind
all_kinds: Callable[[], list[Kind]] = registry.all_kinds

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


_REFUSED = object()


def _shown(value: Any) -> str:
    """A value a user gave, cut short for an error line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _strict_value(option: KindOption, value: Any) -> Any:
    """A JSON value as the option's type, or _REFUSED: true/false for a flag, a
    whole number for int, any number for float, text (or a number) for text."""
    wanted = option.type
    if isinstance(value, bool):
        return value if wanted is bool else _REFUSED
    if wanted is bool:
        return _REFUSED
    if wanted is int:
        return value if isinstance(value, int) else _REFUSED
    if wanted is float:
        return float(value) if isinstance(value, int | float) else _REFUSED
    return str(value) if isinstance(value, str | int | float) else _REFUSED


def _option_value(option: KindOption, value: Any) -> Any:
    """`value` (possibly text) as the option's type; PuzzleError otherwise."""
    wanted = option.type
    if option.file and isinstance(value, InlineText):
        return value
    try:
        if wanted is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE | _FALSE:
                return text in _TRUE
            raise ValueError
        if wanted is int:
            if isinstance(value, bool) or isinstance(value, float) and not value.is_integer():
                raise ValueError
            return int(value)
        if wanted is float:
            if isinstance(value, bool):
                raise ValueError
            return float(value)
        return str(value)
    except (TypeError, ValueError):
        raise PuzzleError(f"option {option.cli_flag} expects {wanted.__name__}, "
                          f"not {value!r}") from None
