"""The setter's workbench (`check --why`): why a puzzle is unique, ambiguous or
impossible, and what mends it, for any kind.

Built on the kind interface alone: `solutions` (bounded), `explain`, `grade`,
and the workbench methods a kind implements (`place_values`, `with_givens`,
`clues`, `relax`). What a report holds, by verdict:

- unique: the difficulty (`Kind.grade`) and the techniques of the explanation, counted;
- multiple: two solutions and where they differ, the true candidates (the values
  some solution uses, found by asking the search for a solution with each value
  not yet seen), the fewest givens that make the puzzle unique and the puzzle
  with them;
- none: a conflict (a set of clues without solution, shrunk by deletion while it
  stays without one), the puzzle of those clues alone, and its explanation.

Every search charges the caller's budget; what a budget cut short says so
(`"candidates_complete": false`, `"fix_minimal": false`, `"conflict_minimal": false`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..budget import Budget, ensure
from ..errors import BudgetExceeded, PuzzleError
from ..kinds import Kind, get_kind
from ..model import NO_SOLUTION, SOLVED, Puzzle
from ..text import step_body
from .reports import explained

Places = dict[str, int]

ENUMERATE = 2000       # solutions listed before the candidates are asked value by value
FEW_SOLUTIONS = 500    # the exact fix by hitting sets up to this many solutions
FEW_PLACES = 16        # the exact fix by subsets of places up to this many open places
PROVE_SECONDS = 1.0    # asking the search for a smaller fix than the greedy one, at most
SHOWN_STEPS = 12       # steps of it shown in text
MAX_STEPS = 300        # steps of a conflict's explanation shown at most
WHY_SECONDS = 20.0     # the whole workbench, at most (inside the caller's budget)


def why(puzzle: Puzzle, budget: Budget | None = None,
        seconds: float | None = WHY_SECONDS) -> dict[str, Any]:
    """The workbench report of a puzzle: `{"verdict", ...}` with the keys of its
    verdict (see the module); `{"why_stopped": message}` when the budget runs out
    before even the verdict is known."""
    impl = get_kind(puzzle.kind)
    budget = ensure(budget).child(seconds=seconds)
    try:
        found = list(impl.solutions(puzzle, limit=2, budget=budget))
    except BudgetExceeded as exc:
        return {"why_stopped": str(exc)}
    if len(found) == 1:
        return _unique(impl, puzzle, budget)
    if len(found) >= 2:
        return _multiple(impl, puzzle, found, budget)
    return _none(impl, puzzle, budget)


# -- unique -------------------------------------------------------------------------------------

def _unique(impl: Kind, puzzle: Puzzle, budget: Budget) -> dict[str, Any]:
    """The difficulty (the grade that travels with the explanation, as `explain`
    prints it) and the techniques of the explanation, counted."""
    run = explained(puzzle, budget=budget.child())
    counts = Counter(step.technique for step in run.steps if step.technique != SOLVED)
    out: dict[str, Any] = {"verdict": "unique", "techniques": dict(counts.most_common())}
    if run.difficulty is not None:
        out["difficulty"] = run.difficulty
    if not run.complete:
        out["techniques_complete"] = False
    return out


# -- several solutions --------------------------------------------------------------------------

def _multiple(impl: Kind, puzzle: Puzzle, found: list[Any], budget: Budget) -> dict[str, Any]:
    """Two solutions, where they differ, the true candidates and the fewest givens."""
    first, second = (impl.solution_places(puzzle, s) for s in found[:2])
    out: dict[str, Any] = {
        "verdict": "multiple",
        "solutions": [s.to_json() for s in found[:2]],
        "differ": [p for p in first if first[p] != second.get(p)],
    }
    try:
        domains = impl.place_values(puzzle)
    except NotImplementedError:
        return out
    pool = Pool(impl, puzzle)
    pool.add([first, second])
    all_found = pool.enumerate(budget)
    candidates, complete = true_candidates(pool, domains, budget, all_found)
    out["candidates"] = {p: sorted(v) for p, v in candidates.items()}
    out["candidates_complete"] = complete
    if not complete:        # the contract: "complete": false when the budget ran out
        out["complete"] = False
    fix, minimal = fewest_givens(pool, candidates, budget, all_found)
    if fix is not None:
        out["fix"] = [{"at": p, "value": v} for p, v in fix.items()]
        out["fix_minimal"] = minimal
        fixed = impl.with_givens(puzzle, fix)
        out["fixed_puzzle"] = fixed.to_json()
        out["fixed_text"] = impl.to_text(fixed)
    return out


class Pool:
    """The solutions seen so far (as places), and the searches that find more."""

    def __init__(self, impl: Kind, puzzle: Puzzle) -> None:
        self.impl, self.puzzle = impl, puzzle
        self.seen: list[Places] = []
        self.keys: set[tuple[tuple[str, int], ...]] = set()
        self.having: dict[tuple[str, int], set[int]] = {}   # (place, value) -> solutions

    def add(self, places: Iterable[Places]) -> None:
        """Remember these solutions (each once)."""
        for p in places:
            key = tuple(sorted(p.items()))
            if key not in self.keys:
                self.keys.add(key)
                for item in p.items():
                    self.having.setdefault(item, set()).add(len(self.seen))
                self.seen.append(p)

    def matching(self, givens: Places) -> int:
        """How many known solutions have these givens (0, 1 or 2: two or more)."""
        sets = sorted((self.having.get(item, set()) for item in givens.items()), key=len)
        if not sets:
            return min(2, len(self.seen))
        common = set(sets[0])
        for other in sets[1:]:
            common &= other
            if len(common) < 2:
                break
        return min(2, len(common))

    def enumerate(self, budget: Budget) -> bool:
        """List up to ENUMERATE solutions; True when that was all of them."""
        try:
            sols = list(self.impl.solutions(self.puzzle, limit=ENUMERATE + 1,
                                            budget=budget.child(seconds=_share(budget, 4))))
        except BudgetExceeded:
            return False
        self.add(self.impl.solution_places(self.puzzle, s) for s in sols)
        return len(sols) <= ENUMERATE

    def given(self, givens: Places, limit: int, budget: Budget) -> list[Places]:
        """Up to `limit` solutions with these givens (remembered too); none when the
        kind refuses them together (two letters given one digit)."""
        try:
            puzzle = self.impl.with_givens(self.puzzle, givens)
            found = [self.impl.solution_places(self.puzzle, s)
                     for s in self.impl.solutions(puzzle, limit=limit, budget=budget)]
        except PuzzleError:
            return []
        self.add(found)
        return found


def true_candidates(pool: Pool, domains: dict[str, tuple[int, ...]], budget: Budget,
                    all_found: bool) -> tuple[dict[str, set[int]], bool]:
    """{place: the values some solution uses} and whether that is proved complete.
    Every (place, value) no solution seen uses is asked of the search."""
    cands: dict[str, set[int]] = {p: set() for p in domains}
    for s in pool.seen:
        for p, v in s.items():
            cands.setdefault(p, set()).add(v)
    if all_found:
        return cands, True
    try:
        for p, values in domains.items():
            for v in values:
                if v in cands[p]:
                    continue
                for s in pool.given({p: v}, 1, budget):
                    for q, w in s.items():
                        cands.setdefault(q, set()).add(w)
    except BudgetExceeded:
        return cands, False
    return cands, True


def fewest_givens(pool: Pool, cands: dict[str, set[int]], budget: Budget,
                  all_found: bool) -> tuple[Places | None, bool]:
    """(The fewest givens that leave one solution, proved fewest?). With every
    solution known, an exact search over them (`_exact_fix`); otherwise a greedy
    fix shrunk by deletion, then every smaller set of givens asked of the search
    (`_probe_fix`) while PROVE_SECONDS last: proved fewest when they all fail."""
    if all_found and (len(pool.seen) <= FEW_SOLUTIONS or
                      sum(len(v) > 1 for v in cands.values()) <= FEW_PLACES):
        try:
            return _exact_fix(pool.seen, budget), True
        except BudgetExceeded:
            pass
    try:
        fix = _greedy_fix(pool, cands, budget)
    except BudgetExceeded:
        return None, False
    try:
        smaller = _probe_fix(pool, cands, len(fix) - 1,
                             budget.child(seconds=min(PROVE_SECONDS, _share(budget, 2) or
                                                      PROVE_SECONDS)))
    except BudgetExceeded:
        return fix, False
    return (smaller, True) if smaller is not None else (fix, True)


def _probe_fix(pool: Pool, cands: dict[str, set[int]], most: int,
               budget: Budget) -> Places | None:
    """The fewest givens, at most `most`, that leave one solution, else None: every
    set of givens from the candidates, smallest first, is asked of the search
    unless two solutions already known have it."""
    open_places = [p for p in cands if len(cands[p]) > 1]
    for size in range(1, most + 1):
        for chosen in itertools.combinations(open_places, size):
            for values in itertools.product(*(sorted(cands[p]) for p in chosen)):
                givens = dict(zip(chosen, values, strict=True))
                if pool.matching(givens) >= 2:
                    continue
                if len(pool.given(givens, 2, budget)) == 1:
                    return givens
    return None


def _exact_fix(sols: list[Places], budget: Budget) -> Places | None:
    """The smallest set of givens true in exactly one of `sols` (all the solutions):
    by subsets of the places where they differ, smallest first (few places), or
    by each solution's smallest hitting set of its differences (few solutions)."""
    if len(sols) < 2:
        return {}
    places = [p for p in sols[0] if len({s.get(p) for s in sols}) > 1]
    if len(places) <= FEW_PLACES:
        return _projection_fix(sols, places, budget)
    best: Places | None = None
    for size in range(1, len(places) + 1):
        for s in sols:
            diffs = [frozenset(p for p in places if t.get(p) != s.get(p)) for t in sols if t is not s]
            hit = _hitting_set(diffs, size, [])
            if hit is not None:
                best = {p: s[p] for p in sorted(hit, key=places.index)}
                return best
    return best


def _projection_fix(sols: list[Places], places: list[str], budget: Budget) -> Places | None:
    """The first set of places, smallest first, on which some solution's values
    are found in no other solution: those values are the fix."""
    for size in range(1, len(places) + 1):
        for chosen in itertools.combinations(places, size):
            budget.check()
            seen = Counter(tuple(s[p] for p in chosen) for s in sols)
            for values, times in seen.items():
                if times == 1:
                    return dict(zip(chosen, values, strict=True))
    return None


def _hitting_set(sets: list[frozenset[str]], size: int, chosen: list[str]) -> list[str] | None:
    """Up to `size` more places meeting every set (chosen ones included), or None."""
    open_sets = [s for s in sets if not s.intersection(chosen)]
    if not open_sets:
        return list(chosen)
    if size == 0:
        return None
    smallest = min(open_sets, key=len)
    for p in sorted(smallest):
        found = _hitting_set(open_sets, size - 1, [*chosen, p])
        if found is not None:
            return found
    return None


def _greedy_fix(pool: Pool, cands: dict[str, set[int]], budget: Budget) -> Places:
    """Givens from the first solution until it is the only one, then each given
    dropped again while the rest still leave one solution."""
    target = pool.seen[0]
    givens: Places = {}
    while True:
        found = pool.given(givens, 2, budget)
        others = [s for s in found if s != target]
        if not others:
            break
        differ = [p for p in target if target[p] != others[0].get(p)]
        at = max(differ, key=lambda p: (len(cands.get(p, ())), -list(target).index(p)))
        givens[at] = target[at]
    for at in list(givens):
        fewer = {p: v for p, v in givens.items() if p != at}
        if len(pool.given(fewer, 2, budget)) == 1:
            givens = fewer
    return givens


# -- no solution --------------------------------------------------------------------------------

def _none(impl: Kind, puzzle: Puzzle, budget: Budget) -> dict[str, Any]:
    """A conflict shrunk by deletion, its puzzle, and the deductions reaching it."""
    out: dict[str, Any] = {"verdict": "none"}
    names = impl.clues(puzzle)
    if names:
        keep, minimal = conflict(impl, puzzle, len(names), budget)
        try:
            target = impl.relax(puzzle, frozenset(keep))
        except PuzzleError:   # the kind cannot write those clues alone
            target = puzzle
        out["conflict"] = [names[i] for i in keep]
        covered = impl.clue_places(puzzle)
        out["conflict_places"] = sorted({p for i in keep for p in covered[i]})
        out["conflict_minimal"] = minimal
        out["conflict_puzzle"] = target.to_json()
        out["conflict_text"] = impl.to_text(target)
    out["explanation"] = _explanation(impl, puzzle, budget)
    return out


def conflict(impl: Kind, puzzle: Puzzle, size: int, budget: Budget) -> tuple[list[int], bool]:
    """(Indices of clues that alone have no solution, proved irreducible?): a
    clue that alone has none, else each clue dropped in turn while the rest
    still have no solution."""
    for i in range(size):
        try:
            if not _has_solution(impl, impl.relax(puzzle, frozenset({i})), budget):
                return [i], True
        except (PuzzleError, BudgetExceeded):
            continue
    keep = list(range(size))
    minimal = True
    for i in range(size):
        trial = [k for k in keep if k != i]
        if not trial:
            continue
        try:
            relaxed = impl.relax(puzzle, frozenset(trial))
        except PuzzleError:
            continue  # the kind cannot do without this clue
        try:
            if not _has_solution(impl, relaxed, budget):
                keep = trial
        except BudgetExceeded:
            minimal = False
            if budget.remaining == 0:
                break
    return keep, minimal


def _has_solution(impl: Kind, puzzle: Puzzle, budget: Budget) -> bool:
    """Does the puzzle have a solution? (BudgetExceeded when undecided.)"""
    return impl.count(puzzle, limit=1, budget=budget.child(seconds=_share(budget, 8))) > 0


def _explanation(impl: Kind, puzzle: Puzzle, budget: Budget) -> list[dict[str, Any]]:
    """The steps of the explanation up to NO_SOLUTION (at most MAX_STEPS)."""
    steps = []
    try:
        for step in itertools.islice(impl.explain(puzzle, budget=budget.child(
                seconds=_share(budget, 2))), MAX_STEPS):
            steps.append(step.to_json())
            if step.technique == NO_SOLUTION:
                break
    except BudgetExceeded:
        pass
    return steps


def _share(budget: Budget, parts: int) -> float | None:
    """A part of the time left (None: no time limit)."""
    left = budget.remaining
    return None if left is None else left / parts


def why_text(report: dict[str, Any]) -> list[str]:
    """The report for people, a few lines."""
    lines = []
    if "difficulty" in report:
        lines.append(f"difficulty: {report['difficulty']}")
    if report.get("techniques"):
        lines.append("techniques: " + ", ".join(f"{t} x{n}" for t, n in
                                                 report["techniques"].items()))
    if report.get("differ"):
        lines.append("two solutions differ at: " + " ".join(report["differ"]))
    if "candidates" in report:
        open_ = {p: v for p, v in report["candidates"].items() if len(v) > 1}
        more = "" if report.get("candidates_complete", True) else " (search cut short)"
        lines.append(f"candidates{more}: " + " ".join(
            f"{p}={''.join(map(str, v)) if max(v) < 10 else ','.join(map(str, v))}"
            for p, v in open_.items()))
    if "fix" in report:
        fewest = "fewest givens" if report.get("fix_minimal") else "givens (not proved fewest)"
        lines.append(f"{fewest} that make it unique: " +
                     ", ".join(f"{g['at']}={g['value']}" for g in report["fix"]))
    if "conflict" in report:
        lines.append("these clues alone have no solution: " + "; ".join(report["conflict"]))
    steps = report.get("explanation", ())
    for step in steps[:SHOWN_STEPS]:
        lines.append(f"  {step['technique']}: {step_body(step['technique'], step['text'])}")
    if len(steps) > SHOWN_STEPS:
        lines.append(f"  ... {len(steps) - SHOWN_STEPS} more steps (--format json has them)")
    return lines
