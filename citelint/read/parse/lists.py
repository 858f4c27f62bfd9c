"""Lists as reports write them: a list closed by its citation covers its items.

Deep-research reports introduce a list with a lead-in that ends in a colon and put the
citation on the list's last item: `A 2024 meta-analysis reported probiotics reduced:` /
`- surgical site infection (OR 0.44)` / … / `- antibiotic days [[61]](https://…).` The
items before the last one cite nothing of their own, yet the last item's citation is
the list's. They (and the lead-in's last sentence) borrow it: their numbers, codes and
drugs are checked against it (never exempted), and they make no CL111 statement of it.
Only citations in a report's own styles are shared; an anchor is written per sentence
on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence

from citelint.ground.document import Block

_LEAD_END = (":", "：")


def closing_citations(blocks: Sequence[Block]) -> None:
    """Let the uncited items of each list led in by a colon borrow the citations its last
    item closes with (the blocks are still being built: their sentences are set here)."""
    i = 0
    while i < len(blocks):
        lead = blocks[i]
        if not _leads_in(lead):
            i += 1
            continue
        j = i + 1
        while j < len(blocks) and _item_of(blocks[j], lead):
            j += 1
        if j - i >= 3:  # a lead-in and at least two items
            _borrow(lead, blocks[i + 1 : j])
        i = max(j, i + 1)


def _leads_in(block: Block) -> bool:
    if not block.sentences or block.kind not in ("p", "li"):
        return False
    return block.sentences[-1].text.rstrip().endswith(_LEAD_END)


def _item_of(block: Block, lead: Block) -> bool:
    """Whether `block` is an item of the list `lead` introduces (no shallower, when the
    lead-in is an item itself: nested items are not always told apart by level)."""
    return block.kind == "li" and (lead.kind != "li" or block.level >= lead.level)


def _borrow(lead: Block, items: Sequence[Block]) -> None:
    last = items[-1].sentences[-1] if items[-1].sentences else None
    closing = tuple(a for a in last.anchors if a.is_citation) if last is not None else ()
    if not closing or any(s.anchors for b in items[:-1] for s in b.sentences):
        return  # nothing closes it, or the items cite on their own
    introducing = lead.sentences[-1]
    for block in (lead, *items):
        sentences = tuple(
            s if s.anchors or (block is lead and s is not introducing) else s.borrowing(closing)
            for s in block.sentences
        )
        # (the frozen block is still being built: its sentences are set once, here)
        object.__setattr__(block, "sentences", sentences)
