"""The house rules of the package, checked on its source: rooms stay small and separate."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "citelint"
RULES = PACKAGE / "rules"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _docstrings(tree: ast.Module) -> set[int]:
    """ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _outside_rules() -> list[Path]:
    return [p for p in MODULES if RULES not in p.parents]


def test_no_rule_internals_outside_rules() -> None:
    offenders = []
    for path in _outside_rules():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and re.match(
                r"citelint\.rules\._", node.module or ""
            ):
                offenders.append(f"{path.name}: {node.module}")
    assert offenders == []


def test_no_rule_code_literals_outside_rules() -> None:
    """What the pipeline knows of a rule is declared on the rule, not kept as a code list."""
    offenders = []
    for path in _outside_rules():
        tree = _tree(path)
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and re.search(r"CL\d{3}", node.value)
            ):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value[:40]!r}")
    assert offenders == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_and_functions_stay_small(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= 350, f"{lines} lines: split the module by job"
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= 60, f"{node.name} has {length} lines"


@pytest.mark.parametrize(
    "name",
    [
        "rules/base.py",
        "read/analysis.py",
        "config/load.py",
        "config/keys.py",
        "config/settings.py",
        "outputs/result.py",
    ],
)
def test_typed_interfaces_have_no_any(name: str) -> None:
    source = (PACKAGE / name).read_text(encoding="utf-8")
    assert not re.search(r"\bAny\b", source)


def test_few_type_ignores() -> None:
    count = sum(p.read_text(encoding="utf-8").count("type: ignore") for p in MODULES)
    assert count <= 2


def test_a_source_kind_is_declared_once() -> None:
    """Source types are named only by their SourceKind (sources/kinds.py)."""
    from citelint.sources.kinds import ALL_KINDS
    from citelint.sources.registries import SERVICES_BY_NAME

    # `evidence` is also a channel, `pmid` and `doi` record fields and entity kinds; a
    # fetch service may share its kind's name (`crossref`, `arxiv`)
    names = {k.name for k in ALL_KINDS} - {"evidence", "pmid", "doi"} - set(SERVICES_BY_NAME)
    for path in _outside_rules():
        if path.name == "kinds.py":
            continue
        tree = _tree(path)
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and id(node) not in docs:
                assert node.value not in names, f"{path.relative_to(PACKAGE)}:{node.lineno}"


# Modules whose tests live elsewhere by design, and why.
_TESTED_ELSEWHERE = {
    "__init__.py": "the public API: tests/test_api.py",
    "__main__.py": "`python -m citelint`: tests/commands/test_cli.py",
    "ground/errors.py": "exception classes, no logic",
    "ground/tokens/__init__.py": "re-exports",
    "read/citations/__init__.py": "a docstring",
    "findings/repair/__init__.py": "a docstring",
    "lint/cache/__init__.py": "a docstring",
    "ground/tokens/kinds.py": "an enum, no logic",
    "sources/loaders/__init__.py": "empty",
    "outputs/formatters/__init__.py": "the registry of formatters",
    **{
        f"{floor}/__init__.py": "a floor's docstring"
        for floor in (
            "ground",
            "sources",
            "outputs",
            "evidence",
            "read",
            "config",
            "findings",
            "lint",
            "commands",
        )
    },
}


def _mirror(path: Path) -> Path:
    rel = path.relative_to(PACKAGE)
    name = rel.parent.name if rel.name == "__init__.py" else rel.stem
    return PACKAGE.parent / "tests" / rel.parent / f"test_{name}.py"


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in MODULES
        if RULES not in p.parents and str(p.relative_to(PACKAGE)) not in _TESTED_ELSEWHERE
    ],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_tests_mirror_the_package(path: Path) -> None:
    """citelint/a/b.py is tested in tests/a/test_b.py (rules by their fixtures)."""
    assert _mirror(path).is_file(), f"add {_mirror(path).relative_to(PACKAGE.parent)}"


# What a room may never import, besides the floors above it: the outputs read the
# Result, never a source (the generator mark reads a file's head, as discovery does).
_NEVER = {
    "outputs/formatters": ("citelint.sources",),
    "outputs/audit": ("citelint.sources",),
    "outputs/baseline": ("citelint.sources",),
}


@pytest.mark.parametrize("room", sorted(_NEVER))
def test_no_room_imports_what_it_must_not(room: str) -> None:
    found = []
    paths = [PACKAGE / f"{room}.py"] if (PACKAGE / f"{room}.py").is_file() else []
    for path in paths or sorted((PACKAGE / room).rglob("*.py")):
        for node in ast.walk(_tree(path)):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            found += [f"{path.name} imports {n}" for n in names if n.startswith(_NEVER[room])]
    assert found == []


def _rooms_table() -> dict[str, str]:
    """The rows of docs/architecture.md's rooms table, by the path their first cell names."""
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    rooms = doc.split("## The rooms", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in rooms.splitlines():
        m = re.match(r"\| `([^`]+)` \|", line)
        if m:
            rows[m.group(1)] = line
    return rows


def test_the_package_root_holds_only_the_api() -> None:
    """Every module lives in a floor folder: the root keeps the Python API and `-m`."""
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]
    folders = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert folders == sorted([*_floors(), "schemas"])


def test_every_module_has_a_room_in_the_architecture() -> None:
    """Each module and package a floor holds has its row (`read/claims.py`, `read/parse/`)."""
    rows = _rooms_table()
    missing = []
    for floor in _floors():
        for p in sorted((PACKAGE / floor).iterdir()):
            if p.name.startswith("__") or not (p.suffix == ".py" or (p / "__init__.py").is_file()):
                continue
            name = f"{p.name}{'/' if p.is_dir() else ''}"
            if f"{floor}/{name}" in rows or f"`{name}`" in rows.get(f"{floor}/", ""):
                continue  # its own row, or named in its floor's (`sources/`, `rules/`)
            if floor == "rules" and re.fullmatch(r"cl\d{3}_\w+\.py", p.name):
                continue
            missing.append(f"{floor}/{name}")
    assert missing == [], "add a row for each to docs/architecture.md's rooms table"


def test_every_module_is_named_in_its_rooms_row() -> None:
    """At every depth: `citelint/read/parse/html.py` is named (`html.py`) in the row of
    room `read/parse/` (a rule module by the row's `clNNN_<name>.py`)."""
    rows = _rooms_table()
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if len(rel.parts) <= 2 or rel.name == "__init__.py":  # a room of its own: its row
            continue
        if rel.parts[0] == "rules" and re.fullmatch(r"cl\d{3}_\w+\.py", rel.name):
            continue
        row = rows.get("/".join(rel.parts[:2]) + "/") or rows.get(rel.parts[0] + "/", "")
        if f"`{rel.name}`" not in row and f"`{'/'.join(rel.parts[2:])}`" not in row:
            missing.append(str(rel))
    assert missing == [], "name each in its room's row of docs/architecture.md"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Each module's citelint imports (any level: a lazy import inside a function or a
    type-only one counts), as module names."""
    names = {_module_name(p) for p in MODULES}

    def module(name: str) -> str | None:
        while name and name not in names:
            name = name.rpartition(".")[0]
        return name if name and name != "citelint" else None

    graph: dict[str, set[str]] = {}
    for path in MODULES:
        here = _module_name(path)
        found = graph.setdefault(here, set())
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [
                    module(f"{node.module}.{a.name}") or module(node.module) for a in node.names
                ]
            elif isinstance(node, ast.Import):
                targets = [module(a.name) for a in node.names]
            else:
                continue
            found.update(t for t in targets if t and t != here)
    return graph


def test_no_import_cycles() -> None:
    """No module reaches itself through imports, type-only and lazy ones included."""
    graph = _imports()
    cycles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert cycles == []


DESIGN = PACKAGE.parent / "docs" / "design"
_CITED_ID = re.compile(r"\b(DECISIONS|RULES|SOURCES|OUTPUTS|ARCHITECTURE),? ([A-Z]{1,2}\d+)\b")
_CITED_FILE = re.compile(r"\b(DECISIONS|RULES|SOURCES|OUTPUTS|ARCHITECTURE)\.md\b")


def test_the_design_documents_the_code_cites_are_in_the_repository() -> None:
    """`DECISIONS X5` and `SOURCES.md` name the design documents in docs/design/: every
    cited document is there and every cited entry is one of its own (`**X5.`, `N6.`)."""
    texts = [
        p.read_text(encoding="utf-8")
        for p in [
            *MODULES,
            *sorted((PACKAGE.parent / "tests").rglob("*.py")),
            *sorted((PACKAGE.parent / "docs").glob("*.md")),
            PACKAGE.parent / "README.md",
        ]
    ]
    cited_files = {m.group(1) for text in texts for m in _CITED_FILE.finditer(text)}
    cited_ids = {(m.group(1), m.group(2)) for text in texts for m in _CITED_ID.finditer(text)}
    assert cited_files and cited_ids  # the check has something to check
    missing = [f"{name}.md" for name in cited_files if not (DESIGN / f"{name}.md").is_file()]
    for name, entry in sorted(cited_ids):
        document = DESIGN / f"{name}.md"
        text = document.read_text(encoding="utf-8") if document.is_file() else ""
        if not re.search(rf"(?:\*\*|^|\s){entry}\.", text, re.M):
            missing.append(f"{name} {entry}")
    assert missing == []


_FLOOR = re.compile(r"Floor (\d+) of (\d+) — ")


def _floors() -> dict[str, int]:
    """Each floor folder and its number, read from the folder's `__init__.py` docstring."""
    floors: dict[str, int] = {}
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        doc = ast.get_docstring(_tree(init)) or ""
        m = _FLOOR.match(doc)
        if m:
            floors[init.parent.name] = int(m.group(1))
    return floors


def test_the_floors_are_numbered_once_and_say_what_they_may_import() -> None:
    floors = _floors()
    assert sorted(floors.values()) == list(range(1, len(floors) + 1))
    for floor in floors:
        doc = ast.get_docstring(_tree(PACKAGE / floor / "__init__.py")) or ""
        assert f" of {len(floors)} — " in doc and "May import:" in doc, floor


def test_the_floor_table_of_the_architecture_is_the_folders() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = doc.split("## The floors", 1)[1].split("\n## ", 1)[0]
    listed = {
        m.group(2): int(m.group(1)) for m in re.finditer(r"^\| (\d+) \| `(\w+)/` \|", table, re.M)
    }
    assert listed == _floors()


def _room(module: str) -> str:
    """The floor a module stands on (`citelint.read.parse.html` → `read`); the API's
    `citelint` and `citelint.__main__` stand on top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_imports_never_run_up_the_floors() -> None:
    floors = {**_floors(), "__init__": 99, "__main__": 99}  # the API and `-m`: on top
    up = sorted(
        f"{here} ({floors[_room(here)]}) imports {there} ({floors[_room(there)]})"
        for here, targets in _imports().items()
        for there in targets
        if floors[_room(there)] > floors[_room(here)]
    )
    assert up == []
