"""CL113 judged-unsupported: the judge found that the cited source does not back the claim.

The replayed verdicts of `citelint judge` (see CL112): an `unsupported` verdict (the
windows do not say it) or a `partial` one (they say part of it — partial support is not
support) whose key is the claim's today and whose quote is in the windows verbatim is
CL113, a warning: the model read the evidence, and a reader should too.

Fails (`judged.jsonl` holds an `unsupported` verdict for the claim):

    The company employs more than a thousand engineers [1].

Passes: no verdict, or a `supported` one.

Fix: cite the source that says it, or say only what the cited source says; then run
`citelint judge` again.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.rules.cl112_judged_contradicted import judged_findings


class JudgedUnsupported(Rule[NoOptions]):
    code = "CL113"
    name = "judged-unsupported"
    severity = Severity.WARNING
    summary = "the judge found that the cited source does not back the claim"
    suggestion = "cite the source that says it, or say only what the cited source says"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        yield from judged_findings(
            self.code,
            analysis,
            ("unsupported", "partial"),
            "that the cited source does not back it",
        )
