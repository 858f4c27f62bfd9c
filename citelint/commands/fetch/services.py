"""Where each cited identifier is fetched from, and what a registry's answer means.

Every base URL has a default (the service's documented endpoint) and an environment
override (`CITELINT_FETCH_EUTILS`, …), which tests point at a local replay server.
Paths under a base are the services' documented ones.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import quote

from citelint.sources.registries import REGISTRIES as REGISTRY_OF
from citelint.sources.registries import SERVICES

DEFAULT_BASES: Mapping[str, str] = {s.name: s.base for s in SERVICES}
# how a message names the registry that decides whether a cited id exists
REGISTRIES: Mapping[str, str] = {k: s.registry for k, s in REGISTRY_OF.items()} | {"URL": "the web"}


def bases(
    env: Mapping[str, str] | None = None, configured: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Each service's base URL: the environment's override, then `[fetch]` in the
    config, then the service's own."""
    env = os.environ if env is None else env
    configured = configured or {}
    return {s.name: env.get(s.env, configured.get(s.name, s.base)).rstrip("/") for s in SERVICES}


def from_config(
    env: Mapping[str, str], configured: Mapping[str, str] | None = None
) -> frozenset[str]:
    """The services whose base URL a config file set (the environment not overriding it):
    a config in a cloned repository is a stranger's, and such a base never receives the
    user's key or contact address."""
    configured = configured or {}
    return frozenset(name for name in configured if f"CITELINT_FETCH_{name.upper()}" not in env)


@dataclass(frozen=True, slots=True)
class Wanted:
    """One cited source to save: `kind` is PMID, NCT, DOI, arXiv, PMCID or URL."""

    kind: str
    ident: str

    @property
    def key(self) -> str:
        """How the fetch index names it (`PMID 22663011`, `DOI 10.1056/…`)."""
        return f"{self.kind} {self.ident.lower() if self.kind == 'DOI' else self.ident}"


# Query parameters that carry the user's identity or key: sent only where they belong,
# and never written to a file or shown (`citations.urls.strip_credentials`).
SECRET_PARAMS = ("api_key", "email", "tool", "mailto")


CONTACT_ENV = "CITELINT_FETCH_EMAIL"  # the author's address, for registries that ask for one


def ncbi_params(env: Mapping[str, str], send: bool = True) -> str:
    """NCBI's `tool`, and its `email` and `api_key` from the environment only, and only
    where `send` (a base URL not set by a config file in the tree)."""
    parts = [("tool", env.get("NCBI_TOOL", "citelint"))]
    email = env.get("NCBI_EMAIL") or env.get(CONTACT_ENV)
    if email and send:
        parts.append(("email", email))
    if env.get("NCBI_API_KEY") and send:
        parts.append(("api_key", env["NCBI_API_KEY"]))
    return "".join(f"&{k}={_part(v)}" for k, v in parts)


def _part(ident: str) -> str:
    """An id as one path segment or query value: no id can change the path it is put in
    (`10.1234/../../admin` stays one segment)."""
    return quote(ident, safe="")


def efetch_url(
    base: Mapping[str, str], pmid: str, env: Mapping[str, str], send: bool = True
) -> str:
    return (
        f"{base['eutils']}/efetch.fcgi?db=pubmed&id={_part(pmid)}&retmode=xml"
        f"{ncbi_params(env, send)}"
    )


def ctgov_url(base: Mapping[str, str], nct: str) -> str:
    return f"{base['ctgov']}/studies/{_part(nct)}"


def crossref_url(
    base: Mapping[str, str], doi: str, env: Mapping[str, str] | None = None, send: bool = True
) -> str:
    """Crossref's work; with `CITELINT_FETCH_EMAIL`, its polite pool's `mailto` (sent only
    to a base URL the user chose, never to one a config file in the tree set)."""
    mailto = (env or {}).get(CONTACT_ENV)
    contact = f"?mailto={_part(mailto)}" if mailto and send else ""
    return f"{base['crossref']}/works/{_part(doi)}{contact}"


CSL_JSON = "application/vnd.citationstyles.csl+json"  # what doi.org is asked for


def doi_url(base: Mapping[str, str], doi: str) -> str:
    """doi.org's handle for a DOI: its prefix, then its suffix as one segment (a suffix
    such as `../../admin` never leaves the handle)."""
    prefix, _, suffix = doi.partition("/")
    return f"{base['doiorg']}/{_part(prefix)}/{_part(suffix)}"


def csl_has_doi(body: bytes, doi: str) -> bool:
    """Whether doi.org's answer is the CSL-JSON record of this DOI (a landing page or
    another DOI's record is not)."""
    return f'"{doi.lower()}"'.encode() in body.lower() and body.lstrip()[:1] == b"{"


def idconv_url(
    base: Mapping[str, str], ident: str, env: Mapping[str, str], send: bool = True
) -> str:
    return f"{base['idconv']}/?ids={_part(ident)}&format=json{ncbi_params(env, send)}"


def arxiv_url(base: Mapping[str, str], ident: str) -> str:
    return f"{base['arxiv']}/query?id_list={_part(ident)}&max_results=1"


def bioc_url(base: Mapping[str, str], pmcid: str) -> str:
    return f"{base['pmc']}/BioC_json/{_part(pmcid)}/unicode"


def arxiv_has_entry(body: bytes, ident: str) -> bool:
    """arXiv answers an unknown id with 200 and a feed of no entry (or an error entry,
    whose id is an error page, not the paper's)."""
    return f"arxiv.org/abs/{ident}".encode() in body


def bioc_has_document(body: bytes) -> bool:
    """The BioC service answers an article it has no open full text for with a 200 page
    of prose (`[Error] : No result can be found`), not with a BioC collection."""
    head = body[:4096].lstrip()
    return head[:1] in (b"[", b"{") and b'"documents"' in body


_IDCONV_ERROR = re.compile(rb'"status"\s*:\s*"error"|"errmsg"\s*:', re.I)


def idconv_unknown(idconv_body: bytes) -> bool:
    """Whether the PMC ID converter says the id it was asked is not a PMC article."""
    return _IDCONV_ERROR.search(idconv_body) is not None


def pubmed_has_article(body: bytes) -> bool:
    """efetch answers an unknown PMID with 200 and an empty set (or an error element)."""
    return b"<PubmedArticle>" in body or b"<PubmedArticle " in body or b"<PubmedBookArticle" in body


_NCT_ID = re.compile(rb'"nctId"\s*:\s*"(NCT\d{8})"')


def nct_of(body: bytes) -> str | None:
    """The NCT id a ClinicalTrials.gov record holds (its own, not an alias it lists)."""
    m = _NCT_ID.search(body[:65536])
    return m.group(1).decode() if m else None


_PMID_IN_IDCONV = re.compile(rb'"pmid"\s*:\s*"?(\d{1,9})"?')


def pmid_of(idconv_body: bytes) -> str | None:
    """The PMID the PMC ID converter gives a DOI, if any."""
    m = _PMID_IN_IDCONV.search(idconv_body)
    return m.group(1).decode() if m else None


_NCBI_ERROR = re.compile(rb'"error"\s*:\s*"([^"]{1,200})"|<ERROR>([^<]{1,200})</ERROR>')


def ncbi_reason(body: bytes) -> str:
    """NCBI's own reason for a refusal (`API key invalid`), as `: reason`, or nothing."""
    m = _NCBI_ERROR.search(body[:4096])
    if m is None:
        return ""
    reason = (m.group(1) or m.group(2)).decode("utf-8", "replace")
    return ": " + "".join(c for c in reason if c.isprintable())
