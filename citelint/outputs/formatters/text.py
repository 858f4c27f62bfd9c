"""Human output: the finding, the offending line with a caret, the anchor, the cited span.

Rendered through rich so colour follows the terminal (and `NO_COLOR`); the function
returns a string, the CLI decides where it goes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator

from rich.color import ColorSystem
from rich.console import Console
from rich.text import Text

from citelint.ground.controls import visible
from citelint.outputs.diagnostic import Diagnostic, Severity
from citelint.outputs.result import Result

WINDOW = 160  # characters of a long line shown around a finding
LEAD = 40  # of which before the finding's column
_NOUNS = {"critical": "critical", "warning": "warnings", "info": "info"}  # plural forms
_STYLE = {Severity.CRITICAL: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
_SYSTEMS = {
    "standard": ColorSystem.STANDARD,
    "256": ColorSystem.EIGHT_BIT,
    "truecolor": ColorSystem.TRUECOLOR,
    "windows": ColorSystem.WINDOWS,
}


Piece = tuple[str, str]  # text and its rich style ("" for none)
Line = tuple[Piece, ...]


def render(result: Result, color: bool = False) -> str:
    return "".join(chunks(result, color))


def chunks(result: Result, color: bool = False) -> Iterator[str]:
    """The output a finding at a time, so a run with thousands never holds all of it."""
    lines_of = {f.path: dict(f.lines) for f in result.files}
    for d in result.diagnostics:
        lines = list(_one(d, lines_of.get(d.path, {}).get(d.line)))
        if color:
            yield _rich(lines)
            continue
        # Without colour the lines are joined as rich would print them (control codes
        # stripped), ten times faster than through the console: thousands of findings
        # would spend most of a warm run here.
        block = "\n".join(["".join([piece for piece, _ in line]) for line in lines]) + "\n"
        if "\t" in block:  # rich expands tabs by display cells: leave that to rich
            yield _rich(lines, color=False)
        else:
            yield visible(block)


def _rich(lines: Iterable[Line], color: bool = True) -> str:
    """The lines as rich renders them (styles, tab expansion, control codes stripped),
    joined here from rich's segments: nothing is printed, the CLI writes the string."""
    console = Console(
        file=io.StringIO(),
        force_terminal=color,
        no_color=not color,
        width=200,
        highlight=False,
        soft_wrap=True,
        emoji=False,
        markup=False,
    )
    options = console.options.update(no_wrap=True, overflow="ignore")
    system = _SYSTEMS.get(console.color_system or "") if color else None
    out = []
    for line in lines:
        text = Text()
        for piece, style in line:
            text.append(visible(piece), style=style or None)
        for segment in console.render(text, options):
            look = segment.style
            if segment.control:
                continue
            if look is not None and system is not None:
                out.append(look.render(segment.text, color_system=system))
            else:
                out.append(segment.text)
    return "".join(out)


def _one(d: Diagnostic, line: str | None) -> Iterator[Line]:
    yield (
        (f"{d.path}:{d.line}:{d.column}: ", "bold"),
        (d.code, _STYLE[d.severity]),
        (f" [{d.severity.value}] ", ""),
        (d.message, ""),
    )
    if line is not None:
        width = (d.end_column - d.column) if d.end_line == d.line else len(line) - d.column + 1
        shown, at = window(line, d.column - 1)
        # a tab shows as one space, so columns still count code points; replaced in the
        # window only: a paragraph written on one line can be megabytes long
        shown = shown.replace("\t", " ")
        gutter = f"{d.line:>5} | "
        yield ((gutter, "dim"), (shown, ""))
        carets = "^" * max(1, min(width, len(shown) - at))
        yield (
            (" " * (len(gutter) - 2) + "| ", "dim"),
            (" " * at + carets, _STYLE[d.severity]),
        )
    for anchor in d.anchors[:3]:
        yield ((f"      = anchor: {anchor}", "dim"),)
    for ref in d.sources[:3]:
        yield ((f"      = source: {ref.describe()}", "dim"),)
    if d.missing:
        yield ((f"      = missing: {', '.join(d.missing)}", "dim"),)
    for hint in d.suggestions:
        fix = " (fixable with --fix)" if hint.safe and hint.edit else ""
        yield ((f"      = help: found in {hint.describe()}{fix}", "green"),)
    if d.nowhere:
        yield ((f"      = help: no saved source holds {', '.join(d.nowhere)}", "dim"),)


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
    return f"{counts} in {files} file{'s' if files != 1 else ''}; {claims_line(s)}"


def claims_line(s: dict[str, object]) -> str:
    """`29 claims: 20 supported, 6 unsupported, 3 unchecked`: the one wording of the
    verdicts every output uses (citelint/rules/verdicts.py)."""
    claims = int(str(s["claims"]))
    head = f"{claims} claim{'s' if claims != 1 else ''}"
    if not claims:
        return head
    parts = [f"{s[f'{v}_claims']} {v}" for v in ("supported", "unsupported", "unchecked")]
    if int(str(s.get("supported_by_judge", 0))):  # `20 supported (3 by judge)`
        parts[0] += f" ({s['supported_by_judge']} by judge)"
    return f"{head}: {', '.join(parts)}"
