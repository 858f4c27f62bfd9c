"""PubMed efetch XML (DECISIONS L1), parsed without entities, DTDs or network (I4).

Locators: `title`, `abstract` (every AbstractText), a structured-abstract label matched on
`Label` or `NlmCategory` (whole label, or one of its words, singular and plural folded),
`authors`, `journal`, `year`, `retraction` (the record's own notice that it is
retracted: a "Retracted Publication" type or a `RetractionIn` correction) and `concern`
(an `ExpressionOfConcernIn` correction); both empty when the record has none.

A record saved by hand as JSON (`pubmed/<id>.json`: `title`, `abstract`, `authors`,
`journal`, `year`, `doi`, `pmcid`, any other key) is read as JSON, its keys and paths as
locators; an abstract with labelled parts (`"BACKGROUND: … RESULTS: …"`, a list of
`{"label", "text"}` objects, or an object of label → text) answers the same section
locators as the XML's, and its `doi` and `pmcid` (or NCBI's `articleids`) are the record's
ids, so a citation by DOI or PMCID finds it.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from citelint.sources.loaders.bibliographic import (
    BibliographicRecord,
    Section,
    label_matches,
    parse_xml,
)
from citelint.sources.loaders.bibliographic import element_text as _text
from citelint.sources.loaders.jsonparts import parse_json
from citelint.sources.loaders.structured import JsonSource, record_id_mismatch
from citelint.sources.model import SourceError

_RECORDS = ("PubmedArticle", "PubmedBookArticle")
# where a record's PMID is: a journal article's citation, a book chapter's document
_PMID = ("./MedlineCitation/PMID", "./BookDocument/PMID")


def _records(root: etree._Element) -> list[etree._Element]:
    return list(root.iter(*_RECORDS))


def load_pubmed_xml(path: str, data: bytes, ident: str) -> BibliographicRecord:
    """A journal article's record, or a book chapter's (`PubmedBookArticle`: StatPearls,
    GeneReviews), whose book stands where a journal would."""
    root = parse_xml(data)
    article = next(
        (a for a in _records(root) if any(_text(a.find(p)) == ident for p in _PMID)), None
    )
    if article is None:
        raise SourceError(f"file holds no record for PMID {ident}")
    if article.tag == "PubmedBookArticle":
        return _book(path, article, ident)
    sections = tuple(
        Section(t.get("Label") or "", t.get("NlmCategory") or "", _text(t))
        for t in article.findall(".//Abstract/AbstractText")
    )
    year = _text(article.find(".//Journal/JournalIssue/PubDate/Year")) or _text(
        article.find(".//Journal/JournalIssue/PubDate/MedlineDate")
    )
    types = [_text(t) for t in article.findall(".//PublicationTypeList/PublicationType")]
    notices = article.findall(".//CommentsCorrectionsList/CommentsCorrections[@RefType]")
    retraction = "; ".join(
        [t for t in types if "retracted" in t.lower()]
        + [
            "retraction in " + _text(n.find("RefSource"))
            for n in notices
            if n.get("RefType") == "RetractionIn"
        ]
    )
    concern = "; ".join(
        "expression of concern in " + _text(n.find("RefSource"))
        for n in notices
        if n.get("RefType") == "ExpressionOfConcernIn"
    )
    fields = {
        "retraction": retraction,
        "concern": concern,
        "title": _text(article.find(".//ArticleTitle")),
        "authors": "; ".join(_name(a) for a in article.findall(".//AuthorList/Author")),
        "journal": _text(article.find(".//Journal/Title")),
        "year": year,
    }
    # the record's own ids; a ReferenceList holds the ids of the papers it cites
    own = article.findall("./PubmedData/ArticleIdList/ArticleId")
    ids = {ident} | {_text(i) for i in own}
    dates = " ".join(
        _text(d) for d in article.findall(".//PubDate") + article.findall(".//ArticleDate")
    )
    return BibliographicRecord(path, fields, sections, frozenset(ids - {""}), dates)


def _book(path: str, record: etree._Element, ident: str) -> BibliographicRecord:
    """A PubMed book record: the chapter's title (the book's for a whole book), its
    authors (the book's editors when the chapter names none), the book as its journal."""
    document = record.find("BookDocument")
    book = document.find("Book") if document is not None else None
    if document is None or book is None:
        raise SourceError(f"file holds a book record for PMID {ident} without its book")
    sections = tuple(
        Section(t.get("Label") or "", t.get("NlmCategory") or "", _text(t))
        for t in document.findall("./Abstract/AbstractText")
    )
    authors = document.findall("./AuthorList/Author") or book.findall("./AuthorList/Author")
    year = _text(book.find("./PubDate/Year")) or _text(book.find("./BeginningDate/Year"))
    types = [_text(t) for t in document.findall("./PublicationType")]
    fields = {
        "retraction": "; ".join(t for t in types if "retracted" in t.lower()),
        "concern": "",
        "title": _text(document.find("./ArticleTitle")) or _text(book.find("./BookTitle")),
        "authors": "; ".join(_name(a) for a in authors),
        "journal": _text(book.find("./BookTitle")),
        "year": year,
    }
    own = record.findall("./BookDocument/ArticleIdList/ArticleId")
    own += record.findall("./PubmedBookData/ArticleIdList/ArticleId")
    ids = {ident} | {_text(i) for i in own}
    return BibliographicRecord(path, fields, sections, frozenset(ids - {""}), year)


def _name(author: etree._Element) -> str:
    parts = (_text(author.find("LastName")), _text(author.find("ForeName")))
    return " ".join(p for p in parts if p) or _text(author.find("CollectiveName"))


# a label opening an abstract's part: at its start or a line's, or after a sentence's
# end; one to five capitalised words (`and`, `of`, `&` between) and a colon
_LABEL = re.compile(
    r"(?:^|(?<=[.!?])[ \t]+|\n[ \t]*)"
    r"([A-Z][A-Za-z]*(?:[ \t]+(?:and|of|&|[A-Z][A-Za-z]*)){0,4}):[ \t]+"
)
_ID_KEYS = {"doi": "doi", "pmcid": "pmc", "pmc": "pmc"}


def load_pubmed_json(path: str, data: bytes, ident: str) -> JsonSource:
    """A PubMed record saved by hand as JSON (see the module's docs)."""
    root = parse_json(data)
    ids = {ident}
    if isinstance(root, dict):
        record_id_mismatch(root.get("pmid", root.get("PMID")), ident, "PMID")
        ids |= _json_ids(root)
    return JsonSource(path, root, sections=_json_sections, ids=frozenset(ids))


def _json_ids(root: dict[Any, Any]) -> set[str]:
    found = [(str(k).lower(), v) for k, v in root.items()]
    listed = root.get("articleids", root.get("articleIds"))
    for item in listed if isinstance(listed, list) else ():
        if isinstance(item, dict):
            found.append((str(item.get("idtype", "")).lower(), item.get("value")))
    return {
        str(value).strip()
        for key, value in found
        if key in _ID_KEYS and isinstance(value, (str, int)) and str(value).strip()
    }


def _json_sections(root: Any, locator: str) -> list[str]:
    """The parts of the record's abstract whose label the locator names."""
    abstract = (
        next((v for k, v in root.items() if str(k).lower() == "abstract"), None)
        if isinstance(root, dict)
        else None
    )
    key = locator.strip().lower()
    return [part.text for part in _parts(abstract) if label_matches(part, key)]


def _parts(abstract: Any) -> list[Section]:
    if isinstance(abstract, str):
        marks = list(_LABEL.finditer(abstract))
        ends = [m.start() for m in marks[1:]] + [len(abstract)] * bool(marks)
        return [
            Section(m.group(1), "", abstract[m.end() : end].strip())
            for m, end in zip(marks, ends, strict=True)
        ]
    if isinstance(abstract, dict):
        return [Section(str(k), "", v) for k, v in abstract.items() if isinstance(v, str)]
    if isinstance(abstract, list):
        return [
            Section(
                str(p.get("label") or p.get("Label") or ""),
                "",
                str(p.get("text") or p.get("Text") or ""),
            )
            for p in abstract
            if isinstance(p, dict)
        ]
    return []
