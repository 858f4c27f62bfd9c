"""The services `citelint fetch` asks, one declaration each, and the `[fetch]` and
`[judge]` config tables.

A floor below `config_keys.py` and the linter (it imports `errors` and the arXiv id
grammar of `sources/loaders/arxiv.py`, nothing of the linter or of `fetch/`): the config checks
its keys against this registry; `fetch/` plans, paces and asks by it; the docs and the
tests read it. Adding a service is one `Service` here and its flow in `fetch/flows.py`
(the recipe in docs/architecture.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from citelint.ground.errors import ConfigError
from citelint.sources.loaders.arxiv import ARXIV_ID

DEFAULT_PACE = 0.2  # seconds between two requests to a host no service's terms name


@dataclass(frozen=True, slots=True)
class Service:
    """One service fetch asks: where it is, what it answers, how fast it may be asked."""

    name: str  # the `[fetch]` key of its base URL; the environment's CITELINT_FETCH_<NAME>
    base: str  # its documented endpoint
    registry: str  # how a message names it ("PubMed (E-utilities) answered …")
    # the cited identifier whose existence this service decides ("" for a helper), and
    # what such an id must look like before it is asked for and names a file
    identifier: str = ""
    shape: str = ""
    pace: float = DEFAULT_PACE  # seconds between requests, by the service's terms
    keyed_pace: float | None = None  # the same with an NCBI_API_KEY

    @property
    def env(self) -> str:
        return f"CITELINT_FETCH_{self.name.upper()}"


NCBI_PACE, NCBI_KEYED_PACE = 1 / 3, 0.1  # NCBI's terms: 3 a second, 10 with an API key
SERVICES: tuple[Service, ...] = (
    Service(
        "eutils",
        "https://eutils.ncbi.nlm.nih.gov/entrez/eutils",
        "PubMed (E-utilities)",
        "PMID",
        r"\d{1,9}",
        pace=NCBI_PACE,
        keyed_pace=NCBI_KEYED_PACE,
    ),
    Service(
        "idconv",
        "https://pmc.ncbi.nlm.nih.gov/tools/idconv/api/v1/articles",
        "PMC (ID converter)",
        "PMCID",
        r"PMC\d{3,9}",
        pace=NCBI_PACE,
        keyed_pace=NCBI_KEYED_PACE,
    ),
    Service(
        "pmc",  # BioC open full text; a PMCID's existence is the ID converter's to say
        "https://www.ncbi.nlm.nih.gov/research/bionlp/RESTful/pmcoa.cgi",
        "PMC (BioC)",
        pace=NCBI_PACE,
        keyed_pace=NCBI_KEYED_PACE,
    ),
    Service("ctgov", "https://clinicaltrials.gov/api/v2", "ClinicalTrials.gov", "NCT", r"NCT\d{8}"),
    Service("crossref", "https://api.crossref.org", "Crossref", "DOI", r"10\.\d{4,9}/\S{1,300}"),
    Service("doiorg", "https://doi.org", "doi.org"),  # every agency's DOIs, by negotiation
    Service(
        "arxiv",
        "https://export.arxiv.org/api",
        "arXiv",
        "arXiv",
        ARXIV_ID + r"(?:v\d{1,3})?",
        pace=3.0,  # its terms: one request every three seconds
    ),
)
SERVICES_BY_NAME: Mapping[str, Service] = {s.name: s for s in SERVICES}
# The identifiers fetch has a registry for, and the registry that decides each exists.
REGISTRIES: Mapping[str, Service] = {s.identifier: s for s in SERVICES if s.identifier}
ID_SHAPES: Mapping[str, re.Pattern[str]] = {
    s.identifier: re.compile(s.shape) for s in SERVICES if s.identifier
}

# -- the `[fetch]` table -------------------------------------------------------------------

MISSING_MAX_AGE = 30  # days before a `missing` is asked again (an id may be registered late)
_OPTIONS = (
    "deadline",
    "missing-max-age",
    "skip-urls",
    "accept-status",
    "max-concurrency",
    "max-retries",
    "failed-max-age",
    "headers",
)
MAX_CONCURRENCY = 16  # sources asked at once by default (each host still one at a time)
MAX_RETRIES = 2  # a transient failure is asked again this many times by default


def fetch_table(value: object, path: str) -> dict[str, object]:
    """`[fetch]`: each service's base URL (`ctgov = "https://…"`), `deadline` (seconds one
    URL may take), `missing-max-age` (days), `skip-urls` (URL globs never fetched) and
    `accept-status` (HTTP statuses recorded as accepted), `max-concurrency` (sources asked
    at once), `max-retries` (of a transient failure), `failed-max-age` (days a failure
    is remembered instead of asked again; 0, every run) and `headers` (sent with every
    request; no credential); only `citelint fetch` reads them,
    and the environment's `CITELINT_FETCH_*` overrides a base. The Settings it sets."""
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table of service = base URL")
    out: dict[str, object] = {}
    bases = []
    for name, item in sorted(value.items()):
        if name in _OPTIONS:
            out.update(_option(name, item, f"{path}.{name}"))
            continue
        if name not in SERVICES_BY_NAME:
            raise ConfigError(
                f"unknown key '{path}.{name}' (services: {', '.join(sorted(SERVICES_BY_NAME))};"
                f" {', '.join(_OPTIONS)})"
            )
        if not isinstance(item, str) or not _base_url(item):
            raise ConfigError(f"'{path}.{name}' must be an http or https URL")
        bases.append((name, item))
    out["fetch_bases"] = tuple(bases)
    return out


def _option(name: str, value: object, path: str) -> dict[str, object]:
    if name == "deadline":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 3600:
            raise ConfigError(f"'{path}' must be seconds, over 0 and at most 3600")
        return {"fetch_deadline": float(value)}
    if name in ("missing-max-age", "failed-max-age"):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 36500:
            raise ConfigError(f"'{path}' must be whole days, from 0 to 36500")
        return {f"fetch_{name.replace('-', '_')}": value}
    if name in ("max-concurrency", "max-retries"):
        low, high = (1, 256) if name == "max-concurrency" else (0, 10)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ConfigError(f"'{path}' must be a whole number from {low} to {high}")
        return {f"fetch_{name.replace('-', '_')}": value}
    if name == "headers":
        return {"fetch_headers": _headers(value, path)}
    if name == "skip-urls":
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise ConfigError(f"'{path}' must be a list of URL globs")
        return {"fetch_skip_urls": tuple(value)}
    statuses = value if isinstance(value, list) else [None]
    if not all(type(s) is int and 400 <= s <= 599 for s in statuses):
        raise ConfigError(f"'{path}' must be a list of HTTP error statuses (400-599)")
    return {"fetch_accept_status": tuple(sorted(set(statuses)))}


_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an HTTP header's name (RFC 9110)
# what the client writes itself, and credentials: the hosts a fetch asks are named by the
# reports, which a stranger may write, so a credential would go to any of them (a
# service's own key has its own setting: NCBI_API_KEY)
_NOT_SENT = re.compile(
    r"host|connection|content-length|transfer-encoding|te|trailer|upgrade|expect|"
    r"cookie|proxy-.*|.*(?:auth|key|token|secret|password|session).*",
    re.I,
)


_HEADER_CHARS = 1000  # servers refuse far less than a config could hold


def _headers(value: object, path: str) -> tuple[tuple[str, str], ...]:
    """`[fetch] headers`: a table of header name = value sent with every request."""
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table of header name = value")
    out = []
    for name, text in sorted(value.items()):
        where = f"'{path}.{name}'"
        if not _TOKEN.fullmatch(name):
            raise ConfigError(f"{where}: not a header name")
        if _NOT_SENT.fullmatch(name):
            raise ConfigError(
                f"{where}: not sent — citelint writes it itself, or it is a credential, "
                "which would go to every host the reports cite"
            )
        if (
            not isinstance(text, str)
            or len(text) > _HEADER_CHARS
            or any((ord(c) < 32 and c != "\t") or ord(c) == 127 for c in text)
        ):
            raise ConfigError(
                f"{where} must be text on one line, at most {_HEADER_CHARS} characters"
            )
        out.append((name, text.strip()))
    return tuple(out)


_BASE_URL = re.compile(r"https?://[^\s/\\@]+(?:/[^\s\\]*)?")


def _base_url(url: str) -> bool:
    """A base URL two parsers read alike: a scheme, a host with no credentials, a path;
    no white space, backslash or control character."""
    if not _BASE_URL.fullmatch(url) or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError:
        return False
    return bool(parts.hostname)


# -- the `[judge]` table -------------------------------------------------------------------

JUDGE_MAX_CALLS = 200  # calls one `citelint judge` run makes unless told otherwise
JUDGE_TIMEOUT = 120.0  # seconds one call may take


def judge_table(value: object, path: str) -> dict[str, object]:
    """`[judge]`: the OpenAI-compatible endpoint `citelint judge` asks (`base-url`, `model`),
    its budget (`max-calls`), `timeout` and `concurrency` (calls under way at once). The
    API key is never a config key: it comes from the environment only, and goes only to a
    base URL the environment set or on localhost."""
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table")
    out: dict[str, object] = {}
    for name, item in sorted(value.items()):
        where = f"{path}.{name}"
        if name == "base-url":
            if not isinstance(item, str) or not _base_url(item):
                raise ConfigError(f"'{where}' must be an http or https URL")
            out["judge_base_url"] = item.rstrip("/")
        elif name == "model":
            if not isinstance(item, str) or not item.strip() or len(item) > 200:
                raise ConfigError(f"'{where}' must be a model name")
            out["judge_model"] = item
        elif name == "max-calls":
            if type(item) is not int or not 0 <= item <= 100_000:
                raise ConfigError(f"'{where}' must be a whole number from 0 to 100000")
            out["judge_max_calls"] = item
        elif name == "concurrency":
            if type(item) is not int or not 1 <= item <= 16:
                raise ConfigError(f"'{where}' must be a whole number from 1 to 16")
            out["judge_concurrency"] = item
        elif name == "timeout":
            if isinstance(item, bool) or not isinstance(item, int | float) or not 0 < item <= 3600:
                raise ConfigError(f"'{where}' must be seconds, over 0 and at most 3600")
            out["judge_timeout"] = float(item)
        else:
            raise ConfigError(
                f"unknown key '{where}' (base-url, model, max-calls, timeout, concurrency)"
            )
    return out
