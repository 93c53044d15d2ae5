"""The console script's entry point: Ctrl-C while the command line is still
loading prints one line and exits 130, never a traceback from an import."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")

# A Ctrl-C arriving while `click` (the first heavy import) loads, made
# deterministic: the import system raises KeyboardInterrupt as SIGINT would.
INTERRUPT_IMPORT = (
    "import sys\n"
    "class CtrlC:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] == {module!r}:\n"
    "            raise KeyboardInterrupt\n"
    "sys.meta_path.insert(0, CtrlC())\n"
    "sys.argv = ['numberplay', 'kinds']\n"
    "{run}\n"
)


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=SRC)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60)


def test_ctrl_c_while_the_cli_loads_prints_interrupted_and_exits_130():
    done = _run(INTERRUPT_IMPORT.format(module="click",
                                        run="from numberplay.launch import main\nmain()"))
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "interrupted"
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_python_dash_m_goes_through_the_same_launcher():
    code = INTERRUPT_IMPORT.format(module="click", run="import runpy\n"
                                   "runpy.run_module('numberplay', run_name='__main__')")
    done = _run(code)
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "interrupted"


def test_without_an_interrupt_the_launcher_runs_the_command():
    done = _run(INTERRUPT_IMPORT.format(module="no-such-module",
                                        run="from numberplay.launch import main\nmain()"))
    assert done.returncode == 0, done.stderr
    assert "crossset" in done.stdout


def test_the_console_script_is_the_launcher():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["numberplay"] == "numberplay.launch:main"
