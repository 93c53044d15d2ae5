"""Start-up as a design property: what a command imports is listed and bounded.

A plain `numberplay solve KIND PUZZLE` runs in a fresh process and the modules
it imported are read from `sys.modules`: no Typer, pydantic, rich, web or batch
engine, no package metadata scan, no other kind; at most a fixed number of
numberplay's own modules, and of dataclasses among them (creating one is a
good part of the start-up: plain classes on this path). `import numberplay` imports numberplay's package
alone. (Times belong in benchmarks/bench_startup.py, not here.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import numberplay
from numberplay.registry import _source_tree

ROOT = Path(__file__).resolve().parents[1]

# Never on the path of a plain solve.
FORBIDDEN = ("typer", "pydantic", "rich", "fastapi", "starlette", "uvicorn", "dask",
             "distributed", "ortools", "importlib.metadata", "email", "http", "urllib.request",
             "xml", "sqlite3", "numberplay.web", "numberplay.services.batch",
             "numberplay.services.workbench", "numberplay.book", "numberplay.notebook",
             "numberplay.display", "numberplay.api", "numberplay.services.generation",
             "numberplay.services.hints", "numberplay.cli.html_out", "numberplay.cli.svg_out",
             "numberplay.drawing")

# The most of numberplay's generic modules (outside the kind's folder and the
# shared cores a kind stands on) a plain solve may import: today 21 (the package
# and its launcher, the command line's 7, the interface's 6 and 6 services,
# `--example` included). A new import on this path must fit or argue.
GENERIC_BUDGET = 21
# The most dataclasses those generic modules may define: today 10, the puzzle
# records of `model` (Puzzle, Solution, Step, ...: kinds subclass or replace()
# them) and two of `kinds` (KindOption, Params); the command line's records and
# the services' are plain classes.
GENERIC_DATACLASSES = 10
CORES = ("numberplay.formula", "numberplay.latin", "numberplay.deduce")

LIST_MODULES = (
    "import json, sys\n"
    "sys.argv = ['numberplay', *json.loads(sys.argv[1])]\n"
    "from numberplay.launch import main\n"
    "try:\n"
    "    main()\n"
    "except SystemExit as exc:\n"
    "    code = exc.code\n"
    "else:\n"
    "    code = 0\n"
    "print('MODULES', json.dumps(sorted(sys.modules)), code)\n"
    "print('DATACLASSES', json.dumps(sorted(f'{n}.{c.__name__}' for n, m in list(sys.modules.items())\n"
    "      if n.startswith('numberplay') for c in vars(m).values() if isinstance(c, type)\n"
    "      and c.__module__ == n and '__dataclass_fields__' in c.__dict__)))\n"
)


def modules_of(*args: str) -> tuple[list[str], int, list[str]]:
    """The modules a fresh `numberplay ARGS` imported, its exit code, and the
    dataclasses numberplay's modules define (`module.Class`)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run([sys.executable, "-c", LIST_MODULES, json.dumps(args)],
                          capture_output=True, text=True, env=env, timeout=120)
    line = next(x for x in done.stdout.splitlines() if x.startswith("MODULES "))
    listed, code = line.removeprefix("MODULES ").rsplit(" ", 1)
    classes = next(x for x in done.stdout.splitlines() if x.startswith("DATACLASSES "))
    return json.loads(listed), int(code), json.loads(classes.removeprefix("DATACLASSES "))


def _hits(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def _kinds() -> list[str]:
    return [name for name, _ in _source_tree()]


def test_the_check_sees_a_forbidden_module():
    assert _hits(["rich.console", "richer", "numberplay.web.app"], ("rich", "numberplay.web")) \
        == ["rich.console", "numberplay.web.app"]


@pytest.mark.parametrize("kind", _kinds())
def test_a_plain_solve_imports_its_kind_and_little_else(kind):
    from numberplay.services.examples import list_examples
    example = list_examples(kind)[0]
    modules, code, classes = modules_of("solve", kind, "--example", example.name)
    assert code in (0, 4), code            # solved (unique or not)
    assert _hits(modules, FORBIDDEN) == []
    others = tuple(f"numberplay.{k}" for k in _kinds() if k != kind)
    assert _hits(modules, others) == [], "a solve imports no other kind"
    ours = [m for m in modules if m == "numberplay" or m.startswith("numberplay.")]
    generic = [m for m in ours if not _hits([m], (f"numberplay.{kind}", *CORES))]
    assert len(generic) <= GENERIC_BUDGET, "\n".join(generic)
    made = [c for c in classes if c.rsplit(".", 1)[0] in generic]
    assert len(made) <= GENERIC_DATACLASSES, "\n".join(made)


def test_import_numberplay_imports_the_package_alone():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    code = ("import sys, json, numberplay\n"
            "print(json.dumps([m for m in sys.modules if m.startswith('numberplay')]))\n"
            "print('typing' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60)
    listed, typing = done.stdout.splitlines()
    assert json.loads(listed) == ["numberplay"]
    assert typing == "False"


def test_the_top_level_names_still_work():
    assert set(numberplay.__all__) == set(numberplay._WHERE)
    for name in numberplay.__all__:
        assert getattr(numberplay, name) is not None
    assert set(numberplay.__all__) <= set(dir(numberplay))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        numberplay.nothing  # noqa: B018


def test_version_prints_the_version(run):
    for flag in ("--version", "-V"):
        r = run([flag])
        assert r.exit_code == 0 and r.stdout == f"numberplay {numberplay.__version__}\n"


def test_help_shows_no_stray_type_names(run):
    for args in (["--help"], ["solve", "--help"], ["solve", _kinds()[0], "--help"],
                 ["generate", _kinds()[0], "-h"], ["store", "export", "--help"]):
        r = run(args)
        assert r.exit_code == 0, (args, r.output)
        assert "<bool>" not in r.stdout and "<str>" not in r.stdout, args
        assert "-h, --help" in r.stdout, args


def test_shell_completion_lists_commands_and_kinds():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), _NUMBERPLAY_COMPLETE="bash_complete",
               COMP_WORDS="numberplay solve ", COMP_CWORD="2")
    code = "import sys; sys.argv = ['numberplay']\nfrom numberplay.launch import main\nmain()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert set(_kinds()) <= {line.split(",", 1)[1] for line in done.stdout.splitlines()}
