"""The diagram model shared by the Mermaid readers: types, labels, counts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

EDGE_TYPES = (
    "flowchart",
    "graph",
    "sequencediagram",
    "classdiagram",
    "statediagram",
    "statediagram-v2",
    "erdiagram",
    "requirementdiagram",
)
ITEM_TYPES = (
    "pie",
    "gantt",
    "timeline",
    "mindmap",
    "journey",
    "quadrantchart",
    "xychart",
    "xychart-beta",
    "sankey",
    "sankey-beta",
)
DATA_TYPES = ("pie", "xychart", "xychart-beta", "sankey", "sankey-beta", "quadrantchart")


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    start: int  # offset in the diagram source
    heading: bool = False  # a title, section or axis line: it names what the diagram shows


@dataclass
class Diagram:
    kind: str  # lower-cased first keyword, e.g. `flowchart`, `pie`
    nodes: set[str] = field(default_factory=set)
    edges: int = 0
    items: int = 0
    statements: int = 0
    labels: list[Label] = field(default_factory=list)
    data: list[Label] = field(default_factory=list)  # numbers of data diagrams (M4)
    cites: list[tuple[str, int]] = field(default_factory=list)  # `%% cite: […]` lines
    chars: int = 0  # non-whitespace characters of labels and ids (M3)
    placeholders_only: bool = False


KEYWORDS = re.compile(
    r"^\s*(?:subgraph|end|classDef|class|style|linkStyle|click|direction|title|accTitle|"
    r"accDescr|note|loop|alt|else|opt|par|and|critical|break|rect|activate|deactivate|"
    r"autonumber|box|section|dateFormat|axisFormat|excludes|includes|todayMarker|"
    r"tickInterval|weekday|showData|x-axis|y-axis)\b",
    re.I,
)
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def add_label(diagram: Diagram, raw: str, at: int, heading: bool = False) -> None:
    shaped = re.match(r'@\{.*?label:\s*"([^"]*)"', raw)
    if shaped:  # `A@{ shape: docs, label: "Multiple Documents" }`
        diagram.labels.append(Label(shaped.group(1), at + shaped.start(1), heading=heading))
        return
    inner = raw.strip()
    while inner[:1] in "([{>/\\" and inner[-1:] in ")]}/\\" and len(inner) >= 2:
        inner = inner[1:-1]
    inner = inner.strip()
    if inner.startswith('"') and inner.endswith('"') and len(inner) >= 2:
        inner = inner[1:-1]
    if inner:
        diagram.labels.append(
            Label(inner, at + raw.find(inner) if inner in raw else at, heading=heading)
        )
