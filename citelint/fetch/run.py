"""`citelint fetch`: save every cited source that is not saved yet, and say what happened.

Each outcome is recorded in the sources root's fetch index, `fetched.json`, keyed by
what was cited (`PMID 22663011`, `URL https://…`): **saved** (with the file), **missing**
(the registry answers that the id does not exist: CL012 in the lint), or **failed**
(network, 5xx, timeout, a bot check: tried again next run, never called missing). A saved
or missing source is not asked again unless `--refresh`. Files are written whole, inside
the sources root only, named from the id or a hash of the URL, never from the URL's path.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from citelint.citations.indexes import FETCH_INDEX, WEB_INDEX
from citelint.citations.urls import strip_credentials
from citelint.fetch import pages, services
from citelint.fetch.http import Client, FetchError, Response, host_key
from citelint.fetch.services import Wanted
from citelint.fetch.tally import Asked, Tally, line
from citelint.fetch.targets import printable
from citelint.sources.loaders.crossref import crossref_name
from citelint.sources.model import SourceError
from citelint.sources.paths import inside, read_regular
from citelint.writes import UnsafeWriteError, make_folders, write_atomic

WEB_FOLDER = os.path.dirname(WEB_INDEX)  # pages live beside the index that maps them
SECRET_ENV = ("NCBI_API_KEY", "NCBI_EMAIL", "CITELINT_FETCH_EMAIL")  # never written or shown
INDEX_CAP = 64 * 1024 * 1024  # bytes of a fetch or web index read back
_SAVE_EVERY = 20  # outcomes between rewrites of the index (a Ctrl-C keeps all but these)


@dataclass
class Outcome:
    outcome: str  # saved | missing | failed
    detail: str
    record: dict[str, object] = field(default_factory=dict)


class RootFetch:
    """The fetch of one sources root: its index, its writes, its outcomes."""

    def __init__(
        self,
        root: str,
        client: Client,
        env: Mapping[str, str],
        now: str,
        configured: Mapping[str, str] | None = None,
    ) -> None:
        self.root = root
        self.client = client
        self.env = env
        self.now = now
        self.base = services.bases(env, configured)
        # the user's key and address go only to a base URL the user chose, never to one a
        # config file in the tree set
        self.send = "eutils" not in services.from_config(env, configured)
        self.send_idconv = "idconv" not in services.from_config(env, configured)
        self.send_crossref = "crossref" not in services.from_config(env, configured)
        self.secrets = tuple(env[v] for v in SECRET_ENV if env.get(v))
        kept = _read_object(os.path.join(root, FETCH_INDEX), root)
        self.index = {k: v for k, v in kept.items() if isinstance(v, dict)}
        self.web: dict[str, object] = _read_object(os.path.join(root, WEB_INDEX), root)
        self._dirty = 0

    def pending(self, wanted: list[Wanted], refresh: bool) -> list[Wanted]:
        """What to ask for: not recorded as saved or missing, unless refreshing. A
        `missing` is asked again when it records no status (an earlier fetch read a 400
        as "no such record") or is older than MISSING_MAX_AGE days."""
        if refresh:
            return wanted
        return [w for w in wanted if not self._settled(self.index.get(w.key, {}))]

    def _settled(self, entry: Mapping[str, object]) -> bool:
        outcome = entry.get("outcome")
        if outcome == "saved":
            return True
        if outcome != "missing" or "status" not in entry:
            return False
        return _days_between(str(entry.get("date", "")), self.now) <= MISSING_MAX_AGE

    def fetch(self, want: Wanted) -> Outcome:
        try:
            how = {
                "PMID": self._pmid,
                "NCT": self._nct,
                "DOI": self._doi,
                "arXiv": self._arxiv,
                "PMCID": self._pmcid,
                "URL": self._url,
            }
            outcome = how[want.kind](want.ident)
        except FetchError as exc:
            outcome = Outcome("failed", exc.reason)
        entry: dict[str, object] = {"outcome": outcome.outcome, "detail": outcome.detail}
        entry["date"] = self.now
        entry |= outcome.record
        self.index[want.key] = entry
        self._dirty += 1
        if self._dirty >= _SAVE_EVERY:
            self.flush()
        return outcome

    def flush(self) -> None:
        if self._dirty or not os.path.exists(os.path.join(self.root, FETCH_INDEX)):
            self._write_json(FETCH_INDEX, self.index)
            if self.web:
                self._write_json(WEB_INDEX, self.web)
        self._dirty = 0

    # -- one per kind ---------------------------------------------------------------

    def _pmid(self, pmid: str) -> Outcome:
        answer = self.client.get(services.efetch_url(self.base, pmid, self.env, self.send))
        if answer.status != 200:  # PubMed says "no such PMID" by an empty set, never so
            raise FetchError(f"HTTP {answer.status}{services.ncbi_reason(answer.body)}")
        if not services.pubmed_has_article(answer.body):
            return _missing("PMID", pmid, "HTTP 200 with an empty set, no such record", 200)
        _ok(answer, ("text/xml", "application/xml"))
        return self._save(f"pubmed/{pmid}.xml", answer)

    def _nct(self, nct: str) -> Outcome:
        answer = self.client.get(services.ctgov_url(self.base, nct))
        if answer.status == 404:
            return _missing("NCT", nct, "HTTP 404, no such study", 404)
        _ok(answer, ("application/json",))
        return self._save(f"trials/{nct}.json", answer)

    def _doi(self, doi: str) -> Outcome:
        """Crossref's work for a DOI it registered, with its PubMed record where one maps;
        a DOI of another agency (DataCite, mEDRA, …) as doi.org's CSL-JSON record."""
        answer = self.client.get(
            services.crossref_url(self.base, doi, self.env, self.send_crossref)
        )
        if answer.status == 404:  # not Crossref's: doi.org answers for every agency
            return self._other_agency(doi)
        _ok(answer, ("application/json",))
        saved = self._save(f"crossref/{crossref_name(doi)}.json", answer)
        try:  # the PubMed record is a bonus: the DOI's own record is saved either way
            converted = self.client.get(
                services.idconv_url(self.base, doi, self.env, self.send_idconv)
            )
        except FetchError:
            return saved
        pmid = services.pmid_of(converted.body) if converted.status == 200 else None
        if pmid is not None and not os.path.exists(
            os.path.join(self.root, "pubmed", pmid + ".xml")
        ):
            record = self._pmid(pmid)
            if record.outcome == "saved":
                saved.record["pmid"] = pmid
        return saved

    def _other_agency(self, doi: str) -> Outcome:
        answer = self.client.get(services.doi_url(self.base, doi), accept=services.CSL_JSON)
        if answer.status == 404:  # the handle system's own "no such DOI"
            return _missing("DOI", doi, "HTTP 404, no such DOI", 404, registry="doi.org")
        _ok(answer, (services.CSL_JSON, "application/json", "application/citeproc+json"))
        if not services.csl_has_doi(answer.body, doi):
            raise FetchError("doi.org answered, but not with this DOI's CSL-JSON record")
        return self._save(f"doi/{crossref_name(doi)}.json", answer)

    def _arxiv(self, ident: str) -> Outcome:
        """arXiv's Atom entry; an empty feed is asked once more (after the host's pause)
        before the paper is called missing: arXiv sometimes answers one for a real id."""
        for _ in range(2):
            answer = self.client.get(services.arxiv_url(self.base, ident))
            _ok(answer, ("application/atom+xml", "application/xml", "text/xml"))
            if services.arxiv_has_entry(answer.body, ident):
                return self._save(f"arxiv/{ident}.xml", answer)
        return _missing("arXiv", ident, "HTTP 200 with no entry, twice: no such paper", 200)

    def _pmcid(self, pmcid: str) -> Outcome:
        """The open full text as BioC JSON; where PMC has none, the PubMed record the ID
        converter maps the PMCID to (the lint finds it by the PMCID it carries)."""
        answer = self.client.get(services.bioc_url(self.base, pmcid))
        if answer.status == 200 and services.bioc_has_document(answer.body):
            _ok(answer, ("application/json", "text/plain", "text/html"))
            return self._save(f"bioc/{pmcid}.json", answer)
        if answer.status not in (200, 404):
            raise FetchError(f"HTTP {answer.status}")
        converted = self.client.get(
            services.idconv_url(self.base, pmcid, self.env, self.send_idconv)
        )
        _ok(converted, ("application/json",))
        pmid = services.pmid_of(converted.body)
        if pmid is None and services.idconv_unknown(converted.body):
            return _missing("PMCID", pmcid, "HTTP 200, no such article", 200)
        if pmid is None:
            raise FetchError("PMC has no open full text and no PubMed record for it")
        record = self._pmid(pmid)
        if record.outcome != "saved":
            raise FetchError(f"PMC has no open full text and PMID {pmid}: {record.detail}")
        record.record["pmid"] = pmid
        return Outcome("saved", f"{record.detail} (PMC has no open full text)", record.record)

    def _url(self, url: str) -> Outcome:
        answer = self.client.get(url)
        if answer.status != 200:
            raise FetchError(f"HTTP {answer.status}")
        ext = pages.page_kind(answer.content_type, answer.body)
        if ext is None:
            raise FetchError(f"content type {answer.content_type or 'none'} is not a page")
        if ext == "html" and pages.is_bot_check(answer.body):
            raise FetchError("a bot check or captcha page answered, not the page")
        name = f"{_hash(url)}.{ext}"
        outcome = self._save(f"{WEB_FOLDER}/{name}", answer)
        self.web[url] = outcome.record | {"file": name}  # web/index.json names files in web/
        return outcome

    # -- writing ----------------------------------------------------------------------

    def _save(self, rel: str, answer: Response) -> Outcome:
        path = os.path.join(self.root, rel)
        make_folders(os.path.dirname(path), self.root)
        write_atomic(path, [answer.body], root=self.root)
        record: dict[str, object] = {
            "file": rel,
            "asked": strip_credentials(answer.url, self.secrets),
            "final_url": strip_credentials(answer.final_url, self.secrets),
            "status": answer.status,
            "content_type": answer.content_type,
            "content_type_header": answer.full_type,
            "size": len(answer.body),
            "sha256": hashlib.sha256(answer.body).hexdigest(),
            "fetched_at": self.now,
        }
        return Outcome("saved", rel, record)

    def _write_json(self, rel: str, value: object) -> None:
        path = os.path.join(self.root, rel)
        make_folders(os.path.dirname(path), self.root)
        text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        write_atomic(path, [text.encode()], root=self.root)


def _ok(answer: Response, types: tuple[str, ...]) -> None:
    if answer.status != 200:
        raise FetchError(f"HTTP {answer.status}")
    if answer.content_type not in types:
        raise FetchError(f"content type {answer.content_type or 'none'}, expected {types[0]}")


def _missing(kind: str, ident: str, answer: str, status: int, registry: str = "") -> Outcome:
    """A registry's documented "no such id"; its status is kept (a `missing` without one
    was written before 400 stopped counting as missing, and is asked again)."""
    registry = registry or services.REGISTRIES[kind]
    record = {"registry": registry, "answer": answer, "status": status}
    return Outcome("missing", f"{registry} answered {answer}", record)


MISSING_MAX_AGE = 30  # days before a `missing` is asked again (an id may be registered late)


def _days_between(earlier: str, later: str) -> int:
    """Days from one `YYYY-MM-DD` to another; an unreadable date is long ago."""
    try:
        a = datetime.date.fromisoformat(earlier)
        b = datetime.date.fromisoformat(later)
    except ValueError:
        return MISSING_MAX_AGE + 1
    return (b - a).days


_URL = re.compile(r"https?://[^\s]+", re.I)


def redacted(line: str, secrets: tuple[str, ...] = ()) -> str:
    """A line for the terminal or a file: every URL in it without credentials, every
    secret value replaced, no control character."""
    for secret in secrets:
        if len(secret) >= 4:
            line = line.replace(secret, "***")
    return printable(_URL.sub(lambda m: strip_credentials(m.group(0)), line))


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _read_object(path: str, root: str) -> dict[str, Any]:
    """A JSON object this command wrote before, read only as a regular file inside the
    sources root (a planted link is never followed); anything else starts afresh."""
    if not inside(path, (os.path.realpath(root),)):
        raise UnsafeWriteError(path, "leads outside the sources root; citelint never follows it")
    try:
        value = json.loads(read_regular(path, INDEX_CAP, "the fetch index cap"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, SourceError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


ARXIV_INTERVAL = 3.0  # arXiv's terms: one request every three seconds


def intervals(
    env: Mapping[str, str], configured: Mapping[str, str] | None = None
) -> dict[str, float]:
    """Seconds between requests per host, from each service's terms: NCBI 3 a second (10
    with an API key), arXiv one per 3 s; Crossref says its own in `x-rate-limit-*` headers
    (`Client` follows them); every other host one per 0.2 s."""
    ncbi = 0.1 if env.get("NCBI_API_KEY") else 1 / 3
    base = services.bases(env, configured)
    paced = {host_key(base[name]): ncbi for name in ("eutils", "idconv", "pmc")}
    paced[host_key(base["arxiv"])] = ARXIV_INTERVAL
    return paced


def fetch_all(
    wanted: Mapping[str, list[Wanted]],
    *,
    client: Client,
    env: Mapping[str, str],
    out: Callable[[str], None] | None = None,
    dry_run: bool = False,
    refresh: bool = False,
    now: Callable[[], str] = lambda: time.strftime("%Y-%m-%d", time.gmtime()),
    configured: Mapping[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    shown: Callable[[str], str] = str,
    verbose: bool = False,
) -> Tally:
    """Fetch what is wanted under each root. `out` is given each source's line as it is
    settled (failed and missing ones; saved ones too when `verbose`), `progress(done,
    total)` follows along, `shown` displays a root. The tally's exit code is 1 when some
    fetch failed."""
    tally = Tally(dry_run=dry_run)
    jobs = [RootFetch(root, client, env, now(), configured) for root in sorted(wanted)]
    plans = [(job, job.pending(wanted[job.root], refresh)) for job in jobs]
    total = sum(len(todo) for _, todo in plans)
    for job, todo in plans:
        if dry_run:
            tally.would += [Asked(shown(job.root), w.key, "pending", "") for w in todo]
            continue
        try:
            for want in todo:
                outcome = job.fetch(want)
                asked = Asked(
                    shown(job.root),
                    redacted(want.key, job.secrets),
                    outcome.outcome,
                    redacted(outcome.detail, job.secrets),
                )
                tally.asked.append(asked)
                if progress is not None:
                    progress(len(tally.asked), total)
                if out is not None and (verbose or outcome.outcome != "saved"):
                    out(line(asked))
        finally:  # Ctrl-C: every file already written is whole; the index keeps them
            job.flush()
            tally.requests = client.requests
    return tally
