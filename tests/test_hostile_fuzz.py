"""Property-based fuzzing of every parser: the only outcomes are a puzzle or a
one-line PuzzleError (exit 2 with one line on the command line), within a
time and memory bound.

The kinds' `parse` is called directly (not through `numberplay.parse`, whose
safety net would hide a parser that lets another exception escape).
"""

from __future__ import annotations

import json
import tracemalloc

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numberplay import safejson
from numberplay.cli import build_app
from numberplay.errors import PuzzleError
from numberplay.kinds import get_kind

FAST = settings(max_examples=150, deadline=2000,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI = settings(max_examples=25, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
MEMORY_LIMIT = 200 * 2**20

KEYS = ["rows", "cols", "cells", "puzzle", "formula", "base", "fixed", "kind", "grid", "a"]
scalars = (st.none() | st.booleans() | st.integers(-10**40, 10**40)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=5),
    max_leaves=40)
json_texts = json_values.map(lambda v: json.dumps(v, allow_nan=True))
nasty = st.sampled_from(["\x00", "²", "\u0661", "\ufeff", "\u200b", "\r", "\x1b[31m", "[/x]",
                         "9" * 1200, "{" * 40, "[" * 40, "NaN", "-Infinity", "1e999", "é"])

ALPHABETS = {
    "crossproduct": "rowscl:=0123456789 ,-+[]{}\"\n#.eE",
    # with the notation of crypt and cryptator: &&, ;, Turkish ı, Hindi letters and
    # vowel signs, a combining accent, a soft hyphen
    "cryptarithm": "SENDMOREYABCxX+-*/%^=<>!()[]{},.0123 andornotisum\"'_\n#@&;ıİसा\u0308\u00ad",
    "cryptoproduct": "GRBxX*×+=() 0123\n",
    "crossset": "123456789.?, \n,{}[]\":cels#-",
}


def texts(kind: str):
    """Text in the kind's own alphabet, some JSON, with a nasty piece mixed in."""
    own = st.text(alphabet=ALPHABETS[kind], max_size=120)
    mixed = st.tuples(own, nasty, own).map("".join)
    return own | mixed | json_texts | st.text(max_size=60)


def check_parse(kind: str, text: str | None, **options) -> None:
    """Parse; only a puzzle (which round-trips through its text) or a one-line
    PuzzleError may come out, and memory stays bounded."""
    impl = get_kind(kind)
    tracemalloc.start()
    try:
        puzzle = impl.parse(text, **options)
    except PuzzleError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 20_000
        return
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peak < MEMORY_LIMIT, f"parse used {peak / 2**20:.0f} MB"
    assert puzzle.kind == impl.name
    if not options:
        assert impl.parse(impl.to_text(puzzle)) == puzzle


@FAST
@given(texts("crossproduct"))
def test_crossproduct_text_and_json(text):
    check_parse("crossproduct", text)


@FAST
@given(texts("cryptarithm"))
def test_cryptarithm_text(text):
    check_parse("cryptarithm", text)


@FAST
@given(texts("cryptoproduct"))
def test_cryptoproduct_text(text):
    check_parse("cryptoproduct", text)


@FAST
@given(texts("crossset"))
def test_crossset_text_and_json(text):
    check_parse("crossset", text)


option_values = (st.none() | st.integers(-10**30, 10**30) | st.text(max_size=20) | nasty
                 | st.lists(st.integers(-5, 10**12) | st.text(max_size=4), max_size=6)
                 | st.floats(allow_nan=True) | st.dictionaries(st.text(max_size=2),
                                                               st.integers(-3, 40) | st.text(max_size=2),
                                                               max_size=3))


@FAST
@given(option_values, option_values)
def test_crossproduct_options(rows, cols):
    check_parse("crossproduct", None, rows=rows, cols=cols)


@FAST
@given(st.sampled_from(["SEND + MORE = MONEY", "A + B = C", "AB * C = DE"]), option_values,
       option_values)
def test_cryptarithm_options(formula, base, fix):
    check_parse("cryptarithm", formula, base=base, fix=fix)


@FAST
@given(json_texts | nasty | st.text(max_size=40))
def test_safe_json_raises_only_puzzle_error(text):
    try:
        safejson.loads(text)
    except PuzzleError as exc:
        assert "\n" not in str(exc)


# --- the command line: every option of every command -------------------------------

APP = build_app()
RUNNER = CliRunner()
option_text = (st.text(max_size=12) | nasty | st.integers(-10**6, 10**25).map(str)
               | st.floats(allow_nan=True).map(str))
COMMAND_OPTIONS = {
    "solve": ["--limit", "--max-nodes", "--timeout", "--format"],
    "check": ["--limit", "--max-nodes", "--timeout", "--format"],
    "explain": ["--max-steps", "--max-nodes", "--timeout", "--format"],
    "hint": ["--max-nodes", "--timeout", "--format"],
}
KIND_OPTIONS = {"crossproduct": ["--rows", "--cols"], "cryptarithm": ["--base", "--fix"],
                "cryptoproduct": ["--base", "--fix"], "crossset": []}
SAMPLE = {"crossproduct": "rows 6 6\ncols 6 6", "cryptarithm": "SEND + MORE = MONEY",
          "cryptoproduct": "GR x RG = RBR", "crossset": "12 12\n12 12"}


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(sorted(COMMAND_OPTIONS)))
    kind = draw(st.sampled_from(sorted(KIND_OPTIONS)))
    flags = draw(st.lists(st.sampled_from(COMMAND_OPTIONS[command] + KIND_OPTIONS[kind]),
                          max_size=3, unique=True))
    args = [command, kind, draw(st.just(SAMPLE[kind]) | texts(kind).filter(
        lambda t: not t.startswith("-")))]
    for flag in flags:
        args += [flag, draw(option_text)]
    if "--timeout" not in flags:
        args += ["--timeout", "2"]
    return args


@CLI
@given(command_lines())
def test_cli_options_answer_cleanly(args):
    result = RUNNER.invoke(APP, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, \
        result.stderr
    assert result.exit_code in (0, 1, 2, 3, 4, 5), (args, result.exit_code, result.stderr)
    if result.exit_code == 2:
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr


@CLI
@given(st.sampled_from(["crossproduct", "cryptarithm", "cryptoproduct", "crossset"]),
       option_text, option_text, option_text)
def test_generate_options_answer_cleanly(kind, size, difficulty, seed):
    args = ["generate", kind, "--size", size, "--difficulty", difficulty, "--seed", seed,
            "--timeout", "1", "--quiet"]
    result = RUNNER.invoke(APP, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, \
        result.stderr
    assert result.exit_code in (0, 2, 3), (args, result.exit_code, result.stderr)
    if result.exit_code == 2:
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr
