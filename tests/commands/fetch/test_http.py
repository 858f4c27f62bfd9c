"""The HTTP door: retries, redirects, caps and schemes, against the replay server."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from citelint.commands.fetch.http import ATTEMPTS, Client, FetchError, retry_after
from tests.commands.fetch.conftest import Replay, page, send, serving


def _client(**kwargs: object) -> tuple[Client, list[float]]:
    waits: list[float] = []
    client = Client(default_interval=0, sleep=waits.append, allow_private=True, **kwargs)  # type: ignore[arg-type]
    return client, waits


def test_a_page_is_fetched_with_its_type_and_final_url(replay: Replay) -> None:
    replay.on("/p", page(b"<p>hello</p>", "text/html; charset=utf-8"))
    client, _ = _client()
    got = client.get(replay.base + "/p")
    assert (got.status, got.content_type, got.body, got.final_url) == (
        200,
        "text/html",
        b"<p>hello</p>",
        replay.base + "/p",
    )


def test_configured_headers_go_with_every_request_the_requests_own_win(
    replay: Replay,
) -> None:
    replay.on("/p", page(b"<p>hello</p>"))
    client, _ = _client(
        headers={"Accept-Language": "de", "accept": "text/plain", "User-Agent": "me"}
    )
    client.get(replay.base + "/p", accept="application/json")
    client, _ = _client()
    client.get(replay.base + "/p")
    mine, plain = replay.sent
    assert (mine["Accept-Language"], mine["Accept"], mine["User-Agent"]) == (
        "de",
        "application/json",  # the request's own Accept, not the configured one
        "me",
    )
    assert "Accept-Language" not in plain and plain["User-Agent"].startswith("citelint/")


def test_429_waits_as_retry_after_says_then_succeeds(replay: Replay) -> None:
    replay.on("/p", (429, {"Retry-After": "7"}, b""), page(b"ok"))
    client, waits = _client()
    assert client.get(replay.base + "/p").body == b"ok"
    assert waits == [7.0] and client.requests == 2


def test_a_retry_after_past_the_bound_is_a_failure_not_a_wait(replay: Replay) -> None:
    replay.on("/p", (429, {"Retry-After": "3600"}, b""))
    client, waits = _client()
    with pytest.raises(FetchError, match="Retry-After"):
        client.get(replay.base + "/p")
    assert waits == []


def test_500_then_200_is_retried_with_backoff(replay: Replay) -> None:
    replay.on("/p", (500, {}, b""), (502, {}, b""), page(b"ok"))
    client, waits = _client()
    assert client.get(replay.base + "/p").body == b"ok"
    assert waits == [1.0, 2.0]


def test_5xx_every_time_fails_after_the_attempts(replay: Replay) -> None:
    replay.on("/p", (503, {}, b""))
    client, _ = _client()
    with pytest.raises(FetchError, match="HTTP 503"):
        client.get(replay.base + "/p")
    assert client.requests == ATTEMPTS


def test_a_slow_answer_times_out(replay: Replay) -> None:
    replay.on("/p", (200, {"X-Sleep": "0.5", "Content-Type": "text/html"}, b"late"))
    client, _ = _client(read_timeout=0.2)
    with pytest.raises(FetchError, match="network"):
        client.get(replay.base + "/p")


def test_a_reset_connection_is_a_failure(replay: Replay) -> None:
    replay.on("/p", (200, {"X-Reset": "1"}, b""))
    client, _ = _client()
    with pytest.raises(FetchError, match="network"):
        client.get(replay.base + "/p")


def test_a_redirect_loop_ends(replay: Replay) -> None:
    replay.on("/a", (302, {"Location": "/b"}, b""))
    replay.on("/b", (302, {"Location": "/a"}, b""))
    client, _ = _client()
    with pytest.raises(FetchError, match="redirect loop"):
        client.get(replay.base + "/a")


def test_a_redirect_to_another_scheme_is_refused(replay: Replay) -> None:
    replay.on("/a", (302, {"Location": "file:///etc/passwd"}, b""))
    client, _ = _client()
    with pytest.raises(FetchError, match="refused: file scheme"):
        client.get(replay.base + "/a")
    with pytest.raises(FetchError, match="refused: ftp scheme"):
        client.get("ftp://127.0.0.1/x")


def test_redirects_are_followed_to_the_final_url(replay: Replay) -> None:
    replay.on("/a", (301, {"Location": "/b"}, b""))
    replay.on("/b", page(b"there"))
    client, _ = _client()
    got = client.get(replay.base + "/a")
    assert (got.final_url, got.body) == (replay.base + "/b", b"there")


def test_a_body_past_the_cap_is_refused(replay: Replay) -> None:
    replay.on("/p", page(b"x" * 5000))
    client, _ = _client(max_bytes=1000)
    with pytest.raises(FetchError, match="past the cap"):
        client.get(replay.base + "/p")


def test_each_host_is_paced(replay: Replay) -> None:
    replay.on("/p", page(b"ok"))
    host = replay.base.split("//")[1]
    client, waits = _client(intervals={host: 5.0})
    client.get(replay.base + "/p")
    client.get(replay.base + "/p")
    assert len(waits) == 1 and 4.0 < waits[0] <= 5.0


def test_a_hosts_pace_is_a_rate_counted_from_each_request_sent(
    replay: Replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow answer counts toward the gap: NCBI's "3 requests a second" is a rate, so a
    page that took 3 s leaves 2 s of a 5 s gap to wait, not 5 more."""
    replay.on("/p", page(b"ok"))
    host = replay.base.split("//")[1]
    now = [100.0]
    client, waits = _client(intervals={host: 5.0}, clock=lambda: now[0])
    exchange = client._exchange

    def slow(*args: Any, **kwargs: Any) -> tuple[int, Mapping[str, str], bytes]:
        now[0] += 3.0
        return exchange(*args, **kwargs)

    monkeypatch.setattr(client, "_exchange", slow)
    client.get(replay.base + "/p")
    client.get(replay.base + "/p")
    assert waits == [2.0]


def test_retry_after_reads_seconds() -> None:
    assert retry_after({"retry-after": "2"}, 1.0) == 2.0
    assert retry_after({}, 1.0) == 1.0
    assert retry_after({"retry-after": "Wed, 21 Oct 2026 07:28:00 GMT"}, 1.5) == 1.5


def test_a_private_or_local_address_is_refused_unless_allowed(replay: Replay) -> None:
    replay.on("/p", page(b"ok"))
    client = Client(default_interval=0, sleep=lambda s: None)
    with pytest.raises(FetchError, match="private or local address"):
        client.get(replay.base + "/p")
    with pytest.raises(FetchError, match="private or local address"):
        client.get("http://169.254.169.254/latest/meta-data/")
    assert client.requests == 0


def test_each_host_is_asked_at_its_own_pace_measured_at_the_server(replay: Replay) -> None:
    """The gaps between requests as the replay server logged them: the table's pace for
    its host, and a host's own `x-rate-limit-*` headers (Crossref's) when slower. The pace
    counts from each request sent; the server logs when its handler ran, which a loaded
    machine delays by tens of milliseconds for one request and not the next, so the gaps
    are asked with that much room (the exact rule is the fake-clock test's)."""
    from citelint.commands.fetch.http import host_key

    replay.on("/paced", (200, {"Content-Type": "text/plain"}, b"ok"))
    told = {"Content-Type": "text/plain", "x-rate-limit-limit": "2", "x-rate-limit-interval": "1s"}
    replay.on("/told", (200, told, b"ok"))
    client = Client(intervals={host_key(replay.base): 0.3}, allow_private=True)
    for _ in range(3):
        client.get(f"{replay.base}/paced")
    gaps = [b - a for a, b in zip(replay.times, replay.times[1:], strict=False)]
    assert len(gaps) == 2 and min(gaps) >= 0.2  # (unpaced, they are milliseconds)
    replay.times.clear()
    for _ in range(3):
        client.get(f"{replay.base}/told")  # says 2 a second: 0.5 s apart, over the table's 0.3
    gaps = [b - a for a, b in zip(replay.times, replay.times[1:], strict=False)]
    assert min(gaps) >= 0.4  # the table's 0.3 would not do


def test_the_pace_table_follows_each_services_terms() -> None:
    from citelint.commands.fetch.run import intervals

    paced = intervals({})
    assert paced["export.arxiv.org"] == 3.0
    assert paced["eutils.ncbi.nlm.nih.gov"] == pytest.approx(1 / 3)
    assert intervals({"NCBI_API_KEY": "k"})["eutils.ncbi.nlm.nih.gov"] == 0.1


def test_threads_ask_one_host_at_a_time_at_its_pace() -> None:
    lock = threading.Lock()
    busy: dict[str, int] = {}
    most: dict[str, int] = {}
    starts: dict[str, list[float]] = {}

    class Slow(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            host = self.headers["Host"].split(":")[0]
            with lock:
                busy[host] = busy.get(host, 0) + 1
                most[host] = max(most.get(host, 0), busy[host])
                most["all"] = max(most.get("all", 0), sum(busy.values()))
                starts.setdefault(host, []).append(time.monotonic())
            time.sleep(0.05)
            with lock:
                busy[host] -= 1
            send(self, 200, {"Content-Type": "text/plain"}, b"ok")

        def log_message(self, format: str, *args: object) -> None:
            pass

    with serving(Slow) as base:
        port = base.rsplit(":", 1)[1]
        client = Client(default_interval=0.1, allow_private=True)
        urls = [f"http://{h}:{port}/{n}" for n in range(3) for h in ("127.0.0.1", "localhost")]
        threads = [threading.Thread(target=client.get, args=(u,)) for u in urls]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert (most["127.0.0.1"], most["localhost"]) == (1, 1) and most["all"] <= 2
    assert client.requests == 6
    for times in starts.values():  # each request its pace after the last one was sent
        # (less the jitter of two local connections, as the server's clock sees them)
        assert all(b - a >= 0.09 for a, b in itertools.pairwise(times))


def test_abort_cuts_a_request_under_way_and_starts_no_other() -> None:
    arrived, release = threading.Event(), threading.Event()

    class Stuck(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            arrived.set()
            release.wait(60)  # a server that never answers in time

        def log_message(self, format: str, *args: object) -> None:
            pass

    failures: list[str] = []

    def ask(client: Client, url: str) -> None:
        try:
            client.get(url)
        except FetchError as exc:
            failures.append(exc.reason)

    with serving(Stuck) as base:
        client = Client(allow_private=True, deadline=60)
        asking = threading.Thread(target=ask, args=(client, f"{base}/slow"))
        asking.start()
        assert arrived.wait(30)
        client.abort()
        asking.join(30)  # cut now, not at the 60 s deadline
        release.set()
        assert not asking.is_alive() and failures == ["interrupted"]
        with pytest.raises(FetchError, match="interrupted"):
            client.get(f"{base}/next")  # no other request starts
