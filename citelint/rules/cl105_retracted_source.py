"""CL105 retracted-source: a citation resolves to a record marked retracted.

A retracted paper supports nothing. When the saved record a citation resolves to says it
is retracted — a PubMed `PublicationType` "Retracted Publication" or a
`CommentsCorrections RefType="RetractionIn"`, a Europe PMC publication type naming a
retraction, a Crossref `updated-by` entry of type retraction or withdrawal in the DOI's
saved Crossref record (what `citelint fetch` saves, even where the PubMed record does not
carry the notice yet) — CL105 fires at the reference entry, or at the citation itself for an
anchor, an identifier or a link in the text (`[pmid:2002:abstract]`, `(PMID: 2002)`). The
claims citing it are never counted as verified.

Fails (the saved PubMed XML of 22663011 carries `RetractionIn`):

    1. Smith J, et al. A trial. Lancet. 2012;1:1-2. PMID: 22663011

Passes: the record has no retraction.

Fix: remove the citation and every claim that rests on it, or cite a sound source.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._notices import notice_findings
from citelint.rules.base import Finding, NoOptions, Rule


class RetractedSource(Rule[NoOptions]):
    code = "CL105"
    name = "retracted-source"
    severity = Severity.CRITICAL
    summary = "a citation resolves to a saved record marked retracted"
    suggestion = "remove the citation and the claims resting on it, or cite a sound source"
    options_type = NoOptions
    marks_unverified = True  # a claim citing a retracted record is never verified
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        yield from notice_findings(
            analysis, self.code, "a retracted record", lambda r: r.retraction, analysis.retracted
        )
