"""The records that leave the linter: `Diagnostic` and the cited `SourceRef`."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum


def describe_lines(start: int, end: int | None) -> str:
    """`line 3` or `lines 3-7`: how every output names a line range."""
    return f"line {start}" if end is None or start == end else f"lines {start}-{end}"


class Severity(StrEnum):
    CRITICAL = "critical"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"critical": 3, "warning": 2, "info": 1}[self.value]


FAIL_LEVELS = ("critical", "warning", "info", "never")


def at_or_above(severity: Severity, fail_on: str) -> bool:
    if fail_on == "never":
        return False
    return severity.rank >= Severity(fail_on).rank


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where a cited span lives: file (relative to the project root), locator, lines."""

    path: str
    locator: str | None
    start_line: int | None = None
    end_line: int | None = None
    pointer: str | None = None
    fetched: str | None = None  # "fetched from <URL> on <date>", for a file fetch saved

    def describe(self) -> str:
        where = f"{self.path} › {self.locator}" if self.locator else self.path
        if self.start_line is not None and self.end_line is not None:
            where += f" ({describe_lines(self.start_line, self.end_line)})"
        elif self.pointer:
            where += f" ({self.pointer})"
        return where


@dataclass(frozen=True, slots=True)
class Edit:
    """A change to the report: replace [start, end) (code-point offsets of the decoded
    text) with `text`; the lines and columns are the same place for people and SARIF."""

    start: int
    end: int
    text: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Where the saved sources say what a claim states: an anchor to cite, the span it
    names, the claim's tokens it holds, and the edit that would cite it."""

    anchor: str  # as it would be written: `[pmid:10000001:results]`
    source: SourceRef
    tokens: tuple[str, ...]
    same_record: bool  # a locator of a record the claim already cites
    safe: bool  # `--fix` applies it; the others need `--unsafe-fixes`
    edit: Edit | None = None
    excerpt: str = ""  # the span around the claim's first token, for the HTML view

    def describe(self) -> str:
        return f"{self.anchor} ({self.source.describe()})"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str
    severity: Severity
    message: str
    claim: str | None = None
    anchors: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    sources: tuple[SourceRef, ...] = ()
    fingerprint: str = ""
    suggestions: tuple[Suggestion, ...] = ()  # where the evidence is (repair hints)
    nowhere: tuple[str, ...] = ()  # tokens no saved source holds
    evidence: str | None = None  # the source sentence(s) a relation was checked against
    coverage: int | None = None  # the share (0–100) of the claim's words that window holds

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)


def finding_id(code: str, path: str, subject: str) -> str:
    """Line-independent identity (DECISIONS O6): edits elsewhere keep a finding matched."""
    from citelint.ground.tokens import fold  # the token grammar, loaded with the engine, not before

    norm = fold(subject)
    return hashlib.sha256(f"{code}\0{path}\0{norm}".encode()).hexdigest()[:32]
