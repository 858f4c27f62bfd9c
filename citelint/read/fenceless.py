"""A Mermaid diagram whose fence an export dropped: its type and syntax (`xychart-beta`,
`graph TD A --> B`), or a Gantt chart's task lines joined into one paragraph. Chart
syntax, not prose: it states nothing a claim would."""

from __future__ import annotations

import re

from citelint.ground.mermaid.model import EDGE_TYPES, ITEM_TYPES

DIAGRAM_TYPES = frozenset(EDGE_TYPES + ITEM_TYPES)


def bare_diagram(text: str) -> bool:
    """A Mermaid diagram whose fence an export dropped: a block opening with a diagram
    type as Mermaid spells it (`xychart-beta`, `graph TD`, `sequenceDiagram`; prose opens
    with a capital) and written in its syntax (an arrow, a title, an axis, a section)."""
    words = text.split(maxsplit=2)
    if len(words) < 2 or not words[0][:1].islower():
        return False
    kind = words[0].lower()
    if kind in ("graph", "flowchart"):
        return words[1] in _DIRECTIONS
    return kind in DIAGRAM_TYPES and _CHART_SYNTAX.search(text) is not None


_DIRECTIONS = frozenset({"TD", "TB", "BT", "LR", "RL"})
_CHART_SYNTAX = re.compile(r"-->|->>|\b(?:title|x-axis|y-axis|section|dateFormat|participant)\b")


# A Mermaid Gantt chart whose fence an export dropped (OpenAI's text exports), its lines
# joined into one paragraph: tasks `Name :id, 2023-05-05, 1d` one after another — chart
# syntax, not prose.
_GANTT_TASK = re.compile(
    r":[ \t]*(?:(?:crit|done|active|milestone)[ \t]*,[ \t]*)*[\w-]+[ \t]*,[ \t]*"
    r"(?:\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|after[ \t]+[\w-]+)(?:[ \t]*,[ \t]*[\w:.-]+)?"
)


def gantt_lines(text: str) -> bool:
    """Whether a block is Gantt chart tasks: two or more, the last one closing it."""
    tasks = list(_GANTT_TASK.finditer(text))
    return len(tasks) >= 2 and not text[tasks[-1].end() :].strip()
