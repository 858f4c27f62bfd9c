"""Crossref work metadata (the REST API's `/works/{doi}` answer, as `citelint fetch` saves
it): a DOI's title, authors, journal, year and abstract, and the updates Crossref records
against the work; and the CSL-JSON record doi.org gives a DOI of any other agency.

A DOI holds `/` and other characters no file name should carry, so the file is named by
`crossref_name(doi)`, a hash of the lowercased DOI; the loader checks that the record in
the file is that DOI's. Locators are the bibliographic record's (`title`, `abstract`,
`authors`, `journal`, `year`, `retraction`, `concern`): `retraction` holds the
`updated-by` entries of type retraction or withdrawal, `concern` those of type expression
of concern (the publisher's or Retraction Watch's notices, as Crossref lists them).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from citelint.sources.loaders.bibliographic import BibliographicRecord, Section
from citelint.sources.loaders.jsonparts import parse_json
from citelint.sources.model import SourceError

_TAG = re.compile(r"<[^>]{0,200}>")
_RETRACTED = ("retraction", "withdrawal", "removal")
_CONCERN = ("expression_of_concern",)


def crossref_name(doi: str) -> str:
    """The file name (without `.json`) of a DOI's saved Crossref record."""
    return hashlib.sha256(doi.strip().lower().encode()).hexdigest()[:24]


def _first(value: Any) -> str:
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str)), "")
    return " ".join(value.split()) if isinstance(value, str) else ""


def _year(work: dict[str, Any]) -> str:
    for key in ("issued", "published", "published-print", "published-online"):
        date = work.get(key)
        parts = date.get("date-parts") if isinstance(date, dict) else None
        first = parts[0] if isinstance(parts, list) and parts else None
        if isinstance(first, list) and first and isinstance(first[0], int):
            return str(first[0])
    return ""


def _authors(work: dict[str, Any]) -> str:
    names = []
    for person in work.get("author") or ():
        if isinstance(person, dict):
            parts = (person.get("family"), person.get("given"))
            name = " ".join(p for p in parts if isinstance(p, str))
            name = name or _first(person.get("name")) or _first(person.get("literal"))
            if name:
                names.append(name)
    return "; ".join(names)


def _updates(work: dict[str, Any], types: tuple[str, ...], word: str) -> str:
    out = []
    for update in work.get("updated-by") or ():
        if not isinstance(update, dict):
            continue
        kind = str(update.get("type", "")).lower().replace("-", "_").replace(" ", "_")
        if kind in types:
            notice = _first(update.get("DOI"))
            out.append(f"{word} {notice}" if notice else word)
    return "; ".join(dict.fromkeys(out))


def load_crossref(path: str, data: bytes, ident: str) -> BibliographicRecord:
    root = parse_json(data)
    work = root.get("message") if isinstance(root, dict) and "message" in root else root
    if not isinstance(work, dict) or not isinstance(work.get("DOI"), str):
        raise SourceError("holds no Crossref work (no message with a DOI)")
    return _record(path, work, ident, "Crossref record")


def load_csl(path: str, data: bytes, ident: str) -> BibliographicRecord:
    """A DOI's CSL-JSON record, as doi.org's content negotiation answers for any agency
    (DataCite's arXiv, Zenodo and figshare DOIs; mEDRA's): the same fields as Crossref's
    work (CSL-JSON is the shape Crossref's own record takes there too)."""
    work = parse_json(data)
    if not isinstance(work, dict) or not isinstance(work.get("DOI"), str):
        raise SourceError("holds no CSL-JSON record of a DOI (no DOI field)")
    return _record(path, work, ident, "CSL-JSON record")


def _record(path: str, work: dict[str, Any], ident: str, what: str) -> BibliographicRecord:
    doi = work["DOI"]
    if crossref_name(doi) != ident:
        raise SourceError(f"holds the {what} of DOI {doi}, not of {ident}")
    abstract = " ".join(_TAG.sub(" ", _first(work.get("abstract"))).split())
    fields = {
        "title": _first(work.get("title")),
        "authors": _authors(work),
        "journal": _first(work.get("container-title")),
        "year": _year(work),
        "retraction": _updates(work, _RETRACTED, "retraction in"),
        "concern": _updates(work, _CONCERN, "expression of concern in"),
    }
    sections = (Section("abstract", "", abstract),) if abstract else ()
    ids = frozenset({doi.lower(), ident})
    return BibliographicRecord(path, fields, sections, ids, fields["year"])
