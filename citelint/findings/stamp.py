"""Findings to diagnostics: which of a report's findings are shown (selection, per-file
ignores, suppression comments), and how a rule's `Finding` (offsets in the report's
text) becomes the `Diagnostic` every output shows (lines and columns, the rule's name
and configured severity, its sources as display paths, its fingerprint and hints)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter

from citelint.config.suppress import Suppressions
from citelint.findings.repair.suggest import NO_HINTS, Hints
from citelint.ground.document import Anchor, Document
from citelint.ground.globs import matches
from citelint.outputs.diagnostic import Diagnostic, Severity, SourceRef, finding_id
from citelint.outputs.result import FileResult
from citelint.rules import RULES_BY_CODE, AnyRule, Finding, UnusedSuppression
from citelint.sources.model import Failure, Span


def emitted(
    display: str,
    rules: Iterable[AnyRule],
    per_file_ignores: Sequence[tuple[str, tuple[str, ...]]],
) -> frozenset[str]:
    """The codes a report shows: the selected rules less its per-file ignores (a rule
    that cannot be deselected is always shown)."""
    ignored = {
        code for glob, codes in per_file_ignores if matches(display, [glob]) for code in codes
    }
    return frozenset(
        type(rule).code
        for rule in rules
        if not (type(rule).code in ignored and type(rule).deselectable)
    )


def shown(
    findings: Sequence[Finding],
    suppressions: Suppressions,
    emitted: frozenset[str],
    report_unused: bool,
) -> list[Finding]:
    """The findings a report shows: the emitted codes' findings no comment suppresses,
    and a finding for each suppression comment that suppressed nothing."""
    kept, unused = suppressions.apply(findings, emitted)
    kept = [f for f in kept if f.code in emitted]
    if UnusedSuppression.code in emitted and report_unused:
        kept.extend(UnusedSuppression().finding(d) for d in unused)
    return kept


_LOWER = {
    Severity.CRITICAL: Severity.WARNING,
    Severity.WARNING: Severity.INFO,
    Severity.INFO: Severity.INFO,
}


class Stamper:
    def __init__(self, severity: Callable[[str], Severity], display: Callable[[str], str]):
        self.severity = severity
        self.display = display
        self._named: dict[str, tuple[str, Severity]] = {}  # each code's name and severity

    def diagnostic(
        self,
        doc: Document,
        f: Finding,
        hints: Hints = NO_HINTS,
        fetched: Mapping[str, str] | None = None,
    ) -> Diagnostic:
        line, column = doc.position(f.start)
        end_line, end_column = doc.position(max(f.end, f.start + 1))
        if f.code not in self._named:
            self._named[f.code] = (RULES_BY_CODE[f.code].name, self.severity(f.code))
        name, severity = self._named[f.code]
        if f.demoted:
            severity = _LOWER[severity]
        return Diagnostic(
            path=doc.path,
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            code=f.code,
            name=name,
            severity=severity,
            # kept once though many reports repeat it (a channel unused, a templated claim)
            message=sys.intern(f.message),
            claim=_shown_claim(f.claim),
            anchors=tuple(sys.intern(a.text) for a in f.anchors),
            missing=f.missing,
            sources=tuple(self._source_ref(s, f.anchors, fetched or {}) for s in f.spans if s.path),
            fingerprint=finding_id(f.code, doc.path, f.subject or f.message),
            suggestions=hints.suggestions,
            nowhere=hints.nowhere,
            evidence=_shown_claim(f.evidence) if f.evidence else None,
            coverage=f.coverage,
        )

    def diagnostics(
        self,
        doc: Document,
        findings: Iterable[Finding],
        hints: Mapping[Finding, Hints],
        fetched: Mapping[str, str],
    ) -> tuple[Diagnostic, ...]:
        """The diagnostics of a report's shown findings, in the order outputs list them."""
        made = (self.diagnostic(doc, f, hints.get(f, NO_HINTS), fetched) for f in findings)
        return tuple(sorted(made, key=attrgetter("sort_key")))

    def _source_ref(
        self, span: Span | Failure, anchors: tuple[Anchor, ...], fetched: Mapping[str, str]
    ) -> SourceRef:
        path = sys.intern(self.display(span.path)) if span.path else ""
        if isinstance(span, Failure):
            return SourceRef(path, anchors[0].locator if anchors else None)
        where = fetched.get(span.path)
        return SourceRef(
            path, span.locator, span.start_line, span.end_line, span.pointer, where or None
        )


# What a diagnostic quotes of its claim. A sentence naming N drugs gives N findings; each
# quoting the whole sentence made the JSON grow with N times the sentence (a 40 KB report:
# 355 MB). Each keeps at most this much, so the outputs stay linear in the report.
MAX_CLAIM_CHARS = 1000


@functools.lru_cache(maxsize=256)
def _shown_claim(claim: str | None) -> str | None:
    """The claim as outputs quote it: kept once per distinct sentence, at most
    MAX_CLAIM_CHARS characters (a longer one ends in `…`)."""
    if claim is None:
        return None
    if len(claim) > MAX_CLAIM_CHARS:
        claim = claim[: MAX_CLAIM_CHARS - 1].rstrip() + "…"
    return sys.intern(claim)


def file_finding(display: str, rule: type[AnyRule], message: str) -> FileResult:
    """A report's one finding at its first character (unreadable, crashed)."""
    diagnostic = Diagnostic(
        path=display,
        line=1,
        column=1,
        end_line=1,
        end_column=1,
        code=rule.code,
        name=rule.name,
        severity=Severity.CRITICAL,
        message=message,
        fingerprint=finding_id(rule.code, display, "file"),
    )
    return FileResult(display, (diagnostic,))
