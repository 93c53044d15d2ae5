"""One meaning per name, checked on the source tree with `ast`.

The glossary (see the docstring of `numberplay.kinds`):

- `kind` is a kind NAME, a str such as "crossset" (`Puzzle.kind`, the JSON
  key, `numberplay.parse(kind, ...)`, `--kind`);
- `impl` is the kind's implementation, the `Kind` object that
  `get_kind(kind)` returns (`impls` for several).

The rules, over every module of `src/numberplay` and of `tests/`:

1. A parameter or annotated variable called `kind` is annotated (tests may
   leave pytest's parameters bare), and its annotation admits a str (`str`,
   `str | None`, `ClassVar[str]`, or `str | Kind` where a function takes either).
2. A parameter or annotated variable annotated as one `Kind` object (`Kind`
   or a subclass such as `CryptarithmKind`, `Kind | None`, `type[Kind] | Kind`;
   no str among the alternatives) is called `impl` or `..._impl`.
3. The name `kind` is never bound, without annotation, to a `Kind` object that
   the syntax shows: the result of a function of the package annotated to
   return `Kind` (`get_kind`, `register`, ...), an element of one annotated to
   return a list or iterator of them (`all_kinds`), or the name `impl`; nor is
   it one element of an unpacking target (the (line sort, index, cells)
   triples of Cross Set and the `(impl, puzzle, solution)` triples were
   spelled that way; `kind, name = x, y` and `for kind, n in [("a", 1)]`
   count as plain bindings of each value). The tests, which loop over tables
   of kind names, are spared this last clause.

Exceptions: the keyword parameters of public functions that callers may pass
by name (`numberplay.register(kind=...)`), listed in PUBLIC_KEYWORDS.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numberplay

SRC = Path(numberplay.__file__).parent
TESTS = Path(__file__).resolve().parent

# (file relative to the package, function, parameter): public keywords kept.
PUBLIC_KEYWORDS = {
    ("registry.py", "register", "kind"),     # numberplay.register(kind=...)
    ("registry.py", "check_names", "kind"),  # numberplay.kinds.check_names(kind=...)
}


def _names_in(annotation: ast.expr) -> set[str]:
    """The bare names an annotation mentions (strings from `from __future__
    import annotations` or quotes are parsed too)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return {n.id if isinstance(n, ast.Name) else n.attr
            for n in ast.walk(annotation) if isinstance(n, (ast.Name, ast.Attribute))}


def _alternatives(annotation: ast.expr) -> list[ast.expr]:
    """`A | B | None` -> [A, B, None]; `Optional[A]` -> [A]; else [annotation]."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _alternatives(annotation.left) + _alternatives(annotation.right)
    if isinstance(annotation, ast.Subscript) and _names_in(annotation.value) == {"Optional"}:
        return [annotation.slice]
    return [annotation]


def _kind_classes(trees: dict[str, ast.Module]) -> set[str]:
    """`Kind` and the names of the classes that derive from it, in the trees."""
    classes = {"Kind"}
    while True:
        more = {node.name for tree in trees.values() for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef)
                and any(_names_in(base) & classes for base in node.bases)}
        if more <= classes:
            return classes
        classes |= more


def _is_one_impl(annotation: ast.expr, classes: set[str]) -> bool:
    """The annotation says: one Kind object (or class; `Kind` or a subclass),
    possibly None; no str."""
    names = set()
    for alt in _alternatives(annotation):
        if isinstance(alt, ast.Subscript) and _names_in(alt.value) == {"type"}:
            alt = alt.slice
        if isinstance(alt, ast.Constant) and alt.value is None:
            continue
        if not isinstance(alt, (ast.Name, ast.Attribute)):
            return False  # a container or anything else: not one object
        names |= _names_in(alt)
    return bool(names & classes) and "str" not in names


def _admits_str(annotation: ast.expr | None) -> bool:
    return annotation is not None and "str" in _names_in(annotation) \
        and "Any" not in _names_in(annotation)


def _kind_returning(trees: dict[str, ast.Module],
                    classes: set[str]) -> tuple[set[str], set[str]]:
    """Functions of the package annotated to return one Kind, and those
    returning a list or iterator of Kinds."""
    one, many = set(), set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
                if _is_one_impl(node.returns, classes):
                    one.add(node.name)
                elif isinstance(node.returns, ast.Subscript) and \
                        _names_in(node.returns.value) & {"list", "Iterator", "Iterable",
                                                         "Sequence"} and \
                        _is_one_impl(node.returns.slice, classes):
                    many.add(node.name)
    return one, many


def _called(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Call):
        f = node.func
        return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
    return None


def _target_names(target: ast.expr) -> list[ast.Name]:
    return [n for n in ast.walk(target) if isinstance(n, ast.Name)]


def _pairs(target: ast.expr, value: ast.expr | None,
           loop: bool) -> list[tuple[ast.expr, ast.expr | None, bool]]:
    """`a, b = x, y` is two bindings, `a = x` and `b = y`; so is each item of
    `for a, b in [(x, y), ...]`."""
    if loop and isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return [pair for item in value.elts for pair in _pairs(target, item, False)]
    if not loop and isinstance(target, (ast.Tuple, ast.List)) and \
            isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        return [pair for t, v in zip(target.elts, value.elts, strict=True)
                for pair in _pairs(t, v, False)]
    return [(target, value, loop)]


def violations(trees: dict[str, ast.Module]) -> list[str]:
    """Every breach of the three rules, as "file:line: what"."""
    classes = _kind_classes(trees)
    one, many = _kind_returning(trees, classes)
    found = []
    for rel, tree in sorted(trees.items()):
        for node in ast.walk(tree):
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            # Rules 1 and 2 on parameters.
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                a = node.args
                params = [*a.posonlyargs, *a.args, *a.kwonlyargs,
                          *([a.vararg] if a.vararg else []), *([a.kwarg] if a.kwarg else [])]
                fname = getattr(node, "name", "<lambda>")
                for p in params:
                    if (rel, fname, p.arg) in PUBLIC_KEYWORDS:
                        continue
                    if p.arg == "kind" and not _admits_str(p.annotation) and not (
                            rel.startswith("tests/") and p.annotation is None):
                        found.append(f"{where}: parameter kind of {fname} is not a name (str)")
                    if p.annotation is not None and _is_one_impl(p.annotation, classes) and \
                            p.arg not in ("self", "cls", "impl") and not p.arg.endswith("_impl"):
                        found.append(f"{where}: Kind parameter {p.arg} of {fname} is not "
                                     "called impl")
            # Rules 1 and 2 on annotated variables.
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                name = node.target.id
                if name == "kind" and not _admits_str(node.annotation):
                    found.append(f"{where}: variable kind is not a name (str)")
                if _is_one_impl(node.annotation, classes) and name != "impl" and \
                        not name.endswith("_impl"):
                    found.append(f"{where}: Kind variable {name} is not called impl")
            # Rule 3 on bindings without annotation.
            targets: list[tuple[ast.expr, ast.expr | None, bool]] = []
            if isinstance(node, ast.Assign):
                targets = [(t, node.value, False) for t in node.targets]
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
                targets = [(node.target, node.iter, True)]
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                targets = [(node.optional_vars, node.context_expr, False)]
            elif isinstance(node, ast.NamedExpr):
                targets = [(node.target, node.value, False)]
            targets = [pair for t, v, loop in targets for pair in _pairs(t, v, loop)]
            for target, value, loop in targets:
                kinds = [n for n in _target_names(target) if n.id == "kind"]
                if not kinds:
                    continue
                line = f"{rel}:{kinds[0].lineno}"
                if isinstance(target, (ast.Tuple, ast.List)) and not rel.startswith("tests/"):
                    found.append(f"{line}: kind is one element of an unpacking")
                elif loop and _called(value) in many:
                    found.append(f"{line}: kind iterates over {_called(value)}(), which "
                                 "gives Kind objects")
                elif not loop and _called(value) in one:
                    found.append(f"{line}: kind = {_called(value)}(...), a Kind object")
                elif not loop and isinstance(value, ast.Name) and value.id == "impl":
                    found.append(f"{line}: kind = impl")
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Attribute) and t.attr == "kind" and (
                            _called(node.value) in one
                            or (isinstance(node.value, ast.Name) and node.value.id == "impl")):
                        found.append(f"{where}: attribute kind holds a Kind object")
    return found


def _trees() -> dict[str, ast.Module]:
    """The package's modules by path (relative to it), and the tests' as tests/..."""
    trees = {path.relative_to(SRC).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(SRC.rglob("*.py"))}
    trees.update({f"tests/{path.relative_to(TESTS).as_posix()}":
                  ast.parse(path.read_text(encoding="utf-8"))
                  for path in sorted(TESTS.rglob("*.py"))})
    return trees


def test_kind_means_a_name_and_impl_the_kind_object():
    found = violations(_trees())
    assert not found, "one meaning per name (see tests/test_names.py):\n" + "\n".join(found)


def test_the_rules_catch_each_old_spelling():
    """Each spelling the code had before the names were untangled is caught."""
    old = '''
from typing import Any
def get_kind(name: str) -> Kind: ...
def all_kinds() -> list[Kind]: ...
class CryptarithmKind(Kind): ...
def generate_sum(kind: Any, rng): ...
def do_solve(kind: Kind, a): ...
def explain_steps(k: CryptarithmKind, puzzle): ...
def _items(text, want: Kind | None): ...
class Entry:
    kind: Kind
def f(name):
    kind = get_kind(name)
    for kind in all_kinds():
        pass
    for kind, idx, cells in lines(4):
        pass
    kind, puzzle, solution = stored.objects()
    self.kind = impl
'''
    found = violations({"old.py": ast.parse(old)})
    assert sorted({int(f.split(":")[1]) for f in found}) == \
        [6, 7, 8, 9, 11, 13, 14, 16, 18, 19], found
    new = '''
from typing import Any
def get_kind(name: str | Kind) -> Kind: ...
def all_kinds() -> list[Kind]: ...
class CryptarithmKind(Kind): ...
def generate_sum(impl: CryptarithmKind, rng): ...
def read_envelopes(text, kind: Kind | str | None = None): ...
def _items(text, want_impl: Kind | None): ...
class Entry:
    kind: ClassVar[str] = "toy"
    impl: Kind
def f(name):
    impl = get_kind(name)
    kind = impl.name
    for impl in all_kinds():
        pass
    for axis, idx, cells in lines(4):
        pass
'''
    assert violations({"new.py": ast.parse(new)}) == []
