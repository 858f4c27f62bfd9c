"""Shared by CL105 and CL110: a finding at each reference entry and each inline citation
whose record carries a registry's notice (a retraction, an expression of concern)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from citelint.ground.document import Anchor
from citelint.read.analysis import Analysis
from citelint.read.citations.resolve import Record
from citelint.rules.base import Finding


def notice_findings(
    analysis: Analysis,
    code: str,
    what: str,
    of_record: Callable[[Record], str],
    of_citations: Mapping[Anchor, str],
) -> Iterator[Finding]:
    """`what` says what the record is (`a retracted record`); `of_record` is an entry
    record's notice, `of_citations` the inline citations' ("" or absent: none)."""
    for entry, record in analysis.entry_records():
        notice = of_record(record)
        if notice:
            yield Finding(
                code,
                entry.start,
                entry.end,
                f"reference [{entry.key}] cites {what} {record.target} ({notice})",
                spans=(record.resolution,),
                subject=f"[{entry.key}] {record.target}",
            )
    for anchor, notice in of_citations.items():
        yield Finding(
            code,
            anchor.start,
            anchor.end,
            f"{anchor.text} cites {what} ({notice})",
            anchors=(anchor,),
            subject=anchor.text,
        )
