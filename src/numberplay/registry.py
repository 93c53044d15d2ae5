"""The registry of puzzle kinds: name -> the `Kind` object, loaded on first use.

Kinds are found through the entry point group `numberplay.kinds` (entry point
name: the kind's name; value: `module:attribute` of its impl). numberplay's own
kinds are declared there in its `pyproject.toml`, and so is any installed
plug-in package's. `register` adds a kind at run time (tests, notebooks).

A plug-in that cannot be used (its import fails, its name is a built-in kind's,
its object is not a complete `Kind`) is left out with one warning line on
stderr naming its package; every other kind keeps working.

A built-in kind asked for by its name (`get_kind("name")`, what `numberplay
COMMAND KIND` does) is imported straight from its folder, without reading any
package's metadata (`importlib.metadata` and the scan of every installed
distribution cost more than the rest of a small command): the entry points are
read when the whole list is needed (`all_kinds`, `kind_names`, a name that is no
built-in kind's, an alias). A plug-in cannot take a built-in kind's name (it is
left out with a warning), so both ways give the same kind.

Kept apart from `kinds.py` (the interface). The value classes in `model.py` find
their kind here (`model.kind_of`).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

from .errors import UnknownKind

# An impl: a `kinds.Kind` instance. Left untyped here so that the registry does
# not import the interface back; `kinds.py` re-exports `get_kind` and
# `all_kinds` typed.
Impl = Any

GROUP = "numberplay.kinds"
HOME = "numberplay"     # the distribution whose kinds are the built-in ones


class Source:
    """Where a kind comes from: `module:attribute`, and the distribution declaring it.
    (A plain class: a dataclass costs start-up, docs/architecture.md.)"""

    __slots__ = ("package", "target")

    def __init__(self, target: str, package: str) -> None:
        self.target, self.package = target, package

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Source) and self.target == other.target
                and self.package == other.package)

    def __hash__(self) -> int:
        return hash((self.target, self.package))

    def __repr__(self) -> str:
        return f"Source({self.target!r}, {self.package!r})"

    @property
    def builtin(self) -> bool:
        """Declared by numberplay itself."""
        return _normal(self.package) == HOME


# What every kind has (the abstract methods of `kinds.Kind` and what services call).
METHODS = ("parse", "parse_all", "to_text", "solutions", "find_solutions", "count", "verify",
           "explain", "parse_params", "generate", "grade", "render", "render_as", "files")

_SOURCES: dict[str, Source] | None = None   # name -> source, found once
_LOADED: dict[str, Impl] = {}
_ADDED: list[str] = []                      # names registered at run time, in order
_LEFT_OUT: dict[str, str] = {}              # name -> why (warned once)


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _warn(key: str, message: str) -> None:
    """One warning line on stderr, once per process for each `key`."""
    if key not in _LEFT_OUT:
        _LEFT_OUT[key] = message
        print(f"numberplay: warning: {message}", file=sys.stderr)


def _entry_points() -> list[tuple[str, Source]]:
    """(name, source) of every entry point of the group: numberplay's first, in
    declared order, then the plug-ins' sorted by name and package."""
    from importlib import metadata
    found = []
    for ep in metadata.entry_points(group=GROUP):
        dist = ep.dist.name if ep.dist is not None else "?"
        found.append((ep.name.strip().lower(), Source(ep.value.strip(), dist)))
    builtins = [f for f in found if f[1].builtin]
    plugins = sorted((f for f in found if not f[1].builtin), key=lambda f: (f[0], f[1].package))
    return builtins + plugins


def _source_tree() -> list[tuple[str, Source]]:
    """The built-in kinds when numberplay runs without its metadata (from a source
    tree on PYTHONPATH): each subpackage holding a `kind.py`, by name."""
    from pathlib import Path
    here = Path(__file__).parent
    return [(p.parent.name, _builtin_source(p.parent.name))
            for p in sorted(here.glob("*/kind.py"))]


def _builtin_source(name: str) -> Source:
    """Where the built-in kind `name` lives: its folder's KIND (as its entry point says)."""
    return Source(f"{__package__}.{name}:KIND", HOME)


def _is_builtin_folder(name: str) -> bool:
    """Is `name` a built-in kind's folder (a subpackage holding a `kind.py`)?"""
    return name.isidentifier() and os.path.isfile(
        os.path.join(os.path.dirname(__file__), name, "kind.py"))


def sources() -> dict[str, Source]:
    """Name -> source of every kind the entry points declare (found once), plug-ins
    whose name is taken left out with a warning."""
    global _SOURCES
    if _SOURCES is None:
        found = _entry_points()
        if not any(source.builtin for _, source in found):
            found = _source_tree() + found
        table: dict[str, Source] = {}
        for name, source in found:
            if name in table:
                owner = "a built-in kind" if table[name].builtin else \
                    f"the kind of the package {table[name].package!r}"
                _warn(name + "@" + source.package,
                      f"the kind plug-in {name!r} of the package {source.package!r} is left "
                      f"out: the name {name!r} is already {owner}")
                continue
            table[name] = source
        _SOURCES = table
    return _SOURCES


def _names() -> list[str]:
    """Every name declared or registered, without the left-out ones, in order."""
    names = [n for n in sources() if n not in _LEFT_OUT]
    return names + [n for n in _ADDED if n not in names]


def kind_names() -> list[str]:
    """The names of the kinds that load (without aliases), in registry order."""
    return [impl.name for impl in all_kinds()]


def all_kinds() -> list[Impl]:
    """Every registered kind, loaded; plug-ins that fail are left out with a warning."""
    out = []
    for name in _names():
        impl = _load(name)
        if impl is not None:
            out.append(impl)
    return out


def register(kind: Impl) -> Impl:
    """Register a kind object at run time (tests and plug-ins); TypeError if its
    name disagrees with its Puzzle and Solution classes. (The parameter is the
    impl; it keeps the public keyword `kind` it had before the naming rule.)"""
    check_names(kind)
    _LOADED[kind.name] = kind
    if kind.name not in _ADDED:
        _ADDED.append(kind.name)
    return kind


def unregister(name: str) -> None:
    """Remove a kind registered with `register` (a declared kind is loaded again)."""
    _LOADED.pop(name, None)
    if name in _ADDED:
        _ADDED.remove(name)


def refresh() -> None:
    """Find the kinds again (after a package was installed or removed at run time);
    the kinds registered with `register` stay."""
    global _SOURCES
    importlib.invalidate_caches()
    _SOURCES = None
    _LEFT_OUT.clear()
    for name in [n for n in _LOADED if n not in _ADDED]:
        del _LOADED[name]


def _load(name: str) -> Impl | None:
    """The kind `name`, loaded from its source; None (and a warning) for a kind
    that cannot be used."""
    if name in _LOADED:
        return _LOADED[name]
    if _SOURCES is None and _is_builtin_folder(name):
        source: Source | None = _builtin_source(name)   # no metadata needed (see above)
    else:
        source = sources().get(name)
    if source is None or name in _LEFT_OUT:
        return None
    try:
        impl = _import(name, source)
    except Exception as exc:  # noqa: BLE001 - any failure of a kind leaves it out
        why = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        if source.builtin:
            _warn(name, f"the built-in kind {name!r} ({source.target}) is left out: {why} "
                        "(if numberplay's entry points changed, install it again)")
        else:
            _warn(name, f"the kind plug-in {name!r} of the package {source.package!r} "
                        f"({source.target}) is left out: {why}")
        return None
    _LOADED[name] = impl
    return impl


def _import(name: str, source: Source) -> Impl:
    """Import the impl a source names and check it is a complete Kind called `name`."""
    module_name, _, attr = source.target.partition(":")
    impl: Any = importlib.import_module(module_name)
    for part in filter(None, attr.split(".")):
        impl = getattr(impl, part)
    missing = [m for m in METHODS if not callable(getattr(impl, m, None))]
    if missing or getattr(impl, "__abstractmethods__", None):
        lacks = ", ".join(missing or sorted(impl.__abstractmethods__))
        raise TypeError(f"{source.target} is not a complete numberplay Kind (a "
                        f"{type(impl).__name__} without {lacks})")
    if impl.name != name:
        raise TypeError(f"the entry point {name!r} points to the kind {impl.name!r}")
    check_names(impl)
    return impl


def get_kind(name: str | Impl) -> Impl:
    """The kind called `name` (or one of its aliases); UnknownKind otherwise."""
    if not isinstance(name, str):
        return name
    key = str(name).strip().lower()
    impl = _load(key)
    if impl is not None:
        return impl
    for other in all_kinds():
        if key in other.aliases:
            return other
    known = ", ".join(kind_names()) or "none"
    raise UnknownKind(f"unknown puzzle kind {name!r} (known kinds: {known})")


def check_names(kind: Impl) -> None:
    """A kind's name must agree with its Puzzle and Solution classes (else
    puzzles would be routed to the wrong kind): TypeError otherwise. `kind` is
    an impl or a Kind subclass (a public keyword kept as it was)."""
    name = kind.name
    if not name:
        return  # an abstract intermediate class
    for attr in ("puzzle_type", "solution_type"):
        cls = getattr(kind, attr)
        if cls.kind != name:
            raise TypeError(f"kind {name!r}: {attr} {cls.__name__} says its kind is "
                            f"{cls.kind!r}")

