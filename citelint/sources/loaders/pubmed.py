"""PubMed efetch XML (DECISIONS L1), parsed without entities, DTDs or network (I4).

Locators: `title`, `abstract` (every AbstractText), a structured-abstract label matched on
`Label` or `NlmCategory` (whole label, or one of its words, singular and plural folded),
`authors`, `journal`, `year`, `retraction` (the record's own notice that it is
retracted: a "Retracted Publication" type or a `RetractionIn` correction) and `concern`
(an `ExpressionOfConcernIn` correction); both empty when the record has none.
"""

from __future__ import annotations

from lxml import etree

from citelint.sources.loaders.bibliographic import BibliographicRecord, Section, parse_xml
from citelint.sources.loaders.bibliographic import element_text as _text
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
