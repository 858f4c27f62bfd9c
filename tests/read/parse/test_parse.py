"""Parsing reports: decoding (BOM, CRLF, encodings) and empty files."""

from __future__ import annotations

from tests.read.parse.conftest import parse


def test_bom_and_crlf() -> None:
    doc = parse("r.md", "\ufeffline one.\r\n\r\nSecond [pmid:9]\r\n")
    assert doc.position(doc.anchors[0].start) == (3, 8)
    html = parse("r.html", "\ufeff<p>a</p>\r\n<p>b [pmid:9]</p>")
    assert html.position(html.anchors[0].start) == (2, 6)


def test_empty_reports() -> None:
    assert parse("r.md", "").blocks == ()
    assert parse("r.html", "   \n").blocks == ()
