"""CL107 polarity-mismatch: the claim adds a negation the source does not make, or drops
one it does.

"Trametinib did not improve PFS (4.8 vs 1.5 months)" cites a source that says it did. A
negation counts when it governs a word both sides say (`not`, `no`, `never`, `neither`,
`nor`, `without`, `failed to`, `n't`; 未, 不, 无, 没有, 并未), so a negation about
something else in the sentence is not compared. The evidence is the source sentence that
holds the claim's numbers (see CL106); a claim with no such sentence is not checked.

Fails (the source: "Median progression-free survival was 4.8 months ..."):

    Median progression-free survival was not 4.8 months with trametinib [pmid:22663011:abstract].

Passes:

    Median progression-free survival was 4.8 months with trametinib [pmid:22663011:abstract].

Fix: say what the source says, with its negation or without.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._relation_findings import checked, finding
from citelint.rules.base import Finding, NoOptions, Rule

_SAYS = {
    "adds": "the claim negates what its source states",
    "drops": "the claim states what its source negates",
}


class PolarityMismatch(Rule[NoOptions]):
    code = "CL107"
    name = "polarity-mismatch"
    severity = Severity.CRITICAL
    summary = "the claim adds a negation its source does not make, or drops one it does"
    suggestion = "keep the source's negation, and add none it does not make"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item, relations in checked(analysis):
            if relations.polarity is not None:
                at, what = relations.polarity
                yield finding(self.code, item, relations, at, _SAYS[what])
