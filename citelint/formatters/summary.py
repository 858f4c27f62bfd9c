"""The Markdown job summary for `$GITHUB_STEP_SUMMARY`: counts per rule, top findings.

Bounded by construction (at most `TOP` findings of at most `MESSAGE` characters) and
checked against `LIMIT`, well below GitHub's 1 MiB per step, however many findings.
"""

from __future__ import annotations

from citelint.formatters.text import summary_line
from citelint.result import Result
from citelint.rules import RULES_BY_CODE

TOP = 30
MESSAGE = 300
LIMIT = 512 * 1024


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(result: Result, color: bool = False) -> str:
    diagnostics = result.diagnostics
    verdict = "❌ blocked" if result.failed() else "✅ passed"
    lines = [f"## citelint: {verdict}", "", summary_line(result), ""]
    counts: dict[str, int] = {}
    for d in diagnostics:
        counts[d.code] = counts.get(d.code, 0) + 1
    if counts:
        lines += ["| rule | name | severity | findings |", "|---|---|---|---:|"]
        for code, count in sorted(counts.items()):
            rule = RULES_BY_CODE[code]
            lines.append(f"| {code} | {rule.name} | {result.severity(code).value} | {count} |")
        lines += ["", f"### Top findings ({min(TOP, len(diagnostics))} of {len(diagnostics)})", ""]
        ordered = sorted(diagnostics, key=lambda d: (-d.severity.rank, d.sort_key))
        for d in ordered[:TOP]:
            message = d.message if len(d.message) <= MESSAGE else d.message[:MESSAGE] + "…"
            lines.append(f"- `{_cell(d.path)}:{d.line}:{d.column}` **{d.code}** {_cell(message)}")
    text = "\n".join(lines) + "\n"
    if len(text.encode()) > LIMIT:  # unreachable with TOP and MESSAGE, kept as a guard
        text = text.encode()[:LIMIT].decode("utf-8", "ignore") + "\n…\n"
    return text
