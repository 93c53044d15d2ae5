"""Property-based fuzzing of the readers tests/test_hostile_fuzz.py leaves out:
Keen and division puzzles, the players' states of `hint --state`, batch job
lines, operation requests (the web API's JSON bodies), word-list files and
doubly-true table files.

The only outcomes allowed: what was read, or one clear line (a PuzzleError; exit
2 on the command line, HTTP 400 over the API); never a traceback or an internal
error, and nothing written where a command refused its input.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import cache
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numberplay.errors import PuzzleError
from numberplay.kinds import get_kind
from test_hostile_fuzz import check_parse, json_texts, json_values, nasty

FAST = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=20, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ALPHABETS = {
    "keen": "ABCDEFGH 0123456789+-x*/÷×−\n#.:,[]{}\"",
    "division": "pkmhxbdg?/=;-+*×÷ 0123456789\n#.:,[]{}\"",
}


def texts(alphabet: str, size: int = 120):
    """Text in an alphabet, some JSON, with a nasty piece mixed in."""
    own = st.text(alphabet=alphabet, max_size=size)
    return own | st.tuples(own, nasty, own).map("".join) | json_texts | st.text(max_size=60)


def one_line(message: str) -> None:
    assert message and "\n" not in message and len(message) < 20_000, message


# --- Keen and division puzzles ---------------------------------------------------


@FAST
@given(texts(ALPHABETS["keen"]))
def test_keen_text(text):
    check_parse("keen", text)


@FAST
@given(texts(ALPHABETS["division"]))
def test_division_text(text):
    check_parse("division", text)


@FAST
@given(st.sampled_from([
    "A B\nA B\nA 3+ B 3+",
    "A A B C\nD E B C\nD E F F\nG G H H\nA 3+ B 1- C 2/ D 5+ E 12x F 1- G 2/ H 7+"]),
    texts(ALPHABETS["keen"], 12))
def test_keen_mangled(good, noise):
    """A Keen puzzle with a piece put in or cut out somewhere."""
    cut = len(noise) % (len(good) + 1)
    check_parse("keen", good[:cut] + noise + good[cut + len(noise) % 3:])


@FAST
@given(st.sampled_from(["pkmkh / ?? = ??? ; pkm - pmd = xp ; xpk - ?? = kh ; khh - mbg = k",
                        "?? / ? = ?? ; ?? - ?? = ? ; ?? - ?? = 0"]),
       texts(ALPHABETS["division"], 12))
def test_division_mangled(good, noise):
    cut = len(noise) % (len(good) + 1)
    check_parse("division", good[:cut] + noise + good[cut + len(noise) % 3:])


# --- the players' states (hint --state) ------------------------------------------


@cache
def _puzzle(kind: str):
    import numberplay
    return numberplay.generate(kind, seed=1)


STATE_ALPHABET = "0123456789.?=,; \n|-_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdr{}[]\":"
KINDS = ("crossproduct", "crossset", "cryptarithm", "cryptoproduct", "division", "keen")


@FAST
@given(st.sampled_from(KINDS), texts(STATE_ALPHABET, 200))
def test_state_readers(kind, text):
    """A player's state is read, or refused in one line."""
    puzzle = _puzzle(kind)
    impl = get_kind(kind)
    try:
        impl.parse_state(puzzle, text)
    except PuzzleError as exc:
        one_line(str(exc))
    except NotImplementedError:
        pass


@SLOW
@given(st.sampled_from(KINDS), texts(STATE_ALPHABET, 80))
def test_hint_state_on_the_command_line(kind, text):
    from numberplay.cli import build_app
    puzzle = _puzzle(kind)
    result = CliRunner().invoke(build_app(), [
        "hint", kind, get_kind(kind).to_text(puzzle), "--state", text, "--timeout", "2"])
    _clean_exit(result)


def _clean_exit(result, allowed=(0, 1, 2, 3)) -> None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, \
        result.stderr
    assert result.exit_code in allowed, (result.exit_code, result.stderr)
    if result.exit_code == 2:
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr
        assert not result.stdout.strip(), result.stdout


# --- batch job lines and operation requests --------------------------------------

FIELDS = ["op", "kind", "puzzle", "options", "timeout", "max_nodes", "id", "limit", "all",
          "count", "state", "level", "size", "difficulty", "seed", "puzzle_id", "search",
          "trace", "max_steps", "why"]
OPS = ["solve", "count", "check", "explain", "hint", "generate"]
field_values = (st.none() | st.booleans() | st.integers(-10**20, 10**20)
                | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12) | nasty
                | st.sampled_from(KINDS + ("crossset", "12 12\n12 2", "SEND + MORE = MONEY"))
                | st.lists(st.integers(-3, 99) | st.text(max_size=3), max_size=4)
                | st.dictionaries(st.sampled_from(["base", "fix", "rows", "cols", "size"])
                                  | st.text(max_size=3), st.integers(-3, 40) | st.text(max_size=4),
                                  max_size=3))


@st.composite
def requests(draw):
    """A JSON object shaped like a request: an op and a kind mostly, other fields."""
    body = draw(st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=5), field_values,
                                max_size=6))
    if draw(st.booleans()):
        body["op"] = draw(st.sampled_from(OPS))
    if draw(st.booleans()):
        body["kind"] = draw(st.sampled_from(KINDS))
        body.setdefault("puzzle", get_kind(body["kind"]).to_text(_puzzle(body["kind"])))
    return body


job_lines = (requests().map(json.dumps) | json_texts | st.text(max_size=80)
             | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))


@FAST
@given(st.lists(job_lines, max_size=6), st.binary(max_size=20))
def test_batch_job_lines(lines, junk):
    """Every line becomes a job or a failure that names its line in one line."""
    from numberplay.services.batch.jobs import read_entries
    raw = [line.encode("utf-8", "surrogatepass") for line in lines] + [junk]
    for entry in read_entries(raw):
        if entry.job is None:
            message = entry.failed.error if hasattr(entry.failed, "error") else str(entry.failed)
            one_line(str(message))


@SLOW
@given(requests())
def test_operation_requests(body):
    """An API body (what a web worker runs): answered, or refused with 400 (or 404,
    422, 503 for a budget) in one line; never a 500."""
    from numberplay.web.jobs import run_job
    op = body.get("op") if body.get("op") in OPS else "solve"
    body = {**body, "timeout": None, "max_nodes": None}
    status, answer = run_job(op, body, 1.0)
    assert status != 500, answer
    if status != 200:
        one_line(answer["error"])


@FAST
@given(json_values)
def test_operation_request_bodies_of_any_shape(value):
    from numberplay.web.jobs import run_job
    status, answer = run_job("solve", value, 1.0)
    assert status != 500, answer
    if status != 200:
        one_line(answer["error"])


# --- word-list and table files ---------------------------------------------------

WORD_ALPHABET = "abcdefghij ABCDEFΑΒΓαβγЖжß0123456789#\n\t\r.,;-'é\u0301\u00ad\x00"


@FAST
@given(texts(WORD_ALPHABET, 200))
def test_word_lists(text):
    from numberplay.cryptarithm.wordlist import read_words
    try:
        words = read_words(text, "words.txt")
    except PuzzleError as exc:
        one_line(str(exc))
    else:
        assert all(w == w.upper() for w in words)


TABLE_ALPHABET = "0123456789 onetwhrfivsx#\n\t-ONETWHRFIVSX\u0301é."


@FAST
@given(texts(TABLE_ALPHABET, 200))
def test_doubly_true_tables(text):
    from numberplay.cryptarithm.numbers import read_table
    try:
        table = read_table(text, "table.txt")
    except PuzzleError as exc:
        one_line(str(exc))
    else:
        assert len(table.numbers) == len(table.names) >= 2


GOOD_TABLE = "1 one\n2 two\n3 three\n4 four\n5 five\n6 six\n7 seven\n8 eight\n9 nine\n10 ten\n"
GOOD_WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa\n"


@SLOW
@given(st.sampled_from(["words", "table"]),
       st.sampled_from([GOOD_TABLE, GOOD_WORDS, ""]) | texts(WORD_ALPHABET + TABLE_ALPHABET, 80),
       st.binary(max_size=8))
def test_word_and_table_files_on_the_command_line(which, text, tail):
    """`generate cryptarithm --all --words FILE` / `--doubly-true FILE`: puzzles,
    or exit 2 with one line and nothing written (no file, nothing on stdout)."""
    from numberplay.cli import build_app
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "list.txt")
        path.write_bytes(text.encode("utf-8", "surrogatepass") + tail)
        option = "--words" if which == "words" else "--doubly-true"
        result = CliRunner().invoke(build_app(), [
            "generate", "cryptarithm", "--all", option, str(path), "--count", "2",
            "--timeout", "2", "--quiet"])
        _clean_exit(result, allowed=(0, 1, 2, 3))
        if result.exit_code == 2:
            assert sorted(os.listdir(tmp)) == ["list.txt"]
