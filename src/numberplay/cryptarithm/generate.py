"""The cryptarithm generator: sums of words from a list, walked for variety.

Every puzzle returned has exactly one solution, proved by search.

Variety: a run (`--seed S`, puzzles 0, 1, 2, ...) walks the whole space of a
difficulty in an order drawn from its seed, so it repeats no puzzle (up to
renaming letters) before the space is used up: every set of addends, in a
shuffled order (an affine walk over their ranks); from each set one unique sum
is taken at once, the others when the walk is over.

A puzzle whose grade is not the asked difficulty is skipped, whatever the
grading is, so the walk stays independent of how grades are computed. The
state of a run is cached in the process (`formula/runs.py`).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

from ..budget import Budget
from ..errors import BudgetExceeded, GenerationError, PuzzleError
from ..formula.puzzle import to_text
from ..formula.runs import cached_run, run_key
from ..kinds import get_kind
from ..model import Generated
from .model import CryptarithmPuzzle, CryptarithmSolution
from .wordlist import Tally, WordList, count_sets, every_unique, load_words, parse_addends


def grade(puzzle: CryptarithmPuzzle, budget: Budget | None = None) -> str:
    """The one grade (`Kind.grade`: the kernel's, as explain gives it), bounded by
    the generation's budget."""
    return get_kind(puzzle.kind).grade(puzzle, budget)


def _written(formula: str, symbols: bool) -> str:
    """A found formula as the puzzle's text: with `--digits-as-symbols`, each digit
    of a word written as the symbol it is (`DOTA2` -> `DOTA_2`)."""
    if not symbols:
        return formula
    from ..formula.lang import digits_as_symbols
    return digits_as_symbols(formula)


def parse_range(text: str | None, default: tuple[int, int]) -> tuple[int, int]:
    """`2`, `2..3` or `2-3` as (lo, hi)."""
    return parse_addends(text, default)


OPS = {"+": "+", "plus": "+", "add": "+", "x": "x", "*": "x", "times": "x", "mul": "x",
       "long": "long", "long-x": "long", "longmul": "long"}


def parse_op(text: str | None) -> str:
    """`--op`: `+` (sums, the default), `x` (products; `*` too) or `long` (long
    multiplications with their partial products)."""
    if text is None or str(text).strip() == "":
        return "+"
    op = OPS.get(str(text).strip().lower())
    if op is None:
        raise PuzzleError(f"--op expects +, x or long, not {str(text)[:20]!r}")
    return op


def parse_terms(text: str | None) -> tuple[int, int]:
    """`--result-terms K..L` (words on the right of a product), 1 <= K <= L <= 10."""
    if text is None or str(text).strip() == "":
        return (1, 1)
    s = str(text).strip().replace("-", "..")
    lo, _, hi = s.partition("..")
    lo, hi = lo.strip(), hi.strip() or lo.strip()
    if not all(x.isascii() and x.isdigit() and len(x) <= 3 for x in (lo, hi)) \
            or not 1 <= int(lo) <= int(hi) <= 10:
        raise PuzzleError(f"--result-terms expects K..L with 1 <= K <= L <= 10, "
                          f"not {str(text)[:20]!r}")
    return int(lo), int(hi)


def _affine(key: str, size: int) -> tuple[int, int]:
    """A step `a` coprime with `size` and a start `b`: i -> (a*i + b) % size visits
    every rank once, in an order drawn from `key`."""
    r = random.Random(hashlib.sha256(key.encode()).hexdigest())
    if size <= 1:
        return 1, 0
    while True:
        a = r.randrange(1, size)
        if math.gcd(a, size) == 1:
            return a, r.randrange(size)


def _unrank(rank: int, n: int, k: int, repeat: bool) -> tuple[int, ...]:
    """The rank-th k-subset (k-multiset with `repeat`) of range(n), lexicographic."""
    m = n + k - 1 if repeat else n
    out, start = [], 0
    for slot in range(k):
        for x in range(start, m):
            below = math.comb(m - x - 1, k - slot - 1)
            if rank < below:
                out.append(x)
                start = x + 1
                break
            rank -= below
    if repeat:
        return tuple(x - i for i, x in enumerate(out))
    return tuple(out)


# -- word-list sums ----------------------------------------------------------------------------

class _SumRun:
    """One run's walk over every set of addends of a word list."""

    def __init__(self, vocab: WordList, lo: int, hi: int, repeat: bool,
                 difficulty: str | None, key: str, symbols: bool = False) -> None:
        self.vocab, self.repeat, self.difficulty, self.key = vocab, repeat, difficulty, key
        self.symbols = symbols
        n = len(vocab)
        self.sizes = [(k, count_sets(n, k, repeat)) for k in range(lo, hi + 1)
                      if repeat or k <= n]
        self.total = sum(size for _, size in self.sizes)
        self.a, self.b = _affine(key, self.total)
        self.pos = 0
        self.found: list[Generated] = []
        self.later: list[tuple[tuple[int, ...], int, dict[str, int]]] = []

    def _combo(self, rank: int) -> tuple[int, ...]:
        for k, size in self.sizes:
            if rank < size:
                return _unrank(rank, len(self.vocab), k, self.repeat)
            rank -= size
        raise AssertionError("rank out of range")

    def _make(self, combo: tuple[int, ...], j: int, digits: dict[str, int],
              budget: Budget) -> Generated | None:
        words = self.vocab.words
        formula = _written(" + ".join(words[i] for i in combo) + " = " + words[j], self.symbols)
        puzzle = CryptarithmPuzzle.of(formula, self.vocab.base)
        level = grade(puzzle, budget)
        if self.difficulty is not None and level != self.difficulty:
            return None
        return Generated(puzzle, CryptarithmSolution.of(puzzle, digits), level, to_text(puzzle),
                         extra={"addends": len(combo)})

    def get(self, index: int, budget: Budget) -> Generated:
        vocab = self.vocab
        while len(self.found) <= index and self.pos < self.total:
            budget.tick()
            rank = (self.a * self.pos + self.b) % self.total
            self.pos += 1
            combo = self._combo(rank)
            union = 0
            for i in combo:
                union |= vocab.masks[i]
            if union.bit_count() > vocab.base:
                continue
            sums, _ = vocab.sums_for(combo)
            if not sums:
                continue
            found, _, _ = vocab.decide(combo, sums)
            if not found:
                continue
            random.Random(f"{self.key}:{rank}").shuffle(found)
            first, *rest = found
            try:
                made = self._make(combo, *first, budget)
            except BudgetExceeded:
                self.pos -= 1           # a budget stop replays this set
                raise
            self.later += [(combo, j, d) for j, d in rest]
            if made is not None:
                self.found.append(made)
        while len(self.found) <= index and self.later:
            made = self._make(*self.later[0], budget)
            self.later.pop(0)
            if made is not None:
                self.found.append(made)
        if not self.found:
            level = f" at difficulty {self.difficulty}" if self.difficulty else ""
            raise GenerationError(f"the word list has no addition with exactly one solution{level}")
        # Every puzzle that exists was given once: only now do they repeat.
        return self.found[index % len(self.found)]


def generate_sum(rng: random.Random, size: str | None,
                 difficulty: str | None, budget: Budget, words: str | None = None,
                 addends: str | None = None, base: int | None = None, repeat: bool = False,
                 sequence: tuple[str, int] | None = None, digits_as_symbols: bool = False,
                 **_: Any) -> Generated:
    """`WORD + WORD (+ WORD) = WORD` from the word list, exactly one solution."""
    lo, hi = parse_addends(addends or size)
    base = 10 if base is None else int(base)
    vocab_words = load_words(words, bool(digits_as_symbols))
    if len(vocab_words) < 3:
        raise PuzzleError("--words: the list needs at least 3 words")
    if not repeat:
        hi = min(hi, max(lo, len(vocab_words)))
    key, index = run_key(rng, sequence)
    digest = hashlib.sha256("\n".join(vocab_words).encode()).hexdigest()
    cache_key = ("sum", key, digest, lo, hi, base, bool(repeat), difficulty,
                 bool(digits_as_symbols))
    run = cached_run(cache_key, lambda: _SumRun(WordList(vocab_words, base), lo, hi,
                                             bool(repeat), difficulty, key,
                                             bool(digits_as_symbols)))
    return run.get(index, budget)


def _found_source(words: str | None, addends: str | None, size: str | None,
                  base: int, repeat: bool, doubly_true: str | None = None,
                  numbers: str | None = None, result: str | None = None,
                  op: str | None = None, result_terms: str | None = None,
                  crossword: int | None = None, rng: random.Random | None = None,
                  tally: Tally | None = None,
                  progress: Callable[[Tally], None] | None = None,
                  symbols: bool = False) -> tuple[Iterator[Any], int]:
    """(the puzzles the options describe, as `wordlist.Found`, and how many sets of
    addends the progress counts): a word list's sums, a fixed result's or doubly
    true sums."""
    if doubly_true is not None:
        if parse_op(op) != "+" or result is not None or result_terms is not None:
            raise PuzzleError("--doubly-true makes sums: leave out --op, --result and "
                              "--result-terms")
        from .numbers import doubly_true as walk_numbers
        from .numbers import load_table
        table = load_table(doubly_true, numbers)
        lo, hi = parse_addends(addends or size, (2, 5))
        return walk_numbers(table, (lo, hi), repeat, base=base, tally=tally,
                            progress=progress), len(table.numbers)
    if numbers is not None:
        raise PuzzleError("--numbers goes with --doubly-true")
    if parse_op(op) == "long":
        if any(v is not None for v in (result, result_terms, crossword, addends, size)):
            raise PuzzleError("--op long takes a word list only: leave out --addends, "
                              "--result, --result-terms and --crossword")
        from .longmul import long_multiplications
        return long_multiplications(load_words(words, symbols), base, tally=tally,
                                    progress=progress), 0
    if crossword is not None:
        from .crossword import check_crossword, grids, sampled_grids
        check_crossword(crossword)
        if result is not None or result_terms is not None or addends is not None:
            raise PuzzleError("--crossword fills a grid: leave out --addends, --result and "
                              "--result-terms")
        if rng is not None:         # --count/--seed: grids built from drawn solutions
            return sampled_grids(load_words(words, symbols), parse_op(op), base, rng, tally=tally,
                                 progress=progress), 0
        return grids(load_words(words, symbols), parse_op(op), base, tally=tally,
                     progress=progress), 0
    lo, hi = parse_addends(addends or size)
    vocab_words = load_words(words, symbols)
    if parse_op(op) == "x":
        from .wordproducts import product_equalities
        if result is not None:
            raise PuzzleError("--result goes with sums (--op +)")
        return product_equalities(vocab_words, (lo, hi), parse_terms(result_terms), base,
                                  tally=tally, progress=progress), 0
    if result_terms is not None:
        raise PuzzleError("--result-terms goes with --op x")
    if result is not None:
        from .fixed import fixed_result
        return fixed_result(vocab_words, result, (lo, hi), repeat, base=base, tally=tally,
                            progress=progress), len(vocab_words)
    vocab = WordList(vocab_words, base)
    if not repeat:
        hi = min(hi, max(lo, len(vocab)))
    total = sum(count_sets(len(vocab), k, repeat) for k in range(lo, hi + 1))
    return every_unique(vocab, (lo, hi), repeat, tally=tally, progress=progress), total


def generate_all_sums(*, difficulty: str | None = None,
                      budget: Budget | None = None, limit: int | None = None,
                      progress: Callable[[int, int, str], None] | None = None,
                      graded: bool = True, words: str | None = None,
                      addends: str | None = None, base: int | None = None,
                      repeat: bool = False, size: str | None = None,
                      doubly_true: str | None = None, numbers: str | None = None,
                      result: str | None = None, op: str | None = None,
                      result_terms: str | None = None, crossword: int | None = None,
                      digits_as_symbols: bool = False, **_: Any) -> Iterator[Generated]:
    """Every `W1 + ... + Wk = S` of the word list with exactly one solution, in
    list order (see wordlist.every_unique), or with a fixed result (`result`), or
    every doubly true sum of a number table (`doubly_true`); graded when `graded`
    or `difficulty`."""
    base = 10 if base is None else int(base)
    tally = Tally()
    total = 0

    def report(t: Tally) -> None:
        if budget is not None and budget.seconds is not None and budget.elapsed > budget.seconds:
            raise BudgetExceeded(
                f"stopped after {budget.seconds:g} s (--timeout): {t.sets:,} sets "
                f"of addends, {t.examined:,} candidates examined, {t.found:,} found",
                seconds=budget.elapsed)
        if progress is not None:
            status = f"{t.examined:,} candidates examined, {t.found:,} found"
            if t.undecided:
                status += f", {t.undecided:,} undecided (node limit)"
            progress(min(t.sets, total) if total else t.sets, total, status)

    found, total = _found_source(words, addends, size, base, bool(repeat), doubly_true,
                                 numbers, result, op, result_terms, crossword, None, tally,
                                 report, bool(digits_as_symbols))
    given = 0
    for f in found:
        puzzle = CryptarithmPuzzle.of(_written(f.formula, bool(digits_as_symbols)), base)
        level = grade(puzzle, budget) if graded or difficulty is not None else ""
        if difficulty is not None and level != difficulty:
            continue
        yield Generated(puzzle, CryptarithmSolution.of(puzzle, dict(f.digits)), level,
                        to_text(puzzle), extra={"addends": len(f.addends)})
        given += 1
        if limit is not None and given >= limit:
            report(tally)
            return


class _GridRun:
    """One run's crossword grids of a list, built from solutions drawn from the run's
    key, then the shuffled walk (crossword.sampled_grids); the grids found so far are kept."""

    def __init__(self, base: int, difficulty: str | None, key: str,
                 options: dict[str, Any]) -> None:
        self.base, self.difficulty = base, difficulty
        self.symbols = bool(options.get("digits_as_symbols"))
        self.budget: Budget | None = None

        def tick(_: Tally) -> None:
            if self.budget is not None:
                self.budget.tick()
        self.walk, _ = _found_source(options.get("words"), None, None, base, False,
                                     op=options.get("op"), crossword=options.get("crossword"),
                                     rng=random.Random(f"crossword:{key}"), progress=tick,
                                     symbols=self.symbols)
        self.given: list[Generated] = []
        self.done = False

    def get(self, index: int, budget: Budget) -> Generated:
        self.budget = budget
        while len(self.given) <= index and not self.done:
            f = next(self.walk, None)
            if f is None:
                self.done = True
                break
            puzzle = CryptarithmPuzzle.of(_written(f.formula, self.symbols), self.base)
            level = grade(puzzle, budget)
            if self.difficulty is None or level == self.difficulty:
                self.given.append(Generated(puzzle, CryptarithmSolution.of(
                    puzzle, dict(f.digits)), level, to_text(puzzle), extra={"grid": 3}))
        if not self.given:
            raise GenerationError("the word list makes no crossword grid with exactly one "
                                  "solution")
        return self.given[index % len(self.given)]


class _ListRun:
    """One run's walk over every puzzle a family holds (found once, in full), in an
    order drawn from the run's key: no repeat before all were given."""

    def __init__(self, found: list[Any], base: int, difficulty: str | None, key: str,
                 symbols: bool = False) -> None:
        self.found, self.base, self.difficulty = found, base, difficulty
        self.symbols = symbols
        self.a, self.b = _affine(key, len(found))
        self.given: list[Generated] = []
        self.pos = 0

    def get(self, index: int, budget: Budget) -> Generated:
        while len(self.given) <= index and self.pos < len(self.found):
            budget.tick()
            f = self.found[(self.a * self.pos + self.b) % len(self.found)]
            puzzle = CryptarithmPuzzle.of(_written(f.formula, self.symbols), self.base)
            level = grade(puzzle, budget)
            self.pos += 1               # only now: a budget stop above replays this one
            if self.difficulty is not None and level != self.difficulty:
                continue
            self.given.append(Generated(puzzle, CryptarithmSolution.of(puzzle, dict(f.digits)),
                                        level, to_text(puzzle),
                                        extra={"addends": len(f.addends)}))
        if not self.given:
            level = f" at difficulty {self.difficulty}" if self.difficulty else ""
            raise GenerationError(f"no puzzle with exactly one solution{level} for these options")
        return self.given[index % len(self.given)]


def generate_listed(rng: random.Random, difficulty: str | None, budget: Budget,
                    sequence: tuple[str, int] | None = None, base: int | None = None,
                    **options: Any) -> Generated:
    """Puzzle i of a run over every puzzle the options describe (doubly true sums, a
    fixed result): all are found once per process, then given in a drawn order."""
    base = 10 if base is None else int(base)
    key, index = run_key(rng, sequence)
    blob = repr(sorted((k, str(v)) for k, v in options.items() if v is not None))
    cache_key = ("listed", key, hashlib.sha256(blob.encode()).hexdigest(), base, difficulty)

    if options.get("crossword") is not None:
        return cached_run(cache_key, lambda: _GridRun(base, difficulty, key, options)).get(
            index, budget)

    def make() -> _ListRun:
        def tick(_: Tally) -> None:
            budget.tick()
        found, _ = _found_source(options.get("words"), options.get("addends"),
                                 options.get("size"), base, bool(options.get("repeat")),
                                 options.get("doubly_true"), options.get("numbers"),
                                 options.get("result"), options.get("op"),
                                 options.get("result_terms"), progress=tick,
                                 symbols=bool(options.get("digits_as_symbols")))
        return _ListRun(list(found), base, difficulty, key,
                        bool(options.get("digits_as_symbols")))

    return cached_run(cache_key, make).get(index, budget)
