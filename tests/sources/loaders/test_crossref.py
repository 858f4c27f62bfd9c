"""Crossref work records: a DOI's file name, its fields, its notices, the record's own DOI."""

from __future__ import annotations

import json
from pathlib import Path

from citelint.sources.loaders.crossref import crossref_name
from citelint.sources.model import FailureKind
from tests.conftest import Writer
from tests.sources.conftest import failure, span

DOI = "10.1056/NEJMoa1203421"


def _work(**extra: object) -> str:
    message = {
        "DOI": DOI,
        "title": ["Improved survival with MEK inhibition in BRAF-mutated melanoma."],
        "author": [{"family": "Flaherty", "given": "Keith T."}, {"name": "METRIC Study Group"}],
        "container-title": ["New England Journal of Medicine"],
        "issued": {"date-parts": [[2012, 7, 12]]},
        "abstract": "<jats:p>Median progression-free survival was <jats:italic>4.8</jats:italic>"
        " months.</jats:p>",
        **extra,
    }
    return json.dumps({"status": "ok", "message-type": "work", "message": message})


def _root(project: Writer, text: str, doi: str = DOI) -> Path:
    path = project(f"sources/crossref/{crossref_name(doi)}.json", text)
    return Path(str(path)).parents[1]


def test_a_crossref_work_gives_its_fields_and_abstract(project: Writer) -> None:
    root = _root(project, _work())
    name = crossref_name(DOI)
    assert name == crossref_name(DOI.lower()) and len(name) == 24
    assert span(root, "crossref", name, "year").text == "2012"
    assert span(root, "crossref", name, "journal").text == "New England Journal of Medicine"
    authors = span(root, "crossref", name, "authors").text
    assert authors == "Flaherty Keith T.; METRIC Study Group"
    assert span(root, "crossref", name, "abstract").text == (
        "Median progression-free survival was 4.8 months."
    )
    whole = span(root, "crossref", name)
    assert whole.text.startswith("Improved survival") and DOI.lower() in whole.ids
    assert failure(root, "crossref", name, "retraction").kind is FailureKind.NO_LOCATOR


def test_crossref_updates_are_retractions_or_concerns(project: Writer) -> None:
    updates = [
        {"DOI": "10.1056/r1", "type": "retraction", "source": "retraction-watch"},
        {"DOI": "10.1056/w1", "type": "withdrawal"},
        {"DOI": "10.1056/e1", "type": "expression-of-concern"},
        {"DOI": "10.1056/c1", "type": "correction"},
        "not an update",
    ]
    root = _root(project, _work(**{"updated-by": updates}))
    name = crossref_name(DOI)
    assert span(root, "crossref", name, "retraction").text == (
        "retraction in 10.1056/r1; retraction in 10.1056/w1"
    )
    assert span(root, "crossref", name, "concern").text == "expression of concern in 10.1056/e1"


def test_a_crossref_file_must_hold_its_dois_record(project: Writer) -> None:
    root = _root(project, _work(), doi="10.1000/other")
    found = failure(root, "crossref", crossref_name("10.1000/other"))
    assert found.kind is FailureKind.UNREADABLE
    assert "holds the Crossref record of DOI 10.1056/NEJMoa1203421" in found.message
    root = _root(project, json.dumps({"status": "ok", "message": {"title": ["x"]}}), "10.1/x")
    assert "holds no Crossref work" in failure(root, "crossref", crossref_name("10.1/x")).message
