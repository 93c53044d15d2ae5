"""Coverage-guided fuzz targets (atheris/libFuzzer), one per parser.

    PYTHONPATH=src python fuzz/fuzz_parsers.py TARGET [libFuzzer options] [CORPUS_DIR ...]

TARGET is one of: crossproduct, cryptarithm, cryptoproduct, crossset, keen (the
kinds' `parse`, text and JSON), options (the kinds' options: --rows/--cols,
--base/--fix), json (the safe JSON reader) and size (the generators' --size
and --addends). The committed corpus of each target is fuzz/corpus/TARGET/.
A crash is any exception other than PuzzleError, or a parse slower than
libFuzzer's -timeout. Needs `pip install 'numberplay[fuzz]'` (atheris).
"""

from __future__ import annotations

import sys

import atheris

KINDS = ("crossproduct", "cryptarithm", "cryptoproduct", "crossset", "keen")

with atheris.instrument_imports(include=["numberplay"]):
    from numberplay import safejson
    from numberplay.crossproduct.generate import parse_size
    from numberplay.crossset.kind import _size as crossset_size
    from numberplay.cryptarithm.generate import parse_range
    from numberplay.errors import PuzzleError
    from numberplay.kinds import get_kind

    for _name in KINDS:  # the kinds load lazily: load them while instrumenting
        get_kind(_name)


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _kind_target(name: str):
    kind = get_kind(name)

    def target(data: bytes) -> None:
        try:
            puzzle = kind.parse(_text(data))
        except PuzzleError as exc:
            if "\n" in str(exc):
                raise AssertionError(f"message on several lines: {exc!r}") from None
            return
        again = kind.parse(kind.to_text(puzzle))
        if again != puzzle:
            raise AssertionError(f"to_text does not round-trip: {puzzle!r} -> {again!r}")
    return target


def _options(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    choice = fdp.ConsumeIntInRange(0, 3)
    a, b = fdp.ConsumeUnicodeNoSurrogates(64), fdp.ConsumeUnicodeNoSurrogates(64)
    try:
        if choice == 0:
            get_kind("crossproduct").parse(None, rows=a, cols=b)
        elif choice == 1:
            get_kind("crossproduct").parse(None, rows=[fdp.ConsumeInt(8), a], cols=[b])
        elif choice == 2:
            get_kind("cryptarithm").parse("SEND + MORE = MONEY", base=a, fix=b)
        else:
            get_kind("cryptarithm").parse("SEND + MORE = MONEY", base=fdp.ConsumeInt(4),
                                          fix={a[:1]: fdp.ConsumeInt(2)})
    except PuzzleError:
        pass


def _json(data: bytes) -> None:
    try:
        safejson.loads(data)
    except PuzzleError:
        pass


def _size(data: bytes) -> None:
    text = _text(data)
    for parse in (parse_size, crossset_size, lambda t: parse_range(t, (2, 2))):
        try:
            parse(text)
        except PuzzleError:
            pass


TARGETS = {name: _kind_target(name) for name in KINDS}
TARGETS.update(options=_options, json=_json, size=_size)


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in TARGETS:
        sys.exit(f"usage: fuzz_parsers.py {{{','.join(TARGETS)}}} [libFuzzer options]")
    target = TARGETS[argv[1]]
    atheris.Setup([argv[0], *argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
