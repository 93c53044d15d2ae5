"""The package's import structure: no cycles, kinds and services are siblings,
and kinds import cores, never each other.

Every import counts, at module level, inside a function (a lazy import is
still a dependency) or under `if TYPE_CHECKING:` (a type is a dependency too).
"""

from __future__ import annotations

import ast
from pathlib import Path

import numberplay

ROOT = Path(numberplay.__file__).parent


def _kind_packages() -> tuple[str, ...]:
    """The subpackages of numberplay that hold a registered kind."""
    found = set()
    for impl in numberplay.all_kinds():
        parts = type(impl).__module__.split(".")
        if parts[0] == "numberplay" and len(parts) > 2:
            found.add(parts[1])
    return tuple(sorted(found))


KIND_PACKAGES = _kind_packages()
FRONT_ENDS = ("cli", "api", "web", "book", "launch", "__init__", "__main__")
INTERFACE_PACKAGES = ("deduce",)   # the deduction kernel and narrator: part of the interface


def _cores() -> tuple[str, ...]:
    """The shared libraries: subpackages that are no kind, no service, no front end."""
    return tuple(sorted(p.parent.name for p in ROOT.glob("*/__init__.py")
                        if p.parent.name not in (*KIND_PACKAGES, "services", *FRONT_ENDS,
                                                 *INTERFACE_PACKAGES)))


CORES = _cores()


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_pkg)
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    graph: dict[str, set[str]] = {}
    for name, (path, is_pkg) in mods.items():
        package = name if is_pkg else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deps: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    if f"{target}.{alias.name}" in mods:
                        deps.add(f"{target}.{alias.name}")
                    elif target in mods:
                        deps.add(target)
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in mods)
        # importing one's own enclosing package (its __init__) is not a dependency back
        graph[name] = {d for d in deps if d != name and not name.startswith(d + ".")}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_checker_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles():
    assert _cycles(_graph()) == []


def test_the_graph_counts_type_checking_imports(tmp_path, monkeypatch):
    """A cycle closed only by an import under `if TYPE_CHECKING:` is still a cycle."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from .a import thing\n")
    monkeypatch.setitem(globals(), "ROOT", pkg)
    assert _cycles(_graph()) == [["pkg.a", "pkg.b"]]


def _layer(module: str) -> str:
    part = module.split(".")[1] if "." in module else "__init__"
    if part in KIND_PACKAGES:
        return "kind"
    if part in CORES:
        return "core"
    if part == "services":
        return "service"
    if part in FRONT_ENDS:
        return "front"
    return "interface"


# What each layer may import besides itself: kinds stand on cores and the
# interface, cores on the interface (and other cores), services on the interface.
ALLOWED = {
    "interface": {"interface"},
    "core": {"interface", "core"},
    "kind": {"interface", "core"},
    "service": {"interface"},
    "front": {"interface", "service", "front"},
}


def _package(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def _bad_imports(graph: dict[str, set[str]]) -> list[str]:
    """The imports that break the layers, `module -> dependency`."""
    bad = []
    for module, deps in graph.items():
        for dep in deps:
            a, b = _layer(module), _layer(dep)
            if b != a and b not in ALLOWED[a]:
                bad.append(f"{module} -> {dep}")
            elif a == b == "kind" and _package(module) != _package(dep):
                bad.append(f"{module} -> {dep}")   # a kind never imports another kind
    return sorted(bad)


def test_layers():
    """Kinds and services stand on the interface and never import each other;
    kinds import cores, never another kind; cores import no kind; nothing below
    the front ends imports a front end."""
    assert _bad_imports(_graph()) == []


def test_the_layers_are_found():
    """The kinds and cores the layer test knows are the package's real ones."""
    assert {p.parent.name for p in ROOT.glob("*/kind.py")} <= set(KIND_PACKAGES)
    assert len(KIND_PACKAGES) >= 2
    assert {"formula", "latin"} <= set(CORES)
    assert {"cli", "web"}.isdisjoint(CORES)


def test_the_checker_sees_a_kind_importing_a_kind():
    """A kind importing another kind is caught, as is a core importing a kind."""
    kind_a, kind_b = (f"numberplay.{k}.kind" for k in KIND_PACKAGES[:2])
    core = f"numberplay.{CORES[0]}.x"
    graph = {kind_a: {kind_b, core}, kind_b: set(), core: {kind_b}}
    assert _bad_imports(graph) == sorted([f"{kind_a} -> {kind_b}", f"{core} -> {kind_b}"])
