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

from citelint.diagnostic import Severity
from citelint.rules.base import Rule


class UnusedSuppression(Rule):
    code = "CL900"
    name = "unused-suppression"
    severity = Severity.WARNING
    summary = "a suppression comment suppresses nothing"
    suggestion = "remove the stale suppression comment"
