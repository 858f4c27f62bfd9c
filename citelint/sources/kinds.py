"""Source kinds: one declaration per anchor type, in one registry (as `ALL_RULES` is for rules).

A `SourceKind` says where an anchor type's files live under the sources root, which
endings are tried, which channel it feeds (CL301), how each ending is loaded, which
folders outside the root it may read, and how a locator that matches nothing may still
resolve. Adding a kind is one entry in `ALL_KINDS` and, when its format is new, one loader.
Custom types from config become the same declarations (`custom_kind`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol

from citelint.sources.loaders.arxiv import arxiv_name, load_arxiv
from citelint.sources.loaders.bioc import load_bioc, load_pubtator_text
from citelint.sources.loaders.crossref import crossref_name, load_crossref, load_csl
from citelint.sources.loaders.html import load_html
from citelint.sources.loaders.jsonparts import parse_json
from citelint.sources.loaders.pdf import load_pdf
from citelint.sources.loaders.pubmed import load_pubmed_json, load_pubmed_xml
from citelint.sources.loaders.structured import JsonSource, load_aact, load_ctgov, load_europepmc
from citelint.sources.loaders.text import (
    TextSource,
    decode_text,
    load_text,
    parse_toc,
    phrase_block,
)
from citelint.sources.model import Resolution, SourceError, Span
from citelint.sources.text_cache import TextCache


class Loaded(Protocol):
    """A parsed source file: it resolves locators to spans."""

    def resolve(self, locator: str | None) -> Resolution: ...

    def locators(self) -> tuple[str, ...]:
        """The locators that name the parts of this source (what a repair may suggest)."""
        ...


class LoadContext(Protocol):
    """What a loader may use besides the file's bytes: confined reads of sidecar files."""

    @property
    def cache(self) -> TextCache | None: ...

    @property
    def max_pdf_pages(self) -> int: ...

    def read_sidecar(self, path: str, beside: str) -> bytes | None: ...


Loader = Callable[[str, bytes, str, LoadContext], Loaded]
Fallback = Callable[[Loaded, str], Span | None]


@dataclass(frozen=True)
class SourceKind:
    name: str  # the anchor type: `[pmid:…]`
    dirs: tuple[str, ...]  # folders under the sources root, tried in order
    extensions: tuple[str, ...]  # endings tried, in order
    channel: str  # the CL301 channel its files count for
    loaders: Mapping[str, Loader] = field(default_factory=dict)  # by ending; else by format
    bare_id_first: bool = False  # try the id as written before adding an ending
    outside_roots: tuple[str, ...] = ()  # folders beside the root it may read (`../evidence`)
    configured_roots: bool = False  # also the `evidence-roots` of the config
    fallback: Fallback | None = None  # resolves a locator the loaded file did not match
    required: bool = False  # its channel is in `required-source-channels` by default
    locator_optional: bool = False  # in `locator-optional-types` by default
    # identifiers a report may write (`PMID: 123`, a PubMed URL) that name a record of
    # this kind by that id, tried in the order of the kinds
    identifies: tuple[str, ...] = ()
    web_pages: bool = False  # the kind whose files `web/index.json` maps URLs to
    # how an identifier written in a report names this kind's file, where the id is no
    # file name (a DOI holds `/`: its Crossref record is named by a hash)
    file_id: Callable[[str], str] | None = None
    holds: str = ""  # what its file holds, as a user saves it (`citelint source-path`)

    def loader(self, extension: str) -> Loader:
        return self.loaders.get(extension) or FORMAT_LOADERS.get(extension, _text)


# -- loaders by file format ------------------------------------------------------------


def _toc(path: str, ctx: LoadContext) -> dict[str, tuple[int, int]] | None:
    toc_path = path.rsplit(".", 1)[0] + ".toc.json"
    data = ctx.read_sidecar(toc_path, path)
    return None if data is None else parse_toc(parse_json(data), os.path.basename(toc_path))


def _pdf(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return replace(load_pdf(path, data, ctx.cache, ctx.max_pdf_pages), toc=_toc(path, ctx))


def _html(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    try:
        return load_html(path, data, _toc(path, ctx))
    except SourceError:  # neither UTF-8 nor declared: the header fetch recorded may say
        header = _recorded_type(path, ctx)
        if not header:
            raise
        return load_html(path, data, _toc(path, ctx), header)


def _recorded_type(path: str, ctx: LoadContext) -> str:
    """The Content-Type header `citelint fetch` recorded for a page it saved in `web/`
    (`web/index.json`, beside the page); read only for a page that needs it."""
    data = ctx.read_sidecar(os.path.join(os.path.dirname(path), "index.json"), path)
    try:
        index = parse_json(data) if data is not None else None
    except (SourceError, ValueError, RecursionError):
        return ""
    name = os.path.basename(path)
    for entry in index.values() if isinstance(index, dict) else ():
        if isinstance(entry, dict) and entry.get("file") == name:
            header = entry.get("content_type_header")
            return header[:200] if isinstance(header, str) else ""
    return ""


def _text(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_text(path, data, _toc(path, ctx))


def _json(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return JsonSource(path, parse_json(data))


FORMAT_LOADERS: Mapping[str, Loader] = {"pdf": _pdf, "html": _html, "htm": _html, "json": _json}


# -- loaders of record formats ---------------------------------------------------------


def _pubmed_xml(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_pubmed_xml(path, data, ident)


def _pubmed_json(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_pubmed_json(path, data, ident)


def _crossref(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_crossref(path, data, ident)


def _csl(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_csl(path, data, ident)


def _arxiv(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_arxiv(path, data, ident)


def _ctgov(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_ctgov(path, data, ident)


def _aact(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_aact(path, data, ident)


def _europepmc(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_europepmc(path, data, ident)


def _bioc(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_bioc(path, data, ident)


def _pubtator_text(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
    return load_pubtator_text(path, decode_text(data), ident)


# Loaders whose result is a function of the bytes and the cited id alone (the path only
# carried along): the store parses each distinct record once (`sources/by_content.py`).
# A loader that reads a sidecar or the text cache (PDF, HTML, text) is not one.
BY_CONTENT: frozenset[Loader] = frozenset(
    {
        _json,
        _pubmed_xml,
        _pubmed_json,
        _crossref,
        _csl,
        _arxiv,
        _ctgov,
        _aact,
        _europepmc,
        _bioc,
        _pubtator_text,
    }
)


def _phrase(loaded: Loaded, locator: str) -> Span | None:
    return phrase_block(loaded, locator) if isinstance(loaded, TextSource) else None


TEXT_EXTENSIONS = ("txt", "md", "html", "htm", "pdf")

ALL_KINDS: tuple[SourceKind, ...] = (
    SourceKind(
        "guideline",
        ("guidelines",),
        TEXT_EXTENSIONS,
        "guidelines",
        holds="the guideline's text (a `<id>.toc.json` beside it maps sections to lines)",
    ),
    SourceKind(
        "pmid",
        ("pubmed",),
        ("json", "xml"),
        "pubmed",
        {"xml": _pubmed_xml, "json": _pubmed_json},
        identifies=("PMID",),
        holds='PubMed\'s efetch XML, or JSON by hand: {"pmid", "title", "abstract", "doi", …}',
    ),
    SourceKind(  # literature metadata: the channel of the PubMed records DOIs map to
        "crossref",
        ("crossref",),
        ("json",),
        "pubmed",
        {"json": _crossref},
        identifies=("DOI",),
        file_id=crossref_name,
        holds="the Crossref work, as api.crossref.org/works/<DOI> answers",
    ),
    SourceKind(  # a DOI of another agency (DataCite, mEDRA): doi.org's CSL-JSON record
        "doi",
        ("doi",),
        ("json",),
        "pubmed",
        {"json": _csl},
        identifies=("DOI",),
        file_id=crossref_name,
        holds="doi.org's CSL-JSON record, for a DOI Crossref did not register",
    ),
    SourceKind(
        "arxiv",
        ("arxiv",),
        ("xml",),
        "arxiv",
        {"xml": _arxiv},
        identifies=("arXiv",),
        file_id=arxiv_name,  # `hep-th/9901001` → `hep-th_9901001.xml`
        holds="the arXiv API's Atom entry",
    ),
    SourceKind(
        "nct",
        ("trials", "clinical_trials"),
        ("json",),
        "clinical_trials",
        {"json": _ctgov},
        required=True,
        identifies=("NCT",),
        holds="the ClinicalTrials.gov v2 study record",
    ),
    SourceKind(
        "aact",
        ("aact",),
        ("json",),
        "clinical_trials",
        {"json": _aact},
        required=True,
        identifies=("NCT",),
        holds="the AACT export of the trial",
    ),
    SourceKind(
        "europepmc",
        ("europepmc",),
        ("json",),
        "europepmc",
        {"json": _europepmc},
        identifies=("PMCID",),
        holds="the Europe PMC record, as its REST search answers for the id",
    ),
    SourceKind(
        "bioc",
        ("bioc",),
        ("json",),
        "bioc",
        {"json": _bioc},
        identifies=("PMCID",),
        holds="PMC's open full text in BioC JSON",
    ),
    SourceKind(
        "pubtator",
        ("pubtator",),
        ("json", "txt"),
        "pubtator",
        {"json": _bioc, "txt": _pubtator_text},
        required=True,
        holds="PubTator's BioC JSON or its text format",
    ),
    SourceKind(
        "evidence",
        ("evidence", ".", "../evidence"),
        ("md", "txt", "json", "csv"),
        "evidence",
        bare_id_first=True,
        outside_roots=("../evidence",),
        configured_roots=True,
        holds="your own evidence or model file",
    ),
    SourceKind(  # pages saved from the web; `web/index.json` maps their URLs to files
        "web",
        ("web",),
        TEXT_EXTENSIONS,
        "web",
        bare_id_first=True,
        fallback=_phrase,
        locator_optional=True,
        web_pages=True,
        holds="the page as served",
    ),
    SourceKind(
        "nmpa-page",
        ("nmpa",),
        ("html", "htm", "json", "txt", "md"),
        "nmpa",
        fallback=_phrase,
        locator_optional=True,
        holds="the NMPA page",
    ),
)

KINDS_BY_NAME: Mapping[str, SourceKind] = {kind.name: kind for kind in ALL_KINDS}
BUILTIN_TYPES: tuple[str, ...] = tuple(KINDS_BY_NAME)
LOCATOR_OPTIONAL: tuple[str, ...] = tuple(k.name for k in ALL_KINDS if k.locator_optional)
DEFAULT_CHANNELS: tuple[str, ...] = tuple(
    dict.fromkeys(kind.channel for kind in ALL_KINDS if kind.required)
)


def custom_kind(name: str, dirs: tuple[str, ...], extensions: tuple[str, ...]) -> SourceKind:
    """A type declared in config: its own channel, loaded by file format."""
    return SourceKind(name, dirs, extensions, name)
