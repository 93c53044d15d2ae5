"""Hostile inputs for every parser, and what counts as a clean answer to one.

Used by tests/test_hostile*.py and benchmarks/bench_hostile.py. The committed
corpus is each kind's own (`testdata/hostile/` in its folder, `Kind.files()`)
and tests/hostile/any/ for every kind; `generated_cases()` adds inputs too big
or too regular to commit (limits, deep nesting, huge grids).

A clean answer (the README's promise): a result (exit 0, 1, 3, 4 or 5), or
bad input: exit 2 with exactly one line on stderr starting with "error:".
Never a traceback, an internal error (exit 70) or another exit code. Through
the API: a Puzzle, or PuzzleError (one line), or TypeError for a Python
argument of the wrong type.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from numberplay.kinds import all_kinds

ANY = Path(__file__).parent / "hostile" / "any"
KINDS = tuple(impl.name for impl in all_kinds())
RESULT_CODES = {0, 1, 3, 4, 5}


@dataclass
class Case:
    """One hostile input: the puzzle text (str or bytes, written to a file when
    `as_file`), extra CLI arguments, and API keyword options."""

    kind: str
    name: str
    data: str | bytes | None = None
    args: tuple[str, ...] = ()
    options: dict = field(default_factory=dict)
    as_file: bool = False
    command: str = "solve"


def corpus_cases() -> list[Case]:
    """Every committed corpus file, for its kind (files under any/ for every kind)."""
    out = []
    for impl in all_kinds():
        folder = impl.files() / "testdata" / "hostile"
        entries = sorted(folder.iterdir(), key=lambda e: e.name) if folder.is_dir() else []
        for entry in [*entries, *sorted(ANY.iterdir())]:
            if entry.is_file():
                where = "any" if isinstance(entry, Path) and entry.parent == ANY else impl.name
                out.append(Case(impl.name, f"{where}/{entry.name}", entry.read_bytes(),
                                as_file=True))
    return out


def _grid(n: int, cell: str = ".") -> str:
    return "\n".join(" ".join([cell] * n) for _ in range(n)) + "\n"


def generated_cases(big: bool = True) -> list[Case]:
    """Inputs built in code: at and past every documented limit, deep nesting,
    long arguments, bad option values. `big=False` leaves out the few that
    take a second or more (the at-limit grids)."""
    cases: list[Case] = []
    for kind in KINDS:
        cases += [
            Case(kind, "deep-json-objects-50k", '{"a":' * 50_000),
            Case(kind, "deep-json-lists-50k", "[" * 50_000 + "]" * 50_000, as_file=True),
            Case(kind, "json-5000-digit-number", '{"rows": [' + "9" * 5000 + '], "cols": [1], '
                 '"cells": [[' + "1" * 5000 + ']], "formula": "A=B", "base": ' + "1" * 5000 + "}"),
            Case(kind, "argument-longer-than-file-name", "x" * 300),
            Case(kind, "argument-path-component-too-long", "a/" + "b" * 300 + ".txt"),
            Case(kind, "argument-4096-chars", "7" * 4096),
            Case(kind, "missing-file", "no/such/file.txt"),
            Case(kind, "directory", str(ANY)),
            Case(kind, "dev-null", os.devnull),
            Case(kind, "nul-in-text", "rows 1\x00\ncols 1"),
            Case(kind, "100k-char-line", "1 " * 50_000, as_file=True),
            Case(kind, "past-input-limit", b"#" * 10_000_001, as_file=True),
            Case(kind, "no-input", None),
            Case(kind, "limit-0", "x", args=("--limit", "0")),
            Case(kind, "limit-negative", "x", args=("--limit", "-5")),
            Case(kind, "limit-5000-digits", "x", args=("--limit", "9" * 5000)),
            Case(kind, "max-nodes-0", "x", args=("--max-nodes", "0")),
            Case(kind, "max-nodes-text", "x", args=("--max-nodes", "many")),
            Case(kind, "timeout-negative", "x", args=("--timeout", "-1")),
            Case(kind, "timeout-nan", "x", args=("--timeout", "nan")),
            Case(kind, "format-unknown", "x", args=("--format", "xml")),
            Case(kind, "unknown-option", "x", args=("--zoom",)),
            Case(kind, "example-unknown", None, args=("--example", "no-such-example")),
            Case(kind, "example-and-puzzle", "x", args=("--example", "x")),
            Case(kind, "max-steps-0", "x", args=("--max-steps", "0"), command="explain"),
            Case(kind, "check-limit-0", "x", args=("--limit", "0"), command="check"),
            Case(kind, "check-why-garbage", "x", args=("--why",), command="check"),
            Case(kind, "check-why-deep-json", '{"a":' * 50_000, args=("--why",), command="check"),
            Case(kind, "generate-size-huge", None, args=("--size", "9" * 5000, "--timeout", "2"),
                 command="generate"),
            Case(kind, "generate-size-garbage", None, args=("--size", "x\x00y", "--timeout", "2"),
                 command="generate"),
            Case(kind, "generate-difficulty-unknown", None, args=("--difficulty", "[/x]"),
                 command="generate"),
            Case(kind, "generate-count-0", None, args=("--count", "0"), command="generate"),
            Case(kind, "generate-seed-markup", None,
                 args=("--seed", "[/x]", "--size", "2x2", "--difficulty", "easy",
                       "--timeout", "2"), command="generate"),
        ]
    # CrossProduct: numbers and grids at and past the limits.
    ones = " ".join(["1"] * 400)
    cases += [
        Case("crossproduct", "rows-option-5000-digits", None,
             args=("--rows", "9" * 5000, "--cols", "1")),
        Case("crossproduct", "rows-option-superscript", None, args=("--rows", "²", "--cols", "1")),
        Case("crossproduct", "rows-option-401", None,
             args=("--rows", ",".join(["1"] * 401), "--cols", "1")),
        Case("crossproduct", "rows-option-empty", None, args=("--rows", "", "--cols", "")),
        Case("crossproduct", "rows-1000-digit-at-limit", "rows 1" + "0" * 999 + "\ncols 1\n"),
        Case("crossproduct", "rows-1001-digit-past-limit", "rows 1" + "0" * 1000 + "\ncols 1\n"),
        Case("crossproduct", "grid-401-past-limit", f"rows {ones} 1\ncols 1\n"),
        Case("crossproduct", "api-rows-list-of-str", None, options={"rows": ["6", "x"], "cols": [6]}),
        Case("crossproduct", "api-rows-int", None, options={"rows": 6, "cols": 6}),
        Case("crossproduct", "api-rows-dict", None, options={"rows": {"a": 1}, "cols": [1]}),
        Case("crossproduct", "api-rows-nested", None, options={"rows": [[1]], "cols": [1]}),
        Case("crossproduct", "given-outside-grid", "rows 6 6\ncols 6 6\ngiven r9c9=5\n"),
        Case("crossproduct", "given-not-a-digit", "rows 6 6\ncols 6 6\ngiven r1c1=" + "9" * 5000),
        Case("crossproduct", "given-json-list", '{"rows": [6], "cols": [6], "givens": [1]}'),
        Case("crossproduct", "blank-400x400-why", "rows " + " ".join(["?"] * 400) + "\ncols "
             + " ".join(["?"] * 400) + "\n", args=("--why", "--timeout", "1"), command="check",
             as_file=True),
    ]
    if big:
        cases += [
            Case("crossproduct", "grid-400x400-at-limit", f"rows {ones}\ncols {ones}\n",
                 args=("--timeout", "1"), as_file=True),
            Case("crossset", "grid-64-at-limit", _grid(64), args=("--timeout", "1"), as_file=True),
        ]
    # Cryptarithms: formula, word, literal and nesting limits; --fix and --base.
    long_formula = "ABCDEFGHIJ" + " + ABCDEFGHIJ" * 1536 + " = JIHGFEDCBA"  # 19,991 characters
    cases += [
        Case("cryptarithm", "formula-at-limit", long_formula, args=("--timeout", "1")),
        Case("cryptarithm", "formula-past-limit", long_formula + " + ABCDEFGHIJ"),
        Case("cryptarithm", "operators-2000-at-limit", "A" + " + A" * 1999 + " = B",
             args=("--timeout", "1")),
        Case("cryptarithm", "operators-past-limit", "A" + " + A" * 2000 + " = B"),
        Case("cryptarithm", "word-200-at-limit", "A" * 200 + " = B" * 1),
        Case("cryptarithm", "literal-101-digits", "A = " + "1" * 101),
        Case("cryptarithm", "nesting-51", "(" * 51 + "A" + ")" * 51 + " = B"),
        Case("cryptarithm", "send-more-no-comparison", "SEND + MORE"),
        Case("cryptarithm", "fix-superscript", "SEND + MORE = MONEY", args=("--fix", "S=²")),
        Case("cryptarithm", "fix-arabic-digit", "SEND + MORE = MONEY", args=("--fix", "S=\u0661")),
        Case("cryptarithm", "fix-long", "SEND + MORE = MONEY", args=("--fix", "S=" + "9" * 5000)),
        Case("cryptarithm", "fix-lowercase", "SEND + MORE = MONEY", args=("--fix", "s=1")),
        Case("cryptarithm", "fix-not-in-formula", "SEND + MORE = MONEY", args=("--fix", "Z=1")),
        Case("cryptarithm", "fix-same-digit", "SEND + MORE = MONEY", args=("--fix", "S=1,E=1")),
        Case("cryptarithm", "base-abc", "A + B = C", args=("--base", "abc")),
        Case("cryptarithm", "base-1", "A + B = C", args=("--base", "1")),
        Case("cryptarithm", "base-37", "A + B = C", args=("--base", "37")),
        Case("cryptarithm", "base-5000-digits", "A + B = C", args=("--base", "9" * 5000)),
        Case("cryptarithm", "api-base-str", "A + B = C", options={"base": "abc"}),
        Case("cryptarithm", "api-base-float", "A + B = C", options={"base": 10.5}),
        Case("cryptarithm", "api-fix-list", "A + B = C", options={"fix": ["A", 1]}),
        Case("cryptarithm", "api-fix-dict-bad", "A + B = C", options={"fix": {"A": "x", 1: 2}}),
        Case("cryptarithm", "api-fix-dict-huge", "A + B = C", options={"fix": {"A": 10 ** 50}}),
    ]
    cases += [   # check --why on big open puzzles: the same budgets as check
        Case("crossset", "check-why-grid-16-open", _grid(16), args=("--why", "--timeout", "2"),
             command="check"),
        Case("cryptarithm", "check-why-formula-at-limit", long_formula,
             args=("--why", "--timeout", "1"), command="check"),
        Case("keen", "check-why-one-cage-16x16", "\n".join(" ".join("A" for _ in range(16))
                                                          for _ in range(16)) + "\nA 2176+",
             args=("--why", "--timeout", "2"), command="check"),
    ]
    cases += [
        Case("crossset", "grid-65-past-limit", _grid(65)),
        Case("crossset", "cell-value-5000-digits", "1 " + "2" * 5000 + "\n2 1\n"),
        Case("crossset", "json-cells-wrong-shape", '{"cells": [1, 2]}'),
        Case("crossset", "json-cells-nested-dicts", '{"cells": [[{"a": 1}]]}'),
        Case("keen", "clue-5000-digits", "4dn:__a_b_ab_a_3aa_,m" + "9" * 5000 + "m4s1a7d2a8s1"),
        Case("keen", "one-cage-16x16-sum", "\n".join(" ".join("A" for _ in range(16))
                                                      for _ in range(16)) + "\nA 2176+",
             args=("--timeout", "2")),
        Case("keen", "rows-as-cages-16x16", "\n".join(" ".join(f"R{r}" for _ in range(16))
                                                       for r in range(16))
             + "\n" + " ".join(f"R{r} 136+" for r in range(16)), args=("--timeout", "2")),
        Case("keen", "given-outside-grid", "A A B\nC D B\nC D E\nA 3+ B 5+ C 4+\nD 3x E 2\n"
             "given r7c1=2\n"),
        Case("keen", "given-value-too-big", "A A B\nC D B\nC D E\nA 3+ B 5+ C 4+\nD 3x E 2\n"
             "given r1c1=" + "9" * 5000 + "\n"),
        Case("keen", "blank-cages-16x16-why", "\n".join(" ".join(f"R{r}" for _ in range(16))
                                                        for r in range(16))
             + "\n" + " ".join(f"R{r} ?" for r in range(16)), args=("--why", "--timeout", "2"),
             command="check"),
        Case("keen", "json-givens-list", '{"n": 3, "cages": [], "givens": [1]}'),
        Case("keen", "order-17", "\n".join(" ".join("A" for _ in range(17)) for _ in range(17))),
    ]
    return cases


def all_cases(big: bool = True) -> list[Case]:
    """The corpus and the generated cases."""
    return corpus_cases() + generated_cases(big)


def cli_args(case: Case, tmp: Path) -> tuple[list[str], str | None]:
    """The command line for a case (writing its input to a file under `tmp` when
    asked) and the text for standard input, if any."""
    args = [case.command, case.kind]
    if case.command != "generate" and case.data is not None:
        if case.as_file or isinstance(case.data, bytes):
            path = tmp / f"input-{abs(hash(case.name)) % 10**8}.txt"
            data = case.data if isinstance(case.data, bytes) else case.data.encode("utf-8")
            path.write_bytes(data)
            args.append(str(path))
        else:
            args.append(case.data)
    return args + list(case.args), None


def clean_cli(exit_code: int, stderr: str) -> str | None:
    """None when a CLI run answered cleanly, else what is wrong."""
    if "Traceback" in stderr or "internal error" in stderr:
        return f"exit {exit_code}: {stderr.strip()[:300]}"
    if exit_code == 2:
        lines = [ln for ln in stderr.splitlines() if ln.strip()]
        if len(lines) != 1 or not lines[0].startswith("error:"):
            return f"bad input but not one 'error:' line: {stderr[:300]!r}"
        return None
    if exit_code in RESULT_CODES:
        return None
    return f"exit {exit_code}: {stderr.strip()[:300]}"


def api_text(case: Case) -> object:
    """What the API is given as `text` for a case (bytes decoded where they can be:
    the API takes str; other types are the caller's TypeError)."""
    data = case.data
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("latin-1")
    return data
