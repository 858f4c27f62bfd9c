"""No room reaches through another room's objects.

`self.store.watch.memo(...)` in `citations/` runs three attribute steps deep: through
the store (a `sources/` object) into its recorder. Such a chain ties the room to how
the other room is built inside; the room asks the object it holds, or is handed the
part it needs. Records are data and may be read at any depth
(`item.relations.evidence.text`): a frozen dataclass, a `NamedTuple`, an `Enum`.

The types come from the package's own annotations, read here without running mypy:
an attribute's type from its class (fields, `self.x: T`, `self.x = param`,
properties), a name's from its parameter, its annotation or its one assignment, an
item's from the container it is iterated from. A chain whose objects cannot be typed
this way is reported too, so nothing passes by being unreadable.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "citelint"

_CONTAINERS = {"list", "tuple", "set", "frozenset", "Sequence", "Iterable", "Iterator"}
_BUILTIN = {"str", "int", "float", "bool", "bytes", "dict", "object", "Decimal", "None"}
_UNKNOWN = "?"


@dataclass
class _Class:
    module: str
    record: bool
    fields: dict[str, ast.expr | None] = field(default_factory=dict)  # None: a method
    returns: dict[str, ast.expr | None] = field(default_factory=dict)  # of each method


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else module


def _is_record(node: ast.ClassDef) -> bool:
    for deco in node.decorator_list:
        if (
            isinstance(deco, ast.Call)
            and ast.unparse(deco.func).endswith("dataclass")
            and any(k.arg == "frozen" and ast.unparse(k.value) == "True" for k in deco.keywords)
        ):
            return True
    bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
    return bool(bases & {"NamedTuple", "Enum", "IntEnum", "StrEnum", "Exception"})


def _params(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr | None]:
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    return {a.arg: a.annotation for a in args}


class Package:
    """The classes of some modules, by the name each module knows them by."""

    def __init__(self, sources: dict[str, str]) -> None:
        self.trees = {name: ast.parse(text) for name, text in sources.items()}
        self.classes: dict[tuple[str, str], _Class] = {}
        self.functions: dict[tuple[str, str], ast.expr | None] = {}  # what each returns
        for module, tree in self.trees.items():
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    self.classes[(module, node.name)] = self._read_class(module, node)
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    self.functions[(module, node.name)] = node.returns
        defined = {*self.classes, *self.functions}
        self.names = {m: {n: (m, n) for (h, n) in defined if h == m} for m in self.trees}
        for _ in range(3):  # names a package re-exports, followed to where they are defined
            for module, tree in self.trees.items():
                for item in ast.walk(tree):
                    if isinstance(item, ast.ImportFrom) and item.module in self.trees:
                        there = self.names[item.module]
                        for alias in item.names:
                            if alias.name in there:
                                self.names[module][alias.asname or alias.name] = there[alias.name]

    def _read_class(self, module: str, node: ast.ClassDef) -> _Class:
        found = _Class(module, _is_record(node))
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                found.fields[item.target.id] = item.annotation
            elif isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                decos = {ast.unparse(d) for d in item.decorator_list}
                prop = bool(decos & {"property", "cached_property", "functools.cached_property"})
                found.fields.setdefault(item.name, item.returns if prop else None)
                found.returns[item.name] = item.returns
                self._read_init(found, item)
        return found

    @staticmethod
    def _read_init(found: _Class, func: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        params = _params(func)
        for node in ast.walk(func):
            target: ast.expr | None = None
            kind: ast.expr | None = None
            if isinstance(node, ast.AnnAssign):
                target, kind = node.target, node.annotation
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
                if isinstance(value, ast.Name) and value.id in params:
                    kind = params[value.id]
                elif isinstance(value, ast.Call):
                    kind = value.func
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
                and kind is not None
                and found.fields.get(target.attr) is None
            ):
                found.fields[target.attr] = kind

    def type_of(self, module: str, kind: ast.expr | None) -> str:
        """A class key `module:Name`, a builtin's name, or `?`."""
        if kind is None:
            return _UNKNOWN
        if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
            return self.type_of(module, ast.parse(kind.value, mode="eval").body)
        if isinstance(kind, ast.BinOp):  # `X | None`
            sides = [self.type_of(module, s) for s in (kind.left, kind.right)]
            real = [s for s in sides if s != "None"]
            return real[0] if len(real) == 1 else _UNKNOWN
        if isinstance(kind, ast.Subscript):
            return ast.unparse(kind.value).rsplit(".", 1)[-1]
        name = ast.unparse(kind).rsplit(".", 1)[-1]
        if self.names.get(module, {}).get(name) in self.classes:
            home, cls = self.names[module][name]
            return f"{home}:{cls}"
        if name == "Any":
            return _UNKNOWN
        return name if (name and name[0].islower()) or name in _BUILTIN else "external:" + name

    def element_of(self, module: str, kind: ast.expr | None) -> str:
        """The type of an item of a container annotated `list[X]`, `tuple[X, ...]`…"""
        if isinstance(kind, ast.BinOp):
            sides = [s for s in (kind.left, kind.right) if ast.unparse(s) != "None"]
            return self.element_of(module, sides[0]) if len(sides) == 1 else _UNKNOWN
        if isinstance(kind, ast.Subscript) and ast.unparse(kind.value) in _CONTAINERS:
            inner = kind.slice
            first = inner.elts[0] if isinstance(inner, ast.Tuple) else inner
            return self.type_of(module, first)
        return _UNKNOWN

    def attribute(self, owner: str, name: str) -> tuple[str, ast.expr | None]:
        """The type of `owner.name` and its annotation (`method` for a method)."""
        if owner == _UNKNOWN:
            return _UNKNOWN, None
        if ":" not in owner or owner.startswith("external:"):
            return "external:" + name, None  # a builtin's or a library's: no room of ours
        module, cls = owner.split(":")
        found = self.classes[(module, cls)]
        if name not in found.fields:
            return _UNKNOWN, None
        kind = found.fields[name]
        if kind is None:
            return "method", None
        return self.type_of(module, kind), kind

    def returns(self, owner: str, name: str) -> ast.expr | None:
        """What method `name` of `owner` is annotated to return."""
        if ":" not in owner or owner.startswith("external:"):
            return None
        module, cls = owner.split(":")
        return self.classes[(module, cls)].returns.get(name)


class _Scope:
    """The types of a function's names, read off its signature and body."""

    def __init__(self, pkg: Package, module: str, owner: str | None, func: ast.AST) -> None:
        self.pkg, self.module = pkg, module
        self.names: dict[str, tuple[str, ast.expr | None]] = {}
        if owner is not None:
            self.names["self"] = (owner, None)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            for name, kind in _params(func).items():
                if name != "self" and kind is not None:
                    self.names[name] = (pkg.type_of(module, kind), kind)
        assigned: dict[str, list[ast.AST]] = {}
        for node in _own_nodes(func):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                assigned.setdefault(node.target.id, []).append(node)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node)
                elif isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                    for one, its in zip(target.elts, value.elts, strict=False):
                        if isinstance(one, ast.Name):  # `a, b = x, y`: each its own value
                            assigned.setdefault(one.id, []).append(ast.Assign([one], its))
            elif isinstance(node, ast.For | ast.comprehension) and isinstance(
                node.target, ast.Name
            ):
                assigned.setdefault(node.target.id, []).append(node)
            elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name):
                assigned.setdefault(node.optional_vars.id, []).append(node)
        for name, nodes in assigned.items():  # a name assigned once has that value's type
            if name not in self.names:
                self.names[name] = self._value(nodes[0]) if len(nodes) == 1 else (_UNKNOWN, None)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            for name in _params(func):
                self.names.setdefault(name, (_UNKNOWN, None))  # untyped: no pass by that

    def _value(self, node: ast.AST) -> tuple[str, ast.expr | None]:
        if isinstance(node, ast.AnnAssign):
            return self.pkg.type_of(self.module, node.annotation), node.annotation
        if isinstance(node, ast.Assign):
            return self.type_of(node.value)
        if isinstance(node, ast.For | ast.comprehension):
            _, kind = self.type_of(node.iter)
            return self.pkg.element_of(self.module, kind), None
        return _UNKNOWN, None

    def type_of(self, expr: ast.expr) -> tuple[str, ast.expr | None]:
        if isinstance(expr, ast.Name):
            if expr.id in self.names:
                return self.names[expr.id]
            if expr.id in self.pkg.names[self.module] or hasattr(builtins, expr.id):
                return self.pkg.type_of(self.module, expr), None
            return _UNKNOWN, None  # a global of the module: its type is not read here
        if isinstance(expr, ast.Attribute):
            owner, _ = self.type_of(expr.value)
            return self.pkg.attribute(owner, expr.attr)
        if isinstance(expr, ast.Call):
            if isinstance(expr.func, ast.Attribute):
                owner, _ = self.type_of(expr.func.value)
                returns = self.pkg.returns(owner, expr.func.attr)
                return self.pkg.type_of(self.module, returns), returns
            called = self.pkg.names[self.module].get(ast.unparse(expr.func))
            if called in self.pkg.functions:  # a function: what it is annotated to return
                returns = self.pkg.functions[called]
                return self.pkg.type_of(called[0], returns), returns
            return self.pkg.type_of(self.module, expr.func), None
        return _UNKNOWN, None


def _own_nodes(func: ast.AST) -> list[ast.AST]:
    """A function's nodes, not those of the functions and classes inside it."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(func))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            todo.extend(ast.iter_child_nodes(node))
    return found


def _chain(node: ast.Attribute) -> tuple[ast.Name, list[ast.Attribute]] | None:
    """The name a pure attribute chain starts from, and its steps outermost last."""
    steps: list[ast.Attribute] = []
    here: ast.expr = node
    while isinstance(here, ast.Attribute):
        steps.append(here)
        here = here.value
    return (here, steps[::-1]) if isinstance(here, ast.Name) else None


def reaches(pkg: Package, module: str) -> list[str]:
    """`line: chain (what it runs through)` for each chain three steps deep that runs
    through another room's object, or an object whose type cannot be read."""
    found = []
    tree = pkg.trees[module]
    modules = {
        (a.asname or a.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for a in node.names
    }
    for owner, func in _functions(pkg, module):
        scope = _Scope(pkg, module, owner, func)
        inner = {id(n.value) for n in _own_nodes(func) if isinstance(n, ast.Attribute)}
        for node in _own_nodes(func):
            if not isinstance(node, ast.Attribute) or id(node) in inner:
                continue
            chain = _chain(node)
            if chain is None or len(chain[1]) < 3 or chain[0].id in modules:
                continue
            held, part = (scope.type_of(step)[0] for step in chain[1][:2])
            if _reaches(pkg, module, held, part):
                found.append(f"{node.lineno}: {ast.unparse(node)} ({held}, {part})")
    return sorted(found)


def _reaches(pkg: Package, module: str, held: str, part: str) -> bool:
    """Whether `x.held.part.step` reaches through a room's object: the part taken is an
    object (no value: no builtin, record or outside library's) and it or what holds it
    belongs to another room. Untyped is reported: it would pass by being unreadable."""
    if held == _UNKNOWN:
        return True
    if ":" not in held or held.startswith("external:"):
        return False  # a builtin's or an outside library's: no room of ours inside
    if part == _UNKNOWN:
        return True
    if not _is_object(pkg, part):
        return False  # a value read off what is held: a mapping, a string, a record
    return any(_is_object(pkg, k) and _room(k.split(":")[0]) != _room(module) for k in (held, part))


def _is_object(pkg: Package, kind: str) -> bool:
    """A class of the package that is no record."""
    if ":" not in kind or kind.startswith("external:"):
        return False
    return not pkg.classes[tuple(kind.split(":"))].record  # type: ignore[index]


def _functions(pkg: Package, module: str) -> list[tuple[str | None, ast.AST]]:
    found: list[tuple[str | None, ast.AST]] = [(None, pkg.trees[module])]
    for node in pkg.trees[module].body:
        if isinstance(node, ast.ClassDef):
            owner = f"{module}:{node.name}"
            for item in ast.walk(node):
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    found.append((owner, item))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.extend((None, item) for item in ast.walk(node) if isinstance(item, type(node)))
    return found


def _package() -> Package:
    sources = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        sources[".".join(parts)] = path.read_text(encoding="utf-8")
    return Package(sources)


def test_no_room_reaches_through_another_rooms_objects() -> None:
    pkg = _package()
    found = [f"{m}:{line}" for m in sorted(pkg.trees) for line in reaches(pkg, m)]
    assert found == []


# The check itself, on small packages written here: what it flags and what it lets be.

_STORE = """
from dataclasses import dataclass

class Watch:
    def memo(self) -> int: ...

@dataclass(frozen=True)
class Span:
    text: str

class Store:
    kinds: dict[str, int]
    def __init__(self, watch: Watch) -> None:
        self.watch = watch
        self.span = Span("")
"""


def _reaches_in(code: str, room: str = "pkg.cite") -> list[str]:
    pkg = Package({"pkg.sources": _STORE, room: code})
    return reaches(pkg, room)


def test_a_chain_through_another_rooms_object_is_reported() -> None:
    code = """
from pkg.sources import Store

class Resolver:
    def __init__(self, store: Store) -> None:
        self.store = store

    def go(self) -> int:
        return self.store.watch.memo()
"""
    assert _reaches_in(code) == ["9: self.store.watch.memo (pkg.sources:Store, pkg.sources:Watch)"]


def test_a_chain_the_room_holds_itself_or_through_values_passes() -> None:
    code = """
from pkg.sources import Store, Watch

class Resolver:
    def __init__(self, store: Store, watch: Watch) -> None:
        self.store = store
        self.watch = watch

    def go(self) -> object:
        self.watch.memo()  # two steps: the room's own part
        self.store.kinds.items()  # a mapping read off the store
        return self.store.span.text.split()  # a record's parts at any depth
"""
    assert _reaches_in(code) == []
    assert reaches(Package({"pkg.sources": _STORE + "\n" + code}), "pkg.sources") == []


def test_names_are_typed_by_parameter_assignment_and_iteration() -> None:
    code = """
from pkg.sources import Store

class Holder:
    store: Store

def make() -> Holder: ...

def go(holders: list[Holder]) -> None:
    first = make()
    first.store.watch.memo
    for one in holders:
        one.store.watch.memo
    a, b = make(), 1
    a.store.watch.memo
"""
    assert [line.split(":")[0] for line in _reaches_in(code)] == ["11", "13", "15"]


def test_a_chain_that_cannot_be_typed_is_reported() -> None:
    code = """
from typing import Any

def go(thing: Any, other) -> None:
    thing.a.b.c
    other.a.b.c
    len.a.b.c  # a builtin's: no room of ours
"""
    assert _reaches_in(code) == ["5: thing.a.b.c (?, ?)", "6: other.a.b.c (?, ?)"]
