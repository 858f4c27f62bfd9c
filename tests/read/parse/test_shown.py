"""Text a reader sees outside the flow: attributes, generated content, a frame's document."""

from __future__ import annotations

from citelint.read.parse.shown import attribute_texts, css_texts, srcdoc_text


def test_shown_attributes_with_their_offsets() -> None:
    tag = '<img src="x.png" alt="Rate 5%" title=\'A &amp; B\'>'
    found = [(text, list(offsets)[:2]) for text, offsets in attribute_texts(tag, "img", 100)]
    # written as shown: each character at its own offset; decoded: all at the value
    assert found == [("Rate 5%", [122, 123]), ("A & B", [138, 138])]


def test_a_hidden_field_and_a_value_no_reader_sees_are_not_read() -> None:
    assert list(attribute_texts('<input type="hidden" value="Secret 9%">', "input", 0)) == []
    assert list(attribute_texts('<li value="3">', "li", 0)) == []
    assert [t for t, _ in attribute_texts('<input value="Rate 9%">', "input", 0)] == ["Rate 9%"]


def test_generated_content_with_css_escapes() -> None:
    sheet = 'p::after { content: "Rate 5\\25  rose"; } q::before{content:\'\\"x\\"\'}'
    assert [t for t, _ in css_texts(sheet, 0)] == ["Rate 5% rose", '"x"']
    (text, offsets), *_ = css_texts('a::after{content:"plain"}', 10)
    assert (text, offsets[0]) == ("plain", 28)


def test_a_frames_document_without_its_scripts() -> None:
    assert srcdoc_text("<p>Rate <b>5%</b></p><script>x=1</script><style>p{}</style>") == ("Rate 5%")
    assert srcdoc_text("   ") == ""


def test_css_attr_content_option_labels_and_link_titles_are_read() -> None:
    from tests.read.parse.conftest import parse

    doc = parse(
        "r.html",
        "<style>p::after { content: attr(data-claim) }</style>"
        '<p data-claim="Mortality fell by 75%.">x</p>'
        '<select><optgroup label="Rate 9%."><option label="Rate 8%.">a</option></optgroup></select>',
    )
    assert [b.text for b in doc.blocks] == [
        "Mortality fell by 75%.",
        "x",
        "Rate 9%.",
        "Rate 8%.",
        "a",
    ]
    doc = parse("r.md", 'See [it](https://x.org "Mortality fell by 75%.") here.\n')
    assert [s.text for s in doc.sentences] == ["See it here.", "Mortality fell by 75%."]
