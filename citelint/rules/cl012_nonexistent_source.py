"""CL012 nonexistent-source: the cited identifier does not exist in its registry.

`citelint fetch` asks each registry for what a report cites. When PubMed (E-utilities),
ClinicalTrials.gov, Crossref, arXiv or the PMC ID converter answers that a PMID, NCT id,
DOI, arXiv id or PMCID is unknown, the fetch
records it in the sources root's `fetched.json`, and every citation of that id is CL012:
a reference to a record that does not exist, the fabricated citation reviewers fear most.
The message names the registry, its answer and the day it was asked. A real record whose
entry gives the wrong title, year or authors is CL104, never CL012; a fetch that failed
(network, timeout, a bot check) records nothing here and the source stays unsaved (CL011).

Fails (`fetched.json` holds `"PMID 99999999": {"outcome": "missing", …}`):

    Response rate 45% [1].

    1. Made-up title. PMID: 99999999

Fix: cite the record the claim comes from, or remove the claim.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._resolution import failed_anchors
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import FailureKind


class NonexistentSource(Rule[NoOptions]):
    code = "CL012"
    name = "nonexistent-source"
    severity = Severity.CRITICAL
    summary = "the cited identifier does not exist: its registry said so to `citelint fetch`"
    suggestion = "cite the record the claim comes from, or remove the claim"
    options_type = NoOptions
    failure_kind = FailureKind.NONEXISTENT
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        yield from failed_anchors(analysis, self.code, self.failure_kind, "nonexistent source")
