"""Diagnostics: severities and fail levels, where a cited span is, line-independent ids."""

from __future__ import annotations

import pytest

from citelint.outputs.diagnostic import Severity, SourceRef, at_or_above, describe_lines, finding_id


@pytest.mark.parametrize(
    ("severity", "fail_on", "fails"),
    [
        (Severity.CRITICAL, "critical", True),
        (Severity.WARNING, "critical", False),
        (Severity.WARNING, "warning", True),
        (Severity.INFO, "warning", False),
        (Severity.INFO, "info", True),
        (Severity.CRITICAL, "never", False),
    ],
)
def test_fail_levels(severity: Severity, fail_on: str, fails: bool) -> None:
    assert at_or_above(severity, fail_on) is fails


def test_source_refs_describe_lines_and_pointers() -> None:
    assert SourceRef("s/g.md", "§5", 3, 3).describe() == "s/g.md › §5 (line 3)"
    assert SourceRef("s/g.md", "§5", 3, 7).describe() == "s/g.md › §5 (lines 3-7)"
    assert SourceRef("s/p.json", "abstract", pointer="/abstract").describe() == (
        "s/p.json › abstract (/abstract)"
    )
    assert SourceRef("s/p.json", None).describe() == "s/p.json"


def test_finding_ids_fold_the_subject_but_keep_code_and_path() -> None:
    a = finding_id("CL101", "r.md", "ORR  was 45%")
    assert a == finding_id("CL101", "r.md", "orr was 45%")
    assert a != finding_id("CL102", "r.md", "ORR was 45%")
    assert a != finding_id("CL101", "s.md", "ORR was 45%")
    assert len(a) == 32


def test_line_ranges_read_the_same_everywhere() -> None:
    assert describe_lines(3, 3) == "line 3"
    assert describe_lines(3, None) == "line 3"
    assert describe_lines(3, 7) == "lines 3-7"
