"""CL900 unused-suppression: a suppression comment that suppresses nothing.

A `citelint-disable…` comment or a `data-citelint-ignore` attribute whose codes match no
finding in its scope is stale: the problem it hid is gone, or it names the wrong code or
line. Remove it, so that it cannot hide a future finding. Not reported with
`--no-suppress`, which ignores every suppression.

Fails:

    <!-- citelint-disable-next-line CL101 -->
    This paragraph states no number.
"""

from __future__ import annotations

from citelint.ground.document import Directive
from citelint.outputs.diagnostic import Severity
from citelint.rules.base import Finding, NoOptions, Rule


class UnusedSuppression(Rule[NoOptions]):
    code = "CL900"
    name = "unused-suppression"
    severity = Severity.WARNING
    summary = "a suppression comment suppresses nothing"
    suggestion = "remove the stale suppression comment"
    options_type = NoOptions
    suppressible = False

    def finding(self, directive: Directive) -> Finding:
        return Finding(
            self.code,
            directive.start,
            directive.end,
            f"suppression {directive.raw} suppresses nothing; remove it",
            subject=directive.raw,
        )
