"""The raw HTML scan: decoded text with raw offsets, comments, attribute tags, raw text."""

from __future__ import annotations

from citelint.parse.html_scan import scan


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
