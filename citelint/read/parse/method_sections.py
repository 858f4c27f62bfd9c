"""A method section that is the report's own account: a section the report names as its
method or scope (`## Methodology`, `## 1) 研究口径、筛选规则与局限`) and opens by naming itself
(`This comprehensive review employed …`, `… 本回答在…的前提下`) or by saying what was done
(`Items provided were consolidated …`) states no claim about the world — its sentences are
muted for CL001, CL101 and CL111; its citations still cite. So is the summary an agent's
transcript gives of its own research, a list under a paragraph that opens by narrating the
research and ends in a colon (`I'll conduct comprehensive web research …Based on my
comprehensive web research, I now have sufficient insights … I've gathered evidence on:` /
`1. … including 30-day retention …`): the notes of the search, restated in the body they
precede, and deleted with the transcript (CL204 asks it). So is a model's thinking left
above the report, closed by a `</think>` tag its markup hides (`Need include "0.027 dB/cm"
from latitudeds. … Let's write.</think># …`): its notes are deleted, not cited (CL204 asks
it, `leaked_reasoning`). Also here: a heading's name as read for it and for the appendix
(`NUMBERING`, `LEAD_TRAIL_PUNCT`)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from citelint.ground.document import Block
from citelint.ground.tokens import fold
from citelint.read.voice import OWN_ACCOUNT, research_narrations

# a heading's numbering (`1.2`, `1)`, `第三章`, `A.`, `IV.`) and what trails its name
NUMBERING = re.compile(
    r"^\s*(?:第[一二三四五六七八九十百零0-9]+[章节部分篇]|[0-9]+(?:\.[0-9]+)*[.)）]?|[A-Za-z][.)]|"
    r"[IVXLC]+\.)\s*"
)
LEAD_TRAIL_PUNCT = re.compile(r"[:：\s]+$")


# A section the report names as its method and opens by naming itself (`## Methodology` /
# `This comprehensive review employed a multi-database search strategy …`) is its account
# of its own search (queries, years searched, a coverage matrix), not a claim about the
# world: its sentences state no claim, its citations still cite.
_METHOD_NAMES = frozenset(
    ("method", "methods", "methodology", "research methodology", "research methods",
     "search strategy", "scope", "research scope", "研究方法", "方法", "方法论", "研究口径",
     "口径", "口径说明", "研究范围")
)  # fmt: skip
# …named first among others (`## 1) 研究口径、筛选规则与局限（先把“可比性”说清楚）`,
# `## Scope and method`): the name before the first separator
_METHOD_PART = re.compile(r"[、，,/&（(]|与|和|及|\band\b")


# …or that opens by saying what was done, a method verb in the passive or as a bare
# participle (`Items provided were consolidated into …`, `Synthesized only from the
# provided items.`, `Only statements supported by the provided items are included, …`): the
# report's own process, as dls writes its `## 2. Methodology`
_METHOD_OPENING = re.compile(
    r"\W*(?:(?:[\w\u2010-]+\s+){1,8}(?:was|were|are|is|has\s+been|have\s+been)\s+(?:\w+\s+)?)?"
    r"(?:compiled|consolidated|synthesi[sz]ed|summari[sz]ed|organi[sz]ed|searched|screened|"
    r"selected|extracted|collected|gathered|retrieved|included|excluded)\b",
    re.I,
)
# …or whose first paragraph names the report itself (`**时间范围**：近10年按“2016–2026.02” … 本回答
# 在不违背…的前提下：`, `In this report, …`); never `this study` or `本研究`, which may be a
# cited one
_NAMES_ITSELF = re.compile(
    r"本(?:回答|报告|文|分析|综述)|\bthis\s+(?:report|review|answer|analysis)\b", re.I
)
_NAMES_ITSELF_WITHIN = 400  # how far into that paragraph


def own_words(blocks: Sequence[Block], text: str) -> None:
    """Mark what the report says of its own doing, no claim about the world: a method
    section that names itself, an agent's summary of its search, a model's thinking."""
    own_accounts(blocks)
    transcript_notes(blocks)
    thinking_notes(blocks, text)


def own_accounts(blocks: Sequence[Block]) -> None:
    """Mark the blocks of each method section whose first paragraph names the report (the
    blocks are still being built: the flag is set once, here)."""
    level: int | None = None  # the method heading's, once its section is the report's own
    pending: int | None = None  # a method heading's, before its first paragraph is read
    for block in blocks:
        if block.kind == "heading":
            if level is not None and block.level <= level:
                level = None
            name = fold(NUMBERING.sub("", block.text, count=1)).strip(" *#")
            pending = block.level if _method_heading(LEAD_TRAIL_PUNCT.sub("", name)) else None
            continue
        opens = (
            OWN_ACCOUNT.match(block.text)
            or _METHOD_OPENING.match(block.text)
            or _NAMES_ITSELF.search(block.text, 0, _NAMES_ITSELF_WITHIN)
        )
        if pending is not None and level is None and opens:
            level = pending
        pending = None
        if level is not None:
            object.__setattr__(block, "own_account", True)


def transcript_notes(blocks: Sequence[Block]) -> None:
    """Mark the items of each list led by a paragraph that opens by narrating the writer's
    research and ends in a colon: the transcript's summary of its own search."""
    notes = False
    for block in blocks:
        if block.kind == "li":
            if notes:
                object.__setattr__(block, "own_account", True)
            continue
        text = block.text.rstrip()
        found = research_narrations(text) if block.kind == "p" else []
        notes = bool(found) and not text[: found[0][0]].strip() and text.endswith((":", "："))


def _method_heading(name: str) -> bool:
    return name in _METHOD_NAMES or _METHOD_PART.split(name, 1)[0].strip() in _METHOD_NAMES


_THINK_CLOSE = re.compile(r"</think\s*>", re.I)
_THINK_OPEN = re.compile(r"<think\s*>", re.I)


def leaked_reasoning(text: str, blocks: Sequence[Block]) -> tuple[int, int] | None:
    """Where a model's thinking sits in the report `text`: from its `<think>` tag (else the
    first prose block) to the first `</think>` tag a prose block's markup hides — not shown
    as text, not in a code span (a mention)."""
    prose = [b for b in blocks if not b.appendix]  # in the report's order
    starts = [b.start for b in prose]
    shown: dict[int, bool] = {}  # whether a block shows the tag as text, read once each
    upto = ticks = 0  # the backticks on the tag's line so far, counted once each
    for m in _THINK_CLOSE.finditer(text):
        line = text.rfind("\n", upto, m.start())
        if line >= 0:
            upto, ticks = line + 1, 0
        ticks, upto = ticks + text.count("`", upto, m.start()), m.start()
        at = bisect_right(starts, m.start()) - 1  # the block the tag may sit in
        block = prose[at] if at >= 0 else None
        if block is None or m.start() >= block.offsets.end(len(block.text)):
            continue  # between blocks: in code, or markup of no prose
        if at not in shown:
            shown[at] = _THINK_CLOSE.search(block.text) is not None
        if shown[at] or ticks % 2:
            continue  # shown as text or in a code span: a mention
        opened = _THINK_OPEN.search(text, 0, m.start())
        return (opened.start() if opened else prose[0].start), m.end()
    return None


def thinking_notes(blocks: Sequence[Block], text: str) -> None:
    """Mark the blocks of a model's leaked thinking that end before its `</think>` tag: the
    notes are deleted with it, their figures asked of no source (the block holding the tag
    is read as before)."""
    found = leaked_reasoning(text, blocks) if "</" in text else None
    if found is None:
        return
    for block in blocks:
        if block.start >= found[0] and block.offsets.end(len(block.text)) <= found[1]:
            object.__setattr__(block, "own_account", True)
