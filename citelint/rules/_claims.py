"""Shared by the evidence rules: body claims with what they state and what they cite."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.document import Anchor, Document, Sentence
from citelint.evidence import Cited, Claim, cited
from citelint.rules.base import Context
from citelint.sources.model import Span


@dataclass(frozen=True, slots=True)
class BodyClaim:
    sentence: Sentence
    claim: Claim
    anchors: tuple[Anchor, ...]
    cited: Cited


def body_claims(doc: Document, ctx: Context) -> list[BodyClaim]:
    """Every body sentence (appendix units are not claims), with its covering anchors.

    Computed once per document and shared by the rules through the context.
    """
    key = f"body_claims:{id(doc)}"
    if key not in ctx.memo:
        ctx.memo[key] = list(_body_claims(doc, ctx))
    claims: list[BodyClaim] = ctx.memo[key]
    return claims


def _body_claims(doc: Document, ctx: Context) -> Iterator[BodyClaim]:
    block_scope = ctx.settings.anchor_scope == "block"
    for block in doc.blocks:
        if block.appendix or block.kind == "header-row":
            continue
        block_anchors = tuple(a for s in block.sentences for a in s.anchors)
        for sentence in block.sentences:
            anchors = block_anchors if block_scope else sentence.anchors
            yield BodyClaim(
                sentence,
                ctx.claims.read(sentence),
                anchors,
                cited(anchors, ctx.resolutions, ctx.settings.locator_optional_types),
            )


def describe_spans(spans: tuple[tuple[Anchor, Span], ...], ctx: Context) -> str:
    parts = []
    for anchor, span in spans:
        where = ctx.display(span.path)
        if span.start_line is not None:
            lines = (
                f"line {span.start_line}"
                if span.start_line == span.end_line
                else f"lines {span.start_line}-{span.end_line}"
            )
            where += f" {lines}"
        elif span.pointer:
            where += f" {span.pointer}"
        parts.append(f"{anchor.text} ({where})")
    return ", ".join(parts)


def unverifiable(cited: Cited, ctx: Context) -> tuple[bool, bool]:
    """(skip, report_as_unverifiable) for a claim whose anchors partly failed (X5).

    A failure finding that is emitted stands for the claim: no follow-on noise. A failure
    that is deselected or suppressed must not turn into a pass, so the claim's tokens are
    reported as unverifiable instead.
    """
    if not cited.failed:
        return False, False
    if all(f.code in ctx.emitted and not ctx.suppressed(f.code, a.start) for a, f in cited.failed):
        return True, False
    return False, True
