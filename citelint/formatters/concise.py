"""`path:line:col: CODE [severity] message`, one line per finding."""

from __future__ import annotations

from citelint.result import Result


def render(result: Result, color: bool = False) -> str:
    lines = [
        f"{d.path}:{d.line}:{d.column}: {d.code} [{d.severity.value}] {d.message}"
        for d in result.diagnostics
    ]
    return "\n".join(lines) + ("\n" if lines else "")
