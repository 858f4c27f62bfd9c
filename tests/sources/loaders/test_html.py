"""HTML sources: the document's text on the file's own lines, no markup left in it."""

from __future__ import annotations

import pytest

from citelint.sources.loaders.html import decode_html, load_html
from citelint.sources.model import SourceError, Span

# Cut from Mozilla Readability's test page `test/test-pages/001/source.html` (a real blog
# page, Apache-2.0): start tags that span lines, attributes holding numbers, a quoted
# tweet with `<br />`, escaped markup in a code sample, navigation and scripts.
READABILITY_001 = b"""<!DOCTYPE html>
<html class="no-js" lang="en">
    <head>
        <meta charset="utf-8"/>
        <title>Get your Frontend JavaScript Code Covered | Code | Nicolas Perriault</title>
        <meta
        name="description" content="Nicolas Perriault's homepage."/>
            <meta name="viewport" content="width=device-width"/>
            <link rel="stylesheet" type="text/css" href="/static/packed.css?1412806084"/>
    </head>
    <body class="code " onload="prettyPrint()">
        <div class="container">
                    <header>
                         <h2><a itemprop="name" href="/code/2013/get-your-frontend-javascript-code-covered/">Get your Frontend JavaScript Code Covered</a></h2>
                    </header>
                        <p>Actually I've only found one which provides an adapter for <a href="http://visionmedia.github.io/mocha/">Mocha</a> and
                            actually works\xe2\x80\xa6</p>
                        <blockquote class="twitter-tweet tw-align-center">
                            <p>Drinking game for web devs:
                                <br />(1) Think of a noun
                                <br />(2) Google "&lt;noun&gt;.js"
                                <br />(3) If a library with that name exists - drink</p>\xe2\x80\x94 Shay Friedman (@ironshay)
                            <a
                            href="https://twitter.com/ironshay/statuses/370525864523743232">August 22, 2013</a>
                        </blockquote>
<pre><code>&lt;script src="vendor/blanket.js"
        data-cover-adapter="vendor/mocha-blanket.js"&gt;&lt;/script&gt;
</code></pre>
                            <time
                            datetime="2013-09-29" itemprop="datePublished">2013-09-29</time>\xe2\x80\x94 in <a href="/code/" itemprop="genre">Code</a>
                    <nav> <a class="prev" href="/code/2013/functional-javascript-for-crawling-the-web/">Functional JavaScript for crawling the Web</a>
                    </nav>
        </div>
        <script>
            window.jQuery || document.write('&lt;script src="js/libs/jquery-1.7.1.min.js">&lt;\\/script>')
        </script>
    </body>
</html>
"""


def test_a_real_page_reads_as_its_text_on_its_own_lines() -> None:
    page = load_html("p.html", READABILITY_001, None)
    raw = READABILITY_001.decode().split("\n")
    assert len(page.lines) == len(raw)
    text = page.text
    for markup in ("href=", "itemprop", "content=", "width=device-width", "1412806084"):
        assert markup not in text
    assert "jQuery" not in text and "Functional JavaScript" not in text  # script, nav
    shown = [(n, line) for n, line in enumerate(page.lines, 1) if line]
    assert shown == [
        (5, "Get your Frontend JavaScript Code Covered | Code | Nicolas Perriault"),
        (14, "Get your Frontend JavaScript Code Covered"),
        (16, "Actually I've only found one which provides an adapter for Mocha and"),
        (17, "actually works\u2026"),
        (19, "Drinking game for web devs:"),
        (20, "(1) Think of a noun"),
        (21, '(2) Google "<noun>.js"'),
        (22, "(3) If a library with that name exists - drink \u2014 Shay Friedman (@ironshay)"),
        (24, "August 22, 2013"),
        (26, '<script src="vendor/blanket.js"'),  # the page's own code sample: its text
        (27, 'data-cover-adapter="vendor/mocha-blanket.js"></script>'),
        (30, "2013-09-29 \u2014 in Code"),
    ]
    assert [(h.line, h.level, h.title) for h in page.headings] == [
        (14, 2, "Get your Frontend JavaScript Code Covered")
    ]
    found = page.resolve("line:24")
    assert isinstance(found, Span) and found.text == "August 22, 2013"


def test_a_number_in_an_attribute_is_no_number_of_the_page() -> None:
    page = load_html("p.html", b'<p\n  class="a"\n  width="410">First para\nends</p>', None)
    assert page.lines == ("", "", "First para", "ends")


def test_table_cells_of_a_row_are_joined_and_rows_stay_apart() -> None:
    data = b"<table><tr><th>Arm</th><th>PFS</th></tr><tr><td>A</td><td>4.8</td></tr></table>"
    assert load_html("t.html", data, None).lines == ("Arm | PFS A | 4.8",)
    rows = (
        b"<table>\n<tr><td>Arm</td><td>PFS</td></tr>\n<tr><td>A</td>\n<td>4.8</td></tr>\n</table>"
    )
    assert load_html("t.html", rows, None).lines == ("", "Arm | PFS", "A", "4.8", "")


def test_the_charset_comes_from_the_page_or_the_recorded_header() -> None:
    latin = "<p>Caf\xe9 au lait: 5 \xb5g</p>".encode("latin-1")
    declared = b'<meta charset="iso-8859-1">' + latin
    assert load_html("l.html", declared, None).lines == ("Caf\xe9 au lait: 5 \xb5g",)
    http_equiv = b'<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
    assert "Caf\xe9" in load_html("l.html", http_equiv + latin, None).text
    assert decode_html(latin, "text/html; charset=ISO-8859-1").startswith("<p>Caf\xe9")
    with pytest.raises(SourceError, match="not valid UTF-8"):
        decode_html(latin)
    with pytest.raises(SourceError, match="not valid UTF-8"):
        decode_html(b'<meta charset="no-such-charset">' + latin)
    utf16 = "\ufeff<p>\u00b5g</p>".encode("utf-16")
    assert load_html("u.html", utf16, None).lines == ("\u00b5g",)


def test_hostile_pages_end_quickly_with_their_lines() -> None:
    deep = b"<div>" * 1000 + b"deep" + b"</div>" * 1000
    assert load_html("d.html", deep, None).lines == ("deep",)
    deeper = b"<div>" * 50000 + b"lost" + b"</div>" * 50000  # past libxml2's depth: no text,
    assert load_html("d.html", deeper, None).lines == ("",)  # so nothing passes by it
    tall = b"<html><body>" + b"\n" * 70000 + b"<p>far down</p></body></html>"
    page = load_html("t.html", tall, None)
    assert page.lines[70000] == "far down" and len(page.lines) == 70001
    assert load_html("e.html", b"", None).lines == ("",)
    assert load_html("c.html", b"<!-- a\nb -->\n<p>x</p>", None).lines == ("", "", "x")
    assert load_html("cr.html", b"<p>a</p>\r\n<p>b</p>\r<p>c</p>", None).lines == ("a", "b", "c")
