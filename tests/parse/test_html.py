"""HTML reports: entities and positions, skipped elements, nesting, attribute anchors."""

from __future__ import annotations

from tests.parse.conftest import parse, sentences


def test_html_entities_and_positions() -> None:
    doc = parse("r.html", "<p>A &amp; B &lt;5%&gt; [pmid:1]</p>\n<p>x&nbsp;<b>y</b> [nct:N1]</p>")
    assert sentences(doc)[0] == "A & B <5%> [pmid:1]"
    assert doc.position(doc.anchors[0].start) == (1, 25)
    assert doc.position(doc.anchors[1].start) == (2, 20)


def test_html_skips_code_scripts_and_comments() -> None:
    doc = parse(
        "r.html",
        "<head><title>[pmid:0]</title></head><script>x='[pmid:1]'</script>"
        "<style>p{}</style><!-- [pmid:2] --><p>real <code>[pmid:3]</code> [pmid:4]</p>"
        "<pre>[pmid:5]</pre><template><p>[pmid:6]</p></template><noscript>[pmid:7]</noscript>",
    )
    assert [a.id for a in doc.anchors] == ["4"]


def test_nested_blocks_innermost_owns() -> None:
    doc = parse("r.html", "<li>outer <p>inner [pmid:1]</p> tail</li><div>bare text</div>")
    assert [(b.kind, b.text.strip()) for b in doc.blocks] == [
        ("li", "outer"),
        ("p", "inner [pmid:1]"),
        ("li", "tail"),
        ("anon", "bare text"),
    ]


def test_br_ends_a_sentence() -> None:
    doc = parse("r.html", "<p>line one<br>line two</p>")
    assert sentences(doc) == ["line one", "line two"]


def test_attribute_anchor_covers_element_sentences() -> None:
    doc = parse(
        "r.html", '<div data-cite="pmid:1:abstract"><p>A 5%.</p><p>B 6%.</p></div><p>C 7%.</p>'
    )
    covered = {s.text: [a.text for a in s.anchors] for s in doc.sentences}
    assert covered == {"A 5%.": ["[pmid:1:abstract]"], "B 6%.": ["[pmid:1:abstract]"], "C 7%.": []}
    assert doc.position(doc.anchors[0].start) == (1, 17)


def test_broken_html_still_parses() -> None:
    doc = parse("r.html", "<p>unclosed <b>bold <p>second [pmid:1]<div><table><tr><td>x")
    assert "second [pmid:1]" in sentences(doc)
