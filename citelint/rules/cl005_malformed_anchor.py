"""CL005 malformed-anchor: text that looks like an anchor but does not follow the grammar.

Near misses are reported, never dropped silently, because a mistyped anchor leaves its
claim uncited without anyone noticing. Reported forms: an unknown type (`[paper:1]`), a
type in the wrong case (`[PMID:123]`), an empty id (`[pmid::abstract]`), an empty locator
(`[pmid:123:]`), a full-width colon (`[pmid：123：abstract]`), `【】` or `〔〕` brackets
around an anchor, and a bracket left open at the end of a block. A bracket counts as a
near miss only when it starts with a word and a colon and the word is close to a known
type or the rest is a single token: `[1]`, `[a]`, `[Note: see below]`, Markdown links and
task boxes are not.

A type a small edit from a known one gets "did you mean 'pmid'?" and, when the corrected
anchor resolves to a saved span, a fix that `--unsafe-fixes` applies (it changes what the
anchor cites, so `--fix` alone never does).

Fails:

    Median OS 12.1 months [PMID:22663011:abstract].

Passes:

    Median OS 12.1 months [pmid:22663011:abstract].
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule


class MalformedAnchor(Rule[NoOptions]):
    code = "CL005"
    name = "malformed-anchor"
    severity = Severity.WARNING
    summary = "a near-miss anchor: wrong case, unknown type, empty id or locator, wrong colon"
    suggestion = "rewrite the anchor as [type:id] or [type:id:locator]"
    options_type = NoOptions
    misspelt_anchor = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for miss in analysis.doc.near_misses:
            yield Finding(
                self.code,
                miss.start,
                miss.end,
                f"malformed anchor {miss.raw} {miss.reason}",
                subject=miss.raw,
            )
