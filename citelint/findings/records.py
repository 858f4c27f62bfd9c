"""Claim records: what each claim states, what it cites, and its verdict.

The linter builds them once per report so that the audit contract and the HTML audit
view are pure functions of the lint result.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from citelint.evidence.judged import Judgement
from citelint.evidence.support import support
from citelint.evidence.windows import coverage
from citelint.outputs.diagnostic import Diagnostic, Severity, describe_lines
from citelint.outputs.result import CitedSpan, ClaimRecord
from citelint.read.analysis import Analysis, BodyClaim
from citelint.rules.verdicts import Verdict, Verdicts
from citelint.sources.model import Failure, Span

EXCERPT = 300  # characters kept on each side of the first matched token (DECISIONS I6)
MAX_NEEDLES = 20
MAX_SPANS = 20


def verdict(fact_bearing: bool, diagnostics: Sequence[Diagnostic]) -> str:
    if any(d.severity is Severity.CRITICAL for d in diagnostics):
        return "fail"
    if diagnostics:
        return "warn"
    return "ok" if fact_bearing else "none"


def _checked(found: str, judged: Verdict | None) -> str:
    """Green only for a supported claim: one with no finding of its own is `unchecked`
    when nothing could be checked (a source not saved, no window), `warn` when a finding
    elsewhere (one CL011 for a whole report) says its source does not back it; the view
    agrees with the summary's counts (citelint/rules/verdicts.py)."""
    if found not in ("ok", "none") or judged is None:
        return found
    return {Verdict.SUPPORTED: "ok", Verdict.UNCHECKED: "unchecked"}.get(judged, "warn")


def excerpt(text: str, tokens: Sequence[str]) -> str:
    hits = [text.find(t) for t in tokens if t and text.find(t) >= 0]
    if not hits:
        return text[: 2 * EXCERPT] + ("…" if len(text) > 2 * EXCERPT else "")
    at = min(hits)
    start, end = max(0, at - EXCERPT), min(len(text), at + EXCERPT)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def build(
    analysis: Analysis, diagnostics: Sequence[Diagnostic], judged: Verdicts
) -> tuple[ClaimRecord, ...]:
    doc = analysis.doc
    block_ids = {id(b): i for i, b in enumerate(doc.blocks)}
    ordered = sorted(diagnostics, key=lambda d: (d.line, d.column))
    places = [(d.line, d.column) for d in ordered]
    records = []
    shown: dict[str, str] = {}  # source paths as displayed, each worked out once
    for n, item in enumerate(analysis.claims):
        s = item.sentence
        first, last = doc.position(s.start), doc.position(s.end)
        inside = ordered[bisect.bisect_left(places, first) : bisect.bisect_right(places, last)]
        claim = item.claim
        tokens = tuple(
            dict.fromkeys(
                [t.text for t in claim.numbers + claim.dates]
                + [e.text for e in claim.entities]
                + [d.name for d in claim.drugs]
            )
        )
        records.append(
            ClaimRecord(
                id=n,
                line=first[0],
                column=first[1],
                text=s.text,
                fact_bearing=claim.fact_bearing,
                tokens=tokens,
                anchors=tuple(a.text for a in item.anchors),
                spans=_cited_spans(item, analysis),
                missing=tuple(dict.fromkeys(m for d in inside for m in d.missing)),
                codes=tuple(sorted({d.code for d in inside})),
                verdict=_checked(verdict(claim.fact_bearing, inside), judged.of.get(n)),
                block=block_ids.get(id(s.block), 0),
                judged=judged.of[n].value if n in judged.of else "",
                unchecked_because=judged.why.get(n, ""),
                judge=_judge(analysis.judged.get(s.start)),
                found_in=tuple(
                    dict.fromkeys((h.describe(), h.excerpt) for d in inside for h in d.suggestions)
                ),
                **_window(analysis, item, shown),
            )
        )
    return tuple(records)


def _judge(found: Judgement | None) -> tuple[str, str, str, str, str] | None:
    """The judge's verdict as the outputs show it, the evidence it read squeezed."""
    if found is None:
        return None
    evidence = " ".join(found.evidence.split())
    return (found.verdict, found.model, found.quote, found.reason, evidence)


def _window(analysis: Analysis, item: BodyClaim, shown: dict[str, str]) -> dict[str, Any]:
    """The claim's window, where it is and how much of the claim's words it holds."""
    relations = item.relations
    if relations is None or relations.evidence is None:
        return _measured(analysis, item, shown)
    found = relations.evidence
    path = found.span.path
    if path and path not in shown:
        shown[path] = analysis.display(path)
    where = shown[path] if path else "the quote"
    if found.span.locator:
        where += f" › {found.span.locator}"
    return {
        "evidence": found.text[: 2 * EXCERPT],
        "evidence_at": where,
        "coverage": coverage(item.said, found.text),
    }


def _cited_spans(item: BodyClaim, analysis: Analysis) -> tuple[CitedSpan, ...]:
    """Each distinct anchor of a claim once, with an excerpt around its first tokens.

    A claim may repeat one anchor many times; the excerpt looks for the first few tokens
    only, and at most MAX_SPANS anchors are shown.
    """
    needles = list(
        dict.fromkeys(
            core(t)
            for t in [t.text for t in item.claim.numbers] + [e.text for e in item.claim.entities]
        )
    )[:MAX_NEEDLES]
    spans: dict[str, CitedSpan] = {}
    for anchor in item.anchors:
        if anchor.text in spans:
            continue
        result = analysis.resolutions.get(anchor)
        if isinstance(result, Span):
            where = result.locator or "whole source"
            if result.start_line is not None:
                where += f", {describe_lines(result.start_line, result.end_line)}"
            path = analysis.display(result.path) if result.path else "its quote (page not saved)"
            spans[anchor.text] = CitedSpan(
                anchor.text,
                path,
                where,
                excerpt(result.text, needles),
                style=anchor.style,
                fetched=analysis.fetched.get(result.path, ""),
            )
        elif isinstance(result, Failure):
            path = analysis.display(result.path) if result.path else ""
            spans[anchor.text] = CitedSpan(
                anchor.text, path, "", "", result.message, style=anchor.style
            )
        if len(spans) >= MAX_SPANS:
            break
    return tuple(spans.values())


def core(token: str) -> str:
    """The number inside a token as written (`4.8 months` → `4.8`), for finding it."""
    digits = "".join(ch for ch in token if ch.isdigit() or ch in ".,")
    return digits.strip(".,") or token


def _measured(analysis: Analysis, item: BodyClaim, shown: dict[str, str]) -> dict[str, Any]:
    """A cited statement with no window of its numbers: CL111's window and coverage
    (its words weighed by their rarity in the source), so a reviewer can sort by it."""
    spans = [span for _, span in item.cited.located if span.path]
    if not item.statement or not spans or item.cited.failed:
        return {}
    found = support(item.said, [analysis.evidence.index(span).page for span in spans])
    window = found.main if found is not None else None
    if found is None or window is None:
        return {}
    span = spans[window.source]
    if span.path not in shown:
        shown[span.path] = analysis.display(span.path)
    where = shown[span.path] + (f" › {span.locator}" if span.locator else "")
    return {
        "evidence": window.text[: 2 * EXCERPT],
        "evidence_at": where,
        "coverage": round(100 * found.coverage),
    }
