"""Entity codes: trial names, variants, ids; keys ignore case, hyphens and spaces."""

from __future__ import annotations

import pytest

from citelint.tokens import (
    entity_tokens,
)


@pytest.mark.parametrize(
    ("text", "entities"),
    [
        ("SHR-A1811 DS-8201 RC48 AZD9291", ["SHR-A1811", "DS-8201", "RC48", "AZD9291"]),
        (
            "KEYNOTE-189 CheckMate-227 HER2 T790M PD-L1",
            ["KEYNOTE-189", "CheckMate-227", "HER2", "T790M", "PD-L1"],
        ),
        ("1L 2A m2 1A类 Q3W 200mg 3rd", []),
        ("HER2-positive and anti-PD-1", ["HER2", "PD-1"]),
        ("KEYNOTE 189", ["KEYNOTE 189"]),
        ("PMID: 123456 and PMID 654321", ["PMID: 123456", "PMID 654321"]),
        ("doi 10.1056/NEJMoa1203421.", ["10.1056/NEJMoa1203421"]),
        ("NCT01245062", ["NCT01245062"]),
        ("macOS ROS", []),
    ],
)
def test_entity_tokens(text: str, entities: list[str]) -> None:
    assert [e.text for e in entity_tokens(text)] == entities


def test_entity_keys_ignore_case_hyphens_spaces() -> None:
    assert entity_tokens("DS‐8201")[0].key == entity_tokens("DS8201")[0].key == "ds8201"
