"""The diagram model: labels unwrap shapes and quotes and keep their offsets."""

from __future__ import annotations

from citelint.ground.mermaid.model import Diagram, add_label


def test_labels_unwrap_shapes_and_quotes() -> None:
    diagram = Diagram("flowchart")
    raw = '(["ORR 45%"])'
    add_label(diagram, raw, 10)
    (label,) = diagram.labels
    assert label.text == "ORR 45%" and label.start == 10 + raw.index("ORR")


def test_shape_syntax_labels_and_empty_ones() -> None:
    diagram = Diagram("flowchart")
    add_label(diagram, '@{ shape: docs, label: "Many docs" }', 0)
    add_label(diagram, "[]", 40)
    assert [(x.text, x.start) for x in diagram.labels] == [("Many docs", 24)]
