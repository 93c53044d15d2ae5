"""The package's import structure: no cycles, and kinds and services are siblings.

Every import counts, at module level or inside a function (a lazy import is
still a dependency); only `if TYPE_CHECKING:` blocks are left out.
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
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and getattr(node.test, "id",
                                                    getattr(node.test, "attr", "")) == "TYPE_CHECKING":
                node.body = []
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


def _layer(module: str) -> str:
    part = module.split(".")[1] if "." in module else "__init__"
    if part in KIND_PACKAGES:
        return "kind"
    if part == "services":
        return "service"
    if part in FRONT_ENDS:
        return "front"
    return "interface"


def test_layers():
    """Kinds and services stand on the interface and never import each other;
    nothing below the front ends imports a front end."""
    bad = []
    for module, deps in _graph().items():
        for dep in deps:
            a, b = _layer(module), _layer(dep)
            if a == "kind" and b in ("service", "front") or a == "service" and b in ("kind", "front") \
                    or a == "interface" and b in ("kind", "service", "front"):
                bad.append(f"{module} -> {dep}")
            if a == "kind" and b == "kind" and module.split(".")[1] != dep.split(".")[1]:
                bad.append(f"{module} -> {dep}")
    assert bad == []
