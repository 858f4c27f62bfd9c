"""What a run produces: per-file results, and the run's result that every output reads.

Outputs (formatters, the audit, baselines) depend on this module only, never on the
engine or the rules: a `Result` carries the diagnostics sorted once, the facts of the
rules (`RuleFacts`) with their effective severities, the claim records the HTML view
shows, and the fail level.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from citelint.outputs.diagnostic import Diagnostic, Severity, at_or_above

_NEWLINE = re.compile(r"\r\n?|\n")


class _Declares(Protocol):
    """What a rule class declares (`rules/base.py`), read without importing the rules."""

    code: str
    name: str
    severity: Severity
    summary: str
    suggestion: str
    internal_error: bool
    baselined: bool

    def documentation(self) -> str: ...


@dataclass(frozen=True, slots=True)
class RuleFacts:
    """What the outputs need to know of a rule, so that they never import the rules."""

    code: str
    name: str
    severity: Severity  # its default
    summary: str
    documentation: str
    suggestion: str = ""
    internal_error: bool = False  # its findings mean citelint failed (exit 2)
    baselined: bool = True  # a baseline may record and hide its findings

    @classmethod
    def of(cls, rule: _Declares) -> RuleFacts:
        """The facts a rule class declares (read off its attributes)."""
        return cls(
            rule.code,
            rule.name,
            rule.severity,
            rule.summary,
            rule.documentation(),
            rule.suggestion,
            rule.internal_error,
            rule.baselined,
        )


@dataclass(frozen=True, slots=True)
class CitedSpan:
    anchor: str
    path: str
    where: str  # locator and lines, for people
    excerpt: str
    problem: str = ""  # why the anchor did not resolve
    style: str = "anchor"  # how the report cites it: an anchor, or a citation style
    fetched: str = ""  # "fetched from <URL> on <date>" when `citelint fetch` saved it


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    id: int
    line: int
    column: int
    text: str
    fact_bearing: bool
    tokens: tuple[str, ...]
    anchors: tuple[str, ...]
    spans: tuple[CitedSpan, ...]
    missing: tuple[str, ...]
    codes: tuple[str, ...]
    verdict: str  # ok (supported) | warn | fail | unchecked | none (not fact-bearing)
    block: int  # claims of one block are shown together
    # where the saved sources hold the claim (repair hints): (anchor and place, excerpt)
    found_in: tuple[tuple[str, str], ...] = ()
    evidence: str = ""  # the source sentence(s) its relations were checked against
    # where that window is (`sources/pubmed/1.xml › abstract`) and the share of the
    # claim's content words it holds (0–100), so a reviewer can sort by it
    evidence_at: str = ""
    coverage: int | None = None  # None: no window was measured
    judged: str = ""  # supported | unsupported | unchecked; "" when the counts leave it out
    # the judge's replayed verdict: (verdict, model, quote, reason, the evidence it read)
    judge: tuple[str, str, str, str, str] | None = None
    unchecked_because: str = ""  # why an unchecked claim was not checked


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
    supported: int = 0  # claims whose window was found and every check passed
    text: str | None = None  # the decoded report, kept only when a fix can edit it
    records: tuple[ClaimRecord, ...] = ()
    anchors_without_locator: tuple[str, ...] = ()
    citations: tuple[tuple[str, int], ...] = ()  # citations per style, besides anchors
    origin: str = ""  # the real file that was read, for `--fix`; empty for text given
    lines: tuple[tuple[int, str], ...] = ()  # (number, text) of the lines findings point at
    relations: tuple[int, int] = (0, 0)  # cited sentences (checked, abstained), CL106–CL109
    unsupported: int = 0  # claims a finding says their source does not back
    unchecked: int = 0  # claims nothing could be checked for
    by_judge: int = 0  # of the supported: by a replayed verdict of `citelint judge`
    # the cited saved files no fetch record vouches for (as outputs show them)
    unrecorded: tuple[str, ...] = ()

    @property
    def verified(self) -> int:
        """The supported claims, under the name JSON version 1 gave them."""
        return self.supported


@dataclass(frozen=True)
class Result:
    files: tuple[FileResult, ...]
    rules: tuple[RuleFacts, ...] = ()  # the enabled rules
    # every registered rule by code (the runner fills it from the registry's CATALOG; the
    # Result never imports the rules)
    catalog: Mapping[str, RuleFacts] = field(default_factory=dict)
    severities: Mapping[str, Severity] = field(default_factory=dict)  # effective, by code
    fail_on: str = "critical"
    notes: tuple[str, ...] = ()
    shard: tuple[int, int] | None = None  # the K-th of N shards this run linted
    sarif_max_results: int = 5000  # code scanning rejects runs with more than 25,000
    sarif_category: str | None = None  # automationDetails.id, when asked for
    # where a report path can be read on the forge at the commit linted, with a trailing
    # `/` (`https://github.com/o/r/blob/<sha>/`): the job summary links findings there
    blob_url: str | None = None
    fail_on_unchecked: bool = False  # an unchecked claim fails the run too
    told: tuple[str, ...] = ()  # notes every run shows, `-v` or not (what --isolated passed over)
    diagnostics: tuple[Diagnostic, ...] = field(init=False)  # every file's, sorted once

    def __post_init__(self) -> None:
        every = (d for f in self.files for d in f.diagnostics)
        object.__setattr__(self, "diagnostics", tuple(sorted(every, key=lambda d: d.sort_key)))

    def fact(self, code: str) -> RuleFacts:
        """A rule's facts, by code."""
        return self.catalog[code]

    def severity(self, code: str) -> Severity:
        return self.severities.get(code) or self.fact(code).severity

    def per_rule(self) -> list[tuple[str, Severity, int]]:
        """Findings per rule at the severity each was reported at, most severe first: a
        rule's finding demoted to a warning (CL011 on a source no claim rests on) is
        counted as the warning it is, never at the rule's own severity."""
        counts: dict[tuple[str, Severity], int] = {}
        for d in self.diagnostics:
            counts[d.code, d.severity] = counts.get((d.code, d.severity), 0) + 1
        ordered = sorted(counts.items(), key=lambda kv: (kv[0][0], -kv[0][1].rank))
        return [(code, severity, n) for (code, severity), n in ordered]

    @property
    def internal_error(self) -> bool:
        return any(self.fact(d.code).internal_error for d in self.diagnostics)

    def failed(self, fail_on: str | None = None) -> bool:
        level = fail_on or self.fail_on
        if self.fail_on_unchecked and any(f.unchecked for f in self.files):
            return True
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
            "supported_claims": sum(f.supported for f in self.files),
            "supported_by_judge": sum(f.by_judge for f in self.files),
            "unsupported_claims": sum(f.unsupported for f in self.files),
            "unchecked_claims": sum(f.unchecked for f in self.files),
            # deprecated: the supported claims, as JSON version 1 named them
            "verified_claims": sum(f.supported for f in self.files),
            "by_severity": dict(sorted(by_severity.items())),
            "by_rule": dict(sorted(by_rule.items())),
        }
