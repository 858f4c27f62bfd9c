"""`citelint fetch` cannot be turned against its user: no URL reaches a private address by
a trick, no report or root leads a read or a write out of the project, no secret is
written or shown, and no server answer crashes or holds the run.

No test here sets `allow_private` or `CITELINT_FETCH_ALLOW_PRIVATE`: the loopback servers
are let through by their exact `address:port`, and every other connection is refused by
an audit hook before it is made.
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import urllib.parse
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from citelint.commands import cli
from citelint.commands.fetch import http
from citelint.commands.fetch.http import Client, FetchError
from citelint.commands.fetch.plan import wanted_by_root
from citelint.commands.fetch.run import fetch_all
from citelint.config.load import Settings
from citelint.ground.errors import ConfigError
from citelint.lint.runner import Runner
from citelint.sources.registries import SERVICES
from tests.commands.fetch.conftest import Raw, Replay, only, page, send, serving, xml
from tests.commands.fetch.test_run import ARTICLE, _env


def _checkout(tmp_path: Path, report: str | bytes) -> Path:
    """A project with a sources root and one report, `r.md`."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "sources").mkdir()
    data = report.encode() if isinstance(report, str) else report
    (project / "r.md").write_bytes(data)
    return project


def _client(port: int, **kwargs: object) -> Client:
    return Client(
        default_interval=0,
        sleep=lambda s: None,
        allow=(f"127.0.0.1:{port}",),
        **kwargs,  # type: ignore[arg-type]
    )


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


# -- one parser for the check and the connection ---------------------------------------


def test_a_backslash_cannot_send_the_check_one_way_and_the_connection_another(
    replay: Replay,
) -> None:
    replay.on("/x", page(b"inside"))
    client = Client(default_interval=0, sleep=lambda s: None)
    with only() as asked, pytest.raises(FetchError, match="backslash"):
        client.get(f"{replay.base}\\@8.8.8.8/x")
    assert asked == [] and replay.asked == []


def test_a_redirect_to_a_backslashed_url_is_refused(replay: Replay) -> None:
    replay.on("/a", (302, {"Location": "http://127.0.0.1:1\\@8.8.8.8/x"}, b""))
    with only(("127.0.0.1", _port(replay.base))) as asked, pytest.raises(FetchError):
        _client(_port(replay.base)).get(replay.base + "/a")
    assert asked == [("127.0.0.1", _port(replay.base))]


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:1\\@8.8.8.8/x",
        "http://[x",
        "http://a b.org/",
        "http://user:pw@example.org/",
        "http://example.org:99999/",
    ],
)
def test_a_config_base_url_two_parsers_could_read_apart_is_a_config_error(
    tmp_path: Path, url: str
) -> None:
    (tmp_path / "citelint.toml").write_text(
        f'[fetch]\neutils = "{url.replace(chr(92), 2 * chr(92))}"\n'
    )
    from citelint.config.load import load_settings

    with pytest.raises(ConfigError, match="must be an http or https URL"):
        load_settings(str(tmp_path / "citelint.toml"), str(tmp_path))


def test_an_embedded_private_address_is_refused_before_any_connection() -> None:
    client = Client(default_interval=0, sleep=lambda s: None, resolve=lambda h, p: ["::127.0.0.1"])
    with only() as asked, pytest.raises(FetchError, match="private or local"):
        client.get("http://rebind.example/x")
    assert asked == []


def test_the_name_is_resolved_once_and_the_checked_address_is_the_one_connected(
    replay: Replay,
) -> None:
    """A resolver that answers a public address first and 127.0.0.1 second (DNS
    rebinding): the check sees the first, and the connection goes there too, never to
    the second."""
    replay.on("/x", page(b"secret"))
    answers = [["93.184.216.34"], ["127.0.0.1"]]
    calls: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        calls.append(host)
        return answers[min(len(calls), 2) - 1]

    client = Client(default_interval=0, sleep=lambda s: None, resolve=resolve)
    url = f"http://rebind.example:{_port(replay.base)}/x"
    with only() as asked, pytest.raises(FetchError):
        client.get(url)  # the test refuses the public address; a retry asks again
    assert ("127.0.0.1", _port(replay.base)) not in asked and replay.asked == []
    assert asked and all(host == "93.184.216.34" for host, _ in asked)


def test_the_host_name_is_kept_for_the_host_header(replay: Replay) -> None:
    seen: list[str] = []
    replay.on("/x", page(b"ok"))
    client = _client(_port(replay.base), resolve=lambda h, p: ["127.0.0.1"])
    with only(("127.0.0.1", _port(replay.base))):
        got = client.get(f"http://Named.Example:{_port(replay.base)}/x")
    seen.append(got.body.decode())
    assert seen == ["ok"] and replay.asked == ["/x"]


# -- total parsers, deadlines and wait budgets --------------------------------------------


@pytest.mark.parametrize(
    ("head", "reason"),
    [
        ("HTTP/1.1 200 OK\r\nContent-Length: \u00b2\r\n", "Content-Length"),
        ("HTTP/1.1 200 OK\r\nContent-Length: " + "9" * 5000 + "\r\n", "Content-Length"),
        ("HTTP/1.1 302 Found\r\nLocation: http://[x/\r\nContent-Length: 0\r\n", "malformed"),
        ("HTTP/1.1 503 No\r\nRetry-After: \u00b2\r\nContent-Length: 0\r\n", "Retry-After"),
    ],
)
def test_a_bad_header_fails_its_url_with_one_line(raw: Raw, head: str, reason: str) -> None:
    raw.answer = (head + "\r\n").encode("latin-1")
    with only(("127.0.0.1", raw.port)), pytest.raises(FetchError) as caught:
        _client(raw.port).get(raw.base + "/x")
    assert reason in caught.value.reason and "\n" not in caught.value.reason


def test_a_server_dripping_one_byte_at_a_time_is_cut_at_the_deadline(raw: Raw) -> None:
    raw.answer = b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + b"x" * 100
    raw.drip = 0.05
    client = Client(
        default_interval=0, allow=(f"127.0.0.1:{raw.port}",), deadline=0.5, read_timeout=5
    )
    started = client.clock()
    with only(("127.0.0.1", raw.port)), pytest.raises(FetchError, match="deadline"):
        client.get(raw.base + "/x")
    assert client.clock() - started < 2.0


def test_retry_after_is_capped_per_url_and_per_run(replay: Replay) -> None:
    replay.on("/p", (429, {"Retry-After": "30"}, b""))
    waits: list[float] = []
    client = Client(
        default_interval=0, sleep=waits.append, allow=(f"127.0.0.1:{_port(replay.base)}",)
    )
    with only(("127.0.0.1", _port(replay.base))), pytest.raises(FetchError, match="may wait"):
        client.get(replay.base + "/p")
    assert sum(waits) <= http.MAX_WAIT  # was a minute a URL
    client = Client(
        default_interval=0,
        sleep=waits.append,
        run_wait=40,
        allow=(f"127.0.0.1:{_port(replay.base)}",),
    )
    waits.clear()
    with only(("127.0.0.1", _port(replay.base))):
        for _ in range(3):
            with pytest.raises(FetchError):
                client.get(replay.base + "/p")
    assert sum(waits) <= 40


def test_ids_cannot_change_the_path_they_are_put_in(tmp_path: Path, replay: Replay) -> None:
    (tmp_path / "sources").mkdir()
    (tmp_path / "r.md").write_text(
        "The rate was 5% ([d](https://doi.org/10.1234/../../../admin/x)).\n"
    )
    runner = Runner.of(Settings(project_root=str(tmp_path)), [str(tmp_path)])
    client = _client(_port(replay.base))
    with only(("127.0.0.1", _port(replay.base))):
        fetch_all(wanted_by_root(runner), client=client, env=_env(replay))
    assert replay.asked[0] == "/crossref/works/10.1234%2F..%2F..%2F..%2Fadmin%2Fx"
    assert not any("admin" in path and "%2F" not in path for path in replay.asked)


def test_escape_codes_from_a_server_never_reach_the_terminal(
    tmp_path: Path, replay: Replay
) -> None:
    replay.on("/p", page(b"x", "text/\x1b]0;owned\x07html\x1b[2J"))
    (tmp_path / "sources").mkdir()
    (tmp_path / "r.md").write_text(f"The rate was 5% ([p]({replay.base}/p)).\n")
    out: list[str] = []
    runner = Runner.of(Settings(project_root=str(tmp_path)), [str(tmp_path)])
    with only(("127.0.0.1", _port(replay.base))):
        fetch_all(
            wanted_by_root(runner), client=_client(_port(replay.base)), env={}, out=out.append
        )
    assert out and out[0].startswith("failed:") and "\x1b" not in out[0]


# -- reads and writes stay in the project ----------------------------------------------------


def _cli(project: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], *args: str) -> int:
    monkeypatch.chdir(project)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("CITELINT_FETCH_ALLOW_PRIVATE", raising=False)
    return cli.main(["fetch", "--no-progress", *args])


def test_a_report_symlinked_out_of_the_project_is_never_read(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    secret = tmp_path / "home" / ".git-credentials"
    secret.parent.mkdir()
    secret.write_text(f"See [c](http://alice:SECRET-TOKEN@127.0.0.1:{_port(replay.base)}/x).\n")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "sources").mkdir()
    (project / "notes.md").symlink_to(secret)
    code = _cli(project, monkeypatch, _env(replay), ".")
    err = capsys.readouterr().err
    assert code == 1 and "notes.md is a symlink that leads outside the project" in err
    assert replay.asked == [] and not (project / "sources" / "fetched.json").exists()


def test_a_symlinked_sources_root_is_never_written_through(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    replay.on("/p", page(b"<p>The rate was 5%.</p>"))
    outside = tmp_path / "outside"
    outside.mkdir()
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "sources").symlink_to(outside)
    (project / "r.md").write_text(f"The rate was 5% ([p]({replay.base}/p)).\n")
    code = _cli(project, monkeypatch, _env(replay), ".")
    assert code == 1 and "nothing is saved there" in capsys.readouterr().err
    assert list(outside.iterdir()) == [] and replay.asked == []


# -- no secret leaves the process ---------------------------------------------------------------


def test_the_ncbi_key_and_address_are_never_written(
    tmp_path: Path, replay: Replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _checkout(tmp_path, "Survival was 4.8 months [pmid:2001:abstract].\n")
    env = {**_env(replay), "NCBI_API_KEY": "KEY-1234567", "NCBI_EMAIL": "me@example.org"}
    monkeypatch.setattr(http, "system_resolve", lambda h, p: ["127.0.0.1"])
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")  # the replay server's address
    monkeypatch.chdir(project)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cli.main(["fetch", "--no-progress", "."]) == 0
    assert "api_key=KEY-1234567" in replay.asked[0]  # sent: the base is the environment's
    written = (project / "sources" / "fetched.json").read_text()
    assert "KEY-1234567" not in written and "example.org" not in written
    assert "tool=" not in written and "efetch.fcgi?db=pubmed&id=2001" in written


def test_a_config_base_url_never_receives_the_key(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _checkout(tmp_path, "Survival was 4.8 months [pmid:2001:abstract].\n")
    (project / "pyproject.toml").write_text(
        f'[tool.citelint.fetch]\neutils = "{replay.base}/eutils"\n'
    )
    monkeypatch.chdir(project)
    monkeypatch.setenv("NCBI_API_KEY", "KEY-1234567")
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")
    monkeypatch.delenv("CITELINT_FETCH_EUTILS", raising=False)
    assert cli.main(["fetch", "--no-progress", "."]) == 0
    assert replay.asked and all("KEY-1234567" not in path for path in replay.asked)
    assert "are not sent to the [fetch] eutils base URL" in capsys.readouterr().err


def test_a_report_link_no_parser_can_read_is_that_urls_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _checkout(tmp_path, "The rate was 5% ([s](http://[x/)).\n")
    code = _cli(project, monkeypatch, {}, ".")
    out = capsys.readouterr().out
    assert code == 1 and "failed: URL http://[x/: refused: malformed URL" in out
    assert json.loads((project / "sources" / "fetched.json").read_text())
    assert os.listdir(project / "sources") == ["fetched.json"]


def test_a_cited_url_with_credentials_is_never_asked_or_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _checkout(tmp_path, "The rate was 5% ([s](https://alice:TOKEN-123@example.org/)).\n")
    with only() as asked:
        code = _cli(project, monkeypatch, {}, ".")
    err = capsys.readouterr().err
    assert code == 1 and "r.md cites a URL with credentials; it is not fetched" in err
    assert asked == [] and "TOKEN-123" not in err
    assert "TOKEN-123" not in (project / "sources" / "fetched.json").read_text()


def test_a_binary_report_is_named_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _checkout(tmp_path, b"The rate\x00 was 5%.\n")
    code = _cli(project, monkeypatch, {}, ".")
    assert code == 1 and "r.md cannot be read: is a binary file" in capsys.readouterr().err


# -- a fuzz of hostile answers with every secret set -------------------------------------

SECRETS = {
    "NCBI_API_KEY": "SECRETKEY123",
    "NCBI_EMAIL": "me+lab@example.org",
    "CITELINT_FETCH_EMAIL": "author@uni.example",
}


def _spellings(echo: str) -> list[str]:
    """The request as a server might repeat it: raw, decoded, encoded once or twice,
    plus-encoded, JSON- and HTML-escaped, upper- or lower-case hexadecimal."""
    decoded = urllib.parse.unquote(echo)
    return [
        echo,
        decoded,
        urllib.parse.quote(echo, safe=""),
        urllib.parse.quote(urllib.parse.quote(echo, safe=""), safe=""),
        urllib.parse.quote_plus(decoded),
        urllib.parse.quote(decoded, safe="").lower(),
        json.dumps(decoded)[1:-1],
        "".join(f"\\u{ord(c):04x}" if not c.isalnum() else c for c in decoded),
        html.escape(decoded),
        "".join(f"&#{ord(c)};" if c in "@+=&" else c for c in decoded),
        "".join(f"&#x{ord(c):x};" if c in "@.-" else c for c in decoded),
    ]


def _hostile_answer(n: int, path: str) -> tuple[int, dict[str, str], bytes]:
    """The n-th answer: a redirect, an error page or a 200 that repeats the request in
    one of its spellings, a header that carries it, or a clean article."""
    rng = random.Random(n)
    echo = rng.choice(_spellings(path))
    kind = rng.randrange(8)
    if kind == 0:  # a redirect to a URL that repeats the request (or to itself: a loop)
        target = path if rng.random() < 0.5 else "/r/" + urllib.parse.quote(echo, safe="")
        return rng.choice((301, 302, 303, 307, 308)), {"Location": target}, b""
    if kind == 1:  # an error page that repeats the request
        body = json.dumps({"error": "API key invalid", "request": echo}).encode()
        status = rng.choice((400, 403, 404, 429, 500, 502, 503))
        return status, {"Content-Type": "application/json"}, body
    if kind == 2:
        body = f"<html><body><p>Bad request: {echo}</p></body></html>".encode()
        return rng.choice((400, 414, 500)), {"Content-Type": "text/html"}, body
    if kind == 3:  # a 200 that repeats the request: never saved
        body = ARTICLE.replace(b"4.8 months", f"4.8 months ({echo})".encode())
        return 200, {"Content-Type": "text/xml"}, body
    if kind == 4:  # a header that carries it
        return 200, {"Content-Type": f"text/xml; echo={echo}"}, ARTICLE
    if kind == 5:
        return 200, {"Content-Type": "text/plain"}, echo.encode("utf-8", "replace")
    if kind == 6:
        return 429, {"Content-Type": "text/plain", "Retry-After": echo[:40]}, echo.encode()
    return 200, {"Content-Type": "text/xml"}, ARTICLE


def _views(data: str) -> list[str]:
    """What a reader could decode from a file's text: every spelling `_spellings` uses."""
    unicode = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), data)
    views = [data, unicode, html.unescape(data), html.unescape(unicode)]
    for view in list(views):
        once = urllib.parse.unquote(view)
        views += [once, urllib.parse.unquote(once), urllib.parse.unquote_plus(view)]
    return [v.lower() for v in views]


def _leaks(text: str) -> list[str]:
    forms = {v.lower() for v in SECRETS.values()} | {
        v.lower().replace("+", " ") for v in SECRETS.values()
    }
    return sorted({f for view in _views(text) for f in forms if f in view})


def test_a_fuzz_of_hostile_answers_never_writes_or_shows_a_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answered: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            answered.append(self.path)
            send(self, *_hostile_answer(len(answered), self.path))

        def log_message(self, format: str, *args: object) -> None:
            pass

    project = tmp_path / "project"
    (project / "sources").mkdir(parents=True)
    pmids = " ".join(f"(PMID: {3000 + i})" for i in range(3800))
    dois = " ".join(f"doi:10.5555/x{i}" for i in range(1200))
    (project / "r.md").write_text(f"Survival was 4.8 months {pmids} {dois}.\n")
    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)
    with serving(Handler) as base:
        env = {**_env_of(base), **SECRETS}
        monkeypatch.chdir(project)
        runner = Runner.of(Settings(project_root=str(project)), [str(project)])
        lines: list[str] = []
        tally = fetch_all(
            wanted_by_root(runner),
            client=_client(_port(base), max_wait=0.0),
            env=env,
            out=lines.append,
            verbose=True,
            now=lambda: "2026-12-04",
        )
    assert len(answered) >= 5000, len(answered)
    assert any(f"api_key={SECRETS['NCBI_API_KEY']}" in p for p in answered)  # sent, as asked
    outcomes = {a.outcome for a in tally.asked}
    assert {"saved", "failed"} <= outcomes
    cli.main(["--output-format", "json", "--no-cache", "."])
    cli.main(["--no-cache", "-o", "html:view.html", "-o", "sarif:out.sarif", "."])
    shown = capsys.readouterr()
    leaks = {
        str(path.relative_to(project)): _leaks(path.read_text("utf-8", "replace"))
        for path in project.rglob("*")
        if path.is_file()
    }
    leaks["(lines)"] = _leaks("\n".join(lines))
    leaks["(stdout, stderr)"] = _leaks(shown.out + shown.err)
    assert {where: found for where, found in leaks.items() if found} == {}
    saved = json.loads((project / "sources" / "fetched.json").read_text())
    refused = [v for v in saved.values() if "repeats a configured" in str(v.get("detail"))]
    assert refused and (project / "view.html").is_file()


def _env_of(base: str) -> dict[str, str]:
    return {s.env: f"{base}/{s.name}" for s in SERVICES}
