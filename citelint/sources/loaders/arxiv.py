"""arXiv records: the Atom feed arXiv's API answers for `id_list=<id>` (as `citelint fetch`
saves it under `arxiv/<id>.xml`). Locators are the bibliographic record's: `title`,
`abstract` (the entry's summary), `authors`, `journal` (its journal reference, if any) and
`year` (first published), and `retraction` when arXiv says the paper is withdrawn (its
comment or abstract: "This paper has been withdrawn by the author"), so CL105 fires. A
versioned id (`1612.01842v2`) is that version's entry.
"""

from __future__ import annotations

import re

from lxml import etree

from citelint.sources.loaders.bibliographic import (
    BibliographicRecord,
    Section,
    element_text,
    parse_xml,
)
from citelint.sources.model import SourceError

_ATOM = "{http://www.w3.org/2005/Atom}"
# an arXiv id: `2101.00001` (2007 on) or `hep-th/9901001`, `math.GT/0309136` (before)
ARXIV_ID = r"(?:\d{4}\.\d{4,5}|[a-z][a-z-]{1,20}(?:\.[A-Z]{2})?/\d{7})"
_ARXIV = "{http://arxiv.org/schemas/atom}"


def arxiv_entry_id(entry_id: str) -> str:
    """`2101.00001` from `http://arxiv.org/abs/2101.00001v2`."""
    tail = entry_id.rstrip("/").rsplit("/abs/", 1)[-1]
    base, sep, version = tail.rpartition("v")
    return base if sep and version.isdigit() and base else tail


# arXiv's own words when a paper is withdrawn (its comment, or the abstract it leaves)
_WITHDRAWN = re.compile(r"\b(?:has been|was|is) withdrawn\b|^\s*withdrawn\b", re.I)


def arxiv_name(ident: str) -> str:
    """The file name (without `.xml`) of an arXiv id's record: an old-style id's `/` is
    no folder (`hep-th/9901001` → `hep-th_9901001`)."""
    return ident.replace("/", "_")


def _ids(entry: etree._Element) -> tuple[str, str]:
    """The entry's id, as a file names it, as the version it is (`1612.01842v2`) and as
    the paper."""
    tail = element_text(entry.find(f"{_ATOM}id")).rstrip("/").rsplit("/abs/", 1)[-1]
    return arxiv_name(tail), arxiv_name(arxiv_entry_id(tail))


def _withdrawn(entry: etree._Element) -> str:
    """A withdrawal notice, as arXiv words it in the comment or the abstract."""
    for text in (
        element_text(entry.find(f"{_ARXIV}comment")),
        element_text(entry.find(f"{_ATOM}summary")),
    ):
        if _WITHDRAWN.search(text):
            return f"withdrawn: {text[:200]}"
    return ""


def load_arxiv(path: str, data: bytes, ident: str) -> BibliographicRecord:
    root = parse_xml(data)
    entries = root.findall(f"{_ATOM}entry") if root.tag == f"{_ATOM}feed" else [root]
    entry = next((e for e in entries if ident in _ids(e)), None)
    if entry is None:
        raise SourceError(f"holds no arXiv entry for {ident}")
    published = element_text(entry.find(f"{_ATOM}published"))
    fields = {
        "title": element_text(entry.find(f"{_ATOM}title")),
        "authors": "; ".join(
            element_text(a.find(f"{_ATOM}name")) for a in entry.findall(f"{_ATOM}author")
        ),
        "journal": element_text(entry.find(f"{_ARXIV}journal_ref")),
        "year": published[:4],
        "retraction": _withdrawn(entry),
        "concern": "",
    }
    summary = element_text(entry.find(f"{_ATOM}summary"))
    sections = (Section("abstract", "", summary),) if summary else ()
    doi = element_text(entry.find(f"{_ARXIV}doi")).lower()
    return BibliographicRecord(path, fields, sections, frozenset({ident, doi} - {""}), published)
