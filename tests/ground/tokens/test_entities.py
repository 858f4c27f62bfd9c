"""Entity codes: trial names, variants, ids; keys ignore case, hyphens and spaces."""

from __future__ import annotations

import pytest

from citelint.ground.tokens import (
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
        # model and product codes with one capital: a letter-hyphen-number, digits around it
        ("the T-72 tank and the 9K38 missile", ["T-72", "9K38"]),
        ("5d 10mg 3h T-1", []),
    ],
)
def test_entity_tokens(text: str, entities: list[str]) -> None:
    assert [e.text for e in entity_tokens(text)] == entities


def test_entity_keys_ignore_case_hyphens_spaces() -> None:
    assert entity_tokens("DS‐8201")[0].key == entity_tokens("DS8201")[0].key == "ds8201"


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("BRAF V600 and p.V600E", ["v600", "v600e"]),  # `p.` dropped from the key
        ("c.1799T>A; rs113488022", ["1799t>a", "rs113488022"]),
        ("exon 19 deletion and 19号外显子", ["exon19", "exon19"]),
        ("T1 and T2 mapping, stage T3", ["t1", "t2", "t3"]),
        ("Arm A1 vs B2", []),  # one capital and digits need a context that makes a code
    ],
)
def test_biomedical_codes(text: str, keys: list[str]) -> None:
    assert [t.key for t in entity_tokens(text)] == keys


def test_a_source_keeps_every_one_capital_code() -> None:
    assert [t.key for t in entity_tokens("Arm A1 vs B2", source=True)] == ["a1", "b2"]
