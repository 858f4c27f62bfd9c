"""Lists as reports write them: a list cited once covers its items.

Deep-research reports cite a list once. They introduce it with a lead-in that ends in a
colon and put the citation on the list's last item: `A 2024 meta-analysis reported
probiotics reduced:` / `- surgical site infection (OR 0.44)` / … / `- antibiotic days
[[61]](https://…).` — the items before the last one, and the lead-in's last sentence,
borrow the last item's citation. A list with no such lead-in, cited on its last item
only, lends it to its items (the group the citation closes), not to the paragraph before
it. A list cited on its first item only lends the first item's citation to the items
after it that continue its subject (a name they share with it, as `ties.py` reads names:
`- KEYNOTE-048 enrolled 882 patients [1].` / `- In KEYNOTE-048, grade 3 events were
55%.`); an item about something else keeps asking for its own. The items of a list are
its siblings: a nested list is a list of its own, led in by the item above it when that
item ends in a colon; an item's depth is its marker's column (`- **Label**:` over `  - item`),
not where its text begins. A sentence written across a list — a lead-in, the items, then a
paragraph in lower case that ends it (`… reduced:` / `- stroke risk by 14%` / `with no
increase in adverse events [3].`) — is cited by that paragraph's citation, lead-in and
items alike. Borrowers are checked against the citation (never exempted) and
make no CL111 statement of it. Only citations in a report's own styles are shared; an
anchor is written per sentence on purpose, and a list whose items cite on their own
lends nothing to the others — though a lead-in over items that each cite borrows them all
(`“中等收入群体超过4亿”…出现在多个权威文本/讲话中：` / `- 讲话…超过4亿人[61]` / …), as one over
cited paragraphs does. A lead-in that only names the list (`Chen et al. reported … [7].
Key results:`) lends the citation of the sentence before it: the list reports that work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citelint.ground.document import Anchor, Block, Sentence
from citelint.read.parse.attach import strip_anchors
from citelint.read.parse.ties import names, points_back_at

_LEAD_END = (":", "：")
# `Key results:`, `主要发现：`: a colon sentence this short, with no figure, only names the list
_LABEL_WORDS = 6
_LABEL_CHARS = 48


def lead_in_anchors(
    sentences: Sequence[Sentence], before: Sentence | None = None
) -> tuple[Anchor, ...]:
    """The citations a paragraph ending in a colon lends the list or table under it: its
    last sentence's, or, when that sentence only names what follows (`Chen et al.
    reported a directional ALE process … [7]. Key results:`), the sentence's before it —
    the list reports the cited work; and when that sentence cites nothing but the paragraph
    opens by pointing back at `before`, the last sentence of the paragraph above (`The
    current sharing mechanism … . Results show:` under a paragraph on current sharing that
    closes on `([Imani et al., 2015](…))`). Empty when the paragraph does not end in a
    colon."""
    if not sentences:
        return ()
    last = sentences[-1]
    bare = strip_anchors(last.text)
    if not bare.endswith(_LEAD_END):
        return ()
    if last.anchors or len(sentences) < 2:
        return last.anchors
    label = len(bare.split()) <= _LABEL_WORDS and len(bare) <= _LABEL_CHARS
    if not label or any(c.isdigit() for c in bare):
        return ()
    if sentences[-2].anchors:
        return sentences[-2].anchors
    if before is not None and before.anchors and points_back_at(sentences[0].text, before.text):
        return tuple(a for a in before.anchors if a.lends)
    return ()


def closing_citations(blocks: Sequence[Block], text: str | None = None) -> None:
    """Let the uncited items of each list borrow the citation it is cited by (the blocks
    are still being built: their sentences are set here). In Markdown (`text` given) an
    item's column tells its depth: `  - a sub-item` under `- a lead-in:` is nested, and
    the next `- item` at the lead-in's column closes the sub-list; a loose list's items
    (paragraphs on a marker's line, a blank line between them) are items too."""
    open_lists: list[tuple[int, Block | None, list[Block]]] = []  # (depth, lead, items)
    led: Block | None = None  # an item whose sub-list just closed: it led that one
    for i, block in enumerate(blocks):
        if not _is_item(block, text):
            for _, lead, items in reversed(open_lists):
                _borrow(lead, items)
                _continued(lead, items, block)
            open_lists, led = [], None
            continue
        depth = block.level if text is None else marker_column(text, block)
        while open_lists and open_lists[-1][0] > depth:  # a shallower item ends them
            _, led, items = open_lists.pop()
            _borrow(led, items)
        if open_lists and open_lists[-1][0] == depth:
            items = open_lists[-1][2]
            if _leads_in(items[-1]) and items[-1] is not led:  # `- Main barriers:` leads
                # in what follows; nested items are not always indented, so its list runs on
                open_lists.append((depth, items[-1], [block]))
            else:
                items.append(block)
            led = None
            continue
        before = blocks[i - 1] if i else None
        lead = before if before is not None and _leads_in(before) else None
        open_lists.append((depth, lead, [block]))
        led = None
    for _, lead, items in reversed(open_lists):
        _borrow(lead, items)


def _is_item(block: Block, text: str | None) -> bool:
    """A list item, or in Markdown a loose list's item: a paragraph on a marker's line."""
    if block.kind == "li":
        return True
    return text is not None and block.kind == "p" and on_marker(text, block)


# `- `, `1. `, `2) ` before it, and the emphasis its first words open with (`1. **`)
_MARKER = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+[*_]{0,3}")


def on_marker(text: str, block: Block) -> bool:
    line = text.rfind("\n", 0, block.start) + 1
    return _MARKER.fullmatch(text, line, block.start) is not None


def marker_column(text: str, block: Block) -> int:
    """The column of the item's list marker: where its text begins would put `- **Label**：`
    (text at column 4) as deep as the `  - item` under it (text at column 4 too)."""
    line = text.rfind("\n", 0, block.start) + 1
    indent = _INDENT.match(text, line, block.start)
    return (indent.end() if indent else line) - line


_INDENT = re.compile(r"(?:[ \t]*>)*[ \t]*")  # a quote's `>` and the spaces before a marker


def flattened_lead_ins(blocks: Sequence[Block]) -> None:
    """A lead-in over paragraphs that each cite, two or more (a list a text export wrote as
    paragraphs: OpenAI's `.txt`, `Key conclusions from the last ~15 years of literature:` /
    `The prevalence … is heterogeneous … [4]` / `Where functional impact is clearest … [5]`):
    its last sentence borrows their citations, as a list's lead-in borrows the list's."""
    for i, block in enumerate(blocks):
        if block.kind != "p" or not _leads_in(block) or block.sentences[-1].anchors:
            continue
        lent: dict[tuple[str, str, str | None], Anchor] = {}  # each source once
        items = 0
        for after in blocks[i + 1 : i + 1 + MAX_FLAT_ITEMS]:
            cites = _citations(after) if after.kind == "p" else ()
            if not cites:
                break
            items += 1
            for a in cites:
                lent.setdefault((a.type, a.id, a.locator), a)
        if items >= MIN_FLAT_ITEMS:
            last = block.sentences[-1].borrowing(tuple(lent.values()))
            object.__setattr__(block, "sentences", (*block.sentences[:-1], last))


MIN_FLAT_ITEMS = 2  # one cited paragraph after a colon is a paragraph, not a list
MAX_FLAT_ITEMS = 50  # the items a lead-in borrows from, at most


def _leads_in(block: Block) -> bool:
    if not block.sentences or block.kind not in ("p", "li"):
        return False
    return block.sentences[-1].text.rstrip().endswith(_LEAD_END)


def _borrow(lead: Block | None, items: Sequence[Block]) -> None:
    if len(items) < 2 and lead is None:  # (one item under a lead-in closes it, cited)
        return
    cited = [k for k, b in enumerate(items) if any(s.anchors for s in b.sentences)]
    borrowers: list[Block]
    # closed by its last item's own citation (one it borrowed from the sub-list under it,
    # `- **Cream**:` over `  - It helped [1].`, closes nothing above it)
    # — its last cited sentence: Markdown runs a line written right under the item into
    # it (`- <60分：扣减50%[[26]]。` / `这套机制的优点是…`), so the item may end uncited
    closing = next((s for s in reversed(items[-1].sentences) if s.anchors and not s.borrowed), None)
    closed = cited == [len(items) - 1] and closing is not None
    if closed and closing is not None:
        lent = tuple(a for a in closing.anchors if a.lends)
        borrowers = [*(() if lead is None else (lead,)), *items[:-1]]
    elif cited == [0]:  # opened by its first item: the items that continue its subject
        lent = _citations(items[0])
        subject = names(" ".join(s.text for s in items[0].sentences))
        borrowers = [b for b in items[1:] if subject & names(_text(b))]
    elif lead is not None and len(cited) == len(items):
        # every item cites its own: the lead-in (`…出现在多个权威文本/讲话中：` over items
        # each citing the text it quotes) borrows them all, as over cited paragraphs
        _lead_borrows(lead, items)
        return
    else:
        return  # nothing cites it, or the items cite on their own
    if not lent:
        return
    if closed:  # the last item's own sentences before its citation too
        last = items[-1]
        cut = next(k for k, s in enumerate(last.sentences) if s is closing)
        head = tuple(s if s.anchors else s.borrowing(lent) for s in last.sentences[:cut])
        object.__setattr__(last, "sentences", (*head, *last.sentences[cut:]))
    for block in borrowers:
        introducing = block.sentences[-1] if block is lead else None
        sentences = tuple(
            s if s.anchors or (block is lead and s is not introducing) else s.borrowing(lent)
            for s in block.sentences
        )
        # (the frozen block is still being built: its sentences are set once, here)
        object.__setattr__(block, "sentences", sentences)


def _lead_borrows(lead: Block, items: Sequence[Block]) -> None:
    """The lead-in's last sentence borrows the citations of the items under it, each
    source once (the items keep their own)."""
    if lead.sentences[-1].anchors:
        return
    lent: dict[tuple[str, str, str | None], Anchor] = {}
    for item in items[:MAX_FLAT_ITEMS]:
        for a in _citations(item):
            lent.setdefault((a.type, a.id, a.locator), a)
    if lent:
        last = lead.sentences[-1].borrowing(tuple(lent.values()))
        object.__setattr__(lead, "sentences", (*lead.sentences[:-1], last))  # still being built


def _continued(lead: Block | None, items: Sequence[Block], after: Block) -> None:
    """A sentence written across a list: its lead-in opens it (`… over 4.7 years
    reduced:`), the items go on with it, and a paragraph in lower case right after the list
    ends it and cites it (`with no significant increase in adverse events [3].`) — the
    lead-in and the uncited items borrow that citation."""
    if lead is None or after.kind != "p" or not after.sentences or after.appendix:
        return
    if not _LOWER_START.match(after.text):
        return
    lent = tuple(a for a in after.sentences[0].anchors if a.lends)
    if not lent:
        return
    for block in (lead, *items):
        last = block.sentences[-1] if block is lead and block.sentences else None
        sentences = tuple(
            s if s.anchors or (block is lead and s is not last) else s.borrowing(lent)
            for s in block.sentences
        )
        object.__setattr__(block, "sentences", sentences)  # still being built: set once


_LOWER_START = re.compile(r"[\s*_\"“(]*[a-z]")  # `with no significant increase …`


def _citations(block: Block) -> tuple[Anchor, ...]:
    return tuple(a for s in block.sentences for a in s.anchors if a.lends)


def _text(block: Block) -> str:
    return " ".join(s.text for s in block.sentences)
