"""CL006 unsafe-anchor-path: the anchor id would leave the allowed roots.

An anchor is untrusted input. An id that is absolute, has a drive letter, contains a
`..` part, a backslash or a NUL byte is never used as a path, and a candidate file that
resolves (through a symlink) outside the sources root or the evidence roots is never
opened. Either is CL006 at the anchor.

Fails:

    See [evidence:../../etc/passwd].
    See [guideline:/etc/hosts].

Passes:

    See [evidence:market_model.md:line:12-18].
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._resolution import failed_anchors
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import FailureKind


class UnsafeAnchorPath(Rule[NoOptions]):
    code = "CL006"
    name = "unsafe-anchor-path"
    severity = Severity.CRITICAL
    summary = "an anchor id would leave the allowed roots (absolute, '..', backslash, NUL, symlink)"
    suggestion = "use a plain id inside the sources root; never a path that leaves it"
    options_type = NoOptions
    failure_kind = FailureKind.UNSAFE_PATH

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        return failed_anchors(analysis, self.code, self.failure_kind, "unsafe anchor path")
