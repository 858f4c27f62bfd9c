"""CL109 overclaim: the claim states outright what its source hedges, or makes an
association a cause.

"May reduce" becomes "reduces", "was associated with" becomes "caused", "a trend toward"
becomes "improved", "tests were to confirm" (a purpose) becomes "tests confirmed". The
source's hedge (`may`, `might`, `could`, `possibly`, `likely`, `suggests`, `appears to`,
`associated with`, `correlated with`, `linked to`, `trend toward`, `tended to`, `was to`,
`is to be`; 可能, 或许, 提示, 相关, 趋势) is in the evidence sentence (see CL106)
and not in the claim, and the claim states the hedged verb or a cause (`caused`, `leads
to`, `results in`, `prevents`, `proves`, `demonstrates`; 导致, 引起, 证明, 证实). A warning:
a reader may judge the hedge dropped on purpose, but should see it.

Fails (the source: "Exposure was associated with longer survival ..."):

    Exposure caused longer survival (4.8 vs 1.5 months) [pmid:22663011:abstract].

Passes:

    Exposure was associated with longer survival (4.8 vs 1.5 months) [pmid:22663011:abstract].

Fix: keep the source's hedge, or cite a source that states the effect outright.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._relation_findings import checked, finding
from citelint.rules.base import Finding, NoOptions, Rule


class Overclaim(Rule[NoOptions]):
    code = "CL109"
    name = "overclaim"
    severity = Severity.WARNING
    summary = "the claim states outright what its source hedges, or makes an association a cause"
    suggestion = "keep the source's hedge, or cite a source that states the effect outright"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item, relations in checked(analysis):
            if relations.overclaim:
                message = f"the claim drops its source's hedge {relations.overclaim!r}"
                yield finding(self.code, item, relations, 0, message)
