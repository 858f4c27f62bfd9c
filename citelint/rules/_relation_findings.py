"""Shared by CL106–CL109: each checked claim with its relations, and a finding's shape."""

from __future__ import annotations

from collections.abc import Iterator

from citelint.evidence.relations import Relations
from citelint.evidence.windows import coverage
from citelint.ground.tokens import blank, mask_anchors
from citelint.read.analysis import Analysis, BodyClaim
from citelint.rules.base import Finding

QUOTE = 240  # characters of the evidence a message quotes


def checked(analysis: Analysis) -> Iterator[tuple[BodyClaim, Relations]]:
    """Claims whose evidence was found (an abstention yields nothing)."""
    for item in analysis.claims:
        if item.cited.located and not item.cited.failed:
            relations = analysis.relations(item)
            if relations.evidence is not None:
                yield item, relations


def quote(relations: Relations) -> str:
    assert relations.evidence is not None
    text = " ".join(relations.evidence.text.split())
    return text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"


def finding(code: str, item: BodyClaim, relations: Relations, at: int, message: str) -> Finding:
    assert relations.evidence is not None
    s = item.sentence
    return Finding(
        code,
        s.offset_of(at),
        s.end,
        f"{message}; the source says: “{quote(relations)}”",
        claim=s.text,
        anchors=item.anchors,
        spans=(relations.evidence.span,),
        subject=s.text + code,
        evidence=relations.evidence.text,
        coverage=coverage(blank(mask_anchors(s.text), s.masks), relations.evidence.text),
    )
