"""Tying citations to saved sources: entries, identifiers, URL indexes, titles, quotes,
and what happens when nothing answers — or when an index is hostile."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from citelint.ground.document import Anchor, Document
from citelint.read.citations.resolve import CitationResolver, Resolved
from citelint.read.parse import Parser
from citelint.sources.model import Failure, FailureKind, Span
from citelint.sources.store import SourceStore
from tests.conftest import Writer

RECORD = Path(__file__).parents[2] / "rules" / "CL105_retracted-source" / "sources" / "pubmed"
ENTRY = "Flaherty KT, et al. Improved survival with trametinib in BRAF V600 melanoma. N Engl J Med. 2012;367:107-114."
PAGE = "<html><body><p>The median PFS was 4.8 months with trametinib.</p></body></html>"
STORM = {
    "url_to_unified_index": {"https://example.org/a": 1},
    "url_to_info": {
        "https://example.org/a": {"snippets": ["It has 322 staff.", "Founded in 1993."]},
        "https://example.org/b": {"snippets": "not a list"},
    },
}


@pytest.fixture
def root(project: Writer) -> Path:
    for name in ("2001.xml", "2002.xml"):
        project(f"sources/pubmed/{name}", (RECORD / name).read_bytes())
    project("sources/web/index.json", json.dumps({"https://ascopost.com/a/": "a.html"}))
    project("sources/web/a.html", PAGE)
    return project("sources/url_to_info.json", json.dumps(STORM)).parent


def _resolve(root: Path | None, report: str) -> tuple[Document, Resolved]:
    doc = Parser().parse("r.md", report.encode())
    store = SourceStore(trusted=(str(root.parent),) if root else ())
    return doc, CitationResolver(store).resolve(doc, str(root) if root else None)


def _only(doc: Document, resolved: Resolved) -> Span | Failure:
    (cited,) = [a for a in doc.anchors if a.is_citation and a.start < doc.text.find("## ")]
    return resolved.resolutions[cited]


@pytest.mark.parametrize(
    "how",
    [
        "PMID: 2001",
        "doi:10.1000/test.2001",
        "https://pubmed.ncbi.nlm.nih.gov/2001/",
        "[pmid:2001]",
        "",  # by its title alone
    ],
)
def test_an_entry_resolves_to_its_saved_record(root: Path, how: str) -> None:
    doc, resolved = _resolve(root, f"Rate 4.8 months [1].\n\n## References\n\n1. {ENTRY} {how}\n")
    found = _only(doc, resolved)
    assert isinstance(found, Span) and found.path.endswith("2001.xml")
    record = resolved.records[doc.references[0].place]
    assert record.target == "[pmid:2001]"
    assert record.fields["year"] == "2012" and not record.retraction
    assert resolved.unsaved == {}


def test_an_anchor_in_the_entry_keeps_its_locator(root: Path) -> None:
    doc, resolved = _resolve(root, "Rate [1].\n\n## References\n\n1. [pmid:2001:abstract]\n")
    found = _only(doc, resolved)
    assert isinstance(found, Span) and found.locator == "abstract"


def test_a_retracted_record_says_so(root: Path) -> None:
    doc, resolved = _resolve(root, "Rate [1].\n\n## References\n\n1. Any. PMID: 2002\n")
    assert "Retracted Publication" in resolved.records[doc.references[0].place].retraction


def test_an_unsaved_entry_is_one_source_for_all_its_citations(root: Path) -> None:
    _, resolved = _resolve(
        root,
        "Rate [1]. Again [1].\n\n## References\n\n1. Smith J. Not saved. Lancet. 2001. PMID: 9\n",
    )
    ((source, anchors),) = resolved.unsaved.items()
    assert source.startswith("reference [1] (Smith, 2001: Not saved)")
    assert len(anchors) == 2
    failure = resolved.resolutions[anchors[0]]
    assert isinstance(failure, Failure) and failure.kind is FailureKind.UNSAVED
    assert "tried [pmid:9]" in failure.message


def test_dangling_numbers(root: Path) -> None:
    doc, resolved = _resolve(root, "Rate [2].\n\n## References\n\n1. PMID: 2001\n")
    failure = _only(doc, resolved)
    assert isinstance(failure, Failure) and failure.kind is FailureKind.DANGLING
    assert failure.message == "no entry 2 in the reference list"
    doc, resolved = _resolve(root, "Rate [2].\n")
    (failure,) = resolved.resolutions.values()
    assert isinstance(failure, Failure) and "has no reference list" in failure.message


def test_a_kind_of_source_and_a_date_leads_nowhere(root: Path) -> None:
    # even with a STORM index and a web index in the root: nothing is looked up for it
    _, resolved = _resolve(root, "Notices rose to 31 [news (2024-11-02)].\n")
    ((anchor, failure),) = resolved.resolutions.items()
    assert (anchor.type, anchor.id) == ("dated", "news (2024-11-02)")
    assert isinstance(failure, Failure) and failure.kind is FailureKind.DANGLING
    assert failure.message == "names a kind of source and a date, not the source"
    assert resolved.unsaved == {}  # nothing `citelint fetch` could save


def test_storm_numbers_and_snippets(root: Path) -> None:
    _, resolved = _resolve(root, "It has 322 staff [1].\n")
    (found,) = resolved.resolutions.values()
    assert isinstance(found, Span)
    assert found.text == "It has 322 staff.\nFounded in 1993."
    assert found.pointer == "/url_to_info/https:~1~1example.org~1a/snippets"


def test_a_link_through_the_web_index_with_its_quote(root: Path) -> None:
    _, resolved = _resolve(
        root, "PFS was 4.8 months ([asco](https://ascopost.com/a#:~:text=median%20PFS,months)).\n"
    )
    (found,) = resolved.resolutions.values()
    assert isinstance(found, Span) and found.text == "median pfs was 4.8 months"
    assert found.path.endswith("a.html")
    _, resolved = _resolve(
        root, "PFS ([asco](https://ascopost.com/a#:~:text=overall%20survival)).\n"
    )
    (failure,) = resolved.resolutions.values()
    assert isinstance(failure, Failure) and failure.kind is FailureKind.NO_LOCATOR
    _, resolved = _resolve(root, "PFS ([asco](HTTPS://AscoPost.com/a?utm_source=x)).\n")
    (found,) = resolved.resolutions.values()
    assert isinstance(found, Span) and "4.8 months" in found.text


def test_an_unsaved_page_keeps_an_exact_quote_but_not_a_range(root: Path) -> None:
    _, resolved = _resolve(root, "PFS ([x](https://x.org/p#:~:text=PFS%20was%204.8%20months)).\n")
    (found,) = resolved.resolutions.values()
    assert isinstance(found, Span) and found.path == "" and found.text == "PFS was 4.8 months"
    assert list(resolved.unsaved) == ["https://x.org/p"]
    _, resolved = _resolve(root, "PFS ([x](https://x.org/p#:~:text=PFS,months)).\n")
    (failure,) = resolved.resolutions.values()
    assert isinstance(failure, Failure) and failure.kind is FailureKind.UNSAVED


@pytest.mark.parametrize("fragment", ["Abstract", "Image"])
def test_a_fragment_of_one_word_is_a_place_not_a_quote(root: Path, fragment: str) -> None:
    """`#:~:text=Abstract` scrolls to a heading; it says nothing the claim could be
    checked against: the page is what is cited, and with it unsaved, nothing is."""
    _, resolved = _resolve(root, f"OS was 36% ([x](https://x.org/p#:~:text={fragment})).\n")
    (failure,) = resolved.resolutions.values()
    assert isinstance(failure, Failure) and failure.kind is FailureKind.UNSAVED


def test_identifiers_in_text(root: Path) -> None:
    text = "Rate 4.8 months (PMID: 2001). Trial (NCT01234567). Leaks 60% (arXiv:2505.12490).\n"
    _, resolved = _resolve(root, text)
    found, missing, paper = resolved.resolutions.values()
    assert isinstance(found, Span)
    assert isinstance(missing, Failure) and missing.kind is FailureKind.UNSAVED
    assert isinstance(paper, Failure) and paper.kind is FailureKind.UNSAVED
    assert list(resolved.unsaved) == ["NCT01234567", "arXiv:2505.12490"]


def test_no_sources_root_says_so() -> None:
    _, resolved = _resolve(None, "Rate ([x](https://x.org/p)). PMID: 1.\n")
    messages = [r.message for r in resolved.resolutions.values() if isinstance(r, Failure)]
    assert messages and all("no sources folder found" in m for m in messages)


def test_an_index_that_leaves_the_root_is_never_read(project: Writer, tmp_path: Path) -> None:
    outside = project("elsewhere/index.json", json.dumps({"https://x.org/p": "p.html"}))
    project("elsewhere/p.html", PAGE)
    root = project("proj/sources/web/keep", "").parent.parent
    os.symlink(outside, root / "web" / "index.json")
    doc = Parser().parse("r.md", b"PFS ([x](https://x.org/p)).\n")
    store = SourceStore(trusted=(str(root.parent),))
    (failure,) = CitationResolver(store).resolve(doc, str(root)).resolutions.values()
    assert isinstance(failure, Failure) and failure.kind is FailureKind.UNSAFE_PATH
    assert "web/index.json leads outside the sources root" in failure.message
    assert store.reads == 0
    os.unlink(outside)  # the same verdict whether or not the outside file exists
    (again,) = CitationResolver(store).resolve(doc, str(root)).resolutions.values()
    assert again == failure


@pytest.mark.parametrize(
    ("index", "kind", "why"),
    [
        (b"[1, 2]", FailureKind.UNREADABLE, "is not a JSON object"),
        (b'{"https://x.org/p": 3}', FailureKind.UNREADABLE, "is not a JSON object"),
        (b"{not json", FailureKind.UNREADABLE, "is not valid JSON"),
        (b'{"https://x.org/p": "../../../etc/passwd"}', FailureKind.UNSAFE_PATH, "'..'"),
    ],
)
def test_a_hostile_web_index_is_a_finding_never_not_saved(
    project: Writer, index: bytes, kind: FailureKind, why: str
) -> None:
    root = project("sources/web/index.json", index).parent.parent
    doc = Parser().parse("r.md", b"PFS ([x](https://x.org/p)).\n")
    store = SourceStore(trusted=(str(root.parent),))
    (result,) = CitationResolver(store).resolve(doc, str(root)).resolutions.values()
    assert isinstance(result, Failure) and result.kind is kind and why in result.message


def test_each_index_is_read_once_per_root(root: Path) -> None:
    store = SourceStore(trusted=(str(root.parent),))
    resolver = CitationResolver(store)
    doc = Parser().parse("r.md", b"PFS ([x](https://x.org/p)).\n")
    resolver.resolve(doc, str(root))
    reads = store.reads
    resolver.resolve(doc, str(root))
    assert store.reads == reads == 2  # web/index.json and url_to_info.json


def test_citations_are_anchors_of_their_style() -> None:
    anchor = Anchor("ref", "3", None, 0, 3, style="numbered", written="[3]")
    assert anchor.is_citation and anchor.text == "[3]"
    assert not Anchor("pmid", "1", None, 0, 1).is_citation


def test_a_page_quoted_many_times_is_folded_once(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import citelint.read.citations.resolve as resolve

    folded: list[int] = []
    real = resolve.squeeze  # type: ignore[attr-defined]  # the name the resolver calls

    def counting(text: str) -> str:
        folded.append(len(text))
        return real(text)

    monkeypatch.setattr(resolve, "squeeze", counting)
    link = "[asco](https://ascopost.com/a#:~:text={})"
    report = " ".join(
        f"PFS was 4.8 months ({link.format(q)})." for q in ("median%20PFS", "was%204.8", "PFS")
    )
    _, resolved = _resolve(root, report + " Again 4.8 months (" + link.format("PFS") + ").\n")
    assert all(isinstance(r, Span) for r in resolved.resolutions.values())
    assert len(folded) == 1


def test_per_section_lists_number_their_own_entries(project: Writer) -> None:
    """`### Sources` under each section, numbering from 1 again: a `[1]` is its own
    section's entry, not the last list's."""
    root = project("sources/web/index.json", json.dumps({"https://a.org/": "a.html"})).parent.parent
    project("sources/web/a.html", "<p>The rate was 42%.</p>")
    text = (
        "## One\n\nThe rate was 42% [1].\n\n### Sources\n\n1. A: https://a.org/\n\n"
        "## Two\n\nThe rate was 7% [1].\n\n### Sources\n\n1. B: https://b.org/\n"
    )
    doc = Parser().parse("r.md", text.encode())
    store = SourceStore(trusted=(str(root.parent),))
    resolved = CitationResolver(store).resolve(doc, str(root))
    first, second = sorted(resolved.resolutions.items(), key=lambda kv: kv[0].start)
    assert isinstance(first[1], Span) and "42%" in first[1].text
    assert isinstance(second[1], Failure) and second[1].kind is FailureKind.UNSAVED
    assert "https://b.org/" in next(iter(resolved.unsaved))
