"""docs/rules.md is generated from the rule modules and must be current."""

from __future__ import annotations

from pathlib import Path

from citelint.docgen import rules_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_rules_doc_is_current() -> None:
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == rules_markdown(), "run: python -m citelint.docgen > docs/rules.md"
