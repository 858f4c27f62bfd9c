"""Records of registries that number their works (PubMed, Crossref, arXiv): a title, an
abstract in labelled sections, and named bibliographic fields.

Locators: `title`, `abstract` (every section), a section label matched on its label or
category (whole label, or one of its words, singular and plural folded), and each field by
name (`authors`, `journal`, `year`, `retraction`, `concern`); no locator, or `fulltext`,
is the title and the abstract. `retraction` and `concern` are the record's own notices
(empty when it has none, so they never resolve to text that is not there).
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


def parse_xml(data: bytes) -> etree._Element:
    """A registry's XML, parsed without entities, DTDs or network (DECISIONS I4)."""
    try:
        parser = etree.XMLParser(**_PARSER_ARGS)  # type: ignore[arg-type]
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise SourceError(f"is not well-formed XML ({exc})") from exc


def element_text(el: etree._Element | None) -> str:
    """An element's text with its white space folded ("" for none)."""
    return " ".join("".join(str(t) for t in el.itertext()).split()) if el is not None else ""


_WHOLE = ("fulltext", "all", "body", "record")


@dataclass(frozen=True, slots=True)
class Section:
    label: str
    category: str
    text: str


@dataclass(frozen=True, slots=True)
class BibliographicRecord:
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
        matched = [s.text for s in self.sections if label_matches(s, key)]
        if matched:
            return self._span(locator, "\n".join(matched), f"/Abstract/{locator}")
        # the locators it has are named by the store (`sources/locators.unknown_locator`)
        hint = "" if any(s.label for s in self.sections) else " (the abstract is not structured)"
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


def label_matches(section: Section, key: str) -> bool:
    """Whether a locator names a section: its whole label or category, or one of their
    words, singular and plural folded (`conclusion` names `CONCLUSIONS AND RELEVANCE`)."""
    want = _singular(key)
    for label in (section.label.lower(), section.category.lower()):
        if not label or label == "unassigned":
            continue
        if label == key or _singular(label) == want:
            return True
        if want in {_singular(w) for w in re.split(r"[^a-z]+", label) if w}:
            return True
    return False
