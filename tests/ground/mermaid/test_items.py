"""Edge-less diagrams: items, nodes, labels and data values per diagram type."""

from __future__ import annotations

import pytest

from citelint.ground.mermaid import analyze


@pytest.mark.parametrize(
    ("source", "items", "data"),
    [
        ('pie title ORR\n  "Responders" : 45\n  "Others" : 55\n', 2, ["45", "55"]),
        ("xychart-beta\n  x-axis [a, b]\n  bar [12, 30.5]\n", 2, ["12", "30.5"]),
        ("sankey-beta\n  A,B,10\n  B,C,4\n", 2, ["10", "4"]),
        ("quadrantChart\n  title Q\n  Drug A: [0.3, 0.6]\n", 1, ["0.3", "0.6"]),
        ("mindmap\n  root\n    child\n", 2, []),
        ("timeline\n  title T\n  2020 : start : trial\n  2021 : result\n", 3, []),
        ("gantt\n  dateFormat YYYY-MM-DD\n  Task A :a1, 2024-01-01, 30d\n", 1, []),
    ],
)
def test_items_and_data(source: str, items: int, data: list[str]) -> None:
    diagram = analyze(source)
    assert diagram.items == items
    assert [d.text for d in diagram.data] == data
    for value in diagram.data:  # offsets point at the value in the source
        assert source[value.start : value.start + len(value.text)] == value.text


def test_sankey_rows_are_edges_between_nodes() -> None:
    diagram = analyze('sankey-beta\n  "A, inc",B,10\n')
    assert diagram.edges == 1 and diagram.nodes == {"A, inc", "B"}
