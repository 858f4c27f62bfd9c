"""Shared by CL002, CL003, CL006 and CL007: one finding per failed anchor occurrence."""

from __future__ import annotations

from collections.abc import Iterator

from citelint.read.analysis import Analysis
from citelint.rules.base import Finding
from citelint.sources.model import Failure, FailureKind


def failed_anchors(
    analysis: Analysis, code: str, kind: FailureKind | None, what: str
) -> Iterator[Finding]:
    for anchor in analysis.doc.anchors:
        result = analysis.resolutions.get(anchor)
        if isinstance(result, Failure) and result.kind is kind:
            yield Finding(
                code,
                anchor.start,
                anchor.end,
                f"{what} {anchor.text}: {result.message}",
                anchors=(anchor,),
                spans=(result,),
                subject=anchor.text,
            )
