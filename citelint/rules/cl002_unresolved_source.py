"""CL002 unresolved-source: the anchor's source file does not exist.

An anchor names a source type and an id; citelint looks for the file under the report's
sources root (`--sources`, or a `sources/` folder beside the report or in a parent) at the
candidates of SOURCES.md §2, first match wins. No file, or no sources root at all, is
CL002 at the anchor.

Fails (no `sources/pubmed/99999999.json` or `.xml`):

    Median PFS was 4.8 months [pmid:99999999:abstract].

Passes (the file exists):

    Median PFS was 4.8 months [pmid:22663011:results].

Fix: `citelint fetch` saves it (PubMed, ClinicalTrials.gov, Crossref and arXiv records),
or save the source under the sources root yourself, or correct the id. The message lists
the paths that were tried.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._resolution import failed_anchors
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import FailureKind


class UnresolvedSource(Rule[NoOptions]):
    code = "CL002"
    name = "unresolved-source"
    severity = Severity.CRITICAL
    summary = "an anchor's source file does not exist under the sources root"
    suggestion = "save the source under the sources root, or correct the anchor id"
    options_type = NoOptions
    failure_kind = FailureKind.NO_SOURCE

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        return failed_anchors(analysis, self.code, self.failure_kind, "unresolved source")
