"""CL902 unreadable-report: the report itself cannot be checked.

A report that is not UTF-8 (with or without a BOM), declares another charset, is binary,
cannot be parsed, or is larger than `max-report-bytes` (32 MiB) is CL902 at line 1. An
unreadable report is a finding, never a silent pass, and CL902 cannot be deselected. An
empty report is clean: it makes no claims.

Fails: a report saved as GBK, or a PNG renamed to `.md`.
"""

from __future__ import annotations

from citelint.outputs.diagnostic import Severity
from citelint.rules.base import NoOptions, Rule


class UnreadableReport(Rule[NoOptions]):
    code = "CL902"
    name = "unreadable-report"
    severity = Severity.CRITICAL
    summary = "a report cannot be decoded or parsed, or exceeds max-report-bytes"
    suggestion = "save the report as UTF-8 text"
    options_type = NoOptions
    suppressible = False
    deselectable = False
