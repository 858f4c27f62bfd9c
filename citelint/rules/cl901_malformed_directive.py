"""CL901 malformed-directive: a `citelint-` comment that does not parse.

Directives are `citelint-disable-next-line`, `citelint-disable`, `citelint-enable`,
`citelint-disable-file` (each with one or more rule codes, and an optional reason after
`--`) and `citelint-appendix`. A misspelt directive, a directive without codes, or a code
that names no rule would silently suppress nothing, so it is reported instead.

Fails:

    <!-- citelint-disable-next-line -->
    <!-- citelint-disable-nextline CL101 -->
    <!-- citelint-disable CL999 -->

Passes:

    <!-- citelint-disable-next-line CL101 -- rounded in the abstract -->
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule


class MalformedDirective(Rule[NoOptions]):
    code = "CL901"
    name = "malformed-directive"
    severity = Severity.WARNING
    summary = "a citelint- comment that does not parse, or names an unknown code"
    suggestion = "fix the directive: citelint-disable-next-line CODE [-- reason]"
    options_type = NoOptions
    suppressible = False

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for d in analysis.doc.directives:
            unknown = [c for c in d.codes if c not in analysis.rule_codes]
            problem = d.error or (f"names unknown code {unknown[0]}" if unknown else "")
            if problem:
                yield Finding(
                    self.code,
                    d.start,
                    d.end,
                    f"malformed directive {d.raw}: {problem}",
                    subject=d.raw,
                )
