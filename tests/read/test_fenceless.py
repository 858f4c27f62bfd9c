"""Chart syntax an export left unfenced is read as chart syntax, not prose."""

from __future__ import annotations

import pytest

from citelint.read.fenceless import bare_diagram, gantt_lines


@pytest.mark.parametrize(
    ("text", "chart"),
    [
        ('xychart-beta title "Error vs range" x-axis "km" [1, 2] line [0.1, 0.4]', True),
        ("graph TD A[Trial] --> B[12% ORR]", True),
        ("sequenceDiagram participant Sponsor", True),
        ("Graph TD shows 12% ORR.", False),  # prose opens with a capital
        ("pie charts show 40% of the market.", False),  # no chart syntax
        ("gantt", False),
    ],
)
def test_a_diagram_without_its_fence(text: str, chart: bool) -> None:
    assert bare_diagram(text) is chart


def test_gantt_task_lines_joined_into_a_paragraph_are_chart_syntax() -> None:
    assert gantt_lines("Recruit :a1, 2023-05-05, 30d Analyse :a2, after a1, 20d")
    assert not gantt_lines("Recruit :a1, 2023-05-05, 30d and then 40 patients were analysed")
    assert not gantt_lines("Recruitment: 2023-05-05")  # one line alone is no chart
