"""Coverage-guided fuzz targets (atheris/libFuzzer), one per parser.

    PYTHONPATH=src python fuzz/fuzz_parsers.py TARGET [libFuzzer options] [CORPUS_DIR ...]
    python fuzz/fuzz_parsers.py --corpus TARGET     # prints the committed corpus folder

TARGET is the name of an installed kind (its `parse`, text and JSON), `options`
(every kind's own parse options, given fuzzed values), `json` (the safe JSON
reader) or `size` (every kind's generation parameters: --size and the kinds'
generation options, through `Kind.parse_params`). The committed corpus of a kind
is the `testdata/fuzz/` folder of its package; the others' are fuzz/corpus/TARGET/.
A crash is any exception other than PuzzleError, or a parse slower than
libFuzzer's -timeout. Needs `pip install 'numberplay[fuzz]'` (atheris).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

GENERIC = ("options", "json", "size")
HERE = Path(__file__).resolve().parent


def corpus(target: str) -> Path:
    """The committed corpus of a target."""
    if target in GENERIC:
        return HERE / "corpus" / target
    from numberplay.kinds import get_kind
    return Path(str(get_kind(target).files() / "testdata" / "fuzz"))


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _kind_target(impl: Any, error: type[Exception]):
    def target(data: bytes) -> None:
        try:
            puzzle = impl.parse(_text(data))
        except error as exc:
            if "\n" in str(exc):
                raise AssertionError(f"message on several lines: {exc!r}") from None
            return
        again = impl.parse(impl.to_text(puzzle))
        if again != puzzle:
            raise AssertionError(f"to_text does not round-trip: {puzzle!r} -> {again!r}")
    return target


def _value(fdp: Any) -> Any:
    """A fuzzed option value: text, a whole number, a list or a dict of them."""
    choice = fdp.ConsumeIntInRange(0, 3)
    if choice == 0:
        return fdp.ConsumeUnicodeNoSurrogates(64)
    if choice == 1:
        return fdp.ConsumeInt(8)
    if choice == 2:
        return [fdp.ConsumeInt(8), fdp.ConsumeUnicodeNoSurrogates(16)]
    return {fdp.ConsumeUnicodeNoSurrogates(2): fdp.ConsumeInt(2)}


def main(argv: list[str]) -> None:
    if len(argv) == 3 and argv[1] == "--corpus":
        print(corpus(argv[2]))
        return
    from importlib.metadata import entry_points

    import atheris

    # numberplay and every installed kind's package (read from the entry points
    # without importing numberplay, which must load inside the instrumentation).
    packages = {ep.value.split(":")[0].split(".")[0] for ep in entry_points(group="numberplay.kinds")}
    with atheris.instrument_imports(include=sorted(packages | {"numberplay"})):
        from numberplay import safejson
        from numberplay.errors import PuzzleError
        from numberplay.kinds import all_kinds
        from numberplay.services.examples import list_examples

        impls = all_kinds()   # the kinds load lazily: load them while instrumenting
    parse_options = [(impl, option) for impl in impls for option in impl.options
                     if "solve" in option.commands]
    texts = {impl.name: next((e.text for e in list_examples(impl.name)), None) for impl in impls}

    def options(data: bytes) -> None:
        fdp = atheris.FuzzedDataProvider(data)
        impl, option = parse_options[fdp.ConsumeIntInRange(0, len(parse_options) - 1)]
        text = texts[impl.name] if fdp.ConsumeBool() else None
        try:
            impl.parse(text, **{option.name: _value(fdp)})
        except PuzzleError:
            pass

    def json(data: bytes) -> None:
        try:
            safejson.loads(data)
        except PuzzleError:
            pass

    def size(data: bytes) -> None:
        fdp = atheris.FuzzedDataProvider(data)
        impl = impls[fdp.ConsumeIntInRange(0, len(impls) - 1)]
        names = [o.name for o in impl.options if "generate" in o.commands]
        pick = fdp.ConsumeIntInRange(0, len(names))
        text = fdp.ConsumeUnicodeNoSurrogates(64)
        try:
            if pick == len(names):
                impl.parse_params(size=text)
            else:
                impl.parse_params(**{names[pick]: text})
        except PuzzleError:
            pass

    targets = {impl.name: _kind_target(impl, PuzzleError) for impl in impls}
    targets.update(options=options, json=json, size=size)
    if len(argv) < 2 or argv[1] not in targets:
        sys.exit(f"usage: fuzz_parsers.py {{{','.join(targets)}}} [libFuzzer options]")
    atheris.Setup([argv[0], *argv[2:]], targets[argv[1]])
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
