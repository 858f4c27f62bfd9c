"""The author's plan, by the layout that announces it: what a plan's label, a plan's
heading or a schedule of time windows leads in is the author's plan or hypotheses, whose
lines state only what they report as found (`mood.prospective`). Set once, while the blocks
are being built."""

from __future__ import annotations

from collections.abc import Sequence

from citelint.ground.document import Block
from citelint.read.lead_ins import definitions_lead, recommends_lead, reports_result
from citelint.read.mood import (
    ADVICE_HEADING,
    plan_heading,
    plan_label,
    proposal,
    window_label,
)
from citelint.read.parse.lists import marker_column, on_marker


def planned_lists(blocks: Sequence[Block], text: str, markdown: bool) -> None:
    """Mark the items of each list a plan's label leads in (`Scenarios:` / `1. EU issues a
    6 % penalty …`): the author's plan or hypotheses, whose lines state only what they
    report as found (`mood.prospective`); so are the report's own definitions under their
    lead-in (`The key definitions used throughout this report:` / `- Young-old: 65–74
    years`) and the design it recommends (`… the following pipeline is recommended for
    Component 1:` / `4. Pose estimation: … 17-keypoint skeletons`). A paragraph label leads
    the list after it; an
    item label leads the items indented under it in Markdown (the items after them at its
    own indent run on: `- Comments: …`). Set once, while the blocks are being built."""
    for i, lead in enumerate(blocks):
        if lead.kind not in ("p", "li") or not lead.sentences or lead.planned:
            continue  # a label inside a plan's list: its items are the plan's already
        last = lead.sentences[-1].text
        own = plan_label(last) or definitions_lead(last)
        if not (own or recommends_lead(last)):
            continue
        if lead.kind == "li" and not markdown:
            continue  # an HTML item's nesting is not told by its column
        indent = marker_column(text, lead)
        j = i + 1  # an index, not a slice: a copy of the rest per label is quadratic
        while j < len(blocks) and blocks[j].kind == "li":
            if lead.kind == "li" and marker_column(text, blocks[j]) <= indent:
                break
            if own or not reports_result(blocks[j].text):  # (`… reached 91% accuracy`)
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
            block.kind == "p" and (paragraphs or (text and on_marker(text, block)))
        ):
            object.__setattr__(block, "planned", True)


def _opening(blocks: Sequence[Block], i: int) -> str:
    """The text of the paragraph right under heading `i` ("" when none opens its section)."""
    return blocks[i + 1].text if i + 1 < len(blocks) and blocks[i + 1].kind == "p" else ""
