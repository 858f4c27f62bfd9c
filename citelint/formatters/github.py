"""GitHub Actions workflow-command annotations (OUTPUTS.md; DECISIONS I8, I10).

`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=CODE name::message`, critical
first. GitHub shows a limited number of annotations per step, so the list stops at
`MAX_ANNOTATIONS` and ends with a notice pointing at the SARIF upload and the summary.
"""

from __future__ import annotations

from citelint.diagnostic import Severity
from citelint.result import Result

MAX_ANNOTATIONS = 50
_COMMAND = {Severity.CRITICAL: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(result: Result, color: bool = False) -> str:
    ordered = sorted(result.diagnostics, key=lambda d: (-d.severity.rank, d.sort_key))
    lines = []
    for d in ordered[:MAX_ANNOTATIONS]:
        props = ",".join(
            [
                f"file={escape_property(d.path)}",
                f"line={d.line}",
                f"col={d.column}",
                f"endLine={d.end_line}",
                f"endColumn={d.end_column}",
                f"title={escape_property(f'{d.code} {d.name}')}",
            ]
        )
        lines.append(f"::{_COMMAND[d.severity]} {props}::{escape_data(d.message)}")
    hidden = len(ordered) - MAX_ANNOTATIONS
    if hidden > 0:
        lines.append(f"::notice::{hidden} more findings in SARIF/summary")
    return "\n".join(lines) + ("\n" if lines else "")
