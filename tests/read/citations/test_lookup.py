"""A root's saved records by DOI, PMCID and title, listed once and capped."""

from __future__ import annotations

import json

import pytest

from citelint.read.citations import lookup
from citelint.read.citations.lookup import RecordLookup
from citelint.sources.store import SourceStore
from tests.conftest import Writer


def test_records_are_found_by_doi_pmcid_and_title_and_the_cap_is_said(
    project: Writer, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project("sources/pubmed/1.json", json.dumps({"title": "A Trial.", "doi": "x"})).parents[
        1
    ]
    project("sources/pubmed/2.json", json.dumps({"title": "Another trial"}))
    store = SourceStore(trusted=(str(root.parent),))
    found = RecordLookup(store, ("pmid",))
    keys = found.of(str(root))
    assert keys["title:a trial"] == ("pmid", "1") and found.looked_up
    assert found.of(None) == {} and found.capped == {}
    monkeypatch.setattr(lookup, "MAX_LISTED_RECORDS", 1)
    capped = RecordLookup(store, ("pmid",))
    capped.begin()
    assert len(capped.of(str(root))) == 1 and capped.capped == {str(root): (2, 1)}
    capped.release(str(root))
    assert capped.capped == {}
