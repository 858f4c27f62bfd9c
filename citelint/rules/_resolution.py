"""Shared by CL002, CL003, CL006 and CL007: one finding per failed anchor occurrence."""

from __future__ import annotations

from collections.abc import Iterator

from citelint.document import Document
from citelint.rules.base import Context, Finding
from citelint.sources.model import Failure


def failed_anchors(doc: Document, ctx: Context, code: str, what: str) -> Iterator[Finding]:
    for anchor in doc.anchors:
        result = ctx.resolutions.get(anchor)
        if isinstance(result, Failure) and result.code == code:
            yield Finding(
                code,
                anchor.start,
                anchor.end,
                f"{what} {anchor.text}: {result.message}",
                anchors=(anchor,),
                spans=(result,),
                subject=anchor.text,
            )
