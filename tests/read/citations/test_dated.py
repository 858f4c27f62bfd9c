"""Citations that name no source: a kind of source and a date, or the writing tool's id."""

from __future__ import annotations

import pytest

from citelint.read.citations.dated import dated, source_ids
from citelint.read.citations.hits import BlockText


def _found(text: str) -> list[tuple[str, str, str]]:
    block = BlockText(text, (), (), False, ())
    return [(h.type, h.id, text[h.start : h.end]) for h in dated(None, block)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Up 5% [news (2025-06-23)]", [("dated", "news (2025-06-23)", "[news (2025-06-23)]")]),
        ("Pending ([journal (2023-12)]).", [("dated", "journal (2023-12)", "[journal (2023-12)]")]),
        (
            "Suit [unknown (unknown)]:item:7F",
            [("dated", "unknown (unknown)", "[unknown (unknown)]")],
        ),
        ("Blocked [forum (2024)]", [("dated", "forum (2024)", "[forum (2024)]")]),
        ("Rose [Smith (2020)]", []),  # an author and year: a name, read with the list
        ("See [figure (left)]", []),  # no date in the parentheses
        ("Rate [news(2025-06-23)]", []),  # the shape has its space
    ],
)
def test_a_kind_and_a_date_in_brackets(text: str, found: list[tuple[str, str, str]]) -> None:
    assert _found(text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("serving 3 billion users source_id:56661463563, with", ["56661463563"]),
        (
            "delayed source_id:9096d7f74c20987b8eed6b412e363a2c.",
            ["9096d7f74c20987b8eed6b412e363a2c"],
        ),
        ("the field source_id:12 in the schema", []),  # too short to be a store's id
        ("a_source_id:56661463563", []),  # glued to a word
        ("source_id:56661463563x", []),
    ],
)
def test_the_writing_tools_own_source_ids(text: str, found: list[str]) -> None:
    block = BlockText(text, (), (), False, ())
    assert [h.id for h in source_ids(None, block)] == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # ChatGPT's export marker, its private-use delimiters stripped or kept
        ("on up to 289 qubits in 2D. citeturn7view0  ", [("turn7view0", "citeturn7view0")]),
        (
            "at 6 K. citeturn15view0turn5search22",
            [("turn15view0turn5search22", "citeturn15view0turn5search22")],
        ),
        (
            "grew 5%.\ue200cite\ue202turn0search3\ue202turn0news12\ue201 Next",
            [("turn0search3turn0news12", "citeturn0search3turn0news12")],
        ),
        ("we recite turn7view0 here", []),  # a word and no marker
        ("the excitement citeturn", []),  # `cite` and no id
        ("recited citeturn7view0", [("turn7view0", "citeturn7view0")]),
        ("precited: xciteturn7view0", []),  # glued to a word
        # its browsing and file-search marks
        ("weights it sets【81†source】.", [("81†source", "【81†source】")]),
        ("was 400 ms【12†L34-L40】 and", [("12†L34-L40", "【12†L34-L40】")]),
        (
            "rose 12%【4:0†annual_report.pdf】",
            [("4:0†annual_report.pdf", "【4:0†annual_report.pdf】")],
        ),
        ("the list【4】 and a dagger† here", []),  # a numbered citation, and a dagger alone
        # what a copy of a ChatGPT answer keeps, and Gemini's own marks
        (
            "of costs. :contentReference[oaicite:0]{index=0}",
            [("contentReference[oaicite:0]{index=0}", ":contentReference[oaicite:0]{index=0}")],
        ),
        (
            "one root. :contentReference[oaicite:5]index=5}",
            [("contentReference[oaicite:5]index=5}", ":contentReference[oaicite:5]index=5}")],
        ),
        ("by March.[cite: 12] Weekend", [("[cite: 12]", "[cite: 12]")]),
        ("to 95%.[cite: 3, 14]", [("[cite: 3, 14]", "[cite: 3, 14]")]),
        ("the status.[cite: 230-234] Next", [("[cite: 230-234]", "[cite: 230-234]")]),
        ("see [cite: the survey]", []),  # words, no numbers
    ],
)
def test_chatgpts_markers_are_the_tools_own_ids(text: str, found: list[tuple[str, str]]) -> None:
    block = BlockText(text, (), (), False, ())
    assert [(h.id, h.written) for h in source_ids(None, block)] == found
