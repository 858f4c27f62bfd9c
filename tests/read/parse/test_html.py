"""HTML reports: entities and positions, skipped elements, nesting, attribute anchors."""

from __future__ import annotations

import pytest

from tests.read.parse.conftest import parse, sentences


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
    # what a reader with scripts off sees (`noscript`) is read: only the head, code,
    # scripts, templates and comments stay unread
    assert [a.id for a in doc.anchors] == ["4", "7"]


SHOWN = "Mortality fell by 75% with trametinib."


def test_text_a_reader_sees_outside_the_flow_is_read_where_it_is() -> None:
    doc = parse(
        "r.html",
        f'<html><head><style>p::after {{ content: "{SHOWN}" }}</style></head><body>\n'
        f'<p>Lead <img src="x.png" alt="{SHOWN}"> tail.</p>\n'
        f'<svg><text x="1">Mortality <tspan>fell</tspan> by 75%.</text></svg>\n'
        f"<textarea>{SHOWN}</textarea><noscript><p>{SHOWN}</p></noscript>\n"
        f'<iframe srcdoc="&lt;p&gt;{SHOWN}&lt;/p&gt;"></iframe>\n'
        f"<p>It <math><mn>75</mn><mo>%</mo><annotation>x</annotation></math> fell.</p>\n"
        f'<p><span title="{SHOWN}">x</span><input value="{SHOWN}">'
        f'<input type="hidden" value="Hidden 99%."></p></body></html>',
    )
    found = [(doc.position(s.start), s.text) for s in doc.sentences]
    assert found == [
        ((1, 41), SHOWN),
        ((2, 4), "Lead  tail."),
        ((2, 31), SHOWN),  # the alt text, after the paragraph it sits in
        ((3, 18), "Mortality fell by 75%."),
        ((4, 11), SHOWN),
        ((4, 73), SHOWN),
        ((5, 1), SHOWN),  # a frame's document: at the frame
        ((6, 4), "It 75% fell."),
        ((7, 57), "x"),
        ((7, 17), SHOWN),  # a title and a field's value; never a hidden field's
        ((7, 79), SHOWN),
    ]


def test_a_shown_attribute_lxml_reads_differently_is_still_read() -> None:
    doc = parse("r.html", '<p><abbr title="A &amp; B rose 5%">AB</abbr> and <br title=x></p>')
    assert [s.text for s in doc.sentences] == ["AB and", "A & B rose 5%", "x"]


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


def test_a_table_cell_cites_with_its_links_and_superscripts() -> None:
    # seen on a Markdown report exported to HTML: every link citation of its table rows
    # was dropped (123 anchors read as 106), and the cited rows got CL001
    doc = parse(
        "r.html",
        "<table><tr><th>Drug</th><th>Result</th></tr>\n"
        '<tr><td>Nivolumab</td><td>Survival doubled (36% vs 17%) <a href="https://example.org/b">'
        "example.org</a></td></tr>\n"
        "<tr><td>Cetuximab</td><td>Response in 13% of patients<sup>2</sup></td></tr></table>\n"
        "<h2>References</h2><ol><li>Lee K. A trial. 2019.</li><li>Ruiz P. Another. 2020.</li></ol>",
    )
    assert [(a.type, a.id, doc.position(a.start)) for a in doc.anchors] == [
        ("url", "https://example.org/b", (2, 89)),  # at the link text
        ("ref", "2", (3, 59)),
    ]


def test_a_loose_list_item_keeps_its_number() -> None:
    # `<li><p>…</p></li>`, as Markdown renderers write a list with blank lines between
    # items: each entry is its item's number, as in the Markdown it came from, even when
    # an entry does not read as a reference (an agency, a four-initial author)
    entries = [
        "Lee K. A trial. Lancet. 2019;1:2-3.",
        "International Agency. A new technique. Agency News. May 7, 2024.",
        "Aerts HJWL, Ruiz P. A model. Nat Commun. 2014;5:4006.",
    ]
    items = "".join(f"<li>\n<p>{e}</p>\n</li>\n" for e in entries)
    doc = parse(
        "r.html",
        "<p>First [1]. Second [2]. Third [3].</p>\n"
        f'<h2>References</h2>\n<ol start="1">\n{items}</ol>',
    )
    assert [(r.key, r.text) for r in doc.references] == [
        (str(n), e) for n, e in enumerate(entries, 1)
    ]


_BODY = "<p>Survival rose 5%.{0} Deaths fell 3%.{1}</p>\n"
_ENTRIES = ("Smith J. A trial. Lancet. 2020;1:2-3.", "Lee K. Another trial. BMJ. 2021;2:3-4.")
# A footnoted Markdown report as five renderers export it: the reference, then the notes
EXPORTS = {
    "pandoc": (
        '<a href="#fn{n}" class="footnote-ref" id="fnref{n}" role="doc-noteref"><sup>{n}</sup></a>',
        '<section id="footnotes" class="footnotes footnotes-end-of-document" role="doc-endnotes">'
        "<hr /><ol>{items}</ol></section>",
        '<li id="fn{n}"><p>{entry}<a href="#fnref{n}" class="footnote-back" '
        'role="doc-backlink">↩︎</a></p></li>',
    ),
    "markdown-it": (
        '<sup class="footnote-ref"><a href="#fn{n}" id="fnref{n}">[{n}]</a></sup>',
        '<hr class="footnotes-sep"><section class="footnotes"><ol class="footnotes-list">'
        "{items}</ol></section>",
        '<li id="fn{n}" class="footnote-item"><p>{entry} <a href="#fnref{n}" '
        'class="footnote-backref">↩︎</a></p></li>',
    ),
    "python-markdown": (
        '<sup id="fnref:{n}"><a class="footnote-ref" href="#fn:{n}">{n}</a></sup>',
        '<div class="footnote"><hr /><ol>{items}</ol></div>',
        '<li id="fn:{n}"><p>{entry}&#160;<a class="footnote-backref" href="#fnref:{n}">'
        "&#8617;</a></p></li>",
    ),
    "github": (  # its backlink's emoji is a custom element: inline, as browsers show it
        '<sup><a href="#user-content-fn-{n}" id="user-content-fnref-{n}" data-footnote-ref="" '
        'aria-describedby="footnote-label">{n}</a></sup>',
        '<section data-footnotes="" class="footnotes"><h2 id="footnote-label" class="sr-only">'
        "Footnotes</h2><ol>{items}</ol></section>",
        '<li id="user-content-fn-{n}"><p>{entry} <a href="#user-content-fnref-{n}" '
        'data-footnote-backref="" class="data-footnote-backref" aria-label="Back to reference '
        '{n}"><g-emoji class="g-emoji" alias="leftwards_arrow_with_hook">↩</g-emoji></a></p></li>',
    ),
    "pulldown-cmark": (
        '<sup class="footnote-reference"><a href="#{n}">{n}</a></sup>',
        "{items}",
        '<div class="footnote-definition" id="{n}"><sup class="footnote-definition-label">'
        "{n}</sup><p>{entry}</p></div>",
    ),
}


@pytest.mark.parametrize("renderer", sorted(EXPORTS))
def test_a_footnoted_report_exported_to_html_reads_its_notes_as_the_list(renderer: str) -> None:
    # each reference was read two or three times (the link, the superscript, glued digits)
    # and the notes were no reference list: CL008 "cites by number but has no reference list"
    ref, notes, item = EXPORTS[renderer]
    items = "".join(item.format(n=n, entry=e) for n, e in enumerate(_ENTRIES, 1))
    html = _BODY.format(ref.format(n=1), ref.format(n=2)) + notes.format(items=items)
    doc = parse("r.html", html)
    assert [(a.type, a.id) for a in doc.anchors] == [("ref", "1"), ("ref", "2")]
    assert [(r.key, r.text.rstrip("↩︎\xa0 ")) for r in doc.references] == [
        ("1", _ENTRIES[0]),
        ("2", _ENTRIES[1]),
    ]


def test_a_class_named_like_notes_outside_a_list_keys_nothing() -> None:
    # a paragraph in a `footnotes` box is not an entry: only the items of its list are
    doc = parse(
        "r.html",
        '<div class="footnote"><p>Survival rose to 75% with trametinib.</p></div>',
    )
    assert doc.references == () and [s.text for s in doc.sentences] == [
        "Survival rose to 75% with trametinib."
    ]


def test_a_note_numbered_by_its_value_is_keyed_by_it() -> None:
    doc = parse(
        "r.html",
        '<p>Rate 5%.<a href="#fn4"><sup>4</sup></a></p><section role="doc-endnotes"><ol>'
        '<li value="4" id="fn4"><p>Smith J. A trial. Lancet. 2020;1:2-3.</p></li></ol></section>',
    )
    assert [a.id for a in doc.anchors] == ["4"]
    assert [(r.key, r.text) for r in doc.references] == [
        ("4", "Smith J. A trial. Lancet. 2020;1:2-3.")
    ]


def test_a_row_whose_first_cell_is_code_starts_on_its_row() -> None:
    # the Markdown parser's fault in HTML: the separator after a cell with no text read
    # took the file's first character
    doc = parse(
        "r.html",
        "<p>Intro.</p>\n<table>\n<tr><th>Event</th><th>Count</th></tr>\n"
        "<tr><td><code>message_start</code></td><td>1 time</td></tr>\n</table>\n",
    )
    row = next(s for s in doc.sentences if "1 time" in s.text)
    assert doc.position(row.start) == (4, 44)
