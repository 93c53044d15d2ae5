"""Kinds from installed packages (the entry point group `numberplay.kinds`).

A broken plug-in (its import fails, its name is a built-in kind's, its object is
not a complete Kind) costs one warning line naming its package, and every other
kind keeps working. The packages here are fake distributions written into a
temporary folder put on `sys.path` (or PYTHONPATH for a fresh process).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import numberplay
from numberplay import registry
from numberplay.services.examples import list_examples

HALF_KIND = '''
from numberplay import Kind
class Half(Kind):
    name = ""
    def parse(self, text, **options): ...
KIND = Half()
'''

# package name -> (entry points, modules): each broken in its own way.
BROKEN = {
    "np-broken-import": ({"brokenimport": "np_broken_import:KIND"},
                         {"np_broken_import.py": "import no_such_module_anywhere\n"}),
    "np-clash": ({"@builtin": "np_clash:KIND"}, {"np_clash.py": "raise SystemExit('imported')\n"}),
    "np-half": ({"half": "np_half:KIND"}, {"np_half.py": HALF_KIND}),
    "np-not-a-kind": ({"notakind": "np_not_a_kind:KIND"}, {"np_not_a_kind.py": "KIND = object()\n"}),
    "np-no-attribute": ({"noattr": "np_no_attribute:KIND"}, {"np_no_attribute.py": "x = 1\n"}),
}


def fake_distribution(root: Path, dist: str, entries: dict[str, str],
                      modules: dict[str, str]) -> None:
    """Write an installed distribution `dist` (metadata, entry points, modules) into root."""
    builtin = numberplay.kind_names()[0]
    info = root / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    lines = [f"{name.replace('@builtin', builtin)} = {value}\n" for name, value in entries.items()]
    (info / "entry_points.txt").write_text("[numberplay.kinds]\n" + "".join(lines))
    for name, text in modules.items():
        (root / name).write_text(text)


@pytest.fixture
def broken_plugins(tmp_path, monkeypatch):
    """The BROKEN packages installed (on sys.path) for the test; the kinds found again."""
    builtins = numberplay.kind_names()
    for dist, (entries, modules) in BROKEN.items():
        fake_distribution(tmp_path, dist, entries, modules)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    yield tmp_path, builtins
    monkeypatch.undo()
    registry.refresh()


def test_a_broken_plugin_is_one_warning_and_the_others_work(broken_plugins, capsys):
    _, builtins = broken_plugins
    assert numberplay.kind_names() == builtins
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == len(BROKEN)
    for dist in BROKEN:
        line = next(w for w in warnings if f"'{dist}'" in w)
        assert line.startswith("numberplay: warning: the kind plug-in ")
        assert "left out" in line
    text = "\n".join(warnings)
    assert "ModuleNotFoundError: No module named 'no_such_module_anywhere'" in text
    assert f"the name '{builtins[0]}' is already a built-in kind" in text
    assert "Can't instantiate abstract class Half" in text
    assert "is not a complete numberplay Kind (a object without parse, " in text
    assert "AttributeError" in text
    # Asked again: no new warnings; every built-in kind still solves its examples.
    assert numberplay.kind_names() == builtins
    for impl in numberplay.all_kinds():
        for example in list_examples(impl.name)[:1]:
            puzzle = impl.parse_all(example.text)[0]
            assert numberplay.count(puzzle, limit=1) in (0, 1)
    assert capsys.readouterr().err == ""


def test_a_broken_plugin_by_name_is_an_unknown_kind(broken_plugins, capsys):
    with pytest.raises(numberplay.UnknownKind, match="unknown puzzle kind 'brokenimport'"):
        numberplay.get_kind("brokenimport")
    assert "np-broken-import" in capsys.readouterr().err


def test_the_command_line_warns_once_and_goes_on(broken_plugins):
    root, builtins = broken_plugins
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), *sys.path]))
    done = subprocess.run([sys.executable, "-m", "numberplay", "kinds", "--json"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == len(BROKEN) and all(" warning: " in line for line in lines)
    import json
    assert [row["name"] for row in json.loads(done.stdout)] == builtins


def test_a_kind_registered_at_run_time_comes_after_the_installed_ones(toy):
    names = numberplay.kind_names()
    assert names[-1] == toy.name and names.count(toy.name) == 1
