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


@pytest.mark.parametrize(
    ("source", "headings", "labels"),
    [
        (
            'pie\n  title Share of 1,000 users\n  "A" : 60\n  "B" : 40',
            ["Share of 1,000 users"],
            ["A", "B"],
        ),
        (
            "timeline\n  title Builds above 900 MW\n  section After 1980\n  1986 : Unit of 600 MW",
            ["Builds above 900 MW", "After 1980"],
            ["1986 : Unit of 600 MW"],
        ),
        (
            'xychart-beta\n  title "Sales"\n  x-axis [Q1, Q2]\n  y-axis "USD m" 0 --> 120\n  bar [50, 80]',
            ['title "Sales"', "x-axis [Q1, Q2]", 'y-axis "USD m" 0 --> 120'],
            [],
        ),
        (
            "gantt\n  title Plan for 12 sites\n  section Phase 1\n  Survey 40 homes :a1, 2024-01-01, 30d",
            ["Plan for 12 sites", "Phase 1"],
            ["Survey 40 homes"],
        ),
    ],
)
def test_a_title_section_or_axis_is_a_heading(
    source: str, headings: list[str], labels: list[str]
) -> None:
    # what the diagram shows, not a value of it: CL202 asks no citation of its numbers
    diagram = analyze(source)
    assert [lb.text for lb in diagram.labels if lb.heading] == headings
    assert [lb.text for lb in diagram.labels if not lb.heading] == labels
