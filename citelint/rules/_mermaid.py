"""Shared by CL202 and CL103: the anchors that cover a Mermaid diagram (RULES §3).

A diagram's labels are covered by anchors inside the label, in a `%% cite: [...]` line of
the block, in a `data-cite` attribute of its container, or in the caption or sentence
right before the diagram.
"""

from __future__ import annotations

from citelint.document import Anchor, Document, MermaidBlock
from citelint.mermaid import Diagram, Label, analyze


def _within(doc: Document, start: int, end: int) -> tuple[Anchor, ...]:
    return tuple(a for a in doc.anchors if start <= a.start and a.end <= end)


def diagram_anchors(doc: Document, block: MermaidBlock, diagram: Diagram) -> tuple[Anchor, ...]:
    """Anchors that cover every label: `%% cite:` lines, the container, the sentence before."""
    found: list[Anchor] = list(block.anchors)
    for text, at in diagram.cites:
        start = block.body_start + at
        found.extend(_within(doc, start, start + len(text) + 1))
    before = [s for b in doc.blocks for s in b.sentences if s.end <= block.start]
    if before:
        found.extend(before[-1].anchors)
    return tuple(dict.fromkeys(found))


def analyzed(doc: Document) -> list[tuple[MermaidBlock, Diagram]]:
    return [(block, analyze(block.source)) for block in doc.mermaid]


def label_anchors(doc: Document, label: Label, block: MermaidBlock) -> tuple[Anchor, ...]:
    start = block.body_start + label.start
    return _within(doc, start, start + len(label.text) + 1)
