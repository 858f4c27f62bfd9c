"""A case closed by its source: a section the report names as one case (`### 案例1：联宝科技`,
`### Case 2: …`, `#### Case study 3`) whose citations all stand at its end — its last block
closing on them (`**启示**：… （[来源：钛媒体](…)）`, a last list item's `…（[来源](…)）`) — is that
source's case. A reader reads its background, its measures and its list of results as the
source's, as a paragraph closed by a citation is read: the blocks above borrow the closing
citations. A case citing anywhere else keeps its reading (another block's own citations say
the case has more than one source), and so does a section not named a case — unless its
last block closes on its source named as such (`… benchmarks. [Source: The National WWII
Museum](…)`) and the report closes two sections or more that way: one source per section,
given at its end, is the report's way of citing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citelint.ground.document import Anchor, Block

# the case's name opens the heading, after its numbering: `案例1：`, `案例二`, `Case 3:`,
# `Case study 2 –`; `案例分析` (case analysis) names a chapter of several cases, not one
_CASE = re.compile(
    r"^\s*(?:\d+(?:\.\d+)*[.)）]?\s*)?"
    r"(?:(?:典型)?案例\s*[0-9一二三四五六七八九十]{1,3}(?![0-9])"
    r"|(?i:case(?:\s+study)?)\s*[0-9]{1,2}(?![0-9.]))"
    r"\s*(?:[:：.、—–-]|$|\s)"
)
# …or a section of any name whose last block closes on its source named as such, `…
# benchmarks. [Source: The National WWII Museum](…)`, in a report that closes two sections
# or more so: the report gives one source per section, at its end
_LABELLED = re.compile(
    r"(?:^|[.!?。！？)）]\s*)\W{0,2}(?P<label>sources?|来源|资料来源|出处)\s*[:：]", re.I
)
MIN_LABELLED = 2
MAX_CASE_BLOCKS = 40  # a case is a short section; a longer one is read block by block


def case_sections(blocks: Sequence[Block]) -> None:
    """Let the uncited blocks of a case closed by its source borrow the closing citations."""
    labelled = [i for i, b in enumerate(blocks) if _labelled_section(blocks, i)]
    sourced = set(labelled) if len(labelled) >= MIN_LABELLED else set()
    for i, heading in enumerate(blocks):
        if heading.kind != "heading" or heading.appendix:
            continue
        if not (_CASE.match(heading.text) or i in sourced):
            continue
        body = _body(blocks, i)
        if not body:
            continue
        lent = _closing(body[-1])
        if not lent or any(s.anchors and not s.borrowed for b in body[:-1] for s in b.sentences):
            continue  # no closing citation, or the case cites elsewhere too
        for block in body[:-1]:  # (a list closed by the citation has lent it already)
            if block.kind != "header-row":
                sentences = tuple(s if s.anchors else s.borrowing(lent) for s in block.sentences)
                object.__setattr__(block, "sentences", sentences)  # still being built


def _labelled_section(blocks: Sequence[Block], i: int) -> bool:
    """Whether the section under the heading at `i` closes on its source named as such: its
    last block's last sentence ends in links labelled `Source:` (`… benchmarks. [Source: The
    National WWII Museum](…)`), every citation of that sentence the label or after it."""
    if blocks[i].kind != "heading" or blocks[i].appendix:
        return False
    body = _body(blocks, i)
    if not body or not body[-1].sentences:
        return False
    last = body[-1].sentences[-1]
    lent = _closing(body[-1])
    return bool(lent) and any(
        all(a.end > last.offset_of(m.start("label")) for a in lent)
        for m in _LABELLED.finditer(last.text)
    )


def _body(blocks: Sequence[Block], i: int) -> list[Block]:
    """The blocks under the heading at `i`, to the next heading of its level or above; none
    when a subheading divides it or it runs long."""
    level = blocks[i].level
    body: list[Block] = []
    for k in range(i + 1, len(blocks)):  # (no copy of the rest: a heading costs its section)
        block = blocks[k]
        if block.kind == "heading" and block.level <= level:
            break
        if block.kind == "heading" or block.appendix or len(body) == MAX_CASE_BLOCKS:
            return []
        body.append(block)
    return body


def _closing(block: Block) -> tuple[Anchor, ...]:
    """The citations the block's last sentence closes on, when it names a source."""
    if not block.sentences:
        return ()
    last = block.sentences[-1]
    if last.borrowed:
        return ()
    return tuple(a for a in last.anchors if a.lends)
