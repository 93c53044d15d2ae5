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


# -- the plug-in example, installed from its own package ------------------------------

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "examples" / "plugin-kind"
NAME = "pyramid"


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory) -> Path:
    """examples/plugin-kind installed with pip into a throwaway folder (`--target`),
    from a copy, so the build leaves nothing in the repository."""
    import importlib.util
    import shutil
    work = tmp_path_factory.mktemp("plugin")
    source = work / "source"
    shutil.copytree(PLUGIN, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    site = work / "site"
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-input",
               "--disable-pip-version-check", "--target", str(site)]
    # As a user would: pip builds it in an isolated environment with a current setuptools.
    # Without a package index, build with the setuptools here instead (a setuptools before
    # 70.1 also needs `wheel` for that).
    done = subprocess.run([*command, str(source)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0 and importlib.util.find_spec("setuptools") is not None:
        shutil.rmtree(site, ignore_errors=True)
        done = subprocess.run([*command, "--no-build-isolation", str(source)],
                              capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return site


def _run(site: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`numberplay ARGS` in a fresh process that sees the installed plug-in."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), *sys.path]))
    done = subprocess.run([sys.executable, "-m", "numberplay", *args], env=env,
                          capture_output=True, text=True, timeout=300)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def _oracle(rows: list[list[int | None]]) -> list[list[list[int]]]:
    """Every filled pyramid that shows the given bricks, by brute force over all
    bottom rows of digits 1-9 (independent of the plug-in's search)."""
    import itertools
    found = []
    for bottom in itertools.product(range(1, 10), repeat=len(rows)):
        full = [list(bottom)]
        while len(full[0]) > 1:
            full.insert(0, [a + b for a, b in zip(full[0], full[0][1:], strict=False)])
        if all(g is None or g == v for grow, frow in zip(rows, full, strict=True)
               for g, v in zip(grow, frow, strict=True)):
            found.append(full)
    return found


def test_the_plugin_is_a_kind_of_the_command_line(plugin_site):
    import json
    done = _run(plugin_site, "kinds", "--json")
    assert done.stderr == ""
    row = next(r for r in json.loads(done.stdout) if r["name"] == NAME)
    assert row["title"] and row["difficulties"] == ["easy", "hard"]
    names = [e["name"] for e in json.loads(_run(plugin_site, "examples", NAME, "--json").stdout)]
    assert len(names) >= 3
    for name in names:
        report = json.loads(_run(plugin_site, "solve", NAME, "--example", name, "--all",
                                 "--format", "json", check=False).stdout)
        expected = _oracle(report["puzzle"]["rows"])
        assert [s["rows"] for s in report["solutions"]] == expected, name
    assert "[solved]" in _run(plugin_site, "explain", NAME, "--example", "school").stdout


def test_the_plugin_generates_puzzles_with_one_solution(plugin_site):
    import json
    for difficulty in ("easy", "hard"):
        done = _run(plugin_site, "generate", NAME, "--size", "4", "--difficulty", difficulty,
                    "--count", "3", "--seed", "1", "--format", "json")
        for item in json.loads(done.stdout)["puzzles"]:
            assert _oracle(item["puzzle"]["rows"]) == [item["solution"]["rows"]]
            assert item["difficulty"] == difficulty


def test_the_plugin_goes_in_a_book(plugin_site, tmp_path):
    _run(plugin_site, "book", NAME, "--count", "2", "--seed", "1", "--format", "svg",
         "-o", str(tmp_path / "book"), "--quiet")
    drawings = sorted((tmp_path / "book").glob("*.svg"))
    assert len(drawings) == 4 and all("<svg" in d.read_text() for d in drawings)


def test_the_plugin_plays_on_the_web_page(plugin_site, monkeypatch, tmp_path):
    pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
    from web_server import Server
    monkeypatch.setenv("PYTHONPATH", str(plugin_site))
    server = Server()
    try:
        row = next(r for r in server.get("/api/kinds") if r["name"] == NAME)
        assert row["play"]["script"] == f"/kinds/{NAME}/play.js"
        import urllib.request
        for url in (row["play"]["script"], row["play"]["style"]):
            with urllib.request.urlopen(server.url + url, timeout=30) as response:
                assert response.status == 200 and len(response.read()) > 500
        status, answer = server.post("/api/generate", {"kind": NAME, "seed": 1})
        assert status == 200 and answer["puzzles"][0]["puzzle"]["rows"]
        _play_in_a_browser(server, tmp_path)
    finally:
        server.stop()


def _play_in_a_browser(server, tmp_path: Path) -> None:
    """The page plays the plug-in's puzzle: pick it, reveal, and it is solved."""
    if not os.path.exists("/usr/bin/chromium"):
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 900, "height": 700})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.url + "/")
            page.wait_for_selector("body[data-state=home]", state="attached")
            assert NAME in page.eval_on_selector_all("#kind-select option",
                                                     "els => els.map(e => e.value)")
            page.goto(server.url + f"/play/{NAME}?seed=1&size=4&difficulty=easy")
            page.wait_for_selector("body[data-state=playing]", state="attached", timeout=30_000)
            assert page.locator("#board .brick").count() == 10
            page.screenshot(path=str(tmp_path / f"{NAME}.png"))
            page.click("#btn-reveal")
            page.wait_for_selector("body[data-state=revealed]", state="attached")
            assert not errors, errors
        finally:
            browser.close()
