"""CL903 internal-error: citelint failed while checking a file.

The file is reported at line 1 with the error, the run goes on with the other files, and
the exit code is 2 whatever `--fail-on` or `--exit-zero` say: a crash is never a pass.
CL903 cannot be deselected. Please report it with the file that triggers it.
"""

from __future__ import annotations

from citelint.outputs.diagnostic import Severity
from citelint.rules.base import NoOptions, Rule


class InternalError(Rule[NoOptions]):
    code = "CL903"
    name = "internal-error"
    severity = Severity.CRITICAL
    summary = "citelint failed while checking a file; the run goes on and exits 2"
    suggestion = "report the crash with the file that triggers it"
    options_type = NoOptions
    suppressible = False
    baselined = False
    internal_error = True
    deselectable = False
