"""A source line under data cites the data: `**数据来源**：世界银行…（[World Bank, 2024](…)）`
under a table, `*来源：https://…*` under a list of figures, `Source: WHO (2023) [4]`, `Table data
compiled from ([Better Rhodes, 2026](…)).`

Reports that tabulate figures name their source once, in a line of its own right under the
table or list, as a figure's caption does. That line's citations cover the rows and items
above it, and the lines among them (a label, a note, a worked case), back to the heading,
the previous source line or a block that cites on its own (not a row of the same table
citing a note in a cell, `| Manufacturing | 45% | … ([Entech, 2026](…)) |`, when fewer
than half the table's rows cite: it keeps its citation, and the rows above it are the
line's still; a table cited row by row is its rows') — at most `MAX_BLOCKS` blocks,
and only when a table row or a list item is among them: a source line under prose cites
the one paragraph right above it (`…0.954 direct jobs per 1,000 passengers.` then
`**Source**: [ACI Europe](…)`), no further. The paragraph right under the line borrows it too when
every figure it states is one of the data's: it restates them (`Key insight: …`). A line
of nothing but citations right under a table row or a list item (`[^3]
[KPMG China outlook](https://…)` under a table of figures, `[CDP.com](…)、[Mendix](…)`: the
marks between them aside) is a source line too, and so is
a note in parentheses that says where the data come from (`（数据分别来自…[4]…）`). A
table's own last row whose first cell is a source label (`| **关键来源** | [年报](…) |`)
cites the rows above it, back to the table's header, and a list's own last item that is a
source line (`- **来源**：[清华大学新闻网](…)` closing a case) the items above it, nested ones
too, and one saying its source is the one above (`- **来源**：同上。`, `Source: ibid.`) lends
what the source line before it lent; so does an item naming the list's key literature
(`- **关键文献**：…已系统报道 [^7]。`, an inhibitor's data sheet, a `结论` item after it). A
note right above a table that names it and cites
(`票房单位：…下表换算为“亿元”。上映日期同样来自猫眼总榜页。[1]`,
`The table below compiles the estimates of [2] and [3].`) lends its citations to the rows,
as a lead-in ending in a colon does.
A section that opens on the line naming its literature (`### 3.1 …` then `**文献**：Werner et
al. (2024) [[11]](…)`) is that paper's: its blocks that cite nothing borrow the line's
citations, to the next heading of its level (`section_leads`).
A source label over a list of reference entries that closes a section, the report going on
after it (`**Sources:**` / `- SUNMI Global Stats: https://…` under a table of devices, then
`### 2.2 PAX`), cites the section: its blocks above the label borrow the entries
(`section_sources`), a block citing on its own keeping its citations. The section is the one
the next heading ends, its deeper parts with it (`**来源**：` at the end of `### 2.4`, then `##
3.`: all of `## 2.`), back to the list before it. Such a list closing
the report is its reference list, and covers no section.
Borrowers are checked against the citation, never exempted; an anchor and a citation that
names no source lend nothing (`Anchor.lends`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping, Sequence

from citelint.ground.document import Anchor, Block, Reference, Sentence
from citelint.read.citations.labels import SOURCE_LABEL
from citelint.read.citations.references import IBID_WORDS

# a label (`labels.SOURCE_LABEL`) and a colon opening the line, emphasis around it aside
# …or a note in parentheses that says where the data come from (`（数据分别来自财政部年度
# 通报[4]…；占比为据此计算。）`, `(Data are taken from [2].)`)
_SOURCE_LINE = re.compile(
    rf"\W{{0,4}}{SOURCE_LABEL}\W{{0,4}}[:：]|"
    # …or the label and a verb saying what they are (`数据来源分别为 ([WiGr](…))、…`,
    # `The data sources are [2] and [5].`)
    rf"\W{{0,4}}{SOURCE_LABEL}\s*(?:分别|均|主要)?(?:为|是|包括)|"
    r"\W{0,4}(?:the\s+)?(?:data\s+)?sources?\s+(?:are|were|include)\b|"
    r"\W{0,4}[（(]\s*(?:数据|资料|图表)?(?:分别|均|主要)?(?:来自|取自|引自|摘自|源自)|"
    r"\W{0,4}\(\s*(?:data|figures)\s+(?:are\s+|were\s+)?(?:taken\s+|drawn\s+)?from\b|"
    # …or dates them and cites (`Data are for 2021 (World Population Review, 2026, [source](…)).`)
    r"\W{0,4}(?:the\s+)?(?:data|figures|values)\s+(?:are|were)\s+(?:for|as\s+of)\s+[^.]{0,40}?"
    r"\b(?:19|20)\d\d\b|"
    # …or a line saying so in words (`Table data compiled from ([Better Rhodes, 2026](…)).`,
    # `Shelf-life data synthesized from (…) and (…).`, `Adapted from [3].`)
    r"\W{0,4}(?:(?:[\w-]+\s+){0,2}(?:data|figures|values|numbers|estimates)\s+)?"
    r"(?:(?:are|were)\s+)?(?:compiled|synthesi[sz]ed|drawn|taken|adapted|sourced|derived|"
    r"aggregated|summari[sz]ed|reproduced)\s+from\b",
    re.I,
)
# …and an item of a list naming the list's key literature (`- **关键文献**：磷酸盐的拉曼和红外光谱研
# 究已系统报道 [^7]。`, `- **Key references**: [4], [5]`): a list laid out as a data sheet cites
# its rows there, in an item of their own
_LITERATURE = (
    r"(?:关键|主要|参考|相关|核心)文献|(?:key|main|primary|supporting)\s+(?:references?|literature)"
)
_LITERATURE_ITEM = re.compile(rf"\W{{0,4}}(?:{_LITERATURE})\W{{0,4}}[:：]", re.I)
# …and a source line saying its source is the one above (`- **来源**：同上。` under a method whose
# `- **来源**：` before it names a review and links it; `Source: ibid.`): it lends what that
# line lent, as a reader reads it
_IBID = re.compile(
    rf"\W{{0,4}}{SOURCE_LABEL}\W{{0,4}}[:：]\W*(?:出处)?(?:{IBID_WORDS}|idem|(?:the\s+)?"
    r"same\s+as\s+above|as\s+above)\W*$",
    re.I,
)
# A table's own last row naming its sources, the label its first cell (`| **关键来源** |
# [国信证券-…](…)；[知乎-…](…) |`, `| Sources | [1], [2] |`): it cites the rows above it.
_SOURCE_CELL = re.compile(rf"\W{{0,4}}{SOURCE_LABEL}\W{{0,4}}", re.I)
MAX_BLOCKS = 60  # the blocks above a source line it may cover
# the words that point at the table right below (`下表`, `如下表所示`, `the table below`,
# `the following table`); `上表`, "the table above", is another table
_NEXT_TABLE = re.compile(
    r"下表|以下表格|下列表格|\bthe\s+(?:table|chart)\s+below\b|\bthe\s+following\s+(?:table|chart)\b",
    re.I,
)


def source_lines(blocks: Sequence[Block], cite_only: Mapping[int, tuple[Anchor, ...]]) -> None:
    """Let the rows, items and lines above each source line borrow its citations (the
    blocks are still being built: their sentences are set here). `cite_only` holds the
    citations of each block that is nothing but citations, by its index."""
    last_lent: tuple[Anchor, ...] = ()  # what the last source line lent: what `同上` names
    for i, block in enumerate(blocks):
        if block.appendix:
            continue
        if block.kind == "row" and _source_row(block):
            lent = tuple(a for s in block.sentences for a in s.anchors if a.lends)
            for above in _rows_above(blocks, i):
                _borrow(above, lent)
            continue
        if block.kind not in ("p", "li"):
            continue
        literature = block.kind == "li" and _LITERATURE_ITEM.match(block.text) is not None
        if block.kind == "li" and not (literature or _SOURCE_LINE.match(block.text)):
            continue  # an item cites as a source line only: `- **来源**：[…](…)`
        if literature or _SOURCE_LINE.match(block.text):
            lent = tuple(a for s in block.sentences for a in s.anchors if a.lends)
            if not lent and _IBID.match(block.text):
                lent = last_lent  # `来源：同上`: the source line before it, nothing when none
            last_lent = lent or last_lent
        elif i in cite_only and i and blocks[i - 1].kind in ("row", "li"):
            lent = cite_only[i]  # right under the data, as a source line stands
        elif i in cite_only and i and _prose(blocks[i - 1]):
            # right under a paragraph or a quotation, nothing but the link naming its
            # source (`…10,142.3公里…` / `[交通运输部 - 2025年城轨运营数据](…)`): its citation
            _borrow(blocks[i - 1], cite_only[i])
            continue
        else:
            continue
        if not lent:
            continue
        covered = _covered(blocks, i)
        if any(b.kind in ("row", "li") for b in covered):
            for above in covered:
                _borrow(above, lent)
            after = blocks[i + 1] if i + 1 < len(blocks) else None
            if after is not None and _restates(after, covered):
                _borrow(after, lent)
        elif covered and covered[0].kind == "p" and _SOURCE_LINE.match(block.text):
            _borrow(covered[0], lent)  # under prose: the paragraph right above, no further


def _prose(block: Block) -> bool:
    """A paragraph or quotation that cites nothing of its own."""
    return (
        block.kind in ("p", "blockquote")
        and not block.appendix
        and not any(s.anchors for s in block.sentences)
    )


def section_sources(blocks: Sequence[Block], entries: Sequence[Reference]) -> frozenset[int]:
    """Let each section closed by a source label over reference entries borrow them; the
    starts of the entries so lent."""
    ordered = sorted(entries, key=lambda e: e.start)
    starts = [e.start for e in ordered]
    lists: list[tuple[int, int, list[Reference]]] = []  # (label, after its list, entries)
    for i, label in enumerate(blocks):
        if not (label.kind == "p" and label.appendix and _SOURCE_LINE.match(label.text)):
            continue
        listed: list[Reference] = []
        j = i + 1
        while j < len(blocks) and blocks[j].kind == "li" and blocks[j].listed:
            k = bisect_left(starts, blocks[j].start)
            end = blocks[j].offsets.end(len(blocks[j].text))
            while k < len(ordered) and ordered[k].start < end:
                listed.append(ordered[k])
                k += 1
            j += 1
        if listed:
            lists.append((i, j, listed))
    lent_entries: set[int] = set()
    for i, j, listed in lists:
        if len(lists) < MIN_SECTION_LISTS and not _goes_on(blocks, j):
            continue  # one list closing the report: its reference list
        lent_entries.update(e.start for e in listed)
        lent = tuple(
            Anchor("ref", e.key, None, e.start, e.end, style="numbered", written=f"[{e.key}]")
            for e in listed
        )
        # the section the list closes is the one the next heading ends: `**来源**：` under `###
        # 2.4`, then `## 3.`, names the sources of all of `## 2.`, its `###` parts with it
        closes = blocks[j].level if j < len(blocks) and blocks[j].kind == "heading" else 7
        for above in reversed(blocks[max(0, i - MAX_BLOCKS) : i]):
            if above.appendix or (above.kind == "heading" and above.level <= closes):
                break
            if above.kind != "heading":  # a part's heading (`### 2.3 实证效果`) states nothing
                _borrow(above, lent)
    return frozenset(lent_entries)


MIN_SECTION_LISTS = 2  # a report whose sections close with their own lists: the last one too


def section_leads(blocks: Sequence[Block]) -> None:
    """Let the blocks of a section that opens on the line naming its literature (`### 3.1 …`
    then `**文献**：Werner, Amice, … (2024) [[11]](…)`, `**Paper**: [4]`) borrow that line's
    citations, to the next heading of the section's level; a block citing on its own keeps
    its citations, and one that cites nothing reads as the named paper's, as a reader reads
    a method's `**实验数据**：…` under it."""
    for i, lead in enumerate(blocks):
        if not (i and lead.kind == "p" and not lead.appendix and _LEAD.match(lead.text)):
            continue
        heading = blocks[i - 1]
        if heading.kind != "heading":
            continue  # the section's first line only: further down it is a source line
        lent = tuple(a for s in lead.sentences for a in s.anchors if a.lends)
        if not lent:
            continue
        for below in blocks[i + 1 : i + 1 + MAX_BLOCKS]:
            if below.appendix or (below.kind == "heading" and below.level <= heading.level):
                break
            if below.kind != "heading" and not any(s.anchors for s in below.sentences):
                _borrow(below, lent)


# the label of a section's literature line: the paper or literature it names (`**文献**：`,
# `**论文**：`, `**Paper**:`, `**Key literature**:`); a bare source label (`Source:`) under a
# heading keeps batch 7's reading, the data's source is named under the data
_LEAD = re.compile(
    rf"\W{{0,4}}(?:{_LITERATURE}|(?:原始)?文献|论文|(?:(?:key|main|primary)\s+)?"
    r"(?:references?|literature|papers?|study))\W{0,4}[:：]",
    re.I,
)


def _goes_on(blocks: Sequence[Block], j: int) -> bool:
    """Whether the report goes on after a list ending at `j`: a heading, then its body."""
    return (
        j < len(blocks)
        and blocks[j].kind == "heading"
        and any(b.kind != "heading" and not b.appendix for b in blocks[j + 1 : j + 4])
    )


def cites_only(text: str, groups: Sequence[tuple[int, int, Anchor]]) -> bool:
    """Whether a block is nothing but its citation groups and the marks between them
    (`[CDP.com](…)、[Mendix](…)`): its links' words name the sources, and say nothing."""
    at = 0
    for start, end, _ in sorted(groups, key=lambda g: g[0]):
        if any(c not in _BETWEEN for c in text[at:start]):
            return False
        at = max(at, end)
    return bool(groups) and all(c in _BETWEEN for c in text[at:])


_BETWEEN = frozenset(" \t、，,;；/|·。.")  # what joins and closes a line of citations


def table_note(sentences: Sequence[Sentence]) -> tuple[Anchor, ...]:
    """The citations a paragraph lends the table right under it when it names that table:
    those from the sentence naming it to the paragraph's end. Empty when it names none."""
    for k, sentence in enumerate(sentences):
        if _NEXT_TABLE.search(sentence.text):
            return tuple(a for s in sentences[k:] for a in s.anchors if a.lends)
    return ()


def _source_row(row: Block) -> bool:
    """Whether a table row is the table's source row: its first cell only a source label."""
    if not row.cells:
        return False
    begin, end = row.cells[0]
    return _SOURCE_CELL.fullmatch(row.text[begin:end]) is not None


def _rows_above(blocks: Sequence[Block], i: int) -> list[Block]:
    """The body rows of the table a source row at `i` closes, back to its header row."""
    out: list[Block] = []
    for above in reversed(blocks[max(0, i - MAX_BLOCKS) : i]):
        if above.kind != "row" or _source_row(above):
            break
        out.append(above)
    return out


def _covered(blocks: Sequence[Block], i: int) -> list[Block]:
    """The blocks a source line at `i` stands under, nearest first."""
    out: list[Block] = []
    window = blocks[max(0, i - MAX_BLOCKS) : i]
    noted = _noted_table(window)
    for above in reversed(window):
        if above.kind == "heading" or above.appendix or _SOURCE_LINE.match(above.text):
            break
        if any(s.anchors for s in above.sentences):
            if above.kind == "row" and above.table is not None and above.table == noted:
                # a row citing a note of its own (`| Manufacturing | 45% | … ([Entech,
                # 2026](…)) |`) keeps it; the line under the table still is the table's
                continue
            break  # it cites on its own: what is above it is another source's
        out.append(above)
    return out


def _noted_table(window: Sequence[Block]) -> int | None:
    """The table right above a source line when fewer than half its rows cite on their own:
    a table whose source the line gives, a few rows adding a cited note. A table cited row
    by row (twelve rows of thirteen) is its rows' own; the one that cites nothing is an
    omission, not the line's."""
    table = next((b.table for b in reversed(window) if b.kind == "row"), None)
    rows = [b for b in window if b.kind == "row" and b.table == table]
    cited = sum(1 for b in rows if any(s.anchors for s in b.sentences))
    return table if 2 * cited < len(rows) else None


_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")


def _figures(text: str) -> set[str]:
    return {m.group().replace(",", "") for m in _FIGURE.finditer(text)}


def _restates(block: Block, covered: Sequence[Block]) -> bool:
    """Whether the paragraph right under a source line only restates the data it cites
    (`**关键洞察：** 友邦香港…平均达102%…仅78%` under the table of 102% and 78%): every
    figure it states is one of the data's."""
    if block.kind != "p" or block.appendix or _SOURCE_LINE.match(block.text):
        return False
    if any(s.anchors for s in block.sentences):
        return False
    stated = _figures(block.text)
    return bool(stated) and stated <= set().union(*(_figures(b.text) for b in covered))


def _borrow(block: Block, lent: tuple[Anchor, ...]) -> None:
    if block.kind == "header-row":
        return
    sentences = tuple(s if s.anchors else s.borrowing(lent) for s in block.sentences)
    object.__setattr__(block, "sentences", sentences)  # still being built: set once
