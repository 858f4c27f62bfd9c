"""Parsing reports: decoding (BOM, CRLF, encodings), empty files, and a Markdown report
read alike as its HTML export."""

from __future__ import annotations

import re
from pathlib import Path

import pyromark

from citelint.ground.document import Document
from tests.read.parse.conftest import parse


def test_bom_and_crlf() -> None:
    doc = parse("r.md", "\ufeffline one.\r\n\r\nSecond [pmid:9]\r\n")
    assert doc.position(doc.anchors[0].start) == (3, 8)
    html = parse("r.html", "\ufeff<p>a</p>\r\n<p>b [pmid:9]</p>")
    assert html.position(html.anchors[0].start) == (2, 6)


def test_empty_reports() -> None:
    assert parse("r.md", "").blocks == ()
    assert parse("r.html", "   \n").blocks == ()


def _rendered(markdown: str) -> str:
    """A Markdown report as a renderer exports it to HTML (tables, footnotes)."""
    options = pyromark.Options.ENABLE_TABLES | pyromark.Options.ENABLE_FOOTNOTES
    return f"<html><body>{pyromark.html(markdown, options=options)}</body></html>"


def _read(doc: Document) -> tuple[list[tuple[str, str, str | None]], list[str], list[str]]:
    """What a report cites, lists and draws, format aside: its anchors, its reference
    entries and its Mermaid diagrams."""
    anchors = [(a.type, a.id, a.locator) for a in doc.anchors]
    entries = [f"{r.key} {' '.join(r.text.split())}" for r in doc.references]
    return anchors, entries, [m.source.strip() for m in doc.mermaid]


PARITY = """# Outcomes

Pembrolizumab improved survival to 14.9 months [ascopost.com](https://ascopost.com/a) [1].

| Drug | Result |
| --- | --- |
| Nivolumab | Survival doubled (36% vs 17%) [example.org](https://example.org/b) |
| Cetuximab | Response in 13% of patients [2] |

- Response rates rose in the second cohort [3].

```mermaid
pie title Best response (%)
    "Partial response" : 52
    "Stable disease" : 30
```

## References

1. Lee K. A trial. Lancet. 2019;1:2-3.

2. International Agency. A new technique. Agency News. May 7, 2024.

3. Aerts HJWL, Ruiz P. A model. Nat Commun. 2014;5:4006.
"""


def test_a_markdown_report_and_its_html_export_read_alike() -> None:
    assert _read(parse("r.html", _rendered(PARITY))) == _read(parse("r.md", PARITY))


def test_real_reports_and_their_html_exports_read_alike(corpus: Path) -> None:
    # every published Markdown report of the corpus, exported as a renderer would: the
    # same anchors, reference entries and diagrams in both formats
    reports = sorted((corpus / "reports").rglob("*.md"))
    assert len(reports) > 40
    for path in reports:
        text = path.read_text(encoding="utf-8")
        md, html = parse("r.md", text), parse("r.html", _rendered(text))
        assert _read(html) == _read(md), path.name


_ENTRY = re.compile(r"\[(\d+)\]\s+(.*)")
_LISTED = re.compile(r"(\d+)\.\s+(.*)")
_HEADING = re.compile(r"#+\s*(?:references|sources|works cited|citations|bibliography)\b", re.I)


def _footnoted(text: str) -> str:
    """A numbered report rewritten with Markdown footnotes: `[3]` → `[^3]`, its entry
    (`[3] …`, or `3. …` under the list's heading) → `[^3]: …`."""
    lines, listed = [], False
    for line in text.split("\n"):
        listed = listed or bool(_HEADING.match(line))
        entry = _ENTRY.match(line) or (_LISTED.match(line) if listed else None)
        if entry:
            lines.append(f"[^{entry.group(1)}]: {entry.group(2)}")
        else:
            lines.append(re.sub(r"\[(\d+)\](?!\()", r"[^\1]", line))
    return "\n".join(lines)


def test_numbered_reports_rewritten_with_footnotes_read_alike(corpus: Path) -> None:
    # the wild reports that cite `[n]`, as footnotes in Markdown and in its HTML export:
    # each citation leads to the same entry (a renderer may number the notes in the order
    # they are first cited, the reader's numbers in the text and in the list alike)
    reports = [p for p in sorted((corpus / "reports" / "wild").rglob("*.md"))]
    numbered = [p for p in reports if re.search(r"\[\d+\]", p.read_text(encoding="utf-8"))]
    assert len(numbered) >= 12
    for path in numbered:
        text = path.read_text(encoding="utf-8")
        foot = _footnoted(text)
        want = _keys(parse("r.md", text))
        assert _keys(parse("r.md", foot)) == want, path.name
        assert _keys(parse("r.html", _rendered(foot))) == want, path.name


def _keys(doc: Document) -> tuple[list[str], list[str]]:
    """The entry each citation leads to, and the entries: by their text, not their key."""
    listed = {r.key: re.sub(r"^\[\d+\]\s*", "", " ".join(r.text.split())) for r in doc.references}
    cited = [listed.get(a.id, f"unlisted {a.id}") if a.type == "ref" else a.id for a in doc.anchors]
    return cited, sorted(listed.values())
