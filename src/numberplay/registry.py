"""The registry of puzzle kinds: name -> the `Kind` object, loaded on first use.

Kept apart from `kinds.py` (the interface) so that the value classes in
`model.py` can find a puzzle's kind without importing the interface back.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .errors import UnknownKind

if TYPE_CHECKING:
    from .kinds import Kind

# name -> "module:attribute" of the Kind instance. One line per family.
_REGISTRY: dict[str, str] = {
    "crossproduct": "numberplay.crossproduct:KIND",
    "cryptarithm": "numberplay.cryptarithm:KIND",
    "cryptoproduct": "numberplay.cryptoproduct:KIND",
    "crossset": "numberplay.crossset:KIND",
}

_LOADED: dict[str, Kind] = {}


def kind_names() -> list[str]:
    """The registered kind names (without aliases), in registry order."""
    return list(_REGISTRY)


def all_kinds() -> list[Kind]:
    """Every registered kind, loaded."""
    return [get_kind(name) for name in _REGISTRY]


def register(kind: Kind) -> Kind:
    """Register a kind object at run time (tests and plug-ins); TypeError if its
    name disagrees with its Puzzle and Solution classes. (The parameter is the
    impl; it keeps the public keyword `kind` it had before the naming rule.)"""
    check_names(kind)
    _LOADED[kind.name] = kind
    _REGISTRY.setdefault(kind.name, "")
    return kind


def unregister(name: str) -> None:
    """Remove a kind registered with `register`."""
    _LOADED.pop(name, None)
    if _REGISTRY.get(name) == "":
        del _REGISTRY[name]


def get_kind(name: str | Kind) -> Kind:
    """The kind called `name` (or one of its aliases); UnknownKind otherwise."""
    if not isinstance(name, str):
        return name
    key = str(name).strip().lower()
    if key in _LOADED:
        return _LOADED[key]
    if key in _REGISTRY and _REGISTRY[key]:
        module_name, _, attr = _REGISTRY[key].partition(":")
        impl = getattr(importlib.import_module(module_name), attr)
        if impl.name != key:
            raise TypeError(f"registry entry {key!r} points to the kind {impl.name!r}")
        check_names(impl)
        _LOADED[key] = impl
        return impl
    for other in list(_REGISTRY):
        impl = get_kind(other)
        if key in impl.aliases:
            return impl
    known = ", ".join(kind_names()) or "none"
    raise UnknownKind(f"unknown puzzle kind {name!r} (known kinds: {known})")


def check_names(kind: type[Kind] | Kind) -> None:
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
