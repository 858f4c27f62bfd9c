"""Findings to diagnostics: positions, the configured severity, sources, fingerprints."""

from __future__ import annotations

from citelint.findings.stamp import Stamper, file_finding
from citelint.outputs.diagnostic import Severity
from citelint.read.parse import Parser
from citelint.rules import Finding, UnreadableReport
from citelint.sources.model import Span


def test_a_finding_gets_its_line_column_and_configured_severity() -> None:
    doc = Parser().parse("r.md", b"# T\n\nRate 42%.\n")
    stamper = Stamper(lambda code: Severity.INFO, lambda path: "shown/" + path)
    span = Span("/abs/g.md", "line:1", "Rate 42%.", start_line=1, end_line=1)
    d = stamper.diagnostic(doc, Finding("CL101", 10, 13, "42% is not there", spans=(span,)))
    assert (d.line, d.column, d.end_line, d.end_column) == (3, 6, 3, 9)
    assert d.severity is Severity.INFO and d.name == "numeric-token-miss"
    assert d.sources[0].path == "shown//abs/g.md" and d.sources[0].start_line == 1
    again = stamper.diagnostic(doc, Finding("CL101", 10, 13, "42% is not there"))
    assert again.fingerprint == d.fingerprint  # the same finding, the same id


def test_a_file_finding_sits_at_the_first_character() -> None:
    (d,) = file_finding("r.md", UnreadableReport, "report is a FIFO").diagnostics
    assert (d.path, d.line, d.column, d.code, d.severity) == (
        "r.md",
        1,
        1,
        "CL902",
        Severity.CRITICAL,
    )


def test_a_demoted_finding_is_one_step_below_its_rules_severity() -> None:
    """CL011 with no claim resting on the source depends on nothing: a warning."""
    doc = Parser().parse("r.md", b"# T\n\nSee [1].\n")
    stamper = Stamper(lambda code: Severity.CRITICAL, lambda path: path)
    d = stamper.diagnostic(doc, Finding("CL011", 10, 13, "unsaved", demoted=True))
    assert d.severity is Severity.WARNING
    assert stamper.diagnostic(doc, Finding("CL011", 10, 13, "unsaved")).severity is (
        Severity.CRITICAL
    )
    lowest = Stamper(lambda code: Severity.INFO, lambda path: path)
    assert lowest.diagnostic(doc, Finding("CL011", 10, 13, "x", demoted=True)).severity is (
        Severity.INFO
    )
