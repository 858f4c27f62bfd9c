"""GitHub Actions workflow-command annotations (OUTPUTS.md; DECISIONS I8, I10).

`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=CODE name::message`, critical
first. GitHub shows 10 error and 10 warning annotations per step and drops the rest in
silence, so at most `PER_LEVEL` of each level are printed, then one notice that says how
many more there are and where the full list is.
"""

from __future__ import annotations

from citelint.outputs.diagnostic import Severity
from citelint.outputs.result import Result

PER_LEVEL = 10  # annotations GitHub shows per level and step
_COMMAND = {Severity.CRITICAL: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(result: Result, color: bool = False) -> str:
    ordered = sorted(result.diagnostics, key=lambda d: (-d.severity.rank, d.sort_key))
    lines = []
    shown: dict[str, int] = {}
    for d in ordered:
        command = _COMMAND[d.severity]
        if shown.get(command, 0) >= PER_LEVEL:
            continue
        shown[command] = shown.get(command, 0) + 1
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
        lines.append(f"::{command} {props}::{escape_data(d.message)}")
    hidden = len(ordered) - len(lines)
    if hidden > 0:
        lines.append(
            f"::notice title=citelint::{hidden} more finding{'s' if hidden != 1 else ''} "
            f"than GitHub shows as annotations ({PER_LEVEL} per level); citelint's text output "
            "lists every finding"
        )
    return "\n".join(lines) + ("\n" if lines else "")
