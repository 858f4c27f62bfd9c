"""Citations that name no source: only a kind of source and a date (`[news (2025-06-23)]`,
`([journal (2023-12-04)])`, `[unknown (unknown)]`, as an agent writes what its search tool
returned instead of the source), or an id the writing tool gave a source in its own store
(`source_id:56661463563`, `source_id:9096d7f7…`), which no reader can look up. So is the
marker a ChatGPT export leaves after a claim: `cite` and the ids of the pages its tool
opened in that conversation, `turn9view0`, `turn5search22`, one or more, between
private-use characters (U+E200 `cite` U+E202 `turn9view0` U+E201) or with them stripped
(`citeturn15view0turn5search22`), and the mark its browsing and file-search tools leave,
`【4†source】`, `【12†L34-L40】`, `【4:0†annual_report.pdf】`: the index of a result in that
conversation, a dagger and what the tool called it; and what a copy from its window keeps,
`:contentReference[oaicite:0]{index=0}`. Gemini's copy keeps its own, `[cite: 12]`,
`[cite: 3, 14]` (the numbers of its sources in the conversation, not of a list in the
report), after a `[cite_start]` that opens the span it covers.

The shape is grammar: a lower-case common noun (a name is capitalised: `[Smith (2020)]` is
an author and year, read with the reference list) and, in parentheses, a year, a month or
a day, or `unknown`. Read as a citation, the sentence is cited by it and by no neighbour's
link; it resolves to no source, and the report is told to name the source (CL008).
"""

from __future__ import annotations

import re

from citelint.read.citations.hits import BlockText, CitationHit, Style

DATED = re.compile(r"\[([a-z][a-z-]{1,20}) \((\d{4}(?:-\d{2}){0,2}|unknown)\)\]")
# what follows the `[` of one, for the scanner's one-pass trigger
DATED_FOLLOWS = r"(?<=\[)[a-z][a-z-]{1,20} \((?:\d{4}|unknown)"
DATED_TYPE = "dated"  # the anchor type of such a citation: it names no source
NAMES_NO_SOURCE = "names a kind of source and a date, not the source"
# `source_id:` and the id (digits, or a hex digest), glued to neither word nor colon
SOURCE_ID = re.compile(r"(?<![\w:/])source_id:(?:[0-9a-f]{16,64}|\d{6,20})(?![\w:])")
# ChatGPT's marker: `cite`, then `turn`, the turn's number, the tool's word (`view`,
# `search`, `news`…) and the result's number, once or more; its private-use delimiters are
# kept or stripped by the export
CHATGPT_MARK = re.compile(
    r"(?<![A-Za-z])\ue200?cite(?:\ue202?turn\d{1,4}[a-z]{3,12}\d{1,4})+\ue201?(?!\d)"
)
# ChatGPT's browsing or file-search mark: `【4†source】`, `【12†L34-L40】`, `【4:0†a.pdf】`
TOOL_MARK = re.compile(r"【\d{1,4}(?::\d{1,4})?†[^】\n]{1,80}】")
# what a copy of a ChatGPT answer keeps of its citation, and Gemini's `[cite: 3, 14]`
_NUMBERS = r"\d{1,4}(?:[ \t]?[-–][ \t]?\d{1,4})?"  # `12`, `230-234`
COPIED_MARK = re.compile(
    r":?contentReference\[oaicite:\d{1,4}\]\{?index=\d{1,4}\}"  # a copy may drop its `{`
    rf"|\[cite:[ \t]?{_NUMBERS}(?:,[ \t]?{_NUMBERS})*\]"
)
# what follows the lead of one (`_` of `source_id:`, `c` or U+E200 of a marker, `【`, `[`):
# the trigger
TOOL_ID_FOLLOWS = (
    r"(?<=source_)id:[0-9a-f]|(?<=c)iteturn\d|(?<=\ue200)cite|(?<=【)\d{1,4}(?::\d{1,4})?†|"
    r"(?<=c)ontentReference\[oaicite|(?<=\[)cite:[ \t]?\d"
)
TOOL_ID_LEADS = "_c\ue200【["
SOURCE_ID_TYPE = "source-id"
NAMES_A_TOOLS_ID = "names a source by the writing tool's own id, not the source"
UNNAMED_TYPES = frozenset({DATED_TYPE, SOURCE_ID_TYPE})  # citations that name no source


def dated(scanner: object, block: BlockText) -> list[CitationHit]:
    """The citations of a block that name a kind of source and a date."""
    return [
        CitationHit(Style.DATED, DATED_TYPE, m.group(0)[1:-1], None, m.start(), m.end(), m.group(0))
        for m in DATED.finditer(block.text)
    ]


def source_ids(scanner: object, block: BlockText) -> list[CitationHit]:
    """The citations of a block that name a source by the writing tool's own id: a store's
    `source_id:…`, or ChatGPT's marks (shown without their private-use characters)."""
    text = block.text
    found = [(m, m.group(0)[10:], m.group(0)) for m in SOURCE_ID.finditer(text)]
    if "cite" in text:
        for m in CHATGPT_MARK.finditer(text):
            shown = re.sub("[\ue200-\ue202]", "", m.group(0))
            found.append((m, shown[4:], shown))
        found += [(m, m.group(0).lstrip(":"), m.group(0)) for m in COPIED_MARK.finditer(text)]
    if "†" in text:
        found += [(m, m.group(0)[1:-1], m.group(0)) for m in TOOL_MARK.finditer(text)]
    return [
        CitationHit(Style.SOURCE_ID, SOURCE_ID_TYPE, ident, None, m.start(), m.end(), shown)
        for m, ident, shown in sorted(found, key=lambda f: f[0].start())
    ]
