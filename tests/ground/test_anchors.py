from __future__ import annotations

import pytest

from citelint.ground.anchors import AnchorGrammar
from citelint.sources.kinds import BUILTIN_TYPES

G = AnchorGrammar(BUILTIN_TYPES)


def kinds(text: str) -> tuple[list[tuple[str, str, str | None]], list[str]]:
    anchors, misses = G.scan(text)
    return [(a.type, a.id, a.locator) for a in anchors], [m.reason for m in misses]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[pmid:22663011:abstract]", [("pmid", "22663011", "abstract")]),
        ("[nct:NCT02513394:results]", [("nct", "NCT02513394", "results")]),
        ("[guideline:CSCO-2024-NSCLC:§5.5.2]", [("guideline", "CSCO-2024-NSCLC", "§5.5.2")]),
        ("[evidence:market_model.md:line:12-18]", [("evidence", "market_model.md", "line:12-18")]),
        ("[nmpa-page:abc]", [("nmpa-page", "abc", None)]),
        (
            "[aact:NCT1:design] [europepmc:PMC1:title] [bioc:1:intro] [pubtator:2:title]",
            [
                ("aact", "NCT1", "design"),
                ("europepmc", "PMC1", "title"),
                ("bioc", "1", "intro"),
                ("pubtator", "2", "title"),
            ],
        ),
        (
            "[pmid:1:abstract][nct:NCT1:results]",
            [("pmid", "1", "abstract"), ("nct", "NCT1", "results")],
        ),
        (
            "[pmid:1:abstract; pmid:2:abstract]",
            [("pmid", "1", "abstract"), ("pmid", "2", "abstract")],
        ),
        ("[pmid:1:abstract;\n  pmid:2]", [("pmid", "1", "abstract"), ("pmid", "2", None)]),
        ("[ pmid : 7 ]", [("pmid", "7", None)]),
    ],
)
def test_valid_anchors(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert kinds(text) == (expected, [])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[paper:1]", "has unknown type 'paper'"),
        ("[pmd:1]", "did you mean 'pmid'?"),
        ("[PMID:123]", "has type 'PMID'; anchor types are lower case: 'pmid'"),
        ("[pmid::abstract]", "has an empty id"),
        ("[pmid:123:]", "has an empty locator"),
        ("[pmid：123：abstract]", "uses a full-width colon '：'; write [pmid:123:abstract]"),
        ("【pmid:1:abstract】", "uses 【】 brackets; write [pmid:1:abstract]"),
        ("〔nct:NCT1〕", "uses 〔〕 brackets"),
        ("text [pmid:1:abstract", "is not closed with ']'"),
    ],
)
def test_near_misses(text: str, reason: str) -> None:
    anchors, misses = kinds(text)
    assert anchors == []
    assert len(misses) == 1 and reason in misses[0]


@pytest.mark.parametrize(
    "text",
    [
        "[1]",
        "[a]",
        "[ ]",
        "[x]",
        "[Note: see the table below]",
        "[https://example.org]",
        "[12, 13]",
        "see [Smith 2012]",
        "[pmid:1] and later [",
        "[TODO]",
    ],
)
def test_not_anchor_like(text: str) -> None:
    assert kinds(text)[1] == []


def test_unclosed_only_at_block_end() -> None:
    assert kinds("[pmid:1:abstract more text] ok")[1] == []


def test_attribute_values() -> None:
    anchors, misses = G.parse_attribute("pmid:1:abstract; nct:NCT1:results pmid:2")
    assert [(a.type, a.id, a.locator) for a in anchors] == [
        ("pmid", "1", "abstract"),
        ("nct", "NCT1", "results"),
        ("pmid", "2", None),
    ]
    assert misses == []
    anchors, misses = G.parse_attribute("[pmid:1:abstract][nct:NCT1]")
    assert len(anchors) == 2
    _, misses = G.parse_attribute("pmid:")
    assert misses and "empty id" in misses[0].reason


def test_custom_types() -> None:
    grammar = AnchorGrammar(("pmid", "patent"))
    anchors, _ = grammar.scan("[patent:US123:claims]")
    assert anchors[0].type == "patent"


def test_offsets_point_at_brackets() -> None:
    text = "见 [pmid:1:abstract; nct:NCT1]。"
    anchors, _ = G.scan(text)
    assert text[anchors[0].start : anchors[0].end] == "pmid:1:abstract"
    assert anchors[0].group == (2, text.index("]") + 1)
