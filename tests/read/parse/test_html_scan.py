"""The raw HTML scan: decoded text with raw offsets, comments, attribute tags, raw text."""

from __future__ import annotations

import pytest

from citelint.read.parse.html_scan import scan


def test_entities_decode_to_their_raw_offsets() -> None:
    raw = "<p>A &amp; B&#x4e2d;</p>"
    stream = scan(raw)
    assert stream.text == "A & B中"
    amp = stream.text.index("&")
    assert raw[stream.raw[amp] : stream.raw[amp] + 5] == "&amp;"
    assert raw[stream.raw[stream.text.index("中")]] == "&"


def test_crlf_folds_like_lxml_and_offsets_follow_a_base() -> None:
    stream = scan("a\r\nb\rc", base=100)
    assert stream.text == "a\nb\nc"
    assert list(stream.raw) == [100, 102, 103, 104, 105]


def test_comments_attribute_tags_and_raw_text() -> None:
    raw = '<!-- citelint-disable CL101 --><div data-cite="pmid:1">x</div><script>a<b</script>y'
    stream = scan(raw)
    assert stream.comments == [(" citelint-disable CL101 ", 0, 31)]
    assert stream.attr_tags == [(31, '<div data-cite="pmid:1">')]
    assert stream.text == "xy"  # script text is skipped whole: its `<b` is not a tag


def test_attributes_past_the_bound_are_blanked_in_place() -> None:
    from citelint.read.parse.html_scan import MAX_ATTRIBUTES, bound_attributes

    many = " ".join(f'a{i}="x>y"' for i in range(MAX_ATTRIBUTES + 50))
    raw = f"<p {many}\n>Rate 5%.</p><b c=1>x</b>"
    bounded = bound_attributes(raw)
    assert len(bounded) == len(raw) and bounded.count("\n") == raw.count("\n")
    assert f'a{MAX_ATTRIBUTES - 1}="x>y"' in bounded and f"a{MAX_ATTRIBUTES}=" not in bounded
    assert bounded.endswith(">Rate 5%.</p><b c=1>x</b>")
    small = "<p a=1 b=2>x</p>"
    assert bound_attributes(small) is small


def test_one_tag_of_a_hundred_thousand_attributes_reaches_lxml_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lxml import etree

    from citelint.read.parse import Parser
    from citelint.read.parse.html_scan import MAX_ATTRIBUTES

    seen: list[int] = []
    real = etree.fromstring

    def counting(text: str, parser: object) -> object:
        root = real(text, parser)  # type: ignore[call-overload]
        seen.append(max(len(el.attrib) for el in root.iter()))
        return root

    monkeypatch.setattr(etree, "fromstring", counting)
    raw = "<p " + " ".join(f"a{i}=x" for i in range(100_000)) + ">Rate 5%.</p>"
    doc = Parser().parse("r.html", raw.encode())
    assert seen == [MAX_ATTRIBUTES] and doc.sentences[0].text == "Rate 5%."
