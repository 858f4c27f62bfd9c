"""Notices a registry records after a work appeared: from the record a citation reached
and from the DOI's saved Crossref record; never from a saved page."""

from __future__ import annotations

import json
from pathlib import Path

from citelint.ground.document import Anchor
from citelint.read.citations.notices import NoticeReader
from citelint.sources.loaders.crossref import crossref_name
from citelint.sources.model import Span
from citelint.sources.store import SourceStore
from tests.conftest import Writer

CL110 = Path(__file__).parents[2] / "rules" / "CL110_source-under-concern" / "sources"


def _crossref(doi: str, kind: str) -> str:
    update = {"DOI": "10.1/notice", "type": kind}
    message = {"DOI": doi, "title": ["A work"], "updated-by": [update]}
    return json.dumps({"status": "ok", "message": message})


def test_a_dois_crossref_record_adds_what_the_reached_record_lacks(project: Writer) -> None:
    project(
        f"sources/crossref/{crossref_name('10.1/gone')}.json", _crossref("10.1/gone", "retraction")
    )
    root = str(project("sources/.keep", "").parent)
    reader = NoticeReader(SourceStore())
    assert reader.of_dois(["10.1/gone", "2001"], "pmid", root) == {
        "retraction": "retraction in 10.1/notice"
    }
    assert reader.of_dois(["10.1/gone"], "crossref", root) == {}  # the record reached said it
    assert reader.of_dois(["10.1/other"], "pmid", root) == {}
    assert reader.of_dois(["10.1/gone"], "pmid", None) == {}


def test_citations_get_their_records_notices_and_pages_none(project: Writer) -> None:
    store = SourceStore()
    root = str(CL110)
    record = Anchor("pmid", "2003", None, 0, 10)
    sound = Anchor("pmid", "2001", None, 20, 30)
    page = Anchor("url", "https://example.org/eoc", None, 40, 50)
    number = Anchor("ref", "1", None, 60, 63)
    reached = {a: store.resolve(Anchor("pmid", a.id, None, 0, 0), root) for a in (record, sound)}
    saved = Span(str(CL110 / "page.txt"), None, "retraction and expression of concern")
    resolutions = {**reached, page: saved, number: reached[record]}
    found = NoticeReader(store).of_citations(
        [record, sound, page, number], resolutions, {page: "web"}, root
    )
    assert found == {
        "retraction": {},
        "concern": {record: "expression of concern in Lancet. 2014;5:6"},
    }
