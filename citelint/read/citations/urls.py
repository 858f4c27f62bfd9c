"""URLs and identifiers as citations: the identifiers written in text (`PMID: 123`,
`doi:10.…`, `arXiv:2505.12490`), a URL's normalised form and the identifiers it carries,
and the quote of a `#:~:text=` fragment (URL Fragment Text Directives) and where a page
holds it."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

from citelint.ground.tokens import fold
from citelint.sources.loaders.arxiv import ARXIV_ID

_DEFAULT_PORTS = {"http": 80, "https": 443}
# Identifiers written in text, each with its word: what the citation scanner reads as an
# identifier citation and a reference entry as its source.
IDENTIFIERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("PMID", re.compile(r"\bPMID\s*(?:[:：]\s*)?(\d{1,9})\b")),
    ("PMCID", re.compile(r"\b(?:PMCID\s*(?:[:：]\s*)?)?(PMC\d{3,9})\b")),
    ("DOI", re.compile(r"\bdoi\s*[:：]\s*(10\.\d{4,9}/[^\s\"<>]+)", re.I)),
    ("NCT", re.compile(r"\b(NCT\d{8})\b")),
    # `(arXiv:2505.12490, Aug 2025)`: the id with its prefix and colon; `arXiv 2408` names
    # the work in prose and is no citation
    ("arXiv", re.compile(rf"\barXiv\s*[:：]\s*({ARXIV_ID})(?:v\d+)?", re.I)),
)
# Identifiers a URL of PubMed, PMC, ClinicalTrials.gov or doi.org carries.
URL_IDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("PMID", re.compile(r"pubmed\.ncbi\.nlm\.nih\.gov/(\d{1,9})(?:/|$|[?#])", re.I)),
    ("PMID", re.compile(r"ncbi\.nlm\.nih\.gov/pubmed/(\d{1,9})(?:/|$|[?#])", re.I)),
    ("PMCID", re.compile(r"ncbi\.nlm\.nih\.gov/(?:pmc/)?articles/(PMC\d{3,9})", re.I)),
    ("NCT", re.compile(r"clinicaltrials\.gov/(?:ct2/show|study)/(NCT\d{8})", re.I)),
    ("DOI", re.compile(r"(?:dx\.)?doi\.org/(10\.\d{4,9}/[^\s?#]+)", re.I)),
    # a publisher's page of the article: `ahajournals.org/doi/10.1161/…`, `/doi/full/10.…`
    ("DOI", re.compile(r"/doi/(?:abs/|full/|pdf/|epdf/|epub/)?(10\.\d{4,9}/[^\s?#]+)", re.I)),
    ("arXiv", re.compile(rf"arxiv\.org/(?:abs|pdf|html)/({ARXIV_ID})(?:v\d+)?(?:\.pdf)?", re.I)),
    # Europe PMC's pages of a PubMed or PMC record
    ("PMID", re.compile(r"europepmc\.org/(?:article|abstract)/MED/(\d{1,9})(?:/|$|[?#])", re.I)),
    ("PMCID", re.compile(r"europepmc\.org/(?:article/PMC/|articles/)(PMC\d{3,9})", re.I)),
    # a DOI as the path of an article page (`frontiersin.org/articles/10.3389/…`,
    # `biorxiv.org/content/10.1101/2020.01.01.123456v1`): its version and view dropped
    (
        "DOI",
        re.compile(
            r"/(?:articles|content|article)/(10\.\d{4,9}/[^\s?#/]+?)(?:v\d{1,3})?"
            r"(?:\.full|\.abstract|\.pdf|\.full\.pdf)?(?:/(?:full|abstract|pdf))?(?:$|[?#])",
            re.I,
        ),
    ),
)


def quote_parts(directive: str) -> tuple[str, str, str, str]:
    """(prefix, start, end, suffix) of a text directive (URL Fragment Text Directives)."""
    parts = directive.split(",")
    prefix = suffix = end = ""
    if parts and parts[0].endswith("-") and len(parts) > 1:
        prefix = unquote(parts.pop(0)[:-1])
    if parts and parts[-1].startswith("-") and len(parts) > 1:
        suffix = unquote(parts.pop()[1:])
    start = unquote(parts[0]) if parts else ""
    if len(parts) > 1:
        end = unquote(parts[1])
    return prefix, start, end, suffix


def text_fragment(url: str) -> tuple[str, str | None]:
    """The URL without its fragment, and the `#:~:text=` directive it carries, if any."""
    base, _, fragment = url.partition("#")
    _, found, directive = fragment.partition(":~:")
    if not found:
        return base, None
    for part in directive.split("&"):
        if part.startswith("text="):
            return base, part[len("text=") :]
    return base, None


def shown_link(base: str) -> str:
    """How messages show a link: its address (the quote of a fragment left out), a long
    one cut."""
    return base if len(base) <= 90 else base[:89] + "…"


def normalize_url(url: str) -> str:
    """Scheme and host lower-cased, default port, fragment, `utm_*` and a trailing slash
    dropped: two spellings of one page compare equal."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return url.strip()
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        host = f"{host}:{port}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if not k.startswith("utm_")])
    return urlunsplit((scheme, host, parts.path.rstrip("/"), query, ""))


def page_key(url: str) -> str:
    """`normalize_url`, and a host's `www.` dropped: what two links must share to name one
    page when a reference list and the body spell its host differently
    (`https://www.stcn.com/a/1` and `https://stcn.com/a/1`). For matching only; a URL is
    shown as `normalize_url` writes it."""
    key = normalize_url(url)
    scheme, sep, rest = key.partition("://")
    return f"{scheme}{sep}{rest[4:]}" if sep and rest.startswith("www.") else key


# Query parameters that name the user or carry a key: `api_key`, `email` and `tool` of
# NCBI, `mailto` of Crossref, and the common names for tokens.
_SECRET_PARAMS = frozenset(
    {
        "api_key", "apikey", "api-key", "x-api-key", "email", "tool", "mailto", "token",
        "key", "access_token", "auth", "password", "passwd", "secret", "client_secret",
    }
)  # fmt: skip


def strip_credentials(url: str) -> str:
    """`url` as it may be written to a file or shown: no user name or password, no
    query parameter that names the user or carries a key (the configured secrets
    anywhere else in it are `redact.py`'s)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    netloc = parts.netloc.rpartition("@")[2]
    kept = [
        piece
        for piece in parts.query.split("&")
        if piece and unquote(piece.partition("=")[0]).lower() not in _SECRET_PARAMS
    ]
    return urlunsplit((parts.scheme, netloc, parts.path, "&".join(kept), parts.fragment))


def url_ids(url: str) -> list[tuple[str, str]]:
    return [(kind, m.group(1)) for kind, pattern in URL_IDS for m in [pattern.search(url)] if m]


def quote_in(hay: str, directive: str) -> str | None:
    """The passage a text directive quotes, if `hay` (text folded by `squeeze`: a page
    quoted many times is folded once) holds it (case and spacing folded)."""
    prefix, start, end, suffix = quote_parts(directive)
    if not start:
        return None
    at = hay.find(squeeze(f"{prefix} {start}" if prefix else start))
    if at < 0:
        return None
    if prefix:
        at = hay.find(squeeze(start), at)
    stop = at + len(squeeze(start))
    if end:
        found = hay.find(squeeze(end), stop)
        if found < 0:
            return None
        stop = found + len(squeeze(end))
    if suffix and squeeze(suffix) not in hay[stop : stop + len(suffix) + 8]:
        return None
    return hay[at:stop]


def quoted(directive: str) -> str:
    """The words a text directive quotes: its start and end (the prefix and suffix only
    place it)."""
    _, start, end, _ = quote_parts(directive)
    return f"{start} … {end}" if end else start


def squeeze(text: str) -> str:
    return " ".join(fold(text).split())


def title_key(title: str) -> str:
    """A title compared exactly but for case, spacing and punctuation."""
    return " ".join(re.findall(r"\w+", fold(title)))
