"""`citelint fetch` as users run it, and the promise that the lint never goes online."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

from citelint.commands import cli
from citelint.commands.fetch import http, run
from citelint.config.load import Settings
from citelint.lint.runner import Runner
from citelint.sources.registries import SERVICES, SERVICES_BY_NAME
from tests.commands.fetch.conftest import Replay, xml
from tests.commands.fetch.test_run import ARTICLE, _env

EXAMPLES = Path(__file__).parents[3] / "examples"
_CONNECTS: list[object] = []
_WATCHING = [False]


def _hook(event: str, args: tuple[object, ...]) -> None:
    if _WATCHING[0] and event in ("socket.connect", "socket.getaddrinfo"):
        _CONNECTS.append((event, args))


sys.addaudithook(_hook)  # audit hooks stay for the process: this one only records


def test_the_lint_never_opens_a_connection() -> None:
    _WATCHING[0] = True
    try:
        Runner.of(Settings(project_root=str(EXAMPLES)), [str(EXAMPLES)]).lint()
    finally:
        _WATCHING[0] = False
    assert _CONNECTS == []
    assert "urllib3" not in sys.modules or "citelint.commands.fetch.http" in sys.modules
    _WATCHING[0] = True  # the hook does see a connection when one is made
    try:
        with socket.socket() as s, pytest.raises(OSError):
            s.connect(("127.0.0.1", 9))
    finally:
        _WATCHING[0] = False
    assert _CONNECTS


def _project(tmp_path: Path, text: str) -> Path:
    (tmp_path / "sources").mkdir()
    (tmp_path / "report.md").write_text(text, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[tool.citelint]\n", encoding="utf-8")
    return tmp_path


def test_the_command_saves_and_exits_0_then_1_when_a_fetch_fails(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    for name, value in _env(replay).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")
    monkeypatch.setattr(run, "intervals", lambda env, configured=None: {})
    monkeypatch.setattr(http, "BACKOFF", 0.0)
    project = _project(
        tmp_path,
        "Median progression-free survival was 4.8 months [1].\n\n## References\n\n"
        "1. Flaherty KT. Improved survival with trametinib. N Engl J Med. 2012. PMID: 2001\n",
    )
    monkeypatch.chdir(project)
    assert cli.main(["fetch", "--dry-run", "."]) == 0
    assert capsys.readouterr().out.endswith("1 source(s) would be fetched\n")
    assert cli.main(["fetch", "."]) == 0
    assert (
        capsys.readouterr().out == "fetched 1, already saved 0, missing 0, failed 0 (1 request)\n"
    )
    assert cli.main(["fetch", "."]) == 0  # a second run says what it found saved
    assert capsys.readouterr().out == (
        "fetched 0, already saved 1, missing 0, failed 0 (0 requests)\n"
    )
    assert cli.main(["--no-cache", "."]) == 0, capsys.readouterr().out
    capsys.readouterr()
    (project / "report.md").write_text(
        f"It ran at 12 sites {replay.base}/down.\n", encoding="utf-8"
    )
    replay.on("/down", (503, {}, b""))
    assert cli.main(["fetch", "."]) == 1
    assert "failed: URL" in capsys.readouterr().out
    assert cli.main(["fetch", "-q", "--exit-zero", "."]) == 0
    assert capsys.readouterr().out == f"failed: URL {replay.base}/down: HTTP 503 after 3 attempts\n"
    assert cli.main(["fetch", "--output-format", "json", "."]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["counts"]["failed"] == 1 and document["exit_code"] == 1
    assert document["sources"] == [
        {
            "root": "sources",
            "source": f"URL {replay.base}/down",
            "outcome": "failed",
            "detail": "HTTP 503 after 3 attempts",
        }
    ]


def test_fetch_has_its_own_help_and_refuses_the_lints_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["fetch", "--help"])
    assert exit.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("usage: citelint fetch ")
    assert "--dry-run" in shown and "--refresh" in shown and "--select" not in shown
    assert cli.main(["fetch", "--select", "CL101", "."]) == 2
    assert "unrecognized arguments: --select" in capsys.readouterr().err


def test_ctrl_c_leaves_whole_files_and_the_index_of_what_was_saved(
    tmp_path: Path, replay: Replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, "Rates were 4.8 months (PMID: 2001) and 3 (PMID: 2002).\n")
    calls = []

    class Interrupting(http.Client):
        def get(self, url: str, accept: str = "") -> http.Response:
            calls.append(url)
            if len(calls) == 2:
                raise KeyboardInterrupt
            return super().get(url, accept)

    from citelint.commands.fetch.plan import wanted_by_root

    wanted = wanted_by_root(Runner.of(Settings(project_root=str(project)), [str(project)]))
    client = Interrupting(default_interval=0, sleep=lambda s: None, allow_private=True)
    with pytest.raises(KeyboardInterrupt):
        run.fetch_all(wanted, client=client, env=_env(replay))
    sources = project / "sources"
    assert sorted(p.name for p in sources.rglob("*") if p.is_file()) == ["2001.xml", "fetched.json"]
    assert (sources / "pubmed/2001.xml").read_bytes() == ARTICLE
    assert '"PMID 2001"' in (sources / "fetched.json").read_text()


def test_a_planted_link_in_the_sources_root_stops_the_fetch_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "p").mkdir()
    project = _project(tmp_path / "p", "Rates were 45% (PMID: 2001).\n")
    outside = tmp_path / "outside.json"
    outside.write_text('{"PMID 2001": {"outcome": "saved"}}', encoding="utf-8")
    (project / "sources" / "fetched.json").symlink_to(outside)
    monkeypatch.chdir(project)
    assert cli.main(["fetch", "--dry-run", "."]) == 2
    err = capsys.readouterr().err
    assert err.startswith("citelint: error: fetch stopped: ") and err.count("\n") == 1


def test_the_services_can_be_configured_and_the_environment_wins(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    replay.on("/configured/efetch.fcgi", xml(ARTICLE))
    project = _project(
        tmp_path, "Median progression-free survival was 4.8 months [pmid:2001:abstract].\n"
    )
    (project / "pyproject.toml").write_text(
        f'[tool.citelint.fetch]\neutils = "{replay.base}/configured"\n'
        '[tool.citelint.fetch.headers]\nAccept-Language = "en"\n',
        encoding="utf-8",
    )
    for service in SERVICES:
        monkeypatch.delenv(service.env, raising=False)
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")
    monkeypatch.setattr(run, "intervals", lambda env, configured=None: {})
    monkeypatch.chdir(project)
    assert cli.main(["fetch", "."]) == 0
    assert replay.asked[0].startswith("/configured/efetch.fcgi?db=pubmed&id=2001")
    monkeypatch.setenv("CITELINT_FETCH_EUTILS", f"{replay.base}/from-env")
    replay.on("/from-env/efetch.fcgi", xml(ARTICLE))
    assert replay.sent[0]["Accept-Language"] == "en"  # `[fetch] headers`, sent
    assert cli.main(["fetch", "--refresh", "--header", "Accept-Language: de", "."]) == 0
    assert replay.asked[-1].startswith("/from-env/efetch.fcgi")
    assert replay.sent[-1]["Accept-Language"] == "de"  # the command line's wins
    capsys.readouterr()


@pytest.mark.parametrize(
    ("table", "error"),
    [
        (
            'nope = "https://x.org"',
            "unknown key 'tool.citelint.fetch.nope' (services: "
            + ", ".join(sorted(SERVICES_BY_NAME))
            + "; deadline, missing-max-age, skip-urls, accept-status, max-concurrency, max-retries, failed-max-age, headers)",
        ),
        (
            'ctgov = "file:///etc"',
            "'tool.citelint.fetch.ctgov' must be an http or https URL",
        ),
        (
            'headers = {Authorization = "Bearer s3cret"}',
            "'tool.citelint.fetch.headers.Authorization': not sent — citelint writes it "
            "itself, or it is a credential, which would go to every host the reports cite",
        ),
        (
            'headers = {X-Api-Key = "k"}',
            "'tool.citelint.fetch.headers.X-Api-Key': not sent",
        ),
        (
            'headers = {"Bad Name" = "x"}',
            "'tool.citelint.fetch.headers.Bad Name': not a header name",
        ),
        (
            'headers = {Accept-Language = "en\\r\\nHost: evil"}',
            "'tool.citelint.fetch.headers.Accept-Language' must be text on one line, at most 1000 characters",
        ),
        (
            'headers = {Accept-Language = "' + "x" * 1001 + '"}',
            "'tool.citelint.fetch.headers.Accept-Language' must be text on one line",
        ),
    ],
)
def test_a_bad_fetch_table_is_a_one_line_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    table: str,
    error: str,
) -> None:
    project = _project(tmp_path, "Text.\n")
    (project / "pyproject.toml").write_text(f"[tool.citelint.fetch]\n{table}\n", encoding="utf-8")
    monkeypatch.chdir(project)
    assert cli.main(["fetch", "--dry-run", "."]) == 2
    assert error in capsys.readouterr().err
