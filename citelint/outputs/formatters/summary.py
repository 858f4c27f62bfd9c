"""The Markdown job summary for `$GITHUB_STEP_SUMMARY`: counts per rule and per file (the
files with the most critical findings first), and the top findings, critical first and
taken in turn from each file, so that one report with hundreds of findings does not hide
the others. Where the run knows the commit on the forge (`Result.blob_url`), each finding
links to its line.

Report text is written by strangers: every message is escaped for Markdown and HTML, and
paths go into code spans, so nothing in a report renders as markup in the summary.
Bounded by construction (at most `TOP` findings of at most `MESSAGE` characters, `FILES`
files) and checked against `LIMIT`, well below GitHub's 1 MiB per step; when findings are
left out the summary says so and where the full list is.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from urllib.parse import quote

from citelint.outputs.diagnostic import Diagnostic
from citelint.outputs.formatters.text import summary_line
from citelint.outputs.generated import MARKDOWN_MARK
from citelint.outputs.result import Result

TOP = 30
FILES = 50
MESSAGE = 300
LIMIT = 512 * 1024
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+!|~-])")


def _text(text: str) -> str:
    """Plain text in Markdown: HTML escaped, Markdown punctuation escaped, one line."""
    return _MARKDOWN.sub(r"\\\1", html.escape(" ".join(text.split()), quote=False))


def _code(text: str) -> str:
    r"""A code span that no backtick in `text` can close early, and no `|` can split out
    of its table cell (GitHub's tables take `\|` inside a code span as the character)."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    text = text.replace("|", "\\|")
    return (
        f"{fence} {text} {fence}"
        if text.startswith("`") or text.endswith("`")
        else (f"{fence}{text}{fence}")
    )


def render(result: Result, color: bool = False) -> str:
    diagnostics = result.diagnostics
    verdict = "❌ blocked" if result.failed() else "✅ passed"
    lines = [MARKDOWN_MARK, f"## citelint: {verdict}", "", summary_line(result), ""]
    if diagnostics:
        lines += _by_rule(result) + _by_file(result) + _top(result)
    text = "\n".join(lines) + "\n"
    if len(text.encode()) > LIMIT:  # unreachable with TOP, FILES and MESSAGE, kept as a guard
        text = text.encode()[:LIMIT].decode("utf-8", "ignore") + "\n… (truncated)\n"
    return text


def _by_rule(result: Result) -> list[str]:
    lines = ["| rule | name | severity | findings |", "|---|---|---|---:|"]
    for code, severity, count in result.per_rule():
        lines.append(f"| {code} | {result.fact(code).name} | {severity.value} | {count} |")
    return [*lines, ""]


def _by_file(result: Result) -> list[str]:
    counts: dict[str, dict[str, int]] = {}
    for d in result.diagnostics:
        per = counts.setdefault(d.path, {})
        per[d.severity.value] = per.get(d.severity.value, 0) + 1
    lines = ["| file | critical | warning | info |", "|---|---:|---:|---:|"]
    ranked = sorted(
        counts.items(),
        key=lambda item: (-item[1].get("critical", 0), -item[1].get("warning", 0), item[0]),
    )
    for path, per in ranked[:FILES]:
        cells = " | ".join(str(per.get(level, 0)) for level in ("critical", "warning", "info"))
        lines.append(f"| {_code(path)} | {cells} |")
    if len(counts) > FILES:
        lines.append(f"| … and {len(counts) - FILES} more files (truncated) | | | |")
    return [*lines, ""]


def _in_turn(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Most severe first; within a severity, each file's first finding, then each file's
    second, and so on (files in path order)."""
    ordered: list[Diagnostic] = []
    for rank in sorted({d.severity.rank for d in diagnostics}, reverse=True):
        per_file: dict[str, list[Diagnostic]] = {}
        for d in diagnostics:  # sorted by path, line, column already
            if d.severity.rank == rank:
                per_file.setdefault(d.path, []).append(d)
        queues = list(per_file.values())
        for i in range(max(len(q) for q in queues)):
            ordered.extend(q[i] for q in queues if i < len(q))
            if len(ordered) >= TOP:
                return ordered
    return ordered


def _top(result: Result) -> list[str]:
    diagnostics = result.diagnostics
    shown = min(TOP, len(diagnostics))
    lines = [f"### Top findings ({shown} of {len(diagnostics)}, critical first)", ""]
    for d in _in_turn(diagnostics)[:TOP]:
        message = d.message if len(d.message) <= MESSAGE else d.message[:MESSAGE] + "…"
        place = _code(f"{d.path}:{d.line}:{d.column}")
        if result.blob_url:
            # GitHub renders Markdown and drops `#L3` from a rendered file: `?plain=1` shows
            # the source, where the line anchor holds
            plain = "?plain=1" if d.path.lower().endswith((".md", ".markdown")) else ""
            place = f"[{place}]({result.blob_url}{quote(d.path)}{plain}#L{d.line})"
        lines.append(f"- {place} **{d.code}** {_text(message)}")
    if len(diagnostics) > TOP:
        lines += [
            "",
            f"Truncated: {len(diagnostics) - TOP} more findings are in the job log "
            "(text and annotations) and in the SARIF upload (code scanning).",
        ]
    return lines
