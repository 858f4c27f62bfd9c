"""PubMed efetch XML (DECISIONS L1), parsed without entities, DTDs or network (I4).

Locators: `title`, `abstract` (every AbstractText), a structured-abstract label matched on
`Label` or `NlmCategory` (whole label, or one of its words, singular and plural folded),
`authors`, `journal`, `year`, and `retraction` (the record's own notice that it is
retracted: a "Retracted Publication" type or a `RetractionIn` correction; empty otherwise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from citelint.sources.model import Failure, FailureKind, Resolution, SourceError, Span

_PARSER_ARGS = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "huge_tree": False,
    "recover": False,
}
_WHOLE = ("fulltext", "all", "body", "record")


@dataclass(frozen=True, slots=True)
class Section:
    label: str
    category: str
    text: str


@dataclass(frozen=True, slots=True)
class PubmedSource:
    path: str
    fields: dict[str, str]
    sections: tuple[Section, ...]
    ids: frozenset[str]
    dates: str

    def resolve(self, locator: str | None) -> Resolution:
        key = (locator or "").strip().lower()
        if locator is None or key in _WHOLE:
            text = "\n".join([self.fields.get("title", ""), self._abstract()])
            return self._span(locator, text, "")
        if key == "abstract":
            return self._span(locator, self._abstract(), "/Abstract")
        if key in self.fields:
            return self._span(locator, self.fields[key], f"/{key}")
        matched = [s.text for s in self.sections if _label_matches(s, key)]
        if matched:
            return self._span(locator, "\n".join(matched), f"/Abstract/{locator}")
        labels = ", ".join(sorted({s.label.lower() for s in self.sections if s.label}))
        hint = f" (labels: {labels})" if labels else " (the abstract is not structured)"
        return Failure(
            FailureKind.NO_LOCATOR, f"no field or abstract section '{locator}'{hint}", self.path
        )

    def locators(self) -> tuple[str, ...]:
        labels = [s.label.lower() for s in self.sections if s.label]
        return tuple(dict.fromkeys(["title", "abstract", *labels]))

    def _abstract(self) -> str:
        return "\n".join(s.text for s in self.sections)

    def _span(self, locator: str | None, text: str, pointer: str) -> Resolution:
        if not text.strip():
            return Failure(
                FailureKind.NO_LOCATOR, f"'{locator or 'record'}' holds no text", self.path
            )
        return Span(
            self.path,
            locator,
            text,
            pointer=pointer or None,
            structured=True,
            ids=self.ids,
            dates=self.dates,
        )


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _label_matches(section: Section, key: str) -> bool:
    want = _singular(key)
    for label in (section.label.lower(), section.category.lower()):
        if not label or label == "unassigned":
            continue
        if label == key or _singular(label) == want:
            return True
        if want in {_singular(w) for w in re.split(r"[^a-z]+", label) if w}:
            return True
    return False


def _text(el: etree._Element | None) -> str:
    return " ".join("".join(str(t) for t in el.itertext()).split()) if el is not None else ""


def load_pubmed_xml(path: str, data: bytes, ident: str) -> PubmedSource:
    try:
        parser = etree.XMLParser(**_PARSER_ARGS)  # type: ignore[arg-type]
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise SourceError(f"is not well-formed XML ({exc})") from exc
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
    fields = {
        "retraction": retraction,
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
    return PubmedSource(path, fields, sections, frozenset(ids - {""}), dates)
