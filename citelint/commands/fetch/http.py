"""The one door to the network: `http`/`https` only, bounded in time, size and retries.

Imported only by `citelint fetch` (urllib3 is the optional extra `citelint[fetch]`); the
lint never opens a connection. Every URL — a report's, a redirect's, a configured base —
goes through `targets.parse_target`: it is read by urllib3's own parser and by the standard
library's, and refused when the two disagree on the host or port, or when it holds a
backslash, white space, a control character or credentials. The host name is resolved
once; every address it gives must be public (an IPv6 form that embeds an IPv4 address is
judged by that address), and the connection goes to the address that was checked, the
name kept for TLS and the `Host` header, so no second look-up can lead elsewhere.

Every header a server sends is read by a bounded, total parser: a bad value fails that
URL with one line, never the run. Each URL has an overall deadline (redirects, retries
and waits included); `Retry-After` is honoured within a budget per URL and per run;
redirects are followed by hand so that one to another scheme is refused and a loop ends;
a body past the cap is dropped unread; each host is asked no faster than its rate.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from urllib.parse import urljoin

import urllib3

from citelint import __version__
from citelint.commands.fetch.sockets import Watchdog, pool_for, system_resolve
from citelint.commands.fetch.targets import (
    FetchError,
    Target,
    is_public,
    parse_target,
    printable,
    refused,
)

__all__ = ["Client", "FetchError", "Response", "Target", "is_public", "parse_target"]

USER_AGENT = f"citelint/{__version__} (citelint fetch; +https://github.com/citelint/citelint)"
MAX_REDIRECTS = 5
ATTEMPTS = 3  # a transient failure is tried this many times in all
MAX_WAIT = 30.0  # seconds one URL may wait on Retry-After and backoff, all waits together
RUN_WAIT = 120.0  # seconds the whole run may wait on them
MAX_TOLD_GAP = 10.0  # seconds apart a host's own rate-limit header may ask for, at most
DEADLINE = 60.0  # seconds one URL may take, redirects, retries and waits included
BACKOFF = 1.0  # seconds before the second attempt; doubled after each
CHUNK = 64 * 1024
# white space, a backslash or a control character: two parsers may read such a URL two
# ways (`http://127.0.0.1\@8.8.8.8/`), and no real link holds one
_DIGITS = re.compile(r"[0-9]{1,18}", re.ASCII)


@dataclass(frozen=True, slots=True)
class Response:
    url: str  # asked
    final_url: str  # after redirects
    status: int
    content_type: str
    body: bytes
    headers: Mapping[str, str] = field(default_factory=dict)
    full_type: str = ""  # the Content-Type header as sent, control characters removed


@dataclass
class Client:
    """Requests from any number of threads, each host at its own pace: one request at a
    time per host, the next one sent at least the host's gap after the last was sent — a
    rate, as the services state theirs ("3 requests a second") — while threads asking
    other hosts go on meanwhile."""

    max_bytes: int = 32 * 1024 * 1024
    connect_timeout: float = 10.0
    read_timeout: float = 30.0
    deadline: float = DEADLINE
    max_wait: float = MAX_WAIT
    run_wait: float = RUN_WAIT
    intervals: Mapping[str, float] = field(default_factory=dict)  # host_key → seconds apart
    default_interval: float = 0.2
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    resolve: Callable[[str, int], list[str]] = system_resolve
    # a cited URL may name a machine of the author's own network (`http://10.0.0.5/`,
    # a cloud's metadata address): refused unless asked for (the tests' replay server,
    # by the environment only) or its exact `address:port` is allowed
    allow_private: bool = False
    allow: Collection[str] = ()
    requests: int = 0  # requests sent, for the summary and the tests
    waited: float = 0.0  # seconds this run waited on servers
    attempts: int = ATTEMPTS  # tries of a transient failure, in all (`--max-retries` + 1)
    headers: Mapping[str, str] = field(default_factory=dict)  # `[fetch] headers`, every request
    _last: dict[str, float] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)  # the shared counters
    _hosts: dict[str, threading.Lock] = field(default_factory=dict)  # one request a host
    _under_way: set[Watchdog] = field(default_factory=set)  # each request's, to cut them
    _stop: threading.Event = field(default_factory=threading.Event)  # set by `abort()`

    def abort(self) -> None:
        """Ctrl-C: every request under way is cut and no other starts, so the threads
        asking end at once instead of at their deadlines; a wait ends too."""
        self._stop.set()
        with self._guard:
            for watchdog in list(self._under_way):
                watchdog.fire()

    _told: dict[str, float] = field(default_factory=dict)  # host → the gap it asked for
    _pools: dict[tuple[str, str, int, str], urllib3.HTTPConnectionPool] = field(
        default_factory=dict
    )

    def get(self, url: str, accept: str = "") -> Response:
        """The final answer for `url` (any status), or FetchError; `accept` is sent as
        the Accept header on every hop (DOI content negotiation redirects to the agency)."""
        return self._ask(url, {"Accept": accept} if accept else {}, None)

    def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> Response:
        """The answer to a POST of `body` (`citelint judge`): no redirect is followed."""
        return self._ask(url, headers, body)

    def _ask(self, url: str, headers: Mapping[str, str], body: bytes | None) -> Response:
        end = self.clock() + self.deadline
        wait = BACKOFF
        budget = self.max_wait
        for attempt in range(self.attempts):
            try:
                response = self._follow(url, end, headers, body)
            except FetchError as exc:
                if not exc.transient or attempt == self.attempts - 1:
                    raise
                budget = self._wait(wait, budget, end, f"{exc.reason}; a retry in {wait:g} s")
                wait *= 2
                continue
            if response.status == 429 or response.status >= 500:
                if attempt == self.attempts - 1:
                    raise FetchError(f"HTTP {response.status} after {self.attempts} attempts")
                delay = retry_after(response.headers, wait)
                if delay is None:
                    raise FetchError(f"HTTP {response.status}; Retry-After is not a delay")
                why = f"HTTP {response.status}; a retry in {delay:g} s"
                if "retry-after" in response.headers:
                    why = f"HTTP {response.status}; Retry-After {delay:g} s"
                budget = self._wait(delay, budget, end, why)
                wait *= 2
                continue
            return response
        raise FetchError("no attempt was made")  # pragma: no cover - ATTEMPTS > 0

    def _wait(self, delay: float, budget: float, end: float, why: str) -> float:
        """Sleep `delay` when this URL's and this run's waiting budgets and the deadline
        allow it; what is left of the URL's budget."""
        if delay > budget:
            raise FetchError(f"{why} is past what one URL may wait ({self.max_wait:g} s)")
        if self.waited + delay > self.run_wait:
            raise FetchError(f"{why} is past what the run may wait ({self.run_wait:g} s)")
        if self.clock() + delay >= end:
            raise FetchError(f"{why} is past the deadline ({self.deadline:g} s)")
        self._sleep(delay)
        with self._guard:
            self.waited += delay
        return budget - delay

    def _follow(
        self, url: str, end: float, sent: Mapping[str, str], payload: bytes | None
    ) -> Response:
        seen = [url]
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            target = parse_target(current)
            status, headers, body = self._once(target, end, sent, payload)
            location = headers.get("location")
            if status in (301, 302, 303, 307, 308) and location and payload is not None:
                raise FetchError(
                    f"HTTP {status}: a redirect of a POST is not followed", transient=False
                )
            if status in (301, 302, 303, 307, 308) and location:
                try:
                    current = urljoin(current, location)
                except ValueError:
                    raise refused("malformed redirect") from None
                if current in seen:
                    raise FetchError(f"redirect loop at {current}", transient=False)
                seen.append(current)
                continue
            full = printable(headers.get("content-type", "")).replace("\t", " ")[:200]
            kind = full.split(";")[0].strip().lower()
            return Response(url, current, status, kind, body, headers, full)
        raise FetchError(f"more than {MAX_REDIRECTS} redirects", transient=False)

    def _address(self, target: Target) -> str:
        """The one address to connect to, checked: resolved once, never again."""
        try:
            addresses = self.resolve(target.host, target.port)
        except (OSError, UnicodeError, ValueError):
            raise FetchError(f"cannot resolve {target.host}") from None
        if not addresses:
            raise FetchError(f"cannot resolve {target.host}")
        for address in addresses:
            allowed = self.allow_private or _joined(address, target.port) in self.allow
            if not allowed and not is_public(address):
                raise refused(f"{target.host} is a private or local address")
        return addresses[0]

    def _once(
        self, target: Target, end: float, sent: Mapping[str, str], payload: bytes | None
    ) -> tuple[int, Mapping[str, str], bytes]:
        remaining = end - self.clock()
        if remaining <= 0:
            raise FetchError(f"over the deadline of {self.deadline:g} s")
        if self._stop.is_set():
            raise FetchError("interrupted", transient=False)
        address = self._address(target)
        with self._guard:
            host = self._hosts.setdefault(target.host_header, threading.Lock())
        with host:  # the host's requests one at a time, each its gap after the last sent
            self._pace(target.host_header, end)
            self._last[target.host_header] = self.clock()
            with self._guard:
                pool = pool_for(self._pools, target.scheme, target.host, address, target.port)
                self.requests += 1
            remaining = end - self.clock()
            timeout = urllib3.Timeout(
                connect=min(self.connect_timeout, remaining),
                read=min(self.read_timeout, remaining),
            )
            own = {k.lower() for k in sent}  # a request's own header wins (DOI's Accept)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in own}
            headers |= {**sent, "Host": target.host_header}
            if "user-agent" not in {k.lower() for k in headers}:
                headers["User-Agent"] = USER_AGENT
            headers["Connection"] = "close"
            with Watchdog(remaining) as watchdog:
                with self._guard:
                    self._under_way.add(watchdog)
                try:
                    return self._exchange(pool, target, headers, timeout, end, payload)
                except FetchError:
                    if self._stop.is_set():
                        raise FetchError("interrupted", transient=False) from None
                    if watchdog.fired:
                        raise FetchError(f"over the deadline of {self.deadline:g} s") from None
                    raise
                finally:
                    with self._guard:
                        self._under_way.discard(watchdog)

    def _exchange(
        self,
        pool: urllib3.HTTPConnectionPool,
        target: Target,
        headers: Mapping[str, str],
        timeout: urllib3.Timeout,
        end: float,
        payload: bytes | None = None,
    ) -> tuple[int, Mapping[str, str], bytes]:
        try:
            response = pool.urlopen(
                "GET" if payload is None else "POST",
                target.path,
                body=payload,
                headers=dict(headers),
                redirect=False,
                retries=False,
                preload_content=False,
                assert_same_host=False,
                timeout=timeout,
            )
        except (urllib3.exceptions.HTTPError, OSError, ValueError) as exc:
            raise FetchError(f"network: {type(exc).__name__}") from None
        try:
            answer = {k.lower(): v for k, v in response.headers.items()}
            declared = answer.get("content-length", "").strip()
            if declared and not _DIGITS.fullmatch(declared):
                raise FetchError("malformed Content-Length header", transient=False)
            if declared and int(declared) > self.max_bytes:
                raise FetchError(f"body of {declared} bytes is past the cap", transient=False)
            self._learn(target.host_header, answer)
            return response.status, answer, self._body(response, end)
        except (urllib3.exceptions.HTTPError, OSError, ValueError) as exc:
            raise FetchError(f"network: {type(exc).__name__}") from None
        finally:
            response.close()  # never reused (`Connection: close`): its file and socket go
            response.release_conn()

    def _body(self, response: urllib3.BaseHTTPResponse, end: float) -> bytes:
        """The body, read as it comes: past the cap or the deadline it is dropped."""
        body = bytearray()
        while True:
            chunk = response.read1(CHUNK)
            if not chunk:
                return bytes(body)
            body += chunk
            if len(body) > self.max_bytes:
                raise FetchError(f"body past the cap of {self.max_bytes} bytes", transient=False)
            if self.clock() > end:
                raise FetchError(f"over the deadline of {self.deadline:g} s")

    def _learn(self, host: str, headers: Mapping[str, str]) -> None:
        """A host's own limit (Crossref: `x-rate-limit-limit: 50`,
        `x-rate-limit-interval: 1s`): never asked faster than it says."""
        limit = headers.get("x-rate-limit-limit", "").strip()
        interval = headers.get("x-rate-limit-interval", "").strip().removesuffix("s")
        if _DIGITS.fullmatch(limit) and _DIGITS.fullmatch(interval) and int(limit) > 0:
            self._told[host] = min(int(interval) / int(limit), MAX_TOLD_GAP)

    def _pace(self, host: str, end: float) -> None:
        gap = max(self.intervals.get(host, self.default_interval), self._told.get(host, 0.0))
        last = self._last.get(host)
        if last is not None:
            wait = gap - (self.clock() - last)
            if wait > 0:
                if self.clock() + wait >= end:
                    raise FetchError(f"over the deadline of {self.deadline:g} s")
                self._sleep(wait)

    def _sleep(self, seconds: float) -> None:
        """A wait that `abort()` ends (the injected sleep of a test is taken as it is)."""
        if self.sleep is time.sleep:
            self._stop.wait(seconds)
        else:
            self.sleep(seconds)


def _joined(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def host_key(url: str) -> str:
    """How a URL's host is paced (`host` or `host:port`), or "" for a URL that cannot be
    asked."""
    try:
        return parse_target(url).host_header
    except FetchError:
        return ""


def retry_after(headers: Mapping[str, str], default: float) -> float | None:
    """Seconds to wait before trying again: the header's whole seconds, else `default`
    (an HTTP date is not waited for to the second); None for a value no server means."""
    value = headers.get("retry-after", "").strip()
    if not value:
        return default
    if _DIGITS.fullmatch(value):
        return float(min(int(value), 10**9))
    if value.isdigit() or value.startswith("-"):
        return None  # `²`, `-5`: not seconds
    return default
