"""`path:line:col: CODE [severity] message`, one line per finding."""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.result import Result


def render(result: Result, color: bool = False) -> str:
    return "".join(chunks(result, color))


def chunks(result: Result, color: bool = False) -> Iterator[str]:
    for d in result.diagnostics:
        yield f"{d.path}:{d.line}:{d.column}: {d.code} [{d.severity.value}] {d.message}\n"
