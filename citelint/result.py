"""What a run produces: per-file results, and the run's result that every output reads.

Outputs (formatters, the audit, baselines) depend on this module only, never on the
engine: a `Result` carries the diagnostics sorted once, the enabled rules with their
effective severities, and the fail level.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from citelint.diagnostic import Diagnostic, Severity, at_or_above
from citelint.records import ClaimRecord
from citelint.rules import RULES_BY_CODE, AnyRule

_NEWLINE = re.compile(r"\r\n?|\n")


def source_lines(text: str, numbers: Iterable[int]) -> tuple[tuple[int, str], ...]:
    """The lines (1-based) of `text` that findings point at: a run keeps these, not every
    report's whole text."""
    wanted = sorted(set(numbers))
    if not wanted:
        return ()
    lines = _NEWLINE.split(text)
    return tuple((n, lines[n - 1]) for n in wanted if 0 < n <= len(lines))


@dataclass(frozen=True)
class FileResult:
    path: str  # relative to the project root, POSIX style
    diagnostics: tuple[Diagnostic, ...]
    claims: int = 0
    anchors: int = 0
    verified: int = 0
    text: str | None = None  # the decoded report, kept only when a fix can edit it
    records: tuple[ClaimRecord, ...] = ()
    anchors_without_locator: tuple[str, ...] = ()
    citations: tuple[tuple[str, int], ...] = ()  # citations per style, besides anchors
    origin: str = ""  # the real file that was read, for `--fix`; empty for text given
    lines: tuple[tuple[int, str], ...] = ()  # (number, text) of the lines findings point at
    relations: tuple[int, int] = (0, 0)  # cited sentences (checked, abstained), CL106–CL109


@dataclass(frozen=True)
class Result:
    files: tuple[FileResult, ...]
    rules: tuple[type[AnyRule], ...] = ()  # the enabled rules
    severities: Mapping[str, Severity] = field(default_factory=dict)  # effective, by code
    fail_on: str = "critical"
    notes: tuple[str, ...] = ()
    shard: tuple[int, int] | None = None  # the K-th of N shards this run linted
    sarif_max_results: int = 5000  # code scanning rejects runs with more than 25,000
    sarif_category: str | None = None  # automationDetails.id, when asked for
    # where a report path can be read on the forge at the commit linted, with a trailing
    # `/` (`https://github.com/o/r/blob/<sha>/`): the job summary links findings there
    blob_url: str | None = None
    diagnostics: tuple[Diagnostic, ...] = field(init=False)  # every file's, sorted once

    def __post_init__(self) -> None:
        every = (d for f in self.files for d in f.diagnostics)
        object.__setattr__(self, "diagnostics", tuple(sorted(every, key=lambda d: d.sort_key)))

    def severity(self, code: str) -> Severity:
        return self.severities.get(code) or RULES_BY_CODE[code].severity

    @property
    def internal_error(self) -> bool:
        return any(RULES_BY_CODE[d.code].internal_error for d in self.diagnostics)

    def failed(self, fail_on: str | None = None) -> bool:
        level = fail_on or self.fail_on
        return any(at_or_above(d.severity, level) for d in self.diagnostics)

    def summary(self) -> dict[str, object]:
        by_severity: dict[str, int] = {}
        by_rule: dict[str, int] = {}
        for d in self.diagnostics:
            by_severity[d.severity.value] = by_severity.get(d.severity.value, 0) + 1
            by_rule[d.code] = by_rule.get(d.code, 0) + 1
        return {
            "files": len(self.files),
            "claims": sum(f.claims for f in self.files),
            "anchors": sum(f.anchors for f in self.files),
            "verified_claims": sum(f.verified for f in self.files),
            "by_severity": dict(sorted(by_severity.items())),
            "by_rule": dict(sorted(by_rule.items())),
        }
