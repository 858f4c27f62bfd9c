"""CL007 unreadable-source: the source exists but cannot be read.

Invalid JSON, text that is not UTF-8, a binary file with a text name, an encrypted PDF
that does not open with the empty password, a broken PDF, a PDF page with no extractable
text (fewer than 20 letters), a file over `max-source-bytes` (64 MiB), a record whose
declared id differs from the anchor's: all are CL007. Such a source is never support and
never absence: the claims citing it are unverifiable, which is why this is critical.

Fails (`sources/pubmed/123.json` is not JSON):

    Response rate 45% [pmid:123:abstract].

Fix: save a readable copy (decrypt the PDF, export text, re-download the record).
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._resolution import failed_anchors
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import FailureKind


class UnreadableSource(Rule[NoOptions]):
    code = "CL007"
    name = "unreadable-source"
    severity = Severity.CRITICAL
    summary = "the source exists but cannot be read, is too large, or has no extractable text"
    suggestion = "save a readable copy of the source (valid JSON, UTF-8 text, decrypted PDF)"
    options_type = NoOptions
    failure_kind = FailureKind.UNREADABLE

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for finding in failed_anchors(analysis, self.code, self.failure_kind, "unreadable source"):
            yield Finding(
                finding.code,
                finding.start,
                finding.end,
                f"{finding.message}; claims citing it cannot be verified",
                anchors=finding.anchors,
                spans=finding.spans,
                subject=finding.subject,
            )
