"""The one door to the network: `http`/`https` only, bounded in time, size and retries.

Imported only by `citelint fetch` (urllib3 is the optional extra `citelint[fetch]`); the
lint never opens a connection. Redirects are followed by hand so that one to another
scheme (`file://`, `ftp://`) is refused and a loop ends; a body past the cap is dropped
unread; 429 and 5xx are retried with backoff, `Retry-After` honoured up to a bound; each
host is asked no faster than its rate (NCBI: 3 a second, 10 with an API key).
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

import urllib3

from citelint import __version__

USER_AGENT = f"citelint/{__version__} (fetch; +https://pypi.org/project/citelint/)"
MAX_REDIRECTS = 5
ATTEMPTS = 3  # a transient failure is tried this many times in all
MAX_WAIT = 30.0  # seconds: a longer Retry-After is a failure, retried on the next run
BACKOFF = 1.0  # seconds before the second attempt; doubled after each
CHUNK = 64 * 1024


class FetchError(Exception):
    """A fetch that did not give the page: `transient` ones are retried next run."""

    def __init__(self, reason: str, *, transient: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.transient = transient


@dataclass(frozen=True, slots=True)
class Response:
    url: str  # asked
    final_url: str  # after redirects
    status: int
    content_type: str
    body: bytes
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Client:
    """Sequential requests (a concurrency cap of one), each host at its own pace."""

    max_bytes: int = 32 * 1024 * 1024
    connect_timeout: float = 10.0
    read_timeout: float = 30.0
    intervals: Mapping[str, float] = field(default_factory=dict)  # host → seconds apart
    default_interval: float = 0.2
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    # a cited URL may name a machine of the author's own network (`http://10.0.0.5/`,
    # a cloud's metadata address): refused unless asked for (the tests' replay server)
    allow_private: bool = False
    requests: int = 0  # requests sent, for the summary and the tests
    _last: dict[str, float] = field(default_factory=dict)
    _pool: urllib3.PoolManager | None = None

    def get(self, url: str) -> Response:
        """The final answer for `url` (any status), or FetchError."""
        wait = BACKOFF
        for attempt in range(ATTEMPTS):
            try:
                response = self._follow(url)
            except FetchError as exc:
                if not exc.transient or attempt == ATTEMPTS - 1:
                    raise
                self.sleep(wait)
                wait *= 2
                continue
            if response.status == 429 or response.status >= 500:
                if attempt == ATTEMPTS - 1:
                    raise FetchError(f"HTTP {response.status} after {ATTEMPTS} attempts")
                delay = retry_after(response.headers, wait)
                if delay is None:
                    raise FetchError(f"HTTP {response.status}; Retry-After is past {MAX_WAIT:g} s")
                self.sleep(delay)
                wait *= 2
                continue
            return response
        raise FetchError("no attempt was made")  # pragma: no cover - ATTEMPTS > 0

    def _follow(self, url: str) -> Response:
        seen = [url]
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            _check_scheme(current)
            if not self.allow_private:
                _check_public(current)
            status, headers, body = self._once(current)
            location = headers.get("location")
            if status in (301, 302, 303, 307, 308) and location:
                current = urljoin(current, location)
                if current in seen:
                    raise FetchError(f"redirect loop at {current}", transient=False)
                seen.append(current)
                continue
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            return Response(url, current, status, kind, body, headers)
        raise FetchError(f"more than {MAX_REDIRECTS} redirects", transient=False)

    def _once(self, url: str) -> tuple[int, Mapping[str, str], bytes]:
        host = urlsplit(url).netloc.lower()
        self._pace(host)
        pool = self._pool or urllib3.PoolManager(num_pools=4, headers={"User-Agent": USER_AGENT})
        self._pool = pool
        self.requests += 1
        try:
            response = pool.request(
                "GET",
                url,
                redirect=False,
                retries=False,
                preload_content=False,
                timeout=urllib3.Timeout(connect=self.connect_timeout, read=self.read_timeout),
            )
        except urllib3.exceptions.HTTPError as exc:
            raise FetchError(f"network: {type(exc).__name__}") from None
        try:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > self.max_bytes:
                raise FetchError(f"body of {declared} bytes is past the cap", transient=False)
            body = bytearray()
            for chunk in response.stream(CHUNK):
                body += chunk
                if len(body) > self.max_bytes:
                    raise FetchError(
                        f"body past the cap of {self.max_bytes} bytes", transient=False
                    )
            headers = {k.lower(): v for k, v in response.headers.items()}
            return response.status, headers, bytes(body)
        except urllib3.exceptions.HTTPError as exc:
            raise FetchError(f"network: {type(exc).__name__}") from None
        finally:
            response.release_conn()
            self._last[host] = self.clock()

    def _pace(self, host: str) -> None:
        gap = self.intervals.get(host, self.default_interval)
        last = self._last.get(host)
        if last is not None:
            wait = gap - (self.clock() - last)
            if wait > 0:
                self.sleep(wait)


def _check_scheme(url: str) -> None:
    if urlsplit(url).scheme.lower() not in ("http", "https"):
        raise FetchError(f"refused: {urlsplit(url).scheme or 'no'} scheme", transient=False)


def _check_public(url: str) -> None:
    host = urlsplit(url).hostname or ""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise FetchError(f"cannot resolve {host}") from None
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global:
            raise FetchError(f"refused: {host} is a private or local address", transient=False)


def retry_after(headers: Mapping[str, str], default: float) -> float | None:
    """Seconds to wait before trying again; None when the server asks for too long."""
    value = headers.get("retry-after", "").strip()
    if not value.isdigit():
        return default
    seconds = float(value)
    return seconds if seconds <= MAX_WAIT else None
