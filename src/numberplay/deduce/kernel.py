"""The deduction kernel: the ladder, its fixpoint, trials, guesses and the grade,
on positions of flat integer masks, building no sentence (`narrator.py` words
the path it takes).

What a kind implements is `Rules` (the protocol below): its ladder of
`Technique`s, each a narrowing function tagged with its rung, and a few
operations on positions. The kernel runs it the way Simon Tatham's `latin.c`
does:

1. the ladder, easiest first; after any progress it starts again from the
   easiest technique (`step`, `fixpoint`);
2. where every technique stalls, a TRIAL (`find_trial`): every value of the
   places with the fewest values (two-candidate places first) is supposed in
   turn, the techniques are followed from there, and the supposition whose
   contradiction comes soonest is kept (the first of the shortest); trials
   nest up to `Limits.trial_depth` deep and are bounded in length and number;
3. only when no bounded trial closes, a GUESS that branches, with a BACKTRACK
   when the branch runs into a contradiction (`Run`);
4. the GRADE (`grade`): the kind's label of the path's tally (hardest rung,
   trials, guesses, how it ended), stopping as soon as the label can only be
   the last one.

Positions. A position is the kind's state of knowledge as flat integer masks
(`list[int]`: a cell's candidates, a letter's digits, a carry's values); the
kernel never looks inside, it only copies it (`Rules.copy`) and hands it to the
kind. Places are named as the steps name them (`r2c3`, `E`), values as shown.

Techniques. `Technique(name, rung, find)`: `find(pos)` looks for ONE
deduction; it narrows `pos` in place (the kernel always hands it a position
it owns: a trial works on a copy) and returns a *move*, or None. A move is
any object with a `technique` attribute (the technique's name) that records
what the narrator needs to word it (cells, removals, the line, the values);
building the sentence is the narrator's job (`Rules.narrate`), done only for
the path the kernel keeps, never during the trial search. `find` depends on
the position alone (no hidden state, so a chain followed again gives the same
moves) and may raise `Contradiction` when it sees the position is impossible.
(A kind not yet moved to moves may still return a finished `Step` as its
move: `Rules.narrate` passes it through.)

Rungs. A technique's own `rung` (0 = easiest; several may share one); a
trial of depth d counts `top_rung + d`; a guess `top_rung + trial_depth + 1`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..budget import Budget, ensure
from .moves import Move  # the one move type: a technique's record of one deduction

Position = Any        # flat integer masks for every built-in kind (see the module doc)
Place = str


class Contradiction(Exception):  # noqa: N818 - it is a finding, not an error
    """The position is impossible: `text` says what ran out, `cells` where."""

    def __init__(self, text: str, cells: tuple[str, ...] = ()) -> None:
        super().__init__(text)
        self.text = text
        self.cells = tuple(cells)


@dataclass(frozen=True)
class Technique:
    """One rung of a kind's ladder.

    name: the technique's name (a move's and a step's `technique`).
    rung: its difficulty, 0 = easiest; several techniques may share a rung.
    find: `find(pos) -> Move | None`, narrowing `pos` in place (see the module doc).
    sweep: the same technique without words, for the quiet run (`quiet`):
      `sweep(pos) -> bool` makes every deduction `find` would find in `pos` now
      (or more of the same rule), True if anything went; it may raise
      `Contradiction` (or leave a place empty: `quiet` checks at the end), and it
      must stand a position a contradiction is in. None: one `find` stands for it.
    """

    name: str
    rung: int
    find: Callable[[Position], Move | None]
    sweep: Callable[[Position], bool] | None = None


@dataclass(frozen=True)
class Limits:
    """Bounds on trials: how deep they nest, how long a chain may run, how many
    are tried at one stall."""

    trial_depth: int = 1
    max_chain: int = 60
    max_trials: int = 400
    # Rungs the consequences of a trial may use, tried in turn: first only the
    # techniques up to the first rung (cheap chains, as players make them), then
    # up to the next (None: the whole ladder). Kinds set their own in Rules.
    trial_rungs: tuple[int | None, ...] = (None,)
    # After this many stalls where no trial closed, stop trying (guess at once):
    # failed trial searches are the expensive part of an explanation.
    max_failed_stalls: int = 2


@dataclass(frozen=True)
class Tally:
    """What a path used: the hardest rung (-1: none), trials and guesses made, and
    how it ended ("solved", "stalled", "no solution"; "" while it runs or when the
    grade stopped early)."""

    rung: int = -1
    trials: int = 0
    guesses: int = 0
    end: str = ""


class Rules:
    """The protocol a kind implements for the kernel (subclass it)."""

    techniques: Sequence[Technique] = ()
    grades: Sequence[str] = ()
    # The rungs a trial's consequences may use, tried in turn (None: all); see Limits.
    trial_rungs: tuple[int | None, ...] | None = None
    solved_text: str = "Solved: every place is decided and every rule checks."
    # True when the sweeps of the easiest rung find every contradiction that
    # `contradiction` finds: `quiet` then checks nothing more at its end.
    sweeps_check: bool = False

    # -- positions -------------------------------------------------------------------
    def copy(self, pos: Position) -> Position:
        """An independent copy of the position."""
        raise NotImplementedError

    def contradiction(self, pos: Position) -> Contradiction | str | None:
        """What ran out (a sentence or a Contradiction), or None when consistent."""
        raise NotImplementedError

    def solved(self, pos: Position) -> bool:
        """Is every place decided (and the position consistent)?"""
        raise NotImplementedError

    def decided(self, pos: Position) -> bool:
        """Is every place decided (its consistency known)? Default: `solved`."""
        return self.solved(pos)

    def candidates(self, pos: Position) -> list[tuple[Place, list[Any]]]:
        """The undecided places and their values, in a fixed order."""
        raise NotImplementedError

    def assume(self, pos: Position, place: Place, value: Any) -> None:
        """Fix `place` to `value` in `pos` (may raise Contradiction)."""
        raise NotImplementedError

    def exclude(self, pos: Position, place: Place, value: Any) -> None:
        """Remove `value` from `place` in `pos` (may raise Contradiction)."""
        raise NotImplementedError

    # -- words (for the narrator) --------------------------------------------------
    def narrate(self, move: Move, before: Position) -> Any:
        """The `Step` a person reads for `move`, made in position `before` (a copy
        the narrator owns). Default: the move is already a Step."""
        return move

    def snapshot(self, pos: Position) -> str | None:
        """The position as text (for --trace and the last step)."""
        return None

    # -- speed hooks (optional) ----------------------------------------------------
    def settle(self, pos: Position, max_rung: int | None = None) -> str | None:
        """The ladder's fixpoint up to `max_rung` computed faster than step by step
        (by propagation, or compiled), narrowing `pos` in place to it or to a
        stronger one, never a weaker one: "solved", "stalled" or "contradiction".
        None (the default): the kind has none, `fixpoint` runs the ladder. Tests
        hold a kind's `settle` to the ladder run step by step."""
        return None

    def closes(self, pos: Position, place: Place, value: Any,
               max_rung: int | None = None, before: Position | None = None) -> bool:
        """Might the techniques (up to `max_rung`) reach a contradiction from `pos`,
        the position after supposing `place` = `value`? A kind that can tell quickly
        that they surely stall (a fixpoint at least as strong as its ladder that
        finds no contradiction) returns False and the trial is not followed; the
        default follows every trial. `before`: the position the supposition was
        made in (`pos` lies inside it)."""
        return True

    # -- grades ----------------------------------------------------------------------
    def label(self, tally: Tally) -> str:
        """The difficulty of a path: `grades[hardest rung]` (the last label beyond
        them, or when the path did not end solved)."""
        if tally.end and tally.end != "solved":
            return self.grade_label(len(self.grades) - 1 if self.grades else tally.rung)
        return self.grade_label(tally.rung)

    # -- derived -----------------------------------------------------------------------
    @property
    def top_rung(self) -> int:
        """The highest rung of a technique."""
        return max((t.rung for t in self.techniques), default=0)

    def grade_label(self, rung: int) -> str:
        """The label of a rung (`grades[rung]`, the last label beyond them)."""
        if not self.grades:
            return str(max(rung, 0))
        return self.grades[min(max(rung, 0), len(self.grades) - 1)]


_RUNGS: dict[int, tuple[Any, dict[str, int]]] = {}


def technique_rung(rules: Rules, name: str) -> int:
    """The rung of the technique called `name` in `rules` (-1 if none)."""
    key = id(rules)
    cached = _RUNGS.get(key)
    if cached is None or cached[0] is not rules.techniques:
        table: dict[str, int] = {}
        for t in rules.techniques:
            table.setdefault(t.name, t.rung)
        if len(_RUNGS) > 1000:
            _RUNGS.clear()
        cached = _RUNGS[key] = (rules.techniques, table)
    return cached[1].get(name, -1)


def trial_depth_of(step: Any) -> int:
    """1 for a trial whose chain uses techniques only, 2 with a trial inside..."""
    from ..model import TRIAL
    inner = [trial_depth_of(s) for s in getattr(step, "chain", ())
             if getattr(s, "technique", None) == TRIAL]
    return 1 + max(inner, default=0)


# -- the path the kernel takes ------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A technique's move; `before`: a copy of the position it was made in (None
    inside a trial being searched, where nothing is worded)."""

    move: Move
    before: Position | None = None

    @property
    def technique(self) -> str:
        """The move's technique."""
        return str(self.move.technique)


@dataclass(frozen=True)
class Trial:
    """Supposing `place` = `value` leads, through `chain`, to the contradiction `end`."""

    place: Place
    value: Any
    chain: tuple[Played | Trial, ...]
    end: Contradiction
    technique: str = field(default="trial", init=False)

    @property
    def depth(self) -> int:
        """1 for a chain of techniques only, 2 with a trial inside..."""
        return 1 + max((t.depth for t in self.chain if isinstance(t, Trial)), default=0)


@dataclass(frozen=True)
class Guess:
    """A branching guess; `why` says why no trial was made: "off" (trials switched
    off), "none" (no bounded trial closes), "stopped" (trials are no longer tried:
    none closed at `max_failed_stalls` stalls)."""

    place: Place
    value: Any
    values: tuple[Any, ...]
    why: str


@dataclass(frozen=True)
class Failed:
    """The guessed branch ran into `contradiction`."""

    contradiction: Contradiction


@dataclass(frozen=True)
class Backtrack:
    """Back to the guess `place` = `value`: it failed, so the value goes."""

    place: Place
    value: Any


@dataclass(frozen=True)
class End:
    """How the path ended: "solved", "stalled", "no solution" (with what ran out)."""

    status: str
    contradiction: Contradiction | None = None


Event = Played | Trial | Guess | Failed | Backtrack | End


def size(chain: Sequence[Played | Trial]) -> int:
    """Steps in a chain as an explanation shows them: a trial counts itself, its
    chain and its contradiction."""
    return sum(1 if isinstance(x, Played) else 2 + size(x.chain) for x in chain)


# -- the ladder ----------------------------------------------------------------------


def _as_contradiction(found: Contradiction | str | None) -> Contradiction | None:
    if found is None or isinstance(found, Contradiction):
        return found
    return Contradiction(str(found))


def check(rules: Rules, pos: Position) -> Contradiction | None:
    """The position's contradiction, or None while it is consistent."""
    return _as_contradiction(rules.contradiction(pos))


def step(rules: Rules, pos: Position, budget: Budget | None = None,
         max_rung: int | None = None) -> Move | None:
    """The quiet step: the easiest technique's move (applied to `pos`), or None;
    only techniques up to `max_rung` when given. Raises Contradiction when a
    technique finds the position impossible."""
    for technique in rules.techniques:
        if max_rung is not None and technique.rung > max_rung:
            break
        if budget is not None:
            budget.tick()
        move = technique.find(pos)
        if move is not None:
            return move
    return None


def fixpoint(rules: Rules, pos: Position, max_rung: int | None = None,
             budget: Budget | None = None, fast: bool = True) -> Tally:
    """Narrow `pos` in place with the techniques up to `max_rung` until none
    applies: the tally's `end` is "solved", "stalled" or "no solution", its
    `rung` the hardest technique used. With `fast`, through the kind's `settle`
    when it has one (the rung is then not known: -1)."""
    if fast:
        status = rules.settle(pos, max_rung)
        if status is not None:
            return Tally(-1, end="no solution" if status == "contradiction" else status)
    hardest = -1
    while True:
        if check(rules, pos) is not None:
            return Tally(hardest, end="no solution")
        try:
            move = step(rules, pos, budget, max_rung)
        except Contradiction:
            return Tally(hardest, end="no solution")
        if move is None:
            return Tally(hardest, end="solved" if rules.solved(pos) else "stalled")
        hardest = max(hardest, technique_rung(rules, move.technique))


def quiet(rules: Rules, pos: Position, max_rung: int | None = None) -> str:
    """The quiet run: narrow `pos` in place with the techniques up to `max_rung`,
    each as its `sweep` (every deduction it finds at once, no move, no words),
    starting again from the easiest after any progress: "solved", "stalled" or
    "contradiction". Every technique only removes, so this is the ladder's
    fixpoint (what `fixpoint` reaches step by step), reached with fewer passes;
    and a contradiction, once there, stays: the position is checked once, at the
    end (a sweep that meets one may raise `Contradiction` at once)."""
    sweeps = _sweeps(rules, max_rung)
    try:
        while True:
            for sweep in sweeps:
                if sweep(pos):
                    break
            else:
                break
    except Contradiction:
        return "contradiction"
    if rules.sweeps_check and sweeps:
        return "solved" if rules.decided(pos) else "stalled"
    if check(rules, pos) is not None:
        return "contradiction"
    return "solved" if rules.solved(pos) else "stalled"


_SWEEPS: dict[tuple[int, int | None], tuple[Any, list[Callable[[Position], bool]]]] = {}


def _sweeps(rules: Rules, max_rung: int | None) -> list[Callable[[Position], bool]]:
    """The sweeps of the techniques up to `max_rung`, in ladder order (remembered)."""
    key = (id(rules), max_rung)
    hit = _SWEEPS.get(key)
    if hit is not None and hit[0] is rules.techniques:
        return hit[1]
    out: list[Callable[[Position], bool]] = []
    for t in rules.techniques:
        if max_rung is not None and t.rung > max_rung:
            break
        out.append(t.sweep if t.sweep is not None else _once(t.find))
    if len(_SWEEPS) > 256:
        _SWEEPS.clear()
    _SWEEPS[key] = (rules.techniques, out)
    return out


def _once(find: Callable[[Position], Move | None]) -> Callable[[Position], bool]:
    """A technique without a sweep: one move of it stands for the sweep."""
    def sweep(pos: Position) -> bool:
        return find(pos) is not None
    return sweep


# -- trials ----------------------------------------------------------------------------


def _chain(rules: Rules, pos: Position, depth: int, limit: int, limits: Limits,
           budget: Budget, max_rung: int | None, record: bool
           ) -> tuple[list[Played | Trial], Contradiction] | None:
    """Deduce in `pos` (a copy) until a contradiction; None if it stalls, solves,
    or runs past `limit` steps. `depth` = nested trials still allowed."""
    chain: list[Played | Trial] = []
    while True:
        found = check(rules, pos)
        if found is not None:
            return chain, found
        if len(chain) >= limit:
            return None
        before = rules.copy(pos) if record else None
        try:
            move = step(rules, pos, budget, max_rung)
        except Contradiction as exc:
            return chain, exc
        if move is not None:
            chain.append(Played(move, before))
            continue
        if depth <= 0 or rules.solved(pos):
            return None
        trial = find_trial(rules, pos, depth, limit - len(chain) - 1, limits, budget,
                           max_rung, record=record)
        if trial is None:
            return None
        chain.append(trial)
        try:
            rules.exclude(pos, trial.place, trial.value)
        except Contradiction as exc:
            return chain, exc


def follow(rules: Rules, pos: Position, place: Place, value: Any, depth: int, bound: int,
           limits: Limits, budget: Budget, max_rung: int | None = None,
           record: bool = True) -> Trial | None:
    """The trial `place` = `value` from `pos` followed to its contradiction (within
    `bound` steps, nested trials `depth - 1` deep), None if it does not close."""
    work = rules.copy(pos)
    try:
        rules.assume(work, place, value)
    except Contradiction as exc:
        return Trial(place, value, (), exc)
    found = _chain(rules, work, depth - 1, bound, limits, budget, max_rung, record)
    if found is None:
        return None
    return Trial(place, value, tuple(found[0]), found[1])


def find_trial(rules: Rules, pos: Position, depth: int, limit: int, limits: Limits,
               budget: Budget, max_rung: int | None = None, record: bool = True
               ) -> Trial | None:
    """The supposition whose consequences reach a contradiction soonest (at most
    `limit` steps, nested trials `depth - 1` deep), trying places with the fewest
    values first and stopping after the first group that yields one; the first of
    the shortest. The search records nothing; with `record` the chosen trial is
    followed once more keeping each move's position (for the narrator)."""
    if limit < 0:
        return None
    found = _search(rules, pos, depth, limit, limits, budget, max_rung)
    if found is None:
        return None
    best, bound = found
    if not record:
        return best
    work = rules.copy(pos)
    try:
        rules.assume(work, best.place, best.value)
    except Contradiction:
        return best        # no step was taken: nothing was left unsaid
    again = follow(rules, pos, best.place, best.value, depth, bound, limits, budget,
                   max_rung, True)
    assert again is not None and size(again.chain) == size(best.chain), \
        "a trial followed again must give the same steps"
    return again


def _search(rules: Rules, pos: Position, depth: int, limit: int, limits: Limits,
            budget: Budget, max_rung: int | None) -> tuple[Trial, int] | None:
    """find_trial's search: (the trial, the step bound its chain was found under)."""
    places = sorted(rules.candidates(pos), key=lambda pv: len(pv[1]))
    best: tuple[Trial, int] | None = None
    tried = 0
    group = None
    for place, values in places:
        if len(values) < 2:
            continue
        if group is not None and len(values) != group and best is not None:
            break
        group = len(values)
        for value in values:
            if tried >= limits.max_trials:
                return best
            tried += 1
            work = rules.copy(pos)
            bound = limit if best is None else min(limit, size(best[0].chain) - 1)
            if bound < 0:
                return best
            try:
                rules.assume(work, place, value)
            except Contradiction as exc:
                return Trial(place, value, (), exc), bound
            if depth <= 1 and not rules.closes(work, place, value, max_rung, pos):
                continue       # the techniques surely stall: no chain to follow
            result = _chain(rules, work, depth - 1, bound, limits, budget, max_rung, False)
            if result is None:
                continue
            chain, end = result
            if best is None or size(chain) < size(best[0].chain):
                best = Trial(place, value, tuple(chain), end), bound
                if not chain:
                    return best
    return best


# -- the whole path ----------------------------------------------------------------------


class Run:
    """The path from a position: iterate for its events (`Played`, `Trial`,
    `Guess`, `Failed`, `Backtrack`, then one `End`). While iterating, `position` is
    the live position after the last event (read it before asking for the next),
    `tally` what was used so far. `stop(tally)`, asked at each stall before a
    trial is searched, may end the run there (a tally that cannot change the
    grade any more): it then ends without an `End`. It is also asked, before
    trials d > 1 deep are searched, with the tally's rung raised to
    `top_rung + d` (what a trial d deep counts): no shallower trial closed, so
    a trial d deep or a guess comes next, and where one more trial of that rung
    settles the label, none is searched."""

    def __init__(self, rules: Rules, pos: Position, *, search: bool = True,
                 budget: Budget | None = None, limits: Limits | None = None,
                 trials: bool = True, record: bool = True,
                 stop: Callable[[Tally], bool] | None = None) -> None:
        self.rules = rules
        self.position = pos
        self.search = search
        self.budget = ensure(budget)
        self.limits = limits or Limits()
        self.trials = trials
        self.record = record
        self.stop = stop
        self.tally = Tally()
        self.failed_stalls = 0
        self.stopped = False   # `stop` ended the run before a deeper trial search

    def _note(self, rung: int, trials: int = 0, guesses: int = 0) -> None:
        t = self.tally
        self.tally = Tally(max(t.rung, rung), t.trials + trials, t.guesses + guesses)

    def __iter__(self) -> Iterator[Event]:
        rules = self.rules
        top = rules.top_rung
        stack: list[tuple[Position, Place, Any]] = []   # (position before the guess, place, value)
        pending: Contradiction | None = None   # found while applying a removal
        while True:
            pos = self.position
            found, pending = pending or check(rules, pos), None
            move = None
            before = None
            if found is None:
                before = rules.copy(pos) if self.record else None
                try:
                    move = step(rules, pos, self.budget)
                except Contradiction as exc:
                    found = exc
            if found is not None:
                if not stack:
                    self.tally = replace(self.tally, end="no solution")
                    yield End("no solution", found)
                    return
                yield Failed(found)
                self.position, place, value = stack.pop()
                pending = self._exclude(self.position, place, value)
                yield Backtrack(place, value)
                continue
            if move is not None:
                self._note(technique_rung(rules, move.technique))
                yield Played(move, before)
                continue
            if rules.solved(pos):
                self.tally = replace(self.tally, end="solved")
                yield End("solved")
                return
            if not self.search:
                self.tally = replace(self.tally, end="stalled")
                yield End("stalled")
                return
            if self.stop is not None and self.stop(self.tally):
                return
            trial = self._trial(pos)
            if self.stopped:
                return
            if trial is not None:
                self._note(top + trial.depth, trials=1)
                pending = self._exclude(pos, trial.place, trial.value)
                yield trial
                continue
            guess, pending = self._guess(pos, stack)
            yield guess

    def _guess(self, pos: Position, stack: list[tuple[Position, Place, Any]]
               ) -> tuple[Guess, Contradiction | None]:
        """Branch on the first value of the place with the fewest values."""
        rules, limits = self.rules, self.limits
        places = [pv for pv in rules.candidates(pos) if len(pv[1]) > 1]
        place, values = min(places, key=lambda pv: len(pv[1]))
        value = values[0]
        self._note(rules.top_rung + limits.trial_depth + 1, guesses=1)
        stack.append((rules.copy(pos), place, value))
        if not self.trials:
            why = "off"
        elif self.failed_stalls > limits.max_failed_stalls:
            why = "stopped"
        else:
            why = "none"
        if self.trials and self.failed_stalls == limits.max_failed_stalls:
            self.failed_stalls += 1   # said once; later guesses say trials stopped
        guess = Guess(place, value, tuple(values), why)
        try:
            rules.assume(pos, place, value)
        except Contradiction as exc:
            return guess, exc
        return guess, None

    def _exclude(self, pos: Position, place: Place, value: Any) -> Contradiction | None:
        try:
            self.rules.exclude(pos, place, value)
        except Contradiction as exc:
            return exc
        return None

    def _trial(self, pos: Position) -> Trial | None:
        if not self.trials or self.failed_stalls >= self.limits.max_failed_stalls:
            return None
        found = self._find(pos)
        if found is None:
            self.failed_stalls += 1
        return found

    def _find(self, pos: Position) -> Trial | None:
        rungs = self.rules.trial_rungs or self.limits.trial_rungs
        # later passes (a longer ladder inside each trial) cost more: try fewer
        later = replace(self.limits, max_trials=max(20, self.limits.max_trials // 10))
        top = self.rules.top_rung
        for depth in range(1, self.limits.trial_depth + 1):
            if depth > 1 and self.stop is not None and self.stop(
                    replace(self.tally, rung=max(self.tally.rung, top + depth))):
                # no shallower trial closes, so a trial this deep or a guess comes
                # next, and either makes the label the last one: it is not searched
                self.stopped = True
                return None
            for k, max_rung in enumerate(rungs):
                limits = self.limits if k == 0 else later
                trial = find_trial(self.rules, pos, depth, limits.max_chain, limits,
                                   self.budget, max_rung, record=self.record)
                if trial is not None:
                    return trial
        return None


# -- the grade -------------------------------------------------------------------------


def grade(rules: Rules, pos: Position, *, budget: Budget | None = None,
          limits: Limits | None = None) -> tuple[str, Tally]:
    """The one grade: (the kind's label of the path's tally, the tally), from the
    path an explanation of `pos` takes (`pos` is not changed). It stops as soon
    as the label cannot change: at a stall where even one more trial makes the
    label the last one, no trial is searched."""
    run = Run(rules, rules.copy(pos), budget=budget, limits=limits or Limits(),
              record=False, stop=grade_stop(rules))
    for _ in run:
        pass
    return final_label(rules, run.tally), run.tally


def grade_stop(rules: Rules) -> Callable[[Tally], bool]:
    """`Run`'s `stop` for grading: at a stall where even one more trial makes the
    label the last one, the label is known (`final_label`) and no trial is searched."""
    last = rules.grades[-1] if rules.grades else None
    top = rules.top_rung

    def stop(tally: Tally) -> bool:
        one_more = Tally(max(tally.rung, top + 1), tally.trials + 1, tally.guesses,
                         "solved")
        return rules.label(one_more) == last
    return stop


def final_label(rules: Rules, tally: Tally) -> str:
    """The label of a path that ran to its end, or that `grade_stop` stopped (no
    `end`: the last label, whatever follows)."""
    if not tally.end and rules.grades:
        return rules.grades[-1]
    return rules.label(tally)
