"""docs/rules.md is generated from the rule modules and must be current."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.commands.docgen import rules_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_rules_doc_is_current() -> None:
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == rules_markdown(), "run: python -m citelint.commands.docgen > docs/rules.md"


def test_rules_list_has_one_line_per_rule_and_rule_text_names_its_options() -> None:
    from citelint.commands.docgen import rule_text, rules_list
    from citelint.rules import ALL_RULES

    lines = rules_list().splitlines()
    assert len(lines) == len(ALL_RULES) and lines[0].startswith("CL001  missing-anchor")
    with_options = next(r for r in ALL_RULES if r.option_defaults())
    text = rule_text(with_options)
    assert text.startswith(f"{with_options.code} {with_options.name} (")
    assert f"Options ([tool.citelint.rules.{with_options.code}]):" in text


def test_the_rule_table_is_the_rules_own() -> None:
    from citelint.commands.docgen import rule_table

    checks = (ROOT / "docs" / "checks.md").read_text(encoding="utf-8")
    assert rule_table() in checks, "run python -m citelint.commands.docgen"


def test_the_readme_pins_nothing_that_does_not_exist() -> None:
    """No release tag exists yet: `@v0.1.0` and `rev: v0.1.0` failed for every user
    ("pathspec 'v0.1.0' did not match"); the snippets pin a commit."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in (readme, (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")):
        assert not re.search(r"citelint/citelint@v\d|citelint@v\d|rev: v\d", doc)
    assert "uses: citelint/citelint@<commit-sha>" in readme
    assert "pre-commit autoupdate --freeze" in readme


def test_the_synopsis_is_the_parsers() -> None:
    """Every option the parser has is in the synopsis of docs/usage.md (it omitted
    --isolated, --fix, --diff and four more)."""
    from citelint.commands.docgen import synopsis

    usage = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    assert synopsis() in usage, "run python -m citelint.commands.docgen"
    for flag in ("--isolated", "--fix", "--unsafe-fixes", "--diff", "--force-exclude"):
        assert f"[{flag}]" in synopsis()


def test_every_generated_file_is_current() -> None:
    """One command writes every generated part (`python -m citelint.commands.docgen`): the rules'
    docs and catalogue, the rule table and synopsis in docs/, the audit schema's styles."""
    from citelint.commands.docgen import generated

    for rel, text in generated(ROOT).items():
        assert (ROOT / rel).read_text(encoding="utf-8") == text, (
            f"{rel} is stale: run python -m citelint.commands.docgen"
        )


def test_a_style_added_to_the_registry_is_a_style_the_schema_declares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from citelint.commands.docgen import audit_schema
    from citelint.read.citations import styles
    from tests.read.citations.test_styles import ANGLE

    monkeypatch.setattr(styles, "REGISTRY", (*styles.REGISTRY, ANGLE))
    schema = json.loads(audit_schema(ROOT))
    by_style = schema["properties"]["anchor_audit"]["properties"]["citations_by_style"]
    assert by_style["propertyNames"]["enum"][-1] == "angle"
