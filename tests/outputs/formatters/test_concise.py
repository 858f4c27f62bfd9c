"""Concise output: one `path:line:col: CODE [severity] message` line per finding."""

from __future__ import annotations

from citelint.outputs.diagnostic import Diagnostic, Severity
from citelint.outputs.formatters.concise import render
from citelint.outputs.result import FileResult, Result


def test_one_line_per_finding_and_nothing_for_none() -> None:
    d = Diagnostic("r.md", 3, 7, 3, 9, "CL101", "numeric-token-miss", Severity.CRITICAL, "5% gone")
    assert render(Result((FileResult("r.md", (d,)),))) == ("r.md:3:7: CL101 [critical] 5% gone\n")
    assert render(Result((FileResult("r.md", ()),))) == ""
