"""CL110 source-under-concern: a citation resolves to a record under an expression of concern.

An expression of concern is an editor's public warning that a paper's data or conduct is
in doubt while an investigation runs; it is not a retraction (CL105). When the saved
record a citation resolves to carries one — a PubMed `CommentsCorrections
RefType="ExpressionOfConcernIn"`, or a Crossref `updated-by` entry of type
`expression_of_concern` in the DOI's saved Crossref record (what `citelint fetch` saves) —
CL110 warns at the reference entry, or at the citation itself for an anchor, an
identifier or a link in the text. Its claims still count as verified: the record says
what the claim says, and the reader is told to weigh it.

Fails (the saved PubMed XML of 2003 carries `ExpressionOfConcernIn`):

    1. Smith J, et al. A trial. Lancet. 2012;1:1-2. PMID: 2003

Passes: the record has no expression of concern.

Fix: cite a source not under concern, or say in the text that the cited paper is under an
expression of concern.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._notices import notice_findings
from citelint.rules.base import Finding, NoOptions, Rule


class SourceUnderConcern(Rule[NoOptions]):
    code = "CL110"
    name = "source-under-concern"
    severity = Severity.WARNING
    summary = "a citation resolves to a saved record under an expression of concern"
    suggestion = "cite a sound source, or tell the reader that this one is under concern"
    options_type = NoOptions

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        # a retraction says more: CL105 reports it, and this rule stays quiet there
        concerned = {a: n for a, n in analysis.concerned.items() if a not in analysis.retracted}
        yield from notice_findings(
            analysis,
            self.code,
            "a record under an expression of concern",
            lambda r: "" if r.retraction else r.concern,
            concerned,
        )
