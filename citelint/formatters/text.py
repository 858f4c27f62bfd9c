"""Human output: the finding, the offending line with a caret, the anchor, the cited span.

Rendered through rich so colour follows the terminal (and `NO_COLOR`); the function
returns a string, the CLI decides where it goes.
"""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.text import Text

from citelint.diagnostic import Diagnostic, Severity
from citelint.result import Result

WINDOW = 160  # characters of a long line shown around a finding
LEAD = 40  # of which before the finding's column
_NOUNS = {"critical": "critical", "warning": "warnings", "info": "info"}  # plural forms
_NEWLINE = re.compile(r"\r\n?|\n")
_STYLE = {Severity.CRITICAL: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def render(result: Result, color: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        width=200,
        highlight=False,
        soft_wrap=True,
        emoji=False,
        markup=False,
    )
    # each report is split into lines once, however many findings it has
    lines_of = {f.path: _NEWLINE.split(f.text) for f in result.files if f.text is not None}
    for d in result.diagnostics:
        _one(console, d, lines_of.get(d.path))
    return buffer.getvalue()


def _one(console: Console, d: Diagnostic, lines: list[str] | None) -> None:
    write = console.print  # renders into the caller's buffer; only the CLI prints
    head = Text()
    head.append(f"{d.path}:{d.line}:{d.column}: ", style="bold")
    head.append(d.code, style=_STYLE[d.severity])
    head.append(f" [{d.severity.value}] ")
    head.append(d.message)
    write(head)
    if lines is not None and 0 < d.line <= len(lines):
        source = lines[d.line - 1].expandtabs(1)
        width = (d.end_column - d.column) if d.end_line == d.line else len(source) - d.column + 1
        shown, at = window(source, d.column - 1)
        gutter = f"{d.line:>5} | "
        write(Text(gutter, style="dim") + Text(shown))
        carets = "^" * max(1, min(width, len(shown) - at))
        write(
            Text(" " * (len(gutter) - 2) + "| ", style="dim")
            + Text(" " * at + carets, style=_STYLE[d.severity])
        )
    for anchor in d.anchors[:3]:
        write(Text(f"      = anchor: {anchor}", style="dim"))
    for ref in d.sources[:3]:
        write(Text(f"      = source: {ref.describe()}", style="dim"))
    if d.missing:
        write(Text(f"      = missing: {', '.join(d.missing)}", style="dim"))
    for hint in d.suggestions:
        fix = " (fixable with --fix)" if hint.safe and hint.edit else ""
        write(Text(f"      = help: found in {hint.describe()}{fix}", style="green"))
    if d.nowhere:
        write(Text(f"      = help: no saved source holds {', '.join(d.nowhere)}", style="dim"))


def window(line: str, column: int) -> tuple[str, int]:
    """At most WINDOW characters of `line` around `column` (0-based), with `…` where it is
    cut, and where the column falls in what is shown. LLM reports write whole paragraphs
    on one line; a finding shows its neighbourhood, not thousands of characters."""
    if len(line) <= WINDOW:
        return line, column
    start = max(0, min(column - LEAD, len(line) - WINDOW))
    end = start + WINDOW
    head = "…" if start else ""
    return head + line[start:end] + ("…" if end < len(line) else ""), column - start + len(head)


def summary_line(result: Result) -> str:
    s = result.summary()
    by_severity = s["by_severity"]
    assert isinstance(by_severity, dict)
    counts = (
        ", ".join(
            f"{n} {_NOUNS[level] if n != 1 else level}"
            for level in ("critical", "warning", "info")
            if (n := int(by_severity.get(level, 0)))
        )
        or "no findings"
    )
    files = s["files"]
    return (
        f"{counts} in {files} file{'s' if files != 1 else ''}; "
        f"{s['claims']} claims, {s['verified_claims']} verified"
    )
