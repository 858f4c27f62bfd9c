"""The P0 iron law: citelint keeps no dictionary of drugs, diseases, ids or answers.

The watchdog reads citelint's own code (string literals outside docstrings, and every
assigned name) and fails on a concrete drug name — recognised by citelint's own naming
grammar, so the test needs no list either — or on a `KNOWN_*`, `*_fallback` or
`*_REGISTRY` table. The planted fixture proves the watchdog can fail.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import citelint
from citelint.ground.tokens import DrugGrammar

PACKAGE = Path(citelint.__file__).parent
PLANTED = Path(__file__).parent / "data" / "p0_planted"
_TABLE_NAME = re.compile(r"^(?:KNOWN_\w+|\w+_fallback|\w+_REGISTRY)$", re.I)


def violations(folder: Path) -> list[str]:
    grammar = DrugGrammar()
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                if _TABLE_NAME.match(node.id):
                    found.append(f"{path.name}:{node.lineno}: table {node.id}")
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                for drug in grammar.mentions(node.value):
                    found.append(f"{path.name}:{node.lineno}: drug name {drug.name!r}")
    return found


def test_citelint_holds_no_knowledge_tables() -> None:
    assert violations(PACKAGE) == []


def test_watchdog_fails_on_planted_fixture() -> None:
    found = violations(PLANTED)
    assert "planted.py:3: table KNOWN_DRUGS" in found
    assert "planted.py:3: drug name 'osimertinib'" in found
    assert "planted.py:3: drug name '奥希替尼'" in found
    assert "planted.py:4: table answer_fallback" in found
    assert "planted.py:8: drug name 'pembrolizumab'" in found
