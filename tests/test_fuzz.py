"""Nasty input, generated: the parsers, the grammars and the Mermaid reader never crash,
and every position they report lies inside the text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citelint.ground.mermaid import analyze
from citelint.ground.tokens import DrugGrammar, entity_tokens, numeric_tokens
from citelint.read.parse import Parser

PIECES = st.sampled_from(
    [
        "[",
        "]",
        "[pmid:1:abstract]",
        "[nct:NCT1",
        "【pmid:2】",
        ":",
        "：",
        "<p>",
        "</p>",
        "<div ",
        "data-cite='pmid:3'>",
        "<!--",
        "-->",
        "<!-- citelint-disable CL101 -->",
        "&amp;",
        "&#x4e2d;",
        "&",
        "\n",
        "\r\n",
        "\n\n",
        "# ",
        "| a | b |\n|---|---|\n",
        "```mermaid\n",
        "```",
        "45%",
        "4.8个月",
        "HR 0.45",
        "10-20%",
        "35亿元",
        "。",
        ". ",
        "替尼",
        "头孢",
        "mab",
        "¹",
        "·",
        "\u2028",
        "\ufeff",
        "\x00",
        "<script>",
        "</script>",
        "<table><tr><td>",
        "A-->B",
        "e.g.",
        "中文",
        " ",
    ]
)
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=5)), max_size=40).map("".join)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(TEXT, st.sampled_from(["r.md", "r.html"]))
def test_parsers_survive_and_positions_are_inside(text: str, name: str) -> None:
    from citelint.read.parse import UnreadableReport

    try:
        doc = Parser().parse(name, text.encode("utf-8", "surrogatepass"))
    except UnreadableReport:
        return  # a finding (CL902), not a crash
    n = len(doc.text)
    for anchor in doc.anchors:
        assert 0 <= anchor.start <= anchor.end <= n
    for block in doc.blocks:
        for sentence in block.sentences:
            assert 0 <= sentence.start <= sentence.end <= n
            line, column = doc.position(sentence.start)
            assert line >= 1 and column >= 1


@FAST
@given(TEXT)
def test_token_grammars_survive(text: str) -> None:
    for token in numeric_tokens(text) + numeric_tokens(text, source=True):
        assert 0 <= token.start <= token.end <= len(text)
    for entity in entity_tokens(text):
        assert text[entity.start : entity.end] == entity.text
    for drug in DrugGrammar().mentions(text):
        assert text[drug.start : drug.end] == drug.name


@FAST
@given(
    st.lists(
        st.sampled_from(
            [
                "graph TD\n",
                "flowchart LR\n",
                "pie\n",
                "sequenceDiagram\n",
                "A-->B",
                'A["x\n',
                "]",
                "(",
                ")",
                "{",
                "}",
                '"',
                ";",
                "\n",
                "%% cite: [pmid:1]\n",
                "---\ntitle: x\n---\n",
                '  "a" : 5\n',
                "Alice->>Bob: hi :(\n",
                "class A\n",
                "A --|> B\n",
                "x-axis [1, 2]\n",
                "bar [1, 2]\n",
                "A o--o B",
                "C -- text --> D",
            ]
        ),
        max_size=30,
    ).map("".join)
)
def test_mermaid_reader_survives(source: str) -> None:
    diagram = analyze(source)
    for label in diagram.labels:
        assert 0 <= label.start <= len(source)
