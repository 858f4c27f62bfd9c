"""Suppression directives applied after the rules (OUTPUTS.md; DECISIONS X1, X5, O2)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import citelint
from citelint.config.load import Settings
from tests.conftest import Writer


@pytest.fixture
def root(project: Writer) -> Path:
    return project("sources/pubmed/1.json", json.dumps({"abstract": "ORR 45%."})).parents[1]


def lint(root: Path, text: str, suffix: str = ".md", **changes: object) -> list[tuple[str, int]]:
    settings = dataclasses.replace(Settings(project_root=str(root.parent)), **changes)  # type: ignore[arg-type]
    found = citelint.lint_text(text, suffix=suffix, sources=str(root), config=settings)
    return [(d.code, d.line) for d in found]


def test_next_line_covers_the_next_block_only(root: Path) -> None:
    text = (
        "<!-- citelint-disable-next-line CL101 -->\nORR 46% [pmid:1:abstract].\n"
        "Still the same paragraph 47% [pmid:1:abstract].\n\nORR 48% [pmid:1:abstract].\n"
    )
    assert lint(root, text) == [("CL101", 5)]


def test_disable_enable_region_and_file(root: Path) -> None:
    text = (
        "A 46% [pmid:1:abstract].\n\n<!-- citelint-disable CL101 -->\n\n"
        "B 47% [pmid:1:abstract].\n\n<!-- citelint-enable CL101 -->\n\nC 48% [pmid:1:abstract].\n"
    )
    assert lint(root, text) == [("CL101", 1), ("CL101", 9)]
    assert lint(root, "<!-- citelint-disable-file CL101 -->\n\nA 46% [pmid:1:abstract].\n") == []


def test_codes_are_exact(root: Path) -> None:
    text = "<!-- citelint-disable-next-line CL001 -->\nORR 46% [pmid:1:abstract].\n"
    assert lint(root, text) == [("CL900", 1), ("CL101", 2)]


def test_html_ignore_attribute_is_a_suppression_not_a_skip(root: Path) -> None:
    html = (
        '<div data-citelint-ignore="CL101"><p>ORR 46% [pmid:1:abstract].</p><p>ORR 47%.</p></div>'
    )
    assert lint(root, html, ".html") == [("CL001", 1)]  # the subtree is still parsed


def test_no_suppress_shows_everything_and_no_cl900(root: Path) -> None:
    text = "<!-- citelint-disable-file CL101 CL001 -->\n\nORR 46% [pmid:1:abstract].\n"
    assert lint(root, text) == []
    assert lint(root, text, no_suppress=True) == [("CL101", 3)]


def test_suppressed_source_failure_makes_claims_unverifiable(root: Path) -> None:
    text = "<!-- citelint-disable-next-line CL002 -->\nORR 45% [pmid:404:abstract].\n"
    settings = Settings(project_root=str(root.parent))
    found = citelint.lint_text(text, sources=str(root), config=settings)
    assert [(d.code, d.message) for d in found] == [
        ("CL101", "45% unverifiable: source unavailable ([pmid:404:abstract])")
    ]


def test_tool_findings_cannot_be_suppressed(root: Path) -> None:
    text = "<!-- citelint-disable-file CL901 -->\n<!-- citelint-bogus -->\n"
    assert ("CL901", 2) in lint(root, text)


def test_suppressed_findings_still_leave_the_claim_unverified(root: Path) -> None:
    report = root.parent / "r.md"
    report.write_text(
        "<!-- citelint-disable-next-line CL101 -->\nORR 46% [pmid:1:abstract].\n\n"
        "ORR 45% [pmid:1:abstract].\n"
    )
    result = citelint.lint_paths([str(report)], Settings(project_root=str(root.parent)))
    assert result.diagnostics == ()
    assert result.summary()["claims"] == 2 and result.summary()["verified_claims"] == 1
