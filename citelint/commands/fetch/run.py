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
import itertools
import json
import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from citelint.commands.fetch import flows, services
from citelint.commands.fetch.flows import Outcome, Policy
from citelint.commands.fetch.http import Client, FetchError, Response, host_key
from citelint.commands.fetch.services import Wanted
from citelint.commands.fetch.tally import Asked, Tally, line
from citelint.commands.fetch.targets import printable
from citelint.ground import redact
from citelint.ground.redact import Redactor
from citelint.ground.writes import UnsafeWriteError, make_folders, write_atomic
from citelint.read.citations.indexes import FETCH_INDEX, WEB_INDEX
from citelint.read.citations.urls import strip_credentials
from citelint.sources.model import SourceError
from citelint.sources.paths import inside, read_regular
from citelint.sources.registries import SERVICES

INDEX_CAP = 64 * 1024 * 1024  # bytes of a fetch or web index read back
_SAVE_EVERY = 20  # outcomes between rewrites of the index (a Ctrl-C keeps all but these)


class RootFetch:
    """The fetch of one sources root: its index, its writes, its outcomes."""

    def __init__(
        self,
        root: str,
        client: Client,
        env: Mapping[str, str],
        now: str,
        configured: Mapping[str, str] | None = None,
        policy: Policy | None = None,
    ) -> None:
        self.root = root
        self.client = client
        self.env = env
        self.now = now
        self.policy = policy or Policy()
        self.base = services.bases(env, configured)
        # the user's key and address go only to a base URL the user chose, never to one a
        # config file in the tree set
        self.send = "eutils" not in services.from_config(env, configured)
        self.send_idconv = "idconv" not in services.from_config(env, configured)
        self.send_crossref = "crossref" not in services.from_config(env, configured)
        # the environment given and the process's own: never written, never shown
        self.redactor = Redactor((*redact.from_env(env).secrets, *redact.process().secrets))
        kept = _read_object(os.path.join(root, FETCH_INDEX), root)
        self.index = {k: v for k, v in kept.items() if isinstance(v, dict)}
        self.web: dict[str, object] = _read_object(os.path.join(root, WEB_INDEX), root)
        self._dirty = 0
        self._lock = threading.Lock()  # the index and its writes, among the asking threads

    def pending(self, wanted: list[Wanted], refresh: bool) -> list[Wanted]:
        """What to ask for: not recorded as saved, missing or accepted, unless refreshing.
        A `missing` is asked again when it records no status (an earlier fetch read a 400
        as "no such record") or is older than `[fetch] missing-max-age` days; an
        `accepted` once its status is no longer in `[fetch] accept-status`."""
        if refresh:
            return wanted
        return [w for w in wanted if not self._settled(self.index.get(w.key, {}))]

    def would(self, todo: list[Wanted], shown: Callable[[str], str]) -> list[Asked]:
        """A dry run's sources: each to be asked, or kept by `skip-urls` (or `--exclude`),
        which is said, never asked."""
        out = []
        for want in todo:
            skip = self.policy.skipped(want)
            kept, why = ("skipped", skip.detail) if skip else ("pending", "")
            out.append(Asked(shown(self.root), want.key, kept, why))
        return out

    def remembered_failures(
        self, wanted: list[Wanted], refresh: bool, shown: Callable[[str], str]
    ) -> list[Asked]:
        """The failures `[fetch] failed-max-age` keeps from being asked again: still failed
        (the run says so and exits 1), not asked until they are older."""
        if refresh or not self.policy.failed_max_age:
            return []
        kept = [self.index.get(w.key, {}) for w in wanted]
        return [
            Asked(
                shown(self.root),
                redacted(want.key, self.redactor),
                "failed",
                f"remembered from {entry.get('date')}: {entry.get('detail', '')}",
            )
            for want, entry in zip(wanted, kept, strict=True)
            if entry.get("outcome") == "failed" and self._settled(entry)
        ]

    def _settled(self, entry: Mapping[str, object]) -> bool:
        outcome = entry.get("outcome")
        if outcome == "saved":
            return True
        if outcome == "failed":  # remembered for `failed-max-age` days (0: asked again)
            age = _days_between(str(entry.get("date", "")), self.now)
            return age < self.policy.failed_max_age
        if outcome == "accepted":
            return entry.get("status") in self.policy.accept_status
        if outcome != "missing" or "status" not in entry:
            return False
        age = _days_between(str(entry.get("date", "")), self.now)
        return age <= self.policy.missing_max_age

    def fetch(self, want: Wanted) -> Outcome:
        try:
            skip = self.policy.skipped(want)
            outcome = skip or flows.FLOWS[want.kind](self, want.ident)
        except FetchError as exc:
            outcome = Outcome("failed", exc.reason)
        detail = redacted(outcome.detail, self.redactor)
        entry: dict[str, object] = {"outcome": outcome.outcome, "detail": detail}
        entry["date"] = self.now
        entry |= outcome.record
        with self._lock:
            self.index[want.key] = entry
            self._dirty += 1
        if self._dirty >= _SAVE_EVERY:
            self.flush()
        return outcome

    def flush(self) -> None:
        with self._lock:  # a copy of each index as it stands (a flow may add a page)
            if self._dirty or not os.path.exists(os.path.join(self.root, FETCH_INDEX)):
                self._write_json(FETCH_INDEX, dict(self.index))
                if self.web:
                    self._write_json(WEB_INDEX, dict(self.web))
            self._dirty = 0

    # -- writing ----------------------------------------------------------------------

    def save(self, rel: str, answer: Response) -> Outcome:
        if self.redactor.holds(answer.body):
            # a saved source is committed: an answer that repeats the request's key or
            # address (an error page, an echo) would publish it
            return Outcome("failed", "the answer repeats a configured key or address; not saved")
        path = os.path.join(self.root, rel)
        make_folders(os.path.dirname(path), self.root)
        write_atomic(path, [answer.body], root=self.root, redactor=redact.NONE)
        record: dict[str, object] = {
            "file": rel,
            "asked": redacted(answer.url, self.redactor),
            "final_url": redacted(answer.final_url, self.redactor),
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
        write_atomic(path, [text.encode()], root=self.root, redactor=self.redactor)


def _days_between(earlier: str, later: str) -> int:
    """Days from one `YYYY-MM-DD` to another; an unreadable date is long ago."""
    try:
        a = datetime.date.fromisoformat(earlier)
        b = datetime.date.fromisoformat(later)
    except ValueError:
        return 10**6
    return (b - a).days


_URL = re.compile(r"https?://[^\s]+", re.I)


def redacted(line: str, redactor: Redactor = redact.NONE) -> str:
    """A line for the terminal or a file: every URL in it without credentials, every
    secret replaced in any spelling, no control character."""
    return printable(_URL.sub(lambda m: strip_credentials(m.group(0)), redactor.text(line)))


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


def intervals(
    env: Mapping[str, str], configured: Mapping[str, str] | None = None
) -> dict[str, float]:
    """Seconds between requests per host, from each service's terms (`registries`: NCBI 3
    a second, 10 with an API key; arXiv one per 3 s); Crossref says its own in
    `x-rate-limit-*` headers, which `Client` follows; every other host one per 0.2 s."""
    keyed = bool(env.get("NCBI_API_KEY"))
    base = services.bases(env, configured)
    return {
        host_key(base[s.name]): s.keyed_pace if keyed and s.keyed_pace else s.pace for s in SERVICES
    }


def interleaved(todo: list[Wanted]) -> list[int]:
    """The order to ask in: one source of each host in turn, so that threads wait on one
    host's pace only when no other host is left (a report cites one site's pages
    together). An identifier's host is its registry's; the plan's order within a host."""
    hosts: dict[str, list[int]] = {}
    for i, want in enumerate(todo):
        hosts.setdefault(host_key(want.ident) if want.kind == "URL" else want.kind, []).append(i)
    turns = itertools.zip_longest(*hosts.values())
    return [i for turn in turns for i in turn if i is not None]


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
    policy: Policy | None = None,
    concurrency: int = 1,
) -> Tally:
    """Fetch what is wanted under each root. `out` is given each source's line as it is
    settled (failed and missing ones; saved ones too when `verbose`), `progress(done,
    total)` follows along, `shown` displays a root. Up to `concurrency` sources are asked
    at once (each host still one request at a time, at its pace); lines, the tally and
    the indexes come out in the plan's order whatever finishes first. The tally's exit
    code is 1 when some fetch failed."""
    tally = Tally(dry_run=dry_run)
    jobs = [RootFetch(root, client, env, now(), configured, policy) for root in sorted(wanted)]
    plans = [(job, job.pending(wanted[job.root], refresh)) for job in jobs]
    total = sum(len(todo) for _, todo in plans)
    for job in jobs:
        for asked in job.remembered_failures(wanted[job.root], refresh, shown):
            tally.asked.append(asked)
            if out is not None:
                out(line(asked))
    for job, todo in plans:
        if dry_run:
            tally.would += job.would(todo, shown)
            continue
        pool = ThreadPoolExecutor(max_workers=max(1, concurrency))
        try:
            asking = {i: pool.submit(job.fetch, todo[i]) for i in interleaved(todo)}
            for i, want in enumerate(todo):  # in the plan's order, whatever finished first
                outcome = asking[i].result()
                asked = Asked(
                    shown(job.root),
                    redacted(want.key, job.redactor),
                    outcome.outcome,
                    redacted(outcome.detail, job.redactor),
                )
                tally.asked.append(asked)
                if progress is not None:
                    progress(len(tally.asked), total)
                if out is not None and (verbose or outcome.outcome != "saved"):
                    out(line(asked))
        except BaseException:  # Ctrl-C: what is under way is cut, nothing more is asked
            client.abort()
            raise
        finally:  # every file already written is whole; the index keeps them
            pool.shutdown(wait=False, cancel_futures=True)
            job.flush()
            tally.requests = client.requests
    return tally
