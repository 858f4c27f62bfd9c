"""How each cited identifier is asked for: one flow per identifier a registry decides
(`registries.REGISTRIES`; a test holds the two to each other), and the page at a URL.

A flow asks with `job.client`, saves with `job.save(…)`, calls a source `missing` only on
its registry's documented "no such id", and raises `FetchError` for every other answer
(a failure, tried again next run).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from citelint.commands.fetch import pages, services
from citelint.commands.fetch.http import Client, FetchError, Response
from citelint.commands.fetch.services import Wanted
from citelint.read.citations.indexes import WEB_INDEX
from citelint.sources.loaders.arxiv import arxiv_name
from citelint.sources.loaders.crossref import crossref_name
from citelint.sources.registries import MISSING_MAX_AGE


@dataclass(frozen=True, slots=True)
class Policy:
    """What the `[fetch]` config decides about asking: how long a `missing` stands, which
    URLs are never asked, which answers are accepted instead of failing, how long a
    failure is remembered instead of asked again (0 days: asked again on every run)."""

    missing_max_age: int = MISSING_MAX_AGE
    skip_urls: tuple[str, ...] = ()
    accept_status: tuple[int, ...] = ()
    failed_max_age: int = 0

    def skipped(self, want: Wanted) -> Outcome | None:
        """The outcome of a URL a `skip-urls` glob names: never asked."""
        if want.kind != "URL":
            return None
        for glob in self.skip_urls:
            if fnmatch.fnmatchcase(want.ident, glob):
                return Outcome("skipped", f"[fetch] skip-urls matches {glob}")
        return None


class Job(Protocol):
    """What a flow may use of the fetch of one sources root (`run.RootFetch`)."""

    root: str
    client: Client
    env: Mapping[str, str]
    base: dict[str, str]
    send: bool  # the user's NCBI key and address may go to eutils
    send_idconv: bool
    send_crossref: bool  # the contact address may go to Crossref
    web: dict[str, object]  # the web index being written
    policy: Policy  # what the `[fetch]` config decides

    def save(self, rel: str, answer: Response) -> Outcome: ...


WEB_FOLDER = os.path.dirname(WEB_INDEX)  # pages live beside the index that maps them


@dataclass
class Outcome:
    outcome: str  # saved | missing | failed
    detail: str
    record: dict[str, object] = field(default_factory=dict)


def ok(answer: Response, types: tuple[str, ...]) -> None:
    if answer.status != 200:
        raise FetchError(f"HTTP {answer.status}")
    if answer.content_type not in types:
        raise FetchError(f"content type {answer.content_type or 'none'}, expected {types[0]}")


def missing(kind: str, ident: str, answer: str, status: int, registry: str = "") -> Outcome:
    """A registry's documented "no such id"; its status is kept (a `missing` without one
    was written before 400 stopped counting as missing, and is asked again)."""
    registry = registry or services.REGISTRIES[kind]
    record = {"registry": registry, "answer": answer, "status": status}
    return Outcome("missing", f"{registry} answered {answer}", record)


def ask_pmid(job: Job, pmid: str) -> Outcome:
    answer = job.client.get(services.efetch_url(job.base, pmid, job.env, job.send))
    if answer.status != 200:  # PubMed says "no such PMID" by an empty set, never so
        raise FetchError(f"HTTP {answer.status}{services.ncbi_reason(answer.body)}")
    if not services.pubmed_has_article(answer.body):
        return missing("PMID", pmid, "HTTP 200 with an empty set, no such record", 200)
    ok(answer, ("text/xml", "application/xml"))
    return job.save(f"pubmed/{pmid}.xml", answer)


def ask_nct(job: Job, nct: str) -> Outcome:
    answer = job.client.get(services.ctgov_url(job.base, nct))
    if answer.status == 404:
        return missing("NCT", nct, "HTTP 404, no such study", 404)
    ok(answer, ("application/json",))
    saved = job.save(f"trials/{nct}.json", answer)
    held = services.nct_of(answer.body)
    if held is not None and held != nct:  # an alias: the study that lists it answers
        saved.record["record_id"] = held
        saved = Outcome(
            "saved", f"{saved.detail} (the study {held}, {nct} its alias)", saved.record
        )
    return saved


def ask_doi(job: Job, doi: str) -> Outcome:
    """Crossref's work for a DOI it registered, with its PubMed record where one maps;
    a DOI of another agency (DataCite, mEDRA, …) as doi.org's CSL-JSON record."""
    answer = job.client.get(services.crossref_url(job.base, doi, job.env, job.send_crossref))
    if answer.status == 404:  # not Crossref's: doi.org answers for every agency
        return _other_agency(job, doi)
    ok(answer, ("application/json",))
    saved = job.save(f"crossref/{crossref_name(doi)}.json", answer)
    try:  # the PubMed record is a bonus: the DOI's own record is saved either way
        converted = job.client.get(services.idconv_url(job.base, doi, job.env, job.send_idconv))
    except FetchError:
        return saved
    pmid = services.pmid_of(converted.body) if converted.status == 200 else None
    if pmid is not None and not os.path.exists(os.path.join(job.root, "pubmed", pmid + ".xml")):
        record = ask_pmid(job, pmid)
        if record.outcome == "saved":
            saved.record["pmid"] = pmid
    return saved


def _other_agency(job: Job, doi: str) -> Outcome:
    answer = job.client.get(services.doi_url(job.base, doi), accept=services.CSL_JSON)
    if answer.status == 404:  # the handle system's own "no such DOI"
        return missing("DOI", doi, "HTTP 404, no such DOI", 404, registry="doi.org")
    ok(answer, (services.CSL_JSON, "application/json", "application/citeproc+json"))
    if not services.csl_has_doi(answer.body, doi):
        raise FetchError("doi.org answered, but not with this DOI's CSL-JSON record")
    return job.save(f"doi/{crossref_name(doi)}.json", answer)


def ask_arxiv(job: Job, ident: str) -> Outcome:
    """arXiv's Atom entry; an empty feed is asked once more (after the host's pause)
    before the paper is called missing: arXiv sometimes answers one for a real id."""
    for _ in range(2):
        answer = job.client.get(services.arxiv_url(job.base, ident))
        ok(answer, ("application/atom+xml", "application/xml", "text/xml"))
        if services.arxiv_has_entry(answer.body, ident):
            return job.save(f"arxiv/{arxiv_name(ident)}.xml", answer)
    return missing("arXiv", ident, "HTTP 200 with no entry, twice: no such paper", 200)


def ask_pmcid(job: Job, pmcid: str) -> Outcome:
    """The open full text as BioC JSON; where PMC has none, the PubMed record the ID
    converter maps the PMCID to (the lint finds it by the PMCID it carries)."""
    answer = job.client.get(services.bioc_url(job.base, pmcid))
    if answer.status == 200 and services.bioc_has_document(answer.body):
        ok(answer, ("application/json", "text/plain", "text/html"))
        return job.save(f"bioc/{pmcid}.json", answer)
    if answer.status not in (200, 404):
        raise FetchError(f"HTTP {answer.status}")
    converted = job.client.get(services.idconv_url(job.base, pmcid, job.env, job.send_idconv))
    ok(converted, ("application/json",))
    pmid = services.pmid_of(converted.body)
    if pmid is None and services.idconv_unknown(converted.body):
        return missing("PMCID", pmcid, "HTTP 200, no such article", 200)
    if pmid is None:
        raise FetchError("PMC has no open full text and no PubMed record for it")
    record = ask_pmid(job, pmid)
    if record.outcome != "saved":
        raise FetchError(f"PMC has no open full text and PMID {pmid}: {record.detail}")
    record.record["pmid"] = pmid
    return Outcome("saved", f"{record.detail} (PMC has no open full text)", record.record)


def ask_url(job: Job, url: str) -> Outcome:
    answer = job.client.get(url)
    if answer.status in job.policy.accept_status:  # a paywall's 403, a dead link's 404
        why = f"HTTP {answer.status}, accepted by [fetch] accept-status"
        return Outcome("accepted", why, {"status": answer.status})
    if answer.status != 200:
        raise FetchError(f"HTTP {answer.status}")
    ext = pages.page_kind(answer.content_type, answer.body)
    if ext is None:
        raise FetchError(f"content type {answer.content_type or 'none'} is not a page")
    if ext == "html" and pages.is_bot_check(answer.body):
        raise FetchError("a bot check or captcha page answered, not the page")
    name = f"{pages.page_name(url)}.{ext}"
    outcome = job.save(f"{WEB_FOLDER}/{name}", answer)
    job.web[url] = outcome.record | {"file": name}  # web/index.json names files in web/
    return outcome


FLOWS: dict[str, Callable[[Job, str], Outcome]] = {
    "PMID": ask_pmid,
    "NCT": ask_nct,
    "DOI": ask_doi,
    "arXiv": ask_arxiv,
    "PMCID": ask_pmcid,
    "URL": ask_url,
}
