"""Edge-less diagrams (DECISIONS M4): items are slices, tasks, events, nodes, points, rows."""

from __future__ import annotations

import re
from collections.abc import Callable

from citelint.ground.mermaid.model import KEYWORDS, NUMBER, Diagram, Label
from citelint.ground.mermaid.model import add_label as _label


def read_items(diagram: Diagram, kind: str, body: list[tuple[str, int]]) -> None:
    read = _ITEM_READERS.get(kind, _task_line)
    for line, offset in body:
        read(diagram, line, offset, len(line) - len(line.lstrip()))


def _named_item(diagram: Diagram, m: re.Match[str], offset: int) -> None:
    """An item whose name (group 1) is a node and a label: a pie slice, a quadrant point."""
    diagram.items += 1
    diagram.nodes.add(m.group(1))
    _label(diagram, m.group(1), offset + m.start(1))


def _pie_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    m = re.match(r'\s*"([^"]*)"\s*:\s*(\S+)', line)
    if m:
        _named_item(diagram, m, offset)
        diagram.data.append(Label(m.group(2), offset + m.start(2)))
    elif line.strip().lower().startswith("title"):
        _label(diagram, line.strip()[5:], offset + lead + 5, heading=True)


# a chart's title, axes and quadrant names: what it shows, no value of it (`y-axis "Revenue"
# 0 --> 120` gives the axis its range)
_AXES = re.compile(r"\s*(?:title|x-axis|y-axis|quadrant-\d)\b", re.I)


def _xychart_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    if re.match(r"\s*(?:bar|line)\b", line):
        for n in NUMBER.finditer(line):
            diagram.items += 1
            diagram.data.append(Label(n.group(0), offset + n.start()))
    else:
        _label(diagram, line.strip(), offset + lead, heading=bool(_AXES.match(line)))


def _sankey_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    cells = _csv(line.strip())
    if len(cells) == 3:
        diagram.items += 1
        diagram.edges += 1
        diagram.nodes.update(cells[:2])
        _label(diagram, cells[0] + " " + cells[1], offset + lead)
        diagram.data.append(Label(cells[2], offset + line.rfind(cells[2])))


def _quadrant_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    m = re.match(r"\s*(.+?)(?::::[\w-]+)?\s*:\s*\[([^\]]*)\]", line)
    if m:
        _named_item(diagram, m, offset)
        for n in NUMBER.finditer(m.group(2)):
            diagram.data.append(Label(n.group(0), offset + m.start(2) + n.start()))
    else:
        _label(diagram, line.strip(), offset + lead, heading=bool(_AXES.match(line)))


def _mindmap_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    diagram.items += 1
    diagram.nodes.add(line.strip())
    _label(diagram, line.strip(), offset + lead)


def _timeline_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    stripped = line.strip()
    if stripped.lower().startswith(("title", "section")):
        _label(diagram, stripped.split(None, 1)[-1], offset + lead, heading=True)
        return
    events = [e for e in stripped.split(":") if e.strip()]
    period = not stripped.startswith(":")
    diagram.items += len(events) - (1 if period and len(events) > 1 else 0)
    if period:
        diagram.nodes.add(events[0].strip() if events else stripped)
    _label(diagram, stripped, offset + lead)


def _task_line(diagram: Diagram, line: str, offset: int, lead: int) -> None:
    """gantt, journey: a task is a line with a colon that is not a setting."""
    stripped = line.strip()
    if KEYWORDS.match(line):
        _label(diagram, stripped.split(None, 1)[-1], offset + lead, heading=True)
    elif ":" in stripped:
        diagram.items += 1
        name = stripped.split(":", 1)[0]
        diagram.nodes.add(name.strip())
        _label(diagram, name, offset + lead)


_ITEM_READERS: dict[str, Callable[[Diagram, str, int, int], None]] = {
    "pie": _pie_line,
    "xychart": _xychart_line,
    "xychart-beta": _xychart_line,
    "sankey": _sankey_line,
    "sankey-beta": _sankey_line,
    "quadrantchart": _quadrant_line,
    "mindmap": _mindmap_line,
    "timeline": _timeline_line,
}


def _csv(line: str) -> list[str]:
    cells: list[str] = []
    for m in re.finditer(r'\s*("(?:[^"]|"")*"|[^,]*)\s*(?:,|$)', line):
        if m.group(0) == "" and m.end() >= len(line):
            break
        cells.append(m.group(1).strip('"').replace('""', '"'))
        if m.end() >= len(line):
            break
    return cells
