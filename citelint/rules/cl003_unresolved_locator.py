"""CL003 unresolved-locator: the source exists but the locator points at nothing.

Locators are resolved exactly as SOURCES.md §3 says: line ranges (`line:18-28`,
`L18-L28`), PDF pages (`page:3`), keys of `<id>.toc.json`, headings (exact title, or a
prefix ending at a space or punctuation), structured-abstract labels, ClinicalTrials.gov
aliases (`results`, `eligibility`, …), JSON keys and dotted paths, BioC sections. There
is no "nearest section" guess: what does not match is CL003. An empty span (the key
exists but holds no text) is unresolved too.

Fails (the record has no section called `discussion`):

    HR 0.45 [pmid:22663011:discussion]

Passes:

    HR 0.45 [pmid:22663011:results]
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._resolution import failed_anchors
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import FailureKind


class UnresolvedLocator(Rule[NoOptions]):
    code = "CL003"
    name = "unresolved-locator"
    severity = Severity.CRITICAL
    summary = "the source exists but the anchor's locator resolves to nothing"
    suggestion = "point the locator at a section, line range or page that exists in the source"
    options_type = NoOptions
    failure_kind = FailureKind.NO_LOCATOR

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        return failed_anchors(analysis, self.code, self.failure_kind, "unresolved locator")
