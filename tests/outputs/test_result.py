"""Results: diagnostics sorted once, summaries, fail levels, internal errors."""

from __future__ import annotations

from citelint.outputs.diagnostic import Diagnostic, Severity
from citelint.outputs.result import FileResult, Result, source_lines
from citelint.rules import CATALOG


def _d(path: str, line: int, code: str, severity: Severity = Severity.CRITICAL) -> Diagnostic:
    return Diagnostic(path, line, 1, line, 2, code, "n", severity, f"m{line}")


def test_diagnostics_are_sorted_across_files_and_summarised() -> None:
    b = FileResult("b.md", (_d("b.md", 1, "CL001"),), claims=2, anchors=1, supported=1, unchecked=1)
    a = FileResult("a.md", (_d("a.md", 9, "CL101"), _d("a.md", 2, "CL005", Severity.WARNING)))
    result = Result((b, a), catalog=CATALOG, fail_on="critical")
    assert [(d.path, d.line) for d in result.diagnostics] == [("a.md", 2), ("a.md", 9), ("b.md", 1)]
    assert result.summary() == {
        "files": 2,
        "claims": 2,
        "anchors": 1,
        "supported_claims": 1,
        "supported_by_judge": 0,
        "unsupported_claims": 0,
        "unchecked_claims": 1,
        "verified_claims": 1,
        "by_severity": {"critical": 2, "warning": 1},
        "by_rule": {"CL001": 1, "CL005": 1, "CL101": 1},
    }
    assert result.failed() and not result.failed("never")
    assert not result.internal_error


def test_warnings_fail_only_at_the_warning_level_and_internal_errors_show() -> None:
    warned = Result(
        (FileResult("a.md", (_d("a.md", 1, "CL005", Severity.WARNING),)),), catalog=CATALOG
    )
    assert not warned.failed() and warned.failed("warning")
    crashed = Result((FileResult("a.md", (_d("a.md", 1, "CL903"),)),), catalog=CATALOG)
    assert crashed.internal_error
    assert crashed.severity("CL903") is Severity.CRITICAL
    configured = Result((), catalog=CATALOG, severities={"CL005": Severity.CRITICAL})
    assert configured.severity("CL005").value == "critical"


def test_source_lines_keeps_only_the_lines_findings_point_at() -> None:
    text = "one\r\ntwo\rthree\nfour"
    assert source_lines(text, (4, 2, 2, 9, 0)) == ((2, "two"), (4, "four"))
    assert source_lines(text, ()) == ()


def test_the_output_model_imports_no_rule_and_no_engine() -> None:
    import ast
    import subprocess
    import sys

    probe = "import sys, citelint.outputs.result; print(sorted(m for m in sys.modules if m.startswith('citelint.')))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    modules = set(ast.literal_eval(loaded.stdout))  # a printed list of module names
    assert modules == {
        "citelint.outputs",  # the floor's package: a docstring
        "citelint.outputs.result",
        "citelint.outputs.diagnostic",
    }  # no rule, no source
