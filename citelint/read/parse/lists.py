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
from citelint.read.mood import ADVICE_HEADING, plan_heading, plan_label, proposal, window_label
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
    the next `- item` at the lead-in's column closes the sub-list."""
    open_lists: list[tuple[int, Block | None, list[Block]]] = []  # (depth, lead, items)
    led: Block | None = None  # an item whose sub-list just closed: it led that one
    for i, block in enumerate(blocks):
        if block.kind != "li":
            for _, lead, items in reversed(open_lists):
                _borrow(lead, items)
                _continued(lead, items, block)
            open_lists, led = [], None
            continue
        depth = block.level if text is None else _column(text, block)
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


def planned_lists(blocks: Sequence[Block], text: str, markdown: bool) -> None:
    """Mark the items of each list a plan's label leads in (`Scenarios:` / `1. EU issues a
    6 % penalty …`): the author's plan or hypotheses, whose lines state only what they
    report as found (`mood.prospective`). A paragraph label leads the list after it; an
    item label leads the items indented under it in Markdown (the items after them at its
    own indent run on: `- Comments: …`). Set once, while the blocks are being built."""
    for i, lead in enumerate(blocks):
        if lead.kind not in ("p", "li") or not lead.sentences or lead.planned:
            continue  # a label inside a plan's list: its items are the plan's already
        if not plan_label(lead.sentences[-1].text):
            continue
        if lead.kind == "li" and not markdown:
            continue  # an HTML item's nesting is not told by its column
        indent = _column(text, lead)
        j = i + 1  # an index, not a slice: a copy of the rest per label is quadratic
        while j < len(blocks) and blocks[j].kind == "li":
            if lead.kind == "li" and _column(text, blocks[j]) <= indent:
                break
            object.__setattr__(blocks[j], "planned", True)
            j += 1


def planned_sections(blocks: Sequence[Block], text: str = "") -> None:
    """Mark what a schedule or a plan's heading heads as the author's plan. A schedule is
    two or more windows of time each over a list (`**Immediate (0-30 days)**` / `-
    Establish 72-hour breach notification …` / `**90 days**` / …, as a paragraph or a
    heading): the label and its items are the plan. One window over a list may be a
    result's timepoint, and is read as before. A heading that names the plan (`###
    Recommendation Summary`, `#### Scenarios`) heads the items listed in its section; set in
    bold over a list (`**Scenarios**`), the list."""
    windows: list[tuple[int, Block]] = []
    for i, block in enumerate(blocks):
        follows = i + 1 < len(blocks) and blocks[i + 1].kind == "li"
        if block.kind == "heading" and plan_heading(block.text):
            # a loose list's items too, under advice (`### 6.2 建议`, `## Recommendations`);
            # a scenario's or a criterion's paragraphs may state what was found
            _plan_section(blocks, i, text if ADVICE_HEADING.search(block.text) else "")
        elif block.kind == "heading" and proposal(block.text, _opening(blocks, i)):
            _plan_section(blocks, i, paragraphs=True)  # the author's design, all of it
        elif block.kind == "p" and block.strong_only and follows and plan_heading(block.text):
            _plan_items(blocks, i)  # `**Scenarios**` over its list, a heading in bold
        elif (
            block.kind in ("p", "heading")
            and len(block.sentences) == 1
            and (follows or block.kind == "heading")
            and window_label(block.text)
        ):
            windows.append((i, block))
    if len(windows) < MIN_WINDOWS:
        return
    for i, block in windows:
        if block.kind == "heading":
            _plan_section(blocks, i)
            continue
        object.__setattr__(block, "planned", True)
        _plan_items(blocks, i)


def _plan_items(blocks: Sequence[Block], i: int) -> None:
    """Mark the list items right after block `i`."""
    j = i + 1
    while j < len(blocks) and blocks[j].kind == "li":
        object.__setattr__(blocks[j], "planned", True)
        j += 1


MIN_WINDOWS = 2  # a schedule has phases: one window over a list may be a result's timepoint


def _plan_section(
    blocks: Sequence[Block], i: int, text: str = "", *, paragraphs: bool = False
) -> None:
    """Mark the items listed under heading `i`, up to the next heading as high as it; in
    Markdown (`text` given) a loose list's items too, paragraphs on a list marker's line
    (`1. **从局部入手**：…` with a blank line between the items); every paragraph too when
    the section is the author's proposal (`paragraphs`)."""
    level = blocks[i].level
    for block in blocks[i + 1 :]:
        if block.kind == "heading" and block.level <= level:
            return
        if block.kind in ("li", "row") or (
            block.kind == "p" and (paragraphs or (text and _on_marker(text, block)))
        ):
            object.__setattr__(block, "planned", True)


def _opening(blocks: Sequence[Block], i: int) -> str:
    """The text of the paragraph right under heading `i` ("" when none opens its section)."""
    return blocks[i + 1].text if i + 1 < len(blocks) and blocks[i + 1].kind == "p" else ""


# `- `, `1. `, `2) ` before it, and the emphasis its first words open with (`1. **`)
_MARKER = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+[*_]{0,3}")


def _on_marker(text: str, block: Block) -> bool:
    line = text.rfind("\n", 0, block.start) + 1
    return _MARKER.fullmatch(text, line, block.start) is not None


def _column(text: str, block: Block) -> int:
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
    if cited == [len(items) - 1]:  # closed by its last item
        # its last cited sentence: Markdown runs a line written right under the item into
        # it (`- <60分：扣减50%[[26]]。` / `这套机制的优点是…`), so the item may end uncited
        closing = next((s for s in reversed(items[-1].sentences) if s.anchors), None)
        lent = () if closing is None else tuple(a for a in closing.anchors if a.lends)
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
    if cited == [len(items) - 1]:  # the last item's own sentences before its citation too
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
