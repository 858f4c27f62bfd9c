"""Suppression comments, applied after every rule ran (OUTPUTS.md, DECISIONS X1, O2).

    <!-- citelint-disable-next-line CL101 -- rounded in the abstract -->
    <!-- citelint-disable CL001 CL004 --> … <!-- citelint-enable CL001 CL004 -->
    <!-- citelint-disable-file CL203 -->
    <p data-citelint-ignore="CL001 CL101"> … </p>

A directive covers findings of its codes whose start lies in its scope. Which codes can
never be suppressed is each rule's own declaration (`Rule.suppressible`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from citelint.ground.document import Directive, Document
from citelint.rules.base import Finding


@dataclass(frozen=True, slots=True)
class Scope:
    directive: Directive
    codes: frozenset[str]
    start: int
    end: int

    def covers(self, code: str, offset: int) -> bool:
        return code in self.codes and self.start <= offset < self.end


def scopes(doc: Document) -> list[Scope]:
    """The report ranges each well-formed directive covers."""
    found: list[Scope] = []
    units = sorted(
        [(b.start, b.offsets.end(len(b.text))) for b in doc.blocks]
        + [(m.start, m.body_start + len(m.source)) for m in doc.mermaid]
    )
    open_regions: dict[str, Directive] = {}
    for d in doc.directives:
        if d.error or not d.codes:
            continue
        codes = frozenset(d.codes)
        if d.kind == "disable-next-line":
            unit = next(((s, e) for s, e in units if s >= d.end), None)
            if unit is not None:
                found.append(Scope(d, codes, unit[0], unit[1] + 1))
            else:
                found.append(Scope(d, codes, d.end, d.end))
        elif d.kind == "disable-file":
            found.append(Scope(d, codes, 0, len(doc.text) + 1))
        elif d.kind == "ignore-subtree":
            found.append(Scope(d, codes, d.start, d.end))
        elif d.kind == "disable":
            for code in d.codes:
                open_regions[code] = d
        elif d.kind == "enable":
            for code in d.codes:
                opener = open_regions.pop(code, None)
                if opener is not None:
                    found.append(Scope(opener, frozenset({code}), opener.end, d.start))
    for code, opener in open_regions.items():
        found.append(Scope(opener, frozenset({code}), opener.end, len(doc.text) + 1))
    return found


@dataclass(frozen=True)
class Suppressions:
    """The active scopes of one report, and the codes no comment may suppress."""

    active: tuple[Scope, ...]
    never: frozenset[str]

    def suppressed(self, code: str, offset: int) -> bool:
        return code not in self.never and any(s.covers(code, offset) for s in self.active)

    def apply(
        self, findings: Iterable[Finding], emitted: frozenset[str]
    ) -> tuple[list[Finding], list[Directive]]:
        """Findings left after suppression, and the directives that suppressed nothing.

        A directive naming only rules that are not selected is not "unused": it may serve a
        run with another selection.
        """
        used: set[int] = set()
        kept: list[Finding] = []
        for finding in findings:
            hits = [
                i
                for i, s in enumerate(self.active)
                if finding.code not in self.never and s.covers(finding.code, finding.start)
            ]
            if hits:
                used.update(hits)
            else:
                kept.append(finding)
        used_directives = {id(self.active[i].directive) for i in used}
        unused = {
            id(s.directive): s.directive
            for s in self.active
            if id(s.directive) not in used_directives and s.codes & emitted
        }
        return kept, list(unused.values())
