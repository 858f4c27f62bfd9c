"""PubMed efetch XML (DECISIONS L1), parsed without entities, DTDs or network (I4).

Locators: `title`, `abstract` (every AbstractText), a structured-abstract label matched on
`Label` or `NlmCategory` (whole label, or one of its words, singular and plural folded),
`authors`, `journal`, `year`, `retraction` (the record's own notice that it is
retracted: a "Retracted Publication" type or a `RetractionIn` correction) and `concern`
(an `ExpressionOfConcernIn` correction); both empty when the record has none.
"""

from __future__ import annotations

from citelint.sources.loaders.bibliographic import BibliographicRecord, Section, parse_xml
from citelint.sources.loaders.bibliographic import element_text as _text
from citelint.sources.model import SourceError


def load_pubmed_xml(path: str, data: bytes, ident: str) -> BibliographicRecord:
    root = parse_xml(data)
    articles = root.findall(".//PubmedArticle") or ([root] if root.tag == "PubmedArticle" else [])
    article = next((a for a in articles if _text(a.find(".//MedlineCitation/PMID")) == ident), None)
    if article is None:
        raise SourceError(f"file holds no record for PMID {ident}")
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
        "authors": "; ".join(
            " ".join(p for p in (_text(a.find("LastName")), _text(a.find("ForeName"))) if p)
            or _text(a.find("CollectiveName"))
            for a in article.findall(".//AuthorList/Author")
        ),
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
