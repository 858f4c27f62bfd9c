"""Shared by the evidence rules: how cited spans are named, and claims that cannot be checked."""

from __future__ import annotations

from citelint.evidence.spans import Cited
from citelint.ground.document import Anchor
from citelint.outputs.diagnostic import describe_lines
from citelint.read.analysis import Analysis
from citelint.read.citations.styles import NUMBERED
from citelint.sources.model import Span


def describe_spans(spans: tuple[tuple[Anchor, Span], ...], analysis: Analysis) -> str:
    parts = []
    for anchor, span in spans:
        if not span.path:  # the quote of a link to an unsaved page
            quote = span.text if len(span.text) <= 60 else span.text[:59] + "…"
            parts.append(f"{anchor.text} (its quote '{quote}')")
            continue
        where = analysis.display(span.path)
        if span.start_line is not None:
            where += f" {describe_lines(span.start_line, span.end_line)}"
        elif span.pointer:
            where += f" {span.pointer}"
        parts.append(f"{anchor.text} ({where})")
    return ", ".join(parts)


def unverifiable(cited: Cited, analysis: Analysis) -> tuple[bool, bool]:
    """(skip, report_as_unverifiable) for a claim whose anchors partly failed (X5).

    A failure finding stands for the claim (shown or not: the selection is a filter), so
    there is no follow-on noise. A failure that is suppressed must not turn into a pass,
    so the claim's tokens are reported as unverifiable instead.
    """
    if not cited.failed:
        return False, False
    if all(analysis.failure_reported(f.kind, a.start) for a, f in cited.failed):
        return True, False
    return False, True


NUMBERED_OFF = (
    'no citation here: `citation-styles` leaves out "numbered" (as the pipeline preset does)'
)


def numbered_off(analysis: Analysis, text: str) -> str | None:
    """The `[3]` a text writes when the config reads no numbered citations (the pipeline
    preset): a message says so instead of leaving the user to guess why it is uncited."""
    if "numbered" in analysis.settings.citation_styles:
        return None
    found = NUMBERED.search(text)
    return found.group(0) if found else None
